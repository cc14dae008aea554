//! Per-object tick cost on a crowd of 10,000 walking humanoids (synthetic humanoid table).
//!
//! Needs the `reference-host` feature (single slices): `cargo bench -p ac-physobj --features
//! reference-host --bench tick`.
//!
//! Criterion reports the time of one world step (every object sliced once at 1/30 s); divide by
//! 10,000 for the per-object tick. A counting global allocator reports the heap allocations per
//! step after warm-up (target: zero) and the heap bytes each object owns (target: with the
//! struct itself, ≤ 1 KiB).

// criterion_group! generates an undocumented function.
#![allow(missing_docs)]

mod common {
    pub mod counting;
}

use ac_motiontable::Rules;
use std::hint::black_box;
use std::sync::Arc;
use std::sync::atomic::Ordering;

use ac_motioninterp::MovementParameters;
use ac_motiontable::Resolver;
use ac_physobj::{ConfigWeenie, PhysicsObj, World};
use ac_sequence::{AnimationCache, AnimationSource};
use ac_testkit::synthetic;
use common::counting::{ALLOCS, Counting, LIVE_BYTES};
use criterion::{Criterion, criterion_group, criterion_main};

#[global_allocator]
static GLOBAL: Counting = Counting;

const WALK_FORWARD: u32 = 0x4500_0005;
const N: usize = 10_000;

fn crowd(source: &Arc<dyn AnimationSource>, resolver: &Resolver) -> Vec<PhysicsObj> {
    let mut v = Vec::with_capacity(N);
    for i in 0..N {
        let mut o = PhysicsObj::builder()
            .resolver(resolver.clone())
            .animations(Arc::clone(source))
            .weenie(ConfigWeenie {
                run_rate: Some(1.0 + (i % 7) as f32 * 0.1),
                ..ConfigWeenie::default()
            })
            .heading((i % 360) as f32)
            .build();
        o.do_motion(WALK_FORWARD, &MovementParameters::default())
            .expect("walking is allowed");
        v.push(o);
    }
    v
}

fn step(objs: &mut [PhysicsObj]) {
    for o in objs.iter_mut() {
        black_box(o.slice(f64::from(1.0f32 / 30.0)));
    }
}

fn bench(c: &mut Criterion) {
    let source: Arc<dyn AnimationSource> = Arc::new(
        synthetic::animations()
            .into_iter()
            .collect::<AnimationCache>(),
    );
    let resolver = Resolver::new(synthetic::humanoid_table(), Rules::default());
    let before = LIVE_BYTES.load(Ordering::Relaxed);
    let mut objs = crowd(&source, &resolver);
    // Warm-up: links finish, buffers reach their steady capacity.
    for _ in 0..120 {
        step(&mut objs);
    }
    let after = LIVE_BYTES.load(Ordering::Relaxed);
    let a0 = ALLOCS.load(Ordering::Relaxed);
    for _ in 0..30 {
        step(&mut objs);
    }
    let allocs = ALLOCS.load(Ordering::Relaxed) - a0;
    let size = std::mem::size_of::<PhysicsObj>();
    // The crowd's Vec holds the structs themselves; the rest is what each object owns.
    let per_obj_heap = (after - before) as f64 / N as f64 - size as f64;
    eprintln!(
        "ac-physobj tick bench: {N} walking objects; size_of::<PhysicsObj>() = {size} B; \
         own heap ≈ {per_obj_heap:.0} B/object (shared table and animations excluded); \
         allocations in 30 warm steps: {allocs}"
    );
    c.bench_function("tick 10k walking objects (one 1/30 s slice each)", |b| {
        b.iter(|| step(&mut objs))
    });
}

/// The same crowd in a [`World`]: the serial tick against rayon's parallel tick (bit-identical
/// results; the parallel one scales with the cores available). Steps of 0.04 s so every object
/// slices once per step (1/30 s steps would alternate between no slice and a double one, as
/// ACE carries the sub-1/30 rest).
fn bench_world(c: &mut Criterion) {
    let source: Arc<dyn AnimationSource> = Arc::new(
        synthetic::animations()
            .into_iter()
            .collect::<AnimationCache>(),
    );
    let resolver = Resolver::new(synthetic::humanoid_table(), Rules::default());
    let mut w = World::new(Rules::default());
    for o in crowd(&source, &resolver) {
        w.insert(o).expect("same rules");
    }
    for _ in 0..60 {
        w.tick(0.04).expect("finite step");
    }
    c.bench_function("world tick 10k walking objects (serial)", |b| {
        b.iter(|| w.tick(0.04))
    });
    c.bench_function("world tick 10k walking objects (parallel)", |b| {
        b.iter(|| w.tick_parallel(0.04))
    });
}

criterion_group!(benches, bench, bench_world);
criterion_main!(benches);
