//! Replaying one object's recorded movement messages through a [`PhysicsObj`](crate::PhysicsObj) on the
//! messages' own clock, and measuring where the object was predicted to be against where the
//! recording says it was.
//!
//! Why: a client predicts every object between the server's position updates (its animation
//! moves it), and a server predicts its players between their reports. How good that
//! prediction is shows in the distance between the predicted position and the next recorded
//! one, message after message. With a user's real `client_portal.dat` the comparison is exact
//! in kind (the object's real animations and velocities); with the synthetic DAT the
//! animation lengths and velocities are not the retail ones, so the errors are illustrative.
//!
//! Two subjects ([`Subject`]):
//!
//! * **the local player** — its client's own actions: each MoveToState, AutonomousPosition and
//!   Jump is applied the way ACE's server applies it ([`crate::apply`]), after measuring the
//!   prediction against the position the action reports; and the motions the server imposed on
//!   the player (its UpdateMotions about the player that are not echoes of the player's own
//!   keys: a stance change, a move to an object), as the retail client applies them;
//! * **a remote object** — the server's messages about it as the retail client applies them:
//!   CreateObject, UpdateMotion, VectorUpdate, and each UpdatePosition, measured before it
//!   goes to position correction. The player's distance for the 96 m rule comes from the
//!   local player's reports in the recording.
//!
//! The other objects the recording places stand where it last placed them (no motion of their
//! own), so that a move to one of them finds its target.
//!
//! Time: the object is created at the first message that places it; between messages the
//! world steps in fixed 1/30 s steps up to each message's timestamp ([`World::step`]), so long
//! silences are simulated, not dropped. There is no collision: the object stands on flat
//! ground at the height of the last grounded position recorded, and lands there when it falls
//! to it.
//!
//! Nothing here reads files: the caller decodes the recording into [`Recorded`] messages.
//!
//! # Example
//!
//! ```
//! use ac_physobj::prelude::*;
//! use ac_physobj::replay::{Model, Recorded, ReplayOptions, Subject, replay};
//! use ac_physobj::wire::Message;
//! # let bytes = ac_testkit::synthetic::synthetic_dat(ac_testkit::synthetic::DEFAULT_SEED)?;
//! # let portal = PortalDat::new(DatArchive::from_vec(bytes)?);
//! // `portal`: client_portal.dat (here: the synthetic one, whose humanoid stands in for the
//! // recorded player). Two recorded MoveToStates of a player: run forward, then stop 0.7 s
//! // later 5 m away.
//! let recorded = [
//!     (94.304051, "b1f70000070000001cf600000500000002000000050000452a00b4a98f49fd42d06414429002bc4299d08c3e0000000000000000aa2076bf5a0000000000000001000000"),
//!     (95.009059, "b1f70000080000001cf6000001000000020000002a00b4a9284e0143aa4e03429002bc4299d08c3e0000000000000000aa2076bf5a0000000000000001000000"),
//! ];
//! let records = recorded
//!     .iter()
//!     .enumerate()
//!     .map(|(i, (t, hex))| Ok(Recorded { index: i as u64, t: *t, message: Message::decode(&unhex(hex))? }))
//!     .collect::<Result<Vec<_>, ac_physobj::wire::DecodeError>>()?;
//! let options = ReplayOptions {
//!     model: Model::Setup(ac_testkit::synthetic::HUMANOID_SETUP_ID),
//!     run_rate: Some(1.975_806_5), // what the server echoed for this player's run
//!     ..ReplayOptions::new(Subject::LocalPlayer)
//! };
//! let report = replay(&portal, &records, &options)?;
//! // The first message placed the player; the second is measured against the prediction.
//! let [stop] = report.samples.as_slice() else { unreachable!() };
//! assert!(stop.error < 1.0, "predicted {:?}, recorded {:?}", stop.predicted, stop.recorded);
//! # fn unhex(s: &str) -> Vec<u8> {
//! #     (0..s.len()).step_by(2).map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap()).collect()
//! # }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::collections::BTreeMap;
use std::fmt;

use ac_interp_manager::Position;
use ac_motioninterp::motion;
use ac_motioninterp::wire::Movement;
use ac_motiontable::Rules;
use ac_sequence::AFrameOps;
use glam::Vec3;

