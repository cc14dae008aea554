//! Move-to through the user API alone (no `reference-host` feature): objects built with the
//! builder, moves issued on the [`World`] with [`MoveToOptions`], completions drained as values.

use std::sync::Arc;

use ac_physobj::prelude::*;
use ac_physobj::{MoveComplete, MoveToOptions, ObjectId, TargetStatus};
use ac_testkit::synthetic;

const CELL: u32 = 0xA9B4_0021;
const DT: f64 = 1.0 / 30.0;
const CHASER: u32 = 0x5000_0001;
const RUNNER: u32 = 0x8000_0010;

fn at(x: f32, y: f32) -> Position {
    Position::new(
        CELL,
        Frame {
            origin: Vec3::new(x, y, 0.0),
            orientation: Quat::IDENTITY,
        },
    )
}

fn creature(id: u32, x: f32, y: f32) -> PhysicsObjBuilder {
    let source: Arc<dyn AnimationSource> = Arc::new(
        synthetic::animations()
            .into_iter()
            .collect::<AnimationCache>(),
    );
    PhysicsObj::builder()
        .motion_table(synthetic::humanoid_table())
        .animations(source)
        .weenie(ConfigWeenie {
            run_rate: Some(1.5),
            ..ConfigWeenie::default()
        })
        .id(id)
        .cylinder(0.5, 1.8)
        .position(at(x, y))
}

fn ends(w: &mut World) -> Vec<(ObjectId, MoveComplete)> {
    let mut v = Vec::new();
    w.drain_move_completions(&mut v);
    v
}

/// A chaser and a runner walking north-east; the chaser runs after it.
fn chase_world() -> (World, ObjectId, ObjectId) {
    let mut w = World::new(Rules::ace());
    let chaser = w.spawn(creature(CHASER, 100.0, 100.0)).expect("rules");
    let runner = w.spawn(creature(RUNNER, 110.0, 95.0)).expect("rules");
    w[runner].set_heading(45.0);
    w[runner]
        .do_motion(motion::WALK_FORWARD, &MovementParameters::default())
        .expect("walking is allowed");
    w.move_to_object(chaser, runner, MoveToOptions::default().run_only())
        .expect("the chase starts");
    (w, chaser, runner)
}

/// A move to an object ends at the target's last *reported* position, which trails a moving
/// target by up to a report interval; a server re-issues the move until it is close (ACE's
/// monster AI does). While the target walks, every move ends that far behind it; once it stops,
/// the next move catches it. Every move reports its end exactly once.
#[test]
fn a_chaser_catches_a_moving_target_by_re_issuing_the_move() {
    let (mut w, chaser, runner) = chase_world();
    let mut moves = 1;
    let mut steps = 0;
    loop {
        w.step(DT).expect("finite step");
        steps += 1;
        if steps == 180 {
            w[runner]
                .stop_motion(motion::WALK_FORWARD, &MovementParameters::default())
                .expect("stopping is allowed");
        }
        let done = ends(&mut w);
        if done.is_empty() {
            assert!(
                steps < 900,
                "still chasing after {steps} steps ({moves} moves)"
            );
            continue;
        }
        assert_eq!(done.len(), 1, "one end per move: {done:?}");
        assert_eq!(done[0].0, chaser);
        assert!(done[0].1.arrived(), "{:?}", done[0].1);
        assert!(!w[chaser].is_moving_to());
        if w[chaser].position().distance(w[runner].position()) < 2.0 {
            break;
        }
        w.move_to_object(chaser, runner, MoveToOptions::default().run_only())
            .expect("the chase goes on");
        moves += 1;
    }
    assert!(moves >= 2, "the first move ended behind the walking target");
    assert!(
        w[runner]
            .target_manager()
            .is_some_and(|tm| tm.voyeurs().is_empty()),
        "the chaser stopped following"
    );
}

#[test]
fn serial_and_parallel_chases_are_bit_identical() {
    let run = |parallel: bool| {
        let (mut w, _, _) = chase_world();
        for _ in 0..240 {
            if parallel {
                w.tick_parallel(DT).expect("finite tick");
            } else {
                w.tick(DT).expect("finite tick");
            }
        }
        w.digest()
    };
    assert_eq!(run(false), run(true));
    assert_eq!(run(false), run(false));
}

