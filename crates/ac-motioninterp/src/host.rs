//! The two seams of the interpreter: the physics object it drives ([`MotionHost`]) and the
//! game object it asks about the character ([`Weenie`]).
//!
//! Both are traits defined here because the implementors live in higher crates
//! (`ac-physobj`) or in the game. Every interpreter method takes the host as a parameter
//! (`mi.do_motion(host, motion, &params)`), so there is no back-pointer; the weenie is reached
//! through [`MotionHost::weenie`] because the physics object owns it and a second parameter
//! would alias the host borrow.

use glam::Vec3;

use crate::error::WeenieError;
use crate::interp::MotionInterp;
use crate::params::MovementParameters;

pub use ac_motiontable::MotionCompletion;

/// The physics object as the motion interpreter sees it (ACE `PhysicsObj`, the subset
/// `MotionInterp` and `MovementManager` call; the scenario runner's reference host answers them
/// as docs/scenarios.md describes).
///
/// **Re-entrancy.** In ACE, `RemoveLinkAnimations` and `CheckForCompletedMotions` complete
/// MotionTableManager entries and call back into `MotionInterp.MotionDone` while the
/// interpreter is still on the stack. Here the host must *not* call back: it completes the
/// entries and appends them to the caller's buffer without logging them; the interpreter
/// then replays each one exactly as ACE orders it — [`motion_done_event`](Self::motion_done_event),
/// its own `MotionDone`, [`weenie_motion_done`](Self::weenie_motion_done). Likewise
/// [`set_on_walkable`](Self::set_on_walkable) only changes the flag; the interpreter runs its
/// own `LeaveGround`/`HitGround` on the edge.
pub trait MotionHost {
    /// The game object, or `None` (ACE's null-`WeenieObj` paths: run rate 1, jump v_z 10, …).
    fn weenie(&self) -> Option<&dyn Weenie>;

    /// `PhysicsObj.DoInterpretedMotion`: the MotionTableManager's `PerformMovement`
    /// (InterpretedCommand). Returns its error (None, NoMtableData, NoAnimationTable, …).
    fn do_interpreted_motion(&mut self, motion: u32, params: &MovementParameters) -> WeenieError;
    /// `PhysicsObj.StopInterpretedMotion`: `PerformMovement` (StopInterpretedCommand).
    fn stop_interpreted_motion(&mut self, motion: u32, params: &MovementParameters) -> WeenieError;
    /// `PhysicsObj.StopCompletely_Internal`: `PerformMovement` (StopCompletely), result dropped.
    fn stop_completely_internal(&mut self);
    /// `PhysicsObj.InitializeMotionTables`: the manager's `initialize_state`.
    fn initialize_motion_tables(&mut self);
    /// `PhysicsObj.RemoveLinkAnimations`: log `remove_link_animations`, then the manager's
    /// `HandleEnterWorld`; append every completion (success = false) to `completed`.
    fn remove_link_animations(&mut self, completed: &mut Vec<MotionCompletion>);
    /// `PhysicsObj.CheckForCompletedMotions`: the manager's poll; append completions.
    fn check_for_completed_motions(&mut self, completed: &mut Vec<MotionCompletion>);
    /// Log that the manager reported `motion` done to the object (`motion_done` event); called
    /// by the interpreter right before its own `MotionDone` during a replay.
    fn motion_done_event(&mut self, motion: u32, success: bool);
    /// The manager's `WeenieObj.OnMotionDone` (only when a weenie exists); called right after
    /// the interpreter's `MotionDone` during a replay.
    fn weenie_motion_done(&mut self, motion: u32, success: bool);

