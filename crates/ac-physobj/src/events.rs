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
        self.write_trace_text(f)
    }
}

impl ObjectEvent {
    /// Writes the trace text (what `Display` prints) into `f`.
    ///
    /// Why not only `Display`: a long trace prints several events per tick, and going through
    /// a `Formatter` and padded `{:08X}` arguments cost more than the tick. Writing into a
    /// `String` here is plain appends.
    pub fn write_trace_text(&self, f: &mut impl fmt::Write) -> fmt::Result {
        match *self {
            ObjectEvent::AnimHook {
                hook_type,
                direction,
            } => {
                f.write_str("anim_hook ")?;
                name_or_number(f, ac_dat::hook_type_name(hook_type), hook_type)?;
                f.write_str(":")?;
                name_or_number(f, ac_dat::hook_direction_name(direction), direction)
            }
            ObjectEvent::MotionDone { motion, success } => {
                f.write_str("motion_done ")?;
                hex8_then_bool(f, motion, success)
            }
            ObjectEvent::WeenieMotionDone { motion, success } => {
                f.write_str("weenie_motion_done ")?;
                hex8_then_bool(f, motion, success)
            }
            ObjectEvent::UnstickFromObject => f.write_str("unstick_from_object"),
            ObjectEvent::RemoveLinkAnimations => f.write_str("remove_link_animations"),
            ObjectEvent::CancelMoveTo => f.write_str("cancel_moveto"),
            ObjectEvent::SetVelocity => f.write_str("set_velocity"),
            ObjectEvent::SetOnWalkable(b) => {
                f.write_str("set_on_walkable ")?;
                f.write_str(bool_text(b))
            }
            ObjectEvent::MakeMovementManager => f.write_str("make_movement_manager"),
            ObjectEvent::SetPosition { cell, flags } => {
                f.write_str("set_position ")?;
                hex8(f, cell)?;
                write!(f, " flags=0x{flags:X}")
            }
            ObjectEvent::TeleportHook => f.write_str("teleport_hook"),
            ObjectEvent::StopCompletely => f.write_str("stop_completely"),
            ObjectEvent::MoveComplete(e) => write!(f, "move_complete {e}"),
            ObjectEvent::UpdateTarget { object, status } => {
                f.write_str("update_target ")?;
                hex8(f, object)?;
                f.write_str(" ")?;
                f.write_str(status.name())
            }
            ObjectEvent::SetTarget(id) => {
                f.write_str("set_target ")?;
                hex8(f, id)
            }
            ObjectEvent::ClearTarget => f.write_str("clear_target"),
            ObjectEvent::SetTargetQuantum(q) => write!(f, "set_target_quantum {q}"),
        }
    }
}

/// A name, or the number it was looked up by when it has none.
fn name_or_number(
    f: &mut impl fmt::Write,
    name: Option<&str>,
    n: impl fmt::Display,
) -> fmt::Result {
    match name {
        Some(name) => f.write_str(name),
        None => write!(f, "{n}"),
    }
}

/// `0x%08X`.
fn hex8(f: &mut impl fmt::Write, v: u32) -> fmt::Result {
    const DIGITS: &[u8; 16] = b"0123456789ABCDEF";
    let mut text = [b'0'; 10];
    text[1] = b'x';
    for (i, c) in text[2..].iter_mut().rev().enumerate() {
        *c = DIGITS[(v >> (4 * i)) as usize & 0xF];
    }
    // The bytes are ASCII, so the check cannot fail.
    f.write_str(std::str::from_utf8(&text).unwrap_or_default())
}

/// `0x%08X true|false`.
fn hex8_then_bool(f: &mut impl fmt::Write, v: u32, b: bool) -> fmt::Result {
    hex8(f, v)?;
    f.write_str(" ")?;
    f.write_str(bool_text(b))
}

/// A bool as `{}` prints it.
fn bool_text(b: bool) -> &'static str {
    if b { "true" } else { "false" }
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

    #[test]
    fn display_is_the_trace_text_of_every_event() {
        use ObjectEvent::*;
        let hook = |hook_type, direction| AnimHook {
            hook_type,
            direction,
        };
        for (event, text) in [
            (hook(4, 0), "anim_hook AnimationDone:Both"),
            (hook(9999, -1), "anim_hook 9999:Backward"),
            (hook(4, 7), "anim_hook AnimationDone:7"),
            (hook(4, -9), "anim_hook AnimationDone:-9"),
            (
                MotionDone {
                    motion: 0x4500_0005,
                    success: true,
                },
                "motion_done 0x45000005 true",
            ),
            (
                WeenieMotionDone {
                    motion: 0xABC,
                    success: false,
                },
                "weenie_motion_done 0x00000ABC false",
            ),
            (UnstickFromObject, "unstick_from_object"),
            (RemoveLinkAnimations, "remove_link_animations"),
            (CancelMoveTo, "cancel_moveto"),
            (SetVelocity, "set_velocity"),
            (SetOnWalkable(true), "set_on_walkable true"),
            (SetOnWalkable(false), "set_on_walkable false"),
            (MakeMovementManager, "make_movement_manager"),
            (
                SetPosition {
                    cell: 0xA9B4_0011,
                    flags: 0x1012,
                },
                "set_position 0xA9B40011 flags=0x1012",
            ),
            (TeleportHook, "teleport_hook"),
            (StopCompletely, "stop_completely"),
            (
                MoveComplete(WeenieError::NoObject),
                "move_complete NoObject(0x0038)",
            ),
            (
                UpdateTarget {
                    object: 0xFFFF_FFFF,
                    status: TargetStatus::ExitWorld,
                },
                "update_target 0xFFFFFFFF ExitWorld",
            ),
            (SetTarget(0), "set_target 0x00000000"),
            (ClearTarget, "clear_target"),
            (SetTargetQuantum(0.5), "set_target_quantum 0.5"),
        ] {
            assert_eq!(event.to_string(), text, "{event:?}");
        }
    }
}
