//! Resolver branches and quirks over hand-built tables (ACE `MotionTable`).

use ac_motiontable::command::{cycle_key, stance::NON_COMBAT, stance::SWORD_COMBAT};
use ac_motiontable::motion::*;
use ac_motiontable::{Fidelity, MotionState, Outcome, RecordingSequence, SeqOp};
use glam::Vec3;

use crate::util::*;

#[test]
fn unset_state_is_refused() {
    let r = humanoid().build();
    let mut st = MotionState::new();
    let mut seq = RecordingSequence::new();
    let o = r.do_object_motion(WALK_FORWARD, &mut st, &mut seq, 1.0);
    assert_eq!(
        o,
        Outcome {
            ok: false,
            num_anims: 0
        }
    );
    assert!(seq.ops().is_empty());
}

#[test]
fn set_default_state_resets_hard_and_counts_cycle_anims_minus_one() {
    let r = humanoid().build();
    let mut st = MotionState::new();
    st.add_action(TWITCH1, 1.0);
    let mut seq = RecordingSequence::new();
    let o = r.set_default_state(&mut st, &mut seq);
    assert_eq!(
        o,
        Outcome {
            ok: true,
            num_anims: 0
        }
    );
    assert_eq!(
        (st.style, st.substate, st.substate_mod),
        (NON_COMBAT, READY, 1.0)
    );
    assert!(st.actions().is_empty());
    assert_eq!(
        seq.ops()[..2],
        [SeqOp::ClearPhysics, SeqOp::ClearAnimations]
    );
    assert_eq!(node_ids(&seq), [0x100]);
}

#[test]
fn substate_direct_link_appends_link_then_cycle() {
    let r = humanoid().build();
    let (mut st, mut seq) = at_rest(&r);
    let o = r.do_object_motion(WALK_FORWARD, &mut st, &mut seq, 1.0);
    assert_eq!(
        o,
        Outcome {
            ok: true,
            num_anims: 1
        }
    );
    assert_eq!(node_ids(&seq), [0x110, 0x101]);
    assert_eq!(seq.first_cyclic(), Some(1));
    assert_eq!(seq.velocity(), Vec3::new(0.0, 3.12, 0.0));
    assert_eq!(st.substate, WALK_FORWARD);
}

#[test]
fn same_substate_same_sign_is_the_speed_only_fast_path() {
    let r = humanoid().build();
    let (mut st, mut seq) = at_rest(&r);
    r.do_object_motion(WALK_FORWARD, &mut st, &mut seq, 1.0);
    seq.take_ops();
    let o = r.do_object_motion(WALK_FORWARD, &mut st, &mut seq, 2.0);
    assert_eq!(
        o,
        Outcome {
            ok: true,
            num_anims: 0
        }
    );
    assert_eq!(seq.ops()[0], SeqOp::MultiplyCyclicFramerate(2.0));
    assert!(matches!(seq.ops()[1], SeqOp::SubtractPhysics(..)));
    assert!(matches!(seq.ops()[2], SeqOp::CombinePhysics(..)));
    assert_eq!(seq.velocity(), Vec3::new(0.0, 6.24, 0.0));
    assert_eq!(st.substate_mod, 2.0);
}

#[test]
fn direction_flip_routes_through_the_default_with_reversed_links() {
    let r = humanoid().build();
    let (mut st, mut seq) = at_rest(&r);
    r.do_object_motion(WALK_FORWARD, &mut st, &mut seq, 1.0);
    seq.take_ops();
    // Walk +1 -> Walk -0.65: signs differ -> link = Walk->Ready (reverse lookup keyed by the
    // destination, none) falls back to the forward Walk->Ready; via = reversed Ready->Walk.
    let o = r.do_object_motion(WALK_FORWARD, &mut st, &mut seq, -0.65);
    assert!(o.ok);
    let appended: Vec<(u32, f32)> = seq
        .ops()
        .iter()
        .filter_map(|op| match op {
            SeqOp::AppendAnimation(a) => Some((a.anim_id, a.framerate)),
            _ => None,
        })
        .collect();
    assert_eq!(
        appended,
        [(0x111, 30.0), (0x111, 30.0 * -0.65), (0x101, 30.0 * -0.65)]
    );
    assert_eq!(o.num_anims, 2);
}

