//! The decision part of `PhysicsObj.MoveOrTeleport`.
//!
//! The object layer owns the side effects (teleport hook, `SetPosition`, interpolation); this
//! pure function owns the rules, so they are tested once, here, next to the interpolation they
//! feed.

/// Objects at least this far from the player are placed directly instead of interpolated.
pub const MOVE_OR_TELEPORT_PLACE_DISTANCE: f32 = 96.0;

/// What `MoveOrTeleport` does with a server position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoveOrTeleportAction {
    /// Result 0: the timestamp is older than the object's teleport stamp, or the object has no
    /// Contact (and the move is not a teleport).
    Refuse,
    /// Result 1: the object has no cell or the timestamp is newer: `teleport_hook` (unstick,
    /// stop interpolating, unconstrain), then `SetPosition(p, 0x1012)`.
    Teleport,
    /// Result 1: far from the player: `StopInterpolating()` then `SetPositionSimple(p, slide)`.
    Place,
    /// Result 1: `InterpolateTo(p, keep_heading = is_moving_to && has MotionInterp)`.
    Interpolate,
}

impl MoveOrTeleportAction {
    /// The boolean `MoveOrTeleport` returns.
    pub fn result(self) -> bool {
        !matches!(self, MoveOrTeleportAction::Refuse)
    }
}

/// Whether stamp `a` is before stamp `b` with 16-bit wrap-around awareness:
/// `|b - a| > 32767 ? b < a : a < b` (the reference's `newer_event` test with `a` the stored
/// stamp). The subtraction wraps like C#'s unchecked `int`; the absolute value is unsigned so
/// `i32::MIN` cannot overflow (C# would throw there; we treat it as "far apart").
pub fn stamp_is_newer(stored: i32, incoming: i32) -> bool {
    if incoming.wrapping_sub(stored).unsigned_abs() > 32767 {
        incoming < stored
    } else {
        stored < incoming
    }
}

/// `MoveOrTeleport(p, timestamp, contact)` decision: older stamp →
/// refuse; no cell or newer stamp → teleport; no contact → refuse; `player_distance >= 96` →
/// place; else interpolate. Equal stamps are neither older nor newer.
pub fn move_or_teleport_action(
    teleport_stamp: i32,
    timestamp: i32,
    has_cell: bool,
    contact: bool,
    player_distance: f32,
) -> MoveOrTeleportAction {
    let u = teleport_stamp;
    let older = if u.wrapping_sub(timestamp).unsigned_abs() > 32767 {
        u < timestamp
    } else {
        timestamp < u
    };
    if older {
        MoveOrTeleportAction::Refuse
    } else if !has_cell || stamp_is_newer(u, timestamp) {
        MoveOrTeleportAction::Teleport
    } else if !contact {
        MoveOrTeleportAction::Refuse
    } else if player_distance >= MOVE_OR_TELEPORT_PLACE_DISTANCE {
        MoveOrTeleportAction::Place
    } else {
        MoveOrTeleportAction::Interpolate
    }
}
