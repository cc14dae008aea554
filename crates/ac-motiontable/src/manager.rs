//! `MotionTableManager` (ports ACE's `MotionTableManager`): the object's
//! [`MotionState`], its motion table and the queue of motions waiting for their link animations
//! to finish.
//!
//! Completions are *returned*, never called back: every method that can complete queued motions
//! pushes one [`MotionCompletion`] per entry, in ACE's order, into a caller-owned buffer. In ACE
//! the loop calls `PhysicsObj.MotionDone` (→ `MotionInterp.MotionDone`) and then
//! `WeenieObj.OnMotionDone` for each entry before looking at the next one; the manager's own
//! bookkeeping for an entry (action-head pop, counter, dequeue) is finished before the weenie
//! call, and nothing in the loop reads what those callbacks change, so replaying the buffer in
//! order — for each entry `MotionDone` then `OnMotionDone` — yields the same sequence of effects.
//! (The one ACE path that could interleave, a callback issuing new motions that join the queue
//! during the loop, does not occur with the reference host, whose `unstick_from_object` and
//! `cancel_moveto` only log.)

use std::fmt;

use crate::command::is_action;
use crate::explain::{Explain, NoExplain};
#[cfg(feature = "tracing")]
use crate::explain::{TRACE_TARGET, TraceExplain};
use crate::motion::READY;
use crate::pending::{Pending, PendingQueue};
use crate::{
    AnimSequence, MotionCommand, MotionState, MovementType, Resolver, Rules, SharedRules,
    WeenieError,
};

/// `$table.$method(args)`, explained to `sink` when its [`Explain::ENABLED`] is true; without
/// a sink, [`resolve_logged!`].
macro_rules! resolve {
    ($table:expr, $sink:expr, $method:ident($($arg:expr),* $(,)?)) => {
        if sink_enabled($sink) {
            $table.explaining($sink).$method($($arg),*)
        } else {
            resolve_logged!($table, $method($($arg),*))
        }
    };
    ($table:expr, $method:ident($($arg:expr),* $(,)?)) => {
        resolve_logged!($table, $method($($arg),*))
    };
}

/// `$table.$method(args)`, explained to the `tracing` target [`TRACE_TARGET`] when it is
/// enabled at TRACE (see [`TraceExplain`]); the plain resolver call otherwise.
#[cfg(feature = "tracing")]
macro_rules! resolve_logged {
    ($table:expr, $method:ident($($arg:expr),*)) => {
        if tracing::enabled!(target: TRACE_TARGET, tracing::Level::TRACE) {
            $table.explaining(&mut TraceExplain::default()).$method($($arg),*)
        } else {
            $table.$method($($arg),*)
        }
    };
}

/// `$table.$method(args)`: without the `tracing` feature nothing logs the explanation.
#[cfg(not(feature = "tracing"))]
macro_rules! resolve_logged {
    ($table:expr, $method:ident($($arg:expr),*)) => {
        $table.$method($($arg),*)
    };
}

/// `E::ENABLED` for a sink in hand: a constant of the monomorphised code, so the untaken
/// branch of [`resolve!`] compiles away.
#[inline(always)]
fn sink_enabled<E: Explain + ?Sized>(_: &E) -> bool {
    E::ENABLED
}

/// One pending motion: its id and how many AnimDone hooks it still waits for (ACE `AnimNode`).
/// `Debug` names the motion beside its id.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct AnimNode {
    /// The motion id (stops are queued as `Ready`).
    pub motion: u32,
    /// AnimDone credits needed before it completes (`0xFFFFFFFF` after an underflow, quirk `num-anims-wrap`).
    pub num_anims: u32,
}

/// A completed motion, to be delivered by the owner as `MotionDone(motion, success)` and then
/// `WeenieObj.OnMotionDone(motion, success)`. `Debug` names the motion beside its id.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct MotionCompletion {
    /// The completed entry's motion id.
    pub motion: u32,
    /// `false` when drained by `HandleEnterWorld`/`HandleExitWorld` or a failed AnimDone.
    pub success: bool,
}

