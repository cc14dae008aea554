//! Why a motion resolved as it did: the resolver's decisions as typed events.
//!
//! An [`Outcome`](crate::Outcome) says only *whether* a request resolved and how many link
//! animations it queued. To see *why*, call the resolver through [`Resolver::explaining`] with
//! a sink: every decision is reported to it as an [`ExplainEvent`], in the order the resolver
//! takes it — the call and the state it starts from, the branch of `GetObjectSequence` tried
//! (Style → SubState → Action → Modifier), every table lookup with its key and whether it hit,
//! each motion queued on the sequence with its role, speed, physics and animations, modifier
//! and action list changes, the `num_anims` rule applied, and how the call ended (or why it
//! was refused). Nested resolutions (a modifier re-applied after a transition, the stop inside
//! a modifier restart) appear between their own [`ExplainEvent::Call`] and
//! [`ExplainEvent::Return`].
//!
//! Events flow up as values into the caller's sink — `Vec<ExplainEvent>` collects them — and
//! never call back into a higher layer. They are `Copy`, so a sink may also keep only the
//! last few, count them, or forward them elsewhere.
//!
//! # Cost when off
//!
//! The resolver's ordinary methods report to [`NoExplain`], whose [`Explain::ENABLED`] is
//! `false`. Every report sits behind `if E::ENABLED`, a constant of the monomorphised code, so
//! building the event (even reading the state for it) compiles away and the resolver runs the
//! same instructions as one without explanation (checked with the `resolve` benchmark).
//!
//! Every event also has a one-line `Display` (`link? Links[NonCombat/Ready][WalkForward] (outer
//! key 0x003D0003, forward): found`), which `cargo xtask explain` lays out by nesting.
//!
//! # Serialization
//!
//! With the `serde` feature every event serializes as a JSON object with an `"event"` tag in
//! snake case (`{"event":"link","role":"link",…}`); motion ids and table keys are
//! `"0x%08X"` strings, vectors `[x, y, z]`.
//!
//! # Example
//!
//! ```
//! use ac_dat::{AnimData, MotionData, MotionTable};
//! use ac_motiontable::command::{cycle_key, stance::NON_COMBAT};
//! use ac_motiontable::explain::{Branch, ExplainEvent, LinkFound, Role};
//! use ac_motiontable::motion::{READY, WALK_FORWARD};
//! use ac_motiontable::{MotionState, RecordingSequence, Resolver, Rules};
//!
//! let anim = |id| MotionData::new(vec![AnimData::new(id)]);
//! let table = MotionTable {
//!     default_style: NON_COMBAT,
//!     style_defaults: vec![(NON_COMBAT, READY)],
//!     cycles: vec![
//!         (cycle_key(NON_COMBAT, READY), anim(0x0300_0001)),
//!         (cycle_key(NON_COMBAT, WALK_FORWARD), anim(0x0300_0002)),
//!     ],
//!     links: vec![(cycle_key(NON_COMBAT, READY), vec![(WALK_FORWARD, anim(0x0300_0010))])],
//!     ..MotionTable::default()
//! };
//! let r = Resolver::new(table, Rules::default());
//! let (mut state, mut seq) = (MotionState::new(), RecordingSequence::new());
//! r.set_default_state(&mut state, &mut seq);
//!
//! let mut events = Vec::new();
//! let outcome = r.explaining(&mut events).do_object_motion(WALK_FORWARD, &mut state, &mut seq, 1.0);
//! assert!(outcome.ok);
//! assert!(events.contains(&ExplainEvent::Branch { branch: Branch::Substate }));
//! // The Ready -> WalkForward link was found and queued before the walk cycle.
//! assert!(events.iter().any(|e| matches!(e,
//!     ExplainEvent::Link { role: Role::Link, found: LinkFound::Found, .. })));
//! let queued: Vec<Role> = events.iter().filter_map(|e| match e {
//!     ExplainEvent::Queue { role, .. } => Some(*role),
//!     _ => None,
//! }).collect();
//! assert_eq!(queued, [Role::Link, Role::Cycle]);
//! ```

