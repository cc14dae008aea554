//! MotionState list semantics (ACE `MotionState`).

use ac_motiontable::MotionState;
use ac_motiontable::motion::*;

#[test]
fn modifiers_insert_at_the_head_and_refuse_duplicates_and_the_substate() {
    let mut st = MotionState::new();
    assert_eq!(st.substate_mod, 1.0);
    st.substate = WALK_FORWARD;
    assert!(st.add_modifier(SIDE_STEP_RIGHT, 1.0));
    assert!(st.add_modifier(TURN_RIGHT, 0.5));
    assert!(!st.add_modifier(TURN_RIGHT, 2.0), "already listed");
    assert!(!st.add_modifier(WALK_FORWARD, 1.0), "equals the substate");
    let ids: Vec<u32> = st.modifiers().iter().map(|m| m.id).collect();
    assert_eq!(ids, [TURN_RIGHT, SIDE_STEP_RIGHT]);
    assert_eq!(st.modifiers()[0].speed_mod, 0.5);
    st.add_modifier_no_check(TURN_RIGHT, 3.0);
    assert_eq!(st.modifiers().len(), 3, "no_check allows duplicates");
    assert!(st.remove_modifier(7).is_none());
    assert_eq!(st.remove_modifier(1).map(|m| m.speed_mod), Some(0.5));
}

#[test]
fn actions_append_at_the_tail_and_complete_from_the_head() {
    let mut st = MotionState::new();
    st.remove_action_head();
    st.add_action(TWITCH1, 1.0);
    st.add_action(TWITCH2, 2.0);
    assert_eq!(st.actions()[0].id, TWITCH1);
    st.remove_action_head();
    assert_eq!(st.actions().len(), 1);
    assert_eq!(st.actions()[0].id, TWITCH2);
    st.clear_actions();
    assert!(st.actions().is_empty());
}

#[test]
fn debug_names_every_motion_beside_its_id() {
    use ac_motiontable::motion::{RUN_FORWARD, TURN_RIGHT, WAVE, stance::NON_COMBAT};
    let mut st = MotionState::new();
    st.style = NON_COMBAT;
    st.substate = RUN_FORWARD;
    st.add_modifier(TURN_RIGHT, 1.5);
    st.add_action(WAVE, 1.0);
    assert_eq!(
        format!("{st:?}"),
        "MotionState { style: NonCombat(0x8000003D), substate: RunForward(0x44000007), \
         substate_mod: 1.0, modifiers: [Motion { id: TurnRight(0x6500000D), speed_mod: 1.5 }], \
         actions: [Motion { id: Wave(0x13000087), speed_mod: 1.0 }] }"
    );
}
