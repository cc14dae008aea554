//! `ac-physobj` — layer 6 (top) of the acmotion stack: the physics object and its world.
//!
//! ```text
//! ac-dat → ac-motiontable → ac-sequence → ac-motioninterp → ac-interp-manager → ac-physobj
//! ```
//!
//! [`PhysicsObj`] owns one object's part array (animation sequence + motion-table manager), its
//! motion interpreter, its position manager, its flags and physics state, and runs its tick:
//! `update_object` time slicing, `UpdateObjectInternal` in the reference order (sequence → scale
//! → position correction → combine → physics → hooks → placement → completion poll → managers),
//! gravity, friction and the small-velocity snap. It implements the host traits the lower crates
//! define and records every host event in call order ([`ObjectEvent`]). It is also the scenario
//! corpus's "reference host".
//!
//! **There is no collision.** Candidate positions are accepted as computed; ground contact is
//! set by the caller (see [`PhysicsObj`]).
//!
//! [`World`] holds many objects with stable ids and ticks them deterministically, serially or in
//! parallel (bit-identical).

pub mod events;
pub mod flags;
mod host;
pub mod math;
mod object;
pub mod parts;
pub mod weenie;
mod world;

pub use ac_interp_manager::Position;
pub use events::ObjectEvent;
pub use flags::{ObjectState, TransientState};
pub use object::{
    HUGE_QUANTUM, MAX_QUANTUM, MAX_VELOCITY, MIN_QUANTUM, PhysicsObj, Plane, RETAIL_MAX_QUANTUM,
    SET_POSITION_FLAGS, SliceOutcome, SliceRecord, UpdateResult,
};
pub use parts::{MotionCompletion, PartArray};
pub use weenie::ConfigWeenie;
pub use world::{ObjectId, World};
