//! One resolution, then playback: put an object of a table in a start state, send it a command
//! through its motion table manager, and record what plays over the next seconds.
//!
//! Everything here calls the crates in order (`PhysicsObj` built from the table, the manager's
//! `perform_movement`, explained for the command by `perform_movement_explaining`,
//! `World::step`, `ac_physobj::recording::Recorder`); the only decisions made here are the
//! bounds on the request.

use std::str::FromStr;
use std::sync::Arc;

use ac_dat::MotionTable;
use ac_dat::motion::MotionCommand;
use ac_motiontable::explain::{ExplainEvent, Nesting};
use ac_motiontable::{Explain, Fidelity, MovementType, NoExplain, Rules, WeenieError};
use ac_physobj::recording::Recorder;
use ac_physobj::{ObjectId, PhysicsObj, World};
use ac_sequence::AnimationSource;
use serde::{Deserialize, Serialize};

use super::view::{Named, hex};
use crate::scenario::error::unknown_motion;
use crate::timeline::model::{Timeline, TimelineBuilder};

/// The largest |speed| the inspector resolves: a sequence's work per tick grows with its
/// framerate (speed × the table's rate), and a request must answer within its time bound.
pub const MAX_SPEED: f32 = 50.0;
/// The longest playback recorded after a command (seconds).
pub const MAX_SECONDS: f64 = 20.0;
/// The longest the start state may take to settle (its links to play out), in seconds.
const SETTLE_SECONDS: f64 = 10.0;
/// The fixed step of the recording (the world's tick, 1/30 s).
const STEP: f64 = 1.0 / 30.0;

/// What the page asks for.
#[derive(Debug, Clone, Deserialize)]
pub struct ResolveRequest {
    /// The motion table (`0x09000001` or decimal).
    pub table: String,
    /// The start style (a name or id; default: the table's default style).
    #[serde(default)]
    pub style: Option<String>,
    /// The start substate (default: the style's default substate).
    #[serde(default)]
    pub from: Option<String>,
    /// The command to resolve.
    pub command: String,
    /// Its speed (default 1).
    #[serde(default)]
    pub speed: Option<f32>,
    /// `ace` (default) or `retail`.
    #[serde(default)]
    pub fidelity: Option<String>,
    /// Seconds to record after the command (default 3).
    #[serde(default)]
    pub seconds: Option<f64>,
}

/// An animation in the list after the command.
#[derive(Debug, Serialize)]
pub struct QueuedAnim {
    /// `0x03……`.
    pub anim: String,
    /// First frame of its range.
    pub low: i32,
    /// Last frame of its range.
    pub high: i32,
    /// Frames per second (the table's rate × speed).
    pub framerate: f32,
    /// Whether it is in the cyclic tail.
    pub cyclic: bool,
    /// Whether the play head is in it.
    pub current: bool,
    /// What the table uses it for.
    pub uses: Vec<String>,
}

/// One decision of the resolution, as the page lists it.
#[derive(Debug, Serialize)]
pub struct Step {
    /// Call nesting: a nested resolution is one deeper, an animation sits under its queue line.
    pub depth: usize,
    /// The event's one-line text.
    pub text: String,
    /// The event itself (its serde form: `{"event": "link", …}`).
    pub event: ExplainEvent,
}

/// The steps of `events`, laid out by nesting.
fn explanation_steps(events: &[ExplainEvent]) -> Vec<Step> {
    let mut nesting = Nesting::default();
    events
        .iter()
        .map(|e| Step {
            depth: nesting.indent(e),
            text: e.to_string(),
            event: *e,
        })
        .collect()
}

/// The motion table manager's state.
#[derive(Debug, Serialize)]
pub struct StateView {
    /// The style.
    pub style: Named,
    /// The substate.
    pub substate: Named,
    /// The substate's speed.
    pub substate_speed: f32,
    /// Active modifiers.
    pub modifiers: Vec<Named>,
    /// Pending actions.
    pub actions: Vec<Named>,
}

impl StateView {
    fn of(obj: &PhysicsObj) -> Self {
        let s = obj.parts().manager.state();
        Self {
            style: Named::of(s.style),
            substate: Named::of(s.substate),
            substate_speed: s.substate_mod,
            modifiers: s.modifiers().iter().map(|m| Named::of(m.id)).collect(),
            actions: s.actions().iter().map(|m| Named::of(m.id)).collect(),
        }
    }
}

