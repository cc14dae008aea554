//! `Position`: a cell id plus a landblock-relative frame, and the distance and heading
//! measurements between two positions.
//!
//! Why here: the motion interpreter's move-to manager, the position managers and the physics
//! object all measure distances and compass headings between positions, bit for bit the same
//! way. This crate already holds the frame math ([`crate::aframe`]) every layer above uses, so
//! the position type lives next to it.

use ac_dat::Frame;
use glam::Vec3;

use crate::aframe::{EPSILON, nmath};

/// Size of one landblock edge in metres (outdoor cells are landblock-relative).
pub const LANDBLOCK_SIZE: f32 = 192.0;

/// A world position: `objcell_id` and a frame whose origin is relative to that cell's
/// landblock (ACE `Position`).
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
    /// Cell 0, origin 0,0,0, identity orientation (ACE's `new Position()`).
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

    /// `Position.GetOffset(other)`: `(block_offset + other.origin) - self.origin`, one f32
    /// operation per axis in that order.
    pub fn offset_to(&self, other: &Position) -> Vec3 {
        let block = Self::block_offset(self.cell_id, other.cell_id);
        let o = other.frame.origin;
        let s = self.frame.origin;
        Vec3::new(
            (block.x + o.x) - s.x,
            (block.y + o.y) - s.y,
            (block.z + o.z) - s.z,
        )
    }

    /// `Position.Distance(other)`: the length of [`Position::offset_to`].
    pub fn distance(&self, other: &Position) -> f32 {
        nmath::length(self.offset_to(other))
    }

    /// `Position.heading(other)`: the compass heading (degrees, 0 = +Y, clockwise) of the
    /// horizontal offset towards `other`; 0 when that offset is shorter than `EPSILON`.
    pub fn heading_to(&self, other: &Position) -> f32 {
        let mut dir = self.offset_to(other);
        dir.z = 0.0;
        if normalize_check_small(&mut dir) {
            return 0.0;
        }
        let a = f64::from(dir.y).atan2(f64::from(dir.x)) as f32;
        (450.0f32 - nmath::to_degrees(a)) % 360.0f32
    }

    /// Whether the cell is an outdoor land cell (`cell & 0xFFFF < 0x100`); indoor cells
    /// (0x100 and up) are environment cells.
    pub fn is_outdoors(&self) -> bool {
        (self.cell_id & 0xFFFF) < 0x100
    }
}

/// `Vec.NormalizeCheckSmall`: true (vector untouched) when `|v| < EPSILON`, otherwise
/// normalise by multiplying with `1 / |v|` and return false.
pub fn normalize_check_small(v: &mut Vec3) -> bool {
    let len = nmath::length(*v);
    if len < EPSILON {
        return true;
    }
    let inv = 1.0 / len;
    *v = Vec3::new(v.x * inv, v.y * inv, v.z * inv);
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(cell: u32, x: f32, y: f32) -> Position {
        Position::new(
            cell,
            Frame {
                origin: Vec3::new(x, y, 0.0),
                ..Frame::IDENTITY
            },
        )
    }

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
        let a = at(0xA9B4_0001, 190.0, 10.0);
        let b = at(0xAAB4_0001, 2.0, 10.0);
        assert_eq!(a.distance(&b), 4.0);
        assert_eq!(b.distance(&a), 4.0);
    }

    #[test]
    fn heading_is_a_clockwise_compass() {
        let o = at(1, 0.0, 0.0);
        assert_eq!(o.heading_to(&at(1, 0.0, 5.0)), 0.0);
        assert_eq!(o.heading_to(&at(1, 5.0, 0.0)), 90.0);
        assert_eq!(o.heading_to(&at(1, 0.0, -5.0)), 180.0);
        assert_eq!(o.heading_to(&at(1, -5.0, 0.0)), 270.0);
        assert_eq!(o.heading_to(&at(1, 0.0001, 0.0)), 0.0, "too short");
    }
}
