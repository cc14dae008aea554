//! Integration tests of `ac-physobj`: the tick, the physics, the completion chain, steady
//! state against the table, and the world's determinism.

mod chain;
mod common;
mod interp;
mod moveto;
mod physics;
mod robust;
mod steady;
mod world;
