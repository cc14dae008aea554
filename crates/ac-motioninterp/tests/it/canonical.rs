//! Canonicalisation (adjust_motion) and run promotion (apply_run_to_command).

use ac_motioninterp::testing::{RecordingHost, TestWeenie};
use ac_motioninterp::{HoldKey, MotionInterp, motion};
use ac_motiontable::Fidelity;

use crate::{setup, setup_with, speed};

fn adjust(mi: &MotionInterp, host: &RecordingHost, m: u32, s: f32, hold: HoldKey) -> (u32, f32) {
    let (mut m, mut s) = (m, s);
    mi.adjust_motion(host, &mut m, &mut s, hold).unwrap();
    (m, s)
}

#[test]
fn left_and_backward_variants_collapse_onto_canonical_ids() {
    let (mi, host) = setup();
    let (m, s) = adjust(&mi, &host, motion::WALK_BACKWARDS, 1.0, HoldKey::None);
    assert_eq!(m, motion::WALK_FORWARD);
    assert_eq!(s.to_bits(), (-0.65f32).to_bits());
    assert_eq!(
        adjust(&mi, &host, motion::TURN_LEFT, 1.0, HoldKey::None),
        (motion::TURN_RIGHT, -1.0)
    );
    let (m, s) = adjust(&mi, &host, motion::SIDE_STEP_LEFT, 1.0, HoldKey::None);
    assert_eq!(m, motion::SIDE_STEP_RIGHT);
    assert_eq!(s.to_bits(), 0xBF9F_BE76, "-(0.5 * 3.12/1.25) in f32");
}

#[test]
fn non_creatures_are_not_canonicalised_but_weenieless_objects_are() {
    let host = RecordingHost {
        weenie: Some(TestWeenie {
            creature: false,
            ..TestWeenie::default()
        }),
        ..RecordingHost::default()
    };
    let (mi, host) = setup_with(Fidelity::Ace, host);
    assert_eq!(
        adjust(&mi, &host, motion::TURN_LEFT, 1.0, HoldKey::Run),
        (motion::TURN_LEFT, 1.0)
    );
    let host = RecordingHost {
        weenie: None,
        ..RecordingHost::default()
    };
    let (mi, host) = setup_with(Fidelity::Ace, host);
    assert_eq!(
        adjust(&mi, &host, motion::TURN_LEFT, 1.0, HoldKey::Run),
        (motion::TURN_RIGHT, -1.5)
    );
}

#[test]
fn run_promotes_forward_only_for_positive_speed_and_scales_by_run_rate() {
    let host = RecordingHost {
        weenie: Some(TestWeenie {
            run_rate: Some(2.5),
            ..TestWeenie::default()
        }),
        ..RecordingHost::default()
    };
    let (mi, host) = setup_with(Fidelity::Ace, host);
    assert_eq!(
        adjust(&mi, &host, motion::WALK_FORWARD, 1.0, HoldKey::Run),
        (motion::RUN_FORWARD, 2.5)
    );
    let (m, s) = adjust(&mi, &host, motion::WALK_BACKWARDS, 1.0, HoldKey::Run);
    assert_eq!(
        m,
        motion::WALK_FORWARD,
        "backwards never becomes RunForward"
    );
    assert_eq!(s, -0.65 * 2.5);
    // RunForward itself is returned untouched.
    assert_eq!(
        adjust(&mi, &host, motion::RUN_FORWARD, 1.0, HoldKey::Run),
        (motion::RUN_FORWARD, 1.0)
    );
    // Sidestep: × 1.2479999 × 2.5 = 3.12 → clamped to ±3.
    assert_eq!(
        adjust(&mi, &host, motion::SIDE_STEP_RIGHT, 1.0, HoldKey::Run).1,
        3.0
    );
    assert_eq!(
        adjust(&mi, &host, motion::SIDE_STEP_LEFT, 1.0, HoldKey::Run).1,
        -3.0
    );
}

#[test]
fn declined_run_rate_falls_back_to_my_run_rate_and_no_weenie_uses_one() {
    let (mi, host) = setup();
    assert_eq!(mi.my_run_rate(), 1.0);
    assert_eq!(
        adjust(&mi, &host, motion::WALK_FORWARD, 2.0, HoldKey::Run),
        (motion::RUN_FORWARD, 2.0)
    );
    let host = RecordingHost {
        weenie: None,
        ..RecordingHost::default()
    };
    let (mi, host) = setup_with(Fidelity::Ace, host);
    assert_eq!(
        adjust(&mi, &host, motion::WALK_FORWARD, 1.5, HoldKey::Run),
        (motion::RUN_FORWARD, 1.5)
    );
}

