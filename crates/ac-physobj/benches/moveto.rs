//! Per-object tick cost while moving to a moving target, against a walking object's tick.
//!
//! Two worlds of 2,000 objects each on the synthetic humanoid table (turn cycle restricted,
//! with a turn modifier, as retail-like tables have): 2,000 walkers; and 1,000 runners each
//! chased by one chaser (MoveToObject, always running, never catching up: the runners run as
//! fast, and the arrival distance is out of reach). Each step ticks the world by 0.04 s, one slice per object, including the view refresh
//! and mail delivery phases. Divide by 2,000 for the per-object tick; the chaser's own cost is
//! twice the chase world's average minus a walker's. A counting allocator reports the
//! allocations in warm steps (target: zero).

// criterion_group! generates an undocumented function.
#![allow(missing_docs)]

mod common {
    pub mod counting;
}

use std::sync::Arc;
use std::sync::atomic::Ordering;

use ac_dat::{Frame, MotionData, MotionTable, cycle_key, modifier_key};
use ac_motioninterp::{HoldKey, MovementParamFlags, MovementParameters};
use ac_motiontable::Resolver;
use ac_physobj::{ConfigWeenie, PartArray, PhysicsObj, Plane, Position, World};
use ac_sequence::{AnimationCache, AnimationSource};
use ac_testkit::synthetic;
use common::counting::{ALLOCS, Counting};
use criterion::{Criterion, criterion_group, criterion_main};
use glam::{Quat, Vec3};

#[global_allocator]
static GLOBAL: Counting = Counting;

const NON_COMBAT: u32 = 0x8000_003D;
const WALK_FORWARD: u32 = 0x4500_0005;
const TURN_RIGHT: u32 = 0x6500_000D;
const PAIRS: u32 = 1_000;
const STEP: f64 = 0.04;

fn mover_table() -> MotionTable {
    let mut t = synthetic::humanoid_table();
    let key = cycle_key(NON_COMBAT, TURN_RIGHT);
    if let Some(mut md) = t.cycle(key).cloned() {
        md.bitfield |= MotionData::RESTRICTED;
        t.set_cycle(key, md);
    }
    t.set_modifier(
        modifier_key(NON_COMBAT, TURN_RIGHT),
        MotionData::default().with_omega(Vec3::new(0.0, 0.0, -1.570_796_4)),
    );
    t
}

fn creature(
    source: &Arc<dyn AnimationSource>,
    resolver: &Resolver,
    id: u32,
    at: Vec3,
) -> PhysicsObj {
    let mut o = PhysicsObj::new(
        PartArray::new(Arc::clone(source), Some(resolver.clone())),
        Some(ConfigWeenie {
            run_rate: Some(1.5),
            ..ConfigWeenie::default()
        }),
    );
    o.set_event_logging(false);
    o.set_physics_layer(true);
    o.set_id(id);
    o.set_radius(0.5);
    o.set_height(1.8);
    o.set_position_raw(Position::new(
        0xA9B4_0021,
        Frame {
            origin: at,
            orientation: Quat::IDENTITY,
        },
    ));
    o.set_contact_plane(Plane {
        normal: Vec3::Z,
        d: 0.0,
    });
    o.mi_create();
    o.mi_enter_default_state();
    o
}

fn setup() -> (Arc<dyn AnimationSource>, Resolver) {
    let source: Arc<dyn AnimationSource> = Arc::new(
        synthetic::animations()
            .into_iter()
            .collect::<AnimationCache>(),
    );
    (source, Resolver::new(mover_table()))
}

fn place(i: u32) -> Vec3 {
    Vec3::new((i % 40) as f32 * 30.0, (i / 40) as f32 * 30.0, 0.0)
}

fn walkers() -> World {
    let (source, resolver) = setup();
    let mut w = World::new();
    for i in 0..2 * PAIRS {
        let mut o = creature(&source, &resolver, 0x5000_0000 + i, place(i));
        o.set_heading((i % 360) as f32);
        o.do_motion(WALK_FORWARD, &MovementParameters::default());
        w.insert(o);
    }
    w
}

fn chases() -> World {
    let (source, resolver) = setup();
    let mut w = World::new();
    let run = MovementParameters {
        hold_key_to_apply: HoldKey::Run,
        ..MovementParameters::default()
    };
    // Always run, and never arrive: a move to an object ends at the target's last reported
    // position, which a chaser as fast as its target reaches within seconds; an arrival
    // distance no distance can reach keeps every chaser moving and steering.
    let mut chase = MovementParameters {
        distance_to_object: -1.0e6,
        ..MovementParameters::default()
    };
    chase.flags.remove(MovementParamFlags::CAN_WALK);
    for i in 0..PAIRS {
        let at = place(i);
        let mut runner = creature(
            &source,
            &resolver,
            0x8000_0000 + i,
            at + Vec3::new(0.0, 8.0, 0.0),
        );
        runner.set_heading((i % 90) as f32);
        runner.do_motion(WALK_FORWARD, &run);
        w.insert(runner);
        let chaser = w.insert(creature(&source, &resolver, 0x5000_0000 + i, at));
        let target = w.target_object(0x8000_0000 + i).expect("runner");
        w.with_object(chaser, |o| o.move_to_object(&target, &chase));
    }
    w
}

fn warm_allocations(w: &mut World) -> u64 {
    for _ in 0..120 {
        w.tick(STEP);
    }
    let a0 = ALLOCS.load(Ordering::Relaxed);
    for _ in 0..30 {
        w.tick(STEP);
    }
    ALLOCS.load(Ordering::Relaxed) - a0
}

fn bench(c: &mut Criterion) {
    let mut walk = walkers();
    let walk_allocs = warm_allocations(&mut walk);
    let mut chase = chases();
    let chase_allocs = warm_allocations(&mut chase);
    let moving = chase.iter().filter(|(_, o)| o.is_moving_to()).count();
    eprintln!(
        "ac-physobj move-to bench: {} objects per world; allocations in 30 warm steps: \
         walkers {walk_allocs}, chase {chase_allocs}; chasers still moving after warm-up: \
         {moving}/{PAIRS}",
        2 * PAIRS
    );
    c.bench_function("world tick 2k walking objects", |b| {
        b.iter(|| walk.tick(STEP))
    });
    c.bench_function("world tick 1k runners + 1k chasers moving to them", |b| {
        b.iter(|| chase.tick(STEP))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
