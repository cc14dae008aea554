//! Jump predicates and error codes.

use ac_motioninterp::testing::{HostEvent, RecordingHost, TestWeenie};
use ac_motioninterp::{WeenieError, motion};
use ac_motiontable::Fidelity;

use crate::{setup, setup_with, speed};

#[test]
fn jump_error_codes() {
    let (mut mi, mut host) = setup();
    // The default test weenie has cost 1: allowed.
    assert_eq!(
        WeenieError::from_result(mi.jump_is_allowed(&host, 0.5, 0)),
        WeenieError::None
    );
    host.weenie.as_mut().unwrap().jump_stamina_cost = 0.0;
    assert_eq!(
        WeenieError::from_result(mi.jump_is_allowed(&host, 0.5, 0)),
        WeenieError::GeneralMovementFailure,
        "quirk zero-stamina-jump: a zero stamina cost refuses"
    );
    host.weenie.as_mut().unwrap().jump_stamina_cost = 1.0;
    host.weenie.as_mut().unwrap().can_jump = false;
    assert_eq!(
        WeenieError::from_result(mi.jump_is_allowed(&host, 0.5, 0)),
        WeenieError::CantJumpLoadedDown
    );
    host.weenie.as_mut().unwrap().can_jump = true;
    host.constrained = true;
    assert_eq!(
        WeenieError::from_result(mi.jump_is_allowed(&host, 0.5, 0)),
        WeenieError::GeneralMovementFailure
    );
    host.constrained = false;
    host.walkable = false;
    assert_eq!(
        WeenieError::from_result(mi.jump_is_allowed(&host, 0.5, 0)),
        WeenieError::YouCantJumpWhileInTheAir
    );
    host.walkable = true;
    let _ = mi.do_motion(&mut host, motion::CROUCH, &speed(1.0));
    assert_eq!(
        WeenieError::from_result(mi.jump_is_allowed(&host, 0.5, 0)),
        WeenieError::YouCantJumpFromThisPosition
    );
}

#[test]
fn predicate_ranges_and_their_retail_variants() {
    let (mi, _) = setup();
    let blocked = WeenieError::YouCantJumpFromThisPosition;
    for m in [
        0x4000_0016,
        0x1000_0128,
        0x1000_0078,
        motion::SLEEPING,
        0x4000_0039,
        motion::FALLING,
    ] {
        assert_eq!(mi.motion_allows_jump(m), blocked, "{m:#x}");
    }
    for m in [motion::READY, motion::FALLEN, 0x4000_0019, 0x1000_0132] {
        assert_eq!(mi.motion_allows_jump(m), WeenieError::None, "{m:#x}");
    }
    let (rmi, _) = setup_with(Fidelity::Retail, RecordingHost::default());
    assert_eq!(
        rmi.motion_allows_jump(motion::FALLEN),
        blocked,
        "retail: quirk jump-blocked-fall"
    );
    assert_eq!(rmi.motion_allows_jump(motion::FALLING), WeenieError::None);
}

#[test]
fn charge_jump_boundaries_differ_from_jump_charge_is_allowed_odd14() {
    let host = RecordingHost {
        contact: false,
        ..RecordingHost::default()
    };
    let (mut mi, mut host) = setup_with(Fidelity::Ace, host);
    // Airborne: Sleeping is allowed to set the state only.
    let _ = WeenieError::from_result(mi.do_interpreted_motion(
        &mut host,
        motion::SLEEPING,
        &speed(1.0),
    ));
    assert_eq!(mi.charge_jump(&host), Ok(()), "ACE: Sleeping excluded");
    assert_eq!(
        WeenieError::from_result(mi.jump_charge_is_allowed(&host)),
        WeenieError::YouCantJumpFromThisPosition
    );
    let _ =
        WeenieError::from_result(mi.do_interpreted_motion(&mut host, motion::FALLING, &speed(1.0)));
    assert_eq!(
        mi.charge_jump(&host),
        Err(WeenieError::YouCantJumpFromThisPosition)
    );
    host.weenie.as_mut().unwrap().can_jump = false;
    assert_eq!(mi.charge_jump(&host), Err(WeenieError::CantJumpLoadedDown));
}

