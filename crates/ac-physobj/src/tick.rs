//! The tick: one slice (`UpdateObjectInternal`), the hook and completion chain it runs, and the
//! time slicing of `update_object` that cuts an elapsed time into slices.

use ac_dat::{AnimationHook, Frame};
use ac_interp_manager::PositionManager;
use ac_motioninterp::Weenie;
use ac_motiontable::EPSILON;
use ac_sequence::AFrameOps;
use ac_sequence::aframe::nmath;
use glam::Vec3;

use crate::core::ObjCore;
use crate::events::ObjectEvent;
use crate::flags::{ObjectState, TransientState};
use crate::object::PhysicsObj;
use crate::parts::MotionCompletion;

/// What one slice (`UpdateObjectInternal`) did with the candidate position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SliceOutcome {
    /// Not active or no cell: nothing ran.
    Inactive,
    /// The candidate origin is within EPSILON of the old one on every axis: only the rotation is
    /// taken (quirk `frame-equals-origin-only`).
    Same,
    /// The candidate was accepted (no collision: see the crate docs).
    Moved,
    /// The object has no collision spheres: translation discarded, rotation kept (quirk
    /// `no-spheres-no-translation`).
    NoSpheres,
}

impl SliceOutcome {
    /// The word a trace's `slice` line prints.
    pub fn as_str(self) -> &'static str {
        match self {
            SliceOutcome::Inactive => "inactive",
            SliceOutcome::Same => "same",
            SliceOutcome::Moved => "moved",
            SliceOutcome::NoSpheres => "no_spheres",
        }
    }
}

/// The record of one slice, as a trace's `slice` line prints it (docs/scenarios.md).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SliceRecord {
    /// The slice quantum (the f64 quantum cast to f32).
    pub quantum: f32,
    /// What happened.
    pub outcome: SliceOutcome,
    /// The sequence's offset right after `Sequence.Update`, before scaling (`None` when Hidden).
    pub anim: Option<Frame>,
    /// The offset after scaling/zeroing and position correction.
    pub adjusted: Frame,
    /// The frame after combine, physics and `process_hooks`, before heading changes and placement.
    pub candidate: Frame,
}

impl SliceRecord {
    fn inactive(q: f32) -> Self {
        Self {
            quantum: q,
            outcome: SliceOutcome::Inactive,
            anim: None,
            adjusted: Frame::IDENTITY,
            candidate: Frame::IDENTITY,
        }
    }
}

/// The result of one `update_object` call.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct UpdateResult {
    /// ACE's return value: whether the call stepped (a gap between 1/30 s and 2 s).
    pub ran: bool,
    /// How many slices ran.
    pub slices: u32,
}

thread_local! {
    /// Per-thread hook buffer lent to a tick, so an object does not keep a hook buffer of its
    /// own (hooks are 64 bytes each; a walking cycle queues several per tick). A tick's hooks
    /// are all processed (and the buffer cleared) before it returns.
    static HOOK_SCRATCH: std::cell::Cell<Vec<AnimationHook>> = const { std::cell::Cell::new(Vec::new()) };
}

thread_local! {
    /// Per-thread buffer for the manager's completions (filled and replayed within one call).
    static COMPLETION_SCRATCH: std::cell::Cell<Vec<MotionCompletion>> = const { std::cell::Cell::new(Vec::new()) };
}

/// Take the thread's completion buffer, empty (a nested call simply gets a fresh one).
/// Out of line for the slice's callers (inlined there it costs the walker's slice more than
/// the call); [`take_completion_buffer_inline`] is the same take inlined.
#[inline(never)]
pub(crate) fn take_completion_buffer() -> Vec<MotionCompletion> {
    take_completion_buffer_inline()
}

/// [`take_completion_buffer`] inlined, for `RemoveLinkAnimations`' routed enter-world.
///
/// The buffer needs no clearing: the cell starts empty and its only writer,
/// [`PhysicsObj::replay_completions`], clears the buffer before putting it back.
#[inline(always)]
fn take_completion_buffer_inline() -> Vec<MotionCompletion> {
    let buf = COMPLETION_SCRATCH.with(std::cell::Cell::take);
    debug_assert!(buf.is_empty(), "the completion buffer goes back cleared");
    buf
}

