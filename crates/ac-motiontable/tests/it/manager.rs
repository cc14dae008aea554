//! MotionTableManager queue, completion and redundancy rules (ACE `MotionTableManager`).

use ac_motiontable::Rules;
use ac_motiontable::motion::*;
use ac_motiontable::{
    AnimNode, MotionCompletion, MotionTableManager, MovementType, RecordingSequence, SeqOp,
    WeenieError,
};

use crate::util::*;

fn done(motion: u32, success: bool) -> MotionCompletion {
    MotionCompletion { motion, success }
}

fn queue(m: &MotionTableManager) -> Vec<(u32, u32)> {
    m.pending()
        .iter()
        .map(|e| (e.motion, e.num_anims))
        .collect()
}

#[test]
fn no_table_answers_no_animation_table_and_initialises_ready() {
    let mut m = MotionTableManager::new(None, Rules::default());
    let mut seq = RecordingSequence::new();
    assert_eq!(m.motion_table_id(), 0);
    assert_eq!(
        m.perform_movement(
            MovementType::InterpretedCommand,
            WALK_FORWARD,
            1.0,
            &mut seq
        ),
        WeenieError::NoAnimationTable
    );
    m.initialize_state(&mut seq);
    assert_eq!(queue(&m), [(READY, 0)]);
    let mut out = Vec::new();
    m.use_time(&mut out);
    assert_eq!(out, [done(READY, true)]);
}

#[test]
fn perform_queues_motions_and_stops_as_ready() {
    let mut m = MotionTableManager::new(Some(humanoid().build()), Rules::default());
    let mut seq = RecordingSequence::new();
    m.initialize_state(&mut seq);
    assert_eq!(
        m.perform_movement(
            MovementType::InterpretedCommand,
            WALK_FORWARD,
            1.0,
            &mut seq
        ),
        WeenieError::None
    );
    assert_eq!(
        m.perform_movement(
            MovementType::StopInterpretedCommand,
            RUN_FORWARD,
            1.0,
            &mut seq
        ),
        WeenieError::NoMtableData
    );
    assert_eq!(
        m.perform_movement(
            MovementType::StopInterpretedCommand,
            WALK_FORWARD,
            1.0,
            &mut seq
        ),
        WeenieError::None
    );
    assert_eq!(
        m.perform_movement(MovementType::StopCompletely, 0, 1.0, &mut seq),
        WeenieError::None
    );
    assert_eq!(
        m.perform_movement(MovementType::RawCommand, WALK_FORWARD, 1.0, &mut seq),
        WeenieError::None
    );
    assert_eq!(
        queue(&m),
        [(READY, 0), (WALK_FORWARD, 1), (READY, 1), (READY, 0)]
    );
}

#[test]
fn animation_done_carries_credit_and_resets_only_on_drain() {
    let mut m = MotionTableManager::new(None, Rules::default());
    let mut seq = RecordingSequence::new();
    let mut out = Vec::new();
    m.animation_done(true, &mut out);
    assert_eq!(m.animation_counter(), 0, "empty queue: no credit");
    m.add_to_queue(TWITCH1, 2, &mut seq);
    m.add_to_queue(READY, 1, &mut seq);
    m.animation_done(true, &mut out);
    assert!(out.is_empty());
    assert_eq!(m.animation_counter(), 1);
    m.animation_done(false, &mut out);
    assert_eq!(out, [done(TWITCH1, false)]);
    assert_eq!(m.animation_counter(), 0);
    m.add_to_queue(WALK_FORWARD, 0, &mut seq);
    m.animation_done(true, &mut out);
    assert_eq!(
        out,
        [
            done(TWITCH1, false),
            done(READY, true),
            done(WALK_FORWARD, true)
        ]
    );
    assert_eq!(m.animation_counter(), 0);
    assert!(m.pending().is_empty());
}

#[test]
fn completing_an_action_pops_the_state_action_head() {
    let mut m = MotionTableManager::new(Some(humanoid().build()), Rules::default());
    let mut seq = RecordingSequence::new();
    m.initialize_state(&mut seq);
    let _ = m.perform_movement(MovementType::InterpretedCommand, TWITCH1, 1.0, &mut seq);
    assert_eq!(m.state().actions().len(), 1);
    let mut out = Vec::new();
    m.check_for_completed_motions(&mut out);
    assert_eq!(out, [done(READY, true)]);
    m.animation_done(true, &mut out);
    m.animation_done(true, &mut out);
    assert_eq!(out.last(), Some(&done(TWITCH1, true)));
    assert!(m.state().actions().is_empty());
}

/// Worked example of redundant-link truncation: Walk, Run, Walk while the links still play.
#[test]
fn a_b_a_truncates_the_redundant_links() {
    let mut m = MotionTableManager::new(Some(humanoid().build()), Rules::default());
    let mut seq = RecordingSequence::new();
    m.initialize_state(&mut seq);
    let mut out = Vec::new();
    m.check_for_completed_motions(&mut out);
    for mo in [WALK_FORWARD, RUN_FORWARD, WALK_FORWARD] {
        let _ = m.perform_movement(MovementType::InterpretedCommand, mo, 1.0, &mut seq);
    }
    assert_eq!(
        queue(&m),
        [(WALK_FORWARD, 1), (RUN_FORWARD, 0), (WALK_FORWARD, 0)]
    );
    assert_eq!(seq.ops().last(), Some(&SeqOp::RemoveLinkAnimations(2)));
    assert_eq!(node_ids(&seq), [0x110, 0x101]);
    m.animation_done(true, &mut out);
    assert_eq!(out.len(), 4);
    assert!(m.pending().is_empty());
}

