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
use super::io::{check_encodable_count, read_u32, write_u32};
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

/// How a field's word is read and printed.
#[derive(Clone, Copy, PartialEq)]
enum Kind {
    HoldKey,
    Id,
    Speed,
}

/// The 11 optional fields in wire (= flag) order: flag, field name for errors, key in the
/// canonical text, kind.
const FIELDS: [(RawMotionFlags, &str, &str, Kind); 11] = [
    (
        RawMotionFlags::CURRENT_HOLD_KEY,
        "RawMotionState.current_hold_key",
        "hold_key",
        Kind::HoldKey,
    ),
    (
        RawMotionFlags::CURRENT_STYLE,
        "RawMotionState.current_style",
        "style",
        Kind::Id,
    ),
    (
        RawMotionFlags::FORWARD_COMMAND,
        "RawMotionState.forward_command",
        "fwd",
        Kind::Id,
    ),
    (
        RawMotionFlags::FORWARD_HOLD_KEY,
        "RawMotionState.forward_hold_key",
        "fwd_hold",
        Kind::HoldKey,
    ),
    (
        RawMotionFlags::FORWARD_SPEED,
        "RawMotionState.forward_speed",
        "fwd_speed",
        Kind::Speed,
    ),
    (
        RawMotionFlags::SIDESTEP_COMMAND,
        "RawMotionState.sidestep_command",
        "side",
        Kind::Id,
    ),
    (
        RawMotionFlags::SIDESTEP_HOLD_KEY,
        "RawMotionState.sidestep_hold_key",
        "side_hold",
        Kind::HoldKey,
    ),
    (
        RawMotionFlags::SIDESTEP_SPEED,
        "RawMotionState.sidestep_speed",
        "side_speed",
        Kind::Speed,
    ),
    (
        RawMotionFlags::TURN_COMMAND,
        "RawMotionState.turn_command",
        "turn",
        Kind::Id,
    ),
    (
        RawMotionFlags::TURN_HOLD_KEY,
        "RawMotionState.turn_hold_key",
        "turn_hold",
        Kind::HoldKey,
    ),
    (
        RawMotionFlags::TURN_SPEED,
        "RawMotionState.turn_speed",
        "turn_speed",
        Kind::Speed,
    ),
];

/// The 11 fields as their wire words, in [`FIELDS`] order.
fn words(s: &RawMotionState) -> [u32; 11] {
    [
        s.current_hold_key.code(),
        s.current_style,
        s.forward_command,
        s.forward_hold_key.code(),
        s.forward_speed.to_bits(),
        s.sidestep_command,
        s.sidestep_hold_key.code(),
        s.sidestep_speed.to_bits(),
        s.turn_command,
        s.turn_hold_key.code(),
        s.turn_speed.to_bits(),
    ]
}

/// The hold key of wire value `v` (0, 1, 2).
fn hold_key(v: u32) -> Option<HoldKey> {
    match v {
        0 => Some(HoldKey::Invalid),
        1 => Some(HoldKey::None),
        2 => Some(HoldKey::Run),
        _ => None,
    }
}

/// Store word `w` of field `i` ([`FIELDS`] order; hold keys already validated).
fn set_word(s: &mut RawMotionState, i: usize, w: u32) {
    let key = || hold_key(w).unwrap_or_default();
    match i {
        0 => s.current_hold_key = key(),
        1 => s.current_style = w,
        2 => s.forward_command = w,
        3 => s.forward_hold_key = key(),
        4 => s.forward_speed = f32::from_bits(w),
        5 => s.sidestep_command = w,
        6 => s.sidestep_hold_key = key(),
        7 => s.sidestep_speed = f32::from_bits(w),
        8 => s.turn_command = w,
        9 => s.turn_hold_key = key(),
        _ => s.turn_speed = f32::from_bits(w),
    }
}

impl RawMotionStatePack {
    /// The largest action count the word's 21 high bits can carry.
    pub const MAX_ACTIONS: u64 = (1 << (32 - FLAG_BITS)) - 1;

    /// `state` with the flags the retail client sends: a field is present when it differs
    /// from its default (every recorded MoveToState follows this rule).
    pub fn new(state: RawMotionState) -> Self {
        let (now, default) = (words(&state), words(&RawMotionState::default()));
        let flags = FIELDS
            .iter()
            .zip(now.iter().zip(default))
            .filter(|(_, (a, b))| **a != *b)
            .fold(RawMotionFlags::empty(), |acc, ((flag, ..), _)| acc | *flag);
        RawMotionStatePack { flags, state }
    }
}

impl BinRead for RawMotionStatePack {
    type Args<'a> = ();

    fn read_options<R: Read + Seek>(r: &mut R, _: Endian, _: ()) -> BinResult<Self> {
        let packed = read_u32(r, "RawMotionState.flags")?;
        let flags = RawMotionFlags::from_bits_retain(packed & ((1 << FLAG_BITS) - 1));
        let mut s = RawMotionState::default();
        for (i, &(flag, field, _, kind)) in FIELDS.iter().enumerate() {
            if !flags.contains(flag) {
                continue;
            }
            let offset = r.stream_position()?;
            let word = read_u32(r, field)?;
            if kind == Kind::HoldKey && hold_key(word).is_none() {
                return Err(DecodeError::UnknownHoldKey {
                    field,
                    offset,
                    value: word,
                }
                .into_binrw());
            }
            set_word(&mut s, i, word);
        }
        s.actions = read_actions(r, packed >> FLAG_BITS, "RawMotionState.actions")?.into();
        Ok(RawMotionStatePack { flags, state: s })
    }
}

impl BinWrite for RawMotionStatePack {
    type Args<'a> = ();

    fn write_options<W: Write + Seek>(&self, w: &mut W, _: Endian, _: ()) -> BinResult<()> {
        let s = &self.state;
        check_encodable_count("RawMotionState.actions", s.actions.len(), Self::MAX_ACTIONS)?;
        write_u32(
            w,
            self.flags.bits() | ((s.actions.len() as u32) << FLAG_BITS),
        )?;
        for ((flag, ..), word) in FIELDS.iter().zip(words(s)) {
            if self.flags.contains(*flag) {
                write_u32(w, word)?;
            }
        }
        write_actions(w, &s.actions, "RawMotionState.actions")
    }
}

/// `raw{bits=0x005 hold_key=2(Run) fwd=0x45000005 cmds=[]}`.
impl fmt::Display for RawMotionStatePack {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "raw{{bits=0x{:03X}", self.flags.bits())?;
        for ((flag, _, key, kind), word) in FIELDS.iter().zip(words(&self.state)) {
            if !self.flags.contains(*flag) {
                continue;
            }
            match kind {
                Kind::HoldKey => {
                    let name = hold_key(word).map_or("?", HoldKey::name);
                    write!(f, " {key}={word}({name})")?
                }
                Kind::Id => write!(f, " {key}=0x{word:08X}")?,
                Kind::Speed => write!(f, " {key}={}", F32Text(f32::from_bits(word)))?,
            }
        }
        write!(f, " {}}}", ActionsText(&self.state.actions))
    }
}