use std::fmt;

use ac_dat::AnimData;
use ac_dat::motion::{MotionCommand, TableKey};
use glam::Vec3;

use crate::MotionState;

#[cfg(doc)]
use crate::Resolver;

/// A receiver of [`ExplainEvent`]s (see the [module docs](self)).
pub trait Explain {
    /// Whether the resolver reports to this sink at all. `false` only for [`NoExplain`]: the
    /// resolver then builds no event, at no cost.
    const ENABLED: bool = true;

    /// Receives one event.
    fn event(&mut self, event: ExplainEvent);
}

/// The sink of the resolver's ordinary methods: explanation off, compiled away.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct NoExplain;

impl Explain for NoExplain {
    const ENABLED: bool = false;

    #[inline(always)]
    fn event(&mut self, _: ExplainEvent) {}
}

impl Explain for Vec<ExplainEvent> {
    fn event(&mut self, event: ExplainEvent) {
        self.push(event);
    }
}

impl<E: Explain + ?Sized> Explain for &mut E {
    const ENABLED: bool = E::ENABLED;

    #[inline(always)]
    fn event(&mut self, event: ExplainEvent) {
        (**self).event(event);
    }
}

/// The `tracing` target of [`TraceExplain`]: `RUST_LOG=ac_motiontable::explain=trace` logs
/// every resolution of every object, explained.
///
/// Only with the `tracing` cargo feature.
#[cfg(feature = "tracing")]
pub const TRACE_TARGET: &str = "ac_motiontable::explain";

/// A sink that logs each event as a `tracing` TRACE event on [`TRACE_TARGET`], indented by
/// call nesting.
///
/// [`crate::MotionTableManager`] resolves through it when that target is enabled at TRACE,
/// and through [`NoExplain`] otherwise, so a program with a `tracing` subscriber can watch
/// every resolution without changing a line.
///
/// Only with the `tracing` cargo feature: without it the manager never logs, and a program
/// that wants the explanations asks for them ([`crate::Resolver::explaining`],
/// [`crate::MotionTableManager::perform_movement_explaining`]) with a sink of its own.
#[cfg(feature = "tracing")]
#[derive(Debug, Clone, Copy, Default)]
pub struct TraceExplain {
    layout: Nesting,
}

#[cfg(feature = "tracing")]
impl Explain for TraceExplain {
    fn event(&mut self, event: ExplainEvent) {
        let indent = self.layout.indent(&event) * 2;
        tracing::trace!(target: TRACE_TARGET, "{:indent$}{event}", "");
    }
}

/// The indentation of an explanation laid out one event per line: calls nest, a call's
/// `Return` lines up with it, an `Anim` sits under its `Queue`. Feed it the events in order.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Nesting {
    depth: usize,
}

impl Nesting {
    /// The indentation level of `event`, the next event of the explanation.
    pub fn indent(&mut self, event: &ExplainEvent) -> usize {
        match event {
            ExplainEvent::Call { .. } => {
                self.depth += 1;
                self.depth - 1
            }
            ExplainEvent::Return { .. } => {
                self.depth = self.depth.saturating_sub(1);
                self.depth
            }
            ExplainEvent::Anim { .. } => self.depth + 1,
            _ => self.depth,
        }
    }
}

