//! The part array: the animation sequence and the motion-table manager of one object.
//!
//! TEMPORARY SHIM: `ac-sequence::Sequence` and `ac-motiontable::MotionTableManager` are being
//! built in parallel. Until they land, [`Sequence`] and [`MotionTableManager`] here are inert
//! placeholders with the call shape `PhysicsObj` needs, so the tick, the physics and the event
//! log can be built and tested now. They will be replaced by re-exports of the real types.

use ac_dat::{AnimationHook, Frame};
use glam::Vec3;

/// One motion the manager finished (`MotionTableManager` → `PhysicsObj.MotionDone`), replayed by
/// the object into the interpreter and the weenie in order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MotionCompletion {
    /// The completed motion id.
    pub motion: u32,
    /// Whether it completed normally.
    pub success: bool,
}

/// Placeholder for `ac_sequence::Sequence` (see the module docs).
#[derive(Debug, Clone, Default)]
pub struct Sequence {
    velocity: Vec3,
    omega: Vec3,
}

impl Sequence {
    /// Placeholder for `Sequence.Update(dt, ref frame)`.
    pub fn update(
        &mut self,
        _dt: f32,
        _frame: Option<&mut Frame>,
        _hooks: &mut Vec<AnimationHook>,
    ) {
    }
    /// The sequence velocity.
    pub fn velocity(&self) -> Vec3 {
        self.velocity
    }
    /// The sequence omega.
    pub fn omega(&self) -> Vec3 {
        self.omega
    }
    /// Whether the list head is the first cyclic node (no link pending).
    pub fn is_first_cyclic(&self) -> bool {
        true
    }
}

/// Placeholder for `ac_motiontable::MotionTableManager` (see the module docs).
#[derive(Debug, Clone, Default)]
pub struct MotionTableManager {}

impl MotionTableManager {
    /// Placeholder for `AnimationDone(success)`.
    pub fn animation_done(&mut self, _success: bool, _out: &mut Vec<MotionCompletion>) {}
    /// Placeholder for `CheckForCompletedMotions()` / `UseTime()`.
    pub fn check_for_completed_motions(&mut self, _out: &mut Vec<MotionCompletion>) {}
    /// Placeholder for `HandleEnterWorld(seq)`.
    pub fn handle_enter_world(&mut self, _seq: &mut Sequence, _out: &mut Vec<MotionCompletion>) {}
    /// Placeholder for `HandleExitWorld()`.
    pub fn handle_exit_world(&mut self, _out: &mut Vec<MotionCompletion>) {}
    /// Placeholder for `initialize_state(seq)`.
    pub fn initialize_state(&mut self, _seq: &mut Sequence) {}
}

/// ACE `PartArray`: the sequence and the motion-table manager, owned together because every
/// manager operation drives this object's sequence.
#[derive(Debug, Clone, Default)]
pub struct PartArray {
    /// The animation sequence player.
    pub sequence: Sequence,
    /// The motion-table manager (pending animation queue, completion).
    pub manager: MotionTableManager,
}
