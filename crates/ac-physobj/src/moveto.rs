//! The object's side of the move-to layer: the move-to host calls, target tracking glue, and
//! the entry points `MoveToObject`, `MoveToPosition`, `TurnToObject`, `TurnToHeading`.
//!
//! ACE's object parts call each other freely and re-entrantly (the move-to manager unsticks,
//! the sticky manager cancels the move, the target manager reports back inside `set_target`).
//! Here each part runs with the others it may reach lent to it, and the two things ACE does
//! nested at the very end of a manager call — a report for this object ([`SelfMail`]) and a
//! `StickTo` — are recorded during the call and run right after it returns, which is the
//! same order.

use ac_dat::Frame;
use ac_interp_manager::{InterpHost, Position, PositionManager};
use ac_motioninterp::{
    MoveToHost, MoveToManager, MovementManager, MovementParamFlags, MovementParameters,
    MovementStruct, TargetInfo, TargetStatus, Weenie, WeenieError,
};
use ac_sequence::aframe::nmath;
use glam::Vec3;

use crate::core::{CoreFlags, ObjCore};
use crate::events::ObjectEvent;
use crate::flags::{ObjectState, TransientState};
use crate::object::{PhysicsObj, SET_POSITION_FLAGS};
use crate::target::{Owner, SelfMail, TargetMail, TargetManager, TargetView};
use ac_sequence::AFrameOps;

/// Reports for the object itself that one call may settle before the rest is left for the
/// next call (a guard: ACE's chains are a handful long).
pub const MAX_SELF_REPORTS_PER_CALL: usize = 256;
/// How deeply reports may nest (a report whose handling produces a report, …).
pub const MAX_REPORT_NESTING: u32 = 16;

/// The object a move-to or turn-to goes to, as the caller sees it (ACE passes the object).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct TargetObject {
    /// Its id (the id its target reports carry).
    pub id: u32,
    /// Its cylinder radius (`GetRadius()`).
    pub radius: f32,
    /// Its cylinder height (`GetHeight()`).
    pub height: f32,
    /// Where it is and how fast it goes right now.
    pub view: TargetView,
}

