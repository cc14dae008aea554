//! The user API on its own (no `reference-host` feature): builder, world, fixed steps, result
//! shapes, a pluggable game object.

use std::sync::Arc;

use ac_physobj::prelude::*;

/// A humanoid on the synthetic data, in memory.
fn humanoid() -> PhysicsObjBuilder {
    let anims: AnimationCache = ac_testkit::synthetic::animations().into_iter().collect();
    PhysicsObj::builder()
        .motion_table(ac_testkit::synthetic::humanoid_table())
        .animations(Arc::new(anims))
}

fn walk() -> MovementParameters {
    MovementParameters::default()
}

/// How far a walker gets in one second when its world is stepped `calls` times by `dt`.
fn walked_in_world(calls: u32, dt: f64) -> f32 {
    let mut world = World::new(Rules::default());
    let id = world.spawn(humanoid()).expect("same rules");
    world[id]
        .do_motion(motion::WALK_FORWARD, &walk())
        .expect("walking is allowed");
    let mut steps = 0;
    for _ in 0..calls {
        steps += world.step(dt).expect("finite step");
    }
    assert_eq!(steps, 30, "{calls} calls of {dt} s are 30 fixed steps");
    world[id].position().frame.origin.y
}

#[test]
fn fixed_steps_at_30_and_60_hz_walk_as_far_as_one_second_of_update_object() {
    let at_60 = walked_in_world(60, 1.0 / 60.0);
    let at_30 = walked_in_world(30, 1.0 / 30.0);
    let at_once = walked_in_world(1, 1.0);
    // Every rate runs the same 30 slices of 1/30 s: bit-identical.
    assert_eq!(at_60, at_30);
    assert_eq!(at_30, at_once);
    // The reference's own stepping of one second: ten 0.1 s slices.
    let mut obj = humanoid().build();
    obj.do_motion(motion::WALK_FORWARD, &walk())
        .expect("walking is allowed");
    let mut slices = Vec::new();
    let r = obj.update_object(1.0, &mut slices);
    assert_eq!((r.ran, r.slices), (true, 10));
    let reference = obj.position().frame.origin.y;
    assert!(at_30 > 1.0, "the walker moved: {at_30}");
    // The reference's quantisation: velocity integrates per slice and pos frames apply per
    // animation frame crossed, so 30 slices and 10 slices cross the same frames and differ only
    // by f32 rounding of 30 sums against 10 (a few ulps of the ~3 m walked). 1 mm is far above
    // that rounding and far below what one animation frame or one slice of walking moves
    // (≈ 0.1 m), so the bound would catch a lost or extra slice.
    assert!((at_30 - reference).abs() < 1e-3, "{at_30} vs {reference}");
}

#[test]
fn update_object_ignores_exactly_one_tick_period_as_the_reference_does() {
    // The trap `World::step` exists for: 1/30 in f64 is below the f32 minimum quantum.
    let mut obj = humanoid().build();
    obj.do_motion(motion::WALK_FORWARD, &walk())
        .expect("walking is allowed");
    let mut slices = Vec::new();
    for _ in 0..30 {
        obj.update_object(1.0 / 30.0, &mut slices);
    }
    assert!(slices.is_empty());
    assert_eq!(obj.position().frame.origin.y, 0.0);
}

#[test]
fn bad_time_values_are_refused_and_change_nothing() {
    let mut world = World::new(Rules::default());
    let id = world.spawn(humanoid()).expect("same rules");
    world.step(0.5).expect("finite step");
    let before = (world.now(), world[id].position().frame);
    for bad in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY, -0.1] {
        assert!(matches!(world.step(bad), Err(TimeError::InvalidStep(_))));
        assert!(matches!(world.tick(bad), Err(TimeError::InvalidStep(_))));
        assert_eq!((world.now(), world[id].position().frame), before, "{bad}");
    }
    let mut out = Vec::new();
    assert!(matches!(
        world[id].update_object_at(f64::NAN, &mut out),
        Err(TimeError::InvalidClock(_))
    ));
    // A huge gap is dropped, as the reference drops gaps above 2 s.
    assert_eq!(world.step(5.0), Ok(0));
    assert_eq!(world[id].position().frame, before.1);
}

