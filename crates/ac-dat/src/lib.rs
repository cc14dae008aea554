//! `ac-dat` — the bottom of the acmotion stack: pure data.
//!
//! This crate reads and writes Asheron's Call portal DAT files (`client_portal.dat`): the
//! block/B-tree container and the typed records the motion system consumes (MotionTable,
//! Animation, Setup). It knows nothing about motion *behaviour*; every crate above it
//! (`ac-motiontable`, `ac-sequence`, `ac-motioninterp`, `ac-interp-manager`, `ac-physobj`)
//! consumes these records.
//!
//! * [`motion`] — motion command ids, names and stances (generated from the ACE enum), the
//!   vocabulary every layer shares;
//! * [`records`] — typed records with binrw codecs and hand-construction builders;
//! * [`container`] — [`DatArchive`] (reader by positional reads, in memory or, opt-in, mapped: header, block chains, B-tree lookup
//!   and ordered range iteration) and [`DatWriter`] (builds a valid DAT from files);
//! * `serde_hex` (feature `serde`) — `Serialize`/`Deserialize` on every record and on the motion
//!   ids, for JSON export: ids as `"0x%08X"` strings, a motion table's maps as objects keyed by
//!   them in file order. (JSON has no NaN or infinity: a record holding one serializes, with
//!   `null` in its place, but does not read back.)
//!
//! Invariants:
//! * no input can make it panic: every offset, length and count is checked;
//! * records round-trip byte-exactly (file order of map entries is preserved).

pub mod container;
pub mod error;
pub mod motion;
pub mod records;
#[cfg(feature = "serde")]
pub mod serde_hex;

pub use container::{DatArchive, DatHeader, DatWriter, DirEntry};
pub use error::{DatError, DatErrorKind, RecordError, RecordErrorKind, TruncatedPart};
pub use records::*;
