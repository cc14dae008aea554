//! The move-to manager through the movement manager, on the recording host: what it asks of
//! the object, in order.

use ac_motioninterp::testing::{HostEvent, RecordingHost};
use ac_motioninterp::{
    MovementManager, MovementParameters, MovementStruct, TargetInfo, TargetStatus, WeenieError,
    motion,
};
use ac_motiontable::{MovementType, Rules};
use ac_sequence::{AFrame, AFrameOps, Position};
use glam::{Quat, Vec3};

fn at(x: f32, y: f32) -> Position {
    Position::new(
        1,
        AFrame {
            origin: Vec3::new(x, y, 0.0),
            orientation: Quat::IDENTITY,
        },
    )
}

fn manager(host: &mut RecordingHost) -> MovementManager {
    let mut mm = MovementManager::with_clock(Rules::ace(), host.now);
    mm.enter_default_state(host);
    host.events.clear();
    mm
}

fn completions(host: &RecordingHost) -> Vec<WeenieError> {
    host.events
        .iter()
        .filter_map(|e| match e {
            HostEvent::MoveComplete(s) => Some(*s),
            _ => None,
        })
        .collect()
}

fn ok_report(id: u32, pos: Position) -> TargetInfo {
    TargetInfo {
        object_id: id,
        status: TargetStatus::Ok,
        target_position: Some(pos),
        interpolated_position: Some(pos),
        ..TargetInfo::default()
    }
}

#[test]
fn turn_to_heading_begins_on_use_time_and_snaps_when_past() {
    let mut host = RecordingHost {
        id: 7,
        ..RecordingHost::default()
    };
    let mut mm = manager(&mut host);
    let p = MovementParameters {
        desired_heading: 90.0,
        ..MovementParameters::default()
    };
    mm.perform_movement(&mut host, &MovementStruct::turn_to_heading(p))
        .unwrap();
    let mt = mm.move_to_manager();
    assert_eq!(mt.movement_type(), MovementType::TurnToHeading);
    assert_eq!(
        mt.current_command(),
        0,
        "the turn waits for the first UseTime"
    );
    host.events.clear();
    mm.use_time(&mut host);
    assert!(
        host.events
            .iter()
            .any(|e| matches!(e, HostEvent::DoMotion(motion::TURN_RIGHT, _, _)))
    );
    // A right turn's first progress test compares with the heading *difference*.
    assert_eq!(mm.move_to_manager().previous_heading(), 90.0);
    host.position.frame.set_heading(91.0);
    host.events.clear();
    mm.use_time(&mut host);
    assert_eq!(host.events[0], HostEvent::SetHeading(90.0));
    assert_eq!(completions(&host), vec![WeenieError::None]);
    assert!(!mm.is_moving_to());
}

#[test]
fn a_do_motion_that_cancels_move_to_cleans_up_before_its_own_motion() {
    let mut host = RecordingHost::default();
    let mut mm = manager(&mut host);
    let mvs = MovementStruct::move_to_position(at(0.0, 20.0), MovementParameters::default());
    mm.perform_movement(&mut host, &mvs).unwrap();
    assert_eq!(
        mm.move_to_manager().current_command(),
        motion::WALK_FORWARD,
        "already facing: the turn node is dropped and the move begins"
    );
    host.events.clear();
    let wave = MovementStruct::new(
        MovementType::RawCommand,
        motion::READY,
        MovementParameters::default(),
    );
    mm.perform_movement(&mut host, &wave).unwrap();
    let ev = &host.events;
    let cancel = ev.iter().position(|e| *e == HostEvent::CancelMoveTo);
    // The move runs (20 m away), so the walk it stops is canonicalised to RunForward.
    let stop_walk = ev
        .iter()
        .position(|e| matches!(e, HostEvent::StopMotion(motion::RUN_FORWARD, _, _)));
    let done = ev
        .iter()
        .position(|e| *e == HostEvent::MoveComplete(WeenieError::ActionCancelled));
    let ready = ev
        .iter()
        .rposition(|e| matches!(e, HostEvent::DoMotion(motion::READY, _, _)));
    assert!(
        cancel < stop_walk && stop_walk < done && done < ready,
        "{ev:?}"
    );
    assert!(!mm.is_moving_to());
}

