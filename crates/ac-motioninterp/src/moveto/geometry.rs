//! The heading and distance arithmetic of the move-to manager (ACE `MoveToManager`'s static
//! helpers and `Position.CylinderDistance`), in f32 with the reference's operation order.

use ac_sequence::{EPSILON, Position};

use crate::motion::TURN_RIGHT;

/// Fold a heading difference into `[0, 360)`: values within `EPSILON` of 0 become 0, values
/// below `-EPSILON` get 360 added. Used after every "target heading − current heading".
pub fn normalize_heading_diff(mut diff: f32) -> f32 {
    if diff.abs() < EPSILON {
        diff = 0.0;
    }
    if diff < -EPSILON {
        diff += 360.0;
    }
    diff
}

/// ACE `heading_diff(h1, h2, motion)`: how far `h1` lies from `h2` in the turning direction
/// of `motion` (clockwise for TurnRight, counter-clockwise otherwise), in `[0, 360)`.
pub fn heading_diff(h1: f32, h2: f32, motion: u32) -> f32 {
    let mut r = normalize_heading_diff(h1 - h2);
    if r > EPSILON && motion != TURN_RIGHT {
        r = 360.0 - r;
    }
    r
}

/// ACE `heading_greater(h1, h2, motion)`: whether heading `h1` has passed `h2` when turning
/// with `motion` (the shorter arc decides which way "greater" is).
pub fn heading_greater(h1: f32, h2: f32, motion: u32) -> bool {
    let (lo, hi) = if (h1 - h2).abs() <= 180.0 {
        (h2, h1)
    } else {
        (h1, h2)
    };
    let greater = hi > lo;
    if motion != TURN_RIGHT {
        !greater
    } else {
        greater
    }
}

/// ACE `Position.CylinderDistance`: the gap between two upright cylinders (radius, height,
/// base position). The horizontal reach and the vertical gap are combined in f32 and the
/// square root taken in f64; overlapping cylinders give a negative distance.
pub fn cylinder_distance(
    radius: f32,
    height: f32,
    pos: &Position,
    other_radius: f32,
    other_height: f32,
    other: &Position,
) -> f64 {
    let reach = pos.distance(other) - (radius + other_radius);
    let (z, oz) = (pos.frame.origin.z, other.frame.origin.z);
    let dz = if z <= oz {
        oz - (z + height)
    } else {
        z - (oz + other_height)
    };
    if dz > 0.0 && reach > 0.0 {
        f64::from(dz * dz + reach * reach).sqrt()
    } else if dz < 0.0 && reach < 0.0 {
        -f64::from(dz * dz + reach * reach).sqrt()
    } else {
        f64::from(reach)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::motion::TURN_LEFT;
    use ac_sequence::AFrame as Frame;
    use glam::Vec3;

    fn at(x: f32, y: f32, z: f32) -> Position {
        Position::new(
            1,
            Frame {
                origin: Vec3::new(x, y, z),
                ..Frame::IDENTITY
            },
        )
    }

    #[test]
    fn differences_fold_into_one_turn() {
        assert_eq!(normalize_heading_diff(-90.0), 270.0);
        assert_eq!(normalize_heading_diff(0.0001), 0.0);
        assert_eq!(heading_diff(10.0, 350.0, TURN_RIGHT), 20.0);
        assert_eq!(heading_diff(10.0, 350.0, TURN_LEFT), 340.0);
        assert_eq!(heading_diff(5.0, 5.0, TURN_LEFT), 0.0, "no turn left to do");
    }

    #[test]
    fn greater_follows_the_shorter_arc() {
        assert!(heading_greater(100.0, 90.0, TURN_RIGHT));
        assert!(!heading_greater(80.0, 90.0, TURN_RIGHT));
        assert!(heading_greater(5.0, 355.0, TURN_RIGHT), "across north");
        assert!(heading_greater(80.0, 90.0, TURN_LEFT));
    }

    #[test]
    fn cylinders_side_by_side_overlapping_and_stacked() {
        let a = at(0.0, 0.0, 0.0);
        assert_eq!(
            cylinder_distance(0.5, 2.0, &a, 0.5, 2.0, &at(3.0, 4.0, 0.0)),
            4.0
        );
        // Side by side at the same height, footprints overlapping: both gaps negative.
        assert_eq!(
            cylinder_distance(0.5, 2.0, &a, 0.5, 2.0, &at(0.5, 0.0, 0.0)),
            -f64::from(2.0f32 * 2.0 + 0.5 * 0.5).sqrt()
        );
        // Stacked 5 up: reach 5 - 1 = 4, gap 3 above the mover's head.
        assert_eq!(
            cylinder_distance(0.5, 2.0, &a, 0.5, 2.0, &at(0.0, 0.0, 5.0)),
            5.0
        );
        // Overlapping in both directions: negative.
        assert_eq!(
            cylinder_distance(0.5, 2.0, &a, 0.5, 2.0, &at(0.0, 0.0, 0.5)),
            -f64::from(1.5f32 * 1.5 + 0.5 * 0.5).sqrt()
        );
    }
}