/// Take the thread's hook buffer (empty; a nested call simply gets a fresh one) with the
/// hooks a bare sequence update left on the object in front, to be handed back by
/// [`return_hook_buffer`] (the reference host's single steps; a slice takes the buffer as it
/// is, see [`take_scratch_hook_buffer`]).
#[cfg_attr(not(feature = "reference-host"), allow(dead_code))]
pub(crate) fn take_hook_buffer<W>(core: &mut ObjCore<W>) -> Vec<AnimationHook> {
    let mut buf = HOOK_SCRATCH.with(std::cell::Cell::take);
    if let Some(f) = core.follow.as_deref_mut()
        && !f.hooks.is_empty()
    {
        buf.append(&mut f.hooks);
    }
    buf
}

/// Take the thread's hook buffer as it is (empty; a nested call simply gets a fresh one),
/// without the hooks a bare sequence update left on the object: a slice puts those in front
/// itself, just before it processes the hooks ([`PhysicsObj::run_slice_hooks`]). Inlined:
/// every slice takes the buffer, so the call would cost more than the swap it makes.
#[inline(always)]
fn take_scratch_hook_buffer() -> Vec<AnimationHook> {
    HOOK_SCRATCH.with(std::cell::Cell::take)
}

/// Give a buffer from [`take_hook_buffer`] back to the thread, emptied (the hook processing
/// that ran on it has cleared it already).
#[inline(always)]
pub(crate) fn return_hook_buffer(mut buf: Vec<AnimationHook>) {
    buf.clear();
    HOOK_SCRATCH.with(|c| c.set(buf));
}

/// The AlignPath / Sledding heading: `set_vector_heading(v / |v|)`. The reference divides by
/// the length before `set_vector_heading` normalises again; both roundings show in the result.
fn face_along(frame: &mut Frame, v: Vec3) {
    frame.set_vector_heading(v / nmath::length(v));
}

/// The time `update_object` consumed from a gap, for the clock carry of `update_object_at`.
type Consumed = f64;

impl<W: Weenie> PhysicsObj<W> {
    // ------------------------------------------------------------------ hooks and completions

    /// Replay completions: for each, log `motion_done`, run the interpreter's
    /// `MotionDone`, then log `weenie_motion_done` when there is a weenie. The buffer goes back
    /// to the thread.
    ///
    /// A run of completions the interpreter takes in its common case (inline non-Action
    /// heads: [`MovementManager::motion_done_common_batch`](ac_motioninterp::MovementManager::motion_done_common_batch))
    /// is taken in one pass, without [`Self::with_mm`]'s wrapping, when the object has no
    /// cold part and no deferred cancel: that case only sets `is_animating`, so the
    /// constraint sync, the lent flag and the after-call work around each call change
    /// nothing but the sync and the flag, which are brought to the routed call's values once
    /// after the last such completion. Its events are logged after the pass, in the order
    /// the single calls would have logged them (nothing in the pass logs or reads the log).
    pub(crate) fn replay_completions(&mut self, comps: Vec<MotionCompletion>) {
        self.replay_completions_inline(comps);
    }

    /// [`Self::replay_completions`] inlined, for `RemoveLinkAnimations`' routed enter-world
    /// (the other callers, the slice's among them, keep the call).
    #[inline(always)]
    fn replay_completions_inline(&mut self, comps: Vec<MotionCompletion>) {
        // Whether the last completion took the common case without `with_mm`.
        let mut settle = false;
        let mut rest = &comps[..];
        while let Some(c) = rest.first() {
            let quiet = self.core.follow.is_none()
                && !self.core.deferred_cancel
                && !tests::general_replay_only();
            let taken = if quiet {
                self.mm.as_mut().map_or(0, |mm| {
                    mm.motion_done_common_batch(&mut self.core, rest.len())
                })
            } else {
                0
            };
            if taken != 0 {
                tests::note_batch(taken);
                // The log switch is tested once for the run: nothing in the pass above or in
                // these events turns it on or off.
                if self.core.log_is_on() {
                    for c in &rest[..taken] {
                        self.log_completion(c);
                    }
                }
                rest = &rest[taken..];
                settle = true;
                continue;
            }
            self.core.log(ObjectEvent::MotionDone {
                motion: c.motion,
                success: c.success,
            });
            // Before `enter_default_state` ACE would dereference null; dropped here (quirk
            // `interpreter-before-default-state`).
            self.with_mm(|mm, core| {
                let _ = mm.motion_done(core, c.motion, c.success);
            });
            self.log_weenie_completion(c);
            rest = &rest[1..];
            settle = false;
        }
        if settle {
            // What the routed call of the last completion leaves: the constraint synced (the
            // position manager has not changed since) and the manager no longer lent.
            self.sync_constraint();
            self.core.pm_lent = false;
        }
        COMPLETION_SCRATCH.with(|cell| {
            let mut comps = comps;
            comps.clear();
            cell.set(comps);
        });
    }