#[test]
fn move_to_object_waits_for_the_first_report_and_ends_on_a_lost_target() {
    let mut host = RecordingHost {
        id: 1,
        ..RecordingHost::default()
    };
    let mut mm = manager(&mut host);
    let mvs = MovementStruct::move_to_object(9, 9, 0.5, 1.0, MovementParameters::default());
    mm.perform_movement(&mut host, &mvs).unwrap();
    assert!(host.events.contains(&HostEvent::SetTarget(0, 9, 0.5, 0.0)));
    assert!(!mm.move_to_manager().initialized());
    mm.use_time(&mut host);
    assert_eq!(
        mm.move_to_manager().pending().len(),
        0,
        "nothing planned yet"
    );
    // A report about another object is ignored; the target's own report plans the move.
    mm.handle_update_target(&mut host, &ok_report(8, at(0.0, 30.0)));
    assert!(!mm.move_to_manager().initialized());
    mm.handle_update_target(&mut host, &ok_report(9, at(0.0, 30.0)));
    let mt = mm.move_to_manager();
    assert!(mt.initialized());
    assert_eq!(mt.current_command(), motion::WALK_FORWARD);
    // Later OK reports re-aim and restart the progress window with f32::MAX distances.
    mm.handle_update_target(&mut host, &ok_report(9, at(0.0, 31.0)));
    assert_eq!(mm.move_to_manager().previous_distance(), f32::MAX);
    host.events.clear();
    let gone = TargetInfo {
        object_id: 9,
        status: TargetStatus::ExitWorld,
        ..TargetInfo::default()
    };
    mm.handle_update_target(&mut host, &gone);
    assert!(host.events.contains(&HostEvent::ClearTarget));
    assert_eq!(completions(&host), vec![WeenieError::ObjectGone]);
}

#[test]
fn a_failed_first_report_is_no_object() {
    let mut host = RecordingHost {
        id: 1,
        ..RecordingHost::default()
    };
    let mut mm = manager(&mut host);
    let mvs = MovementStruct::turn_to_object(9, 9, MovementParameters::default());
    mm.perform_movement(&mut host, &mvs).unwrap();
    let timed_out = TargetInfo {
        object_id: 9,
        status: TargetStatus::TimedOut,
        ..TargetInfo::default()
    };
    mm.handle_update_target(&mut host, &timed_out);
    assert_eq!(completions(&host), vec![WeenieError::NoObject]);
}

#[test]
fn an_object_with_id_zero_completes_on_the_report_for_target_zero() {
    // The report for target 0 matches an idle manager's top-level id (0) and the object's own
    // id (0): the "following myself" branch completes, even with nothing under way.
    let mut host = RecordingHost::default();
    let mut mm = manager(&mut host);
    let report = TargetInfo {
        status: TargetStatus::TimedOut,
        ..TargetInfo::default()
    };
    mm.handle_update_target(&mut host, &report);
    assert_eq!(completions(&host), vec![WeenieError::None]);
}

#[test]
fn moving_to_oneself_never_reports() {
    let mut host = RecordingHost {
        id: 3,
        ..RecordingHost::default()
    };
    let mut mm = manager(&mut host);
    let mvs = MovementStruct::move_to_object(3, 3, 0.0, 0.0, MovementParameters::default());
    mm.perform_movement(&mut host, &mvs).unwrap();
    assert!(!mm.is_moving_to());
    assert!(completions(&host).is_empty());
    assert!(
        !host
            .events
            .iter()
            .any(|e| matches!(e, HostEvent::SetTarget(..)))
    );
}

#[test]
fn stale_stored_flags_decide_the_final_turn_of_move_to_position() {
    let mut host = RecordingHost::default();
    let mut mm = manager(&mut host);
    let mut p = MovementParameters {
        desired_heading: 45.0,
        ..MovementParameters::default()
    };
    p.flags
        .insert(ac_motioninterp::MovementParamFlags::USE_FINAL_HEADING);
    // The first move reads the fresh manager's flags (no UseFinalHeading): no final turn.
    mm.perform_movement(
        &mut host,
        &MovementStruct::move_to_position(at(0.0, 20.0), p),
    )
    .unwrap();
    assert_eq!(mm.move_to_manager().pending().len(), 1);
    // The next one reads the stored flags of the first: a final turn to 45.
    let plain = MovementParameters {
        desired_heading: 45.0,
        ..MovementParameters::default()
    };
    mm.perform_movement(
        &mut host,
        &MovementStruct::move_to_position(at(0.0, 20.0), plain),
    )
    .unwrap();
    let nodes: Vec<_> = mm.move_to_manager().pending().collect();
    assert_eq!(
        nodes.last(),
        Some(&ac_motioninterp::moveto::MoveToNode::Turn(45.0))
    );
}

#[test]
fn retail_managers_start_from_retail_defaults() {
    let mm = MovementManager::new(Rules::retail());
    let p = *mm.move_to_manager().params();
    assert_eq!(p.walk_run_threshold, 15.0);
    assert_eq!(p.flags.bits(), 0x1EE0F);
    let ace = MovementManager::new(Rules::ace());
    assert_eq!(ace.move_to_manager().params().walk_run_threshold, 1.0);
}
