//! The object's side of the lower crates' seams: `MotionHost` (interpreter → object),
//! `Weenie` (interpreter → game object) and `InterpHost` (position managers → object).

use ac_dat::Frame;
use ac_interp_manager::{InterpHost, Position};
use ac_motioninterp::{
    MotionCompletion, MotionHost, MovementManager, MovementParameters, Weenie, WeenieError,
};
use ac_motiontable::MovementType;
use ac_sequence::aframe::nmath;
use glam::Vec3;

use crate::core::{CoreFlags, ObjCore};
use crate::events::ObjectEvent;
use crate::flags::{ObjectState, TransientState};
use crate::object::SET_POSITION_FLAGS;

/// The object as the interpreter sees it: the reference host's answers (docs/scenarios.md,
/// "The object and the reference host").
impl<W: Weenie> MotionHost for ObjCore<W> {
    fn weenie(&self) -> Option<&dyn Weenie> {
        self.weenie.as_ref().map(|w| w as &dyn Weenie)
    }

    fn do_interpreted_motion(&mut self, motion: u32, params: &MovementParameters) -> WeenieError {
        let parts = &mut self.parts;
        parts.manager.perform_movement(
            MovementType::InterpretedCommand,
            motion,
            params.speed,
            &mut parts.sequence,
        )
    }

    fn stop_interpreted_motion(&mut self, motion: u32, params: &MovementParameters) -> WeenieError {
        let parts = &mut self.parts;
        parts.manager.perform_movement(
            MovementType::StopInterpretedCommand,
            motion,
            params.speed,
            &mut parts.sequence,
        )
    }

    fn stop_completely_internal(&mut self) {
        let parts = &mut self.parts;
        let _ = parts.manager.perform_movement(
            MovementType::StopCompletely,
            0,
            1.0,
            &mut parts.sequence,
        );
    }

    fn initialize_motion_tables(&mut self) {
        let parts = &mut self.parts;
        parts.manager.initialize_state(&mut parts.sequence);
    }

    fn remove_link_animations(&mut self, completed: &mut Vec<MotionCompletion>) {
        self.log(ObjectEvent::RemoveLinkAnimations);
        let parts = &mut self.parts;
        parts
            .manager
            .handle_enter_world(&mut parts.sequence, completed);
    }

    fn check_for_completed_motions(&mut self, completed: &mut Vec<MotionCompletion>) {
        self.parts.manager.check_for_completed_motions(completed);
    }

    fn motion_done_event(&mut self, motion: u32, success: bool) {
        self.log(ObjectEvent::MotionDone { motion, success });
    }

    fn weenie_motion_done(&mut self, motion: u32, success: bool) {
        if self.weenie.is_some() {
            self.log(ObjectEvent::WeenieMotionDone { motion, success });
        }
    }

    fn cancel_moveto(&mut self) {
        self.log(ObjectEvent::CancelMoveTo);
    }

    fn unstick_from_object(&mut self) {
        ObjCore::<W>::unstick_from_object(self);
    }

    fn movement_is_autonomous(&self) -> bool {
        self.autonomous
    }

    /// The scenario host's `constrained` answer, or a constraint manager that is fully
    /// constrained.
    fn is_fully_constrained(&self) -> bool {
        self.constrained || self.pm_constrained
    }

    fn has_gravity(&self) -> bool {
        self.state.contains(ObjectState::GRAVITY)
    }

    fn in_contact(&self) -> bool {
        self.transient.contains(TransientState::CONTACT)
    }

    fn on_walkable(&self) -> bool {
        self.transient.contains(TransientState::ON_WALKABLE)
    }

    fn has_cell(&self) -> bool {
        self.flag(CoreFlags::HAS_CELL)
    }

    /// Flag, event, and `calc_acceleration` (which ACE runs after the interpreter's edge
    /// handling; the edge handlers never read acceleration or omega, so the order is not
    /// observable).
    fn set_on_walkable(&mut self, on: bool) -> bool {
        let prev = self.set_on_walkable_flag(on);
        self.calc_acceleration();
        prev
    }

