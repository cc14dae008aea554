//! The host the movement manager lends its interpreter, so that an interpreter call can reach
//! the move-to manager the way ACE's does (`DoMotion` → `cancel_moveto` → `CancelMoveTo`).

use glam::Vec3;

use super::host::MoveToHost;
use super::manager::MoveToManager;
use super::minterp::Minterp;
use crate::error::WeenieError;
use crate::host::{MotionCompletion, MotionHost, Weenie};
use crate::interp::MotionInterp;
use crate::params::MovementParameters;

/// The object's host plus its move-to manager. Every call goes to the host; a
/// `cancel_moveto` (and an unstick whose sticky release asked for one) also cancels the move
/// under way, re-entering the interpreter that made the call, exactly where ACE re-enters.
pub(crate) struct WithMoveTo<'a, H: ?Sized> {
    pub(crate) host: &'a mut H,
    /// `None` while the movement manager has not created its move-to manager: the idle
    /// manager it stands for ignores a cancel.
    pub(crate) moveto: Option<&'a mut MoveToManager>,
}

impl<H: MoveToHost + ?Sized> WithMoveTo<'_, H> {
    fn cancel_with(&mut self, mi: &mut MotionInterp) {
        if let Some(moveto) = self.moveto.as_deref_mut() {
            moveto.cancel_move_to(
                &mut Minterp::Live(mi),
                self.host,
                WeenieError::ActionCancelled,
            );
        }
    }
}

impl<H: MoveToHost + ?Sized> MotionHost for WithMoveTo<'_, H> {
    fn weenie(&self) -> Option<&dyn Weenie> {
        self.host.weenie()
    }
    fn do_interpreted_motion(&mut self, motion: u32, params: &MovementParameters) -> WeenieError {
        self.host.do_interpreted_motion(motion, params)
    }
    fn stop_interpreted_motion(&mut self, motion: u32, params: &MovementParameters) -> WeenieError {
        self.host.stop_interpreted_motion(motion, params)
    }
    fn stop_completely_internal(&mut self) {
        self.host.stop_completely_internal();
    }
    fn initialize_motion_tables(&mut self) {
        self.host.initialize_motion_tables();
    }
    fn remove_link_animations(&mut self, completed: &mut Vec<MotionCompletion>) {
        self.host.remove_link_animations(completed);
    }
    fn check_for_completed_motions(&mut self, completed: &mut Vec<MotionCompletion>) {
        self.host.check_for_completed_motions(completed);
    }
    fn motion_done_event(&mut self, motion: u32, success: bool) {
        self.host.motion_done_event(motion, success);
    }
    fn weenie_motion_done(&mut self, motion: u32, success: bool) {
        self.host.weenie_motion_done(motion, success);
    }
    fn cancel_moveto(&mut self) {
        self.host.cancel_moveto();
    }
    fn cancel_moveto_from(&mut self, mi: &mut MotionInterp) {
        self.host.cancel_moveto();
        self.cancel_with(mi);
    }
    fn unstick_from_object(&mut self) {
        self.host.unstick_from_object();
    }
    fn unstick_from_object_from(&mut self, mi: &mut MotionInterp) {
        self.host.unstick_from_object();
        if self.host.take_deferred_cancel() {
            self.cancel_with(mi);
        }
    }
    fn movement_is_autonomous(&self) -> bool {
        self.host.movement_is_autonomous()
    }
    fn is_fully_constrained(&self) -> bool {
        self.host.is_fully_constrained()
    }
    fn has_gravity(&self) -> bool {
        self.host.has_gravity()
    }
    fn in_contact(&self) -> bool {
        self.host.in_contact()
    }
    fn on_walkable(&self) -> bool {
        self.host.on_walkable()
    }
    fn has_cell(&self) -> bool {
        self.host.has_cell()
    }
    fn set_on_walkable(&mut self, on: bool) -> bool {
        self.host.set_on_walkable(on)
    }
    fn set_local_velocity(&mut self, v: Vec3) {
        self.host.set_local_velocity(v);
    }
    fn velocity(&self) -> Vec3 {
        self.host.velocity()
    }
    fn global_to_local_vec(&self, v: Vec3) -> Vec3 {
        self.host.global_to_local_vec(v)
    }
    fn is_animating(&self) -> bool {
        self.host.is_animating()
    }
    fn set_animating(&mut self, on: bool) {
        self.host.set_animating(on);
    }
    fn set_active(&mut self, on: bool) {
        self.host.set_active(on);
    }
}
