//! The completion chain: AnimDone hook → manager → MotionDone (interpreter) → weenie, in order.

use ac_motioninterp::MovementParameters;
use ac_motiontable::Rules;
use ac_physobj::ObjectEvent;

use crate::common::{WALK_FORWARD, walker};

#[test]
fn link_end_completes_the_walk_in_order() {
    let mut o = walker(1.0);
    assert_eq!(
        o.do_motion(WALK_FORWARD, &MovementParameters::default()),
        Ok(())
    );
    assert!(o.is_animating());
    let mut events = Vec::new();
    for _ in 0..5 {
        o.slice(0.1);
        events.extend(o.drain_events());
    }
    let i = events
        .iter()
        .position(|e| matches!(e, ObjectEvent::AnimHook { hook_type: 4, .. }))
        .expect("the link's AnimationDone hook fires");
    assert_eq!(
        events[i + 1],
        ObjectEvent::MotionDone {
            motion: WALK_FORWARD,
            success: true
        }
    );
    assert_eq!(
        events[i + 2],
        ObjectEvent::WeenieMotionDone {
            motion: WALK_FORWARD,
            success: true
        }
    );
    assert!(o.parts().manager.pending().is_empty());
    assert!(
        !o.is_animating(),
        "the interpreter's queue drained in lock-step"
    );
}

#[test]
fn remove_link_animations_logs_first_then_fails_pending() {
    let mut o = walker(1.0);
    o.do_motion(WALK_FORWARD, &MovementParameters::default())
        .expect("motion accepted");
    o.take_events();
    o.remove_link_animations();
    let ev = o.take_events();
    assert_eq!(ev[0], ObjectEvent::RemoveLinkAnimations);
    assert!(ev.contains(&ObjectEvent::MotionDone {
        motion: WALK_FORWARD,
        success: false
    }));
    assert_eq!(o.parts().sequence.len(), 1, "only the cycle is left");
}

#[test]
fn no_weenie_means_no_weenie_events() {
    let (source, table) = crate::common::data();
    let mut o: ac_physobj::PhysicsObj = ac_physobj::PhysicsObj::new(
        ac_physobj::PartArray::new(
            source,
            Some(ac_motiontable::Resolver::new(table, Rules::default())),
            Rules::default(),
        ),
        None,
    );
    o.set_event_logging(true);
    o.mi_create();
    o.mi_enter_default_state();
    let ev = o.take_events();
    assert!(
        ev.iter()
            .any(|e| matches!(e, ObjectEvent::MotionDone { .. }))
    );
    assert!(
        !ev.iter()
            .any(|e| matches!(e, ObjectEvent::WeenieMotionDone { .. }))
    );
}

#[test]
fn get_minterp_creates_the_interpreter_once() {
    let mut o = crate::common::bare();
    assert!(o.minterp().is_none());
    assert!(o.get_minterp().is_some());
    assert_eq!(o.events()[0], ObjectEvent::MakeMovementManager);
    let n = o.events().len();
    o.get_minterp();
    assert_eq!(o.events().len(), n, "second call creates nothing");
    assert!(o.has_movement_manager());
}

#[test]
fn exit_world_fails_everything_pending() {
    let mut o = walker(1.0);
    o.do_motion(WALK_FORWARD, &MovementParameters::default())
        .expect("motion accepted");
    o.take_events();
    o.exit_world();
    assert!(o.parts().manager.pending().is_empty());
    assert!(!o.is_animating());
    assert!(o.take_events().contains(&ObjectEvent::MotionDone {
        motion: WALK_FORWARD,
        success: false
    }));
}