/// One decision of the resolver.
///
/// Motion ids are [`MotionCommand`]s and table keys [`TableKey`]s, so `Debug` prints names
/// beside the raw values (`WalkForward(0x45000005)`, `NonCombat/Ready(0x003D0003)`).
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(tag = "event", rename_all = "snake_case"))]
pub enum ExplainEvent {
    /// A resolver operation starts from `state`.
    Call {
        /// Which operation.
        op: Operation,
        /// The requested motion (for `SetDefaultState` and `StopObjectCompletely`, the
        /// motion is 0).
        motion: MotionCommand,
        /// The requested speed; `None` for operations that take none (stops use none).
        speed: Option<f32>,
        /// `GetObjectSequence`'s `stop_modifiers` (true when a stop returns to the default).
        stop_modifiers: bool,
        /// The motion state before the call.
        state: StateSummary,
    },
    /// The operation that the matching [`ExplainEvent::Call`] started ended.
    Return {
        /// Which operation.
        op: Operation,
        /// Its result (ACE's `bool`).
        ok: bool,
        /// Its `numAnims`.
        num_anims: u32,
        /// The motion state after the call.
        state: StateSummary,
    },
    /// The operation fails here; the events before say what was missing.
    Refused {
        /// Why.
        reason: Refusal,
    },
    /// The operation succeeds at once without touching the sequence or the state.
    Shortcut {
        /// Why.
        reason: Shortcut,
    },
    /// `GetObjectSequence` tries a branch: the motion has this branch's class bit.
    Branch {
        /// The branch.
        branch: Branch,
    },
    /// The branch found nothing to play; the next class test follows.
    FellThrough {
        /// The branch left.
        branch: Branch,
        /// What it lacked.
        reason: FallThrough,
    },
    /// `StyleDefaults[style]` was looked up.
    StyleDefault {
        /// The style.
        style: MotionCommand,
        /// Its default substate, when listed.
        substate: Option<MotionCommand>,
    },
    /// `Cycles[(style, motion)]` was looked up.
    Cycle {
        /// The style of the key.
        style: MotionCommand,
        /// The substate of the key.
        motion: MotionCommand,
        /// The raw key.
        key: TableKey,
        /// Whether the entry exists.
        found: bool,
    },
    /// `Modifiers[key]` was looked up: first with the style, then style-less.
    Modifier {
        /// The style of a style-specific key; `None` for the style-less key.
        style: Option<MotionCommand>,
        /// The modifier.
        motion: MotionCommand,
        /// The raw key.
        key: TableKey,
        /// Whether the entry exists.
        found: bool,
    },
    /// `Links[outer][inner]` was looked up for one of the roles of a transition.
    Link {
        /// What the link would be played as.
        role: Role,
        /// Which of `get_link`'s lookups this is.
        kind: LinkKind,
        /// The style of the outer key.
        style: MotionCommand,
        /// The motion of the outer key; `None` for the style-wide group (`style << 16`).
        from: Option<MotionCommand>,
        /// The inner key (the destination in a forward lookup, the origin in a reversed one).
        to: MotionCommand,
        /// The raw outer key.
        outer: TableKey,
        /// The outcome.
        found: LinkFound,
    },
    /// A restricted cycle (bitfield 0x2) was checked: enterable only from itself or from the
    /// style's default substate.
    Restricted {
        /// The cycle's motion.
        motion: MotionCommand,
        /// Whether the current substate allows it.
        allowed: bool,
    },
    /// The transition goes through the style default: a first leg to it, a second from it.
    Detour {
        /// Why the direct way is not taken.
        reason: DetourReason,
    },
    /// The requested substate is the running one with a speed of the same sign: the cycle is
    /// re-timed in place, nothing is queued and `num_anims` stays 0.
    SpeedChange {
        /// The substate's old speed.
        from: f32,
        /// The new speed.
        to: f32,
    },
    /// Motion data was queued (ACE `add_motion`): the sequence velocity and omega are
    /// *replaced* by these, and [`ExplainEvent::Anim`] events follow for its animations.
    Queue {
        /// What the motion data is played as.
        role: Role,
        /// The speed it is played at (scales physics and framerates).
        speed: f32,
        /// Its number of animations.
        anims: u32,
        /// The velocity set (data velocity × speed).
        velocity: Vec3,
        /// The omega set (data omega × speed).
        omega: Vec3,
    },
    /// One animation appended to the sequence, framerate already scaled by the speed.
    Anim {
        /// The role of the motion data it belongs to.
        role: Role,
        /// The appended reference.
        anim: AnimData,
    },
    /// The sequence was changed otherwise than by queuing.
    Sequence {
        /// How.
        edit: SequenceEdit,
    },
    /// The modifier list was emptied (a cycle with bitfield 0x1, or `SetDefaultState`).
    ModifiersCleared {
        /// How many were listed.
        count: u32,
    },
    /// The action list was emptied (`SetDefaultState`).
    ActionsCleared {
        /// How many were listed.
        count: u32,
    },
    /// A modifier was listed (at the head).
    ModifierAdded {
        /// The modifier.
        motion: MotionCommand,
        /// Its speed.
        speed: f32,
    },
    /// Leaving a turn or sidestep substate lists it as a modifier, so it keeps turning.
    ModifierCarriedOver {
        /// The former substate.
        motion: MotionCommand,
        /// Its speed.
        speed: f32,
    },
    /// A modifier was stopped and unlisted.
    ModifierRemoved {
        /// The modifier.
        motion: MotionCommand,
        /// The speed it had been added with (its physics was subtracted at that speed).
        speed: f32,
    },
    /// `StopObjectCompletely` met a modifier it cannot stop (no `Modifiers` entry): the port
    /// unlists it without touching physics (ACE loops forever here).
    ModifierDropped {
        /// The modifier.
        motion: MotionCommand,
    },
    /// An action was listed (at the tail); it completes when its links have played.
    ActionAdded {
        /// The action.
        motion: MotionCommand,
        /// Its speed.
        speed: f32,
    },
    /// `re_modify`: after a transition cleared the physics, a listed modifier is taken off the
    /// head and resolved again (a nested call follows).
    ReModify {
        /// The modifier.
        motion: MotionCommand,
        /// Its speed.
        speed: f32,
    },
    /// A robustness bound stopped a loop the reference would not end.
    Limit {
        /// Which bound.
        limit: Limit,
    },
    /// The operation's `num_anims`: how many AnimDone hooks the manager waits for.
    NumAnims {
        /// The value.
        num_anims: u32,
        /// The rule that computed it.
        rule: CountRule,
    },
}

