//! The explanation API: an explained call does exactly what the plain call does, and its
//! events say which branch ran, what was looked up, what was queued and why a request failed.

use ac_dat::MotionTable;
use ac_motiontable::command::{cycle_key, stance::NON_COMBAT, stance::SWORD_COMBAT};
use ac_motiontable::explain::{
    Branch, CountRule, DetourReason, ExplainEvent as Ev, FallThrough, LinkFound, LinkKind,
    Operation, Refusal, Role, SequenceEdit, Shortcut,
};
use ac_motiontable::motion::*;
use ac_motiontable::{
    MotionCommand, MotionState, Outcome, RecordingSequence, Resolver, Rules, SeqOp,
};
use proptest::prelude::*;

use crate::fuzz::{MOTIONS, table_strategy};
use crate::util::{at_rest, humanoid};

/// One resolver request.
#[derive(Debug, Clone, Copy)]
enum Req {
    Motion(u32, f32),
    Stop(u32),
    StopCompletely,
    Default,
}

fn plain(r: &Resolver, req: Req, st: &mut MotionState, seq: &mut RecordingSequence) -> Outcome {
    match req {
        Req::Motion(m, s) => r.do_object_motion(m, st, seq, s),
        Req::Stop(m) => r.stop_object_motion(m, 1.0, st, seq),
        Req::StopCompletely => r.stop_object_completely(st, seq),
        Req::Default => r.set_default_state(st, seq),
    }
}

fn explained(
    r: &Resolver,
    req: Req,
    st: &mut MotionState,
    seq: &mut RecordingSequence,
) -> (Outcome, Vec<Ev>) {
    let mut events = Vec::new();
    let mut x = r.explaining(&mut events);
    let o = match req {
        Req::Motion(m, s) => x.do_object_motion(m, st, seq, s),
        Req::Stop(m) => x.stop_object_motion(m, 1.0, st, seq),
        Req::StopCompletely => x.stop_object_completely(st, seq),
        Req::Default => x.set_default_state(st, seq),
    };
    (o, events)
}

/// Checks the structure every explanation has: calls and returns nest, the outermost return
/// is the outcome, and the queued animations are exactly the ones the sequence received.
fn check_structure(events: &[Ev], outcome: Outcome, appended: &[SeqOp]) {
    let mut open = Vec::new();
    for (i, e) in events.iter().enumerate() {
        match *e {
            Ev::Call { op, .. } => open.push(op),
            Ev::Return { op, .. } => {
                assert_eq!(open.pop(), Some(op), "event {i}: return without its call");
            }
            _ => assert!(!open.is_empty(), "event {i} outside any call: {e:?}"),
        }
    }
    assert!(open.is_empty(), "unclosed calls {open:?}");
    match events.last() {
        Some(&Ev::Return { ok, num_anims, .. }) => {
            assert_eq!((ok, num_anims), (outcome.ok, outcome.num_anims));
        }
        other => panic!("the last event is not the return: {other:?}"),
    }
    let queued: Vec<SeqOp> = events
        .iter()
        .filter_map(|e| match e {
            Ev::Anim { anim, .. } => Some(SeqOp::AppendAnimation(*anim)),
            _ => None,
        })
        .collect();
    let appended: Vec<SeqOp> = appended
        .iter()
        .filter(|op| matches!(op, SeqOp::AppendAnimation(_)))
        .copied()
        .collect();
    assert_eq!(queued, appended, "Anim events are the appended animations");
}

/// Runs `reqs` plain and explained side by side; asserts they agree at every step.
fn agree(r: &Resolver, reqs: &[Req]) -> Vec<Vec<Ev>> {
    let (mut st_a, mut seq_a) = (MotionState::new(), RecordingSequence::new());
    let (mut st_b, mut seq_b) = (MotionState::new(), RecordingSequence::new());
    let mut all = Vec::new();
    for &req in reqs {
        let a = plain(r, req, &mut st_a, &mut seq_a);
        let (b, events) = explained(r, req, &mut st_b, &mut seq_b);
        assert_eq!(a, b, "{req:?}");
        assert_eq!(st_a, st_b, "{req:?}");
        let ops_a = seq_a.take_ops();
        let ops_b = seq_b.take_ops();
        assert_eq!(ops_a, ops_b, "{req:?}");
        check_structure(&events, b, &ops_b);
        all.push(events);
    }
    all
}

