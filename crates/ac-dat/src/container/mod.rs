//! The DAT container: header at 0x140, block chains, B-tree
//! directory. [`DatArchive`] reads; [`DatWriter`] builds.
//!
//! The reader never trusts the file: the header must describe the file it is in, every block
//! must lie wholly inside the file, chains and tree walks are bounded and detect revisits,
//! every node's ids must be in order, and no size or count read from the file is used to
//! allocate before it has been checked against the file length.
//!
//! # Opening a DAT
//!
//! | constructor | reads by | memory | if the file changes while open |
//! |---|---|---|---|
//! | [`DatArchive::open`] (default) | positional reads (`pread`) | a few cached nodes | typed errors ([`DatErrorKind::Truncated`]) |
//! | [`DatArchive::open_in_memory`] | one read of the whole file | the file's size | not affected |
//! | [`DatArchive::open_mapped`] (`unsafe`) | a memory map | shared page cache | **the process may die (SIGBUS)** |
//! | [`DatArchive::from_vec`] / [`DatArchive::from_slice`] | an image already in memory | its size | — |

mod header;
mod storage;
mod tree;
mod writer;

pub use header::DatHeader;
pub use tree::EntryIter;
pub use writer::DatWriter;

use std::collections::BTreeSet;
use std::ops::RangeInclusive;
use std::path::{Path, PathBuf};

use crate::error::{DatError, DatErrorKind};
use crate::records::DatRecord;
use storage::Storage;
use tree::NodeCache;

/// Absolute offset of the `DiskFileInfo_t` header.
pub const HEADER_OFFSET: usize = 0x140;
/// End of the 400-byte disk header block.
pub const HEADER_END: usize = 0x190;
/// The header magic ("BT").
pub const MAGIC: u32 = 0x5442;
/// Logical size of a B-tree node.
pub const NODE_SIZE: usize = 1716;
/// Maximum entries per node (B-tree degree 31).
pub const MAX_ENTRIES: usize = 61;
/// Branch slots per node.
pub const BRANCHES: usize = 62;
/// Size of a directory entry.
pub const ENTRY_SIZE: usize = 24;
/// Leaf marker DRW writes into unused branch slots; accepted as "no child".
pub const DRW_FILL: u32 = 0xCDCD_CDCD;
/// Entry flags bit: compressed (never written; rejected on read like ACE).
pub const FLAG_COMPRESSED: u32 = 0x1;
/// Deepest tree accepted (a 62-way tree of depth 12 holds far more than 2^32 ids).
pub const MAX_DEPTH: usize = 12;

/// One directory entry (`BTEntry`, 24 bytes).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DirEntry {
    /// Flags word: bits 0–15 flags (bit 0 compressed), bits 16–31 the record format version.
    pub flags: u32,
    /// File id (the key, compared unsigned).
    pub id: u32,
    /// Absolute offset of the first block of the file's data.
    pub offset: u32,
    /// Stored length in bytes.
    pub size: u32,
    /// Unix seconds.
    pub date: u32,
    /// Patch iteration.
    pub iteration: u32,
}

impl DirEntry {
    pub(super) fn parse(b: &[u8]) -> Self {
        let u = |i: usize| u32::from_le_bytes([b[4 * i], b[4 * i + 1], b[4 * i + 2], b[4 * i + 3]]);
        Self {
            flags: u(0),
            id: u(1),
            offset: u(2),
            size: u(3),
            date: u(4),
            iteration: u(5),
        }
    }

    pub(crate) fn write(&self, out: &mut [u8]) {
        for (i, w) in [
            self.flags,
            self.id,
            self.offset,
            self.size,
            self.date,
            self.iteration,
        ]
        .iter()
        .enumerate()
        {
            out[4 * i..4 * i + 4].copy_from_slice(&w.to_le_bytes());
        }
    }

    /// The record format version (`ver_`, high half of the flags word).
    pub fn version(&self) -> u16 {
        (self.flags >> 16) as u16
    }
}

/// A read-only portal DAT.
///
/// Lookups descend the B-tree; [`DatArchive::entries_in_range`] walks it in order with
/// pruning. Only a few decoded directory nodes are cached; records are read when asked for.
/// `Sync`: one archive can serve many threads.
pub struct DatArchive {
    storage: Storage,
    /// The file's length when it was opened.
    len: u64,
    header: DatHeader,
    preamble: [u8; HEADER_OFFSET],
    path: Option<PathBuf>,
    nodes: NodeCache,
}