impl<W: Weenie> ObjCore<W> {
    /// Run a target-manager operation with the object as its owner (creating the manager when
    /// `create`); `None` without a manager.
    fn with_tm<R>(
        &mut self,
        create: bool,
        f: impl FnOnce(&mut TargetManager, &mut Owner<'_>) -> R,
    ) -> Option<R> {
        let id = self.id();
        let follow = if create {
            self.follow.get_or_insert_with(Box::default)
        } else {
            self.follow.as_deref_mut()?
        };
        let tm = if create {
            follow.tm.get_or_insert_with(TargetManager::default)
        } else {
            follow.tm.as_mut()?
        };
        let mut owner = Owner {
            id,
            position: self.position,
            velocity: self.cached_velocity,
            now: self.update_time,
            views: &follow.views,
            outbox: &mut follow.outbox,
            inbox: &mut follow.inbox,
        };
        Some(f(tm, &mut owner))
    }

    /// Host `set_target(ctx, id, radius, q)`: log, create the target manager, `SetTarget`.
    pub(crate) fn set_target(&mut self, context_id: u32, id: u32, radius: f32, quantum: f64) {
        self.log(ObjectEvent::SetTarget(id));
        self.with_tm(true, |tm, o| {
            tm.set_target(o, context_id, id, radius, quantum)
        });
    }

    /// `TargetManager.ClearTarget()` without the host's log line (teleport, exit world).
    pub(crate) fn clear_target_quietly(&mut self) {
        self.with_tm(false, |tm, o| tm.clear_target(o));
    }

    /// Host `clear_target()`: log, then `ClearTarget` if there is a target manager.
    pub(crate) fn clear_target(&mut self) {
        self.log(ObjectEvent::ClearTarget);
        self.with_tm(false, |tm, o| tm.clear_target(o));
    }

    /// Host `unstick_from_object()`: log, then the position manager's `Unstick` when it is lent
    /// to the object (inside a movement-manager call). A move-to cancel the sticky release
    /// asks for is deferred to the movement manager ([`MoveToHost::take_deferred_cancel`]).
    pub(crate) fn unstick_from_object(&mut self) {
        self.log(ObjectEvent::UnstickFromObject);
        // Taken out while it runs (the callbacks of its own unstick do not see it).
        if self.pm_lent
            && let Some(mut pm) = self.pm.take()
        {
            pm.unstick(&mut CoreHost(self));
            self.pm = Some(pm);
        }
    }
}

/// The object's move-to side (`docs/moveto.md`).
impl<W: Weenie> MoveToHost for ObjCore<W> {
    fn position(&self) -> Position {
        self.position
    }
    fn set_heading(&mut self, degrees: f32) {
        let mut f = self.position.frame;
        f.set_heading(degrees);
        self.set_frame(f);
    }
    fn object_id(&self) -> u32 {
        self.id()
    }
    fn radius(&self) -> f32 {
        ObjCore::radius(self)
    }
    fn height(&self) -> f32 {
        ObjCore::height(self)
    }
    fn cached_velocity(&self) -> Vec3 {
        self.cached_velocity
    }
    fn is_interpolating(&self) -> bool {
        self.pm_lent
            && self
                .pm
                .as_deref()
                .is_some_and(PositionManager::is_interpolating)
    }
    fn current_time(&self) -> f64 {
        self.update_time
    }
    fn set_target(&mut self, context_id: u32, object_id: u32, radius: f32, quantum: f64) {
        ObjCore::set_target(self, context_id, object_id, radius, quantum);
    }
    fn clear_target(&mut self) {
        ObjCore::clear_target(self);
    }
    fn set_target_quantum(&mut self, quantum: f64) {
        self.log(ObjectEvent::SetTargetQuantum(quantum as f32));
        self.with_tm(false, |tm, o| tm.set_target_quantum(o, quantum));
    }
    fn target_quantum(&self) -> f64 {
        self.follow
            .as_deref()
            .and_then(|f| f.tm.as_ref())
            .map_or(0.0, TargetManager::target_quantum)
    }
    fn stick_to(&mut self, object_id: u32, radius: f32, height: f32) {
        self.following().pending_stick = Some((object_id, radius, height));
    }
    fn stop_completely_requested(&mut self) {
        self.log(ObjectEvent::StopCompletely);
    }
    /// ACE calls its weenie here without a null check (an object without one crashes it). The
    /// object reports every end of a move the same way, weenie or not.
    fn move_complete(&mut self, status: WeenieError) {
        self.log(ObjectEvent::MoveComplete(status));
        self.following().move_completions.push(status);
    }
    fn take_deferred_cancel(&mut self) -> bool {
        std::mem::take(&mut self.deferred_cancel)
    }
}

/// The object lent to its position manager from inside a movement-manager call (the
/// movement manager is busy): a `cancel_moveto` is deferred to it, and the interpreter is out
/// of reach (only `Unstick` takes this path, which needs neither).
struct CoreHost<'a, W>(&'a mut ObjCore<W>);

impl<W: Weenie> InterpHost for CoreHost<'_, W> {
    fn position(&self) -> Position {
        self.0.position
    }
    fn has_contact(&self) -> bool {
        self.0.transient.contains(TransientState::CONTACT)
    }
    fn adjusted_max_speed(&mut self) -> Option<f32> {
        None
    }
    fn set_frame(&mut self, frame: Frame) {
        self.0.set_frame(frame);
    }
    fn set_position_simple(&mut self, pos: &Position) {
        self.0.set_position(pos, SET_POSITION_FLAGS);
    }
    fn set_velocity(&mut self, velocity: Vec3) {
        self.0.set_velocity(velocity);
    }
    fn current_time(&self) -> f64 {
        self.0.update_time
    }
    fn object_position(&self, id: u32) -> Option<Position> {
        self.0.object_position(id)
    }
    fn radius(&self) -> f32 {
        self.0.radius()
    }
    fn set_target(&mut self, id: u32) {
        self.0.set_target(0, id, 0.5, 0.5);
    }
    fn clear_target(&mut self) {
        self.0.clear_target();
    }
    fn cancel_moveto(&mut self) {
        self.0.log(ObjectEvent::CancelMoveTo);
        self.0.deferred_cancel = true;
    }
}

impl<W: Weenie> ObjCore<W> {
    /// `GetObjectA(id).Position`: this object, or what it sees of another.
    pub(crate) fn object_position(&self, id: u32) -> Option<Position> {
        if id == self.id() {
            return Some(self.position);
        }
        self.follow.as_deref()?.views.get(id).map(|v| v.position)
    }
}