#[test]
fn an_action_entry_blocks_the_redundancy_scan() {
    let mut m = MotionTableManager::new(None, Rules::default());
    let mut seq = RecordingSequence::new();
    m.add_to_queue(WALK_FORWARD, 1, &mut seq);
    m.add_to_queue(TWITCH1, 2, &mut seq);
    m.add_to_queue(WALK_FORWARD, 1, &mut seq);
    assert_eq!(
        queue(&m),
        [(WALK_FORWARD, 1), (TWITCH1, 2), (WALK_FORWARD, 1)]
    );
    assert!(seq.ops().is_empty());
    // A style entry matches an earlier equal style even with 0 anims, unless a substate blocks.
    let mut m = MotionTableManager::new(None, Rules::default());
    let sw = ac_motiontable::command::stance::SWORD_COMBAT;
    m.add_to_queue(sw, 0, &mut seq);
    m.add_to_queue(TWITCH1, 0, &mut seq);
    m.add_to_queue(sw, 2, &mut seq);
    assert_eq!(
        m.pending()[2],
        AnimNode {
            motion: sw,
            num_anims: 0
        }
    );
    assert_eq!(seq.ops(), [SeqOp::RemoveLinkAnimations(2)]);
}

#[test]
fn enter_world_removes_links_and_fails_everything() {
    let mut m = MotionTableManager::new(None, Rules::default());
    let mut seq = RecordingSequence::new();
    m.add_to_queue(TWITCH1, 3, &mut seq);
    m.add_to_queue(READY, 0, &mut seq);
    let mut out = Vec::new();
    m.handle_enter_world(&mut seq, &mut out);
    assert_eq!(seq.ops(), [SeqOp::RemoveAllLinkAnimations]);
    assert_eq!(out, [done(TWITCH1, false), done(READY, false)]);
    assert_eq!(m.animation_counter(), 0);
}

/// The manager explains the resolution a movement makes, and explaining changes nothing: the
/// answer, the pending queue, the state and the sequence match a manager that was not asked.
#[test]
fn an_explained_movement_reports_the_resolvers_decisions_and_changes_nothing() {
    use ac_motiontable::explain::{Branch, ExplainEvent, Operation};
    let movements = [
        (MovementType::InterpretedCommand, WALK_FORWARD, 1.0),
        (MovementType::InterpretedCommand, TURN_RIGHT, 1.5),
        (MovementType::StopInterpretedCommand, TURN_RIGHT, 1.0),
        (MovementType::InterpretedCommand, 0x4100_0000, 1.0), // no such motion: refused
        (MovementType::StopCompletely, 0, 1.0),
        (MovementType::RawCommand, WALK_FORWARD, 1.0), // never reaches the table
    ];
    let table = humanoid().build();
    let (mut plain, mut told) = (
        MotionTableManager::new(Some(table.clone()), Rules::default()),
        MotionTableManager::new(Some(table), Rules::default()),
    );
    let (mut plain_seq, mut told_seq) = (RecordingSequence::new(), RecordingSequence::new());
    plain.initialize_state(&mut plain_seq);
    told.initialize_state(&mut told_seq);
    let mut refusals = 0;
    for (kind, motion, speed) in movements {
        let mut events = Vec::new();
        let a = plain.perform_movement(kind, motion, speed, &mut plain_seq);
        let b = told.perform_movement_explaining(kind, motion, speed, &mut told_seq, &mut events);
        assert_eq!(a, b, "{kind:?} {motion:08X}");
        refusals += usize::from(b == WeenieError::NoMtableData);
        assert_eq!(queue(&plain), queue(&told));
        assert_eq!(plain.state(), told.state());
        assert_eq!(plain_seq.take_ops(), told_seq.take_ops());
        let first = events.first().copied();
        match kind {
            MovementType::RawCommand => assert!(events.is_empty(), "{events:?}"),
            MovementType::InterpretedCommand => {
                assert!(
                    matches!(first, Some(ExplainEvent::Call { op: Operation::GetObjectSequence, motion: m, .. }) if m.0 == motion),
                    "{first:?}"
                );
                let refused = events
                    .iter()
                    .any(|e| matches!(e, ExplainEvent::Refused { .. }));
                assert_eq!(refused, b == WeenieError::NoMtableData, "{events:?}");
            }
            _ => assert!(
                matches!(first, Some(ExplainEvent::Call { .. })),
                "{first:?}"
            ),
        }
        if (kind, motion) == (MovementType::InterpretedCommand, WALK_FORWARD) {
            assert!(events.contains(&ExplainEvent::Branch {
                branch: Branch::Substate
            }));
        }
    }
    assert_eq!(refusals, 1, "the unknown motion is refused");
}
