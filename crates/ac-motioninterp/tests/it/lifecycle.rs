//! Queues in lock-step, default state, exit world, misuse before the default state, and the
//! MovementManager.

use ac_motioninterp::testing::{HostEvent, RecordingHost};
use ac_motioninterp::{
    MotionHost, MotionInterp, MotionInterpError, MovementManager, MovementParameters,
    MovementStruct, MovementType, WeenieError, motion,
};
use ac_motiontable::Rules;

use crate::{setup, speed};

const TWITCH1: u32 = 0x1000_0051;

fn assert_lock_step(mi: &MotionInterp, host: &RecordingHost) {
    assert_eq!(
        mi.pending_motions().unwrap().len(),
        host.table_pending.len(),
        "the two pending queues have the same length"
    );
    assert_eq!(host.animating, !mi.pending_motions().unwrap().is_empty());
}

#[test]
fn enter_default_state_queues_and_reapplies() {
    let mut host = RecordingHost::default();
    let mut mi = MotionInterp::new(Rules::default());
    assert!(mi.raw_state().is_none() && mi.pending_motions().is_none());
    mi.enter_default_state(&mut host);
    assert!(mi.initted());
    assert_eq!(host.events[0], HostEvent::InitializeMotionTables);
    assert!(host.events.contains(&HostEvent::RemoveLinkAnimations));
    // After LeaveGround: style + Ready re-issued (sidestep/turn stops accepted by the double too).
    let motions: Vec<u32> = mi
        .pending_motions()
        .unwrap()
        .iter()
        .map(|n| n.motion)
        .collect();
    assert_eq!(motions[..2], [motion::stance::NON_COMBAT, motion::READY]);
    assert_lock_step(&mi, &host);
}

#[test]
fn two_queues_stay_in_lock_step_through_motions_polls_and_flushes() {
    let (mut mi, mut host) = setup();
    host.num_anims = 1;
    let p = speed(1.0);
    let _ = mi.do_motion(&mut host, motion::WALK_FORWARD, &p);
    let _ = mi.do_motion(&mut host, TWITCH1, &p);
    let _ = mi.stop_motion(&mut host, motion::WALK_FORWARD, &p);
    let _ = mi.stop_completely(&mut host);
    assert_lock_step(&mi, &host);
    // Complete the zero-anim entries enter_default_state left at the head.
    let mvs = MovementStruct::new(MovementType::InterpretedCommand, motion::TURN_RIGHT, p);
    let _ = mi.perform_movement(&mut host, &mvs);
    assert_lock_step(&mi, &host);
    // One animation at a time, routed like an AnimDone hook.
    while !host.table_pending.is_empty() {
        let done = host.animation_done();
        for c in done {
            mi.motion_done(&mut host, c.success).unwrap();
        }
        assert_lock_step(&mi, &host);
    }
    assert!(
        mi.interpreted_state().unwrap().actions.is_empty(),
        "the action completed"
    );
    assert!(host.events.contains(&HostEvent::Unstick));
}

#[test]
fn remove_link_animations_replays_completions_in_ace_order() {
    let (mut mi, mut host) = setup();
    host.num_anims = 2;
    let _ = mi.do_motion(&mut host, TWITCH1, &speed(1.0));
    host.events.clear();
    mi.hit_ground(&mut host);
    assert_eq!(host.events[0], HostEvent::RemoveLinkAnimations);
    // The Twitch completion: motion_done, then the interp's unstick, then the weenie.
    let i = host
        .events
        .iter()
        .position(|e| *e == HostEvent::MotionDone(TWITCH1, false))
        .expect("twitch completed");
    assert_eq!(host.events[i + 1], HostEvent::Unstick);
    assert_eq!(
        host.events[i + 2],
        HostEvent::WeenieMotionDone(TWITCH1, false)
    );
    assert_lock_step(&mi, &host);
}

