//! Replays of the recorded sessions (`ac_physobj::replay`) on the synthetic humanoid: every
//! message about the subject applied, one sample per recorded position, and the prediction
//! following the recording (loosely: the synthetic animations are not the retail ones).

use std::sync::OnceLock;

use ac_physobj::prelude::*;
use ac_physobj::replay::{Model, Recorded, ReplayOptions, ReplayReport, Subject, replay};
use ac_physobj::wire::{GameAction, Message};
use ac_testkit::synthetic;

use crate::realdata::session;

/// The synthetic portal DAT, generated once.
fn portal() -> &'static PortalDat {
    static PORTAL: OnceLock<PortalDat> = OnceLock::new();
    PORTAL.get_or_init(|| {
        let bytes = synthetic::synthetic_dat(synthetic::DEFAULT_SEED).expect("synthetic DAT");
        PortalDat::new(DatArchive::from_vec(bytes).expect("synthetic DAT opens"))
    })
}

fn recorded(name: &str) -> Vec<Recorded> {
    session(name)
        .iter()
        .map(|r| Recorded {
            index: r.idx,
            t: r.t_rel,
            message: r.message(),
        })
        .collect()
}

/// One sample per recorded position of the subject after the one that placed it, in
/// recording order, each with the recorded position and a finite error that is the distance
/// to the prediction.
fn check_samples(records: &[Recorded], report: &ReplayReport) {
    let subject = report.subject;
    let recorded: Vec<(u64, Position)> = records
        .iter()
        .filter_map(|r| {
            let p = match (subject, &r.message) {
                (Subject::LocalPlayer, Message::GameAction { action, .. }) => match action {
                    GameAction::MoveToState(m) => m.position,
                    GameAction::AutonomousPosition(a) => a.position,
                    GameAction::Jump(j) => j.position,
                },
                (Subject::Remote(g), Message::UpdatePosition(u)) if u.guid == g => u.position,
                (Subject::Remote(g), Message::CreateObject(c)) if c.guid == g => {
                    c.physics.position?
                }
                _ => return None,
            };
            Some((r.index, p))
        })
        .skip(1)
        .collect();
    let sampled: Vec<(u64, Position)> = report
        .samples
        .iter()
        .map(|s| (s.index, s.recorded))
        .collect();
    assert_eq!(
        sampled, recorded,
        "{subject}: one sample per recorded position"
    );
    for s in &report.samples {
        assert!(s.error.is_finite() && s.heading_error.is_finite(), "{s:?}");
        assert_eq!(s.error, s.predicted.distance(&s.recorded), "{s:?}");
        assert!((0.0..=180.0).contains(&s.heading_error), "{s:?}");
    }
    let summary = report.summary();
    assert!(summary.mean.is_finite() && summary.max >= summary.mean);
}

#[test]
fn remote_replays_apply_every_message_and_follow_the_recording() {
    for (name, guid, positions) in [
        // The Chicken walking back and forth on MoveToPositions.
        ("combat-mode-while-moving", 0x8000_0463, 246),
        // The player as the others see it, moved to objects by the server.
        ("combat-mode-while-moving", 0x5000_0013, 128),
        // The player jumping: lifted by its VectorUpdate, landed by the replay.
        ("first-login-walk-jump", 0x5000_0002, 15),
    ] {
        let records = recorded(name);
        let options = ReplayOptions {
            model: Model::Setup(synthetic::HUMANOID_SETUP_ID),
            ..ReplayOptions::new(Subject::Remote(guid))
        };
        let report = replay(portal(), &records, &options).expect("replays");
        let about = records
            .iter()
            .filter(|r| r.message.guid() == Some(guid))
            .count();
        assert_eq!(
            report.events.iter().filter(|e| e.index.is_some()).count(),
            about,
            "{name} 0x{guid:08X}: every message about it applied"
        );
        assert_eq!(report.refusals().count(), 0, "{name} 0x{guid:08X}");
        check_samples(&records, &report);
        let summary = report.summary();
        assert_eq!(summary.count, positions, "{name} 0x{guid:08X}");
        // Position correction keeps the prediction near the recording (synthetic speeds, so
        // only loosely): the mean stays within a metre.
        assert!(summary.mean < 1.0, "{name} 0x{guid:08X}: {summary:?}");
    }
}

#[test]
fn the_first_login_replay_of_the_player_runs_stops_turns_and_jumps() {
    let records = recorded("first-login-walk-jump");
    let options = ReplayOptions {
        model: Model::Setup(synthetic::HUMANOID_SETUP_ID),
        ..ReplayOptions::new(Subject::LocalPlayer)
    };
    let report = replay(portal(), &records, &options).expect("replays");
    assert_eq!(report.guid, Some(0x5000_0002));
    assert_eq!(report.run_rate, Some(1.975_806_5));
    // 12 MoveToStates, 5 AutonomousPositions, 1 Jump; the first placed the object.
    assert_eq!(report.samples.len(), 17);
    check_samples(&records, &report);
    assert_eq!(report.refusals().count(), 0);
    // The run from 94.3 s to 95.0 s moved the prediction about as far as the player ran (5 m).
    let stop = report
        .samples
        .iter()
        .find(|s| s.index == 155)
        .expect("the stop");
    let ran = stop.recorded.distance(&report.samples[1].recorded);
    let predicted = stop.predicted.distance(&report.samples[1].recorded);
    assert!((ran - 5.03).abs() < 0.01, "{ran}");
    assert!((predicted - ran).abs() < 1.0, "{predicted} vs {ran}");
    // The jump came down on the ground again.
    assert_eq!(
        report.events.iter().filter(|e| e.kind == "Landed").count(),
        1
    );
    let last = report.path.last().expect("a path");
    assert_eq!(
        last.position.frame.origin.z,
        records[0..]
            .iter()
            .find_map(|r| match &r.message {
                Message::GameAction {
                    action: GameAction::Jump(j),
                    ..
                } => Some(j.position.frame.origin.z),
                _ => None,
            })
            .expect("a jump")
    );
}

#[test]
fn the_combat_replay_of_the_player_takes_the_motions_the_server_imposed() {
    let records = recorded("combat-mode-while-moving");
    let options = ReplayOptions {
        model: Model::Setup(synthetic::HUMANOID_SETUP_ID),
        ..ReplayOptions::new(Subject::LocalPlayer)
    };
    let report = replay(portal(), &records, &options).expect("replays");
    let guid = report.guid.expect("the server echoes the player");
    assert_eq!(guid, 0x5000_0013);
    // 63 MoveToStates and 64 AutonomousPositions; the first placed the player.
    assert_eq!(report.samples.len(), 126);
    check_samples(&records, &report);
    // Every server-imposed motion (stance changes, moves to objects the recording created
    // before the player's first report) applied, none refused.
    let imposed = records
        .iter()
        .filter(|r| matches!(&r.message, Message::UpdateMotion(m) if m.guid == guid && m.autonomous == 0))
        .count();
    let applied = report
        .events
        .iter()
        .filter(|e| e.kind == "UpdateMotion")
        .count();
    assert!(imposed > 0);
    assert_eq!(applied, imposed);
    assert_eq!(report.refusals().count(), 0);
    // Without them the player would run on after the server stopped it (16.9 m off at most).
    let summary = report.summary();
    assert!(summary.mean < 1.0 && summary.max < 8.0, "{summary:?}");
}
