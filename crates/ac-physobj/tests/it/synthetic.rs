//! The synthetic humanoid moves an object the way the retail tables do: locomotion speed comes
//! from the cycles' MotionData velocity alone (not from pos frames as well), and a turn while
//! running overlays the run instead of replacing it.

use std::sync::Arc;

use ac_dat::Frame;
use ac_motioninterp::motion::{RUN_FORWARD, TURN_RIGHT, WALK_FORWARD};
use ac_motioninterp::{HoldKey, MovementParameters, WALK_ANIM_SPEED};
use ac_motiontable::{Resolver, Rules};
use ac_physobj::{ConfigWeenie, PartArray, PhysicsObj, Plane, Position};
use ac_sequence::{AnimationCache, AnimationSource};
use ac_testkit::synthetic;
use glam::{Quat, Vec3};

const DT: f64 = 1.0 / 30.0;

/// The synthetic humanoid on flat ground at the origin of a landblock, in its default state.
fn humanoid(run_rate: f32) -> PhysicsObj {
    let source: Arc<dyn AnimationSource> = Arc::new(
        synthetic::animations()
            .into_iter()
            .collect::<AnimationCache>(),
    );
    let mut o = PhysicsObj::new(
        PartArray::new(
            source,
            Some(Resolver::new(synthetic::humanoid_table(), Rules::default())),
            Rules::default(),
        ),
        Some(ConfigWeenie {
            run_rate: Some(run_rate),
            ..ConfigWeenie::default()
        }),
    );
    o.set_physics_layer(true);
    o.set_event_logging(false);
    o.set_position_raw(Position::new(
        0xA9B4_0021,
        Frame {
            origin: Vec3::new(10.0, 10.0, 0.0),
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

fn run_for(o: &mut PhysicsObj, seconds: f64) {
    for _ in 0..(seconds / DT).round() as usize {
        o.slice(DT);
    }
}

/// Metres covered in `seconds` of ticks at 30 Hz.
fn distance_over(o: &mut PhysicsObj, seconds: f64) -> f32 {
    let start = o.position().frame.origin;
    run_for(o, seconds);
    (o.position().frame.origin - start).length()
}

#[test]
fn a_walker_moves_at_the_walk_cycle_velocity() {
    let mut o = humanoid(1.0);
    o.do_motion(WALK_FORWARD, &MovementParameters::default())
        .expect("walking is allowed");
    run_for(&mut o, 1.0); // past the Ready->Walk link
    let speed = distance_over(&mut o, 2.0) / 2.0;
    // The walk cycle's velocity is WalkAnimSpeed (3.12 m/s); with root motion in the pos
    // frames as well the walker would cover twice that.
    assert!(
        (speed - WALK_ANIM_SPEED).abs() < 0.01,
        "walk speed {speed} m/s, expected {WALK_ANIM_SPEED}"
    );
}

#[test]
fn turning_while_running_keeps_running() {
    let mut o = humanoid(1.5);
    let run = MovementParameters {
        hold_key_to_apply: HoldKey::Run,
        ..MovementParameters::default()
    };
    o.do_motion(WALK_FORWARD, &run).expect("running is allowed");
    run_for(&mut o, 1.0);
    let heading = o.heading();
    o.do_motion(TURN_RIGHT, &run).expect("turning is allowed");
    let covered = distance_over(&mut o, 1.0);
    let state = o
        .minterp()
        .and_then(|mi| mi.interpreted_state())
        .expect("interpreter state");
    assert_eq!(state.forward_command, RUN_FORWARD, "still running");
    assert_eq!(state.turn_command, TURN_RIGHT);
    assert_ne!(o.heading(), heading, "turned");
    // Running (4 m/s × run rate 1.5) along an arc, not turning in place.
    assert!(covered > 4.0, "covered {covered} m in 1 s of turning");
}