fn req_strategy() -> impl Strategy<Value = Req> {
    let motion = prop::sample::select(MOTIONS.to_vec());
    let speed = prop_oneof![Just(1.0f32), Just(-1.0), Just(0.0), -3.0f32..3.0];
    prop_oneof![
        6 => (motion.clone(), speed).prop_map(|(m, s)| Req::Motion(m, s)),
        2 => motion.prop_map(Req::Stop),
        1 => Just(Req::StopCompletely),
        1 => Just(Req::Default),
    ]
}

/// Requests with speeds above zero only (the direct substate change's speed test passes, so
/// it answers every substate change along a link of the object's style, turns out of a
/// turning substate and restricted cycles included).
fn positive_req_strategy() -> impl Strategy<Value = Req> {
    let motion = prop::sample::select(MOTIONS.to_vec());
    let speed = prop_oneof![Just(1.0f32), Just(1.5), 0.01f32..3.0];
    prop_oneof![
        8 => (motion.clone(), speed).prop_map(|(m, s)| Req::Motion(m, s)),
        2 => motion.prop_map(Req::Stop),
        1 => Just(Req::StopCompletely),
    ]
}

/// [`agree`] on `table` under ACE's or the retail rules, for the default state then `reqs`.
fn agree_from_default(table: MotionTable, retail: bool, reqs: Vec<Req>) {
    let rules = if retail {
        Rules::retail()
    } else {
        Rules::ace()
    };
    let r = Resolver::new(table, rules);
    let mut script = vec![Req::Default];
    script.extend(reqs);
    agree(&r, &script);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// Explaining never changes a result, the state or what the sequence is told.
    #[test]
    fn explaining_changes_nothing(
        table in table_strategy(),
        retail in any::<bool>(),
        reqs in prop::collection::vec(req_strategy(), 1..24),
    ) {
        agree_from_default(table, retail, reqs);
    }

    /// The same on tables that always have a default state and many links and cycles, so
    /// that the plain resolver's shortcuts (the direct substate change along a link) are
    /// taken often: each must end exactly where the explained general path does.
    #[test]
    fn shortcuts_end_where_the_general_path_does(
        table in crate::literal::rich_table_strategy(),
        retail in any::<bool>(),
        reqs in prop::collection::vec(req_strategy(), 1..24),
    ) {
        agree_from_default(table, retail, reqs);
    }

    /// The same with speeds above zero only, so that the direct substate change (and its
    /// default-while-turning guard, its restricted test and its carry-over of a turning
    /// substate) answers most substate requests.
    #[test]
    fn positive_speed_shortcuts_end_where_the_general_path_does(
        table in crate::literal::rich_table_strategy(),
        retail in any::<bool>(),
        reqs in prop::collection::vec(positive_req_strategy(), 1..32),
    ) {
        agree_from_default(table, retail, reqs);
    }
}

fn only<T>(events: &[Ev], pick: impl Fn(&Ev) -> Option<T>) -> Vec<T> {
    events.iter().filter_map(pick).collect()
}

fn branches(events: &[Ev]) -> Vec<Branch> {
    only(events, |e| match e {
        Ev::Branch { branch } => Some(*branch),
        _ => None,
    })
}

fn queued(events: &[Ev]) -> Vec<(Role, f32)> {
    only(events, |e| match e {
        Ev::Queue { role, speed, .. } => Some((*role, *speed)),
        _ => None,
    })
}

#[test]
fn a_walk_reports_the_substate_branch_its_link_and_the_count() {
    let r = humanoid().build();
    let (mut st, mut seq) = at_rest(&r);
    let (o, ev) = explained(&r, Req::Motion(WALK_FORWARD, 1.0), &mut st, &mut seq);
    assert!(o.ok);
    assert_eq!(
        ev[0],
        Ev::Call {
            op: Operation::GetObjectSequence,
            motion: MotionCommand(WALK_FORWARD),
            speed: Some(1.0),
            stop_modifiers: false,
            state: ac_motiontable::explain::StateSummary {
                style: MotionCommand(NON_COMBAT),
                substate: MotionCommand(READY),
                substate_mod: 1.0,
                modifiers: 0,
                actions: 0,
            },
        }
    );
    assert_eq!(branches(&ev), [Branch::Substate]);
    assert!(ev.contains(&Ev::Link {
        role: Role::Link,
        kind: LinkKind::Forward,
        style: MotionCommand(NON_COMBAT),
        from: Some(MotionCommand(READY)),
        to: MotionCommand(WALK_FORWARD),
        outer: ac_dat::motion::TableKey(cycle_key(NON_COMBAT, READY)),
        found: LinkFound::Found,
    }));
    assert_eq!(queued(&ev), [(Role::Link, 1.0), (Role::Cycle, 1.0)]);
    assert!(ev.contains(&Ev::NumAnims {
        num_anims: 1,
        rule: CountRule::LinksAndCycleMinusOne
    }));
}