    /// The events of a completion the common case took: `motion_done`, then
    /// `weenie_motion_done` when there is a weenie.
    #[inline(always)]
    fn log_completion(&mut self, c: &MotionCompletion) {
        self.core.log(ObjectEvent::MotionDone {
            motion: c.motion,
            success: c.success,
        });
        self.log_weenie_completion(c);
    }

    /// `weenie_motion_done`'s event, when there is a weenie.
    #[inline(always)]
    fn log_weenie_completion(&mut self, c: &MotionCompletion) {
        if self.core.weenie.is_some() {
            self.core.log(ObjectEvent::WeenieMotionDone {
                motion: c.motion,
                success: c.success,
            });
        }
    }

    /// `AnimationDone(success)` on the manager with the completions routed (`Hook_AnimDone`
    /// passes `true`).
    pub(crate) fn route_animation_done(&mut self, success: bool) {
        let mut buf = take_completion_buffer();
        self.core.parts.manager.animation_done(success, &mut buf);
        self.replay_completions(buf);
    }

    /// Host `process_hooks()` on `hooks` (the tick's buffer): each queued hook is logged, then
    /// executed (`AnimationDone` runs the completion chain; every other type does nothing);
    /// then the list is cleared. Only a sequence update queues hooks, and none runs while
    /// they are processed, so the buffer does not grow during the pass.
    pub(crate) fn run_hooks(&mut self, hooks: &mut Vec<AnimationHook>) {
        let mut i = 0;
        while i < hooks.len() {
            let (t, d) = {
                let h = &hooks[i];
                (h.data.type_id(), h.direction)
            };
            self.core.log(ObjectEvent::AnimHook {
                hook_type: t,
                direction: d,
            });
            if t == 4 {
                self.route_animation_done(true);
            }
            i += 1;
        }
        hooks.clear();
    }

    /// [`Self::run_hooks`] for a slice, whose buffer holds only the hooks its own sequence
    /// update queued: the hooks a bare sequence update left on the object go first, as
    /// [`take_hook_buffer`] would have put them (nothing reads the buffer between the take and
    /// here but the sequence update, which only appends).
    #[inline(always)]
    fn run_slice_hooks(&mut self, hooks: &mut Vec<AnimationHook>) {
        if let Some(f) = self.core.follow.as_deref_mut()
            && !f.hooks.is_empty()
        {
            hooks.splice(0..0, f.hooks.drain(..));
        }
        self.run_hooks(hooks);
    }

    /// Host `CheckForCompletedMotions()` (also `HandleMovement()`, the manager's `UseTime`):
    /// completes zero-anim head entries, replaying them.
    pub(crate) fn poll_completions(&mut self) {
        // Nothing completes unless the head entry waits for no anims: most slices stop here,
        // without lending the completion buffer.
        let head = self.core.parts.manager.pending().front();
        if head.is_none_or(|e| e.num_anims != 0) {
            return;
        }
        let mut buf = take_completion_buffer();
        self.core
            .parts
            .manager
            .check_for_completed_motions(&mut buf);
        self.replay_completions(buf);
    }

    /// `manager.HandleEnterWorld(seq)` (what `RemoveLinkAnimations` runs) with the completions
    /// routed.
    pub(crate) fn route_enter_world(&mut self) {
        let mut buf = take_completion_buffer_inline();
        let parts = &mut self.core.parts;
        parts
            .manager
            .handle_enter_world(&mut parts.sequence, &mut buf);
        self.replay_completions_inline(buf);
    }

