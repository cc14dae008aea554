//! The physics object as the move-to manager sees it.

use ac_sequence::Position;
use glam::Vec3;

use crate::error::WeenieError;
use crate::host::MotionHost;

/// What the move-to manager needs from its physics object beyond [`MotionHost`] (ACE
/// `PhysicsObj`, the subset `MoveToManager.cs` calls).
///
/// **Re-entrancy.** ACE's target chain is synchronous: `set_target` makes the target answer at
/// once, and that answer reaches `HandleUpdateTarget` while the manager is still on the stack.
/// Here the host must *not* call back into the movement manager: [`set_target`] and
/// [`stick_to`] may record what they cannot do at once (a report for this object, a stick
/// request) and run it after the manager returns. That is exact because in every path ACE
/// takes, these two calls are the last thing the manager does before returning.
///
/// [`set_target`]: MoveToHost::set_target
/// [`stick_to`]: MoveToHost::stick_to
pub trait MoveToHost: MotionHost {
    /// `PhysicsObj.Position`.
    fn position(&self) -> Position;
    /// `set_heading(degrees, true)`: face a compass heading (then `set_frame`).
    fn set_heading(&mut self, degrees: f32);
    /// `PhysicsObj.ID`.
    fn object_id(&self) -> u32;
    /// `GetRadius()`: the object's cylinder radius.
    fn radius(&self) -> f32;
    /// `GetHeight()`: the object's cylinder height.
    fn height(&self) -> f32;
    /// `get_velocity()`: the velocity measured over the last moved slice (CachedVelocity).
    fn cached_velocity(&self) -> Vec3;
    /// `IsInterpolating()`: a position correction is under way.
    fn is_interpolating(&self) -> bool;
    /// `PhysicsTimer.CurrentTime`: the f64 clock progress checks are measured on.
    fn current_time(&self) -> f64;

    /// `set_target(context, id, radius, quantum)`: follow object `id` with the target manager.
    fn set_target(&mut self, context_id: u32, object_id: u32, radius: f32, quantum: f64);
    /// `clear_target()`: stop following.
    fn clear_target(&mut self);
    /// `set_target_quantum(q)`: change the followed object's prediction horizon.
    fn set_target_quantum(&mut self, quantum: f64);
    /// `get_target_quantum()`: the current prediction horizon (0 when following nothing).
    fn target_quantum(&self) -> f64;
    /// `get_position_manager().StickTo(id, radius, height)` at the end of a sticky move.
    fn stick_to(&mut self, object_id: u32, radius: f32, height: f32);

    /// Called right before the manager runs `PhysicsObj.StopCompletely` (the movement
    /// manager's `PerformMovement(StopCompletely)`); the reference host logs it.
    fn stop_completely_requested(&mut self) {}
    /// `WeenieObj.OnMoveComplete(status)`: a move-to or turn-to ended. Called exactly once per
    /// ended move, including for cancellations; ACE does not null-check its weenie here, this
    /// trait leaves it to the host (the physics object queues a completion value).
    fn move_complete(&mut self, status: WeenieError);

    /// Whether a `cancel_moveto` arrived while the movement manager was busy (a position
    /// manager the host reached from inside an interpreter call asked for it) and has not been
    /// delivered; clears it. The movement manager delivers it as soon as it can, at the point
    /// where ACE would have re-entered. Hosts that never defer answer `false`.
    fn take_deferred_cancel(&mut self) -> bool {
        false
    }
}
