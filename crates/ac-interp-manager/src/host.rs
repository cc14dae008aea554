//! The object seen from the position managers.
//!
//! The managers live inside the physics object (`ac-physobj`), which sits *above* this crate, so
//! they reach it through this trait (the object implements it) instead of naming its type. Every
//! method is a query or a command the reference's managers issue on `PhysicsObj`; nothing here
//! calls back into the managers, so the object can lend a view of itself while it holds its
//! position manager separately (no re-entrancy).

use ac_dat::Frame;
use glam::Vec3;

use crate::position::Position;

/// What the interpolation / constraint managers need from their physics object.
pub trait InterpHost {
    /// The object's current position (cell id and frame).
    fn position(&self) -> Position;

    /// Whether `TransientState` has Contact (`0x1`). Correction is applied only on contact.
    fn has_contact(&self) -> bool;

    /// Whether this object is the local player. Only the retail client's *local player* gets
    /// the 25-unit indoor blip distance (quirk `indoor-blip-local-player`); a server-side or remote
    /// object never is, hence the default.
    fn is_local_player(&self) -> bool {
        false
    }

    /// `get_minterp()` followed by `MotionInterp::get_adjusted_max_speed()`.
    ///
    /// Like the reference, `get_minterp()` creates the movement manager (and its interpreter)
    /// when it is missing, so this takes `&mut self`. Return `None` only if the object cannot
    /// have an interpreter at all; the manager then falls back to 7.5 like a zero speed.
    fn adjusted_max_speed(&mut self) -> Option<f32>;

    /// `set_frame(frame)` on the object's position frame (used by `set_heading`, which the
    /// "already there" branch of `InterpolateTo` applies). The object does its own validity
    /// check.
    fn set_frame(&mut self, frame: Frame);

    /// `SetPositionSimple(pos, sliding = true)`: place the object at `pos` (cell id and frame)
    /// with flags `Teleport | SendPositionEvent | Slide` (0x1012). Used for blips.
    fn set_position_simple(&mut self, pos: &Position);

    /// `set_velocity(v, send_event = true)` (the object's clamp and activation rules apply).
    fn set_velocity(&mut self, velocity: Vec3);

    // ---- Sticky manager only. Defaults describe an object in a world with no other objects
    // ---- and no clock, so hosts that never call `stick_to` need not implement them.

    /// `PhysicsTimer.CurrentTime` (f64 seconds): the sticky timeout is measured on it.
    fn current_time(&self) -> f64 {
        0.0
    }

    /// `GetObjectA(id)`: the live position of another object, if the world knows it. When
    /// it does not, the sticky manager uses the last position reported by
    /// `handle_update_target`.
    fn object_position(&self, _id: u32) -> Option<Position> {
        None
    }

    /// `GetRadius()`: the object's cylinder radius.
    fn radius(&self) -> f32 {
        0.0
    }

    /// `get_minterp()` followed by `MotionInterp::get_max_speed()` (NOT the adjusted one; the
    /// sticky pull uses five times this, or 15 when it is ~0).
    fn max_speed(&mut self) -> Option<f32> {
        None
    }

    /// `set_target(0, id, 0.5, 0.5)`: start tracking `id` with the target manager, which
    /// answers through `PositionManager::handle_update_target`.
    fn set_target(&mut self, _id: u32) {}

    /// `clear_target()`: stop tracking.
    fn clear_target(&mut self) {}

    /// `cancel_moveto()` (unsticking cancels a MoveTo).
    fn cancel_moveto(&mut self) {}
}