#[test]
fn restricted_cycle_is_refused_away_from_the_default_and_falls_to_the_modifier_branch() {
    let r = humanoid().build();
    let (mut st, mut seq) = at_rest(&r);
    // From Ready (the default) the turn becomes the substate.
    assert!(r.do_object_motion(TURN_RIGHT, &mut st, &mut seq, 1.0).ok);
    assert_eq!(st.substate, TURN_RIGHT);
    // Walking: the turn is restricted -> modifier overlay (omega only, no anims).
    let (mut st, mut seq) = at_rest(&r);
    r.do_object_motion(WALK_FORWARD, &mut st, &mut seq, 1.0);
    let nodes = seq.nodes().len();
    let o = r.do_object_motion(TURN_RIGHT, &mut st, &mut seq, 1.0);
    assert_eq!(
        o,
        Outcome {
            ok: true,
            num_anims: 0
        }
    );
    assert_eq!(st.substate, WALK_FORWARD);
    assert_eq!(st.modifiers()[0].id, TURN_RIGHT);
    assert_eq!(seq.nodes().len(), nodes);
    assert_eq!(seq.omega(), Vec3::new(0.0, 0.0, 1.5));
}

#[test]
fn ready_while_turning_in_place_is_a_no_op_unless_stopping() {
    let r = humanoid().build();
    let (mut st, mut seq) = at_rest(&r);
    r.do_object_motion(TURN_RIGHT, &mut st, &mut seq, 1.0);
    seq.take_ops();
    let o = r.do_object_motion(READY, &mut st, &mut seq, 1.0);
    assert_eq!(
        o,
        Outcome {
            ok: true,
            num_anims: 0
        }
    );
    assert!(seq.ops().is_empty());
    let o = r.get_object_sequence(READY, &mut st, &mut seq, 1.0, true);
    assert!(o.ok);
    assert_eq!(st.substate, READY);
}

#[test]
fn a_turn_substate_is_carried_over_as_a_modifier() {
    let r = humanoid().build();
    let (mut st, mut seq) = at_rest(&r);
    r.do_object_motion(TURN_RIGHT, &mut st, &mut seq, 0.5);
    r.do_object_motion(WALK_FORWARD, &mut st, &mut seq, 1.0);
    assert_eq!(st.substate, WALK_FORWARD);
    assert_eq!(st.modifiers().len(), 1);
    assert_eq!(
        (st.modifiers()[0].id, st.modifiers()[0].speed_mod),
        (TURN_RIGHT, 0.5)
    );
    assert_eq!(
        seq.omega(),
        Vec3::new(0.0, 0.0, 0.75),
        "re_modify re-combined it"
    );
}

#[test]
fn odd4_re_modify_recombines_the_head_n_times() {
    let r = humanoid().build();
    let (mut st, mut seq) = at_rest(&r);
    r.do_object_motion(WALK_FORWARD, &mut st, &mut seq, 1.0);
    r.do_object_motion(SIDE_STEP_RIGHT, &mut st, &mut seq, 1.0);
    r.do_object_motion(TURN_RIGHT, &mut st, &mut seq, 1.0);
    r.do_object_motion(RUN_FORWARD, &mut st, &mut seq, 1.0);
    assert_eq!(seq.velocity(), Vec3::new(0.0, 4.0, 0.0), "strafe lost");
    assert_eq!(seq.omega(), Vec3::new(0.0, 0.0, 3.0), "turn doubled");
    let ids: Vec<u32> = st.modifiers().iter().map(|m| m.id).collect();
    assert_eq!(ids, [TURN_RIGHT, SIDE_STEP_RIGHT]);
}

