//! Per-object tick cost while moving to a moving target, against a walking object's tick.
//!
//! Two worlds of 2,000 objects each on the synthetic humanoid table (its turn cycles restricted,
//! with turn modifiers, as retail tables have): 2,000 walkers; and 1,000 runners each
//! chased by one chaser (MoveToObject, always running, never catching up: the runners run as
//! fast, and the arrival distance is out of reach). Objects are built with the public builder
//! and driven through [`World`]'s move-to API. Each step ticks the world by 0.04 s, one slice
//! per object, including the view refresh and mail delivery phases. Divide by 2,000 for the
//! per-object tick; the chaser's own cost is twice the chase world's average minus a walker's.
//! `cargo xtask bench-report` adds instruction counts and allocations per warm tick.

#![allow(missing_docs)] // bench_main! generates an undocumented main

use std::hint::black_box;
use std::sync::Arc;

use ac_benchkit::{Suite, Target};
use ac_physobj::prelude::*;
use ac_physobj::{MoveToOptions, ObjectId};
use ac_testkit::synthetic;

const PAIRS: u32 = 1_000;
const STEP: f64 = 0.04;

struct Kit {
    source: Arc<dyn AnimationSource>,
    table: Arc<MotionTable>,
}

impl Kit {
    fn new() -> Self {
        Self {
            source: Arc::new(
                synthetic::animations()
                    .into_iter()
                    .collect::<AnimationCache>(),
            ),
            table: Arc::new(synthetic::humanoid_table()),
        }
    }

    fn spawn(&self, w: &mut World, id: u32, at: Vec3, heading: f32) -> ObjectId {
        let b = PhysicsObj::builder()
            .motion_table(Arc::clone(&self.table))
            .animations(Arc::clone(&self.source))
            .weenie(ConfigWeenie {
                run_rate: Some(1.5),
                ..ConfigWeenie::default()
            })
            .id(id)
            .cylinder(0.5, 1.8)
            .heading(heading)
            .position(Position::new(
                0xA9B4_0021,
                Frame {
                    origin: at,
                    orientation: Quat::IDENTITY,
                },
            ));
        w.spawn(b).expect("the world's rules")
    }
}

fn place(i: u32) -> Vec3 {
    Vec3::new((i % 40) as f32 * 30.0, (i / 40) as f32 * 30.0, 0.0)
}

fn walkers() -> World {
    let kit = Kit::new();
    let mut w = World::new(Rules::ace());
    for i in 0..2 * PAIRS {
        let o = kit.spawn(&mut w, 0x5000_0000 + i, place(i), (i % 360) as f32);
        w[o].do_motion(motion::WALK_FORWARD, &MovementParameters::default())
            .expect("walking is allowed");
    }
    w
}

fn chases() -> World {
    let kit = Kit::new();
    let mut w = World::new(Rules::ace());
    let run = MovementParameters {
        hold_key_to_apply: HoldKey::Run,
        ..MovementParameters::default()
    };
    // Always run, and never arrive: a move to an object ends at the target's last reported
    // position, which a chaser as fast as its target reaches within seconds; an arrival
    // distance no distance can reach keeps every chaser moving and steering.
    let chase = MoveToOptions::default().run_only().arrive_within(-1.0e6);
    for i in 0..PAIRS {
        let at = place(i);
        let runner = kit.spawn(
            &mut w,
            0x8000_0000 + i,
            at + Vec3::new(0.0, 8.0, 0.0),
            (i % 90) as f32,
        );
        w[runner]
            .do_motion(motion::WALK_FORWARD, &run)
            .expect("running is allowed");
        let chaser = kit.spawn(&mut w, 0x5000_0000 + i, at, 0.0);
        w.move_to_object(chaser, runner, chase)
            .expect("the chase starts");
    }
    w
}

fn cases(s: &mut Suite) {
    s.case("moveto_world_2k_walkers")
        .what("World::tick(0.04 s) of 2,000 walkers on the synthetic humanoid (per object)")
        .ops_per_iter(u64::from(2 * PAIRS))
        .warmup(120)
        .counted(30)
        .run(walkers, |w| w.tick(black_box(STEP)));
    s.case("moveto_world_1k_chasers")
        .what("World::tick(0.04 s) of 1,000 runners each chased by a MoveToObject chaser (per object)")
        .ops_per_iter(u64::from(2 * PAIRS))
        .warmup(120)
        .counted(30)
        .run(chases, |w| w.tick(black_box(STEP)));
    s.metric(
        "moveto_chasers_moving",
        "chasers",
        "chasers of 1,000 still moving to their runner after 120 warm steps (all: nobody arrives)",
        Some(Target::AtLeast(f64::from(PAIRS))),
        || {
            let mut w = chases();
            for _ in 0..120 {
                w.tick(STEP).expect("a valid step");
            }
            w.iter().filter(|(_, o)| o.is_moving_to()).count() as f64
        },
    );
}

ac_benchkit::bench_main!("ac-physobj/moveto", cases);
