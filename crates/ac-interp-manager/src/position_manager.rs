//! `PositionManager`: the per-object owner of the position-correction managers (ACE `PositionManager`).
//!
//! # What is included
//!
//! * **Interpolation** — complete ([`InterpolationManager`], retail rules, see its docs).
//! * **Constraint** — complete ([`ConstraintManager`]: `ConstrainTo`, `Unconstrain`,
//!   `IsFullyConstrained`, `adjust_offset`; ACE's assigning vs retail's accumulating offset is
//!   chosen by `Rules`). Its `UseTime` is empty in the reference, so there is none here.
//! * **Sticky** — included ([`StickyManager`]: `StickTo`, `HandleUpdateTarget`, the 1-second
//!   timeout in `UseTime`, `ClearTarget`/`Unstick`, the pull in `adjust_offset`, and its effect
//!   on interpolation: the progress audit always passes while stuck). What it needs from the
//!   world — the clock, other objects' positions, the radius, the unadjusted max speed and the
//!   target-manager calls — comes through the defaulted methods of [`InterpHost`]; the
//!   defaults describe a world with no other objects and a clock at 0, so a host that never
//!   sticks need not implement them. Target *tracking* (the TargetManager that produces the
//!   updates) is the world's job, not this crate's.
//!
//! Managers are created lazily, as in the reference: the interpolation manager by the first
//! `interpolate_to`/`push_*`, the sticky manager by the first `stick_to`, the constraint manager
//! by the first `constrain_to`.

use ac_dat::Frame;
use ac_motiontable::Rules;
use glam::Vec3;

use crate::constraint::ConstraintManager;
use crate::host::InterpHost;
use crate::interpolation::InterpolationManager;
use crate::position::Position;
use crate::sticky::StickyManager;

/// The object's position-correction managers, applied in the reference order
/// (interpolation, sticky, constraint).
#[derive(Debug, Clone, Default)]
pub struct PositionManager {
    rules: Rules,
    // Boxed: most objects never get one of these, and the object embeds this struct, so an
    // empty manager costs 32 bytes instead of ~270. Boxes are made on first use (a network or
    // game event), never inside a slice.
    interpolation: Option<Box<InterpolationManager>>,
    sticky: Option<Box<StickyManager>>,
    constraint: Option<Box<ConstraintManager>>,
}

impl PositionManager {
    /// An empty manager under `rules` (only the constraint manager has a switch, quirk
    /// `constraint-offset`; the interpolation rules are the same under every rule set).
    pub fn new(rules: Rules) -> Self {
        Self {
            rules,
            interpolation: None,
            sticky: None,
            constraint: None,
        }
    }

    /// The interpolation manager, if one has been created (the `im` trace line reads it).
    pub fn interpolation(&self) -> Option<&InterpolationManager> {
        self.interpolation.as_deref()
    }

    /// Mutable access to the interpolation manager, if any (for direct `UseTime` /
    /// `NodeCompleted` calls).
    pub fn interpolation_mut(&mut self) -> Option<&mut InterpolationManager> {
        self.interpolation.as_deref_mut()
    }

    /// The interpolation manager, created if missing.
    pub fn make_interpolation(&mut self) -> &mut InterpolationManager {
        self.interpolation
            .get_or_insert_with(|| Box::new(InterpolationManager::new()))
    }

    /// The constraint manager, if any.
    pub fn constraint(&self) -> Option<&ConstraintManager> {
        self.constraint.as_deref()
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
        if let Some(im) = self.interpolation.as_deref_mut() {
            im.stop_interpolating();
        }
    }

    /// `IsInterpolating()`: an interpolation manager exists and its queue is non-empty.
    pub fn is_interpolating(&self) -> bool {
        self.interpolation
            .as_deref()
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
        let rules = self.rules;
        self.constraint
            .get_or_insert_with(|| Box::new(ConstraintManager::new(rules)))
            .constrain_to(host, pos, start_distance, max_distance);
    }

    /// `Unconstrain()`.
    pub fn unconstrain(&mut self) {
        if let Some(c) = self.constraint.as_deref_mut() {
            c.unconstrain();
        }
    }

    /// `IsFullyConstrained()`: false without a constraint manager.
    pub fn is_fully_constrained(&self) -> bool {
        self.constraint
            .as_deref()
            .is_some_and(ConstraintManager::is_fully_constrained)
    }

    /// The sticky manager, if any.
    pub fn sticky(&self) -> Option<&StickyManager> {
        self.sticky.as_deref()
    }

    /// `GetStickyObjectID()`: the object this one is stuck to, 0 when none.
    pub fn sticky_object_id(&self) -> u32 {
        self.sticky.as_deref().map_or(0, StickyManager::target_id)
    }

    /// `StickTo(id, radius, height)` (creates the sticky manager if needed).
    pub fn stick_to<H: InterpHost + ?Sized>(
        &mut self,
        host: &mut H,
        id: u32,
        radius: f32,
        height: f32,
    ) {
        self.sticky
            .get_or_insert_with(|| Box::new(StickyManager::new()))
            .stick_to(host, id, radius, height);
    }

    /// `Unstick()` (= the sticky manager's `HandleExitWorld`, i.e. `ClearTarget`).
    pub fn unstick<H: InterpHost + ?Sized>(&mut self, host: &mut H) {
        if let Some(s) = self.sticky.as_deref_mut() {
            s.clear_target(host);
        }
    }

    /// `HandleUpdateTarget`: a target-manager report about object `id` (`Some(position)` for
    /// status OK, `None` when the target is lost).
    pub fn handle_update_target<H: InterpHost + ?Sized>(
        &mut self,
        host: &mut H,
        id: u32,
        position: Option<&Position>,
    ) {
        if let Some(s) = self.sticky.as_deref_mut() {
            s.handle_update_target(host, id, position);
        }
    }

    /// `AdjustOffset(off, q)`: interpolation (may replace `off`), sticky (replaces the
    /// translation and heading while stuck), then constraint (scales `off.origin`), on the
    /// same frame. Call it between the scale/zeroing of the slice offset and the combine.
    pub fn adjust_offset<H: InterpHost + ?Sized>(
        &mut self,
        host: &mut H,
        off: &mut Frame,
        quantum: f64,
    ) {
        let sticky = self.sticky_object_id();
        if let Some(im) = self.interpolation.as_deref_mut() {
            im.adjust_offset(host, off, quantum, sticky);
        }
        if let Some(s) = self.sticky.as_deref_mut() {
            s.adjust_offset(host, off, quantum);
        }
        if let Some(c) = self.constraint.as_deref_mut() {
            c.adjust_offset(host, off);
        }
    }

    /// `UseTime()`: the interpolation manager's blips and velocity/jump nodes, then the
    /// sticky timeout (the constraint manager has nothing to do). Call it after placement,
    /// after the motion manager's `UseTime`.
    pub fn use_time<H: InterpHost + ?Sized>(&mut self, host: &mut H) {
        if let Some(im) = self.interpolation.as_deref_mut() {
            im.use_time(host);
        }
        if let Some(s) = self.sticky.as_deref_mut() {
            s.use_time(host);
        }
    }
}