    /// `manager.HandleExitWorld()` with the completions routed.
    pub(crate) fn route_exit_world(&mut self) {
        let mut buf = take_completion_buffer();
        self.core.parts.manager.handle_exit_world(&mut buf);
        self.replay_completions(buf);
    }

    // ------------------------------------------------------------------ one slice

    /// One slice: ACE `UpdateObjectInternal(q)` with the collision stand-in (see the crate
    /// docs) and the position manager's correction, `q` in seconds as f64.
    pub(crate) fn run_slice(&mut self, q: f64) -> SliceRecord {
        let qf = q as f32;
        if !self.core.transient.contains(TransientState::ACTIVE) || self.core.cell().is_none() {
            return SliceRecord::inactive(qf);
        }
        let r = match self.idle_slice(qf) {
            Some(r) => r,
            None => self.full_slice(q, qf),
        };
        trace_event!(
            trace,
            quantum = ?qf,
            outcome = r.outcome.as_str(),
            origin = ?self.core.position.frame.origin,
            "slice"
        );
        r
    }

    /// The full slice (every step of `UpdateObjectInternal`) of an active object with a cell,
    /// with the thread's hook buffer lent to it.
    pub(crate) fn full_slice(&mut self, q: f64, qf: f32) -> SliceRecord {
        let mut hooks = take_scratch_hook_buffer();
        let r = self.slice_inner(q, qf, &mut hooks);
        return_hook_buffer(hooks);
        r
    }

    /// [`Self::full_slice`] for a caller that does not read the record ([`Self::fixed_step`]):
    /// the same body inlined, so the record's frame copies are left out.
    #[inline(never)]
    fn full_slice_unrecorded(&mut self, q: f64, qf: f32) -> SliceOutcome {
        let mut hooks = take_scratch_hook_buffer();
        let r = self.slice_inner(q, qf, &mut hooks);
        return_hook_buffer(hooks);
        r.outcome
    }

    #[inline(always)]
    fn slice_inner(&mut self, q: f64, qf: f32, hooks: &mut Vec<AnimationHook>) -> SliceRecord {
        let pos = self.core.position.frame;
        let hidden = self.core.state.contains(ObjectState::HIDDEN);
        let mut off = Frame::IDENTITY;
        let anim = if !hidden {
            let core = &mut self.core;
            core.parts.sequence.update(qf, Some(&mut off), Some(hooks));
            let a = off;
            if core.transient.contains(TransientState::ON_WALKABLE) {
                off.origin *= core.scale;
            } else {
                off.origin *= 0.0;
            }
            Some(a)
        } else {
            None
        };
        self.adjust_offset(&mut off, q);
        let adjusted = off;

        let (mut cand, orientation_exact) = crate::core::combine_exact(&pos, &off);
        // Whether `cand`'s orientation is known to pass `set_frame`'s checks (see
        // `grotate_exact`); a heading change below drops it.
        let mut quat_valid = false;
        if !hidden {
            let has_mm = self.mm.is_some();
            quat_valid = self
                .core
                .update_physics(qf, &mut cand, has_mm, orientation_exact);
        }
        self.run_slice_hooks(hooks);
        let candidate = cand;

        let outcome = if self.core.num_spheres != 0 {
            let dx = (cand.origin.x - pos.origin.x).abs();
            let dy = (cand.origin.y - pos.origin.y).abs();
            let dz = (cand.origin.z - pos.origin.z).abs();
            if dx <= EPSILON && dy <= EPSILON && dz <= EPSILON {
                self.core.cached_velocity = Vec3::ZERO;
                self.core.set_frame_hinted(cand, quat_valid);
                self.core.initial_updates = self.core.initial_updates.wrapping_add(1);
                SliceOutcome::Same
            } else {
                // One test for the common case, neither bit (the same branches follow).
                if !self
                    .core
                    .state
                    .intersects(ObjectState::ALIGN_PATH | ObjectState::SLEDDING)
                {
                } else if self.core.state.contains(ObjectState::ALIGN_PATH) {
                    let d = cand.origin - pos.origin;
                    face_along(&mut cand, d);
                    quat_valid = false;
                } else if self.core.state.contains(ObjectState::SLEDDING)
                    && self.core.velocity != Vec3::ZERO
                {
                    let v = self.core.velocity;
                    face_along(&mut cand, v);
                    quat_valid = false;
                }
                // `0 + origin` first, as the reference does: it turns a `-0` component into `+0`.
                let moved = (Vec3::ZERO + cand.origin) - pos.origin;
                self.core.cached_velocity = moved / qf;
                self.core.set_frame_hinted(cand, quat_valid);
                SliceOutcome::Moved
            }
        } else {
            if self.mm.is_none() && self.core.transient.contains(TransientState::ON_WALKABLE) {
                self.core.transient.remove(TransientState::ACTIVE);
            }
            self.core.set_frame(Frame {
                origin: pos.origin,
                orientation: cand.orientation,
            });
            self.core.cached_velocity = Vec3::ZERO;
            self.core.initial_updates = self.core.initial_updates.wrapping_add(1);
            SliceOutcome::NoSpheres
        };

        // ACE: target_manager.HandleTargetting(), movement_manager.UseTime() (the
        // MoveToManager), part_array.HandleMovement() (the completion poll), then
        // position_manager.UseTime().
        self.handle_targetting();
        self.movement_manager_use_time();
        self.poll_completions();
        self.position_manager_use_time();

        SliceRecord {
            quantum: qf,
            outcome,
            anim,
            adjusted,
            candidate,
        }
    }