impl std::fmt::Debug for DatArchive {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mode = match &self.storage {
            Storage::File(_) => "positional reads",
            Storage::Mapped(_) => "memory-mapped",
            Storage::Owned(_) => "in memory",
        };
        f.debug_struct("DatArchive")
            .field("path", &self.path)
            .field("mode", &mode)
            .field("len", &self.len)
            .field("header", &self.header)
            .finish()
    }
}

impl DatArchive {
    /// Opens `path` for positional reads and validates its header: the default way to open a
    /// DAT.
    ///
    /// Nothing is mapped and nothing but a few directory nodes is cached, so a retail-sized
    /// file costs little memory, and if another program truncates or rewrites the file while
    /// it is open, reads fail with a typed error ([`DatErrorKind::Truncated`] or a record
    /// error) instead of the process dying.
    pub fn open(path: impl AsRef<Path>) -> Result<Self, DatError> {
        let path = path.as_ref();
        let (file, len) = storage::open_file(path)?;
        Self::from_storage(Storage::File(file), len, Some(path))
    }

    /// Reads the whole of `path` into memory and validates its header. Costs the file's size
    /// in memory; afterwards reads are memory copies and the file may change freely.
    pub fn open_in_memory(path: impl AsRef<Path>) -> Result<Self, DatError> {
        let path = path.as_ref();
        let (file, len) = storage::open_file(path)?;
        let bytes = storage::read_all(file, len, path)?;
        let len = bytes.len() as u64;
        Self::from_storage(Storage::Owned(bytes), len, Some(path))
    }

    /// Memory-maps `path` read-only and validates its header.
    ///
    /// # Safety
    ///
    /// The file must not be truncated or modified, by this or any other process, while the
    /// archive (or anything borrowing from it) lives. A mapped page whose file bytes have gone
    /// is not an error the reader can catch: the operating system kills the process (SIGBUS on
    /// Unix). Another program patching the DAT, or a copy still in progress, is enough. Prefer
    /// [`DatArchive::open`] unless you control the file and have measured a gain.
    #[allow(unsafe_code)]
    pub unsafe fn open_mapped(path: impl AsRef<Path>) -> Result<Self, DatError> {
        let path = path.as_ref();
        let (file, _) = storage::open_file(path)?;
        // SAFETY: forwarded to the caller (this function's contract).
        let map = unsafe { storage::map_file(&file, path) }?;
        let len = map.len() as u64;
        Self::from_storage(Storage::Mapped(map), len, Some(path))
    }

    /// Uses an in-memory DAT image (e.g. one just built by [`DatWriter`]).
    pub fn from_vec(bytes: Vec<u8>) -> Result<Self, DatError> {
        let len = bytes.len() as u64;
        Self::from_storage(Storage::Owned(bytes), len, None)
    }

    /// Copies a DAT image from a byte slice.
    pub fn from_slice(bytes: &[u8]) -> Result<Self, DatError> {
        Self::from_vec(bytes.to_vec())
    }

    fn from_storage(storage: Storage, len: u64, path: Option<&Path>) -> Result<Self, DatError> {
        let with_path = |e: DatError| match path {
            Some(p) => e.with_path(p),
            None => e,
        };
        if len < HEADER_END as u64 {
            return Err(with_path(DatError::whole_file(DatErrorKind::TooShort {
                len,
                needed: HEADER_END as u64,
            })));
        }
        let head = storage.read_at(0, HEADER_END).map_err(with_path)?;
        let header = DatHeader::parse(&head);
        let mut preamble = [0u8; HEADER_OFFSET];
        preamble.copy_from_slice(&head[..HEADER_OFFSET]);
        drop(head);
        header.validate(len).map_err(with_path)?;
        let dat = Self {
            storage,
            len,
            header,
            preamble,
            path: path.map(Path::to_path_buf),
            nodes: NodeCache::default(),
        };
        dat.check_block(None, HEADER_OFFSET as u64 + 0x20, dat.header.btree_root)
            .map_err(with_path)?;
        Ok(dat)
    }

    /// The header.
    pub fn header(&self) -> &DatHeader {
        &self.header
    }

    /// The file's first 0x140 bytes (version string and transaction journal), which
    /// [`DatWriter::like`] copies.
    pub fn preamble(&self) -> &[u8; HEADER_OFFSET] {
        &self.preamble
    }

    /// The path the archive was opened from, if any.
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// The file's length in bytes (when it was opened).
    pub fn len(&self) -> u64 {
        self.len
    }

    /// Whether the file is empty (never true for an archive that opened).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The most bytes the file's blocks can hold: every whole block's payload. Files that do
    /// not share blocks cannot claim more than this in all.
    pub fn capacity(&self) -> u64 {
        let bs = u64::from(self.header.block_size);
        (self.len / bs) * (bs - 4)
    }