use crate::apply::{Applied, ApplyError};
use crate::builder::{BuildError, PhysicsObjBuilder, PortalDat};
use crate::flags::TransientState;
use crate::weenie::ConfigWeenie;
use crate::wire::{ContactFlags, CreateObject, GameAction, Message, PositionFlags};
use crate::world::{ObjectId, World};

/// One message of a recording.
#[derive(Debug, Clone, PartialEq)]
pub struct Recorded {
    /// Its number in the recording (for reports).
    pub index: u64,
    /// When it was recorded, in seconds on the recording's clock.
    pub t: f64,
    /// The message.
    pub message: Message,
}

/// Whose movement is replayed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Subject {
    /// The recording client's own player, from its MoveToStates, AutonomousPositions and Jumps.
    LocalPlayer,
    /// The object with this id, from the server's messages about it.
    Remote(u32),
}

/// What the replayed object is built from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Model {
    /// The Setup and motion table the subject's CreateObject names.
    Recorded,
    /// This Setup (with its default motion table), whatever the recording says.
    Setup(u32),
}

/// How to replay.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ReplayOptions {
    /// Whose movement.
    pub subject: Subject,
    /// What the object is built from.
    pub model: Model,
    /// The rules the object follows.
    pub rules: Rules,
    /// The local player's run rate; `None`: the rate the server echoed for its runs (the
    /// server knows it from the character's skills; the client's messages do not carry it).
    pub run_rate: Option<f32>,
}

impl ReplayOptions {
    /// Replay `subject` with the recorded model under ACE's rules.
    pub fn new(subject: Subject) -> Self {
        Self {
            subject,
            model: Model::Recorded,
            rules: Rules::default(),
            run_rate: None,
        }
    }
}

/// Why a recording could not be replayed.
#[derive(Debug, thiserror::Error)]
pub enum ReplayError {
    /// Nothing in the recording places the subject (no CreateObject or UpdatePosition of the
    /// remote object, no position report of the local player).
    #[error("nothing in the recording places {0}")]
    NotPlaced(Subject),
    /// The model is the recorded one, but the recording has no CreateObject for the subject
    /// (or, for the local player, its id is not known).
    #[error("the recording has no CreateObject naming the model of {0}")]
    NoCreateObject(Subject),
    /// The object could not be built from the DAT.
    #[error("building the replayed object: {0}")]
    Build(#[from] BuildError),
}

impl fmt::Display for Subject {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Subject::LocalPlayer => f.write_str("the local player"),
            Subject::Remote(guid) => write!(f, "object 0x{guid:08X}"),
        }
    }
}

/// One recorded position and the prediction at its time.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Sample {
    /// The message's number in the recording.
    pub index: u64,
    /// Its time.
    pub t: f64,
    /// The message that recorded the position (`UpdatePosition`, `MoveToState`, …).
    pub kind: &'static str,
    /// Where the recording says the object was.
    pub recorded: Position,
    /// Where the replayed object was when the message arrived.
    pub predicted: Position,
    /// The distance between the two (metres).
    pub error: f32,
    /// The angle between their compass headings (degrees, 0..=180).
    pub heading_error: f32,
}

/// A point of the predicted path.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PathPoint {
    /// When.
    pub t: f64,
    /// Where the object was.
    pub position: Position,
    /// The object moved here by itself (a step), rather than being put here by a message (a
    /// client's report taken, a teleport): a path drawn through the points breaks before a
    /// point that is not joined.
    pub joined: bool,
}

/// A message applied to the replayed object, and what it did.
#[derive(Debug, Clone, PartialEq)]
pub struct ReplayEvent {
    /// The message's number in the recording (`None`: the replay's own landing).
    pub index: Option<u64>,
    /// Its time.
    pub t: f64,
    /// The message (or `Landed`).
    pub kind: &'static str,
    /// What it did, in words.
    pub outcome: String,
    /// The error it was refused with, if it was.
    pub error: Option<ApplyError>,
}

/// The model the object was built from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ModelUsed {
    /// The Setup, when one was used.
    pub setup: Option<u32>,
    /// Whether it is the recording's own (else the one the options forced).
    pub from_recording: bool,
}

