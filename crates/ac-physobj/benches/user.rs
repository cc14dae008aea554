//! What a user pays, measured as the reference was: the walk/run humanoid `0x09000200` of the
//! public scenario `phys_walk_run_stop` (`ac_testkit::walk_run`), a real `Sequence`, link queues
//! drained, objects set up as that scenario does (cell 0xA9B40021 at 100,100,0 on flat ground,
//! active, run rate 1.5, the interpreter in its default state), motion tables and animations
//! shared by every object.
//!
//! `cargo bench -p ac-physobj --features reference-host --bench user` (or `cargo xtask
//! bench-report`, which adds instruction counts). Targets (issue 15): GetObjectSequence
//! ≤ 50 ns, sequence update ≤ 25 ns, DoMotion + StopMotion round trip ≤ 150 ns, object tick
//! ≤ 50 ns, 0 allocations per warm operation, ≤ 512 bytes per walking object; a world of
//! 100,000 walkers: one 30 Hz step ≤ 4 ms in parallel on 2 cores, ≥ 1.8× the serial step.
#![allow(missing_docs)] // bench_main! generates an undocumented main

use std::hint::black_box;
use std::sync::Arc;

use ac_benchkit::{Suite, Target, live_bytes};
use ac_dat::Frame;
use ac_motiontable::motion::{READY, RUN_FORWARD, WALK_FORWARD};
use ac_motiontable::{MotionState, Resolver, Rules};
use ac_physobj::{ConfigWeenie, MovementParameters, PhysicsObj, Position, World};
use ac_sequence::{AnimationCache, AnimationSource, Sequence};
use ac_testkit::walk_run;
use glam::Quat;

/// One 30 Hz slice, as `World::step` cuts it.
const SLICE: f64 = 1.0 / 30.0;
/// The same as the sequence's f32 quantum.
const SLICE_F32: f32 = SLICE as f32;

/// The scenario's table and animations, built once and shared.
#[derive(Clone)]
struct Shared {
    resolver: Resolver,
    animations: Arc<dyn AnimationSource>,
}

impl Shared {
    fn new() -> Self {
        Self {
            resolver: Resolver::new(walk_run::table(), Rules::default()),
            animations: Arc::new(
                walk_run::animations()
                    .into_iter()
                    .collect::<AnimationCache>(),
            ),
        }
    }

    /// A standing object set up as the scenario does, facing `heading`.
    fn standing(&self, heading: f32) -> PhysicsObj {
        PhysicsObj::builder()
            .resolver(self.resolver.clone())
            .animations(Arc::clone(&self.animations))
            .weenie(ConfigWeenie {
                run_rate: Some(walk_run::RUN_RATE),
                ..ConfigWeenie::default()
            })
            .position(Position::new(
                walk_run::CELL,
                Frame {
                    origin: walk_run::ORIGIN,
                    orientation: Quat::IDENTITY,
                },
            ))
            .heading(heading)
            .build()
    }

    /// A walking object (WalkForward requested; its Ready → WalkForward link still queued).
    fn walker(&self, heading: f32) -> PhysicsObj {
        let mut o = self.standing(heading);
        o.do_motion(WALK_FORWARD, &MovementParameters::default())
            .expect("walking is allowed");
        o
    }

    /// A sequence and motion state in the table's default state (Ready).
    fn ready_sequence(&self) -> (MotionState, Sequence) {
        let mut state = MotionState::new();
        let mut seq = Sequence::new(Arc::clone(&self.animations), Rules::default());
        let o = self.resolver.set_default_state(&mut state, &mut seq);
        assert!(o.ok, "the table has a default state");
        (state, seq)
    }

    /// A world of `n` objects made by `make`, in slot order.
    fn world(&self, n: usize, make: impl Fn(&Self, f32) -> PhysicsObj) -> World {
        let mut w = World::new(Rules::default());
        for i in 0..n {
            w.insert(make(self, (i % 360) as f32)).expect("same rules");
        }
        w
    }
}