/// The resolver operation of an [`ExplainEvent::Call`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Operation {
    /// `GetObjectSequence` (also `DoObjectMotion`).
    GetObjectSequence,
    /// `StopSequenceMotion` (also `StopObjectMotion`).
    StopSequenceMotion,
    /// `StopObjectCompletely`.
    StopObjectCompletely,
    /// `SetDefaultState`.
    SetDefaultState,
}

/// A branch of `GetObjectSequence`, tried in this order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Branch {
    /// The motion is a style (stance): change style through the links.
    Style,
    /// The motion is a substate: enter its cycle through the links.
    Substate,
    /// The motion is an action: play its link, then the running cycle again.
    Action,
    /// The motion is a modifier: add its physics only.
    Modifier,
}

/// Why an operation failed ([`ExplainEvent::Refused`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Refusal {
    /// The style or the substate is 0: `SetDefaultState` never succeeded.
    NoState,
    /// Every branch the motion's class bits allow fell through (or none applies).
    Unresolved,
    /// A modifier already listed was stopped but could not be listed again.
    ModifierNotReadded,
    /// `SetDefaultState`: the default style has no default substate.
    NoDefaultSubstate,
    /// `SetDefaultState`: the default style's default cycle is missing (after the lists were
    /// cleared).
    NoDefaultCycle,
    /// A stop of a motion that is neither the current substate nor a modifier.
    NotStoppable,
    /// A stop of a modifier that is not listed.
    NotActive,
    /// A stop of a listed modifier that has no `Modifiers` entry.
    NoModifierData,
}

/// Why an operation succeeded without doing anything ([`ExplainEvent::Shortcut`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Shortcut {
    /// The requested style is the current one.
    AlreadyInStyle,
    /// The style's default substate was requested while the substate is a turn or sidestep.
    DefaultWhileTurning,
}

