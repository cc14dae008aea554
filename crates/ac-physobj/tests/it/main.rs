//! Integration tests of `ac-physobj`: the tick, the physics, the completion chain, steady
//! state against the table, and the world's determinism.

mod chain;
mod common;
mod interp;
mod physics;
mod realdata;
mod robust;
mod steady;
mod synthetic;
mod wire_echo;
mod wire_fuzz;
mod wire_messages;
mod world;