#[test]
fn charge_while_standing_starts_a_standing_long_jump() {
    let (mut mi, mut host) = setup();
    assert_eq!(mi.charge_jump(&host), Ok(()));
    assert!(mi.standing_long_jump());
    host.events.clear();
    // Forward input is swallowed into the state.
    let _ = mi.do_interpreted_motion(&mut host, motion::WALK_FORWARD, &speed(1.0));
    assert!(host.events.is_empty());
    assert_eq!(
        mi.interpreted_state().unwrap().forward_command,
        motion::WALK_FORWARD
    );
}

#[test]
fn successful_jump_leaves_the_ground_with_the_weenie_velocity() {
    let host = RecordingHost {
        weenie: Some(TestWeenie {
            jump_velocity: Some(6.0),
            ..TestWeenie::default()
        }),
        ..RecordingHost::default()
    };
    let (mut mi, mut host) = setup_with(Fidelity::Ace, host);
    assert_eq!(
        WeenieError::from_result(mi.jump(&mut host, 0.5, 0)),
        WeenieError::None
    );
    assert_eq!(host.events[0], HostEvent::CancelMoveTo);
    assert_eq!(host.events[1], HostEvent::SetOnWalkable(false));
    assert_eq!(
        host.events[2],
        HostEvent::SetVelocity(glam::Vec3::new(0.0, 0.0, 6.0))
    );
    assert_eq!(mi.jump_extent(), 0.0, "LeaveGround resets the extent");
    // Airborne now: the forward axis is driven to Falling.
    assert!(host.events.contains(&HostEvent::DoMotion(
        motion::FALLING,
        1.0,
        WeenieError::None
    )));
}

#[test]
fn no_weenie_jumps_at_ten_and_skips_the_ground_check_in_ace_only() {
    let host = RecordingHost {
        weenie: None,
        walkable: false,
        constrained: true,
        ..RecordingHost::default()
    };
    let (mi, host) = setup_with(Fidelity::Ace, host);
    // The gate passes airborne (no weenie), so the constraint check answers.
    assert_eq!(
        WeenieError::from_result(mi.jump_is_allowed(&host, 0.5, 0)),
        WeenieError::GeneralMovementFailure
    );
    let (rmi, rhost) = setup_with(Fidelity::Retail, host.clone());
    assert_eq!(
        WeenieError::from_result(rmi.jump_is_allowed(&rhost, 0.5, 0)),
        WeenieError::YouCantJumpWhileInTheAir,
        "retail: quirk jump-gate-no-weenie"
    );
    let (mut mi, mut host) = setup_with(
        Fidelity::Ace,
        RecordingHost {
            weenie: None,
            ..RecordingHost::default()
        },
    );
    let _ = mi.jump(&mut host, 2.0, 0);
    assert!(
        host.events
            .contains(&HostEvent::SetVelocity(glam::Vec3::new(0.0, 0.0, 10.0)))
    );
}

#[test]
fn head_pending_jump_error_applies_only_with_more_than_one_entry_in_ace() {
    let (mut mi, mut host) = setup();
    host.num_anims = 1;
    let mut p = speed(1.0);
    p.set_disable_jump_during_link(true);
    let _ = mi.do_interpreted_motion(&mut host, motion::WALK_FORWARD, &p);
    // Queue: [style Ready entries from enter_default_state completed?] — find the state.
    let pending = mi.pending_motions().unwrap().clone();
    assert!(pending.len() > 1);
    let head = pending.front().unwrap();
    if head.jump_error_code != WeenieError::None {
        assert_eq!(
            WeenieError::from_result(mi.jump_is_allowed(&host, 0.5, 0)),
            head.jump_error_code
        );
    }
    // Drain to a single entry holding the error.
    let mut done = Vec::new();
    ac_motioninterp::MotionHost::remove_link_animations(&mut host, &mut done);
    for c in &done {
        mi.motion_done(&mut host, c.success).unwrap();
    }
    assert!(mi.pending_motions().unwrap().is_empty());
    let _ = mi.do_interpreted_motion(&mut host, motion::WALK_FORWARD, &p);
    assert_eq!(mi.pending_motions().unwrap().len(), 1);
    assert_eq!(
        WeenieError::from_result(mi.jump_is_allowed(&host, 0.5, 0)),
        WeenieError::None,
        "count 1: ignored"
    );
    let _ = mi.do_interpreted_motion(&mut host, motion::TURN_RIGHT, &p);
    assert_eq!(
        WeenieError::from_result(mi.jump_is_allowed(&host, 0.5, 0)),
        WeenieError::YouCantJumpFromThisPosition
    );
}