fn resolver_and_sequence(s: &mut Suite) {
    let shared = Shared::new();
    s.case("user_get_object_sequence")
        .what("GetObjectSequence on a real Sequence: WalkForward, RunForward ×1.5, Ready, then the cycle's links removed (per call)")
        .ops_per_iter(3)
        .warmup(1_000)
        .counted(10_000)
        .target_ns(50.0)
        .run(
            || {
                let (state, seq) = shared.ready_sequence();
                (shared.resolver.clone(), state, seq)
            },
            |(r, state, seq)| {
                for (motion, speed) in [
                    (WALK_FORWARD, 1.0),
                    (RUN_FORWARD, walk_run::RUN_RATE),
                    (READY, 1.0),
                ] {
                    let o = r.get_object_sequence(
                        black_box(motion),
                        state,
                        seq,
                        black_box(speed),
                        false,
                    );
                    black_box(o);
                }
                seq.remove_all_link_animations();
            },
        );
    s.case("user_sequence_update_walker")
        .what("Sequence::update of a walker's sequence by 1/30 s (WalkForward cycle with root motion, hooks collected)")
        .warmup(1_000)
        .counted(100_000)
        .target_ns(25.0)
        .run(
            || {
                let (mut state, mut seq) = shared.ready_sequence();
                let o = shared
                    .resolver
                    .do_object_motion(WALK_FORWARD, &mut state, &mut seq, 1.0);
                assert!(o.ok);
                (seq, Vec::with_capacity(8))
            },
            |(seq, hooks)| {
                let mut offset = Frame::IDENTITY;
                let work = seq.update(black_box(SLICE_F32), Some(&mut offset), Some(hooks));
                hooks.clear();
                (offset, work)
            },
        );
}

fn object(s: &mut Suite) {
    let shared = Shared::new();
    s.case("user_do_stop_motion_round_trip")
        .what("PhysicsObj::do_motion(WalkForward) + stop_motion(WalkForward) on a standing object, then its link queues drained (RemoveLinkAnimations)")
        .warmup(1_000)
        .counted(10_000)
        .target_ns(150.0)
        .run(
            || shared.standing(0.0),
            |o| {
                let p = MovementParameters::default();
                let a = o.do_motion(black_box(WALK_FORWARD), &p);
                let b = o.stop_motion(black_box(WALK_FORWARD), &p);
                o.remove_link_animations();
                (a, b)
            },
        );
    s.case("user_object_tick_walker")
        .what("one 1/30 s slice of a walking object (UpdateObjectInternal)")
        .warmup(1_000)
        .counted(100_000)
        .target_ns(50.0)
        .run(|| shared.walker(0.0), |o| o.slice(black_box(SLICE)));
    s.metric(
        "user_bytes_per_walking_object",
        "B",
        "bytes per walking object: the struct plus the heap it owns (table and animations shared), over 10,000 walkers after 120 slices",
        Some(Target::AtMost(512.0)),
        || {
            const N: usize = 10_000;
            let before = live_bytes();
            let mut crowd = Vec::with_capacity(N);
            for i in 0..N {
                crowd.push(shared.walker((i % 360) as f32));
            }
            for _ in 0..120 {
                for o in &mut crowd {
                    black_box(o.slice(SLICE));
                }
            }
            let bytes = (live_bytes() - before) as f64 / N as f64;
            drop(black_box(crowd));
            bytes
        },
    );
    layout(s);
}

