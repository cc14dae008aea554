//! A small humanoid table (the shape of the corpus's physics scenarios) and object builders.

use ac_motiontable::Rules;
use std::sync::Arc;

use ac_dat::{
    AnimData, Animation, AnimationFrame, Frame, MotionData, MotionTable, cycle_key, link_outer_key,
    modifier_key,
};
use ac_motiontable::Resolver;
use ac_physobj::{ConfigWeenie, PartArray, PhysicsObj, Plane, Position};
use ac_sequence::{AnimationCache, AnimationSource};
use glam::{Quat, Vec3};

pub const NON_COMBAT: u32 = 0x8000_003D;
pub const READY: u32 = 0x4100_0003;
pub const WALK_FORWARD: u32 = 0x4500_0005;
pub const RUN_FORWARD: u32 = 0x4400_0007;
pub const TURN_RIGHT: u32 = 0x6500_000D;
pub const TABLE_ID: u32 = 0x0900_0200;

/// Run cycle velocity (m/s at speed 1) and turn omega (rad/s at speed 1).
pub const RUN_V: f32 = 4.0;
pub const WALK_V: f32 = 3.12;
pub const TURN_W: f32 = 1.5;

fn anim(id: u32, frames: usize, pos: &[(usize, Vec3)]) -> Animation {
    let mut a = Animation {
        id,
        flags: 0,
        num_parts: 0,
        pos_frames: Vec::new(),
        part_frames: vec![AnimationFrame::default(); frames],
    };
    if !pos.is_empty() {
        a.flags = 1;
        a.pos_frames = vec![Frame::IDENTITY; frames];
        for &(i, o) in pos {
            a.pos_frames[i].origin = o;
        }
    }
    a
}

fn md(anim_id: u32) -> MotionData {
    MotionData::new(vec![AnimData::new(anim_id)])
}

/// Animations and table; cycles have no root motion so steady-state speed is the table's.
pub fn data() -> (Arc<dyn AnimationSource>, MotionTable) {
    let anims = vec![
        anim(0x0300_0201, 10, &[]),
        anim(0x0300_0202, 8, &[]),
        anim(0x0300_0203, 8, &[]),
        anim(0x0300_0204, 6, &[]),
        anim(0x0300_0210, 4, &[(2, Vec3::new(0.0, 0.05, 0.0))]),
        anim(0x0300_0211, 3, &[]),
        anim(0x0300_0212, 4, &[]),
        anim(0x0300_0213, 3, &[]),
        anim(0x0300_0214, 2, &[]),
        anim(0x0300_0215, 2, &[]),
        anim(0x0300_021B, 2, &[]),
        anim(0x0300_021C, 2, &[]),
    ];
    let cache: AnimationCache = anims.into_iter().collect();
    let mut t = MotionTable::new(TABLE_ID, NON_COMBAT);
    t.set_style_default(NON_COMBAT, READY);
    t.set_cycle(cycle_key(NON_COMBAT, READY), md(0x0300_0201));
    t.set_cycle(
        cycle_key(NON_COMBAT, WALK_FORWARD),
        md(0x0300_0202).with_velocity(Vec3::new(0.0, WALK_V, 0.0)),
    );
    t.set_cycle(
        cycle_key(NON_COMBAT, RUN_FORWARD),
        md(0x0300_0203).with_velocity(Vec3::new(0.0, RUN_V, 0.0)),
    );
    t.set_cycle(
        cycle_key(NON_COMBAT, TURN_RIGHT),
        md(0x0300_0204)
            .with_bitfield(2)
            .with_omega(Vec3::new(0.0, 0.0, TURN_W)),
    );
    t.set_modifier(
        modifier_key(NON_COMBAT, TURN_RIGHT),
        MotionData::new(Vec::new()).with_omega(Vec3::new(0.0, 0.0, TURN_W)),
    );
    let links = [
        (READY, WALK_FORWARD, 0x0300_0210),
        (WALK_FORWARD, READY, 0x0300_0211),
        (READY, RUN_FORWARD, 0x0300_0212),
        (RUN_FORWARD, READY, 0x0300_0213),
        (WALK_FORWARD, RUN_FORWARD, 0x0300_0214),
        (RUN_FORWARD, WALK_FORWARD, 0x0300_0215),
        (READY, TURN_RIGHT, 0x0300_021B),
        (TURN_RIGHT, READY, 0x0300_021C),
    ];
    for (from, to, a) in links {
        t.set_link(link_outer_key(NON_COMBAT, from), to, md(a));
    }
    (Arc::new(cache), t)
}

/// A creature on flat ground at the origin, active, physics layer on, run rate `run_rate`, with
/// its interpreter in the default state. Events of the setup are discarded.
pub fn walker(run_rate: f32) -> PhysicsObj {
    walker_with(run_rate, Rules::default())
}

/// [`walker`] under `rules`.
pub fn walker_with(run_rate: f32, rules: Rules) -> PhysicsObj {
    let (source, table) = data();
    let weenie = ConfigWeenie {
        run_rate: Some(run_rate),
        ..ConfigWeenie::default()
    };
    let mut o = PhysicsObj::new(
        PartArray::new(source, Some(Resolver::new(table, rules)), rules),
        Some(weenie),
    );
    o.set_physics_layer(true);
    o.set_position_raw(Position::new(
        0xA9B4_0021,
        Frame {
            origin: Vec3::new(100.0, 100.0, 0.0),
            orientation: Quat::IDENTITY,
        },
    ));
    o.set_contact_plane(Plane {
        normal: Vec3::Z,
        d: 0.0,
    });
    assert!(o.set_active(true));
    o.set_event_logging(true);
    o.mi_create();
    o.mi_enter_default_state();
    o.take_events();
    o
}

/// A table-less object (no animation data at all).
pub fn bare() -> PhysicsObj {
    bare_with(Rules::default())
}

/// [`bare`] under `rules`.
pub fn bare_with(rules: Rules) -> PhysicsObj {
    let mut o = PhysicsObj::new(
        PartArray::new(Arc::new(ac_sequence::NoAnimations), None, rules),
        Some(ConfigWeenie::default()),
    );
    o.set_physics_layer(true);
    o.set_event_logging(true);
    o
}