    /// Checks that `entries` could all be stored without sharing blocks: their sizes must not
    /// add up to more than [`DatArchive::capacity`]. A caller about to read many entries (a
    /// sweep, a preload) calls this first, so that a directory whose entries point into one
    /// shared chain costs an error instead of time proportional to entries × chain length.
    pub fn check_total_size<'a>(
        &self,
        entries: impl IntoIterator<Item = &'a DirEntry>,
    ) -> Result<u64, DatError> {
        let mut claimed = 0u64;
        let mut n = 0usize;
        for e in entries {
            claimed += u64::from(e.size);
            n += 1;
        }
        let capacity = self.capacity();
        if claimed > capacity {
            return Err(DatError::whole_file(DatErrorKind::Overcommitted {
                entries: n,
                claimed,
                capacity,
            }));
        }
        Ok(claimed)
    }

    /// Checks that the block at `block` lies wholly inside the file.
    fn check_block(&self, file_id: Option<u32>, from: u64, block: u32) -> Result<u64, DatError> {
        if block & 0x8000_0000 != 0 {
            return Err(DatError::new(
                file_id,
                from,
                DatErrorKind::FreeBlockInChain(block),
            ));
        }
        let bs = u64::from(self.header.block_size);
        let start = u64::from(block);
        if block == 0 || start < HEADER_END as u64 || start + bs > self.len {
            return Err(DatError::new(
                file_id,
                from,
                DatErrorKind::BlockOutOfBounds {
                    block: start,
                    file_len: self.len,
                },
            ));
        }
        Ok(start)
    }

    /// Reads `size` bytes through the block chain starting at `first`.
    ///
    /// Chains are read a span of consecutive blocks at a time: one read when the chain is
    /// contiguous (as writers lay it out), and spans that start at one block and double while
    /// the chain stays contiguous after a jump, so a fragmented chain costs at most about twice
    /// its size.
    fn read_chain(&self, file_id: Option<u32>, first: u32, size: u32) -> Result<Vec<u8>, DatError> {
        let bs = self.header.block_size as usize;
        let payload = bs - 4;
        let size_u = size as usize;
        let capacity = self.capacity();
        if u64::from(size) > capacity {
            return Err(DatError::new(
                file_id,
                u64::from(first),
                DatErrorKind::SizeTooLarge {
                    size: u64::from(size),
                    capacity,
                },
            ));
        }
        let mut out = Vec::with_capacity(size_u);
        if size == 0 {
            return Ok(out);
        }
        let needed_blocks = size_u.div_ceil(payload);
        let mut seen = (needed_blocks > 1).then(Visited::default);
        let mut block = first;
        let mut from = u64::from(first);
        let mut span_blocks = needed_blocks;
        loop {
            let start = self.check_block(file_id, from, block)?;
            if let Some(seen) = &mut seen
                && !seen.insert(block)
            {
                return Err(DatError::new(
                    file_id,
                    from,
                    DatErrorKind::ChainCycle(block),
                ));
            }
            let left = (size_u - out.len()).div_ceil(payload);
            let fit = ((self.len - start) / bs as u64) as usize;
            let n = if self.storage.in_memory() {
                left
            } else {
                span_blocks.min(left)
            }
            .min(fit);
            let span = self
                .storage
                .read_at(start, n * bs)
                .map_err(|e| match file_id {
                    Some(id) => e.or_file_id(id),
                    None => e,
                })?;
            let mut j = 0;
            let next = loop {
                let at = j * bs;
                let take = (size_u - out.len()).min(payload);
                out.extend_from_slice(&span[at + 4..at + 4 + take]);
                if out.len() == size_u {
                    return Ok(out);
                }
                let next = u32::from_le_bytes([span[at], span[at + 1], span[at + 2], span[at + 3]]);
                let here = block;
                if next == 0 {
                    return Err(DatError::new(
                        file_id,
                        u64::from(here),
                        DatErrorKind::ChainTooShort {
                            missing: (size_u - out.len()) as u64,
                            size: u64::from(size),
                        },
                    ));
                }
                from = u64::from(here);
                block = next;
                j += 1;
                let contiguous = u64::from(next) == start + (j * bs) as u64;
                if !(contiguous && j < n) {
                    break next;
                }
                if let Some(seen) = &mut seen
                    && !seen.insert(next)
                {
                    return Err(DatError::new(file_id, from, DatErrorKind::ChainCycle(next)));
                }
            };
            // Whole span used: the chain is contiguous here, read further ahead next time.
            span_blocks = if j == n { n.saturating_mul(2) } else { 1 };
            debug_assert_eq!(next, block);
        }
    }

    /// The stored bytes of a directory entry.
    pub fn entry_bytes(&self, entry: &DirEntry) -> Result<Vec<u8>, DatError> {
        if entry.flags & FLAG_COMPRESSED != 0 {
            return Err(DatError::new(
                Some(entry.id),
                u64::from(entry.offset),
                DatErrorKind::Compressed(entry.flags),
            ));
        }
        self.read_chain(Some(entry.id), entry.offset, entry.size)
    }

    /// The stored bytes of file `id` (`NotFound` if absent).
    pub fn file_bytes(&self, id: u32) -> Result<Vec<u8>, DatError> {
        let entry = self
            .entry(id)?
            .ok_or_else(|| DatError::for_id(id, DatErrorKind::NotFound))?;
        self.entry_bytes(&entry)
    }

    /// Reads and decodes record `id` as `T`.
    pub fn read<T: DatRecord>(&self, id: u32) -> Result<T, DatError> {
        let entry = self
            .entry(id)?
            .ok_or_else(|| DatError::for_id(id, DatErrorKind::NotFound))?;
        self.read_entry(&entry)
    }

    /// Decodes the record of a directory entry as `T`. The record's own id (its first four
    /// bytes) must be the entry's: a mismatch means the directory points at another file's
    /// data ([`DatErrorKind::IdMismatch`]).
    pub fn read_entry<T: DatRecord>(&self, entry: &DirEntry) -> Result<T, DatError> {
        let bytes = self.entry_bytes(entry)?;
        if let Some(head) = bytes.get(..4) {
            let record = u32::from_le_bytes([head[0], head[1], head[2], head[3]]);
            if record != entry.id {
                return Err(DatError::new(
                    Some(entry.id),
                    u64::from(entry.offset),
                    DatErrorKind::IdMismatch {
                        directory: entry.id,
                        record,
                    },
                ));
            }
        }
        T::parse(&bytes)
            .map_err(|e| DatError::new(Some(entry.id), u64::from(entry.offset), e.into()))
    }

    /// In-order iterator over the directory entries with ids in `range` (inclusive), pruning
    /// subtrees outside it. Errors are yielded once, then iteration stops.
    pub fn entries_in_range(&self, range: RangeInclusive<u32>) -> EntryIter<'_> {
        EntryIter::new(self, range)
    }

    /// Every directory entry, in id order.
    pub fn entries(&self) -> EntryIter<'_> {
        self.entries_in_range(0..=u32::MAX)
    }

    /// Reads and decodes motion table `id` (shorthand for `read::<MotionTable>`).
    pub fn read_motion_table(&self, id: u32) -> Result<crate::MotionTable, DatError> {
        self.read(id)
    }

    /// Reads and decodes animation `id`.
    pub fn read_animation(&self, id: u32) -> Result<crate::Animation, DatError> {
        self.read(id)
    }

    /// Reads and decodes setup `id`.
    pub fn read_setup(&self, id: u32) -> Result<crate::Setup, DatError> {
        self.read(id)
    }

    /// Ids of every motion table (0x09000000..=0x0900FFFF), in order.
    pub fn motion_table_ids(&self) -> Result<Vec<u32>, DatError> {
        self.entries_of::<crate::MotionTable>()
            .map(|e| e.map(|e| e.id))
            .collect()
    }

    /// Entries of one record type (its id range), in id order.
    pub fn entries_of<T: DatRecord>(&self) -> EntryIter<'_> {
        self.entries_in_range(T::ID_RANGE)
    }
}

/// Blocks a chain has visited: a sorted list while the chain only moves forward (the usual
/// layout, where no revisit is possible and membership is a binary search), a set after the
/// first backward step.
enum Visited {
    Forward(Vec<u32>),
    Any(BTreeSet<u32>),
}

impl Default for Visited {
    fn default() -> Self {
        Visited::Forward(Vec::new())
    }
}

impl Visited {
    /// Records `block`; false if it was already visited.
    fn insert(&mut self, block: u32) -> bool {
        match self {
            Visited::Forward(v) => {
                if v.last().is_none_or(|&l| l < block) {
                    v.push(block);
                    return true;
                }
                if v.binary_search(&block).is_ok() {
                    return false;
                }
                let mut set: BTreeSet<u32> = v.iter().copied().collect();
                set.insert(block);
                *self = Visited::Any(set);
                true
            }
            Visited::Any(s) => s.insert(block),
        }
    }
}
