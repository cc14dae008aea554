//! `Position`: a cell id plus a landblock-relative frame.
//!
//! The type and its measurements live in `ac-sequence` (next to the frame math) so that the
//! move-to manager below this crate measures with the same code; re-exported here because the
//! interpolation queue stores positions.

pub use ac_sequence::{LANDBLOCK_SIZE, Position};