/// What a branch lacked ([`ExplainEvent::FellThrough`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum FallThrough {
    /// Style: no default substate to key the new style's cycle with.
    NoDefault,
    /// Style, substate: the target cycle is missing.
    NoCycle,
    /// Substate: the cycle is restricted and the current substate is neither it nor the
    /// style default.
    Restricted,
    /// Action, modifier: the running substate has no cycle in the current style.
    NoCurrentCycle,
    /// Action: no link to the action, directly or through the style default.
    NoLink,
    /// Modifier: the running cycle clears modifiers (bitfield 0x1), so it takes none.
    CycleClearsModifiers,
    /// Modifier: no `Modifiers` entry, style-specific or style-less.
    NoModifierData,
}

/// What a [`ExplainEvent::Link`] lookup or a [`ExplainEvent::Queue`] plays its data as.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Role {
    /// Style change: the current substate to its style's default, before leaving the style.
    LeaveSubstate,
    /// The direct link from the current state to the requested motion.
    Link,
    /// First leg of a detour: to the style default (substate, action) or, for a style
    /// change, to the default style.
    ToDefault,
    /// Second leg of a detour: from the default to the requested motion.
    FromDefault,
    /// Action detour: from the default back to the substate that was running.
    Back,
    /// The cycle that loops afterwards (the new one, or the running one re-appended after an
    /// action).
    Cycle,
}

/// Which lookup of `get_link` a [`ExplainEvent::Link`] is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum LinkKind {
    /// `Links[(style, from)][to]`: both speeds non-negative.
    Forward,
    /// The forward fallback, the style-wide group `Links[style << 16][to]`.
    StyleWide,
    /// A negative speed: `Links[(style, to)][from]`, to be played backwards.
    Reversed,
    /// The reversed fallback: the *forward* link `from → StyleDefaults[style]` (it ignores
    /// the requested motion).
    ReversedToDefault,
}

/// The outcome of a [`ExplainEvent::Link`] lookup.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum LinkFound {
    /// The entry exists.
    Found,
    /// The outer group exists but has no such destination. For a fallback lookup this ends
    /// `get_link` with no link (ACE returns the missing inner entry).
    NoInner,
    /// The outer group is missing.
    NoOuter,
}

/// Why a transition takes the detour through the style default ([`ExplainEvent::Detour`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum DetourReason {
    /// There is no direct link.
    NoDirectLink,
    /// The new speed's sign differs from the running substate's.
    SpeedSignChange,
}

/// A sequence change that is not a queued motion ([`ExplainEvent::Sequence`]).
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(tag = "op", rename_all = "snake_case"))]
pub enum SequenceEdit {
    /// Velocity and omega zeroed.
    ClearPhysics,
    /// Every node removed (`SetDefaultState`).
    ClearAnimations,
    /// The cyclic tail removed, so the new links and cycle follow the remaining links.
    RemoveCyclicAnims,
    /// The cyclic tail's framerates multiplied (a speed change).
    ScaleCycle {
        /// The factor (new speed / old speed, or 0).
        factor: f32,
    },
    /// Physics added (a modifier).
    CombinePhysics {
        /// Velocity added.
        velocity: Vec3,
        /// Omega added.
        omega: Vec3,
    },
    /// Physics subtracted (a stopped modifier, or the old speed of a re-timed cycle).
    SubtractPhysics {
        /// Velocity subtracted.
        velocity: Vec3,
        /// Omega subtracted.
        omega: Vec3,
    },
}

/// A robustness bound reached ([`ExplainEvent::Limit`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Limit {
    /// `re_modify` nesting reached [`crate::MAX_REMODIFY_DEPTH`]: the modifiers stay listed
    /// without their physics.
    RemodifyDepth,
    /// The call's [`crate::REMODIFY_BUDGET`] of re-applications is spent.
    RemodifyBudget,
    /// `StopObjectCompletely` ran [`crate::STOP_COMPLETELY_MAX_ITERATIONS`] times; the
    /// remaining modifiers were unlisted.
    StopIterations,
}

