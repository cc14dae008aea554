//! Position correction through the object: interpolation pulls, blips and MoveOrTeleport.

use ac_dat::Frame;
use ac_physobj::{ObjectEvent, Plane, Position, TransientState};
use glam::{Quat, Vec3};

use crate::common::bare;

const CELL: u32 = 0xA9B4_0105;

fn pos(x: f32, y: f32) -> Position {
    Position::new(
        CELL,
        Frame {
            origin: Vec3::new(x, y, 0.0),
            orientation: Quat::IDENTITY,
        },
    )
}

fn grounded() -> ac_physobj::PhysicsObj {
    let mut o = bare();
    o.set_position_raw(pos(10.0, 20.0));
    o.set_contact_plane(Plane {
        normal: Vec3::Z,
        d: 0.0,
    });
    o
}

#[test]
fn interpolation_pulls_the_object_onto_the_node() {
    let mut o = grounded();
    o.interpolate_to(&pos(11.0, 20.0), false);
    assert!(o.has_position_manager());
    assert!(
        o.transient().contains(TransientState::ACTIVE),
        "creation activates"
    );
    assert!(o.is_interpolating());
    for _ in 0..10 {
        o.slice(0.1);
    }
    assert!(!o.is_interpolating(), "node reached and completed");
    let x = o.position().frame.origin.x;
    assert!((x - 11.0).abs() < 0.05, "x = {x}");
    // max_speed() created the interpreter on demand (get_minterp).
    assert!(o.has_movement_manager());
    assert!(o.events().contains(&ObjectEvent::MakeMovementManager));
}

#[test]
fn correction_is_capped_per_slice() {
    let mut o = grounded();
    o.interpolate_to(&pos(15.0, 20.0), false);
    let s = o.slice(0.1);
    // Cap: 2 × adjusted max speed (4 × run rate 1 without a weenie answer) × 0.1 s = 0.8.
    assert!(
        (s.adjusted.origin.x - 0.8).abs() < 1e-6,
        "{}",
        s.adjusted.origin.x
    );
    assert_eq!(s.adjusted.origin.y, 0.0);
}

#[test]
fn far_server_position_blips() {
    let mut o = grounded();
    o.interpolate_to(&pos(10.0, 200.0), false);
    o.slice(0.1);
    let y = o.position().frame.origin.y;
    assert_eq!(
        y, 200.0,
        "beyond the blip distance the object is placed at the target"
    );
    assert!(
        o.events()
            .iter()
            .any(|e| matches!(e, ObjectEvent::SetPosition { flags: 0x1012, .. }))
    );
}

#[test]
fn move_or_teleport_rules() {
    let mut o = grounded();
    // Far from the player: placed directly.
    o.set_player_distance(100.0);
    assert!(o.move_or_teleport(&pos(12.0, 20.0), true, 0));
    assert_eq!(o.position().frame.origin.x, 12.0);
    // Near: interpolated.
    o.set_player_distance(10.0);
    assert!(o.move_or_teleport(&pos(13.0, 20.0), true, 0));
    assert!(o.is_interpolating());
    assert_eq!(o.position().frame.origin.x, 12.0);
    // No contact and not newer: refused.
    assert!(!o.move_or_teleport(&pos(14.0, 20.0), false, 0));
    // Newer stamp: teleport (hook first, then the position).
    o.take_events();
    assert!(o.move_or_teleport(&pos(50.0, 20.0), false, 1));
    let ev = o.take_events();
    assert_eq!(ev[0], ObjectEvent::TeleportHook);
    assert!(!o.is_interpolating());
    assert_eq!(o.position().frame.origin.x, 50.0);
    // Older stamp than the object's: refused.
    o.set_teleport_stamp(5);
    assert!(!o.move_or_teleport(&pos(60.0, 20.0), true, 4));
}
