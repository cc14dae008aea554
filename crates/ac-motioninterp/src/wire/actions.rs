//! The action list both motion states end with: per action a `u16` command index, a `u16`
//! stamp (low 15 bits) with the autonomous flag in bit 15, and an `f32` speed — 8 bytes,
//! no padding.

use std::fmt;

use binrw::BinResult;
use binrw::io::{Read, Seek, Write};

use super::commands::{command_id, command_index};
use super::error::{DecodeError, EncodeError};
use super::io::{check_count, read_f32, read_u16, write_f32, write_u16};
use super::text::F32Text;
use crate::state::ActionNode;

/// Size of one action on the wire.
pub const ACTION_SIZE: u64 = 8;

const AUTONOMOUS_BIT: u16 = 0x8000;
const STAMP_MASK: u16 = 0x7FFF;

/// Read `count` actions (the count is checked against the buffer first).
pub(crate) fn read_actions<R: Read + Seek>(
    r: &mut R,
    count: u32,
    field: &'static str,
) -> BinResult<Vec<ActionNode>> {
    check_count(r, field, u64::from(count), ACTION_SIZE)?;
    let mut out = Vec::with_capacity(count as usize);
    for _ in 0..count {
        let offset = r.stream_position()?;
        let index = read_u16(r, field)?;
        let action = command_id(index).ok_or_else(|| {
            DecodeError::UnknownCommand {
                field,
                offset,
                index,
            }
            .into_binrw()
        })?;
        let seq = read_u16(r, field)?;
        let speed = read_f32(r, field)?;
        out.push(ActionNode {
            action,
            speed,
            stamp: i32::from(seq & STAMP_MASK),
            autonomous: seq & AUTONOMOUS_BIT != 0,
        });
    }
    Ok(out)
}

/// Write `actions` (the count lives in the caller's flag word).
pub(crate) fn write_actions<W: Write + Seek>(
    w: &mut W,
    actions: &[ActionNode],
    field: &'static str,
) -> BinResult<()> {
    for a in actions {
        let index = command_index(a.action).ok_or_else(|| {
            EncodeError::UnknownCommand {
                field,
                id: a.action,
            }
            .into_binrw()
        })?;
        let stamp = u16::try_from(a.stamp)
            .ok()
            .filter(|&s| s <= STAMP_MASK)
            .ok_or_else(|| {
                EncodeError::StampOutOfRange {
                    field,
                    stamp: a.stamp,
                }
                .into_binrw()
            })?;
        write_u16(w, index)?;
        write_u16(w, stamp | if a.autonomous { AUTONOMOUS_BIT } else { 0 })?;
        write_f32(w, a.speed)?;
    }
    Ok(())
}

/// `cmds=[{cmd=0x006A seq=5 auto=0 speed=2.0},…]`.
pub(crate) struct ActionsText<'a>(pub &'a [ActionNode]);

impl fmt::Display for ActionsText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("cmds=[")?;
        for (i, a) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(
                f,
                "{{cmd={} seq={} auto={} speed={}}}",
                super::text::CommandIndexText(a.action),
                a.stamp,
                u8::from(a.autonomous),
                F32Text(a.speed)
            )?;
        }
        f.write_str("]")
    }
}