#[test]
fn exit_world_clears_without_callbacks_and_undoes_actions() {
    let (mut mi, mut host) = setup();
    host.num_anims = 1;
    let _ = mi.do_motion(&mut host, TWITCH1, &speed(1.0));
    host.events.clear();
    mi.handle_exit_world(&mut host).unwrap();
    assert!(mi.pending_motions().unwrap().is_empty());
    assert!(!host.animating);
    assert_eq!(host.events, vec![HostEvent::Unstick]);
    assert!(mi.raw_state().unwrap().actions.is_empty());
}

#[test]
fn use_before_default_state_is_a_clear_error() {
    let mut host = RecordingHost::default();
    let mut mi = MotionInterp::new(Rules::default());
    let p = MovementParameters::default();
    // Motion requests are refused with the reference's "no interpreter" answer.
    let e = Err(WeenieError::NoMotionInterpreter);
    assert_eq!(mi.do_motion(&mut host, motion::WALK_FORWARD, &p), e);
    assert_eq!(mi.jump_is_allowed(&host, 0.5, 0), e);
    assert_eq!(mi.stop_completely(&mut host), e);
    assert_eq!(
        mi.motion_done(&mut host, true),
        Err(MotionInterpError::NotInitialized)
    );
    assert!(host.events.is_empty(), "nothing reached the host");
    // Methods ACE survives stay quiet no-ops.
    mi.apply_current_movement(&mut host, true, true);
    mi.report_exhaustion(&mut host);
    assert!(host.events.is_empty());
    assert!(!mi.motions_pending());
}

#[test]
fn movement_manager_creates_the_interpreter_lazily_and_routes_move_to() {
    let mut host = RecordingHost::default();
    let mut mm = MovementManager::new(Rules::default());
    assert!(mm.interpreter().is_none());
    let mvs = MovementStruct::new(MovementType::RawCommand, motion::WALK_FORWARD, speed(1.0));
    assert_eq!(mm.perform_movement(&mut host, &mvs), Ok(()));
    assert_eq!(host.events[0], HostEvent::SetActive(true));
    let mi = mm.interpreter().expect("created");
    assert!(mi.initted());
    assert_eq!(
        mi.interpreted_state().unwrap().forward_command,
        motion::WALK_FORWARD
    );
    let mvs = MovementStruct::turn_to_heading(speed(1.0));
    assert_eq!(mm.perform_movement(&mut host, &mvs), Ok(()));
    assert!(mm.is_moving_to(), "move-to kinds go to the move-to manager");
    let mvs = MovementStruct::new(MovementType::Invalid, 0, speed(1.0));
    assert_eq!(
        mm.perform_movement(&mut host, &mvs),
        Err(WeenieError::GeneralMovementFailure)
    );
    assert_eq!(mm.motions_pending(), !host.table_pending.is_empty());
    let mut done = Vec::new();
    host.check_for_completed_motions(&mut done);
    assert!(done.is_empty(), "perform_movement already polled");
}

#[test]
fn state_velocity_and_max_speeds() {
    let (mut mi, mut host) = setup();
    mi.set_hold_run(&mut host, 1, false).unwrap();
    let _ = mi.do_motion(&mut host, motion::WALK_FORWARD, &speed(1.0));
    assert_eq!(
        mi.get_state_velocity(&host).unwrap(),
        glam::Vec3::new(0.0, 4.0, 0.0)
    );
    assert_eq!(mi.get_max_speed(&host), 4.0);
    assert_eq!(mi.get_adjusted_max_speed(&host).unwrap(), 4.0);
    let _ = mi.do_motion(&mut host, motion::SIDE_STEP_RIGHT, &speed(1.0));
    let v = mi.get_state_velocity(&host).unwrap();
    assert!(
        (v.length() - 4.0).abs() < 1e-5,
        "capped at RunAnimSpeed × rate"
    );
    assert!(!mi.is_standing_still(&host).unwrap());
    let _ = mi.stop_completely(&mut host);
    assert!(mi.is_standing_still(&host).unwrap());
}
