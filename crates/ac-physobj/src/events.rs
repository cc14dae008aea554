//! The host event log: what the object did on behalf of the layers below it, in call order.

use std::fmt;

use ac_motioninterp::{TargetStatus, WeenieError};
use ac_motiontable::MotionCommand;

/// One host event (the `event` lines of a trace, docs/scenarios.md).
///
/// Why a log: the lower layers reach the object through host traits; every such call that has a
/// visible effect outside the object is recorded here, in call order, so a driver (the scenario
/// runner, a game server, a test) can observe the exact sequence without callbacks. The caller
/// drains the buffer with [`crate::PhysicsObj::take_events`] / [`crate::PhysicsObj::drain_events`].
///
/// `Display` is the trace text; `Debug` is the derived form except that motions print with
/// their names (`MotionDone { motion: Ready(0x41000003), success: true }`).
#[derive(Clone, Copy, PartialEq)]
pub enum ObjectEvent {
    /// `process_hooks` ran one animation hook (logged before it executes).
    AnimHook {
        /// The numeric `AnimationHookType`.
        hook_type: u32,
        /// The `AnimationHookDir` (-1 Backward, 0 Both, 1 Forward).
        direction: i32,
    },
    /// The motion-table manager completed a pending motion (`PhysicsObj.MotionDone`).
    MotionDone {
        /// The completed motion id.
        motion: u32,
        /// Whether it completed normally.
        success: bool,
    },
    /// The weenie was told about a completed motion (`WeenieObj.OnMotionDone`).
    WeenieMotionDone {
        /// The completed motion id.
        motion: u32,
        /// Whether it completed normally.
        success: bool,
    },
    /// The interpreter asked the object to unstick (Action completion / exit world).
    UnstickFromObject,
    /// The interpreter asked for the link animations to be dropped (`RemoveLinkAnimations`).
    RemoveLinkAnimations,
    /// The interpreter cancelled a move-to.
    CancelMoveTo,
    /// `set_velocity` ran (logged whether or not the velocity changed).
    SetVelocity,
    /// `set_on_walkable(b)` ran.
    SetOnWalkable(bool),
    /// `get_minterp` created the movement manager (interpreter) on demand.
    MakeMovementManager,
    /// The position was set directly (teleport, blip): cell and ACE `SetPositionFlags`.
    SetPosition {
        /// The new cell id.
        cell: u32,
        /// The `SetPosition` flags (0x1012 = Teleport | SendPositionEvent | Slide).
        flags: u32,
    },
    /// `teleport_hook` ran (unstick, stop interpolating, unconstrain).
    TeleportHook,
    /// `StopCompletely()` on the object (the move-to manager's, or a caller's).
    StopCompletely,
    /// A move-to or turn-to ended (`WeenieObj.OnMoveComplete`).
    MoveComplete(WeenieError),
    /// A target report reached the object (`HandleUpdateTarget`): the reporting object's id
    /// and its status.
    UpdateTarget {
        /// The object the report is about.
        object: u32,
        /// Its status.
        status: TargetStatus,
    },
    /// The object started following another (`set_target`).
    SetTarget(u32),
    /// The object stopped following (`clear_target`).
    ClearTarget,
    /// The prediction horizon of the followed object changed (`set_target_quantum`, seconds
    /// as f32).
    SetTargetQuantum(f32),
}