    fn set_local_velocity(&mut self, v: Vec3) {
        ObjCore::<W>::set_local_velocity(self, v);
    }

    fn velocity(&self) -> Vec3 {
        self.velocity
    }

    fn global_to_local_vec(&self, v: Vec3) -> Vec3 {
        nmath::inverse_transform(v, self.position.frame.orientation)
    }

    fn is_animating(&self) -> bool {
        self.is_animating
    }

    fn set_animating(&mut self, on: bool) {
        self.is_animating = on;
    }

    fn set_active(&mut self, on: bool) {
        let _ = ObjCore::<W>::set_active(self, on);
    }
}

/// `PhysicsObj.get_minterp()`: the interpreter, creating the movement manager (event
/// `make_movement_manager`) and entering its default state when it is missing. ACE then
/// activates the object only when it is **Static**; retail activates non-static objects (quirk
/// `minterp-activation`).
pub(crate) fn get_minterp<'a, W: Weenie>(
    core: &mut ObjCore<W>,
    mm: &'a mut Option<MovementManager>,
) -> &'a mut MovementManager {
    if mm.is_none() {
        core.log(ObjectEvent::MakeMovementManager);
        let mut m = MovementManager::with_shared_rules(core.rules().clone(), core.update_time);
        m.enter_default_state(core);
        let is_static = core.state.contains(ObjectState::STATIC);
        if is_static != core.rules().minterp_activates_non_static {
            core.transient.insert(TransientState::ACTIVE);
        }
        *mm = Some(m);
    }
    let rules = core.rules().get();
    // Already filled above: the closure never runs; it only avoids an unwrap.
    mm.get_or_insert_with(|| MovementManager::new(rules))
}

/// The object lent to its position manager: everything but the position manager itself.
pub(crate) struct ImHost<'a, W> {
    pub(crate) core: &'a mut ObjCore<W>,
    pub(crate) mm: &'a mut Option<MovementManager>,
}

impl<W: Weenie> InterpHost for ImHost<'_, W> {
    fn position(&self) -> Position {
        self.core.position
    }

    fn has_contact(&self) -> bool {
        self.core.transient.contains(TransientState::CONTACT)
    }

    fn adjusted_max_speed(&mut self) -> Option<f32> {
        let m = get_minterp(self.core, self.mm);
        let core = &mut *self.core;
        m.interpreter()
            .and_then(|mi| mi.get_adjusted_max_speed(core).ok())
    }

    fn set_frame(&mut self, frame: Frame) {
        self.core.set_frame(frame);
    }

    fn set_position_simple(&mut self, pos: &Position) {
        self.core.set_position(pos, SET_POSITION_FLAGS);
    }

    fn set_velocity(&mut self, velocity: Vec3) {
        self.core.set_velocity(velocity);
    }

    fn current_time(&self) -> f64 {
        self.core.update_time
    }

    fn radius(&self) -> f32 {
        self.core.radius()
    }

    fn max_speed(&mut self) -> Option<f32> {
        let m = get_minterp(self.core, self.mm);
        let core = &mut *self.core;
        m.interpreter().map(|mi| mi.get_max_speed(core))
    }

    fn object_position(&self, id: u32) -> Option<Position> {
        self.core.object_position(id)
    }

    fn set_target(&mut self, id: u32) {
        self.core.set_target(0, id, 0.5, 0.5);
    }

    fn clear_target(&mut self) {
        self.core.clear_target();
    }

    /// Log, then the movement manager's `CancelMoveTo(ActionCancelled)`.
    fn cancel_moveto(&mut self) {
        self.core.log(ObjectEvent::CancelMoveTo);
        if let Some(mm) = self.mm.as_mut() {
            mm.cancel_move_to(self.core, WeenieError::ActionCancelled);
        }
    }
}
