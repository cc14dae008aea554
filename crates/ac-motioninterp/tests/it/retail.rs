//! The `Fidelity::Retail` switches of the interpreter (docs/quirks.md), each against ACE.

use ac_motioninterp::testing::{RecordingHost, TestWeenie};
use ac_motioninterp::{ActionNode, InterpretedMotionState, WeenieError, motion};
use ac_motiontable::Fidelity;

use crate::{setup_with, speed};

const TWITCH1: u32 = 0x1000_0051;

fn both(host: RecordingHost) -> [(ac_motioninterp::MotionInterp, RecordingHost); 2] {
    [
        setup_with(Fidelity::Ace, host.clone()),
        setup_with(Fidelity::Retail, host),
    ]
}

#[test]
fn o8_do_motion_copies_every_parameter_in_retail() {
    let mut p = speed(1.0);
    p.context_id = 9;
    p.action_stamp = 4;
    let [(mut ace, mut ah), (mut ret, mut rh)] = both(RecordingHost {
        num_anims: 1,
        ..RecordingHost::default()
    });
    let _ = ace.do_motion(&mut ah, TWITCH1, &p);
    let _ = ret.do_motion(&mut rh, TWITCH1, &p);
    let last = |mi: &ac_motioninterp::MotionInterp| mi.pending_motions().unwrap().back().unwrap();
    assert_eq!(
        last(&ace).context_id,
        0,
        "ACE CopySome drops the context (quirk motion-params-copy)"
    );
    assert_eq!(last(&ret).context_id, 9);
    assert_eq!(ace.interpreted_state().unwrap().actions[0].stamp, 0);
    assert_eq!(ret.interpreted_state().unwrap().actions[0].stamp, 4);
}

#[test]
fn o5_raw_path_only_for_the_local_player_in_retail() {
    // An autonomous creature that is not the player: ACE re-applies from the raw state,
    // retail from the interpreted state.
    let host = RecordingHost {
        autonomous: true,
        ..RecordingHost::default()
    };
    let [(mut ace, mut ah), (mut ret, mut rh)] = both(host);
    for (mi, h) in [(&mut ace, &mut ah), (&mut ret, &mut rh)] {
        let _ = mi.do_motion(h, motion::WALK_FORWARD, &speed(1.0));
        // Make the interpreted forward differ from the raw one.
        let _ = mi.do_interpreted_motion(h, motion::READY, &speed(1.0));
        mi.apply_current_movement(h, false, true);
    }
    assert_eq!(
        ace.interpreted_state().unwrap().forward_command,
        motion::WALK_FORWARD
    );
    assert_eq!(
        ret.interpreted_state().unwrap().forward_command,
        motion::READY
    );
}

#[test]
fn o7_report_exhaustion_keeps_jumping_allowed_in_retail() {
    let [(mut ace, mut ah), (mut ret, mut rh)] = both(RecordingHost::default());
    for (mi, h) in [(&mut ace, &mut ah), (&mut ret, &mut rh)] {
        mi.report_exhaustion(h);
    }
    // The re-issued style entry (the turn stop's Ready entry never carries an error).
    let je = |mi: &ac_motioninterp::MotionInterp| {
        mi.pending_motions()
            .unwrap()
            .iter()
            .rev()
            .find(|n| n.motion == motion::stance::NON_COMBAT)
            .unwrap()
            .jump_error_code
    };
    assert_eq!(je(&ace), WeenieError::YouCantJumpFromThisPosition);
    assert_eq!(je(&ret), WeenieError::None);
}

#[test]
fn o18_state_velocity_cap_without_weenie() {
    let host = RecordingHost {
        weenie: None,
        ..RecordingHost::default()
    };
    let [(mut ace, mut ah), (mut ret, mut rh)] = both(host);
    for (mi, h) in [(&mut ace, &mut ah), (&mut ret, &mut rh)] {
        mi.set_hold_run(h, 1, false).unwrap();
        let _ = mi.do_motion(h, motion::WALK_FORWARD, &speed(2.0));
        // Re-applying stores the run speed as MyRunRate (2.0).
        mi.apply_interpreted_movement(h, false, true).unwrap();
        assert_eq!(mi.my_run_rate(), 2.0);
    }
    assert_eq!(
        ace.get_state_velocity(&ah).unwrap().y,
        8.0,
        "cap 4 × MyRunRate"
    );
    assert_eq!(ret.get_state_velocity(&rh).unwrap().y, 4.0, "cap 4 × 1");
}