/// Where a hostile number enters the user API.
#[derive(Debug, Clone, Copy)]
enum Entry {
    /// `World::tick(dt)`.
    Tick,
    /// `World::step(dt)`.
    Step,
    /// `PhysicsObj::update_object_at(now)`.
    ObjectClock,
    /// `do_motion` with `MovementParameters::speed`.
    Speed,
    /// `do_motion` (running) with the game object's run rate.
    RunRate,
    /// `move_to_position` with `MovementParameters::speed`.
    MoveToSpeed,
}

/// How the API answered.
#[derive(Debug, PartialEq)]
enum Answer {
    Accepted,
    BadStep,
    BadClock,
    MovementRefused,
}

/// Feeds `value` to `entry` on a walker in a world that has run for a second, and checks the
/// answer; a refusal must change nothing, and whatever the answer, ten more seconds of steps
/// leave the clock and the position finite.
fn check(entry: Entry, value: f64, expected: Answer) {
    let mut world = World::new(Rules::default());
    let id = world.spawn(humanoid()).expect("same rules");
    world[id]
        .do_motion(motion::WALK_FORWARD, &walk())
        .expect("walking is allowed");
    world.step(1.0).expect("finite step");
    let before = (world.now(), world[id].position().frame);
    let speed = |speed| MovementParameters { speed, ..walk() };
    let time = |r: Result<(), TimeError>| match r {
        Ok(()) => Answer::Accepted,
        Err(TimeError::InvalidStep(_)) => Answer::BadStep,
        Err(TimeError::InvalidClock(_)) => Answer::BadClock,
    };
    let movement = |r: Result<(), WeenieError>| match r {
        Ok(()) => Answer::Accepted,
        Err(WeenieError::GeneralMovementFailure) => Answer::MovementRefused,
        Err(e) => panic!("{entry:?} {value}: unexpected {e}"),
    };
    let answer = match entry {
        Entry::Tick => time(world.tick(value)),
        Entry::Step => time(world.step(value).map(drop)),
        Entry::ObjectClock => time(world[id].update_object_at(value, &mut Vec::new()).map(drop)),
        Entry::Speed => movement(world[id].do_motion(motion::RUN_FORWARD, &speed(value as f32))),
        Entry::RunRate => {
            world[id].weenie_mut().expect("has one").run_rate = Some(value as f32);
            let run = MovementParameters {
                hold_key_to_apply: HoldKey::Run,
                ..walk()
            };
            movement(world[id].do_motion(motion::WALK_FORWARD, &run))
        }
        Entry::MoveToSpeed => {
            let mut there = *world[id].position();
            there.frame.origin.y += 50.0;
            movement(world[id].move_to_position(&there, speed(value as f32)))
        }
    };
    assert_eq!(answer, expected, "{entry:?} {value}");
    if answer != Answer::Accepted && !matches!(entry, Entry::RunRate) {
        let after = (world.now(), world[id].position().frame);
        assert_eq!(
            after, before,
            "{entry:?} {value}: a refusal changes nothing"
        );
    }
    if matches!(entry, Entry::RunRate) {
        world[id].weenie_mut().expect("has one").run_rate = None;
    }
    for _ in 0..10 {
        world.step(1.0).expect("finite step");
    }
    let p = world[id].position().frame;
    assert!(world.now().is_finite(), "{entry:?} {value}: clock");
    assert!(
        p.origin.is_finite() && p.orientation.is_finite(),
        "{entry:?} {value}: position {p:?}"
    );
}

