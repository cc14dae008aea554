//! Resolver micro-benchmarks: substate change with a link, modifier add/stop, action.
//!
//! The harness reports heap allocations per call (target: zero in steady state); criterion
//! reports the time per `GetObjectSequence`. The sequence is a no-op stand-in so only the
//! resolver's own work is measured (`ac-physobj`'s `user` bench drives a real `Sequence`).
#![allow(missing_docs)] // bench_main! generates an undocumented main

use ac_motiontable::Rules;
use std::hint::black_box;

use ac_benchkit::Suite;
use ac_dat::{AnimData, MotionData, MotionTable};
use ac_motiontable::command::{cycle_key, stance::NON_COMBAT};
use ac_motiontable::motion::*;
use ac_motiontable::{AnimSequence, MotionState, Resolver};
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
        anims: vec![AnimData::new(id)],
        velocity: v,
        omega: w,
    }
}

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

fn setup(r: &Resolver) -> (MotionState, NullSeq) {
    let mut st = MotionState::new();
    let mut seq = NullSeq::default();
    r.set_default_state(&mut st, &mut seq);
    (st, seq)
}

/// One step of each workload (two resolver calls, to return to the starting state).
fn substate_step(r: &Resolver, st: &mut MotionState, seq: &mut NullSeq) {
    black_box(r.do_object_motion(WALK_FORWARD, st, seq, 1.0));
    black_box(r.do_object_motion(READY, st, seq, 1.0));
}

fn modifier_step(r: &Resolver, st: &mut MotionState, seq: &mut NullSeq) {
    black_box(r.do_object_motion(TURN_RIGHT, st, seq, 1.0));
    black_box(r.stop_object_motion(TURN_RIGHT, 1.0, st, seq));
}

fn action_step(r: &Resolver, st: &mut MotionState, seq: &mut NullSeq) {
    black_box(r.do_object_motion(TWITCH1, st, seq, 1.0));
    st.remove_action_head();
}

type Step = fn(&Resolver, &mut MotionState, &mut NullSeq);

fn bench(s: &mut Suite) {
    let r = table();
    let workloads: [(&str, &str, Step, bool); 3] = [
        (
            "resolve_substate_change_with_link_x2",
            "WalkForward then Ready on a stand-in sequence (per call)",
            substate_step,
            false,
        ),
        (
            "resolve_modifier_add_and_stop",
            "TurnRight added to a walker, then stopped, on a stand-in sequence (per call)",
            modifier_step,
            true,
        ),
        (
            "resolve_action",
            "Twitch1 action from Ready on a stand-in sequence (per call)",
            action_step,
            false,
        ),
    ];
    for (id, what, step, walking) in workloads {
        s.case(id).what(what).ops_per_iter(2).counted(10_000).run(
            || {
                let (mut st, mut seq) = setup(&r);
                if walking {
                    r.do_object_motion(WALK_FORWARD, &mut st, &mut seq, 1.0);
                }
                (st, seq)
            },
            |(st, seq)| step(&r, st, seq),
        );
    }
}

ac_benchkit::bench_main!("ac-motiontable/resolve", bench);
