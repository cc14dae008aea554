//! `ac-motiontable` — layer 2 of the acmotion stack, directly above `ac-dat`.
//!
//! Command ids, `MotionState`, the motion-table resolver (ACE `MotionTable`) and the
//! `MotionTableManager`. The resolver mutates an animation sequence that lives in a higher
//! crate (`ac-sequence`), so it talks to it only through the [`AnimSequence`] trait defined
//! here.

mod fidelity;
mod sequence;

pub use fidelity::Fidelity;
pub use sequence::AnimSequence;
