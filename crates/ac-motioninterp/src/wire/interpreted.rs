//! The interpreted motion state on the wire (server → client, inside MovementData).
//!
//! A `u32` holds 7 presence flags and, from bit 7 up, the action count. Then the present
//! `u16` command indices (style, forward, sidestep, turn) — all of them before any float —
//! then the present `f32` speeds (forward, sidestep, turn), the actions, and zero padding to
//! a multiple of 4 counted from the start of the message.

use std::fmt;

use binrw::io::{Read, Seek, Write};
use binrw::{BinRead, BinResult, BinWrite, Endian};
use bitflags::bitflags;

use super::actions::{ActionsText, read_actions, write_actions};
use super::commands::{command_id, command_index};
use super::error::{DecodeError, EncodeError};
use super::io::{
    check_encodable_count, read_f32, read_pad, read_u16, read_u32, write_f32, write_pad, write_u16,
    write_u32,
};
use super::text::{CommandIndexText, F32Text};
use crate::state::InterpretedMotionState;

bitflags! {
    /// Which fields of an interpreted motion state are on the wire (low 7 bits of the first
    /// word).
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
    pub struct InterpretedMotionFlags: u32 {
        /// `current_style` (u16 index).
        const CURRENT_STYLE = 0x01;
        /// `forward_command` (u16 index).
        const FORWARD_COMMAND = 0x02;
        /// `forward_speed`.
        const FORWARD_SPEED = 0x04;
        /// `sidestep_command` (u16 index).
        const SIDESTEP_COMMAND = 0x08;
        /// `sidestep_speed`.
        const SIDESTEP_SPEED = 0x10;
        /// `turn_command` (u16 index).
        const TURN_COMMAND = 0x20;
        /// `turn_speed`.
        const TURN_SPEED = 0x40;
    }
}

const FLAG_BITS: u32 = 7;

/// An [`InterpretedMotionState`] with the flags it was sent with.
///
/// Absent fields decode to the state's defaults (NonCombat, Ready, no sidestep or turn,
/// speeds 1.0). The flags are kept as sent — retail servers send a turn speed without a turn
/// command — and encoding writes exactly the fields they name.
#[derive(Debug, Clone, PartialEq)]
pub struct InterpretedMotionStatePack {
    /// The presence flags, as sent.
    pub flags: InterpretedMotionFlags,
    /// The state, with full 32-bit command ids.
    pub state: InterpretedMotionState,
}

impl InterpretedMotionStatePack {
    /// The largest action count the word's 25 high bits can carry.
    pub const MAX_ACTIONS: u64 = (1 << (32 - FLAG_BITS)) - 1;

    /// `state` with the flags the retail servers send: a field is present when it differs
    /// from its default (every recorded retail MovementData follows this rule).
    pub fn new(state: InterpretedMotionState) -> Self {
        use InterpretedMotionFlags as F;
        let d = InterpretedMotionState::default();
        let s = &state;
        let changed = [
            (F::CURRENT_STYLE, s.current_style != d.current_style),
            (F::FORWARD_COMMAND, s.forward_command != d.forward_command),
            (F::FORWARD_SPEED, s.forward_speed != d.forward_speed),
            (
                F::SIDESTEP_COMMAND,
                s.sidestep_command != d.sidestep_command,
            ),
            (F::SIDESTEP_SPEED, s.sidestep_speed != d.sidestep_speed),
            (F::TURN_COMMAND, s.turn_command != d.turn_command),
            (F::TURN_SPEED, s.turn_speed != d.turn_speed),
        ];
        let flags = changed
            .into_iter()
            .filter(|&(_, c)| c)
            .fold(F::empty(), |acc, (f, _)| acc | f);
        InterpretedMotionStatePack { flags, state }
    }
}

/// Read a `u16` command index and map it to the full id.
pub(crate) fn read_command<R: Read + Seek>(r: &mut R, field: &'static str) -> BinResult<u32> {
    let offset = r.stream_position()?;
    let index = read_u16(r, field)?;
    command_id(index).ok_or_else(|| {
        DecodeError::UnknownCommand {
            field,
            offset,
            index,
        }
        .into_binrw()
    })
}

/// Write the `u16` index of command `id`.
pub(crate) fn write_command<W: Write>(w: &mut W, id: u32, field: &'static str) -> BinResult<()> {
    let index =
        command_index(id).ok_or_else(|| EncodeError::UnknownCommand { field, id }.into_binrw())?;
    write_u16(w, index)
}

impl BinRead for InterpretedMotionStatePack {
    type Args<'a> = ();

