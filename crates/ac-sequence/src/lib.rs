//! `ac-sequence` — placeholder; see crate docs as they grow.