/// How an operation computed its `num_anims` ([`ExplainEvent::NumAnims`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum CountRule {
    /// Style or substate change: every queued animation, links and cycle, minus one (the
    /// cycle's last node loops), in wrapping `u32` arithmetic.
    LinksAndCycleMinusOne,
    /// Action: the action link's animations (the re-appended cycle is the tail).
    ActionLink,
    /// Action through the default: to-default + action + a third term — ACE counts the
    /// to-default link again when a back link exists; retail counts the back link (quirk
    /// `action-fallback-back-link`).
    ActionDetour,
    /// `SetDefaultState`: the default cycle's animations minus one.
    DefaultCycleMinusOne,
}

/// The part of a [`MotionState`] an explanation shows (the lists by length; they are in the
/// state itself).
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct StateSummary {
    /// The style.
    pub style: MotionCommand,
    /// The substate.
    pub substate: MotionCommand,
    /// The substate's speed.
    pub substate_mod: f32,
    /// How many modifiers are listed.
    pub modifiers: u32,
    /// How many actions are listed.
    pub actions: u32,
}

impl StateSummary {
    /// The summary of `state`.
    pub fn of(state: &MotionState) -> Self {
        Self {
            style: MotionCommand(state.style),
            substate: MotionCommand(state.substate),
            substate_mod: state.substate_mod,
            modifiers: state.modifiers().len() as u32,
            actions: state.actions().len() as u32,
        }
    }
}

// ---- one readable sentence per event (names beside raw values where a key is involved) ----