    /// `with_mm(|mm, core| mm.use_time(core))`, with the lending left out when there is no
    /// move-to manager: `UseTime` then only takes the deferred cancel
    /// (`MovementManager::use_time` runs nothing else), so lending the position manager
    /// around it, which only the callbacks of a call can see, changes nothing.
    #[inline(always)]
    fn movement_manager_use_time(&mut self) {
        match self.mm.as_ref() {
            Some(mm) if mm.move_to_manager_if_created().is_none() => {
                self.sync_constraint();
                self.core.deferred_cancel = false;
                self.after_manager_call();
            }
            _ => {
                self.with_mm(|mm, core| mm.use_time(core));
            }
        }
    }

    /// The position manager's correction of the slice's offset (none without one: tested
    /// inline, the call made only with one).
    #[inline(always)]
    fn adjust_offset(&mut self, off: &mut Frame, q: f64) {
        if self.core.pm.is_some() {
            self.adjust_offset_with_pm(off, q);
        }
    }

    #[inline(never)]
    fn adjust_offset_with_pm(&mut self, off: &mut Frame, q: f64) {
        self.with_pm(|pm, host| pm.adjust_offset(host, off, q));
    }

    /// The position manager's `UseTime` (nothing without one: tested inline, the call made
    /// only with one).
    #[inline(always)]
    fn position_manager_use_time(&mut self) {
        if self.core.pm.is_some() {
            self.position_manager_use_time_with_pm();
        }
    }

    #[inline(never)]
    fn position_manager_use_time_with_pm(&mut self) {
        self.with_pm(|pm, host| pm.use_time(host));
        self.after_manager_call();
    }

    /// Refresh the interpreter's view of `IsFullyConstrained` from the position manager.
    pub(crate) fn sync_constraint(&mut self) {
        self.core.pm_constrained = self
            .core
            .pm
            .as_deref()
            .is_some_and(PositionManager::is_fully_constrained);
    }

    // ------------------------------------------------------------------ time slicing

