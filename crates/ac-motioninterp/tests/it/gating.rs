//! Combat-stance refusals, the action cap and contact gating.

use ac_motioninterp::testing::HostEvent;
use ac_motioninterp::{WeenieError, motion};

use crate::{setup, speed};

const SWORD_COMBAT: u32 = 0x8000_003E;
const WAVE: u32 = 0x1300_0087;
const TWITCH1: u32 = 0x1000_0051;

#[test]
fn combat_stance_refuses_crouch_sit_sleep_and_chat_emotes() {
    let (mut mi, mut host) = setup();
    assert!(mi.do_motion(&mut host, SWORD_COMBAT, &speed(1.0)).is_ok());
    let cases = [
        (motion::CROUCH, WeenieError::CantCrouchInCombat),
        (motion::SITTING, WeenieError::CantSitInCombat),
        (motion::SLEEPING, WeenieError::CantLieDownInCombat),
        (WAVE, WeenieError::CantChatEmoteInCombat),
    ];
    for (m, e) in cases {
        host.events.clear();
        assert_eq!(
            WeenieError::from_result(mi.do_motion(&mut host, m, &speed(1.0))),
            e
        );
        assert!(
            !host
                .events
                .iter()
                .any(|e| matches!(e, HostEvent::DoMotion(..))),
            "refused before reaching the table"
        );
    }
    // In NonCombat the same motions go through.
    let (mut mi, mut host) = setup();
    assert!(mi.do_motion(&mut host, motion::CROUCH, &speed(1.0)).is_ok());
}

#[test]
fn seventh_action_is_refused() {
    let (mut mi, mut host) = setup();
    host.num_anims = 1; // actions stay pending
    for _ in 0..6 {
        assert!(mi.do_motion(&mut host, TWITCH1, &speed(1.0)).is_ok());
    }
    assert_eq!(mi.interpreted_state().unwrap().num_actions(), 6);
    assert_eq!(
        WeenieError::from_result(mi.do_motion(&mut host, TWITCH1, &speed(1.0))),
        WeenieError::TooManyActions
    );
    // Interpreted actions from DoMotion carry stamp 0 (quirk `motion-params-copy`), raw ones the real stamp.
    let mut p = speed(1.0);
    p.action_stamp = 7;
    let (mut mi, mut host) = setup();
    let _ = mi.do_motion(&mut host, TWITCH1, &p);
    assert_eq!(mi.interpreted_state().unwrap().actions[0].stamp, 0);
    assert_eq!(mi.raw_state().unwrap().actions[0].stamp, 7);
}

#[test]
fn airborne_motions_only_change_state_and_actions_are_refused() {
    let (mut mi, mut host) = setup();
    host.contact = false;
    assert!(!mi.contact_allows_move(&host, motion::WALK_FORWARD));
    assert!(mi.contact_allows_move(&host, motion::TURN_LEFT));
    assert!(!mi.contact_allows_move(&host, motion::SIDE_STEP_RIGHT));
    assert!(mi.contact_allows_move(&host, motion::FALLING));
    let before = mi.pending_motions().unwrap().len();
    assert!(
        mi.do_motion(&mut host, motion::WALK_FORWARD, &speed(1.0))
            .is_ok()
    );
    assert_eq!(
        mi.interpreted_state().unwrap().forward_command,
        motion::WALK_FORWARD
    );
    assert_eq!(
        mi.pending_motions().unwrap().len(),
        before,
        "nothing queued"
    );
    assert!(
        !host
            .events
            .iter()
            .any(|e| matches!(e, HostEvent::DoMotion(..)))
    );
    assert_eq!(
        WeenieError::from_result(mi.do_motion(&mut host, TWITCH1, &speed(1.0))),
        WeenieError::YouCantJumpWhileInTheAir
    );
    // Without gravity, contact does not matter.
    host.gravity = false;
    assert!(mi.contact_allows_move(&host, motion::WALK_FORWARD));
}

#[test]
fn table_refusal_leaves_the_states_alone() {
    let (mut mi, mut host) = setup();
    host.refuse.push(motion::CROUCH);
    assert_eq!(
        WeenieError::from_result(mi.do_motion(&mut host, motion::CROUCH, &speed(1.0))),
        WeenieError::NoMtableData
    );
    assert_eq!(mi.raw_state().unwrap().forward_command, motion::READY);
    assert_eq!(
        mi.interpreted_state().unwrap().forward_command,
        motion::READY
    );
}
