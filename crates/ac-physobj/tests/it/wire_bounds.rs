//! The apply layer holds the numbers a message carries to the user API's bounds
//! (`MAX_SPEED`, `MAX_HEADING`, `MAX_COORDINATE`): a value that is not finite is
//! `NotFinite`, one beyond its bound `OutOfRange`, and either is refused before anything
//! changes. Each case takes a recorded message, changes one number, and applies it to a fresh
//! object.

use std::sync::Arc;

use ac_motioninterp::wire::{Movement, MovementData};
use ac_physobj::apply::{ApplyError, NoTargets, Stamp};
use ac_physobj::prelude::*;
use ac_physobj::wire::{GameAction, Message, UpdateMotion};
use ac_physobj::{MAX_COORDINATE, MAX_HEADING};
use ac_testkit::synthetic;

use crate::realdata::session;
use crate::wire_apply::states;

fn fresh() -> PhysicsObj {
    let anims: AnimationCache = synthetic::animations().into_iter().collect();
    PhysicsObj::builder()
        .motion_table(synthetic::humanoid_table())
        .animations(Arc::new(anims))
        .weenie(ConfigWeenie::default())
        .build()
}

/// Everything the session sent, decoded.
fn messages(name: &str) -> Vec<Message> {
    session(name).iter().map(|r| r.message()).collect()
}

/// The first UpdateMotion of the sessions whose movement `pick` accepts.
fn update_motion(pick: impl Fn(&Movement) -> bool) -> UpdateMotion {
    ["combat-mode-while-moving", "first-login-walk-jump"]
        .into_iter()
        .flat_map(messages)
        .find_map(|m| match m {
            Message::UpdateMotion(u) if pick(&u.data.movement) => Some(u),
            _ => None,
        })
        .expect("the sessions hold such a movement")
}

/// Applies `m` after `change` to a fresh object (its targets all known, at the origin) and
/// checks that the object took nothing: no stamp, no motion state, no move.
fn refused(m: &UpdateMotion, change: impl FnOnce(&mut MovementData)) -> ApplyError {
    let mut m = m.clone();
    change(&mut m.data);
    let mut obj = fresh();
    let before = states(&obj);
    let target = fresh();
    let known = |_: u32| Some(target.as_target());
    let err = obj
        .apply_update_motion(&m, &known)
        .expect_err("out of bounds");
    assert_eq!(obj.update_times()[Stamp::Movement], 0, "no stamp taken");
    assert!(!obj.is_moving_to());
    assert_eq!(states(&obj), before, "no motion state taken");
    err
}

#[test]
fn interpreted_speeds_beyond_max_speed_are_refused() {
    let m = update_motion(|mv| matches!(mv, Movement::InterpretedState { .. }));
    let set = |v: f32| {
        move |md: &mut MovementData| {
            if let Movement::InterpretedState { state, .. } = &mut md.movement {
                state.state.forward_speed = v;
            }
        }
    };
    let speed = ApplyError::OutOfRange("InterpretedMotionState speed");
    assert_eq!(refused(&m, set(MAX_SPEED * 2.0)), speed);
    assert_eq!(refused(&m, set(-f32::MAX)), speed);
    assert_eq!(
        refused(&m, set(f32::INFINITY)),
        ApplyError::NotFinite("InterpretedMotionState speed")
    );
    // The bound itself is a speed.
    let mut ok = m.clone();
    set(MAX_SPEED)(&mut ok.data);
    assert!(fresh().apply_update_motion(&ok, &NoTargets).is_ok());
}

