//! Error types. Every error names *where* (file id when known, byte offset) and *what*.
//!
//! Two layers: [`RecordError`] for a record's payload (offsets relative to the payload start,
//! the byte holding the record id) and [`DatError`] for the container (absolute offsets in the
//! DAT). A container error that happened while decoding a record wraps the [`RecordError`].

use std::fmt;

/// What was wrong inside a record payload.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum RecordErrorKind {
    /// The payload ended before a field could be read.
    #[error("unexpected end of data (needed {needed} more byte(s))")]
    UnexpectedEof {
        /// Bytes the field needed.
        needed: u64,
    },
    /// A count field promises more elements than the remaining bytes could hold.
    #[error("{what} count {count} needs at least {min_bytes} bytes but only {remaining} remain")]
    CountTooLarge {
        /// Which list the count belongs to.
        what: &'static str,
        /// The count read from the file.
        count: u64,
        /// The minimum number of bytes that many elements occupy.
        min_bytes: u64,
        /// Bytes left in the payload.
        remaining: u64,
    },
    /// Decoding the record would take more heap than its budget (see
    /// [`crate::records::MEMORY_PER_STORED_BYTE`]): a degenerate record, e.g. millions of empty
    /// frames, that would amplify a small file into a large allocation.
    #[error(
        "{what} list of {count} would bring the decoded record to {needed} bytes of memory, over its budget of {budget} for {stored} stored bytes"
    )]
    MemoryBudgetExceeded {
        /// Which list was being allocated.
        what: &'static str,
        /// Its length.
        count: u64,
        /// Heap the record would hold with it.
        needed: u64,
        /// The record's budget.
        budget: u64,
        /// The record's stored size.
        stored: u64,
    },
    /// A padding byte is not zero. Writers pad with zeros; a record whose padding holds data
    /// could not be written back byte for byte, so it is refused rather than silently changed.
    #[error("padding byte is 0x{0:02X}, not zero")]
    NonZeroPadding(u8),
    /// A packed GfxObj id that the canonical packing would not produce (bit 0x4000 of a long
    /// form's high word set, or a long form for a value the short form holds); it could not be
    /// written back byte for byte.
    #[error("packed id words {0:?} are not in canonical form")]
    NonCanonicalPackedId(Vec<u16>),
    /// An animation hook type outside 0..=26 (its payload length is unknown).
    #[error("unknown animation hook type {0}")]
    UnknownHookType(u32),
    /// The record was parsed completely but bytes were left over (ACE requires exact use).
    #[error("{0} trailing byte(s) after the record")]
    TrailingBytes(u64),
    /// A value cannot be represented in the on-disk layout (writer side).
    #[error("cannot encode: {0}")]
    Unencodable(String),
    /// Any other decoding failure reported by binrw.
    #[error("{0}")]
    Other(String),
}

/// A record payload could not be decoded or encoded.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("record {}, payload offset 0x{offset:X}: {kind}", RecordIdDisplay(*record_id))]
pub struct RecordError {
    /// The record's id (0 when not known yet, e.g. fewer than 4 bytes were present).
    pub record_id: u32,
    /// Byte offset inside the payload where decoding stopped.
    pub offset: u64,
    /// What was wrong.
    pub kind: RecordErrorKind,
}

struct RecordIdDisplay(u32);

impl fmt::Display for RecordIdDisplay {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "0x{:08X}", self.0)
    }
}

