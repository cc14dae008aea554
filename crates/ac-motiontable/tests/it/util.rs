//! Small hand-built tables for data-driven checks.

use ac_dat::{AnimData, MotionData, MotionTable};
use ac_motiontable::Rules;
use ac_motiontable::command::{cycle_key, stance::NON_COMBAT, stance::SWORD_COMBAT};
use ac_motiontable::motion::*;
use ac_motiontable::{MotionState, RecordingSequence, Resolver};
use glam::Vec3;

/// Motion data with `n` anims numbered from `first`, velocity `v` and omega `w`.
pub fn md(first: u32, n: u32, bitfield: u8, v: Vec3, w: Vec3) -> MotionData {
    MotionData {
        bitfield,
        flags: u8::from(v != Vec3::ZERO) | (u8::from(w != Vec3::ZERO) << 1),
        anims: (0..n).map(|i| AnimData::new(first + i)).collect(),
        velocity: v,
        omega: w,
    }
}

/// Anim-only motion data.
pub fn anims(first: u32, n: u32) -> MotionData {
    md(first, n, 0, Vec3::ZERO, Vec3::ZERO)
}

/// A table builder.
#[derive(Default)]
pub struct T(pub MotionTable);

impl T {
    pub fn new(default_style: u32) -> Self {
        T(MotionTable {
            id: 0x0900_0001,
            default_style,
            ..MotionTable::default()
        })
    }
    pub fn sd(mut self, style: u32, sub: u32) -> Self {
        self.0.style_defaults.push((style, sub));
        self
    }
    pub fn cycle(mut self, style: u32, sub: u32, m: MotionData) -> Self {
        self.0.cycles.push((cycle_key(style, sub), m));
        self
    }
    pub fn modifier(mut self, key: u32, m: MotionData) -> Self {
        self.0.modifiers.push((key, m));
        self
    }
    pub fn link(mut self, outer: u32, to: u32, m: MotionData) -> Self {
        match self.0.links.iter_mut().find(|(k, _)| *k == outer) {
            Some((_, v)) => v.push((to, m)),
            None => self.0.links.push((outer, vec![(to, m)])),
        }
        self
    }
    pub fn build(self) -> Resolver {
        self.build_with(Rules::default())
    }
    pub fn build_with(self, rules: Rules) -> Resolver {
        Resolver::new(self.0, rules)
    }
}

/// The shared humanoid-like table: NonCombat cycles (Ready, walk, run, turn and sidestep in
/// place, crouch), their modifiers and Jump, links between them, one action (Twitch1) and the
/// way to SwordCombat and back.
pub fn humanoid() -> T {
    let nc = NON_COMBAT;
    T::new(nc)
        .sd(nc, READY)
        .sd(SWORD_COMBAT, READY)
        .cycle(nc, READY, anims(0x100, 1))
        .cycle(
            nc,
            WALK_FORWARD,
            md(0x101, 1, 0, Vec3::new(0.0, 3.12, 0.0), Vec3::ZERO),
        )
        .cycle(
            nc,
            RUN_FORWARD,
            md(0x102, 1, 0, Vec3::new(0.0, 4.0, 0.0), Vec3::ZERO),
        )
        .cycle(
            nc,
            TURN_RIGHT,
            md(0x103, 1, 2, Vec3::ZERO, Vec3::new(0.0, 0.0, 1.5)),
        )
        .cycle(
            nc,
            SIDE_STEP_RIGHT,
            md(0x104, 1, 2, Vec3::new(1.25, 0.0, 0.0), Vec3::ZERO),
        )
        .cycle(nc, CROUCH, md(0x105, 1, 1, Vec3::ZERO, Vec3::ZERO))
        .cycle(SWORD_COMBAT, READY, anims(0x150, 1))
        .modifier(
            cycle_key(nc, TURN_RIGHT),
            md(0, 0, 0, Vec3::ZERO, Vec3::new(0.0, 0.0, 1.5)),
        )
        .modifier(
            cycle_key(nc, SIDE_STEP_RIGHT),
            md(0, 0, 0, Vec3::new(1.25, 0.0, 0.0), Vec3::ZERO),
        )
        .modifier(
            JUMP & 0xFF_FFFF,
            md(0, 0, 0, Vec3::new(0.0, 0.0, 1.0), Vec3::ZERO),
        )
        .link(cycle_key(nc, READY), WALK_FORWARD, anims(0x110, 1))
        .link(cycle_key(nc, WALK_FORWARD), READY, anims(0x111, 1))
        .link(cycle_key(nc, WALK_FORWARD), RUN_FORWARD, anims(0x112, 1))
        .link(cycle_key(nc, RUN_FORWARD), WALK_FORWARD, anims(0x113, 1))
        .link(cycle_key(nc, READY), RUN_FORWARD, anims(0x114, 1))
        .link(cycle_key(nc, RUN_FORWARD), READY, anims(0x115, 1))
        .link(cycle_key(nc, READY), TWITCH1, anims(0x120, 2))
        .link(cycle_key(nc, READY), SWORD_COMBAT, anims(0x130, 1))
        .link(cycle_key(SWORD_COMBAT, READY), NON_COMBAT, anims(0x131, 1))
}

/// A state at rest in the default style, with a sequence holding its cycle.
pub fn at_rest(r: &Resolver) -> (MotionState, RecordingSequence) {
    let mut st = MotionState::new();
    let mut seq = RecordingSequence::new();
    let o = r.set_default_state(&mut st, &mut seq);
    assert!(o.ok);
    seq.take_ops();
    (st, seq)
}

/// The anim ids of the modelled node list.
pub fn node_ids(seq: &RecordingSequence) -> Vec<u32> {
    seq.nodes().iter().map(|a| a.anim_id).collect()
}