/// What one resolution did and what played after it.
#[derive(Debug, Serialize)]
pub struct Resolution {
    /// The table.
    pub table: String,
    /// The command.
    pub command: Named,
    /// Its speed.
    pub speed: f32,
    /// `ace` or `retail`.
    pub fidelity: &'static str,
    /// The state the object was in when the command was sent.
    pub before: StateView,
    /// The manager's answer (`None` = accepted).
    pub result: String,
    /// The resolver's decisions for the command, step by step.
    pub explanation: Vec<Step>,
    /// Whether the command was accepted.
    pub ok: bool,
    /// The state right after the command.
    pub after: StateView,
    /// The anim list right after the command.
    pub queued: Vec<QueuedAnim>,
    /// The sequence velocity right after the command (m/s, object frame).
    pub velocity: [f32; 3],
    /// The sequence omega right after the command (rad/s).
    pub omega: [f32; 3],
    /// The playback over the next seconds.
    pub timeline: Timeline,
}

/// A request the inspector refuses, with the reason the page shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal(pub String);

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// A motion name or number (`RunForward`, `0x44000007`).
pub fn parse_motion(what: &str, s: &str) -> Result<u32, Refusal> {
    let s = s.trim();
    if s.is_empty() {
        return Err(Refusal(format!("{what}: no motion given")));
    }
    MotionCommand::from_str(s)
        .map(MotionCommand::id)
        .map_err(|_| Refusal(format!("{what}: {}", unknown_motion(s))))
}

/// A table id (`0x09000001` or decimal).
pub fn parse_table_id(s: &str) -> Result<u32, Refusal> {
    let t = s.trim();
    let parsed = match t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
        Some(h) => u32::from_str_radix(h, 16),
        None => t.parse(),
    };
    parsed.map_err(|_| {
        Refusal(format!(
            "`{}` is not a table id (expected e.g. 0x09000001)",
            t.chars().take(40).collect::<String>()
        ))
    })
}

/// `ace` or `retail`.
pub fn parse_fidelity(s: Option<&str>) -> Result<Fidelity, Refusal> {
    match s.map(str::trim) {
        None | Some("" | "ace") => Ok(Fidelity::Ace),
        Some("retail") => Ok(Fidelity::Retail),
        Some(other) => Err(Refusal(format!(
            "fidelity `{}` is neither `ace` nor `retail`",
            other.chars().take(20).collect::<String>()
        ))),
    }
}

fn fidelity_name(f: Fidelity) -> &'static str {
    match f {
        Fidelity::Ace => "ace",
        Fidelity::Retail => "retail",
    }
}

/// The checked request.
#[derive(Debug, Clone, Copy)]
struct Plan {
    style: Option<u32>,
    from: Option<u32>,
    command: u32,
    speed: f32,
    fidelity: Fidelity,
    seconds: f64,
}

fn check(req: &ResolveRequest) -> Result<Plan, Refusal> {
    let speed = req.speed.unwrap_or(1.0);
    if !speed.is_finite() || speed.abs() > MAX_SPEED {
        return Err(Refusal(format!(
            "speed {speed} is out of range: the inspector resolves speeds within ±{MAX_SPEED}"
        )));
    }
    let seconds = req.seconds.unwrap_or(3.0);
    if !(seconds > 0.0 && seconds <= MAX_SECONDS) {
        return Err(Refusal(format!(
            "seconds {seconds} is out of range: record between 0 and {MAX_SECONDS} s"
        )));
    }
    let optional = |what: &str, s: &Option<String>| match s.as_deref().map(str::trim) {
        None | Some("") => Ok(None),
        Some(s) => parse_motion(what, s).map(Some),
    };
    Ok(Plan {
        style: optional("style", &req.style)?,
        from: optional("from", &req.from)?,
        command: parse_motion("command", &req.command)?,
        speed,
        fidelity: parse_fidelity(req.fidelity.as_deref())?,
        seconds,
    })
}

/// `perform_movement(InterpretedCommand, motion, speed)` on the object's manager, its
/// resolution explained to `sink`.
fn perform(
    obj: &mut PhysicsObj,
    motion: u32,
    speed: f32,
    sink: &mut (impl Explain + ?Sized),
) -> WeenieError {
    let parts = obj.parts_mut();
    parts.manager.perform_movement_explaining(
        MovementType::InterpretedCommand,
        motion,
        speed,
        &mut parts.sequence,
        sink,
    )
}