/// The inline sizes of an object and of the parts it is made of (where the bytes go).
fn layout(s: &mut Suite) {
    use std::mem::size_of;
    let parts: [(&str, &str, usize); 12] = [
        ("layout_physics_obj", "PhysicsObj", size_of::<PhysicsObj>()),
        (
            "layout_part_array",
            "PartArray (sequence + manager)",
            size_of::<ac_physobj::PartArray>(),
        ),
        ("layout_sequence", "Sequence", size_of::<Sequence>()),
        (
            "layout_motion_table_manager",
            "MotionTableManager",
            size_of::<ac_motiontable::MotionTableManager>(),
        ),
        (
            "layout_motion_state",
            "MotionState",
            size_of::<MotionState>(),
        ),
        ("layout_resolver", "Resolver", size_of::<Resolver>()),
        (
            "layout_movement_manager",
            "MovementManager (inline in Option)",
            size_of::<ac_motioninterp::MovementManager>(),
        ),
        (
            "layout_motion_interp",
            "MotionInterp",
            size_of::<ac_motioninterp::MotionInterp>(),
        ),
        (
            "layout_move_to_manager",
            "MoveToManager (boxed, only once a move-to or turn-to asked for it)",
            size_of::<ac_motioninterp::MoveToManager>(),
        ),
        (
            "layout_position_manager",
            "PositionManager (boxed, only when correcting)",
            size_of::<ac_interp_manager::PositionManager>(),
        ),
        ("layout_rules", "Rules", size_of::<Rules>()),
        ("layout_position", "Position", size_of::<Position>()),
    ];
    for (id, what, size) in parts {
        s.metric(id, "B", &format!("size_of::<{what}>()"), None, || {
            size as f64
        });
    }
}

fn worlds(s: &mut Suite) {
    let shared = Shared::new();
    s.case("user_world_step_10k_walkers")
        .what("World::step(1/30 s) of 10,000 walkers, serial (per object)")
        .ops_per_iter(10_000)
        .warmup(120)
        .counted(30)
        .run(
            || shared.world(10_000, Shared::walker),
            |w| w.step(black_box(SLICE)),
        );
    for (id, what, parallel, target) in [
        (
            "user_world_step_100k_walkers_serial",
            "World::step(1/30 s) of 100,000 walkers, serial (per object)",
            false,
            None,
        ),
        (
            "user_world_step_100k_walkers_parallel",
            "World::step_parallel(1/30 s) of 100,000 walkers (per object; 4 ms per step is 40 ns)",
            true,
            Some(40.0),
        ),
    ] {
        let case = s
            .case(id)
            .what(what)
            .ops_per_iter(100_000)
            .warmup(30)
            .counted(10);
        let case = if parallel { case.parallel() } else { case };
        let case = match target {
            Some(t) => case.target_ns(t),
            None => case,
        };
        case.run(
            || shared.world(100_000, Shared::walker),
            |w| {
                if parallel {
                    w.step_parallel(black_box(SLICE))
                } else {
                    w.step(black_box(SLICE))
                }
            },
        );
    }
    interleaved_100k(s, &shared);
    s.case("user_world_step_100k_standing")
        .what("World::step(1/30 s) of 100,000 objects standing at Ready (idle animation, no velocity), serial (per object)")
        .ops_per_iter(100_000)
        .warmup(30)
        .counted(10)
        .run(
            || shared.world(100_000, Shared::standing),
            |w| w.step(black_box(SLICE)),
        );
    s.case("user_world_step_100k_static")
        .what("World::step(1/30 s) of 100,000 objects without motion table (no motion, no velocity), serial (per object)")
        .ops_per_iter(100_000)
        .warmup(30)
        .counted(10)
        .run(
            || {
                let mut w = World::new(Rules::default());
                for _ in 0..100_000 {
                    w.spawn(PhysicsObj::builder()).expect("same rules");
                }
                w
            },
            |w| w.step(black_box(SLICE)),
        );
    s.metric(
        "user_world_100k_walkers_bytes",
        "MB",
        "heap of a world of 100,000 walkers after 30 steps (objects, their heap, the world's buffers)",
        None,
        || {
            let before = live_bytes();
            let mut w = shared.world(100_000, Shared::walker);
            for _ in 0..30 {
                w.step(SLICE).expect("finite step");
            }
            let mb = (live_bytes() - before) as f64 / 1e6;
            drop(black_box(w));
            mb
        },
    );
}

