//! `apply_client_raw_state`: ACE's server handling of a client's raw motion state.

use ac_motioninterp::testing::{RecordingHost, TestWeenie};
use ac_motioninterp::{HoldKey, MotionInterp, MotionInterpError, RawMotionState, motion};
use ac_motiontable::{Fidelity, Rules};

use crate::setup_with;

fn running_host(rate: f32) -> RecordingHost {
    RecordingHost {
        weenie: Some(TestWeenie {
            run_rate: Some(rate),
            ..TestWeenie::default()
        }),
        ..RecordingHost::default()
    }
}

fn keys(forward: u32, sidestep: u32, turn: u32) -> RawMotionState {
    RawMotionState {
        current_hold_key: HoldKey::Run,
        forward_command: forward,
        sidestep_command: sidestep,
        turn_command: turn,
        ..RawMotionState::default()
    }
}

#[test]
fn the_raw_state_is_copied_whole_and_canonicalised() {
    let (mut mi, mut host) = setup_with(Fidelity::Ace, running_host(2.5));
    let raw = keys(motion::WALK_BACKWARDS, 0, motion::TURN_LEFT);
    mi.apply_client_raw_state(&mut host, &raw, false).unwrap();
    let s = mi.interpreted_state().unwrap();
    assert_eq!(s.forward_command, motion::WALK_FORWARD);
    assert_eq!(s.forward_speed, -0.65 * 2.5);
    assert_eq!((s.turn_command, s.turn_speed), (motion::TURN_RIGHT, -1.5));
    // Copied whole: the hold keys came along, and zero speeds / forward 0 took defaults.
    let raw_now = mi.raw_state().unwrap();
    assert_eq!(raw_now.current_hold_key, HoldKey::Run);
    let zeros = RawMotionState {
        forward_command: 0,
        forward_speed: 0.0,
        ..raw
    };
    mi.apply_client_raw_state(&mut host, &zeros, false).unwrap();
    assert_eq!(mi.raw_state().unwrap().forward_command, motion::READY);
    assert_eq!(mi.raw_state().unwrap().forward_speed, 1.0);
}

#[test]
fn a_standing_long_jump_keeps_the_player_in_place() {
    let (mut mi, mut host) = setup_with(Fidelity::Ace, running_host(2.5));
    let raw = keys(
        motion::WALK_FORWARD,
        motion::SIDE_STEP_LEFT,
        motion::TURN_RIGHT,
    );
    mi.apply_client_raw_state(&mut host, &raw, true).unwrap();
    let s = mi.interpreted_state().unwrap();
    assert_eq!(s.forward_command, motion::READY);
    assert_eq!(s.sidestep_command, 0);
    assert_eq!(
        s.turn_command,
        motion::TURN_RIGHT,
        "turning is still allowed"
    );
    mi.apply_client_raw_state(&mut host, &raw, false).unwrap();
    let s = mi.interpreted_state().unwrap();
    assert_eq!(s.forward_command, motion::RUN_FORWARD);
    assert_eq!(s.sidestep_command, motion::SIDE_STEP_RIGHT);
}

#[test]
fn refused_before_the_default_state() {
    let mut host = RecordingHost::default();
    let mut mi = MotionInterp::new(Rules::default());
    let r = mi.apply_client_raw_state(&mut host, &RawMotionState::default(), false);
    assert_eq!(r, Err(MotionInterpError::NotInitialized));
    assert!(host.events.is_empty());
}