    /// Cancel an active move-to (`cancel_moveto`).
    fn cancel_moveto(&mut self);
    /// `cancel_moveto()` made by the interpreter `mi` in the middle of one of its calls. The
    /// movement manager's host answers it by cancelling its move-to manager's move, which
    /// re-enters `mi` (stops the move's motions) exactly where ACE re-enters. Other hosts just
    /// [`cancel_moveto`](Self::cancel_moveto).
    fn cancel_moveto_from(&mut self, mi: &mut MotionInterp) {
        let _ = mi;
        self.cancel_moveto();
    }
    /// Drop a sticky target (`unstick_from_object`).
    fn unstick_from_object(&mut self);
    /// `unstick_from_object()` made by the interpreter `mi` in the middle of one of its calls
    /// (an action completing, exit world). As [`cancel_moveto_from`](Self::cancel_moveto_from):
    /// the movement manager's host also delivers a move-to cancel the sticky release asked
    /// for. Other hosts just [`unstick_from_object`](Self::unstick_from_object).
    fn unstick_from_object_from(&mut self, mi: &mut MotionInterp) {
        let _ = mi;
        self.unstick_from_object();
    }
    /// Whether the last movement was autonomous (selects raw vs interpreted re-application).
    fn movement_is_autonomous(&self) -> bool;
    /// ConstraintManager says the object cannot move further (`IsFullyConstrained`).
    fn is_fully_constrained(&self) -> bool;

    /// `State & Gravity`.
    fn has_gravity(&self) -> bool;
    /// `TransientState & Contact`.
    fn in_contact(&self) -> bool;
    /// `TransientState & OnWalkable`.
    fn on_walkable(&self) -> bool;
    /// Whether the object is in a cell (`CurCell != null`).
    fn has_cell(&self) -> bool;
    /// Set or clear OnWalkable (logging it); return whether it was set before. Must not call
    /// `LeaveGround`/`HitGround` — the interpreter does that itself.
    fn set_on_walkable(&mut self, on: bool) -> bool;

    /// `set_local_velocity(v, true)`: rotate into world space and `set_velocity`.
    fn set_local_velocity(&mut self, v: Vec3);
    /// The object's world velocity.
    fn velocity(&self) -> Vec3;
    /// `Position.GlobalToLocalVec(v)` with the object's frame.
    fn global_to_local_vec(&self, v: Vec3) -> Vec3;

    /// `PhysicsObj.IsAnimating`.
    fn is_animating(&self) -> bool;
    /// Set `PhysicsObj.IsAnimating` (maintained only by the interpreter).
    fn set_animating(&mut self, on: bool);
    /// `set_active(true)`, called first by `MovementManager.PerformMovement`.
    fn set_active(&mut self, on: bool);
}

/// The game object's answers the interpreter needs (ACE `WeenieObject`).
///
/// A server implements it on its own character type; a physics object is generic over it, so
/// the calls cost nothing extra. ACE's own `WeenieObject` answers `InqRunRate` with a rate,
/// `CanJump` true, `JumpStaminaCost` 0 and `InqJumpVelocity` with nothing for non-players; the
/// trait does not bake those in — implementors choose.
pub trait Weenie {
    /// Whether the object is a creature (non-creatures skip canonicalisation and gating).
    #[doc(alias = "IsCreature")]
    fn is_creature(&self) -> bool;
    /// Whether this is the local player (retail's `IsThePlayer`, read only by the retail
    /// switches `raw-path-predicate` and `action-replay-filter`). Default: false.
    #[doc(alias = "IsThePlayer")]
    fn is_the_player(&self) -> bool {
        false
    }
    /// The run rate, or `None` to make the interpreter fall back to its own last rate.
    #[doc(alias = "InqRunRate")]
    fn run_rate(&self) -> Option<f32>;
    /// The take-off vertical speed of a jump charged to `extent`, or `None` (the jump then
    /// leaves the ground with vertical speed 0).
    #[doc(alias = "InqJumpVelocity")]
    fn jump_velocity(&self, extent: f32) -> Option<f32>;
    /// Whether a jump of `extent` is possible; false refuses with `CantJumpLoadedDown`.
    #[doc(alias = "CanJump")]
    fn can_jump(&self, extent: f32) -> bool;
    /// The stamina a jump of `extent` costs given `stamina_cost`; 0 makes `jump_is_allowed`
    /// fail with `GeneralMovementFailure`.
    #[doc(alias = "JumpStaminaCost")]
    fn jump_stamina_cost(&self, extent: f32, stamina_cost: i32) -> f32;
}
