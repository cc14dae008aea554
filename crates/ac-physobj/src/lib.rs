//! `ac-physobj` — layer 6 (top) of the acmotion stack: the physics object and its world.
//!
//! ```text
//! ac-dat → ac-motiontable → ac-sequence → ac-motioninterp → ac-interp-manager → ac-physobj
//! ```
//!
//! [`PhysicsObj`] owns one object's part array (animation sequence + motion-table manager), its
//! movement manager (motion interpreter), its position manager (interpolation, sticky,
//! constraint), its flags and physics state, and runs its tick:
//!
//! * `update_object` time slicing ([`PhysicsObj::update_object`] for an elapsed time,
//!   [`PhysicsObj::update_object_at`] for a clock with ACE's remainder carry): f64 clock, 0.1 s
//!   chunks, a rest above 1/30 s, gaps above 2 s dropped; [`Fidelity::Retail`] uses the retail
//!   quantum rules (retail-vs-ace item 15).
//! * one slice ([`PhysicsObj::slice`], ACE `UpdateObjectInternal`) in the reference order:
//!   sequence → scale (or zero when airborne) → position correction → combine → physics
//!   (gravity, friction, small-velocity snap, omega) → hooks (the AnimDone → MotionDone →
//!   interpreter → weenie chain) → placement → completion poll → position-manager `UseTime`.
//!
//! It implements the host traits of the lower crates (`ac_motioninterp::MotionHost`,
//! `ac_motioninterp::Weenie` for [`ConfigWeenie`], `ac_interp_manager::InterpHost`) and records
//! every host event in call order ([`ObjectEvent`], drained with [`PhysicsObj::take_events`]).
//! It is the conformance corpus's "reference host" (`FORMAT.md` §6, `FORMAT-physics.md`,
//! `FORMAT-interp.md`): the scenario runner drives every layer through it.
//!
//! # No collision
//!
//! **There is no collision detection.** ACE's collision transition is replaced by the corpus's
//! stand-in: a moved candidate position is accepted exactly as computed, the cell id does not
//! change, and nothing stops an object going through the ground. Contact, OnWalkable, the
//! contact plane and the acceleration change only when the caller says so
//! ([`PhysicsObj::set_on_walkable`], [`PhysicsObj::land_on_flat_ground`], the raw setters). A
//! falling object falls forever until it is landed.
//!
//! # Interpolation
//!
//! ACE's own InterpolationManager is dead code (spec §F, ODD-8/10), so position correction
//! follows the retail client's rules in both fidelity modes (retail-vs-ace item 14): the
//! correction replaces the slice's offset frame, `keep_heading` is honoured, and a failed
//! progress audit within 0.2 counts as success.
//!
//! # Example
//!
//! ```
//! use std::sync::Arc;
//! use ac_physobj::{ObjectEvent, PartArray, PhysicsObj, TransientState};
//! use glam::Vec3;
//!
//! // An object with no motion table and no animations, airborne and active.
//! let parts = PartArray::new(Arc::new(ac_sequence::NoAnimations), None);
//! let mut obj = PhysicsObj::new(parts, None);
//! obj.set_physics_layer(true);
//! obj.set_transient_raw(TransientState::ACTIVE);
//! obj.calc_acceleration(); // gravity
//! obj.set_velocity(Vec3::new(1.0, 0.0, 5.0));
//! assert_eq!(obj.take_events(), vec![ObjectEvent::SetVelocity]);
//!
//! let mut slices = Vec::new();
//! let r = obj.update_object(0.25, &mut slices); // 0.1 + 0.1 + 0.05
//! assert_eq!(r.slices, 3);
//! assert!(obj.position().frame.origin.x > 0.2);
//! assert!(obj.velocity().z < 5.0);
//! ```
//!
//! [`wire`] reads and writes the movement messages (MoveToState, AutonomousPosition, Jump,
//! UpdateMotion, UpdatePosition, VectorUpdate, CreateObject) byte for byte.
//!
//! [`World`] holds many objects with stable ids and ticks them deterministically, serially or
//! in parallel (bit-identical: objects do not interact).

pub mod events;
pub mod flags;
mod host;
mod object;
pub mod parts;
pub mod weenie;
pub mod wire;
mod world;

pub use ac_interp_manager::Position;
pub use ac_motiontable::Fidelity;
pub use events::ObjectEvent;
pub use flags::{ObjectState, TransientState};
pub use object::{
    HUGE_QUANTUM, MAX_QUANTUM, MAX_VELOCITY, MIN_QUANTUM, PhysicsObj, Plane, RETAIL_MAX_QUANTUM,
    SET_POSITION_FLAGS, SliceOutcome, SliceRecord, UpdateResult,
};
pub use parts::{MotionCompletion, PartArray};
pub use weenie::ConfigWeenie;
pub use world::{ObjectId, World};
