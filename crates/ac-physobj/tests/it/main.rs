//! Integration tests of `ac-physobj`: the user API (default features), and — with the
//! `reference-host` feature — the tick, the physics, the completion chain, steady state against
//! the table, and the world's determinism.

mod api;
#[cfg(feature = "reference-host")]
mod chain;
#[cfg(feature = "reference-host")]
mod common;
#[cfg(feature = "reference-host")]
mod interp;
#[cfg(feature = "reference-host")]
mod physics;
#[cfg(feature = "reference-host")]
mod robust;
#[cfg(feature = "reference-host")]
mod steady;
#[cfg(feature = "reference-host")]
mod world;
