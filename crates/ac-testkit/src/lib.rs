//! `ac-testkit` — test and tool support for the acmotion stack, kept out of the library crates.
//!
//! Nothing here is needed to read a DAT or to move an object; it exists so that tests, benches,
//! examples and `cargo xtask` have data and reports without a retail DAT:
//!
//! * [`synthetic`] — the deterministic, seeded **synthetic** portal corpus shaped like the
//!   retail one (never retail data);
//! * [`sweep`] — corpus statistics and consistency checks of a DAT's motion tables (the library
//!   half of `cargo xtask sweep`);
//! * [`catalogue`] — the golden transition catalogue: what a motion table resolves to, as text
//!   (insta snapshots and `cargo xtask snapshots`);
//! * [`logs`] — the stack's `tracing` events captured as text, for tests of what a log shows.
//!
//! It sits beside the stack rather than in it: it may depend on any library crate, and the
//! library crates use it only as a dev-dependency, so a program that depends on
//! `ac-motiontable` (or any other layer) never compiles the generator.

pub mod catalogue;
pub mod logs;
pub mod sweep;
pub mod synthetic;