impl<W: Weenie> PhysicsObj<W> {
    /// Run a movement-manager call (nothing without a movement manager) with the position
    /// manager lent to the object, then what the call deferred: a `StickTo`, and reports for
    /// this object.
    pub(crate) fn with_mm<R>(
        &mut self,
        f: impl FnOnce(&mut MovementManager, &mut ObjCore<W>) -> R,
    ) -> Option<R> {
        self.sync_constraint();
        let mm = self.mm.as_mut()?;
        // Lent by a flag: the core's callbacks see the position manager only inside these
        // calls.
        self.core.pm_lent = true;
        let r = f(mm, &mut self.core);
        self.core.pm_lent = false;
        self.after_manager_call();
        Some(r)
    }

    /// `get_minterp()` with the position manager lent to the object (its default state may
    /// unstick) and what it deferred run after it.
    pub(crate) fn get_minterp_routed(&mut self) {
        self.core.pm_lent = true;
        crate::host::get_minterp(&mut self.core, &mut self.mm);
        self.core.pm_lent = false;
        self.after_manager_call();
    }

    /// Run what a manager call left for after it: a deferred `StickTo`, then the reports for
    /// this object, in order, each settled before the next (ACE's nesting order).
    #[inline(always)]
    pub(crate) fn after_manager_call(&mut self) {
        // The common case, no cold part at all, is tested inline: every slice passes here.
        if self.core.follow.is_some() {
            self.after_manager_call_cold();
        }
    }

    /// [`Self::after_manager_call`] for an object with a cold part.
    #[inline(never)]
    fn after_manager_call_cold(&mut self) {
        // Nothing deferred and no report waiting leaves the object as it is.
        let Some(follow) = self.core.follow.as_deref_mut() else {
            return;
        };
        if follow.pending_stick.is_none() && follow.inbox.is_empty() {
            return;
        }
        if let Some((id, radius, height)) = follow.pending_stick.take() {
            self.stick_to(id, radius, height);
        }
        self.settle_reports();
    }

    pub(crate) fn settle_reports(&mut self) {
        // Without the cold state there is no report to settle.
        let Some(follow) = self.core.follow.as_deref_mut() else {
            return;
        };
        if follow.report_nesting >= MAX_REPORT_NESTING {
            return;
        }
        follow.report_nesting += 1;
        let mut n = 0;
        while n < MAX_SELF_REPORTS_PER_CALL {
            let Some(mail) = self
                .core
                .follow
                .as_deref_mut()
                .and_then(|f| f.inbox.pop_front())
            else {
                break;
            };
            match mail {
                SelfMail::Receive(info) => self.receive_target_update(&info),
                SelfMail::Handle(info) => self.handle_update_target(&info),
            }
            n += 1;
        }
        self.core.following().report_nesting -= 1;
    }

    /// `receive_target_update(info)`: a report from an object this one follows. The target
    /// manager keeps it (reports about anything else are dropped) and hands it on
    /// ([`Self::handle_update_target`]); an `ExitWorld` report then stops the following.
    pub fn receive_target_update(&mut self, info: &TargetInfo) {
        let (pos, now) = (self.core.position, self.core.update_time);
        let Some(copy) = self
            .core
            .follow
            .as_deref_mut()
            .and_then(|f| f.tm.as_mut())
            .and_then(|tm| tm.receive_update(&pos, now, info))
        else {
            return;
        };
        self.handle_update_target(&copy);
        if info.status == TargetStatus::ExitWorld {
            self.core.clear_target_quietly();
        }
    }

    /// `HandleUpdateTarget(info)`: log, then (context 0 only) the move-to manager and the
    /// sticky manager take the report.
    pub fn handle_update_target(&mut self, info: &TargetInfo) {
        self.core.log(ObjectEvent::UpdateTarget {
            object: info.object_id,
            status: info.status,
        });
        if info.context_id != 0 {
            return;
        }
        self.with_mm(|mm, core| mm.handle_update_target(core, info));
        let position = if info.status == TargetStatus::Ok {
            info.target_position
        } else {
            None
        };
        self.with_pm(|pm, host| pm.handle_update_target(host, info.object_id, position.as_ref()));
        self.settle_reports();
    }

