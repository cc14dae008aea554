//! Resolver micro-benchmarks: substate change with a link, modifier add/stop, action, and the
//! same walk/stop through the [`MotionTableManager`] (its queue and completions included).
//!
//! A counting global allocator reports heap allocations per call (target: zero in steady
//! state); criterion reports the time per step. The sequence is a no-op stand-in so only the
//! resolver's own work is measured.
//!
//! The explanation and `tracing` cost nothing when off: the plain workloads run the resolver
//! through `NoExplain` and the manager with no subscriber. The `…/explained` workloads show
//! what an explanation costs when it is on (every event into a counting sink).
//!
//! `RESOLVE_BENCH_STEPS=WORKLOAD:N` runs N steps of one workload and exits without criterion,
//! for instruction counts that noise cannot blur, e.g. under `valgrind --tool=cachegrind`: the
//! difference between N and 0 steps, divided by N, is the cost of a step.

// A GlobalAlloc wrapper is the only way to count allocations; it forwards to `System`.
#![allow(unsafe_code)]

use ac_motiontable::Rules;
use std::alloc::{GlobalAlloc, Layout, System};
use std::hint::black_box;
use std::sync::atomic::{AtomicU64, Ordering};

use ac_dat::{AnimData, MotionData, MotionTable};
use ac_motiontable::command::{cycle_key, stance::NON_COMBAT};
use ac_motiontable::explain::{Explain, ExplainEvent};
use ac_motiontable::motion::*;
use ac_motiontable::{
    AnimSequence, MotionCompletion, MotionState, MotionTableManager, MovementType, Resolver,
    WeenieError,
};
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

fn manager() -> (MotionTableManager, NullSeq, Vec<MotionCompletion>) {
    let mut m = MotionTableManager::new(Some(table()), Rules::default());
    let mut seq = NullSeq::default();
    m.initialize_state(&mut seq);
    (m, seq, Vec::new())
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

/// The substate workload explained into `sink`.
fn substate_step_explained(
    r: &Resolver,
    st: &mut MotionState,
    seq: &mut NullSeq,
    sink: &mut CountingSink,
) {
    let mut x = r.explaining(sink);
    black_box(x.do_object_motion(WALK_FORWARD, st, seq, 1.0));
    black_box(x.do_object_motion(READY, st, seq, 1.0));
}

type Step = fn(&Resolver, &mut MotionState, &mut NullSeq);

const WORKLOADS: [(&str, Step, bool); 3] = [
    ("substate_change_with_link_x2", substate_step, false),
    ("modifier_add_and_stop", modifier_step, true),
    ("action", action_step, false),
];

fn allocs_per_call(name: &str, mut step: impl FnMut()) {
    for _ in 0..100 {
        step();
    }
    let before = ALLOCS.load(Ordering::Relaxed);
    let n = 10_000u64;
    for _ in 0..n {
        step();
    }
    let after = ALLOCS.load(Ordering::Relaxed);
    eprintln!(
        "{name}: {} heap allocations per step",
        (after - before) as f64 / n as f64
    );
}

fn resolver_at(r: &Resolver, walking: bool) -> (MotionState, NullSeq) {
    let (mut st, mut seq) = setup(r);
    if walking {
        r.do_object_motion(WALK_FORWARD, &mut st, &mut seq, 1.0);
    }
    (st, seq)
}

/// `RESOLVE_BENCH_STEPS=WORKLOAD:N` (see the module docs): runs the steps, returns true.
fn steps_only() -> bool {
    let Ok(spec) = std::env::var("RESOLVE_BENCH_STEPS") else {
        return false;
    };
    let (which, n) = spec.split_once(':').unwrap_or((spec.as_str(), "0"));
    let n: u32 = n.parse().expect("RESOLVE_BENCH_STEPS=WORKLOAD:N");
    if which == "manager_walk_stop" {
        let (mut m, mut seq, mut done) = manager();
        for _ in 0..n {
            manager_step(&mut m, &mut seq, &mut done);
        }
        return true;
    }
    let r = table();
    let (name, step, walking) = WORKLOADS
        .into_iter()
        .find(|w| w.0 == which)
        .expect("a workload name");
    let (mut st, mut seq) = resolver_at(&r, walking);
    for _ in 0..n {
        step(&r, &mut st, &mut seq);
    }
    black_box(name);
    true
}

fn bench(c: &mut Criterion) {
    if steps_only() {
        return;
    }
    let r = table();
    for (name, step, walking) in WORKLOADS {
        let (mut st, mut seq) = resolver_at(&r, walking);
        allocs_per_call(name, || step(&r, &mut st, &mut seq));
        c.bench_function(name, |b| b.iter(|| step(&r, &mut st, &mut seq)));
    }
    let (mut st, mut seq) = setup(&r);
    let mut sink = CountingSink::default();
    c.bench_function("substate_change_with_link_x2/explained", |b| {
        b.iter(|| substate_step_explained(&r, &mut st, &mut seq, &mut sink))
    });
    let (mut m, mut seq, mut done) = manager();
    allocs_per_call("manager_walk_stop", || {
        manager_step(&mut m, &mut seq, &mut done)
    });
    c.bench_function("manager_walk_stop", |b| {
        b.iter(|| manager_step(&mut m, &mut seq, &mut done))
    });
}

// The macro generates an undocumented `benches` function.
#[allow(missing_docs)]
mod group {
    use super::*;
    criterion_group!(benches, bench);
}
use group::benches;
criterion_main!(benches);
