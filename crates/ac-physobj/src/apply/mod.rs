//! Movement messages applied to objects: what the retail client does with the server's
//! messages about an object it shows, and what ACE's server does with a player's.
//!
//! [`wire`](crate::wire) turns bytes into messages; this module turns messages into motion.
//! One call per message, each answering what it did as a value:
//!
//! | message | side | call | what happens |
//! |---|---|---|---|
//! | UpdateMotion | client | [`PhysicsObj::apply_update_motion`](crate::PhysicsObj::apply_update_motion) | stamps checked, then the MovementData (below) |
//! | CreateObject | client | [`PhysicsObj::apply_create_object`](crate::PhysicsObj::apply_create_object) | placed, its MovementData applied, velocity, stamps adopted |
//! | MovementData | client | [`PhysicsObj::apply_movement_data`](crate::PhysicsObj::apply_movement_data) | stance; an interpreted state through the interpreter (actions replayed by stamp, sticky target); a move-to / turn-to to the move-to manager |
//! | UpdatePosition | client | [`PhysicsObj::apply_update_position`](crate::PhysicsObj::apply_update_position) | stamps checked, then position correction (`MoveOrTeleport`: teleport, place or interpolate) |
//! | VectorUpdate | client | [`PhysicsObj::apply_vector_update`](crate::PhysicsObj::apply_vector_update) | stamps checked, velocity and angular velocity set |
//! | MoveToState | server | [`PhysicsObj::apply_move_to_state`](crate::PhysicsObj::apply_move_to_state) | the raw state copied whole and re-applied (ACE's server method), the position taken |
//! | AutonomousPosition | server | [`PhysicsObj::apply_autonomous_position`](crate::PhysicsObj::apply_autonomous_position) | the position taken |
//! | Jump | server | [`PhysicsObj::apply_jump`](crate::PhysicsObj::apply_jump) | the object leaves the ground with the velocity sent |
//!
//! A [`World`](crate::World) routes the server's messages to the object whose id they name and
//! finds the objects a message refers to (the target of a MoveToObject or TurnToObject, the
//! object to stick to): [`World::apply_message`](crate::World::apply_message); a client's
//! actions go to the player's object with
//! [`World::apply_client_action`](crate::World::apply_client_action). A lone object takes the
//! other objects from a [`Targets`] (a closure, or [`NoTargets`]).
//!
//! # The client's side
//!
//! Every object counts the updates it has seen ([`UpdateTimes`], one stamp per kind): a
//! message of an older incarnation (instance stamp), or whose own stamp is not newer than the
//! last one applied, is ignored and answered [`StaleMessage`] — messages that arrive late or
//! twice change nothing. A CreateObject adopts all nine stamps.
//!
//! An UpdateMotion or a CreateObject's movement replaces what the object was doing: a move-to
//! under way is cancelled, a sticky link dropped, the stance taken (a motion to it, when the
//! data names another), then by movement type:
//!
//! * **0 (an interpreted state)** — the state is copied into the interpreter, which re-issues
//!   it (`move_to_interpreted_state`, then `apply_interpreted_movement`); its actions are
//!   replayed when their stamps are newer than the last one replayed; the standing-long-jump
//!   flag is set as sent; with StickToObject the object sticks to the object named.
//! * **6–9 (MoveToObject, MoveToPosition, TurnToObject, TurnToHeading)** — the move-to
//!   manager takes the move with the parameters sent; the run rate sent becomes the
//!   interpreter's own (a rate of 0, which ACE sends for moves that may not run, is not one).
//!
//! A remote object's movement is the server's, so the object is marked as not moving itself:
//! the interpreter re-applies the interpreted state it was sent, never a raw state derived
//! from keys this client did not see. Its position is corrected by UpdatePositions through
//! `MoveOrTeleport`: a newer teleport stamp teleports it, a grounded update within 96 m of the
//! player is interpolated towards (within the blip distance smoothly, beyond it with a blip),
//! farther away it is placed; an update that is not grounded is refused. Tell the object how
//! far the player is with [`PhysicsObj::set_player_distance`](crate::PhysicsObj::set_player_distance) (the default is far away).
//!
//! # The server's side
//!
//! A MoveToState is applied the way ACE's server applies it by default: the raw state is
//! copied whole, a standing long jump holds forward and sidestep, and the interpreted state is
//! re-derived and re-issued (see
//! [`MotionInterp::apply_client_raw_state`](ac_motioninterp::MotionInterp::apply_client_raw_state)).
//! The interpreted state afterwards is what ACE sends everyone else in its UpdateMotion. The
//! positions the client reports are taken as they are (ACE's requested location, set at once
//! here).
//!
//! # Without collision
//!
//! There is no collision here (see the crate docs), so two things the reference's collision
//! step would find are taken from the messages instead: a velocity pointing up from walkable
//! ground (a VectorUpdate of a jump) lifts the object off it, and a client position reported
//! with contact lands an airborne object at that height.
//!
//! # Errors
//!
//! An [`ApplyError`] is returned before anything changes when the message names an object
//! that is not known, or carries a number that is not finite or lies beyond the bounds the
//! user API keeps (speeds, headings, coordinates: see [`MAX_SPEED`](crate::MAX_SPEED)). A
//! move-to the move-to manager
//! refuses ([`ApplyError::Refused`]) is answered after the stance step ran.
//!
//! # Example
//!
//! ```
//! use ac_physobj::prelude::*;
//! use ac_physobj::apply::{Applied, AppliedMovement, MotionOutcome};
//! use ac_physobj::wire::Message;
//! # let path = std::env::temp_dir().join(format!("acmotion-apply-doc-{}.dat", std::process::id()));
//! # std::fs::write(&path, ac_testkit::synthetic::synthetic_dat(ac_testkit::synthetic::DEFAULT_SEED)?)?;
//!
//! let portal = PortalDat::open(&path)?; // client_portal.dat (here: the synthetic one)
//! let mut world = World::new(Rules::default());
//! // A remote object the server created earlier, with its id.
//! let npc = world.spawn(portal.object(0x0200_0001)?.id(0x8000_05AA))?;
//!
//! // A recorded UpdateMotion: the object, its stamps, then an interpreted state in the
//! // NonCombat stance with forward command 0x0051 (an emote).
//! let bytes = hex("4cf70000aa050080000001000100000000003d00030000003d005100");
//! let msg = Message::decode(&bytes)?;
//! let Applied::Motion(MotionOutcome::Applied(done)) = world.apply_message(&msg)? else {
//!     unreachable!("a fresh object has seen no older UpdateMotion")
//! };
//! assert!(matches!(done.movement, AppliedMovement::Interpreted { .. }));
//! let state = world[npc].movement_interpreter().unwrap().interpreted_state().unwrap();
//! assert_eq!(Some(state.forward_command), ac_physobj::ac_motioninterp::wire::command_id(0x0051));
//!
//! // The same message again is stale: its movement stamp is not newer.
//! assert!(matches!(world.apply_message(&msg)?, Applied::Motion(MotionOutcome::Stale(_))));
//! # fn hex(s: &str) -> Vec<u8> {
//! #     (0..s.len()).step_by(2).map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap()).collect()
//! # }
//! # std::fs::remove_file(&path)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod portal;
mod remote;
mod server;
mod stamps;
mod world;