#[test]
fn hold_key_invalid_uses_the_current_hold_key() {
    let (mut mi, mut host) = setup();
    mi.set_hold_run(&mut host, 1, false).unwrap();
    assert_eq!(mi.raw_state().unwrap().current_hold_key, HoldKey::Run);
    assert_eq!(
        adjust(&mi, &host, motion::WALK_FORWARD, 1.0, HoldKey::Invalid).0,
        motion::RUN_FORWARD
    );
    assert_eq!(
        adjust(&mi, &host, motion::WALK_FORWARD, 1.0, HoldKey::None).0,
        motion::WALK_FORWARD
    );
}

#[test]
fn do_motion_keeps_raw_ids_and_stores_canonical_interpreted_ones() {
    let (mut mi, mut host) = setup();
    let r = mi.do_motion(&mut host, motion::TURN_LEFT, &speed(1.0));
    assert_eq!(r, Ok(()));
    assert_eq!(mi.raw_state().unwrap().turn_command, motion::TURN_LEFT);
    let s = mi.interpreted_state().unwrap();
    assert_eq!((s.turn_command, s.turn_speed), (motion::TURN_RIGHT, -1.0));
}

#[test]
fn releasing_run_through_set_hold_key_reapplies_but_setting_run_does_not_in_ace() {
    let (mut mi, mut host) = setup();
    mi.set_hold_key(&mut host, HoldKey::Run, false).unwrap();
    assert_eq!(
        mi.raw_state().unwrap().current_hold_key,
        HoldKey::None,
        "ACE ignores Run"
    );
    let (mut mi, mut host) = setup_with(Fidelity::Retail, RecordingHost::default());
    mi.set_hold_key(&mut host, HoldKey::Run, false).unwrap();
    assert_eq!(
        mi.raw_state().unwrap().current_hold_key,
        HoldKey::Run,
        "retail: quirk hold-key-run"
    );
    assert!(!host.events.is_empty(), "retail re-applies the movement");
    host.events.clear();
    mi.set_hold_key(&mut host, HoldKey::None, false).unwrap();
    assert_eq!(mi.raw_state().unwrap().current_hold_key, HoldKey::None);
    assert!(!host.events.is_empty());
}

#[test]
fn raw_set_state_substitutes_zero_defaults() {
    let mut raw = ac_motioninterp::RawMotionState::default();
    let wire = ac_motioninterp::RawMotionState {
        current_style: 0,
        forward_command: 0,
        forward_speed: 0.0,
        sidestep_command: motion::SIDE_STEP_LEFT,
        sidestep_speed: 2.0,
        turn_speed: 0.0,
        current_hold_key: HoldKey::Run,
        ..ac_motioninterp::RawMotionState::default()
    };
    raw.set_state(&wire);
    assert_eq!(raw.current_style, motion::stance::NON_COMBAT);
    assert_eq!(raw.forward_command, motion::READY);
    assert_eq!(
        (raw.forward_speed, raw.sidestep_speed, raw.turn_speed),
        (1.0, 2.0, 1.0)
    );
    assert_eq!(raw.sidestep_command, motion::SIDE_STEP_LEFT);
    assert_eq!(raw.current_hold_key, HoldKey::Run);
}

#[test]
fn debug_of_the_states_names_the_motions() {
    let raw = format!("{:?}", ac_motioninterp::RawMotionState::default());
    assert!(
        raw.contains("current_style: NonCombat(0x8000003D)"),
        "{raw}"
    );
    assert!(raw.contains("forward_command: Ready(0x41000003)"), "{raw}");
    assert!(raw.contains("turn_command: Invalid(0x00000000)"), "{raw}");
    let interpreted = format!("{:?}", ac_motioninterp::InterpretedMotionState::default());
    assert!(
        interpreted.contains("forward_command: Ready(0x41000003)"),
        "{interpreted}"
    );
}

#[test]
fn left_turns_and_sidesteps_land_in_the_forward_slot() {
    // Quirk `left-variants-forward-slot`: only TurnRight and SideStepRight have slots of their
    // own, so a left variant that was not canonicalised is stored as the forward motion.
    let mut s = ac_motioninterp::InterpretedMotionState::default();
    s.apply_motion(motion::TURN_LEFT, &speed(0.5));
    assert_eq!(
        (s.forward_command, s.forward_speed),
        (motion::TURN_LEFT, 0.5)
    );
    assert_eq!(s.turn_command, 0);
    s.apply_motion(motion::SIDE_STEP_LEFT, &speed(1.0));
    assert_eq!(s.forward_command, motion::SIDE_STEP_LEFT);
    assert_eq!(s.sidestep_command, 0);
    s.remove_motion(motion::SIDE_STEP_LEFT);
    assert_eq!((s.forward_command, s.forward_speed), (motion::READY, 1.0));
    // A style resets the forward slot even when it does not change.
    s.apply_motion(motion::WALK_FORWARD, &speed(1.0));
    s.apply_motion(s.current_style, &speed(1.0));
    assert_eq!(s.forward_command, motion::READY);
}