#[test]
fn o21_enter_default_state_keeps_old_entries_in_retail() {
    let [(mut ace, mut ah), (mut ret, mut rh)] = both(RecordingHost {
        num_anims: 1,
        ..RecordingHost::default()
    });
    for (mi, h) in [(&mut ace, &mut ah), (&mut ret, &mut rh)] {
        let _ = mi.do_motion(h, motion::WALK_FORWARD, &speed(1.0));
        // Keep the table queue from draining the entries back out.
        h.gravity = false;
        mi.enter_default_state(h);
    }
    assert_eq!(ace.pending_motions().unwrap().len(), 1);
    assert!(ret.pending_motions().unwrap().len() > 1);
}

#[test]
fn o6_and_item9_action_replay_filter_and_stamp_masks() {
    let host = RecordingHost {
        weenie: Some(TestWeenie {
            the_player: true,
            ..TestWeenie::default()
        }),
        num_anims: 1,
        ..RecordingHost::default()
    };
    let target = InterpretedMotionState {
        actions: vec![
            ActionNode {
                action: TWITCH1,
                speed: 1.0,
                stamp: 1,
                autonomous: true,
            },
            ActionNode {
                action: TWITCH1,
                speed: 1.0,
                stamp: 2,
                autonomous: false,
            },
        ]
        .into(),
        ..InterpretedMotionState::default()
    };
    let [(mut ace, mut ah), (mut ret, mut rh)] = both(host);
    assert!(ace.move_to_interpreted_state(&mut ah, &target).unwrap());
    assert!(ret.move_to_interpreted_state(&mut rh, &target).unwrap());
    // ACE: a creature replays both; retail: the local player skips its own autonomous one.
    assert_eq!(ace.interpreted_state().unwrap().num_actions(), 2);
    assert_eq!(ret.interpreted_state().unwrap().num_actions(), 1);
    assert_eq!(ace.server_action_stamp(), 2);
    assert_eq!(ret.server_action_stamp(), 2);
    // A stamp that is older than the server's is not replayed.
    let older = InterpretedMotionState {
        actions: vec![ActionNode {
            action: TWITCH1,
            speed: 1.0,
            stamp: 1,
            autonomous: false,
        }]
        .into(),
        ..InterpretedMotionState::default()
    };
    ace.move_to_interpreted_state(&mut ah, &older).unwrap();
    assert_eq!(ace.interpreted_state().unwrap().num_actions(), 2);
}

#[test]
fn action_stamp_mask_keeps_19_server_bits_in_ace_and_15_in_retail() {
    // Quirk `action-stamp-mask`: after a server action stamped 0x8005 (bit 15 set), an action
    // stamped 4 is newer in ACE (0x8005 under the 19-bit mask is far ahead, so the wrap test
    // flips) and older in retail (both masked to 15 bits: 5 > 4).
    let host = RecordingHost {
        num_anims: 1,
        ..RecordingHost::default()
    };
    let state = |stamp| InterpretedMotionState {
        actions: vec![ActionNode {
            action: TWITCH1,
            speed: 1.0,
            stamp,
            autonomous: false,
        }]
        .into(),
        ..InterpretedMotionState::default()
    };
    let [(mut ace, mut ah), (mut ret, mut rh)] = both(host);
    for (mi, h) in [(&mut ace, &mut ah), (&mut ret, &mut rh)] {
        assert!(mi.move_to_interpreted_state(h, &state(0x8005)).unwrap());
        assert_eq!(mi.server_action_stamp(), 0x8005);
        assert!(mi.move_to_interpreted_state(h, &state(4)).unwrap());
    }
    assert_eq!(ace.interpreted_state().unwrap().num_actions(), 2);
    assert_eq!(ace.server_action_stamp(), 4);
    assert_eq!(ret.interpreted_state().unwrap().num_actions(), 1);
    assert_eq!(ret.server_action_stamp(), 0x8005);
}
