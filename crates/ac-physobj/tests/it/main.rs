//! Integration tests of `ac-physobj`: the user API and the wire forms (default features), and —
//! with the `reference-host` feature — the tick, the physics, the completion chain, steady state
//! against the table, and the world's determinism; the logs' content with the `tracing`
//! feature (`cargo nextest run --workspace` has it through xtask) and their absence without it.

mod api;
#[cfg(feature = "reference-host")]
mod chain;
#[cfg(feature = "reference-host")]
mod common;
#[cfg(feature = "reference-host")]
mod interp;
mod logs;
#[cfg(feature = "reference-host")]
mod moveto;
mod moveto_api;
#[cfg(feature = "reference-host")]
mod physics;
mod realdata;
mod recording;
#[cfg(feature = "reference-host")]
mod robust;
#[cfg(feature = "reference-host")]
mod steady;
#[cfg(feature = "reference-host")]
mod synthetic;
mod wire_apply;
mod wire_bounds;
mod wire_echo;
mod wire_fuzz;
mod wire_messages;
mod wire_replay;
#[cfg(feature = "reference-host")]
mod world;
