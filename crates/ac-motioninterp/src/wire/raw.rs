//! The client's raw motion state on the wire (inside MoveToState).
//!
//! A `u32` holds the 11 presence flags and, from bit 11 up, the action count; then each
//! present field as 4 bytes in flag order (full 32-bit command ids, hold keys as `u32`,
//! speeds as `f32`); then the actions. No padding: the state is a multiple of 4 bytes.

use std::fmt;

use binrw::io::{Read, Seek, Write};
use binrw::{BinRead, BinResult, BinWrite, Endian};
use bitflags::bitflags;

use super::actions::{ActionsText, read_actions, write_actions};
use super::error::DecodeError;
use super::io::{check_encodable_count, read_f32, read_u32, write_u32};
use super::text::F32Text;
use crate::params::HoldKey;
use crate::state::RawMotionState;

bitflags! {
    /// Which fields of a raw motion state are on the wire (low 11 bits of the first word).
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
    pub struct RawMotionFlags: u32 {
        /// `current_hold_key`.
        const CURRENT_HOLD_KEY = 0x001;
        /// `current_style`.
        const CURRENT_STYLE = 0x002;
        /// `forward_command`.
        const FORWARD_COMMAND = 0x004;
        /// `forward_hold_key`.
        const FORWARD_HOLD_KEY = 0x008;
        /// `forward_speed`.
        const FORWARD_SPEED = 0x010;
        /// `sidestep_command`.
        const SIDESTEP_COMMAND = 0x020;
        /// `sidestep_hold_key`.
        const SIDESTEP_HOLD_KEY = 0x040;
        /// `sidestep_speed`.
        const SIDESTEP_SPEED = 0x080;
        /// `turn_command`.
        const TURN_COMMAND = 0x100;
        /// `turn_hold_key`.
        const TURN_HOLD_KEY = 0x200;
        /// `turn_speed`.
        const TURN_SPEED = 0x400;
    }
}

/// Bits of the first word that hold the flags; the action count starts above them.
const FLAG_BITS: u32 = 11;

/// A [`RawMotionState`] with the flags it was sent with.
///
/// Decoding fills absent fields with the state's defaults ([`RawMotionState::default`]);
/// encoding writes exactly the fields the flags name, so `encode(decode(b)) == b`. To send a
/// new state, [`RawMotionStatePack::new`] chooses the flags the way the retail client does.
#[derive(Debug, Clone, PartialEq)]
pub struct RawMotionStatePack {
    /// The presence flags, as sent.
    pub flags: RawMotionFlags,
    /// The state.
    pub state: RawMotionState,
}

impl RawMotionStatePack {
    /// The largest action count the word's 21 high bits can carry.
    pub const MAX_ACTIONS: u64 = (1 << (32 - FLAG_BITS)) - 1;

    /// `state` with the flags the retail client sends: a field is present when it differs
    /// from its default (every recorded MoveToState follows this rule).
    pub fn new(state: RawMotionState) -> Self {
        let d = RawMotionState::default();
        let s = &state;
        let changed = [
            (
                RawMotionFlags::CURRENT_HOLD_KEY,
                s.current_hold_key != d.current_hold_key,
            ),
            (
                RawMotionFlags::CURRENT_STYLE,
                s.current_style != d.current_style,
            ),
            (
                RawMotionFlags::FORWARD_COMMAND,
                s.forward_command != d.forward_command,
            ),
            (
                RawMotionFlags::FORWARD_HOLD_KEY,
                s.forward_hold_key != d.forward_hold_key,
            ),
            (
                RawMotionFlags::FORWARD_SPEED,
                s.forward_speed != d.forward_speed,
            ),
            (
                RawMotionFlags::SIDESTEP_COMMAND,
                s.sidestep_command != d.sidestep_command,
            ),
            (
                RawMotionFlags::SIDESTEP_HOLD_KEY,
                s.sidestep_hold_key != d.sidestep_hold_key,
            ),
            (
                RawMotionFlags::SIDESTEP_SPEED,
                s.sidestep_speed != d.sidestep_speed,
            ),
            (
                RawMotionFlags::TURN_COMMAND,
                s.turn_command != d.turn_command,
            ),
            (
                RawMotionFlags::TURN_HOLD_KEY,
                s.turn_hold_key != d.turn_hold_key,
            ),
            (RawMotionFlags::TURN_SPEED, s.turn_speed != d.turn_speed),
        ];
        let flags = changed
            .into_iter()
            .filter(|&(_, c)| c)
            .fold(RawMotionFlags::empty(), |acc, (f, _)| acc | f);
        RawMotionStatePack { flags, state }
    }
}

fn read_hold_key<R: Read + Seek>(r: &mut R, field: &'static str) -> BinResult<HoldKey> {
    let offset = r.stream_position()?;
    match read_u32(r, field)? {
        0 => Ok(HoldKey::Invalid),
        1 => Ok(HoldKey::None),
        2 => Ok(HoldKey::Run),
        value => Err(DecodeError::UnknownHoldKey {
            field,
            offset,
            value,
        }
        .into_binrw()),
    }
}

impl BinRead for RawMotionStatePack {
    type Args<'a> = ();