impl fmt::Debug for AnimNode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let AnimNode { motion, num_anims } = self;
        f.debug_struct("AnimNode")
            .field("motion", &MotionCommand(*motion))
            .field("num_anims", num_anims)
            .finish()
    }
}

impl fmt::Debug for MotionCompletion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let MotionCompletion { motion, success } = self;
        f.debug_struct("MotionCompletion")
            .field("motion", &MotionCommand(*motion))
            .field("success", success)
            .finish()
    }
}

/// The per-object motion-table manager.
#[derive(Debug, Clone, Default)]
pub struct MotionTableManager {
    table: Option<Resolver>,
    state: MotionState,
    /// The pending queue and ACE's `AnimationCounter` (`pending.animation_counter()`).
    pending: PendingQueue,
}

impl MotionTableManager {
    /// ACE `MotionTableManager.Create(id)`: a fresh manager (style 0, substate 0, mod 1, counter 0,
    /// empty queue) over `table`; `None` is a manager without a table (id 0).
    ///
    /// The table is read under `rules`, whatever rules the resolver was built with: a resolver
    /// is a shared index, and the rules belong to the object that owns this manager.
    pub fn new(table: Option<Resolver>, rules: Rules) -> Self {
        Self {
            table: table.map(|mut r| {
                if *r.rules != rules {
                    r.rules = SharedRules::new(rules);
                }
                r
            }),
            ..Self::default()
        }
    }

    /// The motion table, if any.
    pub fn table(&self) -> Option<&Resolver> {
        self.table.as_ref()
    }

    /// Whether a motion table is attached.
    pub fn has_table(&self) -> bool {
        self.table.is_some()
    }

    /// ACE `GetMotionTableID`: the table id or 0.
    pub fn motion_table_id(&self) -> u32 {
        self.table.as_ref().map_or(0, Resolver::id)
    }

    /// The motion state.
    pub fn state(&self) -> &MotionState {
        &self.state
    }

    /// The table and a mutable state together, for calling the resolver directly on this
    /// manager's state (what the scenario runner's motion-table steps do).
    pub fn table_and_state_mut(&mut self) -> (Option<&Resolver>, &mut MotionState) {
        (self.table.as_ref(), &mut self.state)
    }

    /// ACE `AnimationCounter`: AnimDone credits not yet consumed by the queue head.
    pub fn animation_counter(&self) -> u32 {
        self.pending.animation_counter()
    }

