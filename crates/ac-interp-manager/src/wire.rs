//! [`Position`] on the wire: `u32` cell, `f32` x, y, z, then the orientation as `f32` w, x,
//! y, z — 32 bytes, no padding (the layout every movement message uses).
//!
//! The type lives in `ac-sequence`; its wire form is [`PositionWire`] (decode, encode, text)
//! and [`read_position`] / [`write_position`] inside a message. Reads and writes through binrw like the motion states of `ac_motioninterp::wire`, with the
//! same error type; float bits are kept exactly.

use std::fmt;

use ac_dat::Frame;
use ac_motioninterp::wire::io::{read_f32, read_u32, read_vec3, write_f32, write_u32};
use ac_motioninterp::wire::{DecodeError, EncodeError, F32Text, Vec3Text};
use binrw::io::{Read, Seek, Write};
use binrw::{BinRead, BinResult, BinWrite, Endian};
use glam::Quat;

use crate::position::Position;

/// Size of a position on the wire.
pub const POSITION_SIZE: u64 = 32;

/// The wire form of [`Position`] (an extension trait: the type lives in `ac-sequence`, below
/// the wire helpers of `ac_motioninterp::wire`).
pub trait PositionWire: Sized {
    /// Decode exactly 32 bytes.
    fn decode(bytes: &[u8]) -> Result<Self, DecodeError>;
    /// Encode as 32 bytes.
    fn encode(&self) -> Result<Vec<u8>, EncodeError>;
    /// The canonical text: `cell=0xA9B4002A xyz=(126.64367,37.09845,94.005005)
    /// q=(0.27502897,0.0,0.0,-0.9614359)` (orientation in wire order w, x, y, z).
    fn wire_text(&self) -> impl fmt::Display + '_;
}

impl PositionWire for Position {
    fn decode(bytes: &[u8]) -> Result<Self, DecodeError> {
        ac_motioninterp::wire::decode_exact::<WirePosition>(bytes, "Position").map(|p| p.0)
    }

    fn encode(&self) -> Result<Vec<u8>, EncodeError> {
        ac_motioninterp::wire::encode_to_vec(&WirePosition(*self))
    }

    fn wire_text(&self) -> impl fmt::Display + '_ {
        PositionText(self)
    }
}

struct PositionText<'a>(&'a Position);

impl fmt::Display for PositionText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let p = self.0;
        let q = p.frame.orientation;
        write!(
            f,
            "cell=0x{:08X} xyz={} q=({},{},{},{})",
            p.cell_id,
            Vec3Text(p.frame.origin),
            F32Text(q.w),
            F32Text(q.x),
            F32Text(q.y),
            F32Text(q.z)
        )
    }
}

/// Read a position (32 bytes) inside a message.
pub fn read_position<R: Read + Seek>(r: &mut R) -> BinResult<Position> {
    let cell_id = read_u32(r, "Position.cell_id")?;
    let origin = read_vec3(r, "Position.origin")?;
    let w = read_f32(r, "Position.qw")?;
    let x = read_f32(r, "Position.qx")?;
    let y = read_f32(r, "Position.qy")?;
    let z = read_f32(r, "Position.qz")?;
    Ok(Position::new(
        cell_id,
        Frame {
            origin,
            orientation: Quat::from_xyzw(x, y, z, w),
        },
    ))
}

/// Write a position (32 bytes) inside a message.
pub fn write_position<W: Write + Seek>(w: &mut W, p: &Position) -> BinResult<()> {
    write_u32(w, p.cell_id)?;
    let (o, q) = (p.frame.origin, p.frame.orientation);
    for v in [o.x, o.y, o.z, q.w, q.x, q.y, q.z] {
        write_f32(w, v)?;
    }
    Ok(())
}

/// A [`Position`] as a binrw value (for fields and the decode/encode helpers).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct WirePosition(pub Position);

impl BinRead for WirePosition {
    type Args<'a> = ();

    fn read_options<R: Read + Seek>(r: &mut R, _: Endian, _: ()) -> BinResult<Self> {
        read_position(r).map(WirePosition)
    }
}

impl BinWrite for WirePosition {
    type Args<'a> = ();

    fn write_options<W: Write + Seek>(&self, w: &mut W, _: Endian, _: ()) -> BinResult<()> {
        write_position(w, &self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The position of the first recorded MoveToState (bytes 0x2A00B4A9 …).
    const BYTES: [u8; 32] = [
        0x2A, 0x00, 0xB4, 0xA9, 0x8F, 0x49, 0xFD, 0x42, 0xD0, 0x64, 0x14, 0x42, 0x90, 0x02, 0xBC,
        0x42, 0x99, 0xD0, 0x8C, 0x3E, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xAA, 0x20,
        0x76, 0xBF,
    ];

    #[test]
    fn round_trips_with_canonical_text() {
        let p = Position::decode(&BYTES).unwrap();
        assert_eq!(p.cell_id, 0xA9B4_002A);
        assert_eq!(p.encode().unwrap(), BYTES);
        assert_eq!(
            p.wire_text().to_string(),
            "cell=0xA9B4002A xyz=(126.64367,37.09845,94.005005) q=(0.27502897,0.0,0.0,-0.9614359)"
        );
    }

    #[test]
    fn short_and_long_buffers_are_typed_errors() {
        assert!(matches!(
            Position::decode(&BYTES[..31]),
            Err(DecodeError::Truncated {
                field: "Position.qz",
                offset: 28,
                needed: 4,
                remaining: 3
            })
        ));
        let mut long = BYTES.to_vec();
        long.push(0);
        assert!(matches!(
            Position::decode(&long),
            Err(DecodeError::TrailingBytes { offset: 32, .. })
        ));
    }

    #[test]
    fn nan_and_negative_zero_bits_survive() {
        let mut bytes = BYTES;
        bytes[16..20].copy_from_slice(&0x7FC0_1234u32.to_le_bytes());
        bytes[20..24].copy_from_slice(&0x8000_0000u32.to_le_bytes());
        let p = Position::decode(&bytes).unwrap();
        assert_eq!(p.encode().unwrap(), bytes);
    }
}
