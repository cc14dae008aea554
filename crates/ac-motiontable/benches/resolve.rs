//! Resolver micro-benchmarks: substate change with a link, modifier add/stop, action.
//!
//! A counting global allocator reports heap allocations per call (target: zero in steady
//! state); criterion reports the time per `GetObjectSequence`. The sequence is a no-op stand-in
//! so only the resolver's own work is measured.

// A GlobalAlloc wrapper is the only way to count allocations; it forwards to `System`.
#![allow(unsafe_code)]

use ac_motiontable::Rules;
use std::alloc::{GlobalAlloc, Layout, System};
use std::hint::black_box;
use std::sync::atomic::{AtomicU64, Ordering};

use ac_dat::{AnimData, MotionData, MotionTable};
use ac_motiontable::command::{cycle_key, stance::NON_COMBAT};
use ac_motiontable::motion::*;
use ac_motiontable::{AnimSequence, MotionState, Resolver};
use criterion::{Criterion, criterion_group, criterion_main};
use glam::Vec3;

struct Counting;

static ALLOCS: AtomicU64 = AtomicU64::new(0);

// SAFETY: every method forwards to the system allocator unchanged; the counter is atomic.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: same contract as the caller's.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: same contract as the caller's.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: same contract as the caller's.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

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

fn allocs_per_call(name: &str, r: &Resolver, step: Step, walking: bool) {
    let (mut st, mut seq) = setup(r);
    if walking {
        r.do_object_motion(WALK_FORWARD, &mut st, &mut seq, 1.0);
    }
    for _ in 0..100 {
        step(r, &mut st, &mut seq);
    }
    let before = ALLOCS.load(Ordering::Relaxed);
    let n = 10_000u64;
    for _ in 0..n {
        step(r, &mut st, &mut seq);
    }
    let after = ALLOCS.load(Ordering::Relaxed);
    eprintln!(
        "{name}: {} heap allocations per step",
        (after - before) as f64 / n as f64
    );
}

fn bench(c: &mut Criterion) {
    let r = table();
    let workloads: [(&str, Step, bool); 3] = [
        ("substate_change_with_link_x2", substate_step, false),
        ("modifier_add_and_stop", modifier_step, true),
        ("action", action_step, false),
    ];
    for (name, step, walking) in workloads {
        allocs_per_call(name, &r, step, walking);
        let (mut st, mut seq) = setup(&r);
        if walking {
            r.do_object_motion(WALK_FORWARD, &mut st, &mut seq, 1.0);
        }
        c.bench_function(name, |b| b.iter(|| step(&r, &mut st, &mut seq)));
    }
}

// The macro generates an undocumented `benches` function.
#[allow(missing_docs)]
mod group {
    use super::*;
    criterion_group!(benches, bench);
}
use group::benches;
criterion_main!(benches);