impl fmt::Display for ExplainEvent {
    /// One line, without a trailing newline; tools add indentation for nested calls.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ExplainEvent::Call {
                op,
                motion,
                speed,
                stop_modifiers,
                state,
            } => {
                write!(f, "{op}")?;
                match (op, speed) {
                    (Operation::SetDefaultState | Operation::StopObjectCompletely, _) => {}
                    (_, Some(s)) => write!(f, " {motion} @{s}")?,
                    (_, None) => write!(f, " {motion}")?,
                }
                if stop_modifiers {
                    f.write_str(" (a stop: back to the style default)")?;
                }
                write!(f, ", from {state}")
            }
            ExplainEvent::Return {
                ok,
                num_anims,
                state,
                ..
            } => {
                let verdict = if ok { "ok" } else { "refused" };
                write!(f, "=> {verdict}, num_anims {num_anims}, now {state}")
            }
            ExplainEvent::Refused { reason } => write!(f, "refused: {reason}"),
            ExplainEvent::Shortcut { reason } => write!(f, "nothing to do: {reason}"),
            ExplainEvent::Branch { branch } => {
                write!(f, "{branch} branch (the motion has the {branch} class bit)")
            }
            ExplainEvent::FellThrough { branch, reason } => {
                write!(f, "{branch} branch falls through: {reason}")
            }
            ExplainEvent::StyleDefault { style, substate } => match substate {
                Some(d) => write!(f, "StyleDefaults[{style}] = {d}"),
                None => write!(f, "StyleDefaults[{style}]: missing"),
            },
            ExplainEvent::Cycle {
                style,
                motion,
                key,
                found,
            } => write!(
                f,
                "Cycles[{style}/{motion}] (key 0x{:08X}): {}",
                key.0,
                found_or_missing(found)
            ),
            ExplainEvent::Modifier {
                style,
                motion,
                key,
                found,
            } => {
                match style {
                    Some(s) => write!(f, "Modifiers[{s}/{motion}]")?,
                    None => write!(f, "Modifiers[{motion}] (style-less)")?,
                }
                write!(f, " (key 0x{:08X}): {}", key.0, found_or_missing(found))
            }
            ExplainEvent::Link {
                role,
                kind,
                style,
                from,
                to,
                outer,
                found,
            } => {
                write!(f, "{role}? Links[{style}/")?;
                match from {
                    Some(m) => write!(f, "{m}")?,
                    None => f.write_str("*")?,
                }
                write!(f, "][{to}] (outer key 0x{:08X}, {kind}): {found}", outer.0)
            }
            ExplainEvent::Restricted { motion, allowed } => {
                let verdict = if allowed {
                    "allowed (the current substate is the style default)"
                } else {
                    "not allowed from this substate"
                };
                write!(f, "{motion} is restricted (bitfield 0x2): {verdict}")
            }
            ExplainEvent::Detour { reason } => {
                write!(f, "{reason}: go through the style default")
            }
            ExplainEvent::SpeedChange { from, to } => write!(
                f,
                "same substate, same speed sign: re-time the running cycle from @{from} to @{to}"
            ),
            ExplainEvent::Queue {
                role,
                speed,
                anims,
                velocity,
                omega,
            } => write!(
                f,
                "queue {role} @{speed}: {anims} anim(s), velocity {} omega {}",
                V(velocity),
                V(omega)
            ),
            ExplainEvent::Anim { anim, .. } => {
                write!(
                    f,
                    "anim 0x{:08X} frames {}..=",
                    anim.anim_id, anim.low_frame
                )?;
                match anim.high_frame {
                    -1 => f.write_str("last")?,
                    h => write!(f, "{h}")?,
                }
                write!(f, " at {} fps", anim.framerate)
            }
            ExplainEvent::Sequence { edit } => write!(f, "sequence: {edit}"),
            ExplainEvent::ModifiersCleared { count } => {
                write!(f, "modifier list cleared ({count} listed)")
            }
            ExplainEvent::ActionsCleared { count } => {
                write!(f, "action list cleared ({count} listed)")
            }
            ExplainEvent::ModifierAdded { motion, speed } => {
                write!(f, "modifier {motion} @{speed} listed")
            }
            ExplainEvent::ModifierCarriedOver { motion, speed } => write!(
                f,
                "the turn/sidestep {motion} @{speed} is carried over as a modifier"
            ),
            ExplainEvent::ModifierRemoved { motion, speed } => {
                write!(f, "modifier {motion} @{speed} unlisted")
            }
            ExplainEvent::ModifierDropped { motion } => write!(
                f,
                "modifier {motion} cannot be stopped (no Modifiers entry): unlisted without physics"
            ),
            ExplainEvent::ActionAdded { motion, speed } => {
                write!(f, "action {motion} @{speed} listed")
            }
            ExplainEvent::ReModify { motion, speed } => {
                write!(f, "re-apply modifier {motion} @{speed}")
            }
            ExplainEvent::Limit { limit } => write!(f, "limit reached: {limit}"),
            ExplainEvent::NumAnims { num_anims, rule } => {
                write!(f, "num_anims = {num_anims} ({rule})")
            }
        }
    }
}

fn found_or_missing(found: bool) -> &'static str {
    if found { "found" } else { "missing" }
}

/// A vector as `(x, y, z)`.
struct V(Vec3);

impl fmt::Display for V {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {}, {})", self.0.x, self.0.y, self.0.z)
    }
}

impl fmt::Display for StateSummary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{} @{}", self.style, self.substate, self.substate_mod)?;
        if self.modifiers != 0 {
            write!(f, ", {} modifier(s)", self.modifiers)?;
        }
        if self.actions != 0 {
            write!(f, ", {} action(s)", self.actions)?;
        }
        Ok(())
    }
}

impl fmt::Display for Operation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Operation::GetObjectSequence => "GetObjectSequence",
            Operation::StopSequenceMotion => "StopSequenceMotion",
            Operation::StopObjectCompletely => "StopObjectCompletely",
            Operation::SetDefaultState => "SetDefaultState",
        })
    }
}

