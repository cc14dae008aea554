//! `ac-physobj` — placeholder; see crate docs as they grow.