#[test]
fn a_style_change_reports_its_links() {
    let r = humanoid().build();
    let (mut st, mut seq) = at_rest(&r);
    let (o, ev) = explained(&r, Req::Motion(SWORD_COMBAT, 1.0), &mut st, &mut seq);
    assert!(o.ok);
    assert_eq!(branches(&ev), [Branch::Style]);
    assert_eq!(queued(&ev), [(Role::Link, 1.0), (Role::Cycle, 1.0)]);
    // And back, from the sword stance's Ready.
    let (o, ev) = explained(&r, Req::Motion(NON_COMBAT, 1.0), &mut st, &mut seq);
    assert!(o.ok);
    assert_eq!(queued(&ev), [(Role::Link, 1.0), (Role::Cycle, 1.0)]);
    let (_, ev) = explained(&r, Req::Motion(NON_COMBAT, 1.0), &mut st, &mut seq);
    assert!(ev.contains(&Ev::Shortcut {
        reason: Shortcut::AlreadyInStyle
    }));
}

#[test]
fn a_refusal_says_why_each_branch_fell_through() {
    let r = humanoid().build();
    let (mut st, mut seq) = at_rest(&r);
    // Falling has no cycle in either style.
    let (o, ev) = explained(&r, Req::Motion(FALLING, 1.0), &mut st, &mut seq);
    assert!(!o.ok);
    assert!(ev.contains(&Ev::FellThrough {
        branch: Branch::Substate,
        reason: FallThrough::NoCycle
    }));
    assert!(ev.contains(&Ev::Refused {
        reason: Refusal::Unresolved
    }));
    // A restricted cycle (TurnRight) from WalkForward: the substate branch refuses it, the
    // modifier branch takes it.
    let (o, _) = explained(&r, Req::Motion(WALK_FORWARD, 1.0), &mut st, &mut seq);
    assert!(o.ok);
    let (o, ev) = explained(&r, Req::Motion(TURN_RIGHT, 1.0), &mut st, &mut seq);
    assert!(o.ok);
    assert_eq!(branches(&ev), [Branch::Substate, Branch::Modifier]);
    assert!(ev.contains(&Ev::Restricted {
        motion: MotionCommand(TURN_RIGHT),
        allowed: false
    }));
    assert!(ev.contains(&Ev::ModifierAdded {
        motion: MotionCommand(TURN_RIGHT),
        speed: 1.0
    }));
    assert!(ev.iter().any(|e| matches!(
        e,
        Ev::Sequence {
            edit: SequenceEdit::CombinePhysics { .. }
        }
    )));
    // Before any default state, nothing resolves.
    let (o, ev) = explained(
        &r,
        Req::Motion(WALK_FORWARD, 1.0),
        &mut MotionState::new(),
        &mut RecordingSequence::new(),
    );
    assert!(!o.ok);
    assert!(ev.contains(&Ev::Refused {
        reason: Refusal::NoState
    }));
}

#[test]
fn an_action_without_a_direct_link_detours_through_the_default() {
    let r = humanoid()
        .link(
            cycle_key(NON_COMBAT, READY),
            TWITCH2,
            crate::util::anims(0x140, 1),
        )
        .build();
    let (mut st, mut seq) = at_rest(&r);
    let (o, _) = explained(&r, Req::Motion(WALK_FORWARD, 1.0), &mut st, &mut seq);
    assert!(o.ok);
    let (o, ev) = explained(&r, Req::Motion(TWITCH2, 1.0), &mut st, &mut seq);
    assert!(o.ok);
    assert_eq!(branches(&ev), [Branch::Action]);
    assert!(ev.contains(&Ev::Detour {
        reason: DetourReason::NoDirectLink
    }));
    assert_eq!(
        queued(&ev),
        [
            (Role::ToDefault, 1.0),
            (Role::FromDefault, 1.0),
            (Role::Back, 1.0),
            (Role::Cycle, 1.0)
        ]
    );
    assert!(ev.iter().any(|e| matches!(
        e,
        Ev::NumAnims {
            rule: CountRule::ActionDetour,
            ..
        }
    )));
}