#[test]
fn hostile_time_steps_speeds_and_run_rates_are_refused() {
    use Answer::*;
    use Entry::*;
    let huge = 1e17;
    for (entry, value, expected) in [
        (Tick, f64::NAN, BadStep),
        (Tick, f64::INFINITY, BadStep),
        (Tick, f64::NEG_INFINITY, BadStep),
        (Tick, huge, BadStep),
        (Tick, f64::MAX, BadStep),
        (Tick, MAX_CLOCK, BadStep), // the world has run a second: past the bound
        (Tick, -1e9, BadStep),
        (Tick, -f64::MIN_POSITIVE, BadStep),
        (Tick, 0.0, Accepted),
        (Tick, 1e9, Accepted),
        (Step, f64::NAN, BadStep),
        (Step, f64::INFINITY, BadStep),
        (Step, huge, BadStep),
        (Step, -1e9, BadStep),
        (Step, 1e9, Accepted),
        (ObjectClock, f64::NAN, BadClock),
        (ObjectClock, f64::INFINITY, BadClock),
        (ObjectClock, f64::NEG_INFINITY, BadClock),
        (ObjectClock, huge, BadClock),
        (ObjectClock, -huge, BadClock),
        (ObjectClock, MAX_CLOCK, Accepted),
        (ObjectClock, -1e9, Accepted), // in the past: nothing to simulate
        (Speed, f64::NAN, MovementRefused),
        (Speed, f64::INFINITY, MovementRefused),
        (Speed, f64::NEG_INFINITY, MovementRefused),
        (Speed, f32::MAX.into(), MovementRefused),
        (Speed, f32::MIN.into(), MovementRefused),
        (Speed, huge, MovementRefused),
        (Speed, -1e9, MovementRefused),
        (Speed, (MAX_SPEED * 1.01).into(), MovementRefused),
        (Speed, MAX_SPEED.into(), Accepted),
        (Speed, -1.0, Accepted),
        (Speed, 0.0, Accepted),
        (RunRate, f64::NAN, MovementRefused),
        (RunRate, f64::INFINITY, MovementRefused),
        (RunRate, f32::MAX.into(), MovementRefused),
        (RunRate, -huge, MovementRefused),
        (RunRate, 4.0, Accepted),
        (MoveToSpeed, f64::NAN, MovementRefused),
        (MoveToSpeed, f32::MAX.into(), MovementRefused),
        (MoveToSpeed, huge, MovementRefused),
        (MoveToSpeed, 2.0, Accepted),
    ] {
        check(entry, value, expected);
    }
}

#[test]
fn refusals_are_errors_and_non_finite_speeds_are_refused() {
    let mut obj = humanoid().build();
    let nan = MovementParameters {
        speed: f32::NAN,
        ..walk()
    };
    assert_eq!(
        obj.do_motion(motion::WALK_FORWARD, &nan),
        Err(WeenieError::GeneralMovementFailure)
    );
    assert_eq!(
        obj.jump(f32::INFINITY, 0),
        Err(WeenieError::GeneralMovementFailure)
    );
    // Crouching is refused outside NonCombat.
    obj.do_motion(stance::SWORD_COMBAT, &walk())
        .expect("stance change");
    assert_eq!(
        obj.do_motion(motion::CROUCH, &walk()),
        Err(WeenieError::CantCrouchInCombat)
    );
    // `?` works with any error type that takes a WeenieError.
    let boxed: Result<(), Box<dyn std::error::Error>> =
        obj.do_motion(motion::CROUCH, &walk()).map_err(Into::into);
    assert_eq!(
        boxed.map_err(|e| e.to_string()),
        Err("CantCrouchInCombat(0x003F)".to_owned())
    );
}

#[test]
fn a_world_refuses_objects_under_other_rules() {
    let mut world = World::new(Rules::ace());
    assert!(matches!(
        world.spawn(humanoid().rules(Rules::retail())),
        Err(BuildError::RulesMismatch)
    ));
    assert!(matches!(
        world.insert(humanoid().rules(Rules::retail()).build()),
        Err(BuildError::RulesMismatch)
    ));
    let id = world.spawn(humanoid()).expect("the world's rules");
    assert_eq!(world[id].rules(), Rules::ace());
    let mut retail = World::new(Rules::retail());
    let id = retail.spawn(humanoid()).expect("no explicit rules");
    assert_eq!(retail[id].rules(), Rules::retail());
    assert_eq!(retail[id].parts().sequence.rules(), Rules::retail());
    assert_eq!(
        retail[id].parts().manager.table().map(|t| t.rules()),
        Some(Rules::retail()),
        "the shared table is read under the object's rules"
    );
    assert_eq!(
        retail[id].movement_interpreter().map(MotionInterp::rules),
        Some(Rules::retail())
    );
}