#[test]
fn move_to_speeds_run_rates_headings_and_distances_are_bounded() {
    let m = update_motion(|mv| matches!(mv, Movement::MoveToObject { .. }));
    let cases: [(Change, ApplyError); 5] = [
        (
            |md| with_move_to(md, |p, _| p.speed = 1e9),
            ApplyError::OutOfRange("MoveToParameters.speed"),
        ),
        (
            |md| with_move_to(md, |_, rate| *rate = f32::INFINITY),
            ApplyError::NotFinite("MoveToObject/MoveToPosition run_rate"),
        ),
        (
            |md| with_move_to(md, |_, rate| *rate = MAX_SPEED + 1.0),
            ApplyError::OutOfRange("MoveToObject/MoveToPosition run_rate"),
        ),
        (
            |md| with_move_to(md, |p, _| p.desired_heading = MAX_HEADING * 3.0),
            ApplyError::OutOfRange("MoveToParameters.desired_heading"),
        ),
        (
            |md| with_move_to(md, |p, _| p.min_distance = MAX_COORDINATE * 10.0),
            ApplyError::OutOfRange("MoveToParameters distance"),
        ),
    ];
    for (change, expected) in cases {
        assert_eq!(refused(&m, change), expected);
    }
    // "Never give up" stays allowed.
    let mut ok = m.clone();
    with_move_to(&mut ok.data, |p, _| p.fail_distance = f32::INFINITY);
    let target = fresh();
    assert!(
        fresh()
            .apply_update_motion(&ok, &|_: u32| Some(target.as_target()))
            .is_ok()
    );
}

/// One change to a recorded movement.
type Change = fn(&mut MovementData);

fn with_move_to(
    md: &mut MovementData,
    f: impl FnOnce(&mut ac_motioninterp::wire::MoveToParameters, &mut f32),
) {
    if let Movement::MoveToObject {
        params, run_rate, ..
    } = &mut md.movement
    {
        f(params, run_rate);
    }
}

#[test]
fn positions_beyond_max_coordinate_are_refused_before_any_stamp() {
    let all = messages("combat-mode-while-moving");
    let mut u = all
        .iter()
        .find_map(|m| match m {
            Message::UpdatePosition(u) => Some(u.clone()),
            _ => None,
        })
        .expect("the session moves objects");
    u.position.frame.origin.y = -MAX_COORDINATE * 2.0;
    let mut obj = fresh();
    let before = *obj.position();
    assert_eq!(
        obj.apply_update_position(&u),
        Err(ApplyError::OutOfRange("UpdatePosition.position"))
    );
    assert_eq!(obj.update_times()[Stamp::Position], 0);
    assert_eq!(obj.position(), &before);
}

#[test]
fn client_actions_out_of_bounds_are_refused() {
    let all = messages("first-login-walk-jump");
    let action = |name: &str| {
        all.iter()
            .find_map(|m| match m {
                Message::GameAction { action, .. } if action.name() == name => Some(action.clone()),
                _ => None,
            })
            .expect("the session has the action")
    };
    let GameAction::Jump(jump) = action("Jump") else {
        unreachable!()
    };
    let mut obj = fresh();
    for (extent, expected) in [
        (1.5, ApplyError::OutOfRange("Jump.extent")),
        (-0.25, ApplyError::OutOfRange("Jump.extent")),
        (f32::NAN, ApplyError::NotFinite("Jump.extent")),
    ] {
        let bad = ac_physobj::wire::Jump {
            extent,
            ..jump.clone()
        };
        assert_eq!(obj.apply_jump(&bad), Err(expected));
    }
    let mut fast = jump.clone();
    fast.velocity.z = 1e6;
    assert_eq!(
        obj.apply_jump(&fast),
        Err(ApplyError::OutOfRange("Jump.velocity"))
    );
    assert_eq!(obj.velocity(), Vec3::ZERO, "no jump taken");

    let GameAction::MoveToState(mut m) = action("MoveToState") else {
        unreachable!()
    };
    m.raw.state.turn_speed = 1e5;
    let before = states(&obj);
    assert_eq!(
        obj.apply_move_to_state(&m),
        Err(ApplyError::OutOfRange("RawMotionState speed"))
    );
    assert_eq!(states(&obj), before, "no motion state taken");
}