#[test]
fn a_modifier_restart_and_re_modify_nest_their_calls() {
    let r = humanoid().build();
    let (mut st, mut seq) = at_rest(&r);
    for req in [Req::Motion(WALK_FORWARD, 1.0), Req::Motion(JUMP, 1.0)] {
        assert!(explained(&r, req, &mut st, &mut seq).0.ok);
    }
    // Jump again: stopped (a nested StopSequenceMotion), then listed again.
    let (o, ev) = explained(&r, Req::Motion(JUMP, 2.0), &mut st, &mut seq);
    assert!(o.ok);
    let ops = only(&ev, |e| match e {
        Ev::Call { op, .. } => Some(*op),
        _ => None,
    });
    assert_eq!(
        ops,
        [Operation::GetObjectSequence, Operation::StopSequenceMotion]
    );
    assert!(ev.contains(&Ev::ModifierRemoved {
        motion: MotionCommand(JUMP),
        speed: 1.0
    }));
    // Running re-applies the listed Jump through a nested GetObjectSequence.
    let (o, ev) = explained(&r, Req::Motion(RUN_FORWARD, 1.0), &mut st, &mut seq);
    assert!(o.ok);
    assert!(ev.contains(&Ev::ReModify {
        motion: MotionCommand(JUMP),
        speed: 2.0
    }));
    let calls = only(&ev, |e| matches!(e, Ev::Call { .. }).then_some(()));
    assert_eq!(calls.len(), 2);
}

#[test]
fn a_speed_change_re_times_the_cycle() {
    let r = humanoid().build();
    let (mut st, mut seq) = at_rest(&r);
    assert!(
        explained(&r, Req::Motion(WALK_FORWARD, 1.0), &mut st, &mut seq)
            .0
            .ok
    );
    let (o, ev) = explained(&r, Req::Motion(WALK_FORWARD, 1.5), &mut st, &mut seq);
    assert_eq!(
        o,
        Outcome {
            ok: true,
            num_anims: 0
        }
    );
    assert!(ev.contains(&Ev::SpeedChange { from: 1.0, to: 1.5 }));
    assert!(ev.contains(&Ev::Sequence {
        edit: SequenceEdit::ScaleCycle { factor: 1.5 }
    }));
    assert!(queued(&ev).is_empty());
}

#[test]
fn the_synthetic_humanoid_catalogue_explains_identically() {
    use ac_testkit::catalogue::{Step, catalogue};
    let r = Resolver::new(ac_testkit::synthetic::humanoid_table(), Rules::default());
    let cases = catalogue(&r);
    assert!(cases.len() > 20, "the humanoid has a catalogue");
    for case in cases {
        let mut reqs = vec![Req::Default];
        reqs.extend(case.setup.iter().chain(&case.steps).map(|s| match *s {
            Step::Motion(m, sp) => Req::Motion(m, sp),
            Step::Stop(m) => Req::Stop(m),
            Step::StopCompletely => Req::StopCompletely,
        }));
        agree(&r, &reqs);
    }
}

#[test]
fn events_serialize_with_a_tag_and_hex_ids() {
    let r = humanoid().build();
    let (mut st, mut seq) = at_rest(&r);
    let (_, ev) = explained(&r, Req::Motion(WALK_FORWARD, 1.0), &mut st, &mut seq);
    let json = serde_json::to_value(&ev).expect("serialize");
    assert_eq!(json[0]["event"], "call");
    assert_eq!(json[0]["op"], "get_object_sequence");
    assert_eq!(json[0]["motion"], "0x45000005");
    assert_eq!(json[0]["state"]["substate"], "0x41000003");
    let link = json
        .as_array()
        .and_then(|a| a.iter().find(|e| e["event"] == "link"))
        .expect("a link event");
    assert_eq!(link["outer"], "0x003D0003");
    assert_eq!(link["found"], "found");
    let back: Vec<Ev> = serde_json::from_value(json).expect("deserialize");
    assert_eq!(back, ev);
}
