//! Per-object tick cost on a crowd of 10,000 walking humanoids of the **synthetic** humanoid
//! table (the largest table of the corpus; `user.rs` measures the scenario's walk/run table).
//!
//! Needs the `reference-host` feature (single slices): `cargo bench -p ac-physobj --features
//! reference-host --bench tick`. Figures are per object: one 1/30 s slice each, directly, and
//! through the world's clock-driven tick (0.04 s per call, so every object slices once),
//! serial and on rayon's pool.
#![allow(missing_docs)] // bench_main! generates an undocumented main

use std::hint::black_box;
use std::sync::Arc;

use ac_benchkit::Suite;
use ac_motioninterp::MovementParameters;
use ac_motiontable::{Resolver, Rules};
use ac_physobj::{ConfigWeenie, PhysicsObj, World};
use ac_sequence::{AnimationCache, AnimationSource};
use ac_testkit::synthetic;

const WALK_FORWARD: u32 = 0x4500_0005;
const N: usize = 10_000;

fn crowd() -> Vec<PhysicsObj> {
    let source: Arc<dyn AnimationSource> = Arc::new(
        synthetic::animations()
            .into_iter()
            .collect::<AnimationCache>(),
    );
    let resolver = Resolver::new(synthetic::humanoid_table(), Rules::default());
    (0..N)
        .map(|i| {
            let mut o = PhysicsObj::builder()
                .resolver(resolver.clone())
                .animations(Arc::clone(&source))
                .weenie(ConfigWeenie {
                    run_rate: Some(1.0 + (i % 7) as f32 * 0.1),
                    ..ConfigWeenie::default()
                })
                .heading((i % 360) as f32)
                .build();
            o.do_motion(WALK_FORWARD, &MovementParameters::default())
                .expect("walking is allowed");
            o
        })
        .collect()
}

fn world() -> World {
    let mut w = World::new(Rules::default());
    for o in crowd() {
        w.insert(o).expect("same rules");
    }
    w
}

fn ticks(s: &mut Suite) {
    s.case("tick_synthetic_10k_walkers_slice")
        .what("one 1/30 s slice of each of 10,000 walkers on the synthetic humanoid (per object)")
        .ops_per_iter(N as u64)
        .warmup(120)
        .counted(30)
        .run(crowd, |objs| {
            for o in objs.iter_mut() {
                black_box(o.slice(black_box(f64::from(1.0f32 / 30.0))));
            }
        });
    s.case("tick_synthetic_10k_walkers_world_serial")
        .what("World::tick(0.04 s) of 10,000 synthetic walkers, serial (per object)")
        .ops_per_iter(N as u64)
        .warmup(60)
        .counted(30)
        .run(world, |w| w.tick(black_box(0.04)));
    s.case("tick_synthetic_10k_walkers_world_parallel")
        .what("World::tick_parallel(0.04 s) of 10,000 synthetic walkers (per object)")
        .ops_per_iter(N as u64)
        .warmup(60)
        .counted(30)
        .parallel()
        .run(world, |w| w.tick_parallel(black_box(0.04)));
}

ac_benchkit::bench_main!("ac-physobj/tick", ticks);