    /// `update_object`'s slicing of a gap `dt` (see [`PhysicsObj::update_object`]); returns the
    /// result and the simulated time (for the clock carry).
    pub(crate) fn slice_gap(
        &mut self,
        dt: f64,
        out: &mut Vec<SliceRecord>,
    ) -> (UpdateResult, Consumed) {
        // Each slice's events (and the motions it completes) nest under the gap being sliced.
        let _span = trace_span!(trace_span, "update_object", object = self.core.id(), dt);
        let mut res = UpdateResult::default();
        if self.core.cell().is_none() || self.core.state.contains(ObjectState::FROZEN) {
            self.core.transient.remove(TransientState::ACTIVE);
            return (res, 0.0);
        }
        let rules = self.core.rules().get();
        let tick = f64::from(rules.min_quantum);
        let maxq = f64::from(rules.max_quantum);
        if dt > rules.huge_quantum {
            trace_event!(
                debug,
                dt,
                huge_quantum = rules.huge_quantum,
                "gap dropped: too long to simulate"
            );
            return (res, dt);
        }
        let mut consumed = 0.0f64;
        let mut dt = dt;
        if rules.single_slice_small_gaps {
            if dt <= f64::from(EPSILON) {
                return (res, dt);
            }
            if dt <= maxq {
                out.push(self.run_slice(dt));
                res.slices = 1;
                res.ran = true;
                return (res, dt);
            }
        } else if dt < tick {
            return (res, 0.0);
        }
        while dt > maxq {
            out.push(self.run_slice(maxq));
            res.slices += 1;
            consumed += maxq;
            dt -= maxq;
        }
        if dt > tick {
            out.push(self.run_slice(dt));
            res.slices += 1;
            consumed += dt;
        }
        res.ran = true;
        (res, consumed)
    }

    /// One fixed step of `period` seconds for [`crate::World::step`]: `update_object`'s gate (no
    /// cell or Frozen: deactivate, nothing runs), one slice, and the clock advanced by `period`.
    /// Returns whether the slice was the idle one (for the world's parking, `park_mark_after_idle`).
    pub(crate) fn fixed_step(&mut self, period: f64) -> bool {
        let mut idle = false;
        if self.core.cell().is_none() || self.core.state.contains(ObjectState::FROZEN) {
            self.core.transient.remove(TransientState::ACTIVE);
        } else if self.core.transient.contains(TransientState::ACTIVE)
            && self.is_idle(period as f32)
        {
            // The idle slice without its record (nobody reads it here).
            idle = true;
            let outcome = self.idle_effects();
            trace_event!(
                trace,
                quantum = ?(period as f32),
                outcome = outcome.as_str(),
                origin = ?self.core.position.frame.origin,
                "slice"
            );
            let _ = outcome;
        } else if self.core.transient.contains(TransientState::ACTIVE) {
            // `run_slice` without its record (the idle test above already failed).
            let qf = period as f32;
            let outcome = self.full_slice_unrecorded(period, qf);
            trace_event!(
                trace,
                quantum = ?qf,
                outcome = outcome.as_str(),
                origin = ?self.core.position.frame.origin,
                "slice"
            );
            let _ = outcome;
        }
        self.core.update_time += period;
        idle
    }

    /// The clock-driven slicing (see [`PhysicsObj::update_object_at`]), for a `now` already
    /// checked to be finite.
    pub(crate) fn slice_until(&mut self, now: f64, out: &mut Vec<SliceRecord>) -> UpdateResult {
        let dt = now - self.core.update_time;
        let (r, consumed) = self.slice_gap(dt, out);
        if dt > self.core.rules().huge_quantum {
            self.core.update_time = now;
        } else {
            self.core.update_time += consumed;
        }
        r
    }
}

#[cfg(not(test))]
mod tests {
    /// Outside tests the replay always tries the common case.
    #[inline(always)]
    pub(super) fn general_replay_only() -> bool {
        false
    }

    /// Outside tests the batches are not counted.
    #[inline(always)]
    pub(super) fn note_batch(_taken: usize) {}
}

#[cfg(test)]
mod tests {
    use std::cell::Cell;

    thread_local! {
        /// Test switch: the replay takes the routed (general) call for every completion.
        static GENERAL_REPLAY_ONLY: Cell<bool> = const { Cell::new(false) };
        /// How many common-case passes of the replay took more than one completion.
        static MULTI_BATCHES: Cell<usize> = const { Cell::new(0) };
    }

    /// Count a common-case pass that took `taken` completions.
    pub(super) fn note_batch(taken: usize) {
        if taken > 1 {
            MULTI_BATCHES.with(|c| c.set(c.get() + 1));
        }
    }

    /// Whether the test switch asks for the general replay only.
    pub(super) fn general_replay_only() -> bool {
        GENERAL_REPLAY_ONLY.with(Cell::get)
    }

