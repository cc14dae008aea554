//! Typed portal records. Field layouts are the portal DAT's, byte for byte.
//!
//! Each record implements binrw's `BinRead`/`BinWrite` (little-endian, offsets relative to
//! the payload start) and offers `parse(&[u8])` / `to_bytes()` wrappers that turn binrw's
//! errors into [`crate::RecordError`]s and insist on exact consumption, as ACE's own
//! parse-every-file test does.

mod anim_list;
mod animation;
mod animation_uses;
pub(crate) mod io;
mod motion_table;
mod setup;

pub use anim_list::AnimList;
pub use animation::*;
pub use animation_uses::AnimationUse;
pub use io::{MEMORY_PER_STORED_BYTE, MEMORY_SLACK};
pub use motion_table::*;
pub use setup::*;

use crate::error::RecordError;

/// A record type stored in the portal DAT under its own id range.
///
/// Lets generic code (the writer, the sweep, tests) move records in and out of a DAT.
pub trait DatRecord: Sized {
    /// The type's id range (inclusive).
    const ID_RANGE: std::ops::RangeInclusive<u32>;
    /// The record's file id.
    fn id(&self) -> u32;
    /// Decodes a payload, requiring every byte to be used.
    fn parse(bytes: &[u8]) -> Result<Self, RecordError>;
    /// Encodes the record.
    fn to_bytes(&self) -> Result<Vec<u8>, RecordError>;
}

macro_rules! impl_record {
    ($t:ty) => {
        impl DatRecord for $t {
            const ID_RANGE: std::ops::RangeInclusive<u32> = <$t>::ID_RANGE;
            fn id(&self) -> u32 {
                self.id
            }
            fn parse(bytes: &[u8]) -> Result<Self, RecordError> {
                <$t>::parse(bytes)
            }
            fn to_bytes(&self) -> Result<Vec<u8>, RecordError> {
                <$t>::to_bytes(self)
            }
        }
    };
}

impl_record!(MotionTable);
impl_record!(Animation);
impl_record!(Setup);