    fn read_options<R: Read + Seek>(r: &mut R, _: Endian, _: ()) -> BinResult<Self> {
        use RawMotionFlags as F;
        let packed = read_u32(r, "RawMotionState.flags")?;
        let flags = F::from_bits_retain(packed & ((1 << FLAG_BITS) - 1));
        let count = packed >> FLAG_BITS;
        let mut s = RawMotionState::default();
        if flags.contains(F::CURRENT_HOLD_KEY) {
            s.current_hold_key = read_hold_key(r, "RawMotionState.current_hold_key")?;
        }
        if flags.contains(F::CURRENT_STYLE) {
            s.current_style = read_u32(r, "RawMotionState.current_style")?;
        }
        if flags.contains(F::FORWARD_COMMAND) {
            s.forward_command = read_u32(r, "RawMotionState.forward_command")?;
        }
        if flags.contains(F::FORWARD_HOLD_KEY) {
            s.forward_hold_key = read_hold_key(r, "RawMotionState.forward_hold_key")?;
        }
        if flags.contains(F::FORWARD_SPEED) {
            s.forward_speed = read_f32(r, "RawMotionState.forward_speed")?;
        }
        if flags.contains(F::SIDESTEP_COMMAND) {
            s.sidestep_command = read_u32(r, "RawMotionState.sidestep_command")?;
        }
        if flags.contains(F::SIDESTEP_HOLD_KEY) {
            s.sidestep_hold_key = read_hold_key(r, "RawMotionState.sidestep_hold_key")?;
        }
        if flags.contains(F::SIDESTEP_SPEED) {
            s.sidestep_speed = read_f32(r, "RawMotionState.sidestep_speed")?;
        }
        if flags.contains(F::TURN_COMMAND) {
            s.turn_command = read_u32(r, "RawMotionState.turn_command")?;
        }
        if flags.contains(F::TURN_HOLD_KEY) {
            s.turn_hold_key = read_hold_key(r, "RawMotionState.turn_hold_key")?;
        }
        if flags.contains(F::TURN_SPEED) {
            s.turn_speed = read_f32(r, "RawMotionState.turn_speed")?;
        }
        s.actions = read_actions(r, count, "RawMotionState.actions")?;
        Ok(RawMotionStatePack { flags, state: s })
    }
}

impl BinWrite for RawMotionStatePack {
    type Args<'a> = ();

    fn write_options<W: Write + Seek>(&self, w: &mut W, _: Endian, _: ()) -> BinResult<()> {
        use RawMotionFlags as F;
        let s = &self.state;
        check_encodable_count("RawMotionState.actions", s.actions.len(), Self::MAX_ACTIONS)?;
        write_u32(
            w,
            self.flags.bits() | ((s.actions.len() as u32) << FLAG_BITS),
        )?;
        let f = self.flags;
        let words: [(F, u32); 11] = [
            (F::CURRENT_HOLD_KEY, s.current_hold_key.code()),
            (F::CURRENT_STYLE, s.current_style),
            (F::FORWARD_COMMAND, s.forward_command),
            (F::FORWARD_HOLD_KEY, s.forward_hold_key.code()),
            (F::FORWARD_SPEED, s.forward_speed.to_bits()),
            (F::SIDESTEP_COMMAND, s.sidestep_command),
            (F::SIDESTEP_HOLD_KEY, s.sidestep_hold_key.code()),
            (F::SIDESTEP_SPEED, s.sidestep_speed.to_bits()),
            (F::TURN_COMMAND, s.turn_command),
            (F::TURN_HOLD_KEY, s.turn_hold_key.code()),
            (F::TURN_SPEED, s.turn_speed.to_bits()),
        ];
        for (flag, word) in words {
            if f.contains(flag) {
                write_u32(w, word)?;
            }
        }
        write_actions(w, &s.actions, "RawMotionState.actions")
    }
}

/// `raw{bits=0x005 hold_key=2(Run) fwd=0x45000005 cmds=[]}`.
impl fmt::Display for RawMotionStatePack {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use RawMotionFlags as F;
        let s = &self.state;
        let has = |flag| self.flags.contains(flag);
        let hold = |k: HoldKey| format!("{}({})", k.code(), k.name());
        write!(f, "raw{{bits=0x{:03X}", self.flags.bits())?;
        if has(F::CURRENT_HOLD_KEY) {
            write!(f, " hold_key={}", hold(s.current_hold_key))?;
        }
        if has(F::CURRENT_STYLE) {
            write!(f, " style=0x{:08X}", s.current_style)?;
        }
        if has(F::FORWARD_COMMAND) {
            write!(f, " fwd=0x{:08X}", s.forward_command)?;
        }
        if has(F::FORWARD_HOLD_KEY) {
            write!(f, " fwd_hold={}", hold(s.forward_hold_key))?;
        }
        if has(F::FORWARD_SPEED) {
            write!(f, " fwd_speed={}", F32Text(s.forward_speed))?;
        }
        if has(F::SIDESTEP_COMMAND) {
            write!(f, " side=0x{:08X}", s.sidestep_command)?;
        }
        if has(F::SIDESTEP_HOLD_KEY) {
            write!(f, " side_hold={}", hold(s.sidestep_hold_key))?;
        }
        if has(F::SIDESTEP_SPEED) {
            write!(f, " side_speed={}", F32Text(s.sidestep_speed))?;
        }
        if has(F::TURN_COMMAND) {
            write!(f, " turn=0x{:08X}", s.turn_command)?;
        }
        if has(F::TURN_HOLD_KEY) {
            write!(f, " turn_hold={}", hold(s.turn_hold_key))?;
        }
        if has(F::TURN_SPEED) {
            write!(f, " turn_speed={}", F32Text(s.turn_speed))?;
        }
        write!(f, " {}}}", ActionsText(&s.actions))
    }
}
