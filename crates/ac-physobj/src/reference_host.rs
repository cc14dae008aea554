//! The conformance runner's surface of [`PhysicsObj`] (cargo feature `reference-host`).
//!
//! The scenario corpus drives every layer through the object as the reference's own test host
//! did: the interpreter's methods one by one (`mi_*`), the interpolation manager's (`im_*`), the
//! table manager and the sequence directly ([`PhysicsObj::parts_mut`]), raw state setters with
//! no side effects, single slices, and an event log of every call the lower layers made on the
//! object, in order. None of this is needed to use the object, and most of it can put an object
//! in states the game never would, so it is compiled only with the feature. Names follow ACE
//! (`mi_create`, `get_minterp`, …) because the corpus does.
//!
//! Event logging is off until [`PhysicsObj::set_event_logging`] turns it on.

use ac_dat::{AnimationHook, Frame};
use ac_interp_manager::{InterpolationManager, Position, PositionManager};
use ac_motioninterp::{
    HoldKey, MotionInterp, MovementManager, MovementParameters, MovementStruct, MovementType,
    Weenie, WeenieError,
};
use glam::Vec3;

use crate::core::{CoreFlags, Plane};
use crate::events::ObjectEvent;
use crate::flags::{ObjectState, TransientState};
use crate::object::PhysicsObj;
use crate::parts::PartArray;
use crate::tick::{SliceRecord, return_hook_buffer, take_hook_buffer};

/// Map an interpreter answer for the trace: a missing interpreter is `NoMotionInterpreter`, as
/// is misuse before `enter_default_state` (which ACE does not survive).
fn refusal(r: Option<Result<(), WeenieError>>) -> WeenieError {
    r.map_or(WeenieError::NoMotionInterpreter, WeenieError::from_result)
}

impl<W: Weenie> PhysicsObj<W> {
    // ------------------------------------------------------------------ switches and the log

