//! The stack's `tracing` events as a user's subscriber sees them from the public API: each
//! motion request a span holding the interpreter's and motion table's decisions, each update a
//! span holding its slices. Those tests need the `tracing` feature (the workspace's test run
//! has it through xtask); without it the check is that nothing is logged at all.

use std::sync::Arc;

use ac_physobj::prelude::*;
use ac_testkit::logs::capture;

/// Walks object 7 for 0.3 s and stops it, logging with `filter`; returns the log.
fn walk_logged(filter: &str) -> String {
    let ((), log) = capture(filter, || {
        let anims: AnimationCache = ac_testkit::synthetic::animations().into_iter().collect();
        let mut obj = PhysicsObj::builder()
            .id(7)
            .motion_table(ac_testkit::synthetic::humanoid_table())
            .animations(Arc::new(anims))
            .build();
        let params = MovementParameters::default();
        obj.do_motion(motion::WALK_FORWARD, &params)
            .expect("walking is allowed");
        let r = obj.update_object(0.3, &mut Vec::new());
        assert_eq!(r.slices, 3);
        obj.stop_completely().expect("stopping is allowed");
    });
    log
}

#[cfg(feature = "tracing")]
#[test]
fn decisions_nest_under_the_request_and_slices_under_the_update() {
    let log = walk_logged("ac_physobj=trace,ac_motioninterp=debug,ac_motiontable=debug");
    let request = "perform_movement{object=7 kind=RawCommand motion=WalkForward(0x45000005)}";
    for needle in [
        &format!(
            "{request}: ac_motioninterp::interp: DoInterpretedMotion motion=WalkForward(0x45000005) speed=1.0 path=\"motion table\" result=None"
        ),
        &format!(
            "{request}: ac_motiontable::manager: motion table resolved kind=InterpretedCommand motion=WalkForward(0x45000005)"
        ),
        &format!("{request}: ac_motioninterp::interp: DoMotion motion=WalkForward(0x45000005)"),
        "update_object{object=7 dt=0.3}: ac_physobj::tick: slice quantum=0.1 outcome=\"moved\"",
        "perform_movement{object=7 kind=StopCompletely motion=Invalid(0x00000000)}: ac_motioninterp::interp: StopCompletely",
    ] {
        assert!(log.contains(needle), "{needle:?} not in the log:\n{log}");
    }
    assert_eq!(log.matches("ac_physobj::tick: slice ").count(), 3, "{log}");
}

#[cfg(feature = "tracing")]
#[test]
fn a_filter_selects_one_crate_and_off_logs_nothing() {
    let interp_only = walk_logged("ac_motioninterp=debug");
    assert!(interp_only.contains("DoMotion"), "{interp_only}");
    assert!(!interp_only.contains("ac_motiontable"), "{interp_only}");
    assert!(!interp_only.contains("slice"), "{interp_only}");
    assert_eq!(walk_logged("off"), "");
}

#[cfg(not(feature = "tracing"))]
#[test]
fn without_the_feature_nothing_is_logged_even_at_trace() {
    assert_eq!(walk_logged("trace"), "");
}
