//! `ac-interp-manager` — placeholder; see crate docs as they grow.