    /// The movement manager, created (event `make_movement_manager`) with its default state
    /// when missing, and the object then *de*activated unless Static, as ACE's move-to entry
    /// points do (the movement manager activates it again at once).
    fn ensure_movement_manager(&mut self) {
        if self.mm.is_none() {
            self.core.log(ObjectEvent::MakeMovementManager);
            let mut m = MovementManager::with_shared_rules(
                self.core.rules().clone(),
                self.core.update_time,
            );
            self.core.pm_lent = true;
            m.enter_default_state(&mut self.core);
            self.core.pm_lent = false;
            if !self.core.state.contains(ObjectState::STATIC) {
                self.core.transient.remove(TransientState::ACTIVE);
            }
            self.mm = Some(m);
            self.after_manager_call();
        }
    }

    /// The move-to half of `perform_movement`: refuse parameters that are not finite numbers
    /// (they would poison the distances and the clock arithmetic) and speeds or run rates beyond
    /// [`MAX_SPEED`](crate::MAX_SPEED), create the movement manager when missing, and hand the
    /// request to it.
    pub(crate) fn perform_move_to(&mut self, mvs: &MovementStruct) -> Result<(), WeenieError> {
        let p = &mvs.params;
        let finite = [
            p.distance_to_object,
            p.min_distance,
            p.desired_heading,
            p.walk_run_threshold,
            mvs.radius,
            mvs.height,
        ]
        .iter()
        .all(|v| v.is_finite())
            && !p.fail_distance.is_nan()
            && nmath::vec_is_valid(mvs.position.frame.origin);
        if !finite || !self.speeds_are_valid(p.speed) {
            return Err(WeenieError::GeneralMovementFailure);
        }
        self.ensure_movement_manager();
        self.with_mm(|mm, core| mm.perform_movement(core, mvs))
            .unwrap_or(Err(WeenieError::NoMotionInterpreter))
    }

    /// Walk or run to `target` (ACE `PhysicsObj.MoveToObject`): turn towards it, move until
    /// within the arrival distance of its cylinder, optionally turn to a final heading. The
    /// target is followed through its reports, which a [`World`](crate::World) delivers (use
    /// [`World::move_to_object`](crate::World::move_to_object) there). The end arrives later
    /// as a [`MoveComplete`] ([`Self::drain_move_completions`]). Creates the movement manager
    /// when missing; refuses non-finite parameters with `GeneralMovementFailure`.
    ///
    /// `options` is a [`MoveToOptions`](crate::MoveToOptions) (or the raw [`MovementParameters`] a network message
    /// carries).
    pub fn move_to_object(
        &mut self,
        target: &TargetObject,
        options: impl Into<MovementParameters>,
    ) -> Result<(), WeenieError> {
        self.set_view(target.id, Some(target.view));
        let mvs = MovementStruct::move_to_object(
            target.id,
            target.id,
            target.radius,
            target.height,
            options.into(),
        );
        self.perform_move_to(&mvs)
    }

    /// Walk or run to `position` (ACE `PhysicsObj.MoveToPosition`); see
    /// [`Self::move_to_object`]. A final heading is absolute here.
    ///
    /// ACE uses the movement manager here without creating it (and crashes on an object that
    /// has none); this creates it like the three other entry points.
    pub fn move_to_position(
        &mut self,
        position: &Position,
        options: impl Into<MovementParameters>,
    ) -> Result<(), WeenieError> {
        self.perform_move_to(&MovementStruct::move_to_position(*position, options.into()))
    }

    /// Turn in place to face `target` (ACE `PhysicsObj.TurnToObject`); see
    /// [`Self::move_to_object`].
    pub fn turn_to_object(
        &mut self,
        target: &TargetObject,
        options: impl Into<MovementParameters>,
    ) -> Result<(), WeenieError> {
        self.set_view(target.id, Some(target.view));
        let mvs = MovementStruct::turn_to_object(target.id, target.id, options.into());
        self.perform_move_to(&mvs)
    }

    /// Turn in place to compass heading `heading` (degrees, 0 = +Y, clockwise; ACE
    /// `PhysicsObj.TurnToHeading`): the turn begins on the next slice.
    pub fn turn_to_heading(
        &mut self,
        heading: f32,
        options: impl Into<MovementParameters>,
    ) -> Result<(), WeenieError> {
        let mut p = options.into();
        p.desired_heading = heading;
        self.perform_move_to(&MovementStruct::turn_to_heading(p))
    }

