//! `ac-motioninterp` — placeholder; see crate docs as they grow.