    /// Whether the physics layer is on (default on): `set_velocity` then also activates the
    /// object, as ACE's PhysicsObj does. Off reproduces the animation-only reference host, where
    /// velocity changes never touch Active.
    pub fn physics_layer(&self) -> bool {
        self.core.flag(CoreFlags::PHYSICS_LAYER)
    }
    /// Switch the physics layer on or off (see [`Self::physics_layer`]).
    pub fn set_physics_layer(&mut self, on: bool) {
        self.core.set_flag(CoreFlags::PHYSICS_LAYER, on);
    }
    /// Record host events from now on (default off, so nothing grows unless asked for).
    pub fn set_event_logging(&mut self, on: bool) {
        if on {
            self.core.event_log_mut().on = true;
        } else if self.core.event_log().is_some() {
            self.core.event_log_mut().on = false;
        }
    }
    /// The events logged so far, oldest first.
    pub fn events(&self) -> &[ObjectEvent] {
        self.core.event_log().map_or(&[], |l| &l.events)
    }
    /// Take the events logged so far (the log is left empty).
    pub fn take_events(&mut self) -> Vec<ObjectEvent> {
        if self.core.event_log().is_none() {
            return Vec::new();
        }
        std::mem::take(&mut self.core.event_log_mut().events)
    }
    /// Drain the events logged so far, keeping the log's allocation.
    pub fn drain_events(&mut self) -> std::vec::Drain<'_, ObjectEvent> {
        self.core.event_log_mut().events.drain(..)
    }

    // ------------------------------------------------------------------ views

    /// Mutable part array, for table-layer and sequence ops that drive the manager's state and
    /// the sequence directly. Completions of direct manager calls are not routed.
    pub fn parts_mut(&mut self) -> &mut PartArray {
        &mut self.core.parts
    }
    /// The movement manager, if created.
    pub fn movement_manager(&self) -> Option<&MovementManager> {
        self.mm.as_ref()
    }
    /// Whether the movement manager exists (`mm` in the trace).
    pub fn has_movement_manager(&self) -> bool {
        self.mm.is_some()
    }
    /// Whether the position manager exists (`pm` in the trace).
    pub fn has_position_manager(&self) -> bool {
        self.core.pm.is_some()
    }
    /// The interpolation manager, if created.
    pub fn interpolation(&self) -> Option<&InterpolationManager> {
        self.core
            .pm
            .as_deref()
            .and_then(PositionManager::interpolation)
    }
    /// `IsInterpolating()`.
    pub fn is_interpolating(&self) -> bool {
        self.core
            .pm
            .as_deref()
            .is_some_and(PositionManager::is_interpolating)
    }
    /// Velocity measured over the last moved slice.
    pub fn cached_velocity(&self) -> Vec3 {
        self.core.cached_velocity
    }
    /// Root-motion scale.
    pub fn scale(&self) -> f32 {
        self.core.scale
    }
    /// Friction coefficient.
    pub fn friction(&self) -> f32 {
        self.core.friction
    }
    /// The contact plane.
    pub fn contact_plane(&self) -> Plane {
        self.core.contact_plane()
    }
    /// How many slices ended without translation (`same` / `no_spheres`).
    pub fn initial_updates(&self) -> i32 {
        self.core.initial_updates
    }
    /// Number of collision spheres (0 selects the no-spheres branch of the slice).
    pub fn num_spheres(&self) -> i32 {
        self.core.num_spheres
    }
    /// `IsAnimating`: maintained by the interpreter.
    pub fn is_animating(&self) -> bool {
        self.core.is_animating
    }
    /// `movement_is_autonomous()`.
    pub fn is_autonomous(&self) -> bool {
        self.core.autonomous
    }
    /// `IsFullyConstrained()` as the host answers it.
    pub fn is_constrained(&self) -> bool {
        self.core.constrained
    }
    /// Distance to the player, for MoveOrTeleport's 96-unit rule.
    pub fn player_distance(&self) -> f32 {
        self.core.player_distance()
    }
    /// What "is moving to" answers.
    pub fn moving_to(&self) -> bool {
        self.core.flag(CoreFlags::MOVING_TO)
    }
    /// The teleport timestamp.
    pub fn teleport_stamp(&self) -> i32 {
        self.core.stamps()[crate::apply::Stamp::Teleport]
    }
    /// Animation hooks queued by the sequence and not yet processed.
    pub fn pending_hooks(&self) -> &[AnimationHook] {
        self.core.pending_hooks()
    }
    /// The object's clock: time of its last `update_object_at`.
    pub fn update_time(&self) -> f64 {
        self.core.update_time
    }

    // ------------------------------------------------------------------ raw setters (`set`)

    /// Set `State` raw (no side effects).
    pub fn set_state_raw(&mut self, s: ObjectState) {
        self.core.state = s;
    }
    /// Set `TransientState` raw (no side effects).
    pub fn set_transient_raw(&mut self, t: TransientState) {
        self.core.transient = t;
    }
    /// Set or clear one `TransientState` bit.
    pub fn set_transient_flag(&mut self, flag: TransientState, on: bool) {
        self.core.transient.set(flag, on);
    }
    /// Set the position directly (no validity check, no event). If the object has a cell, its id
    /// follows the position's cell id.
    pub fn set_position_raw(&mut self, p: Position) {
        // The cell id, when there is a cell, is the position's: it follows.
        self.core.position = p;
    }
    /// Give the object a cell (with the position's cell id) or remove it.
    pub fn set_has_cell(&mut self, on: bool) {
        self.core.set_flag(CoreFlags::HAS_CELL, on);
    }
    /// Set the velocity as is: no clamp, no event, no activation.
    pub fn set_velocity_raw(&mut self, v: Vec3) {
        self.core.velocity = v;
    }
    /// Set the acceleration.
    pub fn set_acceleration_raw(&mut self, a: Vec3) {
        self.core.set_acceleration(a);
    }
    /// Set the cached velocity.
    pub fn set_cached_velocity_raw(&mut self, v: Vec3) {
        self.core.cached_velocity = v;
    }
    /// Set the root-motion scale.
    pub fn set_scale(&mut self, s: f32) {
        self.core.scale = s;
    }
    /// Set the friction coefficient.
    pub fn set_friction(&mut self, f: f32) {
        self.core.friction = f;
    }
    /// Set the contact plane.
    pub fn set_contact_plane(&mut self, p: Plane) {
        self.core.set_contact_plane(p);
    }
    /// Set the cylinder radius (used by sticky distances only).
    pub fn set_radius(&mut self, r: f32) {
        self.core.set_radius(r);
    }
    /// Set the number of collision spheres.
    pub fn set_num_spheres(&mut self, n: i32) {
        self.core.num_spheres = n;
    }
    /// Set the `movement_is_autonomous()` answer.
    pub fn set_autonomous(&mut self, on: bool) {
        self.core.autonomous = on;
    }
    /// Set the `IsFullyConstrained()` answer.
    pub fn set_constrained(&mut self, on: bool) {
        self.core.constrained = on;
    }
    /// Set the object id.
    pub fn set_id(&mut self, id: u32) {
        self.core.set_id(id);
    }
    /// Set the "is moving to" answer.
    pub fn set_moving_to(&mut self, on: bool) {
        self.core.set_flag(CoreFlags::MOVING_TO, on);
    }
    /// Set the teleport timestamp.
    pub fn set_teleport_stamp(&mut self, t: i32) {
        self.core.stamps_mut()[crate::apply::Stamp::Teleport] = t;
    }
    /// Set the object's clock.
    pub fn set_update_time(&mut self, t: f64) {
        self.core.update_time = t;
    }

    // ------------------------------------------------------------------ host calls

    /// `calc_acceleration()`.
    pub fn calc_acceleration(&mut self) {
        self.core.calc_acceleration();
    }
    /// `set_frame(f)` with ACE's validity rule.
    pub fn set_frame(&mut self, f: Frame) {
        self.core.set_frame(f);
    }
    /// Host `process_hooks()`: each queued hook is logged, then executed.
    pub fn process_hooks(&mut self) {
        let mut hooks = take_hook_buffer(&mut self.core);
        self.run_hooks(&mut hooks);
        return_hook_buffer(hooks);
    }
    /// Host `CheckForCompletedMotions()`: completes zero-anim head entries, replaying them.
    pub fn check_for_completed_motions(&mut self) {
        self.poll_completions();
    }
    /// `HandleMovement()`: the manager's `UseTime` (= `CheckForCompletedMotions`).
    pub fn handle_movement(&mut self) {
        self.poll_completions();
    }
    /// Host `RemoveLinkAnimations()`: logs, then `manager.HandleEnterWorld(seq)`, completions
    /// replayed.
    pub fn remove_link_animations(&mut self) {
        self.core.log(ObjectEvent::RemoveLinkAnimations);
        self.route_enter_world();
    }
    /// `manager.HandleEnterWorld(seq)` called directly (no `remove_link_animations` event),
    /// completions routed.
    pub fn handle_enter_world(&mut self) {
        self.route_enter_world();
    }

    /// Run `f` on the interpreter with the object as its host; `None` without an interpreter.
    /// Run `f` on the interpreter with the object as its host, through the movement manager
    /// (so a cancel reaches the move-to manager); `None` without an interpreter.
    fn with_mi<R>(
        &mut self,
        f: impl FnOnce(&mut MotionInterp, &mut dyn ac_motioninterp::MotionHost) -> R,
    ) -> Option<R> {
        self.with_mm(|mm, core| mm.with_interp(core, f)).flatten()
    }
    /// `AnimationDone(success)` on the manager with the completions routed.
    pub fn animation_done(&mut self, success: bool) {
        self.route_animation_done(success);
    }
    /// `manager.HandleExitWorld()` with the completions routed.
    pub fn handle_exit_world(&mut self) {
        self.route_exit_world();
    }

    // ------------------------------------------------------------------ single steps

    /// The scenario step `update`: `Sequence.Update(q, frame)` on a fresh identity frame (or a null
    /// frame when `with_frame` is false); hooks stay queued. Returns the frame when there was one.
    pub fn update_sequence(&mut self, q: f32, with_frame: bool) -> Option<Frame> {
        // The hooks stay queued on the object (in its cold part) for a later process_hooks.
        let mut hooks = take_hook_buffer(&mut self.core);
        let seq = &mut self.core.parts.sequence;
        let f = if with_frame {
            let mut f = Frame::IDENTITY;
            seq.update(q, Some(&mut f), Some(&mut hooks));
            Some(f)
        } else {
            seq.update(q, None, Some(&mut hooks));
            None
        };
        if !hooks.is_empty() {
            self.core.following().hooks.append(&mut hooks);
        }
        return_hook_buffer(hooks);
        f
    }
    /// The scenario step `tick q`: (1) if not Hidden, `Sequence.Update(q, frame)` on a fresh
    /// identity frame; (2) `process_hooks()`; (3) `HandleMovement()`. Returns the offset frame
    /// (identity when Hidden skipped the update).
    pub fn anim_tick(&mut self, q: f32) -> Frame {
        let mut hooks = take_hook_buffer(&mut self.core);
        let mut frame = Frame::IDENTITY;
        if !self.core.state.contains(ObjectState::HIDDEN) {
            self.core
                .parts
                .sequence
                .update(q, Some(&mut frame), Some(&mut hooks));
        }
        self.run_hooks(&mut hooks);
        self.poll_completions();
        return_hook_buffer(hooks);
        frame
    }
    /// The scenario step `update_object dt` (animation-only host): `None` when skipped (dt below
    /// `min_quantum` or above `huge_quantum`), else the offsets of the [`Self::anim_tick`]
    /// slices, appended to `out`.
    pub fn anim_update_object(&mut self, dt: f64, out: &mut Vec<Frame>) -> Option<u32> {
        let rules = self.core.rules().get();
        let tick = f64::from(rules.min_quantum);
        let maxq = f64::from(rules.max_quantum);
        if dt < tick || dt > rules.huge_quantum {
            return None;
        }
        let mut dt = dt;
        let mut n = 0;
        while dt > maxq {
            out.push(self.anim_tick(rules.max_quantum));
            n += 1;
            dt -= maxq;
        }
        if dt > tick {
            out.push(self.anim_tick(dt as f32));
            n += 1;
        }
        Some(n)
    }
    /// One slice: ACE `UpdateObjectInternal(q)`, `q` in seconds.
    pub fn slice(&mut self, q: f64) -> SliceRecord {
        self.run_slice(q)
    }

    // ------------------------------------------------------------------ the interpreter

    /// The motion interpreter, if created (the corpus's `mi`).
    pub fn minterp(&self) -> Option<&MotionInterp> {
        self.movement_interpreter()
    }
    /// The scenario step `mi_create`: `MotionInterp.Create(object, weenie)` registered as the
    /// object's interpreter (a movement manager holding it). Its state stays null until
    /// [`Self::mi_enter_default_state`]. Replaces any previous interpreter.
    pub fn mi_create(&mut self) {
        self.mm
            .insert(MovementManager::with_shared_rules(
                self.core.rules().clone(),
                self.core.update_time,
            ))
            .create_interpreter();
    }
    /// `get_minterp()`: the interpreter, creating the movement manager (event
    /// `make_movement_manager`) and entering the default state when missing.
    pub fn get_minterp(&mut self) -> Option<&MotionInterp> {
        self.get_minterp_routed();
        self.mm.as_ref().and_then(MovementManager::interpreter)
    }
    /// `enter_default_state()`.
    pub fn mi_enter_default_state(&mut self) {
        self.with_mi(|mi, h| mi.enter_default_state(h));
    }
    /// `MotionInterp.DoMotion` called directly.
    pub fn mi_do_motion(&mut self, motion: u32, p: &MovementParameters) -> WeenieError {
        refusal(self.with_mi(|mi, h| mi.do_motion(h, motion, p)))
    }
    /// `MotionInterp.DoInterpretedMotion`.
    pub fn mi_do_interpreted_motion(&mut self, motion: u32, p: &MovementParameters) -> WeenieError {
        refusal(self.with_mi(|mi, h| mi.do_interpreted_motion(h, motion, p)))
    }
    /// `MotionInterp.StopMotion`.
    pub fn mi_stop_motion(&mut self, motion: u32, p: &MovementParameters) -> WeenieError {
        refusal(self.with_mi(|mi, h| mi.stop_motion(h, motion, p)))
    }
    /// `MotionInterp.StopInterpretedMotion`.
    pub fn mi_stop_interpreted_motion(
        &mut self,
        motion: u32,
        p: &MovementParameters,
    ) -> WeenieError {
        refusal(self.with_mi(|mi, h| mi.stop_interpreted_motion(h, motion, p)))
    }
    /// `MotionInterp.StopCompletely`.
    pub fn mi_stop_completely(&mut self) -> WeenieError {
        refusal(self.with_mi(|mi, h| mi.stop_completely(h)))
    }
    /// `MotionInterp.PerformMovement` (ends with the host's `CheckForCompletedMotions`).
    pub fn mi_perform_movement(
        &mut self,
        kind: MovementType,
        motion: u32,
        p: &MovementParameters,
    ) -> WeenieError {
        let mvs = MovementStruct::new(kind, motion, *p);
        refusal(self.with_mi(|mi, h| mi.perform_movement(h, &mvs)))
    }
    /// `apply_current_movement(cancel_moveto, allow_jump)`.
    pub fn mi_apply_current_movement(&mut self, cancel_moveto: bool, allow_jump: bool) {
        self.with_mi(|mi, h| mi.apply_current_movement(h, cancel_moveto, allow_jump));
    }
    /// `apply_raw_movement(cancel_moveto, allow_jump)`.
    pub fn mi_apply_raw_movement(&mut self, cancel_moveto: bool, allow_jump: bool) {
        self.with_mi(|mi, h| mi.apply_raw_movement(h, cancel_moveto, allow_jump));
    }
    /// `apply_interpreted_movement(cancel_moveto, allow_jump)`.
    pub fn mi_apply_interpreted_movement(&mut self, cancel_moveto: bool, allow_jump: bool) {
        self.with_mi(|mi, h| mi.apply_interpreted_movement(h, cancel_moveto, allow_jump));
    }
    /// `MotionInterp.MotionDone(success)` called directly (no events of its own).
    pub fn mi_motion_done(&mut self, success: bool) {
        self.with_mi(|mi, h| mi.motion_done(h, success));
    }
    /// `HitGround()` called directly: no flag changes.
    pub fn mi_hit_ground(&mut self) {
        self.with_mi(|mi, h| mi.hit_ground(h));
    }
    /// `LeaveGround()` called directly: no flag changes.
    pub fn mi_leave_ground(&mut self) {
        self.with_mi(|mi, h| mi.leave_ground(h));
    }
    /// `jump(extent, stamina)`.
    pub fn mi_jump(&mut self, extent: f32, stamina: i32) -> WeenieError {
        refusal(self.with_mi(|mi, h| mi.jump(h, extent, stamina)))
    }
    /// `charge_jump()`: `None`, `YouCantJumpFromThisPosition` or `CantJumpLoadedDown`
    /// (`NoMotionInterpreter` on misuse).
    pub fn mi_charge_jump(&mut self) -> WeenieError {
        refusal(self.with_mi(|mi, h| mi.charge_jump(h)))
    }
    /// `jump_is_allowed(extent, stamina)`.
    pub fn mi_jump_is_allowed(&mut self, extent: f32, stamina: i32) -> WeenieError {
        refusal(self.with_mi(|mi, h| mi.jump_is_allowed(h, extent, stamina)))
    }
    /// `set_hold_run(val, cancel_moveto)`.
    pub fn mi_set_hold_run(&mut self, val: i32, cancel_moveto: bool) {
        self.with_mi(|mi, h| mi.set_hold_run(h, val, cancel_moveto));
    }
    /// `SetHoldKey(key, cancel_moveto)`.
    pub fn mi_set_hold_key(&mut self, key: HoldKey, cancel_moveto: bool) {
        self.with_mi(|mi, h| mi.set_hold_key(h, key, cancel_moveto));
    }
    /// `ReportExhaustion()`.
    pub fn mi_report_exhaustion(&mut self) {
        self.with_mi(|mi, h| mi.report_exhaustion(h));
    }
    /// `MotionInterp.HandleExitWorld()`.
    pub fn mi_handle_exit_world(&mut self) {
        self.with_mi(|mi, h| mi.handle_exit_world(h));
    }
    /// `get_state_velocity()` (zero without an initialised interpreter).
    pub fn mi_state_velocity(&mut self) -> Vec3 {
        match self.with_mi(|mi, h| mi.get_state_velocity(h)) {
            Some(Ok(v)) => v,
            _ => Vec3::ZERO,
        }
    }
    /// `(get_max_speed(), get_adjusted_max_speed())` (zeros without an initialised interpreter).
    pub fn mi_max_speeds(&mut self) -> (f32, f32) {
        self.with_mi(|mi, h| {
            let m = mi.get_max_speed(h);
            let a = mi.get_adjusted_max_speed(h).unwrap_or(0.0);
            (m, a)
        })
        .unwrap_or((0.0, 0.0))
    }
    /// `get_leave_ground_velocity()` (zero without an initialised interpreter).
    pub fn mi_leave_ground_velocity(&mut self) -> Vec3 {
        match self.with_mi(|mi, h| mi.get_leave_ground_velocity(h)) {
            Some(Ok(v)) => v,
            _ => Vec3::ZERO,
        }
    }
    /// `is_standing_still()`.
    pub fn mi_is_standing_still(&mut self) -> bool {
        matches!(
            self.with_mi(|mi, h| mi.is_standing_still(h)),
            Some(Ok(true))
        )
    }
    /// `motion_allows_jump(motion)`.
    pub fn mi_motion_allows_jump(&mut self, motion: u32) -> WeenieError {
        self.with_mi(|mi, _| mi.motion_allows_jump(motion))
            .unwrap_or(WeenieError::NoMotionInterpreter)
    }
    /// `contact_allows_move(motion)`.
    pub fn mi_contact_allows_move(&mut self, motion: u32) -> bool {
        self.with_mi(|mi, h| mi.contact_allows_move(h, motion))
            .unwrap_or(false)
    }

    // ------------------------------------------------------------------ interpolation

    /// Queue a velocity node (creates the managers if missing).
    pub fn im_push_velocity(&mut self, v: Vec3) {
        self.make_position_manager().push_velocity(v);
    }
    /// Queue a jump node (creates the managers if missing).
    pub fn im_push_jump(&mut self, extent: f32) {
        self.make_position_manager().push_jump(extent);
    }
    /// The interpolation manager's `UseTime()`; false when there is none.
    pub fn im_use_time(&mut self) -> bool {
        self.with_pm(|pm, host| pm.interpolation_mut().map(|im| im.use_time(host)).is_some())
            .unwrap_or(false)
    }
    /// The interpolation manager's `NodeCompleted(success)`; false when there is none.
    pub fn im_node_completed(&mut self, success: bool) -> bool {
        self.with_pm(|pm, host| {
            pm.interpolation_mut()
                .map(|im| im.node_completed(host, success))
                .is_some()
        })
        .unwrap_or(false)
    }
}