#[test]
fn the_target_leaving_the_world_ends_the_move_with_object_gone() {
    let (mut w, chaser, runner) = chase_world();
    for _ in 0..5 {
        w.step(DT).expect("finite step");
    }
    assert!(w[chaser].is_moving_to());
    assert!(w.remove_notifying(runner).is_some());
    let done = ends(&mut w);
    assert_eq!(done.len(), 1);
    assert_eq!(done[0].1.status(), WeenieError::ObjectGone);
    assert!(
        w[chaser]
            .target_manager()
            .and_then(|tm| tm.target())
            .is_none()
    );
}

#[test]
fn a_sticky_move_pulls_the_chaser_against_its_target_and_lets_go_after_a_second() {
    let mut w = World::new(Rules::ace());
    let chaser = w.spawn(creature(CHASER, 100.0, 100.0)).expect("rules");
    let target = w.spawn(creature(RUNNER, 100.0, 106.0)).expect("rules");
    w.move_to_object(chaser, target, MoveToOptions::default().sticky(true))
        .expect("the move starts");
    let stuck = |w: &World| {
        w[chaser]
            .position_manager()
            .is_some_and(|pm| pm.sticky_object_id() == RUNNER)
    };
    let mut arrived_at = None;
    for i in 0..300 {
        w.step(DT).expect("finite step");
        if let Some((_, end)) = ends(&mut w).first() {
            assert!(end.arrived(), "{end:?}");
            arrived_at = Some(i);
            break;
        }
    }
    let arrived_at = arrived_at.expect("the walker arrives");
    assert!(stuck(&w), "sticky on arrival");
    // The sticky manager lets go after its one-second timeout.
    let mut released = None;
    for i in 0..60 {
        w.step(DT).expect("finite step");
        if !stuck(&w) {
            released = Some(i);
            break;
        }
    }
    assert!(
        released.is_some(),
        "released within 2 s of arrival at step {arrived_at}"
    );
    let gap = w[chaser].position().distance(w[target].position());
    assert!(
        gap < 1.0 + 0.6 + 0.1,
        "stuck against the target's cylinder: {gap}"
    );
}

#[test]
fn turn_to_heading_and_turn_to_object_end_facing() {
    let mut w = World::new(Rules::ace());
    let me = w.spawn(creature(1, 100.0, 100.0)).expect("rules");
    let other = w.spawn(creature(2, 110.0, 100.0)).expect("rules");
    w.turn_to_heading(me, 200.0, MoveToOptions::default())
        .expect("the turn starts");
    let mut n = 0;
    while w[me].is_moving_to() && n < 300 {
        w.step(DT).expect("finite step");
        n += 1;
    }
    let done = ends(&mut w);
    assert_eq!(done.len(), 1);
    assert!(done[0].1.arrived());
    assert_eq!(w[me].heading(), 200.0);
    w.turn_to_object(me, other, MoveToOptions::default())
        .expect("the turn starts");
    let mut n = 0;
    while w[me].is_moving_to() && n < 300 {
        w.step(DT).expect("finite step");
        n += 1;
    }
    assert!(ends(&mut w)[0].1.arrived());
    // East is heading 90.
    assert!((w[me].heading() - 90.0).abs() < 1.0, "{}", w[me].heading());
}

#[test]
fn cancel_move_to_reports_action_cancelled_once() {
    let mut w = World::new(Rules::ace());
    let me = w.spawn(creature(1, 100.0, 100.0)).expect("rules");
    w.move_to_position(me, &at(100.0, 130.0), MoveToOptions::default())
        .expect("the move starts");
    for _ in 0..10 {
        w.step(DT).expect("finite step");
    }
    assert!(w[me].is_moving_to());
    w.cancel_move_to(me).expect("an object of the world");
    let done = ends(&mut w);
    assert_eq!(done.len(), 1);
    assert_eq!(done[0].1.status(), WeenieError::ActionCancelled);
    assert!(!w[me].is_moving_to());
    w.step(DT).expect("finite step");
    assert!(ends(&mut w).is_empty());
}

#[test]
fn bad_input_is_refused_without_a_move() {
    let mut w = World::new(Rules::ace());
    let me = w.spawn(creature(1, 100.0, 100.0)).expect("rules");
    assert!(
        w.move_to_position(me, &at(f32::NAN, 100.0), MoveToOptions::default())
            .is_err()
    );
    assert!(
        w.turn_to_heading(me, f32::INFINITY, MoveToOptions::default())
            .is_err()
    );
    assert!(!w[me].is_moving_to());
    assert!(ends(&mut w).is_empty());
    // A target status is a plain value a server can match on.
    assert_ne!(TargetStatus::Ok, TargetStatus::ExitWorld);
}
