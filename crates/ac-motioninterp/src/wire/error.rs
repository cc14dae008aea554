//! The two errors of the wire forms: one for decoding, one for encoding.
//!
//! Every decoding error names the field (`Type.field`) and the byte offset from the start of
//! the buffer (for a message, from its opcode), so a bad packet can be found in a log.
//! Both travel through binrw as `binrw::Error::Custom`; [`DecodeError::from`] and
//! [`EncodeError::from`] unwrap them again.

/// Bytes that are not a valid movement structure.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DecodeError {
    /// The buffer ended inside a field.
    #[error("`{field}` at byte {offset}: needs {needed} byte(s), only {remaining} left")]
    Truncated {
        /// The field being read.
        field: &'static str,
        /// Where it starts.
        offset: u64,
        /// Its size.
        needed: u64,
        /// Bytes left in the buffer.
        remaining: u64,
    },
    /// The structure ended before the buffer did.
    #[error("{count} trailing byte(s) at byte {offset} after `{field}`")]
    TrailingBytes {
        /// The structure that was decoded.
        field: &'static str,
        /// Where it ended.
        offset: u64,
        /// Bytes left over.
        count: u64,
    },
    /// A count promises more elements than the rest of the buffer can hold (checked before
    /// anything is allocated).
    #[error(
        "`{field}` at byte {offset}: count {count} needs at least {min_bytes} byte(s), only {remaining} left"
    )]
    CountExceedsBuffer {
        /// The count field.
        field: &'static str,
        /// Where the count was read.
        offset: u64,
        /// Its value.
        count: u64,
        /// The smallest size that many elements take.
        min_bytes: u64,
        /// Bytes left in the buffer.
        remaining: u64,
    },
    /// A length field disagrees with the structure it frames.
    #[error("`{field}` at byte {offset}: declares {declared} byte(s), its contents take {actual}")]
    LengthMismatch {
        /// The length field.
        field: &'static str,
        /// Where the framed contents start.
        offset: u64,
        /// The length as sent.
        declared: u64,
        /// The length the contents decoded to.
        actual: u64,
    },
    /// A movement type other than 0 (interpreted state) and 6–9 (move-to / turn-to).
    #[error("`{field}` at byte {offset}: movement type {value} is not valid in MovementData")]
    UnknownMovementType {
        /// The field.
        field: &'static str,
        /// Where it was read.
        offset: u64,
        /// The value sent.
        value: u8,
    },
    /// A 16-bit command index with no entry in the command table.
    #[error("`{field}` at byte {offset}: command index {index:#06X} is not in the command table")]
    UnknownCommand {
        /// The field.
        field: &'static str,
        /// Where it was read.
        offset: u64,
        /// The index sent.
        index: u16,
    },
    /// A hold key other than 0 (Invalid), 1 (None) and 2 (Run).
    #[error("`{field}` at byte {offset}: hold key {value} is not 0, 1 or 2")]
    UnknownHoldKey {
        /// The field.
        field: &'static str,
        /// Where it was read.
        offset: u64,
        /// The value sent.
        value: u32,
    },
    /// A message opcode (or game action) that carries no movement.
    #[error("`{field}` at byte {offset}: {value:#06X} is not a movement message")]
    UnknownOpcode {
        /// `opcode` or `action`.
        field: &'static str,
        /// Where it was read.
        offset: u64,
        /// The value sent.
        value: u32,
    },
    /// Alignment padding that is not zero. The wire forms do not store padding, so such a
    /// buffer is refused rather than silently re-encoded with zeros.
    #[error("`{field}` at byte {offset}: padding bytes {bytes:02X?} are not zero")]
    NonZeroPad {
        /// The structure the padding ends.
        field: &'static str,
        /// Where the padding starts.
        offset: u64,
        /// The bytes sent.
        bytes: Vec<u8>,
    },
    /// Any other failure of the underlying reader.
    #[error("byte {offset}: {message}")]
    Stream {
        /// Where it happened.
        offset: u64,
        /// What the reader said.
        message: String,
    },
}

