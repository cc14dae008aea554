//! Steady state matches the table: run speed r·v, run-turn 1.5·w.

use ac_motioninterp::{HoldKey, MovementParameters};

use crate::common::{RUN_V, TURN_RIGHT, TURN_W, WALK_FORWARD, walker};

fn run_params() -> MovementParameters {
    MovementParameters {
        hold_key_to_apply: HoldKey::Run,
        ..MovementParameters::default()
    }
}

#[test]
fn running_moves_at_run_rate_times_cycle_velocity() {
    let r = 1.5f32;
    let mut o = walker(r);
    o.do_motion(WALK_FORWARD, &run_params())
        .expect("motion accepted");
    // Let the links play out.
    for _ in 0..10 {
        o.slice(0.1);
    }
    assert!(o.parts().manager.pending().is_empty(), "links done");
    assert_eq!(o.parts().sequence.velocity().y, r * RUN_V);
    let y0 = o.position().frame.origin.y;
    for _ in 0..20 {
        o.slice(0.1);
    }
    let speed = (o.position().frame.origin.y - y0) / 2.0;
    assert!(
        (speed - r * RUN_V).abs() < 1e-3,
        "speed {speed} vs {}",
        r * RUN_V
    );
    // ACE applies the cycle velocity per animation frame crossed, so single slices alternate
    // (3 or 4 frame boundaries per 0.1 s at 30 fps); two consecutive slices average exactly.
    let a = o.cached_velocity().y;
    o.slice(0.1);
    let b = o.cached_velocity().y;
    assert!(((a + b) / 2.0 - r * RUN_V).abs() < 1e-3, "{a} {b}");
}

fn yaw(o: &ac_physobj::PhysicsObj) -> f64 {
    let q = o.position().frame.orientation;
    2.0 * f64::from(q.z).atan2(f64::from(q.w))
}

#[test]
fn run_turn_turns_at_one_and_a_half_omega() {
    let mut o = walker(1.0);
    o.do_motion(TURN_RIGHT, &run_params())
        .expect("motion accepted");
    for _ in 0..5 {
        o.slice(0.1);
    }
    assert_eq!(o.parts().sequence.omega().z, 1.5 * TURN_W);
    let a0 = yaw(&o);
    for _ in 0..8 {
        o.slice(0.1);
    }
    let mut d = yaw(&o) - a0;
    if d < -std::f64::consts::PI {
        d += 2.0 * std::f64::consts::PI;
    }
    let rate = d / 0.8;
    assert!(
        (rate.abs() - f64::from(1.5 * TURN_W)).abs() < 1e-3,
        "turn rate {rate}"
    );
}
