//! `ac-physobj` — layer 6 (top) of the acmotion stack, and the crate to program against: the
//! physics object and its world.
//!
//! ```text
//! ac-dat → ac-motiontable → ac-sequence → ac-motioninterp → ac-interp-manager → ac-physobj
//! ```
//!
//! This is the stack's **API boundary**: a client, server or tool depends on this crate alone
//! (the lower crates are re-exported under their own names, and [`prelude`] brings in what a
//! program needs). The lower crates are usable on their own, but their APIs serve the layers
//! above and change with them.
//!
//! # Walk a humanoid
//!
//! ```
//! use ac_physobj::prelude::*;
//! # let path = std::env::temp_dir().join(format!("acmotion-doc-{}.dat", std::process::id()));
//! # std::fs::write(&path, ac_testkit::synthetic::synthetic_dat(ac_testkit::synthetic::DEFAULT_SEED)?)?;
//!
//! let portal = PortalDat::open(&path)?; // client_portal.dat (here: the synthetic one)
//! let mut world = World::new(Rules::default());
//! let walker = world.spawn(portal.object(0x0200_0001)?)?; // a humanoid Setup
//! world[walker].do_motion(motion::WALK_FORWARD, &MovementParameters::default())?;
//! for _ in 0..60 {
//!     world.step(1.0 / 30.0)?; // two seconds at 30 Hz
//! }
//! println!("walked to {}", world[walker].position().frame.origin);
//! # assert!(world[walker].position().frame.origin.y > 1.0);
//! # std::fs::remove_file(&path)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # What is here
//!
//! * [`PhysicsObj`] — one object: its part array (animation sequence + motion-table manager),
//!   its movement manager (motion interpreter), its position manager (interpolation, sticky,
//!   constraint), its flags and physics state, and its tick. Build it with
//!   [`PhysicsObj::builder`] or from a [`PortalDat`]'s setups; drive it with
//!   [`PhysicsObj::do_motion`] and friends (refusals are `Err(WeenieError)`).
//! * Time: [`World::step`] advances every object in fixed 1/30 s slices whatever the frame rate;
//!   [`PhysicsObj::update_object`] / [`PhysicsObj::update_object_at`] and [`World::tick`] are the
//!   reference's own slicing (0.1 s chunks, a rest above 1/30 s, gaps above 2 s dropped), whose
//!   rules their docs spell out.
//! * [`Rules`] — ACE's behaviour (default) or the retail client's, set once: every layer of an
//!   object follows the rules it was built with, and a world's objects follow the world's.
//! * The game object is pluggable: `PhysicsObj<W: Weenie = ConfigWeenie>`.
//! * [`recording`] — a [`Recorder`](recording::Recorder) samples an object while you step it
//!   and hands back its path, speed, heading and animation playback (timed inside each tick),
//!   for tools that draw motion.
//! * [`wire`] reads and writes the movement messages (MoveToState, AutonomousPosition, Jump,
//!   UpdateMotion, UpdatePosition, VectorUpdate, CreateObject) byte for byte; [`apply`] applies
//!   them to objects (the server's messages as the retail client does, a player's actions as
//!   ACE's server does), [`World::apply_message`] routing each to the object it names.
//! * [`replay`] runs one object's recorded movement messages through an object on their own
//!   clock and measures the prediction against every recorded position.
//!
//! # No collision
//!
//! **There is no collision detection.** ACE's collision transition is replaced by the reference's
//! stand-in: a moved candidate position is accepted exactly as computed, the cell id does not
//! change, and nothing stops an object going through the ground. Contact, OnWalkable, the
//! contact plane and the acceleration change only when the caller says so
//! ([`PhysicsObj::set_on_walkable`], [`PhysicsObj::land_on_flat_ground`]). A falling object
//! falls forever until it is landed.
//!
//! # Interpolation
//!
//! ACE's own InterpolationManager is dead code (quirk `dead-interpolation-manager`), so position
//! correction follows the retail client's rules under every rule set: the correction replaces
//! the slice's offset frame (`interp-offset-replaced`), `keep_heading` is honoured
//! (`interp-keep-heading`), and a failed progress audit within 0.2 counts as success
//! (`interp-near-success`). `docs/quirks.md` lists these and every other quirk by name.
//!
//! # Logs
//!
//! With the `tracing` cargo feature (below) the stack reports its decisions as
//! [`tracing`](https://docs.rs/tracing) events, per crate
//! target: `ac_motiontable` (resolutions, queue changes, completions; every resolution
//! explained on `ac_motiontable::explain` at TRACE), `ac_motioninterp` (interpreter
//! decisions), and here `ac_physobj` (DEBUG: move-or-teleport decisions and gaps too long to
//! simulate; TRACE: each slice's quantum, outcome and position). The events of one motion
//! request nest in a `perform_movement` span, those of one update in an `update_object` span,
//! both carrying the object's id. Enable the feature and install any subscriber to see them, e.g.
//! `tracing_subscriber::fmt().with_env_filter("ac_motioninterp=debug")`; `cargo xtask` honours
//! `RUST_LOG`.
//!
//! # Cargo features
//!
//! * `reference-host` — the conformance runner's surface: direct interpreter and interpolation
//!   calls (`mi_*`, `im_*`), raw setters with no side effects, single slices, and the per-call
//!   event log (`ObjectEvent`, off until asked for). `xtask`
//!   enables it; a game does not need it.
//! * `tracing` — off by default. Compiles in the events and spans above and enables the same
//!   feature on `ac-motioninterp` and `ac-motiontable`. Without it the event sites compile to
//!   nothing and `tracing` is not a dependency: zero cost. With it and no subscriber that wants
//!   an event, each site is a load and a branch (a walking object's tick in the `moveto`
//!   benchmark runs about 2% more instructions). `xtask` enables it.

