//! Known answers: the worked bytes of `dat-format-spec.md` §5 and the facts of §6 that do not
//! need retail data.

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
    // The §6 facts for 0x09000202: default NonCombat, one style default NonCombat → Off.
    let mut t = MotionTable::new(0x0900_0202, 0x8000_003D);
    t.set_style_default(0x8000_003D, 0x4000_000C);
    let bytes = t.to_bytes().expect("write");
    let back = MotionTable::parse(&bytes).expect("parse");
    assert_eq!(back.style_default(0x8000_003D), Some(0x4000_000C));
    assert_eq!(back.style_defaults.len(), 1);
    assert_eq!(back, t);
}
