//! The move-to layer on reference-host objects: event order on cancel, the three inputs on which
//! the reference crashes, and the target-report throttle (the world-level chases are in
//! `moveto_api`).

use std::sync::Arc;

use ac_dat::Frame;
use ac_motioninterp::{MovementParameters, TargetStatus, WeenieError};
use ac_motiontable::{Resolver, Rules};
use ac_physobj::{ConfigWeenie, ObjectEvent, PartArray, PhysicsObj, Plane, Position, World};
use ac_sequence::{AnimationCache, AnimationSource};
use ac_testkit::synthetic;
use glam::{Quat, Vec3};

const CELL: u32 = 0xA9B4_0021;

fn at(x: f32, y: f32) -> Position {
    Position::new(
        CELL,
        Frame {
            origin: Vec3::new(x, y, 0.0),
            orientation: Quat::IDENTITY,
        },
    )
}

/// A creature on the synthetic humanoid table (its TurnRight turns clockwise), on flat
/// ground, with id `id`; `weenie` false models an object without a game object.
fn creature(id: u32, x: f32, y: f32, weenie: bool) -> PhysicsObj {
    let source: Arc<dyn AnimationSource> = Arc::new(
        synthetic::animations()
            .into_iter()
            .collect::<AnimationCache>(),
    );
    let table = Resolver::new(synthetic::humanoid_table(), Rules::ace());
    let mut o = PhysicsObj::new(
        PartArray::new(source, Some(table), Rules::ace()),
        weenie.then(|| ConfigWeenie {
            run_rate: Some(1.5),
            ..ConfigWeenie::default()
        }),
    );
    o.set_event_logging(true);
    o.set_physics_layer(true);
    o.set_id(id);
    o.set_radius(0.5);
    o.set_height(1.8);
    o.set_position_raw(at(x, y));
    o.set_contact_plane(Plane {
        normal: Vec3::Z,
        d: 0.0,
    });
    assert!(o.set_active(true));
    o
}

fn ready(mut o: PhysicsObj) -> PhysicsObj {
    o.mi_create();
    o.mi_enter_default_state();
    o.take_events();
    o
}

fn completions(o: &mut PhysicsObj) -> Vec<WeenieError> {
    o.drain_move_completions().map(|c| c.status()).collect()
}

#[test]
fn a_motion_that_cancels_move_to_ends_the_move_first() {
    let mut o = ready(creature(1, 100.0, 100.0, true));
    o.move_to_position(&at(100.0, 120.0), MovementParameters::default())
        .expect("the move starts");
    for _ in 0..3 {
        o.slice(0.1);
    }
    assert!(o.is_moving_to());
    o.take_events();
    // DoMotion with CancelMoveTo (the default): cancel_moveto, then the move's cleanup
    // (stop, stop completely, move_complete), then the turn itself.
    o.do_motion(
        ac_motiontable::motion::TURN_LEFT,
        &MovementParameters::default(),
    )
    .expect("turning is allowed");
    let ev = o.take_events();
    let cancel = ev.iter().position(|e| *e == ObjectEvent::CancelMoveTo);
    let done = ev
        .iter()
        .position(|e| *e == ObjectEvent::MoveComplete(WeenieError::ActionCancelled));
    assert!(cancel.is_some() && cancel < done, "{ev:?}");
    assert_eq!(completions(&mut o), vec![WeenieError::ActionCancelled]);
    assert!(!o.is_moving_to());
}

#[test]
fn turn_to_heading_snaps_to_the_heading() {
    let mut o = ready(creature(1, 100.0, 100.0, true));
    o.turn_to_heading(90.0, MovementParameters::default())
        .expect("the turn starts");
    let mut n = 0;
    while o.is_moving_to() && n < 100 {
        o.slice(0.1);
        n += 1;
    }
    assert_eq!(completions(&mut o), vec![WeenieError::None]);
    assert_eq!(o.heading(), 90.0);
}

// ---- Inputs on which ACE throws (the three move-to cases of the reference's crash list).

/// ACE: `PhysicsObj.MoveToPosition` dereferences a missing movement manager. Here the
/// movement manager is created (as the other move-to entry points do) and the move runs.
#[test]
fn move_to_position_without_a_movement_manager_creates_one() {
    let mut o = creature(1, 100.0, 100.0, true);
    o.take_events();
    o.move_to_position(&at(100.0, 103.0), MovementParameters::default())
        .expect("the move starts");
    assert_eq!(o.take_events()[0], ObjectEvent::MakeMovementManager);
    let mut n = 0;
    while o.is_moving_to() && n < 100 {
        o.slice(0.1);
        n += 1;
    }
    assert_eq!(completions(&mut o), vec![WeenieError::None]);
    assert!(o.position().distance(&at(100.0, 103.0)) <= 0.6 + 0.5);
}

/// ACE: a move-to on an interpreter that never entered its default state reads its null
/// state. Here the interpreter refuses the move's motions and the move ends at once with
/// `NoMotionInterpreter`.
#[test]
fn move_to_before_the_default_state_ends_with_no_motion_interpreter() {
    let mut o = creature(1, 100.0, 100.0, true);
    o.mi_create();
    // The request itself is accepted (as in the reference); the move ends at once.
    assert_eq!(
        o.move_to_position(&at(100.0, 110.0), MovementParameters::default()),
        Ok(())
    );
    assert_eq!(completions(&mut o), vec![WeenieError::NoMotionInterpreter]);
    assert!(!o.is_moving_to());
    o.slice(0.1);
    assert!(completions(&mut o).is_empty());
}

/// ACE: the end of a move calls the weenie without a null check. Here an object without a
/// weenie reports the end like any other.
#[test]
fn an_object_without_a_weenie_still_reports_the_end_of_a_move() {
    let mut o = ready(creature(1, 100.0, 100.0, false));
    o.move_to_position(&at(100.0, 100.5), MovementParameters::default())
        .expect("the move starts");
    assert_eq!(completions(&mut o), vec![WeenieError::None]);
    o.move_to_position(&at(100.0, 120.0), MovementParameters::default())
        .expect("the move starts");
    o.cancel_move_to();
    assert_eq!(completions(&mut o), vec![WeenieError::ActionCancelled]);
}

#[test]
fn target_reports_are_throttled_and_follow_the_prediction() {
    let mut w = World::new(Rules::ace());
    let chaser = w
        .insert(ready(creature(1, 100.0, 100.0, true)))
        .expect("rules");
    let target = w.insert(creature(2, 100.0, 140.0, true)).expect("rules");
    w.move_to_object(chaser, target, MovementParameters::default())
        .expect("the move starts");
    // Registered with the target, which answered at once.
    let report = |w: &World| {
        w[chaser]
            .target_manager()
            .and_then(|tm| tm.target().copied())
            .expect("following")
    };
    assert_eq!(report(&w).status, TargetStatus::Ok);
    let first = report(&w).last_update_time;
    // The target moves 0.3 (within the 0.5 radius): no report.
    w.with_object(target, |o| {
        o.set_position_raw(at(100.0, 140.3));
        o.set_update_time(1.0);
        o.handle_targetting();
    });
    assert_eq!(report(&w).last_update_time, first);
    // It moves 2 more: reported.
    w.set_clock(2.0);
    w.with_object(target, |o| {
        o.set_position_raw(at(100.0, 142.3));
        o.handle_targetting();
    });
    let r = report(&w);
    assert_eq!(r.last_update_time, 2.0);
    assert_eq!(r.target_position.map(|p| p.frame.origin.y), Some(142.3));
}
