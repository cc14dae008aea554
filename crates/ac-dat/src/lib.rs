//! `ac-dat` — the bottom of the acmotion stack: pure data.
//!
//! This crate reads and writes Asheron's Call portal DAT files (`client_portal.dat`): the
//! block/B-tree container and the typed records the motion system consumes (MotionTable,
//! Animation, Setup). It knows nothing about motion *behaviour*; every crate above it
//! (`ac-motiontable`, `ac-sequence`, `ac-motioninterp`, `ac-interp-manager`, `ac-physobj`)
//! consumes these records.
//!
//! Invariants:
//! * no input can make it panic: every offset, length and count is checked;
//! * records round-trip byte-exactly (file order of map entries is preserved).

pub mod records;

pub use records::*;
