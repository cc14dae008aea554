//! Inputs on which ACE crashes or hangs (docs/quirks.md, "Where the reference crashes or
//! hangs"): the port must terminate.

use ac_motiontable::Rules;
use ac_motiontable::command::{cycle_key, stance::NON_COMBAT};
use ac_motiontable::motion::*;
use ac_motiontable::{
    MotionCompletion, MotionState, MotionTableManager, MovementType, RecordingSequence,
};
use glam::Vec3;

use crate::util::*;

/// `mt_remodify_infinite_recursion`: two Modifier-bit substates without Bitfield 2 carry each
/// other over forever in ACE (stack overflow). The port caps the nesting and returns.
#[test]
fn remodify_infinite_recursion_terminates() {
    let nc = NON_COMBAT;
    let r = T::new(nc)
        .sd(nc, READY)
        .cycle(nc, READY, anims(0x100, 1))
        .cycle(
            nc,
            TURN_RIGHT,
            md(0x103, 1, 0, Vec3::ZERO, Vec3::new(0.0, 0.0, 1.5)),
        )
        .cycle(
            nc,
            SIDE_STEP_RIGHT,
            md(0x104, 1, 0, Vec3::new(1.25, 0.0, 0.0), Vec3::ZERO),
        )
        .build();
    let (mut st, mut seq) = at_rest(&r);
    assert!(
        r.do_object_motion(SIDE_STEP_RIGHT, &mut st, &mut seq, 1.0)
            .ok
    );
    let o = r.do_object_motion(TURN_RIGHT, &mut st, &mut seq, 1.0);
    assert!(o.ok);
    // Bounded work: the op log stays small.
    assert!(seq.ops().len() < 10_000, "{} ops", seq.ops().len());
    assert!(st.substate == TURN_RIGHT || st.substate == SIDE_STEP_RIGHT);
}

/// `mt_remodify_nested_reentry`: a nested re_modify empties the live list while the outer loop
/// still counts entries (ACE NullReferenceException). The port ends the outer loop.
#[test]
fn remodify_nested_reentry_does_not_panic() {
    let r = humanoid().build();
    let (mut st, mut seq) = at_rest(&r);
    r.do_object_motion(WALK_FORWARD, &mut st, &mut seq, 1.0);
    r.do_object_motion(TURN_RIGHT, &mut st, &mut seq, 1.0);
    r.do_object_motion(SIDE_STEP_RIGHT, &mut st, &mut seq, 1.0);
    assert_eq!(st.modifiers().len(), 2);
    // SwordCombat has no turn/sidestep cycles: re_modify resolves SideStepRight through the
    // DefaultStyle cycle as a full substate change that nests another re_modify.
    let o = r.do_object_motion(
        ac_motiontable::command::stance::SWORD_COMBAT,
        &mut st,
        &mut seq,
        1.0,
    );
    assert!(o.ok);
    assert_eq!(st.style, ac_motiontable::command::stance::SWORD_COMBAT);
}

/// Quirk `unstoppable-modifier`: a listed modifier without Modifiers data cannot be stopped; ACE loops forever in
/// StopObjectCompletely. The port drops it and finishes.
#[test]
fn stop_completely_with_an_unstoppable_modifier_terminates() {
    let r = humanoid().build();
    let (mut st, mut seq) = at_rest(&r);
    st.add_modifier_no_check(0x2000_0099, 1.0);
    st.add_modifier_no_check(JUMP, 1.0);
    let o = r.stop_object_completely(&mut st, &mut seq);
    assert!(o.ok, "the Jump stop and the substate stop succeed");
    assert!(st.modifiers().is_empty());
}

/// Quirk `enter-world-underflow` (`mtm_enter_world_underflow_hang`): ACE needs 2^32-1 AnimationDone calls; the port
/// gives the same result at once.
#[test]
fn enter_world_with_an_underflowed_entry_finishes_with_aces_result() {
    let nc = NON_COMBAT;
    let r = T::new(nc)
        .sd(nc, READY)
        .cycle(nc, READY, anims(0, 0))
        .build();
    let mut m = MotionTableManager::new(Some(r), Rules::default());
    let mut seq = RecordingSequence::new();
    m.initialize_state(&mut seq);
    m.add_to_queue(WALK_FORWARD, 2, &mut seq);
    assert_eq!(m.pending()[0].num_anims, u32::MAX);
    let mut out = Vec::new();
    m.handle_enter_world(&mut seq, &mut out);
    assert_eq!(
        out,
        [
            MotionCompletion {
                motion: READY,
                success: false
            },
            MotionCompletion {
                motion: WALK_FORWARD,
                success: false
            }
        ]
    );
    assert!(m.pending().is_empty());
    assert_eq!(m.animation_counter(), 0);
}

/// The drain fast-forward is exact: it equals calling AnimationDone(false) one by one.
#[test]
fn drain_fast_forward_equals_single_steps() {
    let queues: [&[(u32, u32)]; 4] = [
        &[(READY, 3), (TWITCH1, 0), (WALK_FORWARD, 5)],
        &[(READY, 0), (READY, 0)],
        &[(TWITCH1, 7), (RUN_FORWARD, 1), (READY, 2)],
        &[(READY, 1)],
    ];
    for q in queues {
        let mut a = MotionTableManager::new(None, Rules::default());
        let mut b = MotionTableManager::new(None, Rules::default());
        let mut seq = RecordingSequence::new();
        for &(mo, n) in q {
            a.add_to_queue(mo, n, &mut seq);
            b.add_to_queue(mo, n, &mut seq);
        }
        let (mut oa, mut ob) = (Vec::new(), Vec::new());
        a.handle_exit_world(&mut oa);
        let mut guard = 0;
        while !b.pending().is_empty() && guard < 1000 {
            b.animation_done(false, &mut ob);
            guard += 1;
        }
        assert_eq!(oa, ob, "{q:?}");
        assert_eq!(a.animation_counter(), b.animation_counter());
    }
}

#[test]
fn nan_speed_never_takes_the_fast_path() {
    let r = humanoid().build();
    let (mut st, mut seq) = at_rest(&r);
    r.do_object_motion(WALK_FORWARD, &mut st, &mut seq, f32::NAN);
    let o = r.do_object_motion(WALK_FORWARD, &mut st, &mut seq, f32::NAN);
    assert!(o.ok);
    assert_eq!(ac_motiontable::csharp_sign(f32::NAN), 2);
    assert_eq!(ac_motiontable::csharp_sign(-0.0), 0);
    let mut m = MotionTableManager::new(Some(r), Rules::default());
    let mut seq = RecordingSequence::new();
    assert_eq!(
        m.perform_movement(
            MovementType::InterpretedCommand,
            WALK_FORWARD,
            1.0,
            &mut seq
        ),
        ac_motiontable::WeenieError::NoMtableData,
        "state not initialised"
    );
    let _ = MotionState::new();
    let _ = cycle_key(0, 0);
}
