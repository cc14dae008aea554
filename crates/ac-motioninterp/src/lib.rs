//! `ac-motioninterp` — layer 4 of the acmotion stack, above `ac-sequence` and
//! `ac-motiontable`, below `ac-interp-manager` and `ac-physobj`.
//!
//! Players and AI do not ask for link animations; they press keys: walk forward with run
//! held, turn left, jump, stop. This crate turns that intent into the canonical per-axis
//! motions the motion table understands (ACE `MotionInterp`):
//!
//! * [`RawMotionState`] (what the keys say) and [`InterpretedMotionState`] (canonical:
//!   TurnRight / SideStepRight / WalkForward-or-RunForward with signed speeds);
//! * [`MotionInterp`]: canonicalisation and run promotion, combat refusals, the action cap,
//!   contact gating, jumping, ground transitions, the pending-motion queue that completes in
//!   lock-step with the MotionTableManager's queue;
//! * [`MovementManager`]: the object's dispatcher, creating the interpreter lazily.
//!
//! * [`wire`]: both motion states and `MovementData` as they travel in network messages,
//!   byte-exact in both directions, with a canonical one-line text.
//!
//! The interpreter reaches its physics object through the [`MotionHost`] trait and the game
//! object through [`Weenie`] (implemented by `ac-physobj` and the game); the `testing` cargo
//! feature adds documented doubles of both (`ac_motioninterp::testing`). The interpreter's
//! switches of [`ac_motiontable::Rules`] select the retail client's behaviour where it differs
//! from ACE's (each switch names its quirk).
//!
//! Motion requests answer `Result<(), WeenieError>`: `Ok` or the reference's refusal. Using the
//! interpreter before [`MotionInterp::enter_default_state`] (an ACE null dereference) refuses
//! motion requests with `WeenieError::NoMotionInterpreter` and everything else with
//! [`MotionInterpError::NotInitialized`].
//!
//! With the `tracing` cargo feature the interpreter's decisions are
//! [`tracing`](https://docs.rs/tracing) events: DEBUG for each `DoMotion` / `StopMotion` /
//! `StopCompletely` / `Jump` with its result, and for each interpreted motion with the path it
//! took (motion table, state only, refused in the air); TRACE for which state
//! `apply_current_movement` replays.
//!
//! # Cargo features
//!
//! * `tracing` — off by default. Compiles in the events above and enables
//!   `ac-motiontable/tracing` (the motion table's events below them). Without it the event sites
//!   compile to nothing and `tracing` is not a dependency: zero cost. With it and no subscriber
//!   that wants an event, each site is a load and a branch.
//! * `testing` — the documented test doubles `ac_motioninterp::testing` (see above).
//!
//! # Example: hold run, press forward, turn, release
//!
//! ```
//! use ac_motioninterp::testing::{HostEvent, RecordingHost};
//! use ac_motioninterp::{motion, MotionInterp, MovementParameters};
//! use ac_motiontable::Rules;
//!
//! let mut host = RecordingHost::default();
//! let mut mi = MotionInterp::new(Rules::default());
//! mi.enter_default_state(&mut host);
//!
//! let show = |step: &str, mi: &MotionInterp, host: &mut RecordingHost| {
//!     let s = mi.interpreted_state().expect("default state entered");
//!     let issued: Vec<String> = host
//!         .events
//!         .drain(..)
//!         .filter_map(|e| match e {
//!             HostEvent::DoMotion(m, speed, _) => Some(format!("do {m:#010X}@{speed}")),
//!             HostEvent::StopMotion(m, speed, _) => Some(format!("stop {m:#010X}@{speed}")),
//!             _ => None,
//!         })
//!         .collect();
//!     println!(
//!         "{step}: fwd={:#010X}@{} turn={:#010X}@{} issued {issued:?}",
//!         s.forward_command, s.forward_speed, s.turn_command, s.turn_speed
//!     );
//! };
//!
//! let p = MovementParameters::default();
//! mi.set_hold_run(&mut host, 1, false).unwrap();
//! show("hold run", &mi, &mut host);
//! mi.do_motion(&mut host, motion::WALK_FORWARD, &p).unwrap();
//! show("forward", &mi, &mut host);
//! assert_eq!(mi.interpreted_state().unwrap().forward_command, motion::RUN_FORWARD);
//! mi.do_motion(&mut host, motion::TURN_LEFT, &p).unwrap();
//! show("turn left", &mi, &mut host);
//! // TurnLeft is canonicalised to TurnRight × −1, × 1.5 while running.
//! assert_eq!(mi.interpreted_state().unwrap().turn_speed, -1.5);
//! mi.stop_motion(&mut host, motion::WALK_FORWARD, &p).unwrap();
//! mi.stop_motion(&mut host, motion::TURN_LEFT, &p).unwrap();
//! show("release", &mi, &mut host);
//! assert_eq!(mi.interpreted_state().unwrap().forward_command, motion::READY);
//! ```

#[macro_use]
mod trace;
mod actions;
mod error;
mod host;
mod interp;
mod manager;
pub mod moveto;
mod params;
mod pending;
mod state;
#[cfg(feature = "testing")]
pub mod testing;
pub mod wire;

/// The motion ids and names (`ac_motiontable::motion`), so callers of the interpreter need no
/// second dependency to name a motion.
pub use ac_motiontable::motion;

pub use actions::ActionList;
pub use error::{MotionInterpError, WeenieError};
pub use host::{MotionCompletion, MotionHost, Weenie};
pub use interp::{
    BACKWARDS_FACTOR, MAX_ACTIONS, MAX_SIDESTEP_ANIM_RATE, MotionInterp, MotionNode,
    RUN_ANIM_SPEED, RUN_TURN_FACTOR, SIDESTEP_ANIM_SPEED, SIDESTEP_FACTOR, WALK_ANIM_SPEED,
};
pub use manager::MovementManager;
pub use moveto::{MoveToHost, MoveToManager, MoveToOptions, TargetInfo, TargetStatus};
pub use params::{HoldKey, MovementParamFlags, MovementParameters, MovementStruct, MovementType};
pub use pending::PendingMotions;
pub use state::{ActionNode, InterpretedMotionState, RawMotionState};