/// Mean and largest error of a replay.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ErrorSummary {
    /// Recorded positions compared.
    pub count: usize,
    /// Mean error (metres; 0 without samples).
    pub mean: f32,
    /// Largest error (metres; 0 without samples).
    pub max: f32,
    /// When the largest error occurred.
    pub max_at: f64,
    /// Largest heading error (degrees).
    pub max_heading: f32,
}

/// What a replay found.
#[derive(Debug, Clone, PartialEq)]
pub struct ReplayReport {
    /// Who was replayed.
    pub subject: Subject,
    /// The object's id (the local player's: from the server's echoes of its movement).
    pub guid: Option<u32>,
    /// What it was built from.
    pub model: ModelUsed,
    /// The local player's run rate used, when one was set.
    pub run_rate: Option<f32>,
    /// The replayed time span.
    pub start: f64,
    /// The replayed time span.
    pub end: f64,
    /// Every recorded position of the subject with the prediction at its time.
    pub samples: Vec<Sample>,
    /// The predicted path: the position after every step and after every message that moved
    /// the object.
    pub path: Vec<PathPoint>,
    /// The messages applied, and the replay's landings.
    pub events: Vec<ReplayEvent>,
}

impl ReplayReport {
    /// Mean and largest error over the samples.
    pub fn summary(&self) -> ErrorSummary {
        let count = self.samples.len();
        let sum: f64 = self.samples.iter().map(|s| f64::from(s.error)).sum();
        let (max, max_at) = self
            .samples
            .iter()
            .fold((0.0f32, self.start), |(m, at), s| {
                if s.error > m { (s.error, s.t) } else { (m, at) }
            });
        ErrorSummary {
            count,
            mean: if count == 0 {
                0.0
            } else {
                (sum / count as f64) as f32
            },
            max,
            max_at,
            max_heading: self
                .samples
                .iter()
                .map(|s| s.heading_error)
                .fold(0.0, f32::max),
        }
    }

    /// The events that were refused.
    pub fn refusals(&self) -> impl Iterator<Item = &ReplayEvent> {
        self.events.iter().filter(|e| e.error.is_some())
    }
}

/// `p` in one frame for the whole world: the landblock's corner (192 m per landblock, from
/// the cell id) plus the landblock-relative origin. For drawing paths that cross landblocks.
pub fn global_origin(p: &Position) -> Vec3 {
    Position::block_offset(0, p.cell_id) + p.frame.origin
}

/// Replay `records` (in recording order) for `options.subject`, building the object from
/// `portal`.
pub fn replay(
    portal: &PortalDat,
    records: &[Recorded],
    options: &ReplayOptions,
) -> Result<ReplayReport, ReplayError> {
    let subject = options.subject;
    let guid = match subject {
        Subject::Remote(g) => Some(g),
        Subject::LocalPlayer => records.iter().find_map(|r| match &r.message {
            Message::UpdateMotion(m) if m.autonomous == 1 => Some(m.guid),
            _ => None,
        }),
    };
    let start = records
        .iter()
        .position(|r| places(subject, &r.message).is_some())
        .ok_or(ReplayError::NotPlaced(subject))?;
    let first = &records[start];
    let Some((position, _)) = places(subject, &first.message) else {
        return Err(ReplayError::NotPlaced(subject));
    };
    let run_rate = match subject {
        Subject::LocalPlayer => options.run_rate.or_else(|| echoed_run_rate(records, guid)),
        Subject::Remote(_) => None,
    };
    let (builder, model) = build(portal, records, options, guid)?;
    let builder = builder
        .rules(options.rules)
        .id(guid.unwrap_or(0))
        .position(position)
        .weenie(ConfigWeenie {
            run_rate,
            ..ConfigWeenie::default()
        });
    let mut world = World::new(options.rules);
    let key = world.spawn(builder)?;
    let mut run = Run {
        world,
        key,
        now: first.t,
        ground: position.frame.origin.z,
        report: ReplayReport {
            subject,
            guid,
            model,
            run_rate,
            start: first.t,
            end: first.t,
            samples: Vec::new(),
            path: vec![PathPoint {
                t: first.t,
                position,
                joined: false,
            }],
            events: Vec::new(),
        },
        player: None,
        others: BTreeMap::new(),
    };
    // The objects placed before the subject appears are there when it does.
    for r in &records[..start] {
        if r.message.guid().is_some() && r.message.guid() != guid {
            run.place_other(&r.message);
        }
    }
    // The first record placed the object where it says: no prediction to measure there.
    run.take(subject, first, false);
    for r in &records[start + 1..] {
        run.advance(r.t);
        run.take(subject, r, true);
    }
    run.report.end = run.now;
    Ok(run.report)
}