use ac_motioninterp::{MotionInterpError, MovementType, WeenieError};

use crate::moveto::TargetObject;

pub use ac_interp_manager::MoveOrTeleportAction;
pub use remote::{AppliedMovement, CreateOutcome, MovementApplied, Sticky};
pub use stamps::{StaleMessage, Stamp, UpdateTimes};
pub use world::Applied;

/// Why a message could not be applied. Nothing changed, except where a variant says so.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum ApplyError {
    /// The message is about an object the world does not have (no object with that id).
    #[error("no object with id 0x{0:08X}")]
    UnknownObject(u32),
    /// A MoveToObject or TurnToObject names a target that is not known.
    #[error("the {movement:?} names object 0x{guid:08X}, which is not known")]
    UnknownTarget {
        /// The target's id.
        guid: u32,
        /// The movement that names it.
        movement: MovementType,
    },
    /// The move-to manager refused the move (the stance step before it has run).
    #[error("the move-to manager refused the movement: {0}")]
    Refused(WeenieError),
    /// A number the message carries is not finite (it would poison the object's state).
    #[error("`{0}` is not a finite number")]
    NotFinite(&'static str),
    /// A number the message carries is finite but beyond the bound the user API keeps for
    /// its kind: a speed or run rate above [`MAX_SPEED`](crate::MAX_SPEED), a heading above
    /// [`MAX_HEADING`](crate::MAX_HEADING), a coordinate or distance above
    /// [`MAX_COORDINATE`](crate::MAX_COORDINATE) in magnitude, or a jump's charge outside
    /// `0..=1`.
    #[error("`{0}` is out of range")]
    OutOfRange(&'static str),
    /// A client's game action given to the server-message router: apply it to the player's
    /// object ([`World::apply_client_action`](crate::World::apply_client_action)).
    #[error("{0} is a client's action, not a message about an object")]
    ClientAction(&'static str),
    /// The interpreter was misused (it always exists here, so this does not happen).
    #[error(transparent)]
    Interpreter(#[from] MotionInterpError),
}

/// Where the objects a message names are found: the target of a MoveToObject or TurnToObject,
/// the object to stick to. A [`World`](crate::World) is one (through its router); so is any
/// `Fn(u32) -> Option<TargetObject>`, and [`NoTargets`].
pub trait Targets {
    /// The object with id `guid`, as a target, if it is known.
    fn target(&self, guid: u32) -> Option<TargetObject>;
}

impl<F: Fn(u32) -> Option<TargetObject>> Targets for F {
    fn target(&self, guid: u32) -> Option<TargetObject> {
        self(guid)
    }
}

/// No other object is known: a message naming one is refused with
/// [`ApplyError::UnknownTarget`] (a sticky target is skipped, see [`Sticky::Unknown`]).
#[derive(Debug, Clone, Copy, Default)]
pub struct NoTargets;

impl Targets for NoTargets {
    fn target(&self, _guid: u32) -> Option<TargetObject> {
        None
    }
}

/// What an UpdateMotion did.
#[derive(Debug, Clone, Copy, PartialEq)]
#[must_use = "the outcome says whether the update was applied or ignored as stale"]
pub enum MotionOutcome {
    /// Older than what the object has seen: ignored.
    Stale(StaleMessage),
    /// Applied.
    Applied(MovementApplied),
}

/// What an UpdatePosition did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[must_use = "the outcome says whether the position was taken, and how"]
pub enum PositionOutcome {
    /// Older than what the object has seen: ignored.
    Stale(StaleMessage),
    /// `MoveOrTeleport` ran: refused (an older teleport stamp, or not grounded), teleported,
    /// placed (far from the player) or queued for interpolation.
    MoveOrTeleport(MoveOrTeleportAction),
}

/// What a VectorUpdate did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[must_use = "the outcome says whether the velocities were set"]
pub enum VectorOutcome {
    /// Older than what the object has seen: ignored.
    Stale(StaleMessage),
    /// The velocity and angular velocity were set.
    Applied {
        /// The velocity points up from walkable ground: the object left the ground.
        left_ground: bool,
    },
}
