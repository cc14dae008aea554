//! Known answers: hand-worked bytes of a motion table and an animation record, and facts
//! recorded from the retail portal DAT that can be checked without it.

use ac_dat::*;
use glam::{Quat, Vec3};

fn hex(s: &str) -> Vec<u8> {
    s.split_whitespace()
        .map(|b| u8::from_str_radix(b, 16).expect("test hex"))
        .collect()
}

const MOTION_TABLE_BYTES: &str = "
01 00 00 09 3D 00 00 80 01 00 00 00 3D 00 00 80
03 00 00 41 01 00 00 00 03 00 3D 00 01 00 01 00
01 00 00 03 00 00 00 00 FF FF FF FF 00 00 F0 41
00 00 00 00 00 00 00 00 00 00 80 3F 00 00 00 00
01 00 00 00 03 00 3D 00 01 00 00 00 05 00 00 45
01 00 00 00 02 00 00 03 00 00 00 00 FF FF FF FF
00 00 F0 41";

const ANIMATION_BYTES: &str = "
01 00 00 03 00 00 00 00 01 00 00 00 01 00 00 00
00 00 80 3F 00 00 00 40 00 00 40 40 00 00 80 3F
00 00 00 00 00 00 00 00 00 00 00 00 01 00 00 00
04 00 00 00 FF FF FF FF";

fn spec_table() -> MotionTable {
    let nc = 0x8000_003D;
    let ready = 0x4100_0003;
    let mut t = MotionTable::new(0x0900_0001, nc);
    t.set_style_default(nc, ready);
    t.set_cycle(
        cycle_key(nc, ready),
        MotionData::new(vec![AnimData::new(0x0300_0001)]).with_velocity(Vec3::new(0.0, 0.0, 1.0)),
    );
    t.set_link(
        link_outer_key(nc, ready),
        0x4500_0005,
        MotionData::new(vec![AnimData::new(0x0300_0002)]),
    );
    t
}

#[test]
fn spec_motion_table_bytes_decode_and_reencode() {
    let bytes = hex(MOTION_TABLE_BYTES);
    assert_eq!(bytes.len(), 100);
    let t = MotionTable::parse(&bytes).expect("parse");
    assert_eq!(t, spec_table());
    assert_eq!(t.cycles[0].0, 0x003D_0003);
    assert_eq!(t.to_bytes().expect("write"), bytes);
    assert_eq!(spec_table().to_bytes().expect("write"), bytes);
}

#[test]
fn spec_animation_bytes_decode_and_reencode() {
    let bytes = hex(ANIMATION_BYTES);
    assert_eq!(bytes.len(), 56);
    let a = Animation::parse(&bytes).expect("parse");
    assert_eq!(a.id, 0x0300_0001);
    assert_eq!(a.num_parts, 1);
    assert_eq!(a.num_frames(), 1);
    assert!(!a.has_pos_frames());
    let f = a.part_frames[0].frames[0];
    assert_eq!(f.origin, Vec3::new(1.0, 2.0, 3.0));
    assert_eq!(f.orientation, Quat::IDENTITY);
    assert_eq!(a.part_frames[0].hooks.len(), 1);
    let h = &a.part_frames[0].hooks[0];
    assert_eq!(h.direction, HOOK_DIR_BACKWARD);
    assert_eq!(h.data, HookData::AnimationDone);
    assert_eq!(h.data.name(), "AnimationDone");
    assert_eq!(a.to_bytes().expect("write"), bytes);
}

#[test]
fn key_helpers_match_spec_examples() {
    assert_eq!(cycle_key(0x8000_003D, 0x4100_0003), 0x003D_0003);
    assert_eq!(cycle_key(0x8000_003D, 0x4500_0005), 0x003D_0005);
    assert_eq!(modifier_key(0x8000_003D, 0x6500_000D), 0x003D_000D);
    assert_eq!(styleless_modifier_key(0x6500_000D), 0x0000_000D);
    assert_eq!(link_outer_key(0x8000_003E, 0x4100_0003), 0x003E_0003);
    assert_eq!(style_link_key(0x8000_003E), 0x003E_0000);
}

#[test]
fn drw_style_table_0x09000202_shape_round_trips() {
    // The retail facts for 0x09000202: default NonCombat, one style default NonCombat → Off.
    let mut t = MotionTable::new(0x0900_0202, 0x8000_003D);
    t.set_style_default(0x8000_003D, 0x4000_000C);
    let bytes = t.to_bytes().expect("write");
    let back = MotionTable::parse(&bytes).expect("parse");
    assert_eq!(back.style_default(0x8000_003D), Some(0x4000_000C));
    assert_eq!(back.style_defaults.len(), 1);
    assert_eq!(back, t);
}