/// What was wrong in the DAT container.
#[derive(Debug, thiserror::Error)]
pub enum DatErrorKind {
    /// The path does not exist.
    #[error("no such file")]
    NoSuchFile,
    /// The path names a directory.
    #[error("is a directory, not a DAT file")]
    IsDirectory,
    /// The path names something other than a regular file (a device, a pipe, a socket).
    #[error("is not a regular file")]
    NotAFile,
    /// The file could not be opened, mapped or read.
    #[error("cannot {op}: {source}")]
    Io {
        /// What was being done ("open", "read", "map", …).
        op: &'static str,
        /// The operating-system error.
        #[source]
        source: std::io::Error,
    },
    /// The file is shorter than the 0x190-byte disk header.
    #[error("not a portal DAT: the file is {len} bytes, shorter than the {needed}-byte DAT header")]
    TooShort {
        /// Actual length.
        len: u64,
        /// Required length.
        needed: u64,
    },
    /// The header magic is not 0x5442 ("BT").
    #[error("not a portal DAT (bad magic 0x{0:08X}; expected 0x00005442, \"BT\")")]
    BadMagic(u32),
    /// The block size cannot hold a next pointer plus payload, or is absurdly large.
    #[error("unsupported block size {0}")]
    BadBlockSize(u32),
    /// The file is shorter than its header says (a partial copy, or cut while being read).
    #[error("truncated: the file ends at byte {file_len} but {what} needs {needed}")]
    Truncated {
        /// The file's length when the problem was found.
        file_len: u64,
        /// What lies past the end: the header's own size, or a block.
        what: TruncatedPart,
        /// The length the file would need.
        needed: u64,
    },
    /// The header's `file_size` is smaller than the file (bytes appended, or a wrong header).
    #[error("the header says the file is {header} bytes but it is {actual} bytes")]
    FileSizeMismatch {
        /// `file_size` from the header.
        header: u64,
        /// The file's real length.
        actual: u64,
    },
    /// The header's free-list fields cannot describe this file.
    #[error(
        "free list fields inconsistent: head 0x{head:X}, tail 0x{tail:X}, {count} free block(s) in a file of {blocks} block(s)"
    )]
    BadFreeList {
        /// `free_head`.
        head: u32,
        /// `free_tail`.
        tail: u32,
        /// `free_count`.
        count: u32,
        /// Whole blocks in the file.
        blocks: u64,
    },
    /// The header's B-tree root is 0: the file has no directory (this reader's writer always
    /// writes a root node, even for an empty DAT).
    #[error("the B-tree root offset is 0: the file has no directory")]
    NoDirectory,
    /// A block offset does not leave a whole block inside the file.
    #[error("block 0x{block:X} lies outside the file, which ends at byte {file_len}")]
    BlockOutOfBounds {
        /// The block's absolute offset.
        block: u64,
        /// File length.
        file_len: u64,
    },
    /// A block pointer has bit 31 set (a free-list block met inside a data chain).
    #[error("block pointer 0x{0:08X} is tagged as free (bit 31)")]
    FreeBlockInChain(u32),
    /// A block chain came back to a block it had already visited.
    #[error("block chain revisits block 0x{0:X} (cycle)")]
    ChainCycle(u32),
    /// A block chain ended (next = 0) before the record's bytes were all read.
    #[error("block chain ended with {missing} of {size} byte(s) still unread")]
    ChainTooShort {
        /// Bytes still needed.
        missing: u64,
        /// Total record size.
        size: u64,
    },
    /// A directory entry claims more bytes than the file's blocks could hold.
    #[error("record size {size} exceeds what the file can hold ({capacity} bytes)")]
    SizeTooLarge {
        /// Size from the directory entry.
        size: u64,
        /// Upper bound from the file length.
        capacity: u64,
    },
    /// Directory entries together claim more bytes than the file can hold, so some of them
    /// share blocks; reading them all would cost more than the file's size.
    #[error(
        "{entries} directory entries claim {claimed} bytes in all but the file holds at most {capacity}: entries share blocks"
    )]
    Overcommitted {
        /// Number of entries summed.
        entries: usize,
        /// Sum of their sizes.
        claimed: u64,
        /// Upper bound from the file length.
        capacity: u64,
    },
    /// A B-tree node holds more than 61 entries.
    #[error("B-tree node has {0} entries (at most 61)")]
    BadEntryCount(u32),
    /// The slot just past a node's entry count holds an entry that belongs there (in order, in
    /// range, its data in use and starting with its own id): the count was lowered and the
    /// entry would be lost.
    #[error("B-tree node says it has {count} entries but slot {count} holds file 0x{hidden:08X}")]
    HiddenEntry {
        /// The node's entry count.
        count: u32,
        /// The id in the first unused slot.
        hidden: u32,
    },
    /// The B-tree reaches a node twice (cycle or shared subtree).
    #[error("B-tree node 0x{0:X} reached twice (cycle)")]
    TreeCycle(u32),
    /// The B-tree is deeper than any real DAT could be.
    #[error("B-tree deeper than {0} levels")]
    TreeTooDeep(usize),
    /// Ids out of order inside a node, across nodes of an in-order walk, or outside the range
    /// the parent node gives a child (corrupt tree).
    #[error("B-tree ids out of order: 0x{prev:08X} then 0x{next:08X}")]
    TreeOutOfOrder {
        /// The id (or bound) before.
        prev: u32,
        /// The smaller-or-equal id that followed.
        next: u32,
    },
    /// The entry is compressed; this reader (like ACE) does not decompress.
    #[error("entry is compressed (flags word 0x{0:08X}); compressed entries are unsupported")]
    Compressed(u32),
    /// The requested id is not in the directory.
    #[error("id not found in the directory")]
    NotFound,
    /// The record stored under a directory entry names another id.
    #[error(
        "the directory entry is for 0x{directory:08X} but the record says it is 0x{record:08X}"
    )]
    IdMismatch {
        /// The id of the directory entry.
        directory: u32,
        /// The id in the record's first four bytes.
        record: u32,
    },
    /// The record bytes were found but could not be decoded.
    #[error(transparent)]
    Record(#[from] RecordError),
    /// The writer was given inconsistent input.
    #[error("writer: {0}")]
    Writer(String),
}

