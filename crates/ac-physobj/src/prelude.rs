//! What a program using acmotion needs, in one import: `use ac_physobj::prelude::*;`.
//!
//! Objects and worlds, their builder and the portal DAT, the rules, movement parameters and
//! motion ids, positions and frames, animation sources, and the vector types of the API.

pub use crate::builder::{BuildError, PhysicsObjBuilder, PortalDat};
pub use crate::flags::{ObjectState, TransientState};
pub use crate::limits::{MAX_CLOCK, MAX_SPEED};
pub use crate::object::PhysicsObj;
pub use crate::tick::{SliceRecord, UpdateResult};
pub use crate::weenie::ConfigWeenie;
pub use crate::world::{ObjectId, TimeError, World};
pub use ac_dat::{DatArchive, Frame, MotionTable};
pub use ac_interp_manager::Position;
pub use ac_motioninterp::{
    HoldKey, MotionInterp, MovementParameters, MovementStruct, MovementType, Weenie, WeenieError,
};
pub use ac_motiontable::command::stance;
pub use ac_motiontable::{Fidelity, Resolver, Rules, motion};
pub use ac_sequence::{AnimationCache, AnimationSource, DatAnimations, NoAnimations};
pub use glam::{Quat, Vec3};
