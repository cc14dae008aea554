//! The manager's `tracing` events: what a subscriber sees, filtered by target and level. Those
//! tests need the `tracing` feature (the workspace's test run has it through xtask); without it
//! the check is that nothing is logged at all.

use ac_motiontable::motion::{READY, WALK_FORWARD};
use ac_motiontable::{MotionTableManager, MovementType, RecordingSequence, Rules, WeenieError};
use ac_testkit::logs::capture;

use crate::util::humanoid;

/// Walks and stops a humanoid with the subscriber filtered by `filter`; returns the log.
fn walk_logged(filter: &str) -> String {
    let ((), log) = capture(filter, || {
        let rules = Rules::default();
        let mut m = MotionTableManager::new(Some(humanoid().build()), rules);
        let mut seq = RecordingSequence::new();
        m.initialize_state(&mut seq);
        let kind = MovementType::InterpretedCommand;
        assert_eq!(
            m.perform_movement(kind, WALK_FORWARD, 1.0, &mut seq),
            WeenieError::None
        );
        let mut done = Vec::new();
        m.animation_done(true, &mut done);
        let stop = MovementType::StopInterpretedCommand;
        assert_eq!(
            m.perform_movement(stop, WALK_FORWARD, 1.0, &mut seq),
            WeenieError::None
        );
        assert_eq!(m.state().substate, READY);
    });
    log
}

#[cfg(feature = "tracing")]
#[test]
fn debug_shows_resolutions_and_completions() {
    let log = walk_logged("ac_motiontable=debug");
    assert!(log.contains("motion table resolved kind=InterpretedCommand motion=WalkForward(0x45000005) speed=1.0 ok=true num_anims=1"), "{log}");
    assert!(
        log.contains("motion done (AnimDone) motion=WalkForward(0x45000005) success=true"),
        "{log}"
    );
    assert!(!log.contains("GetObjectSequence"), "explanations are TRACE");
    assert!(!log.contains("queued"), "queue changes are TRACE");
}

#[cfg(feature = "tracing")]
#[test]
fn the_explain_target_at_trace_explains_each_resolution() {
    let log = walk_logged("ac_motiontable::explain=trace");
    assert!(
        log.contains(
            "ac_motiontable::explain: GetObjectSequence WalkForward @1, from NonCombat/Ready @1"
        ),
        "{log}"
    );
    assert!(
        log.contains("ac_motiontable::explain:   link? Links[NonCombat/Ready][WalkForward]"),
        "{log}"
    );
    assert!(
        log.contains(
            "ac_motiontable::explain: StopSequenceMotion WalkForward, from NonCombat/WalkForward @1"
        ),
        "{log}"
    );
    // The stop's nested GetObjectSequence is indented under it.
    assert!(
        log.contains("ac_motiontable::explain:   GetObjectSequence Ready @1 (a stop"),
        "{log}"
    );
    assert!(
        !log.contains("motion table resolved"),
        "only the explain target"
    );
}

#[test]
fn nothing_is_logged_when_the_filter_is_off() {
    assert_eq!(walk_logged("off"), "");
}

#[cfg(not(feature = "tracing"))]
#[test]
fn without_the_feature_nothing_is_logged_even_at_trace() {
    assert_eq!(walk_logged("trace"), "");
}
