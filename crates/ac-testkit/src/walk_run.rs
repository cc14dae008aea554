//! The walk/run humanoid of the physics conformance scenarios: motion table
//! [`TABLE_ID`] (`0x09000200`) and its 21 animations, exactly as the scenario
//! `fixtures/scenarios/phys_walk_run_stop.scn` defines them (an xtask test parses that file and
//! compares).
//!
//! The benchmarks measure "what a user pays" on it: a NonCombat table with Ready, WalkForward
//! (3.12 m/s) and RunForward (≈ 4 m/s) cycles whose animations carry root motion, links between
//! every pair of them (also with root motion), a restricted turn and sidestep, falling, and one
//! action. Objects are set up as the scenario does: cell [`CELL`] at [`ORIGIN`], on flat
//! ground, active, run rate [`RUN_RATE`], the interpreter in its default state.

use ac_dat::motion::{
    FALLING, NON_COMBAT, READY, RUN_FORWARD, SIDE_STEP_RIGHT, TURN_RIGHT, WALK_FORWARD, WAVE,
};
use ac_dat::{
    AnimData, Animation, AnimationFrame, AnimationHook, Frame, HOOK_DIR_FORWARD, HookData,
    MotionData, MotionTable, cycle_key, link_outer_key, modifier_key,
};
use glam::Vec3;

/// The table's id.
pub const TABLE_ID: u32 = 0x0900_0200;
/// The scenario object's cell.
pub const CELL: u32 = 0xA9B4_0021;
/// The scenario object's position in its cell.
pub const ORIGIN: Vec3 = Vec3::new(100.0, 100.0, 0.0);
/// The scenario weenie's run rate (RunForward plays at this speed).
pub const RUN_RATE: f32 = 1.5;

/// Root motion of one frame: `(frame, x, y)` metres.
type RootStep = (usize, f32, f32);

/// `(id, frames, root motion per frame)`, in the scenario's order.
const ANIMATIONS: [(u32, usize, &[RootStep]); 21] = [
    (0x0300_0201, 10, &[]),
    (0x0300_0202, 8, &[(0, 0.0, 0.1), (4, 0.0, 0.1)]),
    (
        0x0300_0203,
        8,
        &[
            (0, 0.0, 0.125),
            (2, 0.0, 0.125),
            (4, 0.0, 0.125),
            (6, 0.0, 0.125),
        ],
    ),
    (0x0300_0204, 6, &[]),
    (0x0300_0205, 6, &[(0, 0.05, 0.0), (3, 0.05, 0.0)]),
    (0x0300_0206, 12, &[]),
    (0x0300_0210, 4, &[(2, 0.0, 0.05)]),
    (0x0300_0211, 3, &[(1, 0.0, 0.05)]),
    (0x0300_0212, 4, &[(1, 0.0, 0.0625), (3, 0.0, 0.0625)]),
    (0x0300_0213, 3, &[(1, 0.0, 0.0625)]),
    (0x0300_0214, 2, &[]),
    (0x0300_0215, 2, &[]),
    (0x0300_021B, 2, &[]),
    (0x0300_021C, 2, &[]),
    (0x0300_021D, 2, &[]),
    (0x0300_021E, 2, &[]),
    (0x0300_021F, 3, &[]),
    (0x0300_0220, 2, &[]),
    (0x0300_0221, 2, &[]),
    (0x0300_0222, 2, &[]),
    (0x0300_0230, 5, &[]),
];

/// The action animation's hook: `DefaultScript` on frame 2, forward.
const WAVE_ANIMATION: u32 = 0x0300_0230;

/// The 21 animations (ids `0x03000201..=0x03000230`).
pub fn animations() -> Vec<Animation> {
    ANIMATIONS
        .iter()
        .map(|&(id, frames, root)| {
            let mut a = Animation {
                id,
                flags: 0,
                num_parts: 0,
                pos_frames: Vec::new(),
                part_frames: vec![AnimationFrame::default(); frames],
            };
            if !root.is_empty() {
                a.flags = 1;
                a.pos_frames = vec![Frame::IDENTITY; frames];
                for &(i, x, y) in root {
                    a.pos_frames[i].origin = Vec3::new(x, y, 0.0);
                }
            }
            if id == WAVE_ANIMATION {
                a.part_frames[2].hooks.push(AnimationHook {
                    direction: HOOK_DIR_FORWARD,
                    data: HookData::DefaultScript,
                });
            }
            a
        })
        .collect()
}

fn md(anim: u32) -> MotionData {
    MotionData::new(vec![AnimData::new(anim)])
}

/// The motion table [`TABLE_ID`].
pub fn table() -> MotionTable {
    let mut t = MotionTable::new(TABLE_ID, NON_COMBAT);
    t.set_style_default(NON_COMBAT, READY);
    let cycles = [
        (READY, md(0x0300_0201)),
        (
            WALK_FORWARD,
            md(0x0300_0202).with_velocity(Vec3::new(0.0, 3.12, 0.0)),
        ),
        (
            RUN_FORWARD,
            md(0x0300_0203).with_velocity(Vec3::new(0.0, 3.999_989_5, 0.0)),
        ),
        (
            TURN_RIGHT,
            md(0x0300_0204)
                .with_bitfield(2)
                .with_omega(Vec3::new(0.0, 0.0, 1.5)),
        ),
        (
            SIDE_STEP_RIGHT,
            md(0x0300_0205)
                .with_bitfield(2)
                .with_velocity(Vec3::new(1.25, 0.0, 0.0)),
        ),
        (FALLING, md(0x0300_0206)),
    ];
    for (motion, data) in cycles {
        t.set_cycle(cycle_key(NON_COMBAT, motion), data);
    }
    t.set_modifier(
        modifier_key(NON_COMBAT, TURN_RIGHT),
        MotionData::new(Vec::new()).with_omega(Vec3::new(0.0, 0.0, 1.5)),
    );
    t.set_modifier(
        modifier_key(NON_COMBAT, SIDE_STEP_RIGHT),
        MotionData::new(Vec::new()).with_velocity(Vec3::new(1.25, 0.0, 0.0)),
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
        (READY, SIDE_STEP_RIGHT, 0x0300_021D),
        (SIDE_STEP_RIGHT, READY, 0x0300_021E),
        (READY, FALLING, 0x0300_0220),
        (FALLING, READY, 0x0300_021F),
        (WALK_FORWARD, FALLING, 0x0300_0221),
        (RUN_FORWARD, FALLING, 0x0300_0222),
        (READY, WAVE, 0x0300_0230),
    ];
    for (from, to, anim) in links {
        t.set_link(link_outer_key(NON_COMBAT, from), to, md(anim));
    }
    t
}
