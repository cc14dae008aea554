//! `PositionManager`: the per-object owner of the position-correction managers (spec §F.1).
//!
//! # What is included
//!
//! * **Interpolation** — complete ([`InterpolationManager`], retail rules, see its docs).
//! * **Constraint** — complete ([`ConstraintManager`]: `ConstrainTo`, `Unconstrain`,
//!   `IsFullyConstrained`, `adjust_offset`; ACE's assigning vs retail's accumulating offset is
//!   chosen by `Fidelity`). Its `UseTime` is empty in the reference, so there is none here.
//! * **Sticky** — **not included.** Sticking to another object (`StickTo`, `HandleUpdateTarget`,
//!   the 1-second timeout, the pull towards the target's cylinder) needs other objects'
//!   positions, the physics clock and the target manager, none of which exist below the world
//!   layer. What remains of it here is its one effect on interpolation: the progress audit
//!   always passes while the object is stuck to something, so [`PositionManager::adjust_offset`]
//!   takes the sticky target id from [`PositionManager::sticky_object_id`], which is the id set
//!   with [`PositionManager::set_sticky_object_id`] (0 = none) — a caller that implements
//!   sticking above this crate reports its target through that setter.
//!
//! Managers are created lazily, as in the reference: the interpolation manager by the first
//! `interpolate_to`/`push_*`, the constraint manager by the first `constrain_to`.

use ac_dat::Frame;
use ac_motiontable::Fidelity;
use glam::Vec3;

use crate::constraint::ConstraintManager;
use crate::host::InterpHost;
use crate::interpolation::InterpolationManager;
use crate::position::Position;

/// The object's position-correction managers, applied in the reference order
/// (interpolation, then constraint; sticky would sit between them).
#[derive(Debug, Clone, Default)]
pub struct PositionManager {
    fidelity: Fidelity,
    interpolation: Option<InterpolationManager>,
    constraint: Option<ConstraintManager>,
    sticky_object_id: u32,
}

impl PositionManager {
    /// An empty manager in `Fidelity::Ace` (which only affects the constraint manager; the
    /// interpolation rules are the same in both modes).
    pub fn new() -> Self {
        Self::with_fidelity(Fidelity::Ace)
    }

    /// An empty manager for the given fidelity.
    pub fn with_fidelity(fidelity: Fidelity) -> Self {
        Self {
            fidelity,
            interpolation: None,
            constraint: None,
            sticky_object_id: 0,
        }
    }

    /// The interpolation manager, if one has been created (the `im` trace line reads it).
    pub fn interpolation(&self) -> Option<&InterpolationManager> {
        self.interpolation.as_ref()
    }

    /// Mutable access to the interpolation manager, if any (for direct `UseTime` /
    /// `NodeCompleted` calls).
    pub fn interpolation_mut(&mut self) -> Option<&mut InterpolationManager> {
        self.interpolation.as_mut()
    }

    /// The interpolation manager, created if missing.
    pub fn make_interpolation(&mut self) -> &mut InterpolationManager {
        self.interpolation
            .get_or_insert_with(InterpolationManager::new)
    }

    /// The constraint manager, if any.
    pub fn constraint(&self) -> Option<&ConstraintManager> {
        self.constraint.as_ref()
    }

    /// `InterpolateTo(p, keep_heading)`: creates the interpolation manager if needed.
    pub fn interpolate_to<H: InterpHost + ?Sized>(
        &mut self,
        host: &mut H,
        p: &Position,
        keep: bool,
    ) {
        self.make_interpolation().interpolate_to(host, p, keep);
    }

    /// Queue a velocity node (creates the interpolation manager if needed).
    pub fn push_velocity(&mut self, velocity: Vec3) {
        self.make_interpolation().push_velocity(velocity);
    }

    /// Queue a jump node (creates the interpolation manager if needed).
    pub fn push_jump(&mut self, extent: f32) {
        self.make_interpolation().push_jump(extent);
    }

    /// `StopInterpolating()` (no-op without an interpolation manager).
    pub fn stop_interpolating(&mut self) {
        if let Some(im) = self.interpolation.as_mut() {
            im.stop_interpolating();
        }
    }

    /// `IsInterpolating()`: an interpolation manager exists and its queue is non-empty.
    pub fn is_interpolating(&self) -> bool {
        self.interpolation
            .as_ref()
            .is_some_and(InterpolationManager::is_interpolating)
    }

    /// `ConstrainTo(pos, start, max)` (creates the constraint manager if needed).
    pub fn constrain_to<H: InterpHost + ?Sized>(
        &mut self,
        host: &H,
        pos: &Position,
        start_distance: f32,
        max_distance: f32,
    ) {
        let fidelity = self.fidelity;
        self.constraint
            .get_or_insert_with(|| ConstraintManager::new(fidelity))
            .constrain_to(host, pos, start_distance, max_distance);
    }

    /// `Unconstrain()`.
    pub fn unconstrain(&mut self) {
        if let Some(c) = self.constraint.as_mut() {
            c.unconstrain();
        }
    }

    /// `IsFullyConstrained()`: false without a constraint manager.
    pub fn is_fully_constrained(&self) -> bool {
        self.constraint
            .as_ref()
            .is_some_and(ConstraintManager::is_fully_constrained)
    }

    /// `GetStickyObjectID()`: the sticky target reported by the caller (0 = none; sticking
    /// itself is not implemented in this crate, see the module docs).
    pub fn sticky_object_id(&self) -> u32 {
        self.sticky_object_id
    }

    /// Record the id of the object this one is stuck to (0 = none). While non-zero the
    /// interpolation progress audit always passes, as in the reference.
    pub fn set_sticky_object_id(&mut self, id: u32) {
        self.sticky_object_id = id;
    }

    /// `AdjustOffset(off, q)`: interpolation (may replace `off`), then constraint (scales
    /// `off.origin`), on the same frame. Call it between the scale/zeroing of the slice offset
    /// and the combine.
    pub fn adjust_offset<H: InterpHost + ?Sized>(
        &mut self,
        host: &mut H,
        off: &mut Frame,
        quantum: f64,
    ) {
        let sticky = self.sticky_object_id;
        if let Some(im) = self.interpolation.as_mut() {
            im.adjust_offset(host, off, quantum, sticky);
        }
        if let Some(c) = self.constraint.as_mut() {
            c.adjust_offset(host, off);
        }
    }

    /// `UseTime()`: the interpolation manager's blips and velocity/jump nodes (the constraint
    /// manager has nothing to do). Call it after placement, after the motion manager's
    /// `UseTime`.
    pub fn use_time<H: InterpHost + ?Sized>(&mut self, host: &mut H) {
        if let Some(im) = self.interpolation.as_mut() {
            im.use_time(host);
        }
    }
}