/// A value that cannot be written in the wire layout. Encoding never changes a value to make
/// it fit: it refuses.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EncodeError {
    /// More elements than the count field can hold.
    #[error("`{field}`: {count} element(s), the wire form holds at most {max}")]
    CountTooLarge {
        /// The list.
        field: &'static str,
        /// Its length.
        count: u64,
        /// The largest count the layout can carry.
        max: u64,
    },
    /// A value larger than its packed form can hold.
    #[error("`{field}`: {value:#X} does not fit the packed form (at most {max:#X})")]
    ValueOutOfRange {
        /// The field.
        field: &'static str,
        /// The value.
        value: u64,
        /// The largest value the form holds.
        max: u64,
    },
    /// A command id with no 16-bit index in the command table.
    #[error("`{field}`: command {id:#010X} has no index in the command table")]
    UnknownCommand {
        /// The field.
        field: &'static str,
        /// The id.
        id: u32,
    },
    /// An action stamp outside the 15 bits the wire carries.
    #[error("`{field}`: action stamp {stamp} is outside 0..=32767")]
    StampOutOfRange {
        /// The field.
        field: &'static str,
        /// The stamp.
        stamp: i32,
    },
    /// A flag says a field is present but the value is missing, or the reverse. Flags are
    /// written as stored, never recomputed, so the two must agree.
    #[error("`{field}`: the flags say {}, the value is {}",
        if *flag_set { "present" } else { "absent" },
        if *flag_set { "missing" } else { "set" })]
    FlagMismatch {
        /// The field.
        field: &'static str,
        /// Whether the flag is set.
        flag_set: bool,
    },
    /// Any other failure of the underlying writer.
    #[error("{0}")]
    Stream(String),
}

impl DecodeError {
    /// Wrap into a binrw error (for `BinRead` implementations).
    pub fn into_binrw(self) -> binrw::Error {
        let pos = self.offset();
        binrw::Error::Custom {
            pos,
            err: Box::new(self),
        }
    }

    /// The byte offset the error names.
    pub fn offset(&self) -> u64 {
        match self {
            DecodeError::Truncated { offset, .. }
            | DecodeError::TrailingBytes { offset, .. }
            | DecodeError::CountExceedsBuffer { offset, .. }
            | DecodeError::LengthMismatch { offset, .. }
            | DecodeError::UnknownMovementType { offset, .. }
            | DecodeError::UnknownCommand { offset, .. }
            | DecodeError::UnknownHoldKey { offset, .. }
            | DecodeError::UnknownOpcode { offset, .. }
            | DecodeError::NonZeroPad { offset, .. }
            | DecodeError::Stream { offset, .. } => *offset,
        }
    }
}

impl From<binrw::Error> for DecodeError {
    fn from(e: binrw::Error) -> Self {
        match e {
            binrw::Error::Custom { pos, err } => match err.downcast::<DecodeError>() {
                Ok(d) => *d,
                Err(other) => DecodeError::Stream {
                    offset: pos,
                    message: other.to_string(),
                },
            },
            binrw::Error::Backtrace(bt) => DecodeError::from(*bt.error),
            other => DecodeError::Stream {
                offset: 0,
                message: other.to_string(),
            },
        }
    }
}

impl EncodeError {
    /// Wrap into a binrw error (for `BinWrite` implementations).
    pub fn into_binrw(self) -> binrw::Error {
        binrw::Error::Custom {
            pos: 0,
            err: Box::new(self),
        }
    }
}

impl From<binrw::Error> for EncodeError {
    fn from(e: binrw::Error) -> Self {
        match e {
            binrw::Error::Custom { err, .. } => match err.downcast::<EncodeError>() {
                Ok(d) => *d,
                Err(other) => EncodeError::Stream(other.to_string()),
            },
            binrw::Error::Backtrace(bt) => EncodeError::from(*bt.error),
            other => EncodeError::Stream(other.to_string()),
        }
    }
}
