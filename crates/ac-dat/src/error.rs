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
    /// The file could not be opened or mapped.
    #[error("I/O error on {path}: {source}")]
    Io {
        /// The path given.
        path: String,
        /// The operating-system error.
        #[source]
        source: std::io::Error,
    },
    /// The file is shorter than the 0x190-byte disk header.
    #[error("file is {len} bytes, too short for the DAT header (needs {needed})")]
    TooShort {
        /// Actual length.
        len: u64,
        /// Required length.
        needed: u64,
    },
    /// The header magic is not 0x5442 ("BT").
    #[error("bad magic 0x{0:08X} (expected 0x00005442)")]
    BadMagic(u32),
    /// The block size cannot hold a next pointer plus payload, or is absurdly large.
    #[error("unsupported block size {0}")]
    BadBlockSize(u32),
    /// A block offset does not leave a whole block inside the file.
    #[error("block at 0x{block:X} is not fully inside the file ({file_len} bytes)")]
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
    /// A B-tree node holds more than 61 entries.
    #[error("B-tree node has {0} entries (at most 61)")]
    BadEntryCount(u32),
    /// The B-tree reaches a node twice (cycle or shared subtree).
    #[error("B-tree node 0x{0:X} reached twice (cycle)")]
    TreeCycle(u32),
    /// The B-tree is deeper than any real DAT could be.
    #[error("B-tree deeper than {0} levels")]
    TreeTooDeep(usize),
    /// An in-order walk met ids out of order (corrupt tree).
    #[error("B-tree ids out of order: 0x{prev:08X} then 0x{next:08X}")]
    TreeOutOfOrder {
        /// The id yielded before.
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
    /// The record bytes were found but could not be decoded.
    #[error(transparent)]
    Record(#[from] RecordError),
    /// The writer was given inconsistent input.
    #[error("writer: {0}")]
    Writer(String),
}

/// A container-level error: where (file id if known, absolute offset) and what.
#[derive(Debug, thiserror::Error)]
#[error("{location}: {kind}")]
pub struct DatError {
    /// The file id being read when the error happened, if any.
    pub file_id: Option<u32>,
    /// Absolute byte offset in the DAT where the problem was found.
    pub offset: u64,
    /// What was wrong (its text is already part of this error's message, so it is not
    /// reported again as a `source`).
    pub kind: DatErrorKind,
    location: Location,
}

#[derive(Debug)]
struct Location {
    file_id: Option<u32>,
    offset: u64,
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.file_id {
            Some(id) => write!(f, "file 0x{id:08X} at DAT offset 0x{:X}", self.offset),
            None => write!(f, "DAT offset 0x{:X}", self.offset),
        }
    }
}

impl DatError {
    /// Builds an error at `offset`, optionally naming the file id being read.
    pub fn new(file_id: Option<u32>, offset: u64, kind: DatErrorKind) -> Self {
        Self {
            file_id,
            offset,
            kind,
            location: Location { file_id, offset },
        }
    }

    /// Names the file id being looked up, if the error did not name one already.
    pub fn or_file_id(mut self, id: u32) -> Self {
        if self.file_id.is_none() {
            self.file_id = Some(id);
            self.location.file_id = Some(id);
        }
        self
    }
}
