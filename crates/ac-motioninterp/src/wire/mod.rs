//! The motion states and `MovementData` as they travel on the wire, byte for byte.
//!
//! Every form reads and writes through binrw ([`BinRead`]/[`BinWrite`], little-endian), so it
//! can be embedded in a caller's own binrw structures, and has a one-line canonical text
//! (`Display`). Round trips are exact: flags are kept as sent and never recomputed (retail
//! servers send a turn speed without a turn command), float bits are preserved, and
//! `encode(decode(b)) == b` for every accepted buffer.
//!
//! | form | layout |
//! |---|---|
//! | [`RawMotionStatePack`] | flags and action count in one word, present fields (4 bytes each) in flag order, actions |
//! | [`InterpretedMotionStatePack`] | flags and action count, `u16` commands before `f32` speeds, actions, pad |
//! | [`MovementData`] | type, flags, `u16` stance, then the [`Movement`] of that type |
//! | [`Origin`], [`MoveToParameters`], [`TurnToParameters`] | the move-to / turn-to parts |
//!
//! Two conventions hold throughout:
//!
//! * **Alignment** is counted from stream position 0, which must be the start of the message
//!   (its opcode) — a message's padding depends on where the structure sits in it.
//! * **Command fields** sent as `u16` are indices into the command table and are stored as
//!   full 32-bit ids ([`command_id`], [`command_index`]); an index with no command is refused.
//!
//! Bad bytes give a [`DecodeError`] naming the field and its offset — never a panic, and no
//! count allocates before it is checked against the bytes that remain. Values the layout
//! cannot carry give an [`EncodeError`]. Non-zero padding is refused ([`DecodeError::NonZeroPad`])
//! because the forms do not store padding.
//!
//! # Example
//!
//! ```
//! use ac_motioninterp::wire::{Movement, MovementData};
//!
//! // A retail CreateObject movement blob: HandCombat, RunForward at 3.0625.
//! let bytes = [
//!     0x00, 0x00, 0x3C, 0x00, // type Invalid (interpreted state), flags, stance 0x003C
//!     0x07, 0x00, 0x00, 0x00, // state flags: style, forward, forward speed; no actions
//!     0x3C, 0x00, 0x07, 0x00, // style 0x003C, forward 0x0007 (RunForward)
//!     0x00, 0x00, 0x44, 0x40, // forward speed 3.0625
//! ];
//! let md = MovementData::decode(&bytes).unwrap();
//! let Movement::InterpretedState { state, .. } = &md.movement else { unreachable!() };
//! assert_eq!(state.state.forward_command, ac_motioninterp::motion::RUN_FORWARD);
//! assert_eq!(state.state.forward_speed, 3.0625);
//! assert_eq!(md.encode().unwrap(), bytes);
//! assert_eq!(
//!     md.to_string(),
//!     "type=Invalid flags=0x00 style=0x003C ims{bits=0x07 style=0x003C fwd=0x0007 fwd_speed=3.0625 cmds=[]}"
//! );
//! // One byte short: a typed error naming the field and where it starts.
//! let err = MovementData::decode(&bytes[..15]).unwrap_err();
//! assert_eq!(
//!     err.to_string(),
//!     "`InterpretedMotionState.forward_speed` at byte 12: needs 4 byte(s), only 3 left"
//! );
//! ```
//!
//! [`BinRead`]: binrw::BinRead
//! [`BinWrite`]: binrw::BinWrite

mod actions;
mod commands;
mod error;
mod interpreted;
pub mod io;
mod movement;
mod raw;
mod text;

pub use actions::ACTION_SIZE;
pub use commands::{command_id, command_index};
pub use error::{DecodeError, EncodeError};
pub use interpreted::{InterpretedMotionFlags, InterpretedMotionStatePack};
pub use movement::{
    MoveToParameters, Movement, MovementData, MovementDataFlags, Origin, TurnToParameters,
};
pub use raw::{RawMotionFlags, RawMotionStatePack};
pub use text::{CommandIndexText, F32Text, Vec3Text};

use binrw::io::Cursor;
use binrw::{BinRead, BinWrite, Endian};

/// Decode `bytes` as one `T` from its start (padding counted from `bytes[0]`), requiring every
/// byte to be used; `what` names the structure in a trailing-bytes error.
pub fn decode_exact<T>(bytes: &[u8], what: &'static str) -> Result<T, DecodeError>
where
    T: for<'a> BinRead<Args<'a> = ()>,
{
    let mut cur = Cursor::new(bytes);
    let value = T::read_options(&mut cur, Endian::Little, ())?;
    io::expect_end(&mut cur, what)?;
    Ok(value)
}

/// Encode `value` into a new buffer (padding counted from its start).
pub fn encode_to_vec<T>(value: &T) -> Result<Vec<u8>, EncodeError>
where
    T: for<'a> BinWrite<Args<'a> = ()>,
{
    let mut cur = Cursor::new(Vec::new());
    value.write_options(&mut cur, Endian::Little, ())?;
    Ok(cur.into_inner())
}