/// A server's own game object: a runner whose speed comes from its stats.
#[derive(Debug)]
struct Runner {
    run_skill: f32,
}

impl Weenie for Runner {
    fn is_creature(&self) -> bool {
        true
    }
    fn run_rate(&self) -> Option<f32> {
        Some(1.0 + self.run_skill / 100.0)
    }
    fn jump_velocity(&self, extent: f32) -> Option<f32> {
        Some(5.0 * extent)
    }
    fn can_jump(&self, _extent: f32) -> bool {
        true
    }
    fn jump_stamina_cost(&self, _extent: f32, _stamina_cost: i32) -> f32 {
        1.0
    }
}

#[test]
fn a_custom_game_object_drives_the_run_rate() {
    let run = MovementParameters {
        hold_key_to_apply: HoldKey::Run,
        ..walk()
    };
    let mut world: World<Runner> = World::new(Rules::default());
    let fast = world
        .spawn(humanoid().weenie(Runner { run_skill: 100.0 }))
        .expect("same rules");
    let slow = world
        .spawn(humanoid().weenie(Runner { run_skill: 0.0 }))
        .expect("same rules");
    for id in [fast, slow] {
        world[id]
            .do_motion(motion::WALK_FORWARD, &run)
            .expect("running is allowed");
    }
    let state = |w: &World<Runner>, id| {
        w[id]
            .movement_interpreter()
            .and_then(MotionInterp::interpreted_state)
            .map(|s| (s.forward_command, s.forward_speed))
    };
    assert_eq!(state(&world, fast), Some((motion::RUN_FORWARD, 2.0)));
    assert_eq!(state(&world, slow), Some((motion::RUN_FORWARD, 1.0)));
    world[fast].weenie_mut().expect("has one").run_skill = 50.0;
    assert_eq!(world[fast].weenie().map(|w| w.run_skill), Some(50.0));
}

#[test]
fn a_built_object_stands_ready() {
    let obj = humanoid()
        .position(Position::new(
            0x0101_0001,
            Frame {
                origin: Vec3::new(10.0, 20.0, 3.0),
                orientation: Quat::IDENTITY,
            },
        ))
        .heading(90.0)
        .build();
    assert_eq!(obj.cell(), Some(0x0101_0001));
    assert!((obj.heading() - 90.0).abs() < 1e-3);
    assert!(
        obj.transient().contains(
            TransientState::CONTACT | TransientState::ON_WALKABLE | TransientState::ACTIVE
        )
    );
    assert_eq!(obj.acceleration(), Vec3::ZERO, "standing, not falling");
    let mi = obj.movement_interpreter().expect("default state entered");
    assert_eq!(
        mi.interpreted_state().map(|s| s.forward_command),
        Some(motion::READY)
    );
    let falling = humanoid().airborne().build();
    assert!(falling.acceleration().z < 0.0);
}

/// A run rate that turns hostile while the object runs is only consulted by the next movement
/// request (which refuses it): the ticks in between keep the position finite.
#[test]
fn a_run_rate_turning_hostile_mid_run_does_not_poison_the_ticks() {
    let mut world = World::new(Rules::default());
    let id = world.spawn(humanoid()).expect("same rules");
    let run = MovementParameters {
        hold_key_to_apply: HoldKey::Run,
        ..walk()
    };
    world[id]
        .do_motion(motion::WALK_FORWARD, &run)
        .expect("running is allowed");
    world.step(1.0).expect("finite step");
    for hostile in [f32::NAN, f32::INFINITY, f32::MAX] {
        world[id].weenie_mut().expect("has one").run_rate = Some(hostile);
        for _ in 0..10 {
            world.step(1.0).expect("finite step");
        }
        assert!(world[id].position().frame.origin.is_finite(), "{hostile}");
        assert_eq!(
            world[id].do_motion(motion::WALK_FORWARD, &run),
            Err(WeenieError::GeneralMovementFailure),
            "{hostile}"
        );
    }
}