#[test]
fn bitfield1_cycle_clears_and_refuses_modifiers() {
    let r = humanoid().build();
    let (mut st, mut seq) = at_rest(&r);
    r.do_object_motion(JUMP, &mut st, &mut seq, 1.0);
    assert_eq!(st.modifiers().len(), 1);
    assert!(r.do_object_motion(CROUCH, &mut st, &mut seq, 1.0).ok);
    assert!(st.modifiers().is_empty());
    assert!(!r.do_object_motion(JUMP, &mut st, &mut seq, 1.0).ok);
}

#[test]
fn modifier_readd_stops_then_adds_with_the_new_speed() {
    let r = humanoid().build();
    let (mut st, mut seq) = at_rest(&r);
    r.do_object_motion(JUMP, &mut st, &mut seq, 1.0);
    r.do_object_motion(JUMP, &mut st, &mut seq, 3.0);
    assert_eq!(seq.velocity(), Vec3::new(0.0, 0.0, 3.0));
    assert_eq!(st.modifiers()[0].speed_mod, 3.0);
    // Stop uses the stored speed.
    let o = r.stop_object_motion(JUMP, 99.0, &mut st, &mut seq);
    assert!(o.ok);
    assert_eq!(seq.velocity(), Vec3::ZERO);
    assert!(
        !r.stop_object_motion(JUMP, 1.0, &mut st, &mut seq).ok,
        "no longer listed"
    );
    assert!(
        !r.stop_object_motion(TWITCH1, 1.0, &mut st, &mut seq).ok,
        "not a modifier"
    );
}

#[test]
fn action_with_direct_link_counts_only_the_link() {
    let r = humanoid().build();
    let (mut st, mut seq) = at_rest(&r);
    let o = r.do_object_motion(TWITCH1, &mut st, &mut seq, 1.5);
    assert_eq!(
        o,
        Outcome {
            ok: true,
            num_anims: 2
        }
    );
    assert_eq!(node_ids(&seq), [0x120, 0x121, 0x100]);
    assert_eq!(seq.nodes()[0].framerate, 45.0);
    assert_eq!(
        seq.nodes()[2].framerate,
        30.0,
        "cycle re-added at the substate speed"
    );
    assert_eq!(st.actions()[0].id, TWITCH1);
    assert!(
        !r.do_object_motion(TWITCH2, &mut st, &mut seq, 1.0).ok,
        "no link anywhere"
    );
}

fn action_fallback_table(fidelity: Fidelity) -> ac_motiontable::Resolver {
    // Walk -> Ready has 1 anim, Ready -> Twitch1 2 anims, Ready -> Walk 3 anims (back).
    let nc = NON_COMBAT;
    T::new(nc)
        .sd(nc, READY)
        .cycle(nc, READY, anims(0x100, 1))
        .cycle(nc, WALK_FORWARD, anims(0x101, 1))
        .link(cycle_key(nc, WALK_FORWARD), READY, anims(0x200, 1))
        .link(cycle_key(nc, READY), TWITCH1, anims(0x210, 2))
        .link(cycle_key(nc, READY), WALK_FORWARD, anims(0x220, 3))
        .build_with(fidelity.into())
}

#[test]
fn odd2_action_fallback_double_counts_the_to_default_link() {
    for (fid, expected) in [(Fidelity::Ace, 1 + 2 + 1), (Fidelity::Retail, 1 + 2 + 3)] {
        let r = action_fallback_table(fid);
        let (mut st, mut seq) = at_rest(&r);
        r.do_object_motion(WALK_FORWARD, &mut st, &mut seq, 1.0);
        seq.take_ops();
        let o = r.do_object_motion(TWITCH1, &mut st, &mut seq, 1.0);
        assert_eq!(
            o,
            Outcome {
                ok: true,
                num_anims: expected
            },
            "{fid:?}"
        );
        assert_eq!(
            seq.nodes().len(),
            3 + 1 + 2 + 3 + 1,
            "the Ready->Walk link stays; cycle replaced"
        );
    }
}