    /// The pending queue, head first.
    pub fn pending(&self) -> Pending<'_> {
        self.pending.entries()
    }

    /// ACE `PerformMovement` for the table-facing movement types.
    ///
    /// No table → `NoAnimationTable`. `InterpretedCommand` resolves and queues the motion;
    /// `StopInterpretedCommand` stops it and queues **Ready**; both answer `NoMtableData` when the
    /// table refuses. `StopCompletely` always queues Ready and answers `None`, as does every other
    /// type (nothing queued).
    pub fn perform_movement<S: AnimSequence + ?Sized>(
        &mut self,
        kind: MovementType,
        motion: u32,
        speed: f32,
        seq: &mut S,
    ) -> WeenieError {
        self.perform_movement_explaining(kind, motion, speed, seq, &mut NoExplain)
    }

    /// [`perform_movement`](Self::perform_movement), with the resolver's decisions for this
    /// movement reported to `sink` (see [`crate::explain`]): how a tool shows why an object's
    /// command played as it did. The answer, the state, the pending queue and the sequence are
    /// the same as without a sink. A movement type that does not reach the table reports
    /// nothing.
    pub fn perform_movement_explaining<S: AnimSequence + ?Sized, E: Explain + ?Sized>(
        &mut self,
        kind: MovementType,
        motion: u32,
        speed: f32,
        seq: &mut S,
        sink: &mut E,
    ) -> WeenieError {
        let Some(table) = self.table.as_ref() else {
            return WeenieError::NoAnimationTable;
        };
        let state = &mut self.state;
        // `must_resolve`: a refusal answers NoMtableData (StopCompletely queues Ready anyway).
        let (queued, o, must_resolve) = match kind {
            MovementType::InterpretedCommand => (
                motion,
                resolve!(table, sink, do_object_motion(motion, state, seq, speed)),
                true,
            ),
            MovementType::StopInterpretedCommand => (
                READY,
                resolve!(table, sink, stop_object_motion(motion, speed, state, seq)),
                true,
            ),
            MovementType::StopCompletely => (
                READY,
                resolve!(table, sink, stop_object_completely(state, seq)),
                false,
            ),
            _ => return WeenieError::None,
        };
        trace_event!(
            debug,
            ?kind,
            motion = ?MotionCommand(motion),
            speed = ?speed,
            ok = o.ok,
            num_anims = o.num_anims,
            "motion table resolved"
        );
        if must_resolve && !o.ok {
            return WeenieError::NoMtableData;
        }
        self.add_to_queue(queued, o.num_anims, seq);
        WeenieError::None
    }

    /// ACE `AnimationDone(success)`: one AnimDone credit.
    ///
    /// With an empty queue nothing happens (the counter is not incremented). Otherwise the
    /// counter grows by one and every head entry whose `num_anims` it covers completes (its
    /// action head is popped when it is an Action); surplus credit carries over and is discarded
    /// only when the queue drains.
    pub fn animation_done(&mut self, success: bool, out: &mut Vec<MotionCompletion>) {
        if self.pending.is_empty() {
            return;
        }
        let q = &mut self.pending;
        // The counter is read once and written back once: nothing in the loop reads it.
        let mut counter = q.animation_counter().wrapping_add(1);
        while let Some(e) = q.front() {
            if e.num_anims > counter {
                break;
            }
            if is_action(e.motion) {
                self.state.remove_action_head();
            }
            trace_event!(debug, motion = ?MotionCommand(e.motion), success, "motion done (AnimDone)");
            out.push(MotionCompletion {
                motion: e.motion,
                success,
            });
            counter = counter.wrapping_sub(e.num_anims);
            q.pop_front();
        }
        if counter != 0 && q.is_empty() {
            counter = 0;
        }
        q.set_animation_counter(counter);
    }

    /// ACE `CheckForCompletedMotions`: complete (success) every head entry that
    /// waits for no anims.
    ///
    /// Polled every tick and after every movement, and most polls find nothing to complete:
    /// the head is tested here, inline, and only a head that completes enters the loop.
    #[inline]
    pub fn check_for_completed_motions(&mut self, out: &mut Vec<MotionCompletion>) {
        if self.pending.front().is_some_and(|e| e.num_anims == 0) {
            self.complete_waiting_for_nothing(out);
        }
    }

    /// [`Self::check_for_completed_motions`]'s loop, entered with a head that completes.
    #[inline(never)]
    fn complete_waiting_for_nothing(&mut self, out: &mut Vec<MotionCompletion>) {
        while let Some(e) = self.pending.front() {
            if e.num_anims != 0 {
                return;
            }
            if is_action(e.motion) {
                self.state.remove_action_head();
            }
            trace_event!(debug, motion = ?MotionCommand(e.motion), "motion done (no anims to wait for)");
            out.push(MotionCompletion {
                motion: e.motion,
                success: true,
            });
            self.pending.pop_front();
        }
    }

    /// ACE `UseTime` = [`Self::check_for_completed_motions`] (polled every tick).
    #[inline]
    pub fn use_time(&mut self, out: &mut Vec<MotionCompletion>) {
        self.check_for_completed_motions(out);
    }

    /// ACE `initialize_state`: `SetDefaultState` (result ignored) and queue Ready
    /// with its `num_anims` (0 when there is no table or it failed).
    pub fn initialize_state<S: AnimSequence + ?Sized>(&mut self, seq: &mut S) {
        let n = match self.table.as_ref() {
            Some(t) => {
                let o = resolve!(t, set_default_state(&mut self.state, seq));
                trace_event!(
                    debug,
                    ok = o.ok,
                    num_anims = o.num_anims,
                    "default state set"
                );
                o.num_anims
            }
            None => 0,
        };
        self.add_to_queue(READY, n, seq);
    }

    /// ACE `HandleEnterWorld` (also what `PhysicsObj.RemoveLinkAnimations` runs):
    /// remove every link node, then complete every pending motion with `success = false`.
    pub fn handle_enter_world<S: AnimSequence + ?Sized>(
        &mut self,
        seq: &mut S,
        out: &mut Vec<MotionCompletion>,
    ) {
        seq.remove_all_link_animations();
        self.drain(out);
    }

    /// ACE `HandleExitWorld`: complete every pending motion with `success = false`.
    pub fn handle_exit_world(&mut self, out: &mut Vec<MotionCompletion>) {
        self.drain(out);
    }

    /// ACE's `while (pending not empty) AnimationDone(false)`.
    ///
    /// Every call of that loop completes the head or only raises the counter, and the loop
    /// runs until the queue is empty; so every entry completes, in order, with
    /// `success = false` (its action head popped when it is an Action), and the last call
    /// leaves the counter at 0. The port does exactly that in one pass, without the calls.
    /// An empty queue makes no call and keeps the counter.
    ///
    /// Quirk `enter-world-underflow` (robustness case `mtm_enter_world_underflow_hang`): an
    /// entry holding `0xFFFFFFFF` needs ~4.3·10⁹ calls in ACE; the one pass gives ACE's
    /// result at once, in O(entries).
    fn drain(&mut self, out: &mut Vec<MotionCompletion>) {
        if self.pending.is_empty() {
            return;
        }
        for e in self.pending.entries() {
            if is_action(e.motion) {
                self.state.remove_action_head();
            }
            trace_event!(debug, motion = ?MotionCommand(e.motion), success = false, "motion done (AnimDone)");
            out.push(MotionCompletion {
                motion: e.motion,
                success: false,
            });
        }
        self.pending.clear();
    }

    /// ACE `add_to_queue`: append and cut redundant link animations.
    ///
    /// ACE's `remove_redundant_links` rescans the list on every call; the result depends only
    /// on the appended entry's look back, which the queue answers from indexes, so a call
    /// costs amortised O(1) however many motions are pending (the reasoning, and the one
    /// bound that remains — distinct substate ids queued since the last barrier — are in the
    /// `pending` module's docs).
    pub fn add_to_queue<S: AnimSequence + ?Sized>(
        &mut self,
        motion: u32,
        num_anims: u32,
        seq: &mut S,
    ) {
        self.pending.push(AnimNode { motion, num_anims }, seq);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::RecordingSequence;

    #[test]
    fn drain_jumps_the_counter_only_when_calls_would_be_no_ops() {
        let mut m = MotionTableManager::new(None, Rules::default());
        let mut seq = RecordingSequence::new();
        m.add_to_queue(READY, u32::MAX, &mut seq);
        m.add_to_queue(READY, 0, &mut seq);
        let mut out = Vec::new();
        m.drain(&mut out);
        assert_eq!(out.len(), 2);
        assert!(out.iter().all(|c| !c.success));
        assert_eq!(m.animation_counter(), 0);
    }

    #[test]
    fn a_repeated_substate_cuts_and_zeroes_everything_after_its_twin() {
        let mut m = MotionTableManager::new(None, Rules::default());
        let mut seq = RecordingSequence::new();
        for (mo, n) in [(READY, 1), (crate::motion::WALK_FORWARD, 2), (READY, 3)] {
            m.add_to_queue(mo, n, &mut seq);
        }
        let counts: Vec<u32> = m.pending().iter().map(|e| e.num_anims).collect();
        assert_eq!(counts, [1, 0, 0]);
        assert_eq!(seq.ops(), [crate::SeqOp::RemoveLinkAnimations(5)]);
    }
}
