//! Resolver micro-benchmarks: substate change with a link, modifier add/stop, action, and the
//! same walk/stop through the [`MotionTableManager`] (its queue and completions included).
//!
//! The sequence is a no-op stand-in so only the resolver's own work is measured (what a user
//! pays with a real `Sequence` is `crates/ac-physobj/benches/user.rs`). Allocations per step
//! come from `ac-benchkit`'s counting allocator (target: zero in steady state).
//!
//! The explanation and `tracing` cost nothing when off: the plain workloads run the resolver
//! through `NoExplain` and the manager with no subscriber. The `…_explained` workload shows
//! what an explanation costs when it is on (every event into a counting sink).
//!
//! `cargo bench -p ac-motiontable --bench resolve`, or `cargo xtask bench-report 'resolve_'`
//! for instruction counts.

#![allow(missing_docs)] // bench_main! generates an undocumented main

use std::hint::black_box;

use ac_benchkit::Suite;
use ac_dat::{AnimData, MotionData, MotionTable};
use ac_motiontable::command::{cycle_key, stance::NON_COMBAT};
use ac_motiontable::explain::{Explain, ExplainEvent};
use ac_motiontable::motion::*;
use ac_motiontable::{
    AnimSequence, MotionCompletion, MotionState, MotionTableManager, MovementType, Resolver, Rules,
    WeenieError,
};
use glam::Vec3;

/// A sequence that only keeps a node count (no allocation).
#[derive(Default)]
struct NullSeq {
    nodes: u32,
    vel: Vec3,
}

impl AnimSequence for NullSeq {
    fn clear_physics(&mut self) {
        self.vel = Vec3::ZERO;
    }
    fn clear_animations(&mut self) {
        self.nodes = 0;
    }
    fn remove_cyclic_anims(&mut self) {
        self.nodes = self.nodes.saturating_sub(1);
    }
    fn remove_link_animations(&mut self, _n: u32) {}
    fn remove_all_link_animations(&mut self) {}
    fn append_animation(&mut self, anim: &AnimData) {
        black_box(anim);
        self.nodes = (self.nodes + 1).min(8);
    }
    fn set_velocity(&mut self, v: Vec3) {
        self.vel = v;
    }
    fn set_omega(&mut self, w: Vec3) {
        black_box(w);
    }
    fn combine_physics(&mut self, v: Vec3, _w: Vec3) {
        self.vel += v;
    }
    fn subtract_physics(&mut self, v: Vec3, _w: Vec3) {
        self.vel -= v;
    }
    fn multiply_cyclic_animation_framerate(&mut self, r: f32) {
        black_box(r);
    }
    fn has_anims(&self) -> bool {
        self.nodes != 0
    }
}

fn md(id: u32, v: Vec3, w: Vec3, bitfield: u8) -> MotionData {
    MotionData {
        bitfield,
        flags: 3,
        anims: vec![AnimData::new(id)].into(),
        velocity: v,
        omega: w,
    }
}

/// A NonCombat table with Ready, WalkForward and TurnRight cycles, a TurnRight modifier and
/// links Ready → WalkForward, Ready → Twitch1 and WalkForward → Ready.
fn table() -> Resolver {
    let nc = NON_COMBAT;
    let z = Vec3::ZERO;
    let mut t = MotionTable {
        id: 0x0900_0100,
        default_style: nc,
        style_defaults: vec![(nc, READY)],
        ..MotionTable::default()
    };
    t.cycles = vec![
        (cycle_key(nc, READY), md(1, z, z, 0)),
        (
            cycle_key(nc, WALK_FORWARD),
            md(2, Vec3::new(0.0, 3.12, 0.0), z, 0),
        ),
        (
            cycle_key(nc, TURN_RIGHT),
            md(3, z, Vec3::new(0.0, 0.0, 1.5), 2),
        ),
    ];
    t.modifiers = vec![(
        cycle_key(nc, TURN_RIGHT),
        md(0, z, Vec3::new(0.0, 0.0, 1.5), 0),
    )];
    t.links = vec![
        (
            cycle_key(nc, READY),
            vec![(WALK_FORWARD, md(10, z, z, 0)), (TWITCH1, md(11, z, z, 0))],
        ),
        (cycle_key(nc, WALK_FORWARD), vec![(READY, md(12, z, z, 0))]),
    ];
    Resolver::new(t, Rules::default())
}

