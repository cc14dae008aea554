//! The DAT container (`dat-format-spec.md` §2): header at 0x140, block chains, B-tree
//! directory. [`DatArchive`] reads; [`DatWriter`] builds.
//!
//! The reader never trusts the file: every block must lie wholly inside the file, chains and
//! tree walks are bounded and detect revisits, and no size or count read from the file is
//! used to allocate before it has been checked against the file length.

mod writer;

pub use writer::DatWriter;

use std::collections::BTreeSet;
use std::ops::RangeInclusive;
use std::path::Path;

use crate::error::{DatError, DatErrorKind};
use crate::records::DatRecord;

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
/// Leaf marker DRW writes into unused branch slots; accepted as "no child" (spec §2.5).
pub const DRW_FILL: u32 = 0xCDCD_CDCD;
/// Entry flags bit: compressed (never written; rejected on read like ACE).
pub const FLAG_COMPRESSED: u32 = 0x1;
/// Deepest tree accepted (a 62-way tree of depth 12 holds far more than 2^32 ids).
pub const MAX_DEPTH: usize = 12;

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
    /// First block of the root node (0 = empty tree).
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
    fn parse(b: &[u8]) -> Self {
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
    fn parse(b: &[u8]) -> Self {
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

/// A decoded B-tree node.
#[derive(Debug, Clone)]
struct Node {
    offset: u32,
    branches: [u32; BRANCHES],
    entries: Vec<DirEntry>,
}

impl Node {
    fn is_leaf(&self) -> bool {
        self.branches[0] == 0 || self.branches[0] == DRW_FILL
    }
}

enum Storage {
    Mapped(memmap2::Mmap),
    Owned(Vec<u8>),
}

/// A read-only portal DAT, memory-mapped or held in memory.
///
/// Lookups descend the B-tree; [`DatArchive::entries_in_range`] walks it in order with
/// pruning. Nothing is cached: the directory is never loaded into a map.
pub struct DatArchive {
    data: Storage,
    header: DatHeader,
}

impl std::fmt::Debug for DatArchive {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DatArchive")
            .field("len", &self.bytes().len())
            .field("header", &self.header)
            .finish()
    }
}

impl DatArchive {
    /// Memory-maps `path` and validates its header.
    pub fn open(path: impl AsRef<Path>) -> Result<Self, DatError> {
        let path = path.as_ref();
        let io = |source| {
            DatError::new(
                None,
                0,
                DatErrorKind::Io {
                    path: path.display().to_string(),
                    source,
                },
            )
        };
        let file = std::fs::File::open(path).map_err(io)?;
        let map = map_file(&file).map_err(io)?;
        Self::from_storage(Storage::Mapped(map))
    }

    /// Uses an in-memory DAT image (e.g. one just built by [`DatWriter`]).
    pub fn from_vec(bytes: Vec<u8>) -> Result<Self, DatError> {
        Self::from_storage(Storage::Owned(bytes))
    }

    /// Copies a DAT image from a byte slice.
    pub fn from_slice(bytes: &[u8]) -> Result<Self, DatError> {
        Self::from_vec(bytes.to_vec())
    }

    fn from_storage(data: Storage) -> Result<Self, DatError> {
        let bytes: &[u8] = match &data {
            Storage::Mapped(m) => m,
            Storage::Owned(v) => v,
        };
        if bytes.len() < HEADER_END {
            return Err(DatError::new(
                None,
                0,
                DatErrorKind::TooShort {
                    len: bytes.len() as u64,
                    needed: HEADER_END as u64,
                },
            ));
        }
        let header = DatHeader::parse(bytes);
        if header.magic != MAGIC {
            return Err(DatError::new(
                None,
                HEADER_OFFSET as u64,
                DatErrorKind::BadMagic(header.magic),
            ));
        }
        if !(16..=1 << 20).contains(&header.block_size) {
            return Err(DatError::new(
                None,
                HEADER_OFFSET as u64 + 4,
                DatErrorKind::BadBlockSize(header.block_size),
            ));
        }
        Ok(Self { data, header })
    }

    /// The whole file.
    pub fn bytes(&self) -> &[u8] {
        match &self.data {
            Storage::Mapped(m) => m,
            Storage::Owned(v) => v,
        }
    }

    /// The header.
    pub fn header(&self) -> &DatHeader {
        &self.header
    }

    fn len(&self) -> u64 {
        self.bytes().len() as u64
    }

    /// Checks that the block at `block` lies wholly inside the file.
    fn check_block(&self, file_id: Option<u32>, from: u64, block: u32) -> Result<usize, DatError> {
        if block & 0x8000_0000 != 0 {
            return Err(DatError::new(
                file_id,
                from,
                DatErrorKind::FreeBlockInChain(block),
            ));
        }
        let bs = u64::from(self.header.block_size);
        let start = u64::from(block);
        if block == 0 || start < HEADER_END as u64 || start + bs > self.len() {
            return Err(DatError::new(
                file_id,
                from,
                DatErrorKind::BlockOutOfBounds {
                    block: start,
                    file_len: self.len(),
                },
            ));
        }
        Ok(block as usize)
    }

    /// Reads `size` bytes through the block chain starting at `first` (spec §2.3).
    fn read_chain(&self, file_id: Option<u32>, first: u32, size: u32) -> Result<Vec<u8>, DatError> {
        let bs = self.header.block_size as usize;
        let payload = bs - 4;
        let size_u = size as usize;
        let capacity = (self.len() / bs as u64) * payload as u64;
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
        let data = self.bytes();
        let needed_blocks = size_u.div_ceil(payload);
        let mut seen: BTreeSet<u32> = BTreeSet::new();
        let mut block = first;
        let mut from = u64::from(first);
        loop {
            let at = self.check_block(file_id, from, block)?;
            if needed_blocks > 1 && !seen.insert(block) {
                return Err(DatError::new(
                    file_id,
                    from,
                    DatErrorKind::ChainCycle(block),
                ));
            }
            let take = (size_u - out.len()).min(payload);
            out.extend_from_slice(&data[at + 4..at + 4 + take]);
            if out.len() == size_u {
                return Ok(out);
            }
            let next = u32::from_le_bytes([data[at], data[at + 1], data[at + 2], data[at + 3]]);
            if next == 0 {
                return Err(DatError::new(
                    file_id,
                    u64::from(block),
                    DatErrorKind::ChainTooShort {
                        missing: (size_u - out.len()) as u64,
                        size: u64::from(size),
                    },
                ));
            }
            from = u64::from(block);
            block = next;
        }
    }

    fn read_node(&self, offset: u32) -> Result<Node, DatError> {
        let raw = self.read_chain(None, offset, NODE_SIZE as u32)?;
        let u = |o: usize| u32::from_le_bytes([raw[o], raw[o + 1], raw[o + 2], raw[o + 3]]);
        let mut branches = [0u32; BRANCHES];
        for (i, b) in branches.iter_mut().enumerate() {
            *b = u(4 * i);
        }
        let count = u(0xF8);
        if count as usize > MAX_ENTRIES {
            return Err(DatError::new(
                None,
                u64::from(offset),
                DatErrorKind::BadEntryCount(count),
            ));
        }
        let entries = (0..count as usize)
            .map(|i| {
                let o = 0xFC + ENTRY_SIZE * i;
                DirEntry::parse(&raw[o..o + ENTRY_SIZE])
            })
            .collect();
        Ok(Node {
            offset,
            branches,
            entries,
        })
    }

    /// Looks `id` up by descending the B-tree (spec §2.6).
    pub fn entry(&self, id: u32) -> Result<Option<DirEntry>, DatError> {
        let mut node_off = self.header.btree_root;
        if node_off == 0 {
            return Ok(None);
        }
        let mut path: Vec<u32> = Vec::new();
        loop {
            if path.contains(&node_off) {
                return Err(DatError::new(
                    Some(id),
                    u64::from(node_off),
                    DatErrorKind::TreeCycle(node_off),
                ));
            }
            if path.len() >= MAX_DEPTH {
                return Err(DatError::new(
                    Some(id),
                    u64::from(node_off),
                    DatErrorKind::TreeTooDeep(MAX_DEPTH),
                ));
            }
            path.push(node_off);
            let node = self.read_node(node_off).map_err(|e| e.or_file_id(id))?;
            let i = node.entries.partition_point(|e| e.id < id);
            if let Some(e) = node.entries.get(i)
                && e.id == id
            {
                return Ok(Some(*e));
            }
            if node.is_leaf() {
                return Ok(None);
            }
            let child = node.branches[i];
            if child == 0 || child == DRW_FILL {
                return Ok(None);
            }
            node_off = child;
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
            .ok_or_else(|| DatError::new(Some(id), 0, DatErrorKind::NotFound))?;
        self.entry_bytes(&entry)
    }

    /// Reads and decodes record `id` as `T`.
    pub fn read<T: DatRecord>(&self, id: u32) -> Result<T, DatError> {
        let entry = self
            .entry(id)?
            .ok_or_else(|| DatError::new(Some(id), 0, DatErrorKind::NotFound))?;
        self.read_entry(&entry)
    }

    /// Decodes the record of a directory entry as `T`.
    pub fn read_entry<T: DatRecord>(&self, entry: &DirEntry) -> Result<T, DatError> {
        let bytes = self.entry_bytes(entry)?;
        T::parse(&bytes)
            .map_err(|e| DatError::new(Some(entry.id), u64::from(entry.offset), e.into()))
    }

    /// In-order iterator over the directory entries with ids in `range` (inclusive), pruning
    /// subtrees outside it (spec §2.7). Errors are yielded once, then iteration stops.
    pub fn entries_in_range(&self, range: RangeInclusive<u32>) -> EntryIter<'_> {
        let mut it = EntryIter {
            dat: self,
            min: *range.start(),
            max: *range.end(),
            stack: Vec::new(),
            visited: BTreeSet::new(),
            last: None,
            done: false,
            pending_error: None,
        };
        let root = self.header.btree_root;
        if root != 0 && range.start() <= range.end() {
            it.push(root);
        }
        it
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

#[allow(unsafe_code)]
fn map_file(file: &std::fs::File) -> std::io::Result<memmap2::Mmap> {
    // SAFETY: the map is read-only and private to this process; the reader never trusts its
    // contents (every access is bounds-checked). If another process truncates the file while
    // it is mapped, reads could fault — the same contract every memory-mapped reader has.
    // Mapping is needed because retail portal DATs are close to a gigabyte.
    unsafe { memmap2::Mmap::map(file) }
}

struct Level {
    node: Node,
    /// Next entry index to consider.
    i: usize,
    /// Whether child `i` has already been visited.
    child_done: bool,
    /// An entry above the range was met: finish this node after its left child.
    stop: bool,
}

/// In-order, range-pruned B-tree walk returned by [`DatArchive::entries_in_range`].
pub struct EntryIter<'a> {
    dat: &'a DatArchive,
    min: u32,
    max: u32,
    stack: Vec<Level>,
    visited: BTreeSet<u32>,
    last: Option<u32>,
    done: bool,
    pending_error: Option<DatError>,
}

impl EntryIter<'_> {
    fn push(&mut self, offset: u32) {
        if offset == 0 || offset == DRW_FILL {
            return; // a missing child is skipped (HB behaviour)
        }
        if !self.visited.insert(offset) {
            self.pending_error = Some(DatError::new(
                None,
                u64::from(offset),
                DatErrorKind::TreeCycle(offset),
            ));
            return;
        }
        if self.stack.len() >= MAX_DEPTH {
            self.pending_error = Some(DatError::new(
                None,
                u64::from(offset),
                DatErrorKind::TreeTooDeep(MAX_DEPTH),
            ));
            return;
        }
        match self.dat.read_node(offset) {
            Ok(node) => self.stack.push(Level {
                node,
                i: 0,
                child_done: false,
                stop: false,
            }),
            Err(e) => self.pending_error = Some(e),
        }
    }
}

impl Iterator for EntryIter<'_> {
    type Item = Result<DirEntry, DatError>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if self.done {
                return None;
            }
            if let Some(e) = self.pending_error.take() {
                self.done = true;
                return Some(Err(e));
            }
            let (min, max) = (self.min, self.max);
            let top = self.stack.last_mut()?;
            let count = top.node.entries.len();
            let leaf = top.node.is_leaf();
            if top.stop || top.i > count {
                self.stack.pop();
                continue;
            }
            if top.i == count {
                top.i += 1;
                if !leaf {
                    let child = top.node.branches[count];
                    self.push(child);
                }
                continue;
            }
            let e = top.node.entries[top.i];
            if e.id < min {
                top.i += 1;
                continue;
            }
            if !top.child_done {
                top.child_done = true;
                if !leaf {
                    let child = top.node.branches[top.i];
                    self.push(child);
                    continue;
                }
            }
            if e.id > max {
                top.stop = true;
                continue;
            }
            top.i += 1;
            top.child_done = false;
            let node_off = top.node.offset;
            if let Some(prev) = self.last
                && prev >= e.id
            {
                self.done = true;
                return Some(Err(DatError::new(
                    Some(e.id),
                    u64::from(node_off),
                    DatErrorKind::TreeOutOfOrder { prev, next: e.id },
                )));
            }
            self.last = Some(e.id);
            return Some(Ok(e));
        }
    }
}