/// Setup 0x02000108 as the retail DAT has it: the part count, flags and the
/// five trailing default ids come out, and the record round-trips byte-exactly.
#[test]
fn setup_0x02000108_shape_parses_and_round_trips() {
    let mut b: Vec<u8> = Vec::new();
    let u = |b: &mut Vec<u8>, v: u32| b.extend_from_slice(&v.to_le_bytes());
    let f = |b: &mut Vec<u8>, v: f32| b.extend_from_slice(&v.to_le_bytes());
    u(&mut b, 0x0200_0108);
    u(&mut b, 0x8); // HasPhysicsBSP
    u(&mut b, 1);
    u(&mut b, 0x0100_08AB);
    u(&mut b, 0); // holding locations
    u(&mut b, 0); // connection points
    u(&mut b, 1); // placements
    u(&mut b, 0); // Default
    for v in [0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0] {
        f(&mut b, v);
    }
    u(&mut b, 0); // hooks
    u(&mut b, 0); // cyl spheres
    u(&mut b, 1); // spheres
    for v in [0.0, -0.1475, 0.439, 0.439] {
        f(&mut b, v);
    }
    for v in [0.878, 0.526_966_1, 0.3612, 0.3612] {
        f(&mut b, v);
    }
    for v in [0.000_971_317, -0.065_860_2, 0.439, 0.520_641] {
        f(&mut b, v);
    }
    for v in [0.0, 0.0, 0.439, 0.526_966_1] {
        f(&mut b, v);
    }
    u(&mut b, 0); // lights
    for v in [0u32, 0x3300_0001, 0x0900_0202, 0x2000_0001, 0x3400_0001] {
        u(&mut b, v);
    }
    let s = Setup::parse(&b).expect("parse");
    assert_eq!(s.flags, 0x8);
    assert_eq!(s.num_parts(), 1);
    assert_eq!(s.parts, vec![0x0100_08AB]);
    assert_eq!(s.default_animation, 0);
    assert_eq!(s.default_motion_table, 0x0900_0202);
    assert_eq!(s.default_sound_table, 0x2000_0001);
    // The shortcut: default_motion_table is the u32 at size − 12.
    let at = b.len() - 12;
    assert_eq!(
        u32::from_le_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]]),
        0x0900_0202
    );
    assert_eq!(s.to_bytes().expect("write"), b);
    // The synthetic corpus' minimal body has exactly this layout for one part.
    let body = Setup::minimal_body(1, 0.878, 0.526_966_1);
    assert_eq!(body.len(), s.body.len());
}

/// Animation 0x03000514's first frame as the retail DAT has it: one SoundTable hook, direction
/// Forward, sound type Death1 (0x0F); 17 parts.
#[test]
fn sound_table_hook_known_answer_round_trips() {
    let mut a = Animation::new(0x0300_0514, 2, 17);
    a.push_hook(
        0,
        AnimationHook::new(HOOK_DIR_FORWARD, HookData::SoundTable { sound_type: 0x0F }),
    );
    let bytes = a.to_bytes().expect("write");
    assert_eq!(bytes.len(), 16 + 2 * (17 * 28 + 4) + 12);
    let back = Animation::parse(&bytes).expect("read");
    let h = &back.part_frames[0].hooks[0];
    assert_eq!(
        (h.direction, h.data.type_id(), h.data.name()),
        (1, 2, "SoundTable")
    );
    assert_eq!(hook_direction_name(h.direction), Some("Forward"));
    assert_eq!(back, a);
}

/// ReplaceObject follows the client layout: u8 part, packed id, padding to 4.
#[test]
fn replace_object_uses_the_client_layout() {
    let mut a = Animation::new(0x0300_055B, 1, 0);
    a.push_hook(
        0,
        AnimationHook::new(
            0,
            HookData::ReplaceObject {
                part_index: 3,
                gfx_obj_id: 0x0100_0ABC,
            },
        ),
    );
    a.push_hook(
        0,
        AnimationHook::new(
            0,
            HookData::ReplaceObject {
                part_index: 4,
                gfx_obj_id: 0x0102_3456,
            },
        ),
    );
    let bytes = a.to_bytes().expect("write");
    // Short form: 8-byte header + u8 + u16 + 1 pad = 12; long form: 8 + u8 + u16 + u16 + 3 pad = 16.
    assert_eq!(bytes.len(), 16 + 4 + 12 + 16);
    assert_eq!(&bytes[28..32], &[3, 0xBC, 0x0A, 0]);
    assert_eq!(&bytes[40..48], &[4, 0x02, 0x80, 0x56, 0x34, 0, 0, 0]);
    assert_eq!(Animation::parse(&bytes).expect("read"), a);
}