/// The table's default state (Ready), walking when `walking`.
fn resolver_at(r: &Resolver, walking: bool) -> (MotionState, NullSeq) {
    let mut st = MotionState::new();
    let mut seq = NullSeq::default();
    r.set_default_state(&mut st, &mut seq);
    if walking {
        r.do_object_motion(WALK_FORWARD, &mut st, &mut seq, 1.0);
    }
    (st, seq)
}

/// One step of each workload (two resolver calls, to return to the starting state).
fn substate_step(r: &Resolver, st: &mut MotionState, seq: &mut NullSeq) {
    black_box(r.do_object_motion(black_box(WALK_FORWARD), st, seq, 1.0));
    black_box(r.do_object_motion(black_box(READY), st, seq, 1.0));
}

fn modifier_step(r: &Resolver, st: &mut MotionState, seq: &mut NullSeq) {
    black_box(r.do_object_motion(black_box(TURN_RIGHT), st, seq, 1.0));
    black_box(r.stop_object_motion(black_box(TURN_RIGHT), 1.0, st, seq));
}

fn action_step(r: &Resolver, st: &mut MotionState, seq: &mut NullSeq) {
    black_box(r.do_object_motion(black_box(TWITCH1), st, seq, 1.0));
    st.remove_action_head();
}

type Step = fn(&Resolver, &mut MotionState, &mut NullSeq);

/// `(case id, what it measures, step, starts walking)`.
const WORKLOADS: [(&str, &str, Step, bool); 3] = [
    (
        "resolve_substate_change_with_link_x2",
        "Resolver: Ready → WalkForward → Ready, each with its link (two calls per step, null sequence)",
        substate_step,
        false,
    ),
    (
        "resolve_modifier_add_and_stop",
        "Resolver: TurnRight added as a modifier while walking, then stopped (two calls per step, null sequence)",
        modifier_step,
        true,
    ),
    (
        "resolve_action",
        "Resolver: the Twitch1 action from Ready through its link, then its action head removed (null sequence)",
        action_step,
        false,
    ),
];

fn resolver(s: &mut Suite) {
    for (id, what, step, walking) in WORKLOADS {
        s.case(id).what(what).warmup(100).counted(10_000).run(
            || {
                let r = table();
                let (st, seq) = resolver_at(&r, walking);
                (r, st, seq)
            },
            |(r, st, seq)| step(r, st, seq),
        );
    }
}

/// A sink that only counts: the cost of building and reporting the events.
#[derive(Default)]
struct CountingSink(u64);

impl Explain for CountingSink {
    fn event(&mut self, event: ExplainEvent) {
        black_box(&event);
        self.0 += 1;
    }
}

fn explained(s: &mut Suite) {
    s.case("resolve_substate_change_with_link_x2_explained")
        .what("resolve_substate_change_with_link_x2 with every decision explained into a counting sink")
        .warmup(100)
        .counted(10_000)
        .run(
            || {
                let r = table();
                let (st, seq) = resolver_at(&r, false);
                (r, st, seq, CountingSink::default())
            },
            |(r, st, seq, sink)| {
                let mut x = r.explaining(sink);
                black_box(x.do_object_motion(black_box(WALK_FORWARD), st, seq, 1.0));
                black_box(x.do_object_motion(black_box(READY), st, seq, 1.0));
            },
        );
}

/// The manager walks and stops, and every pending motion completes.
fn manager_step(m: &mut MotionTableManager, seq: &mut NullSeq, done: &mut Vec<MotionCompletion>) {
    let kind = MovementType::InterpretedCommand;
    for motion in [WALK_FORWARD, READY] {
        let r = m.perform_movement(kind, black_box(motion), 1.0, seq);
        debug_assert_eq!(r, WeenieError::None);
    }
    while !m.pending().is_empty() {
        m.animation_done(true, done);
        m.check_for_completed_motions(done);
    }
    done.clear();
}

fn manager(s: &mut Suite) {
    s.case("resolve_manager_walk_stop")
        .what("MotionTableManager: WalkForward then Ready performed, every pending motion completed through AnimDone (null sequence)")
        .warmup(100)
        .counted(10_000)
        .run(
            || {
                let mut m = MotionTableManager::new(Some(table()), Rules::default());
                let mut seq = NullSeq::default();
                m.initialize_state(&mut seq);
                (m, seq, Vec::with_capacity(8))
            },
            |(m, seq, done)| manager_step(m, seq, done),
        );
}

ac_benchkit::bench_main!("ac-motiontable/resolve", resolver, explained, manager);