    /// Run `f` with the general replay only (`on`) or the common case allowed.
    #[cfg_attr(not(feature = "reference-host"), allow(dead_code))]
    pub(super) fn with_general_replay<R>(on: bool, f: impl FnOnce() -> R) -> R {
        GENERAL_REPLAY_ONLY.with(|c| c.set(on));
        let r = f();
        GENERAL_REPLAY_ONLY.with(|c| c.set(false));
        r
    }

    /// The common case of the completion replay (runs of completions taken in one pass)
    /// against the routed call for every completion: twin objects run the same random scripts (walk, run, turn, sidestep, an
    /// action, stops, slices, link removal, a leash, a stick, take-off and landing), one with
    /// the switch on; their results, event logs and whole state agree after every call.
    #[cfg(feature = "reference-host")]
    #[test]
    fn the_replay_common_case_matches_the_routed_call() {
        use std::sync::Arc;

        use ac_dat::Frame;
        use ac_interp_manager::Position;
        use ac_motioninterp::MovementParameters;
        use ac_motiontable::motion::{
            READY, RUN_FORWARD, SIDE_STEP_RIGHT, TURN_RIGHT, WALK_BACKWARDS, WALK_FORWARD, WAVE,
        };
        use ac_sequence::AnimationCache;
        use ac_testkit::walk_run;
        use glam::{Quat, Vec3};

        use crate::{ConfigWeenie, PhysicsObj};

        let anims: Arc<AnimationCache> = Arc::new(walk_run::animations().into_iter().collect());
        let at = Position::new(
            walk_run::CELL,
            Frame {
                origin: walk_run::ORIGIN,
                orientation: Quat::IDENTITY,
            },
        );
        let make = || {
            let mut o = PhysicsObj::builder()
                .motion_table(walk_run::table())
                .animations(anims.clone())
                .weenie(ConfigWeenie::default())
                .position(at)
                .build();
            o.set_event_logging(true);
            o
        };
        let motions = [
            WALK_FORWARD,
            RUN_FORWARD,
            WALK_BACKWARDS,
            TURN_RIGHT,
            SIDE_STEP_RIGHT,
            WAVE,
            READY,
        ];
        let mut fast = 0;
        for seed in 0..40u64 {
            let mut rng = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
            let mut next = move || {
                rng ^= rng << 13;
                rng ^= rng >> 7;
                rng ^= rng << 17;
                rng
            };
            let (mut a, mut b) = (make(), make());
            for step in 0..120 {
                let r = next();
                let m = motions[(r >> 8) as usize % motions.len()];
                let op = r % 10;
                let run = |o: &mut PhysicsObj, general: bool| {
                    with_general_replay(general, || {
                        let p = MovementParameters::default();
                        let out = match op {
                            0..=2 => format!("{:?}", o.do_motion(m, &p)),
                            3 | 4 => format!("{:?}", o.stop_motion(m, &p)),
                            5 => {
                                o.remove_link_animations();
                                String::new()
                            }
                            6 => format!("{:?}", o.update_object(0.2, &mut Vec::new())),
                            7 => match (r >> 20) % 4 {
                                0 => {
                                    // Near (free) or far (fully constrained).
                                    let mut to = at;
                                    to.frame.origin.x += [0.5, 5.0][(r >> 24) as usize % 2];
                                    o.constrain_to(&to, 0.5, 2.0);
                                    String::new()
                                }
                                // A stick gives the object its cold part for good: a quarter
                                // of the scripts only.
                                1 if seed % 4 == 0 => {
                                    o.stick_to(9, 0.5, 1.0);
                                    String::new()
                                }
                                2 => {
                                    o.unconstrain();
                                    o.unstick();
                                    String::new()
                                }
                                _ => format!("{:?}", o.stop_completely()),
                            },
                            8 => {
                                o.set_on_walkable((r >> 20) % 2 == 0);
                                o.set_velocity(Vec3::new(0.0, 0.0, 0.5));
                                String::new()
                            }
                            _ => format!("{:?}", o.update_object(1.0 / 15.0, &mut Vec::new())),
                        };
                        (out, o.take_events())
                    })
                };
                let (ra, ea) = run(&mut a, false);
                let (rb, eb) = run(&mut b, true);
                assert_eq!(ra, rb, "result, seed {seed} step {step}");
                assert_eq!(ea, eb, "events, seed {seed} step {step}");
                assert_eq!(
                    format!("{a:?}"),
                    format!("{b:?}"),
                    "seed {seed} step {step}"
                );
                fast += ea
                    .iter()
                    .filter(|e| matches!(e, crate::ObjectEvent::MotionDone { .. }))
                    .count();
            }
        }
        assert!(fast > 500, "only {fast} completions replayed");
        let multi = MULTI_BATCHES.with(Cell::get);
        assert!(multi > 50, "only {multi} passes took several completions");
    }
}

