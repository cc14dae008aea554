//! The disk header (`DiskFileInfo_t`) and the checks made on it when a DAT is
//! opened.

use super::{HEADER_END, HEADER_OFFSET, MAGIC};
use crate::error::{DatError, DatErrorKind, TruncatedPart};

/// The 80-byte `DiskFileInfo_t` header at 0x140.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DatHeader {
    /// Must be 0x5442.
    pub magic: u32,
    /// 1024 for portal, 256 for cell.
    pub block_size: u32,
    /// File length as recorded in the header.
    pub file_size: u32,
    /// 1 = Portal, 2 = Cell, 3 = Local.
    pub data_set: u32,
    /// Portal 0.
    pub data_subset: u32,
    /// First free block (0 if none).
    pub free_head: u32,
    /// Last free block (0 if none).
    pub free_tail: u32,
    /// Number of free blocks.
    pub free_count: u32,
    /// First block of the root node (never 0 in a DAT this crate opens).
    pub btree_root: u32,
    /// LRU bookkeeping, unused.
    pub new_lru: u32,
    /// LRU bookkeeping, unused.
    pub old_lru: u32,
    /// LRU flag, unused.
    pub use_lru: u32,
    /// Master map id (retail portal 0x25000000).
    pub master_map_id: u32,
    /// Engine pack version (retail portal 110).
    pub engine_pack_version: u32,
    /// Game pack version (always 0).
    pub game_pack_version: u32,
    /// Opaque 16-byte major version.
    pub major_version: [u8; 16],
    /// Minor version (retail 6657).
    pub minor_version: u32,
}

impl DatHeader {
    pub(super) fn parse(b: &[u8]) -> Self {
        let u = |i: usize| {
            let o = HEADER_OFFSET + 4 * i;
            u32::from_le_bytes([b[o], b[o + 1], b[o + 2], b[o + 3]])
        };
        let mut major_version = [0u8; 16];
        major_version.copy_from_slice(&b[0x17C..0x18C]);
        Self {
            magic: u(0),
            block_size: u(1),
            file_size: u(2),
            data_set: u(3),
            data_subset: u(4),
            free_head: u(5),
            free_tail: u(6),
            free_count: u(7),
            btree_root: u(8),
            new_lru: u(9),
            old_lru: u(10),
            use_lru: u(11),
            master_map_id: u(12),
            engine_pack_version: u(13),
            game_pack_version: u(14),
            major_version,
            minor_version: u(19),
        }
    }

    pub(crate) fn write(&self, out: &mut [u8]) {
        let words = [
            self.magic,
            self.block_size,
            self.file_size,
            self.data_set,
            self.data_subset,
            self.free_head,
            self.free_tail,
            self.free_count,
            self.btree_root,
            self.new_lru,
            self.old_lru,
            self.use_lru,
            self.master_map_id,
            self.engine_pack_version,
            self.game_pack_version,
        ];
        for (i, w) in words.iter().enumerate() {
            let o = HEADER_OFFSET + 4 * i;
            out[o..o + 4].copy_from_slice(&w.to_le_bytes());
        }
        out[0x17C..0x18C].copy_from_slice(&self.major_version);
        out[0x18C..0x190].copy_from_slice(&self.minor_version.to_le_bytes());
    }
}

impl DatHeader {
    /// Checks the header against the file it came from (`len` bytes): magic, block size,
    /// `file_size`, the free-list fields and the B-tree root. Each failure names the header
    /// field's offset.
    pub(super) fn validate(&self, len: u64) -> Result<(), DatError> {
        let at = |field: u64, kind| Err(DatError::new(None, HEADER_OFFSET as u64 + field, kind));
        if self.magic != MAGIC {
            return at(0, DatErrorKind::BadMagic(self.magic));
        }
        if !(16..=1 << 20).contains(&self.block_size) {
            return at(4, DatErrorKind::BadBlockSize(self.block_size));
        }
        let file_size = u64::from(self.file_size);
        if file_size > len {
            return at(
                8,
                DatErrorKind::Truncated {
                    file_len: len,
                    what: TruncatedPart::Header,
                    needed: file_size,
                },
            );
        }
        if file_size < len {
            return at(
                8,
                DatErrorKind::FileSizeMismatch {
                    header: file_size,
                    actual: len,
                },
            );
        }
        let bs = u64::from(self.block_size);
        let blocks = len / bs;
        // A block offset inside the file, or the end of the file (DRW's "no free blocks,
        // append here"). Bit 31 is ignored: it is the free-chain tag, not part of the offset.
        let fits = |o: u32| {
            let o = u64::from(o & 0x7FFF_FFFF);
            o == 0 || o == len || (o >= HEADER_END as u64 && o + bs <= len)
        };
        let ends_set = self.free_head != 0 && self.free_tail != 0;
        if !fits(self.free_head)
            || !fits(self.free_tail)
            || u64::from(self.free_count) > blocks
            || (self.free_count > 0 && !ends_set)
        {
            return at(
                0x14,
                DatErrorKind::BadFreeList {
                    head: self.free_head,
                    tail: self.free_tail,
                    count: self.free_count,
                    blocks,
                },
            );
        }
        if self.btree_root == 0 {
            return at(0x20, DatErrorKind::NoDirectory);
        }
        Ok(())
    }
}