    fn read_options<R: Read + Seek>(r: &mut R, _: Endian, _: ()) -> BinResult<Self> {
        use InterpretedMotionFlags as F;
        let packed = read_u32(r, "InterpretedMotionState.flags")?;
        let flags = F::from_bits_retain(packed & ((1 << FLAG_BITS) - 1));
        let count = packed >> FLAG_BITS;
        let mut s = InterpretedMotionState::default();
        if flags.contains(F::CURRENT_STYLE) {
            s.current_style = read_command(r, "InterpretedMotionState.current_style")?;
        }
        if flags.contains(F::FORWARD_COMMAND) {
            s.forward_command = read_command(r, "InterpretedMotionState.forward_command")?;
        }
        if flags.contains(F::SIDESTEP_COMMAND) {
            s.sidestep_command = read_command(r, "InterpretedMotionState.sidestep_command")?;
        }
        if flags.contains(F::TURN_COMMAND) {
            s.turn_command = read_command(r, "InterpretedMotionState.turn_command")?;
        }
        if flags.contains(F::FORWARD_SPEED) {
            s.forward_speed = read_f32(r, "InterpretedMotionState.forward_speed")?;
        }
        if flags.contains(F::SIDESTEP_SPEED) {
            s.sidestep_speed = read_f32(r, "InterpretedMotionState.sidestep_speed")?;
        }
        if flags.contains(F::TURN_SPEED) {
            s.turn_speed = read_f32(r, "InterpretedMotionState.turn_speed")?;
        }
        s.actions = read_actions(r, count, "InterpretedMotionState.actions")?.into();
        read_pad(r, "InterpretedMotionState")?;
        Ok(InterpretedMotionStatePack { flags, state: s })
    }
}

impl BinWrite for InterpretedMotionStatePack {
    type Args<'a> = ();

    fn write_options<W: Write + Seek>(&self, w: &mut W, _: Endian, _: ()) -> BinResult<()> {
        use InterpretedMotionFlags as F;
        let (f, s) = (self.flags, &self.state);
        let actions = &s.actions;
        check_encodable_count(
            "InterpretedMotionState.actions",
            actions.len(),
            Self::MAX_ACTIONS,
        )?;
        write_u32(w, f.bits() | ((actions.len() as u32) << FLAG_BITS))?;
        let commands = [
            (
                F::CURRENT_STYLE,
                s.current_style,
                "InterpretedMotionState.current_style",
            ),
            (
                F::FORWARD_COMMAND,
                s.forward_command,
                "InterpretedMotionState.forward_command",
            ),
            (
                F::SIDESTEP_COMMAND,
                s.sidestep_command,
                "InterpretedMotionState.sidestep_command",
            ),
            (
                F::TURN_COMMAND,
                s.turn_command,
                "InterpretedMotionState.turn_command",
            ),
        ];
        for (flag, id, field) in commands {
            if f.contains(flag) {
                write_command(w, id, field)?;
            }
        }
        let speeds = [
            (F::FORWARD_SPEED, s.forward_speed),
            (F::SIDESTEP_SPEED, s.sidestep_speed),
            (F::TURN_SPEED, s.turn_speed),
        ];
        for (flag, speed) in speeds {
            if f.contains(flag) {
                write_f32(w, speed)?;
            }
        }
        write_actions(w, actions, "InterpretedMotionState.actions")?;
        write_pad(w)
    }
}

/// `ims{bits=0x06 fwd=0x0007 fwd_speed=1.9758065 cmds=[]}`.
impl fmt::Display for InterpretedMotionStatePack {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use InterpretedMotionFlags as F;
        let s = &self.state;
        write!(f, "ims{{bits=0x{:02X}", self.flags.bits())?;
        let commands = [
            (F::CURRENT_STYLE, "style", s.current_style),
            (F::FORWARD_COMMAND, "fwd", s.forward_command),
            (F::SIDESTEP_COMMAND, "side", s.sidestep_command),
            (F::TURN_COMMAND, "turn", s.turn_command),
        ];
        for (flag, key, id) in commands {
            if self.flags.contains(flag) {
                write!(f, " {key}={}", CommandIndexText(id))?;
            }
        }
        let speeds = [
            (F::FORWARD_SPEED, "fwd_speed", s.forward_speed),
            (F::SIDESTEP_SPEED, "side_speed", s.sidestep_speed),
            (F::TURN_SPEED, "turn_speed", s.turn_speed),
        ];
        for (flag, key, v) in speeds {
            if self.flags.contains(flag) {
                write!(f, " {key}={}", F32Text(v))?;
            }
        }
        write!(f, " {}}}", ActionsText(&s.actions))
    }
}