    /// End the move-to or turn-to under way (ACE `cancel_moveto`): its motions stop and it
    /// reports `ActionCancelled`. Nothing happens when none is under way.
    pub fn cancel_move_to(&mut self) {
        self.core.log(ObjectEvent::CancelMoveTo);
        self.with_mm(|mm, core| mm.cancel_move_to(core, WeenieError::ActionCancelled));
    }

    /// Take the ends of the move-tos and turn-tos since the last call, oldest first (what ACE
    /// hands to `WeenieObj.OnMoveComplete`). Every move reports its end exactly once, except a
    /// move to the object itself (the reference never reports that one).
    pub fn drain_move_completions(&mut self) -> impl Iterator<Item = MoveComplete> + '_ {
        self.core
            .follow
            .as_deref_mut()
            .into_iter()
            .flat_map(|f| f.move_completions.drain(..))
            .map(MoveComplete)
    }

    /// `IsMovingTo()`: a move-to or turn-to is under way (or the reference host's `moving_to`
    /// answer is set).
    pub fn is_moving_to(&self) -> bool {
        self.mm
            .as_ref()
            .is_some_and(|mm| self.core.flag(CoreFlags::MOVING_TO) || mm.is_moving_to())
    }

    /// The object's ACE id: what its target reports carry and how a [`World`](crate::World)
    /// finds it for others (set with the builder's `id`).
    pub fn id(&self) -> u32 {
        self.core.id()
    }
    /// The cylinder radius (`GetRadius()`): move-to distances with UseSpheres, sticky gaps.
    pub fn radius(&self) -> f32 {
        self.core.radius()
    }
    /// The cylinder height (`GetHeight()`): move-to distances with UseSpheres.
    pub fn height(&self) -> f32 {
        self.core.height()
    }

    /// This object as the target of someone else's move-to or turn-to.
    pub fn as_target(&self) -> TargetObject {
        TargetObject {
            id: self.core.id(),
            radius: self.core.radius(),
            height: self.core.height(),
            view: TargetView {
                position: self.core.position,
                velocity: self.core.cached_velocity,
            },
        }
    }

    /// The target manager, if the object ever followed or was followed.
    pub fn target_manager(&self) -> Option<&TargetManager> {
        self.core.follow.as_deref()?.tm.as_ref()
    }

    /// `TargetManager.HandleTargetting()` outside a slice (a target's own tick as far as its
    /// followers are concerned); false without a target manager.
    pub fn handle_targetting(&mut self) -> bool {
        let Some(handled_at) = self
            .core
            .follow
            .as_deref()
            .filter(|f| f.tm.is_some())
            .map(|f| f.tm_handled_at)
        else {
            return false;
        };
        // The throttle test first, on the mirror: most slices stop here.
        if self.core.update_time - handled_at < f64::from(crate::target::TARGET_REPORT_INTERVAL) {
            return true;
        }
        self.core.with_tm(false, |tm, o| tm.handle_targetting(o));
        if let Some(f) = self.core.follow.as_deref_mut()
            && let Some(tm) = f.tm.as_ref()
        {
            f.tm_handled_at = tm.last_update_time();
        }
        self.settle_reports();
        true
    }

    /// `TargetManager.NotifyVoyeurOfEvent(status)`: tell every follower (e.g. `ExitWorld`,
    /// `Teleported`); false without a target manager.
    pub fn notify_voyeurs(&mut self, status: TargetStatus) -> bool {
        let r = self
            .core
            .with_tm(false, |tm, o| tm.notify_voyeurs(o, status));
        self.settle_reports();
        r.is_some()
    }

    /// Stop following (the target manager's `ClearTarget`, no log line): leaving the world.
    pub fn clear_target_on_exit(&mut self) {
        self.core.clear_target_quietly();
    }

    /// The ids of the other objects this one needs to see before it runs: what it follows,
    /// what it sticks to, and its move-to target.
    pub fn watched_ids(&self) -> [u32; 3] {
        let target = self
            .target_manager()
            .and_then(TargetManager::target)
            .map_or(0, |t| t.object_id);
        let sticky = self
            .core
            .pm
            .as_deref()
            .map_or(0, PositionManager::sticky_object_id);
        let moveto = self
            .mm
            .as_ref()
            .and_then(MovementManager::move_to_manager_if_created)
            .map_or(0, MoveToManager::top_level_object_id);
        [target, sticky, moveto]
    }

    /// Record what object `id` looks like right now (`None`: it does not exist), for the
    /// target reports and sticky pulls of the next calls.
    pub fn set_view(&mut self, id: u32, view: Option<TargetView>) {
        self.core.following().views.set(id, view);
    }

    /// Whether the object needs live views of what it follows during its next tick: it is
    /// stuck to an object (the pull aims at its live position), or a sticky move is under way
    /// (which sticks when it ends, answered from the view). Other followers only need to know
    /// that their target exists, which an older view tells as well.
    pub(crate) fn needs_live_views(&self) -> bool {
        self.core
            .pm
            .as_deref()
            .is_some_and(|pm| pm.sticky_object_id() != 0)
            || self
                .mm
                .as_ref()
                .and_then(MovementManager::move_to_manager_if_created)
                .is_some_and(|m| {
                    m.is_moving_to() && m.params().flags.contains(MovementParamFlags::STICKY)
                })
    }

    /// Take the mail this object posted for other objects (the caller delivers it, see
    /// [`crate::World`]).
    pub fn take_target_mail(&mut self, out: &mut Vec<TargetMail>) {
        if let Some(f) = self.core.follow.as_deref_mut() {
            out.append(&mut f.outbox);
        }
    }

    /// Whether the object posted mail for other objects that was not taken yet.
    pub fn has_target_mail(&self) -> bool {
        self.core
            .follow
            .as_deref()
            .is_some_and(|f| !f.outbox.is_empty())
    }

    /// Deliver mail addressed to this object: registrations and removals of followers (no
    /// report: the follower answered itself), and reports about objects it follows.
    pub fn deliver_target_mail(&mut self, mail: &TargetMail) {
        match *mail {
            TargetMail::Watch {
                voyeur,
                radius,
                quantum,
                sent,
                ..
            } => {
                self.core
                    .following()
                    .tm
                    .get_or_insert_with(TargetManager::default)
                    .accept_voyeur(voyeur, radius, quantum, sent);
            }
            TargetMail::Unwatch { voyeur, .. } => {
                if let Some(tm) = self.core.follow.as_deref_mut().and_then(|f| f.tm.as_mut()) {
                    tm.remove_voyeur(voyeur);
                }
            }
            TargetMail::Report { info, .. } => self.receive_target_update(&info),
        }
    }
}