impl fmt::Debug for ObjectEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let motion_done = |f: &mut fmt::Formatter<'_>, name, motion, success: bool| {
            f.debug_struct(name)
                .field("motion", &MotionCommand(motion))
                .field("success", &success)
                .finish()
        };
        match *self {
            ObjectEvent::AnimHook {
                hook_type,
                direction,
            } => f
                .debug_struct("AnimHook")
                .field("hook_type", &hook_type)
                .field("direction", &direction)
                .finish(),
            ObjectEvent::MotionDone { motion, success } => {
                motion_done(f, "MotionDone", motion, success)
            }
            ObjectEvent::WeenieMotionDone { motion, success } => {
                motion_done(f, "WeenieMotionDone", motion, success)
            }
            ObjectEvent::UnstickFromObject => f.write_str("UnstickFromObject"),
            ObjectEvent::RemoveLinkAnimations => f.write_str("RemoveLinkAnimations"),
            ObjectEvent::CancelMoveTo => f.write_str("CancelMoveTo"),
            ObjectEvent::SetVelocity => f.write_str("SetVelocity"),
            ObjectEvent::SetOnWalkable(b) => f.debug_tuple("SetOnWalkable").field(&b).finish(),
            ObjectEvent::MakeMovementManager => f.write_str("MakeMovementManager"),
            ObjectEvent::SetPosition { cell, flags } => f
                .debug_struct("SetPosition")
                .field("cell", &format_args!("0x{cell:08X}"))
                .field("flags", &format_args!("0x{flags:X}"))
                .finish(),
            ObjectEvent::TeleportHook => f.write_str("TeleportHook"),
            ObjectEvent::StopCompletely => f.write_str("StopCompletely"),
            ObjectEvent::MoveComplete(e) => f.debug_tuple("MoveComplete").field(&e).finish(),
            ObjectEvent::UpdateTarget { object, status } => f
                .debug_struct("UpdateTarget")
                .field("object", &format_args!("0x{object:08X}"))
                .field("status", &status)
                .finish(),
            ObjectEvent::SetTarget(id) => f
                .debug_tuple("SetTarget")
                .field(&format_args!("0x{id:08X}"))
                .finish(),
            ObjectEvent::ClearTarget => f.write_str("ClearTarget"),
            ObjectEvent::SetTargetQuantum(q) => {
                f.debug_tuple("SetTargetQuantum").field(&q).finish()
            }
        }
    }
}

/// The trace text after `event `, e.g. `motion_done 0x41000003 true`.
impl fmt::Display for ObjectEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ObjectEvent::AnimHook {
                hook_type,
                direction,
            } => {
                f.write_str("anim_hook ")?;
                match ac_dat::hook_type_name(hook_type) {
                    Some(n) => f.write_str(n)?,
                    None => write!(f, "{hook_type}")?,
                }
                f.write_str(":")?;
                match ac_dat::hook_direction_name(direction) {
                    Some(n) => f.write_str(n),
                    None => write!(f, "{direction}"),
                }
            }
            ObjectEvent::MotionDone { motion, success } => {
                write!(f, "motion_done 0x{motion:08X} {success}")
            }
            ObjectEvent::WeenieMotionDone { motion, success } => {
                write!(f, "weenie_motion_done 0x{motion:08X} {success}")
            }
            ObjectEvent::UnstickFromObject => f.write_str("unstick_from_object"),
            ObjectEvent::RemoveLinkAnimations => f.write_str("remove_link_animations"),
            ObjectEvent::CancelMoveTo => f.write_str("cancel_moveto"),
            ObjectEvent::SetVelocity => f.write_str("set_velocity"),
            ObjectEvent::SetOnWalkable(b) => write!(f, "set_on_walkable {b}"),
            ObjectEvent::MakeMovementManager => f.write_str("make_movement_manager"),
            ObjectEvent::SetPosition { cell, flags } => {
                write!(f, "set_position 0x{cell:08X} flags=0x{flags:X}")
            }
            ObjectEvent::TeleportHook => f.write_str("teleport_hook"),
            ObjectEvent::StopCompletely => f.write_str("stop_completely"),
            ObjectEvent::MoveComplete(e) => write!(f, "move_complete {e}"),
            ObjectEvent::UpdateTarget { object, status } => {
                write!(f, "update_target 0x{object:08X} {}", status.name())
            }
            ObjectEvent::SetTarget(id) => write!(f, "set_target 0x{id:08X}"),
            ObjectEvent::ClearTarget => f.write_str("clear_target"),
            ObjectEvent::SetTargetQuantum(q) => write!(f, "set_target_quantum {q}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn debug_names_the_motion_and_display_keeps_the_trace_text() {
        let e = ObjectEvent::MotionDone {
            motion: 0x4100_0003,
            success: true,
        };
        assert_eq!(
            format!("{e:?}"),
            "MotionDone { motion: Ready(0x41000003), success: true }"
        );
        assert_eq!(e.to_string(), "motion_done 0x41000003 true");
    }
}
