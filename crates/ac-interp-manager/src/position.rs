//! `Position`: a cell id plus a landblock-relative frame.
//!
//! Defined here (not in `ac-physobj`) because the interpolation queue stores positions and this
//! crate sits below the object layer; `ac-physobj` re-uses this type for the object's position
//! so both layers measure distances with the same code.

use ac_dat::Frame;
use glam::Vec3;

use ac_sequence::aframe::nmath;

/// Size of one landblock edge in metres (outdoor cells are landblock-relative).
pub const LANDBLOCK_SIZE: f32 = 192.0;

/// A world position: `objcell_id` and a frame whose origin is relative to that cell's landblock
/// (ACE `Position`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Position {
    /// Full cell id: landblock x in bits 24..32, y in bits 16..24, cell index in the low 16 bits.
    pub cell_id: u32,
    /// Origin (landblock-relative) and orientation.
    pub frame: Frame,
}

impl Default for Position {
    fn default() -> Self {
        Self::ZERO
    }
}

impl Position {
    /// Cell 0, origin 0,0,0, identity orientation: the initial `blip_to` position and the
    /// position carried by jump/velocity nodes.
    pub const ZERO: Position = Position {
        cell_id: 0,
        frame: Frame::IDENTITY,
    };

    /// A position from its parts.
    pub const fn new(cell_id: u32, frame: Frame) -> Self {
        Self { cell_id, frame }
    }

    /// `LandDefs.GetBlockOffset(from, to)`: zero within one landblock (same high 16 bits),
    /// otherwise the landblock delta times 192 m in x and y (z is 0).
    pub fn block_offset(from_cell: u32, to_cell: u32) -> Vec3 {
        if from_cell >> 16 == to_cell >> 16 {
            return Vec3::ZERO;
        }
        let (ax, ay) = ((from_cell >> 24) as i32, ((from_cell >> 16) & 0xFF) as i32);
        let (bx, by) = ((to_cell >> 24) as i32, ((to_cell >> 16) & 0xFF) as i32);
        Vec3::new(((bx - ax) * 192) as f32, ((by - ay) * 192) as f32, 0.0)
    }

    /// `Position.GetOffset(other)`: `(block_offset + other.origin) - self.origin` in f32, in
    /// that order.
    pub fn offset_to(&self, other: &Position) -> Vec3 {
        let block = Self::block_offset(self.cell_id, other.cell_id);
        (block + other.frame.origin) - self.frame.origin
    }

    /// `Position.Distance(other)`: the length of [`Position::offset_to`].
    pub fn distance(&self, other: &Position) -> f32 {
        nmath::length(self.offset_to(other))
    }

    /// Whether the cell is an outdoor land cell (`cell & 0xFFFF < 0x100`); indoor cells
    /// (0x100 and up) are environment cells.
    pub fn is_outdoors(&self) -> bool {
        (self.cell_id & 0xFFFF) < 0x100
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn block_offset_uses_landblock_bytes() {
        assert_eq!(Position::block_offset(0xA9B4_0021, 0xA9B4_0105), Vec3::ZERO);
        assert_eq!(
            Position::block_offset(0xA9B4_0021, 0xAAB3_0001),
            Vec3::new(192.0, -192.0, 0.0)
        );
    }

    #[test]
    fn distance_across_landblocks() {
        let a = Position::new(
            0xA9B4_0001,
            Frame {
                origin: Vec3::new(190.0, 10.0, 0.0),
                ..Frame::IDENTITY
            },
        );
        let b = Position::new(
            0xAAB4_0001,
            Frame {
                origin: Vec3::new(2.0, 10.0, 0.0),
                ..Frame::IDENTITY
            },
        );
        assert_eq!(a.distance(&b), 4.0);
        assert_eq!(b.distance(&a), 4.0);
    }
}
