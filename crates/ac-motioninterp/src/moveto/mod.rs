//! The move-to layer (ACE `MoveToManager`; `docs/moveto.md`): walk or run to a position or an object,
//! turn to a heading or an object, and the target reports that drive it.
//!
//! The [`MoveToManager`] belongs to the [`crate::MovementManager`], which routes the four
//! move-to movement types to it and lends it the interpreter; it reaches the physics object
//! through [`MoveToHost`]. Following another object is the host's job (ACE's TargetManager
//! lives on the physics object): the host answers `set_target` with [`TargetInfo`] reports,
//! which come back through [`crate::MovementManager::handle_update_target`].
//!
//! How a move ends is reported once through [`MoveToHost::move_complete`] with a
//! [`crate::WeenieError`]: `None` (arrived, turned, or already there), `ActionCancelled` (a new
//! movement, an interrupting motion, a cancel, a sticky release), `ObjectGone` / `NoObject`
//! (target reports other than OK after / before the first one), `YouChargedTooFar` (beyond the
//! fail distance), `ITeleported`, or the error of a motion the motion table refused.
//!
//! # Fidelity
//!
//! The manager reproduces ACE, quirks included. The retail client's only evidenced difference
//! in this layer is the default parameter set a move starts from
//! ([`crate::MovementParameters::move_to_defaults`], quirk `move-to-defaults`); with retail rules
//! a fresh manager stores those defaults. Everything else is identical in both modes: the
//! retail client's move-to internals were not compared with ACE's, so nothing else is switched.

mod command;
mod ending;
mod geometry;
mod host;
mod manager;
mod minterp;
mod nodes;
mod options;
mod reentry;
mod target;

pub use command::{ACE_WALK_RUN_THRESHOLD, MoveCommand, RETAIL_WALK_RUN_THRESHOLD};
pub use geometry::{cylinder_distance, heading_diff, heading_greater, normalize_heading_diff};
pub use host::MoveToHost;
pub use manager::{MoveToManager, MoveToNode};
pub use nodes::{MIN_PROGRESS_RATE, PROGRESS_WINDOW, QUANTUM_UPDATE_SPEED, STEER_TOLERANCE};
pub use options::MoveToOptions;
pub use target::{TargetInfo, TargetStatus};

pub(crate) use minterp::Minterp;
pub(crate) use reentry::WithMoveTo;
