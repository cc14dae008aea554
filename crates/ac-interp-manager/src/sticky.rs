//! `StickyManager`: keeps the object pressed against another object for a short time (melee
//! "stick to target"; ACE `StickyManager`).
//!
//! Included as ACE has it, which the retail client matches (its timeout and constants are the
//! same): the stick lasts 1 s from `StickTo` and target updates do not extend it (quirk
//! `sticky-one-second`). The pull **replaces** the slice's translation with a step towards the
//! target's cylinder (stopping 0.3 short) and sets the offset's heading to face the target.

use ac_dat::Frame;
use glam::Vec3;

use crate::host::InterpHost;
use crate::position::Position;
use ac_motiontable::EPSILON;
use ac_sequence::AFrameOps;
use ac_sequence::aframe::nmath;
use ac_sequence::normalize_check_small;

/// Gap left between the two cylinders (`StickyRadius`).
pub const STICKY_RADIUS: f32 = 0.3;
/// How long a stick lasts, in seconds (`StickyTime`).
pub const STICKY_TIME: f32 = 1.0;
/// Pull speed used when the object's max speed is ~0.
pub const STICKY_FALLBACK_SPEED: f32 = 15.0;

/// Sticky state of one object.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct StickyManager {
    target_id: u32,
    target_radius: f32,
    target_position: Option<Position>,
    initialized: bool,
    timeout: f64,
}

impl StickyManager {
    /// No target.
    pub fn new() -> Self {
        Self::default()
    }

    /// The object stuck to (0 = none): `GetStickyObjectID`.
    pub fn target_id(&self) -> u32 {
        self.target_id
    }

    /// Whether a target position has been received since `StickTo`.
    pub fn is_initialized(&self) -> bool {
        self.initialized
    }

    /// Physics time after which `UseTime` drops the target.
    pub fn timeout(&self) -> f64 {
        self.timeout
    }

    /// The last target position reported by the target manager (`None` before the first
    /// report; kept after the target is dropped).
    pub fn target_position(&self) -> Option<&Position> {
        self.target_position.as_ref()
    }

    /// The target's cylinder radius given to `StickTo`.
    pub fn target_radius(&self) -> f32 {
        self.target_radius
    }

    /// `StickTo(id, radius, height)`: replace any current target, start the 1 s timeout and ask
    /// the host to track the new one. The height is unused, as in the reference.
    pub fn stick_to<H: InterpHost + ?Sized>(
        &mut self,
        host: &mut H,
        id: u32,
        radius: f32,
        _height: f32,
    ) {
        if self.target_id != 0 {
            self.clear_target(host);
        }
        self.target_id = id;
        self.initialized = false;
        self.target_radius = radius;
        self.timeout = host.current_time() + f64::from(STICKY_TIME);
        host.set_target(id);
    }

    /// `HandleUpdateTarget`: a report about object `id`. `Some(position)` (status OK) records
    /// it and arms the pull; `None` (target lost) unsticks. Reports about other objects are
    /// ignored. The timeout is not extended (quirk `sticky-one-second`).
    pub fn handle_update_target<H: InterpHost + ?Sized>(
        &mut self,
        host: &mut H,
        id: u32,
        position: Option<&Position>,
    ) {
        if id != self.target_id {
            return;
        }
        match position {
            Some(p) => {
                self.initialized = true;
                self.target_position = Some(*p);
            }
            None => self.clear_target(host),
        }
    }

    /// `ClearTarget()` (also `HandleExitWorld`): drop the target, stop tracking, cancel any
    /// MoveTo. Nothing happens without a target.
    pub fn clear_target<H: InterpHost + ?Sized>(&mut self, host: &mut H) {
        if self.target_id == 0 {
            return;
        }
        self.target_id = 0;
        self.initialized = false;
        host.clear_target();
        host.cancel_moveto();
    }

    /// `UseTime()`: unstick once the physics clock passes the timeout.
    pub fn use_time<H: InterpHost + ?Sized>(&mut self, host: &mut H) {
        if host.current_time() > self.timeout {
            self.clear_target(host);
        }
    }

    /// `adjust_offset(off, q)`: replace the translation with a horizontal step towards the
    /// target (at five times the max speed, 15 when ~0, at most the remaining gap) and turn
    /// the offset to face the target.
    pub fn adjust_offset<H: InterpHost + ?Sized>(
        &mut self,
        host: &mut H,
        off: &mut Frame,
        quantum: f64,
    ) {
        if self.target_id == 0 || !self.initialized {
            return;
        }
        let Some(target) = host
            .object_position(self.target_id)
            .or(self.target_position)
        else {
            return;
        };
        let obj = host.position();
        let offset = obj.offset_to(&target);
        let mut origin = nmath::inverse_transform(offset, obj.frame.orientation);
        origin.z = 0.0;
        let dist = (nmath::length(offset) - (host.radius() + self.target_radius)) - STICKY_RADIUS;
        if normalize_check_small(&mut origin) {
            origin = Vec3::ZERO;
        }
        let mut speed = host.max_speed().map_or(0.0, |s| s * 5.0);
        if speed < EPSILON {
            speed = STICKY_FALLBACK_SPEED;
        }
        let mut delta = speed * quantum as f32;
        if delta >= dist.abs() {
            delta = dist;
        }
        off.origin = origin * delta;
        let current = obj.frame.get_heading();
        let mut heading = obj.heading_to(&target) - current;
        if heading.abs() < EPSILON {
            heading = 0.0;
        }
        if heading < -EPSILON {
            heading += 360.0;
        }
        off.set_heading(heading);
    }
}