impl fmt::Display for Branch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Branch::Style => "Style",
            Branch::Substate => "SubState",
            Branch::Action => "Action",
            Branch::Modifier => "Modifier",
        })
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Refusal::NoState => "the style or substate is 0 (SetDefaultState never succeeded)",
            Refusal::Unresolved => "no branch could resolve the motion",
            Refusal::ModifierNotReadded => "the modifier was stopped but could not be re-added",
            Refusal::NoDefaultSubstate => "the default style has no default substate",
            Refusal::NoDefaultCycle => "the default style's default cycle is missing",
            Refusal::NotStoppable => "neither the current substate nor a modifier",
            Refusal::NotActive => "the modifier is not listed",
            Refusal::NoModifierData => "the listed modifier has no Modifiers entry",
        })
    }
}

impl fmt::Display for Shortcut {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Shortcut::AlreadyInStyle => "already in that style",
            Shortcut::DefaultWhileTurning => {
                "the style default was asked while the substate is a turn or sidestep"
            }
        })
    }
}

impl fmt::Display for FallThrough {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FallThrough::NoDefault => "no default substate to key the new style's cycle with",
            FallThrough::NoCycle => "no cycle",
            FallThrough::Restricted => "the cycle is restricted and not enterable from here",
            FallThrough::NoCurrentCycle => "the running substate has no cycle in this style",
            FallThrough::NoLink => "no link to it, directly or through the style default",
            FallThrough::CycleClearsModifiers => "the running cycle takes no modifiers",
            FallThrough::NoModifierData => "no Modifiers entry",
        })
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Role::LeaveSubstate => "leave-substate link",
            Role::Link => "link",
            Role::ToDefault => "to-default link",
            Role::FromDefault => "from-default link",
            Role::Back => "back link",
            Role::Cycle => "cycle",
        })
    }
}

impl fmt::Display for LinkKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            LinkKind::Forward => "forward",
            LinkKind::StyleWide => "style-wide fallback",
            LinkKind::Reversed => "reversed for a negative speed",
            LinkKind::ReversedToDefault => "reversed fallback to the style default",
        })
    }
}

impl fmt::Display for LinkFound {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            LinkFound::Found => "found",
            LinkFound::NoInner => "missing (the group exists)",
            LinkFound::NoOuter => "missing (no such group)",
        })
    }
}

impl fmt::Display for DetourReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            DetourReason::NoDirectLink => "no direct link",
            DetourReason::SpeedSignChange => "the speed changes sign",
        })
    }
}

impl fmt::Display for SequenceEdit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            SequenceEdit::ClearPhysics => f.write_str("clear velocity and omega"),
            SequenceEdit::ClearAnimations => f.write_str("remove every node"),
            SequenceEdit::RemoveCyclicAnims => f.write_str("remove the cyclic tail"),
            SequenceEdit::ScaleCycle { factor } => {
                write!(f, "multiply the cyclic tail's framerates by {factor}")
            }
            SequenceEdit::CombinePhysics { velocity, omega } => {
                write!(f, "add velocity {} omega {}", V(velocity), V(omega))
            }
            SequenceEdit::SubtractPhysics { velocity, omega } => {
                write!(f, "subtract velocity {} omega {}", V(velocity), V(omega))
            }
        }
    }
}

impl fmt::Display for Limit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Limit::RemodifyDepth => "re_modify nesting depth (modifiers stay listed unapplied)",
            Limit::RemodifyBudget => "re_modify budget of this call",
            Limit::StopIterations => "StopObjectCompletely iterations (the rest unlisted)",
        })
    }
}

impl fmt::Display for CountRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            CountRule::LinksAndCycleMinusOne => "every queued anim, links and cycle, minus 1",
            CountRule::ActionLink => "the action link's anims",
            CountRule::ActionDetour => {
                "to-default + action links, plus the to-default link again (ACE) or the back link (retail) when a back link exists"
            }
            CountRule::DefaultCycleMinusOne => "the default cycle's anims minus 1",
        })
    }
}