#[cfg(all(test, feature = "reference-host"))]
mod slice_tests {
    use std::sync::Arc;

    use ac_dat::{AnimationHook, Frame, HookData};
    use ac_interp_manager::Position;
    use ac_motioninterp::MovementParameters;
    use ac_motiontable::motion::{WALK_FORWARD, WAVE};
    use ac_sequence::AnimationCache;
    use ac_testkit::walk_run;
    use glam::Quat;

    use crate::{ConfigWeenie, PhysicsObj};

    const Q: f64 = 1.0 / 30.0;

    /// The scenario's walk/run humanoid, standing, with its event log on.
    fn humanoid() -> PhysicsObj {
        let anims: AnimationCache = walk_run::animations().into_iter().collect();
        let mut o = PhysicsObj::builder()
            .motion_table(walk_run::table())
            .animations(Arc::new(anims))
            .weenie(ConfigWeenie::default())
            .position(Position::new(
                walk_run::CELL,
                Frame {
                    origin: walk_run::ORIGIN,
                    orientation: Quat::IDENTITY,
                },
            ))
            .build();
        o.set_event_logging(true);
        o
    }

    /// The full slice as it was before the slice took the plain buffer: the hooks a bare
    /// sequence update left on the object put in front of the buffer at the take.
    fn slice_taking_pending_first(o: &mut PhysicsObj) -> super::SliceRecord {
        let mut hooks = super::take_hook_buffer(&mut o.core);
        let r = o.slice_inner(Q, Q as f32, &mut hooks);
        super::return_hook_buffer(hooks);
        r
    }

    #[test]
    fn a_slice_runs_the_hooks_left_on_the_object_first_as_the_take_did() {
        // The hooks are left on the object before slice `k`, for every `k` of the first
        // second, so some land in the same slice as the motion's own (the wave's script, the
        // link's end), whose order then shows.
        let mut together = 0;
        for motion in [WAVE, WALK_FORWARD] {
            for k in 0..30 {
                for pending in [1i32, 3] {
                    let (mut a, mut b) = (humanoid(), humanoid());
                    for o in [&mut a, &mut b] {
                        o.do_motion(motion, &MovementParameters::default())
                            .expect("allowed");
                        for _ in 0..k {
                            o.full_slice(Q, Q as f32);
                        }
                        o.take_events();
                        for i in 0..pending {
                            o.core.following().hooks.push(AnimationHook {
                                direction: 100 + i,
                                data: HookData::DefaultScript,
                            });
                        }
                    }
                    let ra = a.full_slice(Q, Q as f32);
                    let rb = slice_taking_pending_first(&mut b);
                    assert_eq!(format!("{ra:?}"), format!("{rb:?}"), "record, slice {k}");
                    let events = a.take_events();
                    assert_eq!(events, b.take_events(), "events, slice {k}");
                    assert_eq!(format!("{a:?}"), format!("{b:?}"), "object, slice {k}");
                    assert!(a.pending_hooks().is_empty());
                    let hooks: Vec<i32> = events
                        .iter()
                        .filter_map(|e| match e {
                            crate::ObjectEvent::AnimHook { direction, .. } => Some(*direction),
                            _ => None,
                        })
                        .collect();
                    // The ones left on the object first, in order, each once.
                    let left: Vec<i32> = (0..pending).map(|i| 100 + i).collect();
                    assert_eq!(hooks[..pending as usize], left[..], "slice {k}");
                    together += usize::from(hooks.len() > pending as usize);
                }
            }
        }
        assert!(
            together >= 4,
            "own hooks in the same slice {together} times"
        );
    }
}
