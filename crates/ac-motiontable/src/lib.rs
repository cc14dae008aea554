//! `ac-motiontable` — layer 2 of the acmotion stack, directly above `ac-dat`.
//!
//! Command ids, [`MotionState`], the motion-table [`Resolver`] (ACE `MotionTable`) and the
//! [`MotionTableManager`]. The resolver mutates an animation sequence that lives in a higher
//! crate (`ac-sequence`), so it talks to it only through the [`AnimSequence`] trait defined
//! here; [`RecordingSequence`] implements it for inspection and tests.

pub mod command;
mod fidelity;
mod manager;
pub mod motion;
mod recording;
mod resolver;
mod sequence;
mod state;
pub mod timing;
mod weenie_error;

pub use command::{CommandMask, MotionCommand, ParseMotionError, motion_by_name, motion_name};
pub use fidelity::Fidelity;
pub use manager::{AnimNode, MotionCompletion, MotionTableManager};
pub use recording::{RecordingSequence, SeqOp};
pub use resolver::{
    EPSILON, MAX_REMODIFY_DEPTH, Outcome, REMODIFY_BUDGET, Resolver,
    STOP_COMPLETELY_MAX_ITERATIONS, add_motion, change_cycle_speed, combine_motion, csharp_sign,
    subtract_motion,
};
pub use sequence::AnimSequence;
pub use state::{Motion, MotionState};
pub use timing::{AnimationLookup, anim_data_length, anim_dist};
pub use weenie_error::{MovementType, WeenieError};