#[test]
fn odd3_empty_cycle_without_links_underflows() {
    let nc = NON_COMBAT;
    let r = T::new(nc)
        .sd(nc, READY)
        .cycle(nc, READY, anims(0, 0))
        .cycle(nc, FALLING, anims(0, 0))
        .build();
    let mut st = MotionState::new();
    let mut seq = RecordingSequence::new();
    assert_eq!(r.set_default_state(&mut st, &mut seq).num_anims, u32::MAX);
    let o = r.do_object_motion(FALLING, &mut st, &mut seq, 1.0);
    assert_eq!(
        o,
        Outcome {
            ok: true,
            num_anims: u32::MAX
        }
    );
}

#[test]
fn odd6_change_cycle_speed_gap_and_math_sign_zero() {
    let r = humanoid().build();
    let (mut st, mut seq) = at_rest(&r);
    r.do_object_motion(WALK_FORWARD, &mut st, &mut seq, 0.0001);
    seq.take_ops();
    // |old| <= EPSILON and |new| >= EPSILON: nothing rescaled (same sign +).
    r.do_object_motion(WALK_FORWARD, &mut st, &mut seq, 1.0);
    assert!(
        !seq.ops()
            .iter()
            .any(|o| matches!(o, SeqOp::MultiplyCyclicFramerate(_)))
    );
    // Speed 0 has Math.Sign 0 != +1 in ACE: full transition, not the fast path.
    let (mut st, mut seq) = at_rest(&r);
    r.do_object_motion(WALK_FORWARD, &mut st, &mut seq, 1.0);
    seq.take_ops();
    r.do_object_motion(WALK_FORWARD, &mut st, &mut seq, 0.0);
    assert!(seq.ops().contains(&SeqOp::RemoveCyclicAnims));
}

#[test]
fn retail_o2_zero_speed_counts_as_non_negative() {
    let r = humanoid().build_with(Fidelity::Retail.into());
    let (mut st, mut seq) = at_rest(&r);
    r.do_object_motion(WALK_FORWARD, &mut st, &mut seq, 1.0);
    seq.take_ops();
    let o = r.do_object_motion(WALK_FORWARD, &mut st, &mut seq, 0.0);
    assert_eq!(
        o,
        Outcome {
            ok: true,
            num_anims: 0
        }
    );
    assert_eq!(seq.ops()[0], SeqOp::MultiplyCyclicFramerate(0.0));
}

#[test]
fn get_link_forward_style_wide_and_reverse_fallbacks() {
    let nc = NON_COMBAT;
    let r = T::new(nc)
        .sd(nc, READY)
        .link(cycle_key(nc, READY), WALK_FORWARD, anims(1, 1))
        .link(nc << 16, RUN_FORWARD, anims(2, 1))
        .link(cycle_key(nc, SITTING), READY, anims(3, 1))
        .build();
    let id = |m: Option<&ac_dat::MotionData>| m.map(|m| m.anims[0].anim_id);
    assert_eq!(id(r.get_link(nc, READY, 1.0, WALK_FORWARD, 1.0)), Some(1));
    assert_eq!(
        id(r.get_link(nc, READY, 1.0, RUN_FORWARD, 1.0)),
        Some(2),
        "style-wide"
    );
    // Reverse: Links[(nc, Walk)] missing; second fallback = forward Ready -> default (none).
    assert_eq!(id(r.get_link(nc, READY, 1.0, WALK_FORWARD, -1.0)), None);
    // Reverse fallback returns substate -> default regardless of the motion.
    assert_eq!(id(r.get_link(nc, SITTING, -1.0, CROUCH, 1.0)), Some(3));
    assert_eq!(
        id(r.get_link(nc, READY, -1.0, RUN_FORWARD, 1.0)),
        None,
        "reverse ignores style-wide"
    );
}