/// Steps the world until the object's links have played (at most [`SETTLE_SECONDS`]).
fn settle(world: &mut World, id: ObjectId) {
    let mut left = (SETTLE_SECONDS / STEP) as usize;
    while !world[id].parts().sequence.is_first_cyclic() && left > 0 {
        // A finite, positive step is never refused.
        let _ = world.step(STEP);
        left -= 1;
    }
}

/// Runs the request against `table`.
pub fn resolve(
    req: &ResolveRequest,
    table: &Arc<MotionTable>,
    animations: &Arc<dyn AnimationSource>,
) -> Result<Resolution, Refusal> {
    let plan = check(req)?;
    let rules = Rules::from(plan.fidelity);
    let mut world = World::new(rules);
    let id = world
        .spawn(
            PhysicsObj::builder()
                .motion_table(Arc::clone(table))
                .animations(Arc::clone(animations)),
        )
        .map_err(|e| Refusal(format!("cannot build an object of this table: {e}")))?;

    // The start state: the style, then the substate, each through the manager, links played.
    for (what, wanted) in [("style", plan.style), ("from", plan.from)] {
        let Some(motion) = wanted else { continue };
        let state = world[id].parts().manager.state();
        if state.style == motion || state.substate == motion {
            continue;
        }
        let e = perform(&mut world[id], motion, 1.0, &mut NoExplain);
        if e != WeenieError::None {
            return Err(Refusal(format!(
                "cannot reach the start state: {what} {} from {}/{} is refused ({})",
                MotionCommand(motion),
                MotionCommand(state_style(&world[id])),
                MotionCommand(world[id].parts().manager.state().substate),
                e.name()
            )));
        }
        settle(&mut world, id);
    }

    let before = StateView::of(&world[id]);
    let mut recorder = Recorder::start(&mut world[id]);
    let mut events = Vec::new();
    let result = perform(&mut world[id], plan.command, plan.speed, &mut events);
    let obj = &world[id];
    let seq = &obj.parts().sequence;
    let curr = seq.curr_anim();
    let mut cyclic = false;
    let queued = seq
        .node_ids()
        .filter_map(|n| {
            cyclic |= Some(n) == seq.first_cyclic();
            let node = seq.node(n)?;
            Some(QueuedAnim {
                anim: hex(node.anim_id()),
                low: node.low_frame(),
                high: node.high_frame(),
                framerate: node.framerate(),
                cyclic,
                current: Some(n) == curr,
                uses: table
                    .animation_uses(node.anim_id())
                    .iter()
                    .map(ToString::to_string)
                    .collect(),
            })
        })
        .collect();
    let after = StateView::of(obj);
    let (velocity, omega) = (seq.velocity().to_array(), seq.omega().to_array());

    let steps = (plan.seconds / STEP).round() as usize;
    for _ in 0..steps {
        let _ = world.step(STEP);
        recorder.sample(&world[id]);
    }
    let recording = recorder.finish(&mut world[id]);
    let title = format!(
        "{}: {}/{} → {} ×{} ({})",
        hex(table.id),
        before.style.name,
        before.substate.name,
        MotionCommand(plan.command),
        plan.speed,
        fidelity_name(plan.fidelity)
    );
    let mut b = TimelineBuilder::new(title);
    b.table(table)
        .playback(&recording.playback, 0.0)
        .samples(&recording.samples, 0.0)
        .mark(
            0.0,
            if result == WeenieError::None {
                format!("{} ×{} (accepted)", MotionCommand(plan.command), plan.speed)
            } else {
                format!(
                    "{} ×{} (refused: {})",
                    MotionCommand(plan.command),
                    plan.speed,
                    result.name()
                )
            },
        );
    Ok(Resolution {
        table: hex(table.id),
        command: Named::of(plan.command),
        speed: plan.speed,
        fidelity: fidelity_name(plan.fidelity),
        before,
        result: result.name().to_string(),
        explanation: explanation_steps(&events),
        ok: result == WeenieError::None,
        after,
        queued,
        velocity,
        omega,
        timeline: b.build(),
    })
}

fn state_style(obj: &PhysicsObj) -> u32 {
    obj.parts().manager.state().style
}