/// The position a message gives the subject and whether it is on the ground, if it is one of
/// the subject's recorded positions.
fn places(subject: Subject, msg: &Message) -> Option<(Position, bool)> {
    match (subject, msg) {
        (Subject::LocalPlayer, Message::GameAction { action, .. }) => Some(match action {
            GameAction::MoveToState(m) => (m.position, m.contact.contains(ContactFlags::CONTACT)),
            GameAction::AutonomousPosition(a) => {
                (a.position, a.contact.contains(ContactFlags::CONTACT))
            }
            GameAction::Jump(j) => (j.position, false),
        }),
        (Subject::Remote(g), Message::UpdatePosition(u)) if u.guid == g => {
            Some((u.position, u.flags.contains(PositionFlags::IS_GROUNDED)))
        }
        (Subject::Remote(g), Message::CreateObject(c)) if c.guid == g => {
            c.physics.position.map(|p| (p, true))
        }
        _ => None,
    }
}

/// The speed of the first RunForward the server echoed for object `guid` (its run rate).
fn echoed_run_rate(records: &[Recorded], guid: Option<u32>) -> Option<f32> {
    let guid = guid?;
    records.iter().find_map(|r| match &r.message {
        Message::UpdateMotion(m) if m.guid == guid && m.autonomous == 1 => match &m.data.movement {
            Movement::InterpretedState { state, .. }
                if state.state.forward_command == motion::RUN_FORWARD =>
            {
                Some(state.state.forward_speed)
            }
            _ => None,
        },
        _ => None,
    })
}

/// The builder for the subject's model.
fn build(
    portal: &PortalDat,
    records: &[Recorded],
    options: &ReplayOptions,
    guid: Option<u32>,
) -> Result<(PhysicsObjBuilder, ModelUsed), ReplayError> {
    match options.model {
        Model::Setup(setup) => Ok((
            portal.object(setup)?,
            ModelUsed {
                setup: Some(setup),
                from_recording: false,
            },
        )),
        Model::Recorded => {
            let create: &CreateObject = guid
                .and_then(|g| {
                    records.iter().find_map(|r| match &r.message {
                        Message::CreateObject(c) if c.guid == g => Some(&**c),
                        _ => None,
                    })
                })
                .ok_or(ReplayError::NoCreateObject(options.subject))?;
            Ok((
                portal.object_for(create)?,
                ModelUsed {
                    setup: create.physics.setup,
                    from_recording: true,
                },
            ))
        }
    }
}

/// A replay under way.
struct Run {
    world: World,
    key: ObjectId,
    now: f64,
    /// The height of the flat ground: that of the last grounded position recorded.
    ground: f32,
    report: ReplayReport,
    /// The local player's last reported position (a remote replay's distance to the player).
    player: Option<Position>,
    /// Stand-ins for the other objects the recording places (a remote replay's targets).
    others: BTreeMap<u32, ObjectId>,
}

impl Run {
    /// Step the world in fixed steps up to `t`, recording the path and landing the object on
    /// the ground when it falls to it.
    fn advance(&mut self, t: f64) {
        let period = self.world.step_period();
        while self.now + 1e-9 < t {
            let dt = period.min(t - self.now);
            // `dt` is finite and non-negative: the step cannot be refused.
            let steps = self.world.step(dt).unwrap_or(0);
            self.now += dt;
            if steps > 0 {
                self.land_if_fallen();
                let position = *self.world[self.key].position();
                self.report.path.push(PathPoint {
                    t: self.now,
                    position,
                    joined: true,
                });
            }
        }
    }