#[test]
fn odd1_style_change_uses_the_current_styles_default() {
    // NonCombat defaults to Ready, SwordCombat to Crouch.
    let nc = NON_COMBAT;
    let sw = SWORD_COMBAT;
    let build = |f: Fidelity| {
        T::new(nc)
            .sd(nc, READY)
            .sd(sw, CROUCH)
            .cycle(nc, READY, anims(0x100, 1))
            .cycle(sw, READY, anims(0x150, 1))
            .cycle(sw, CROUCH, anims(0x151, 1))
            .link(cycle_key(nc, READY), sw, anims(0x130, 1))
            .build_with(f.into())
    };
    let r = build(Fidelity::Ace);
    let (mut st, mut seq) = at_rest(&r);
    let o = r.do_object_motion(sw, &mut st, &mut seq, 1.0);
    assert_eq!(
        o,
        Outcome {
            ok: true,
            num_anims: 1
        }
    );
    assert_eq!((st.style, st.substate), (sw, READY));
    assert_eq!(node_ids(&seq), [0x130, 0x150]);
    let r = build(Fidelity::Retail);
    let (mut st, mut seq) = at_rest(&r);
    assert!(r.do_object_motion(sw, &mut st, &mut seq, 1.0).ok);
    assert_eq!((st.style, st.substate), (sw, CROUCH));
    assert_eq!(node_ids(&seq), [0x130, 0x151]);
}

#[test]
fn style_change_same_style_is_a_no_op_and_round_trip_uses_reverse_link() {
    let r = humanoid().build();
    let (mut st, mut seq) = at_rest(&r);
    assert_eq!(
        r.do_object_motion(NON_COMBAT, &mut st, &mut seq, 1.0),
        Outcome {
            ok: true,
            num_anims: 0
        }
    );
    let o = r.do_object_motion(SWORD_COMBAT, &mut st, &mut seq, 1.0);
    assert_eq!(
        o,
        Outcome {
            ok: true,
            num_anims: 1
        }
    );
    let o = r.do_object_motion(NON_COMBAT, &mut st, &mut seq, 1.0);
    assert_eq!(
        o,
        Outcome {
            ok: true,
            num_anims: 1
        }
    );
    assert_eq!(node_ids(&seq), [0x130, 0x131, 0x100]);
}

#[test]
fn stop_substate_goes_to_default_and_stop_other_substate_fails() {
    let r = humanoid().build();
    let (mut st, mut seq) = at_rest(&r);
    r.do_object_motion(WALK_FORWARD, &mut st, &mut seq, 1.0);
    assert!(!r.stop_object_motion(RUN_FORWARD, 1.0, &mut st, &mut seq).ok);
    let o = r.stop_object_motion(WALK_FORWARD, 1.0, &mut st, &mut seq);
    assert_eq!(
        o,
        Outcome {
            ok: true,
            num_anims: 1
        }
    );
    assert_eq!(st.substate, READY);
}

#[test]
fn stop_object_completely_drains_modifiers_then_stops_the_substate() {
    let r = humanoid().build();
    let (mut st, mut seq) = at_rest(&r);
    r.do_object_motion(WALK_FORWARD, &mut st, &mut seq, 1.0);
    r.do_object_motion(JUMP, &mut st, &mut seq, 1.0);
    r.do_object_motion(TURN_RIGHT, &mut st, &mut seq, 1.0);
    let o = r.stop_object_completely(&mut st, &mut seq);
    assert_eq!(
        o,
        Outcome {
            ok: true,
            num_anims: 1
        }
    );
    assert!(st.modifiers().is_empty());
    assert_eq!(st.substate, READY);
    assert_eq!(seq.velocity(), Vec3::ZERO);
    assert_eq!(seq.omega(), Vec3::ZERO);
}