/// What a truncated file is missing (see [`DatErrorKind::Truncated`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TruncatedPart {
    /// The length the header records (`file_size`).
    Header,
    /// A block at this offset.
    Block(u64),
}

impl fmt::Display for TruncatedPart {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TruncatedPart::Header => f.write_str("its header says it"),
            TruncatedPart::Block(b) => write!(f, "block 0x{b:X}"),
        }
    }
}

/// A container-level error: where (the file's path, the record id, the absolute offset, each
/// when known) and what.
///
/// Displayed as `PATH: file 0xID at DAT offset 0xOFF: what`, leaving out the parts that are not
/// known (an error opening a file has no offset; one in the header has no record id).
#[derive(Debug)]
pub struct DatError {
    /// The DAT's path, when the archive was opened from one and the error concerns the file
    /// as a whole (opening it, its header).
    pub path: Option<std::path::PathBuf>,
    /// The file id being read when the error happened, if any.
    pub file_id: Option<u32>,
    /// Absolute byte offset in the DAT where the problem was found, if it has one.
    pub offset: Option<u64>,
    /// What was wrong.
    pub kind: DatErrorKind,
}

impl fmt::Display for DatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(p) = &self.path {
            write!(f, "{}: ", p.display())?;
        }
        match (self.file_id, self.offset) {
            (Some(id), Some(off)) => write!(f, "file 0x{id:08X} at DAT offset 0x{off:X}: ")?,
            (Some(id), None) => write!(f, "file 0x{id:08X}: ")?,
            (None, Some(off)) => write!(f, "DAT offset 0x{off:X}: ")?,
            (None, None) => {}
        }
        write!(f, "{}", self.kind)
    }
}

impl std::error::Error for DatError {
    // The kind's text (including an I/O error's) is already part of this error's message, so
    // nothing is reported again as a `source`.
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        None
    }
}

impl DatError {
    /// Builds an error at `offset`, optionally naming the file id being read.
    pub fn new(file_id: Option<u32>, offset: u64, kind: DatErrorKind) -> Self {
        Self {
            path: None,
            file_id,
            offset: Some(offset),
            kind,
        }
    }

    /// An error about the file as a whole (no record, no offset).
    pub fn whole_file(kind: DatErrorKind) -> Self {
        Self {
            path: None,
            file_id: None,
            offset: None,
            kind,
        }
    }

    /// An error about record `id` with no meaningful offset (e.g. not in the directory).
    pub fn for_id(id: u32, kind: DatErrorKind) -> Self {
        Self {
            path: None,
            file_id: Some(id),
            offset: None,
            kind,
        }
    }

    /// Names the file id being looked up, if the error did not name one already.
    pub fn or_file_id(mut self, id: u32) -> Self {
        if self.file_id.is_none() {
            self.file_id = Some(id);
        }
        self
    }

    /// Names the DAT's path.
    pub fn with_path(mut self, path: impl Into<std::path::PathBuf>) -> Self {
        self.path = Some(path.into());
        self
    }
}