#[macro_use]
mod trace;
pub mod apply;
mod arena;
pub mod builder;
mod core;
#[cfg(feature = "reference-host")]
pub mod events;
// Without the feature the events are built and dropped at once (the log compiles away).
#[cfg(not(feature = "reference-host"))]
#[allow(dead_code)]
mod events;
pub mod flags;
mod host;
mod idle;
mod limits;
mod moveto;
mod object;
pub mod parts;
pub mod prelude;
pub mod recording;
#[cfg(feature = "reference-host")]
mod reference_host;
pub mod replay;
pub mod target;
mod tick;
pub mod weenie;
pub mod wire;
mod world;
mod world_targets;

pub use ac_dat;
pub use ac_interp_manager;
pub use ac_interp_manager::Position;
pub use ac_motioninterp;
pub use ac_motioninterp::{MoveToOptions, MovementParameters, TargetStatus, Weenie, WeenieError};
pub use ac_motiontable;
pub use ac_motiontable::{Fidelity, Rules};
pub use ac_sequence;
pub use builder::{BuildError, PhysicsObjBuilder, PortalDat};
pub use core::Plane;
#[cfg(feature = "reference-host")]
pub use events::ObjectEvent;
pub use flags::{ObjectState, TransientState};
pub use limits::{MAX_CLOCK, MAX_COORDINATE, MAX_HEADING, MAX_SPEED};
pub use moveto::{MAX_REPORT_NESTING, MAX_SELF_REPORTS_PER_CALL, MoveComplete, TargetObject};
pub use object::{PhysicsObj, SET_POSITION_FLAGS};
pub use parts::{MotionCompletion, PartArray};
pub use target::{TargetMail, TargetManager, TargetView};
pub use tick::{SliceOutcome, SliceRecord, UpdateResult};
pub use weenie::ConfigWeenie;
pub use world::{ObjectId, STEP_TOLERANCE, TimeError, World};
pub use world_targets::MAX_MAIL_ROUNDS;