/// The end of a move-to or turn-to (the status ACE hands to `WeenieObj.OnMoveComplete`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveComplete(pub WeenieError);

impl MoveComplete {
    /// How the move ended: `None` arrived (or turned, or was already there);
    /// `ActionCancelled`, `ObjectGone`, `NoObject`, `YouChargedTooFar`, `ITeleported`, or the
    /// error of a motion the motion table refused.
    pub fn status(self) -> WeenieError {
        self.0
    }

    /// Whether the move arrived (status `None`).
    pub fn arrived(self) -> bool {
        self.0 == WeenieError::None
    }
}

/// The reference host's move-to calls (the conformance runner's surface).
#[cfg(feature = "reference-host")]
impl<W: Weenie> PhysicsObj<W> {
    /// Host `StopCompletely()`: log, then the movement manager's `PerformMovement
    /// (StopCompletely)` when there is one (which cancels a move under way).
    pub fn host_stop_completely(&mut self) {
        self.core.log(ObjectEvent::StopCompletely);
        let mvs = MovementStruct::new(
            ac_motioninterp::MovementType::StopCompletely,
            0,
            MovementParameters::default(),
        );
        self.with_mm(|mm, core| {
            let _ = mm.perform_movement(core, &mvs);
        });
    }

    /// The movement manager's `UseTime()` outside a slice; false without a movement manager.
    pub fn moveto_use_time(&mut self) -> bool {
        self.with_mm(|mm, core| mm.use_time(core)).is_some()
    }

    /// Set the cylinder height.
    pub fn set_height(&mut self, h: f32) {
        self.core.set_height(h);
    }
}