/// Rounds of the interleaved serial/parallel measurement.
const INTERLEAVED_ROUNDS: usize = 40;
/// Steps (half serial, half parallel, alternating) before the first timed round: the walkers'
/// Ready → WalkForward links finish and rayon's threads are up.
const INTERLEAVED_WARMUP: usize = 30;

/// The parallel speed-up of the 100k-walker step, measured so that a shared machine's load
/// falls on both sides alike: one world takes a serial step and a parallel step back to back in
/// every round (which goes first alternates from round to round), and the figures are the
/// medians over the rounds of each side's time and of each round's serial ÷ parallel ratio.
/// The separate criterion cases above time the two sides minutes apart, under whatever load
/// each happened to meet.
fn interleaved_100k(s: &mut Suite, shared: &Shared) {
    if s.counting_instructions() {
        return;
    }
    let mut w = shared.world(100_000, Shared::walker);
    let step = |w: &mut World, parallel: bool| {
        let started = std::time::Instant::now();
        let steps = if parallel {
            black_box(&mut *w).step_parallel(black_box(SLICE))
        } else {
            black_box(&mut *w).step(black_box(SLICE))
        };
        let ns = started.elapsed().as_nanos() as f64;
        assert_eq!(black_box(steps), Ok(1), "one fixed step per call");
        ns
    };
    for i in 0..INTERLEAVED_WARMUP {
        step(&mut w, i % 2 == 1);
    }
    let mut serial = Vec::with_capacity(INTERLEAVED_ROUNDS);
    let mut parallel = Vec::with_capacity(INTERLEAVED_ROUNDS);
    let mut ratio = Vec::with_capacity(INTERLEAVED_ROUNDS);
    for round in 0..INTERLEAVED_ROUNDS {
        let parallel_first = round % 2 == 1;
        let first = step(&mut w, parallel_first);
        let second = step(&mut w, !parallel_first);
        let (s_ns, p_ns) = if parallel_first {
            (second, first)
        } else {
            (first, second)
        };
        serial.push(s_ns);
        parallel.push(p_ns);
        ratio.push(s_ns / p_ns);
    }
    black_box(w.digest());
    for v in [&mut serial, &mut parallel, &mut ratio] {
        v.sort_by(f64::total_cmp);
    }
    let q = |v: &[f64], scale: f64| {
        let at = |f: f64| v[((v.len() - 1) as f64 * f).round() as usize] / scale;
        format!(
            "{:.2} / {:.2} / {:.2} / {:.2} / {:.2}",
            at(0.0),
            at(0.25),
            at(0.5),
            at(0.75),
            at(1.0)
        )
    };
    eprintln!(
        "[acbench] interleaved 100k step, min / q1 / median / q3 / max: serial {} ms, \
         parallel {} ms, speed-up {}",
        q(&serial, 1e6),
        q(&parallel, 1e6),
        q(&ratio, 1.0)
    );
    let rounds = format!(
        "{INTERLEAVED_ROUNDS} rounds of one serial and one parallel step of the same world \
         of 100,000 walkers back to back (alternating which goes first), after \
         {INTERLEAVED_WARMUP} warm-up steps"
    );
    s.metric(
        "user_world_step_100k_interleaved_serial_ms",
        "ms",
        &format!("median serial step over {rounds}"),
        None,
        || median(&serial) / 1e6,
    );
    s.metric(
        "user_world_step_100k_interleaved_parallel_ms",
        "ms",
        &format!("median parallel step over {rounds}"),
        Some(Target::AtMost(4.0)),
        || median(&parallel) / 1e6,
    );
    s.metric(
        "user_world_step_100k_interleaved_speedup",
        "×",
        &format!("median of each round's serial ÷ parallel time over {rounds}"),
        Some(Target::AtLeast(1.8)),
        || median(&ratio),
    );
}

/// The median of `v`, sorted (the mean of the middle two for an even count).
fn median(v: &[f64]) -> f64 {
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

ac_benchkit::bench_main!("ac-physobj/user", resolver_and_sequence, object, worlds);