    fn land_if_fallen(&mut self) {
        let o = &mut self.world[self.key];
        let falling = !o.transient().contains(TransientState::ON_WALKABLE)
            && o.velocity().z <= 0.0
            && o.position().frame.origin.z <= self.ground;
        if !falling {
            return;
        }
        let mut p = *o.position();
        p.frame.origin.z = self.ground;
        o.set_position(&p);
        o.land_on_flat_ground(self.ground);
        self.report.events.push(ReplayEvent {
            index: None,
            t: self.now,
            kind: "Landed",
            outcome: format!("on the ground at z={}", self.ground),
            error: None,
        });
    }

    /// Put the stand-in of the object another message places where it says (creating it).
    fn place_other(&mut self, m: &Message) {
        let Some(guid) = m.guid() else {
            return;
        };
        let Some((p, _)) = places(Subject::Remote(guid), m) else {
            return;
        };
        match self.others.get(&guid) {
            Some(&key) => self.world[key].set_position(&p),
            None => {
                let stand_in = PhysicsObjBuilder::new()
                    .rules(self.world.rules())
                    .id(guid)
                    .position(p);
                if let Ok(key) = self.world.spawn(stand_in) {
                    self.others.insert(guid, key);
                }
            }
        }
    }

    /// Measure (when `measure`) and apply one message, if it concerns the subject.
    fn take(&mut self, subject: Subject, r: &Recorded, measure: bool) {
        if let Some((recorded, grounded)) = places(subject, &r.message) {
            if measure {
                let predicted = *self.world[self.key].position();
                self.report.samples.push(Sample {
                    index: r.index,
                    t: r.t,
                    kind: r.message.name(),
                    recorded,
                    predicted,
                    error: predicted.distance(&recorded),
                    heading_error: heading_gap(&predicted, &recorded),
                });
            }
            if grounded {
                self.ground = recorded.frame.origin.z;
            }
        }
        let result = match (subject, &r.message) {
            (Subject::LocalPlayer, Message::GameAction { action, .. }) => self
                .world
                .apply_client_action(self.key, action)
                .map(|()| "applied".to_owned()),
            (Subject::Remote(g), m) if m.guid() == Some(g) => {
                if let Some(player) = self.player {
                    let d = self.world[self.key].position().distance(&player);
                    self.world[self.key].set_player_distance(d);
                }
                self.world.apply_message(m).map(|a| describe(&a))
            }
            (Subject::Remote(_), Message::GameAction { .. }) => {
                self.player = places(Subject::LocalPlayer, &r.message).map(|(p, _)| p);
                return;
            }
            // A motion the server imposed on the player (a stance change, a move to an
            // object): the retail client applies those to its own player, and ACE did the
            // same to its copy. Its autonomous UpdateMotions only echo the player's keys.
            (Subject::LocalPlayer, Message::UpdateMotion(m))
                if Some(m.guid) == self.report.guid && m.autonomous == 0 =>
            {
                self.world.apply_message(&r.message).map(|a| describe(&a))
            }
            (_, m) if m.guid().is_some() && m.guid() != self.report.guid => {
                self.place_other(m);
                return;
            }
            _ => return,
        };
        let moved_to = *self.world[self.key].position();
        if self.report.path.last().map(|p| p.position) != Some(moved_to) {
            self.report.path.push(PathPoint {
                t: r.t,
                position: moved_to,
                joined: false,
            });
        }
        let (outcome, error) = match result {
            Ok(text) => (text, None),
            Err(e) => (e.to_string(), Some(e)),
        };
        self.report.events.push(ReplayEvent {
            index: Some(r.index),
            t: r.t,
            kind: r.message.name(),
            outcome,
            error,
        });
    }
}

/// The angle between the compass headings of `a` and `b`, in degrees (0..=180).
fn heading_gap(a: &Position, b: &Position) -> f32 {
    let d = (a.frame.get_heading() - b.frame.get_heading()).rem_euclid(360.0);
    d.min(360.0 - d)
}

/// An outcome in words.
fn describe(a: &Applied) -> String {
    match a {
        Applied::Motion(m) => format!("{m:?}"),
        Applied::Position(p) => format!("{p:?}"),
        Applied::Vector(v) => format!("{v:?}"),
        Applied::Created(c) => format!("{c:?}"),
    }
}
