//! MoveOrTeleport decisions and the constraint manager.

use ac_dat::Frame;
use ac_interp_manager::{
    ConstraintManager, MoveOrTeleportAction as A, PositionManager, move_or_teleport_action,
    stamp_is_newer,
};
use ac_motiontable::Rules;
use ac_sequence::AFrameOps;
use glam::Vec3;

use crate::host::{HostEvent, TestHost, pos};

#[test]
fn move_or_teleport_96_rule() {
    assert_eq!(
        move_or_teleport_action(0, 0, true, true, 95.99999),
        A::Interpolate
    );
    assert_eq!(move_or_teleport_action(0, 0, true, true, 96.0), A::Place);
    assert_eq!(
        move_or_teleport_action(0, 0, true, true, f32::MAX),
        A::Place
    );
    assert_eq!(move_or_teleport_action(0, 0, true, false, 10.0), A::Refuse);
    assert!(!A::Refuse.result());
    assert!(A::Place.result() && A::Teleport.result() && A::Interpolate.result());
}

#[test]
fn move_or_teleport_stamps() {
    // Older stamp: refused even with contact and no cell.
    assert_eq!(
        move_or_teleport_action(100, 99, false, true, 10.0),
        A::Refuse
    );
    // Newer stamp: teleport, even without contact.
    assert_eq!(
        move_or_teleport_action(100, 101, true, false, 10.0),
        A::Teleport
    );
    // Equal stamp: neither; falls through to the contact / distance rules.
    assert_eq!(
        move_or_teleport_action(100, 100, true, true, 10.0),
        A::Interpolate
    );
    // No cell: teleport.
    assert_eq!(
        move_or_teleport_action(100, 100, false, false, 10.0),
        A::Teleport
    );
    // Wrap-around: 65535 → 2 across the 16-bit boundary is "newer" only within 32767.
    assert!(stamp_is_newer(10, 20));
    assert!(!stamp_is_newer(20, 10));
    assert!(stamp_is_newer(40000, 2)); // |2 - 40000| > 32767 → 2 < 40000 → newer
    assert_eq!(
        move_or_teleport_action(2, 40000, true, true, 10.0),
        A::Refuse
    );
    // Extreme values wrap like C#'s unchecked int (MAX - MIN = -1: one apart) and never
    // overflow.
    assert!(stamp_is_newer(i32::MIN, i32::MAX));
    let _ = move_or_teleport_action(i32::MAX, i32::MIN, true, true, 0.0);
}

fn step_frame(y: f32) -> Frame {
    Frame {
        origin: Vec3::new(0.0, y, 0.0),
        ..Frame::IDENTITY
    }
}

#[test]
fn constraint_scales_then_stops() {
    let host = TestHost::at(0xA9B4_0105, 10.0, 20.0, 0.0);
    let mut c = ConstraintManager::new(Rules::ace());
    // Object 3 from the constraint point; scaling between 2 and 4.
    c.constrain_to(&host, &pos(0xA9B4_0105, 10.0, 17.0, 0.0), 2.0, 4.0);
    assert_eq!(c.pos_offset(), 3.0);
    assert!(!c.is_fully_constrained()); // 3.6 < 3 is false
    let mut off = step_frame(1.0);
    c.adjust_offset(&host, &mut off);
    assert_eq!(off.origin.y, 0.5, "(4 - 3) / (4 - 2)");
    // ACE stores this slice's length (quirk `constraint-offset`): 0.5 < start → no scaling next time.
    assert_eq!(c.pos_offset(), 0.5);
    let mut off = step_frame(1.0);
    c.adjust_offset(&host, &mut off);
    assert_eq!(off.origin.y, 1.0);
    c.unconstrain();
    let mut off = step_frame(7.0);
    c.adjust_offset(&host, &mut off);
    assert_eq!(off.origin.y, 7.0);
    assert_eq!(c.pos_offset(), 1.0, "unconstrained: untouched");
}

#[test]
fn constraint_retail_accumulates() {
    let host = TestHost::at(0xA9B4_0105, 10.0, 20.0, 0.0);
    let mut c = ConstraintManager::new(Rules::retail());
    c.constrain_to(&host, &pos(0xA9B4_0105, 10.0, 17.0, 0.0), 2.0, 4.0);
    let mut off = step_frame(1.0);
    c.adjust_offset(&host, &mut off);
    assert_eq!(c.pos_offset(), 3.5);
    let mut off = step_frame(1.0);
    c.adjust_offset(&host, &mut off);
    assert_eq!(off.origin.y, 0.25);
    assert_eq!(c.pos_offset(), 3.75);
    assert!(c.is_fully_constrained());
    let mut off = step_frame(1.0);
    c.adjust_offset(&host, &mut off);
    assert_eq!(off.origin.y, 0.125, "each slice halves the remaining slack");
    // Constrained from beyond max: zeroed at once.
    c.constrain_to(&host, &pos(0xA9B4_0105, 10.0, 15.0, 0.0), 2.0, 4.0);
    let mut off = step_frame(1.0);
    c.adjust_offset(&host, &mut off);
    assert_eq!(
        off.origin,
        Vec3::ZERO,
        "at max distance the offset is zeroed"
    );
    assert_eq!(c.pos_offset(), 5.0);
}

#[test]
fn constraint_needs_contact_to_scale() {
    let mut host = TestHost::at(0xA9B4_0105, 10.0, 20.0, 0.0);
    host.contact = false;
    let mut pm = PositionManager::new(Rules::default());
    pm.constrain_to(&host, &pos(0xA9B4_0105, 10.0, 10.0, 0.0), 2.0, 4.0);
    assert!(pm.is_fully_constrained());
    let mut off = step_frame(1.0);
    pm.adjust_offset(&mut host, &mut off, 0.1);
    assert_eq!(off.origin.y, 1.0);
    pm.unconstrain();
    assert!(pm.constraint().is_some_and(|c| !c.is_constrained()));
}

#[test]
fn sticky_pull_towards_target() {
    let mut host = TestHost::at(0xA9B4_0105, 10.0, 20.0, 0.0);
    host.radius = 0.5;
    host.max_speed = Some(1.0);
    let mut pm = PositionManager::new(Rules::default());
    pm.stick_to(&mut host, 7, 0.5, 1.0);
    assert_eq!(host.commands(), vec![HostEvent::SetTarget(7)]);
    // Not initialised: no pull.
    let mut off = step_frame(0.3);
    pm.adjust_offset(&mut host, &mut off, 0.1);
    assert_eq!(off.origin.y, 0.3);
    // A report about another object is ignored; ours arms the pull.
    pm.handle_update_target(&mut host, 8, Some(&pos(0xA9B4_0105, 0.0, 0.0, 0.0)));
    assert!(pm.sticky().is_some_and(|s| !s.is_initialized()));
    pm.handle_update_target(&mut host, 7, Some(&pos(0xA9B4_0105, 10.0, 25.0, 0.0)));
    let mut off = step_frame(0.3);
    pm.adjust_offset(&mut host, &mut off, 0.1);
    // 5 * max speed * q = 0.5 straight ahead (north), replacing the animation's 0.3.
    assert_eq!(off.origin, Vec3::new(0.0, 0.5, 0.0));
    assert_eq!(off.get_heading(), 0.0);
    // The live position of the target wins over the reported one; close in: the step is the
    // remaining gap (here negative: backing off to 0.3 between the cylinders).
    host.others.push((7, pos(0xA9B4_0105, 11.0, 20.0, 0.0)));
    let mut off = step_frame(0.0);
    pm.adjust_offset(&mut host, &mut off, 0.1);
    let gap = (1.0f32 - (0.5 + 0.5)) - 0.3;
    assert_eq!(off.origin.x, gap);
    assert_eq!(off.get_heading(), 90.0);
}

#[test]
fn sticky_times_out_after_one_second() {
    let mut host = TestHost::at(0xA9B4_0105, 10.0, 20.0, 0.0);
    host.time = 5.0;
    let mut pm = PositionManager::new(Rules::default());
    pm.stick_to(&mut host, 7, 0.5, 1.0);
    host.time = 6.0;
    pm.use_time(&mut host);
    assert_eq!(pm.sticky_object_id(), 7, "exactly 1 s: still stuck");
    // Updates do not extend the timeout (quirk `sticky-one-second`).
    pm.handle_update_target(&mut host, 7, Some(&pos(0xA9B4_0105, 10.0, 21.0, 0.0)));
    host.time = 6.01;
    pm.use_time(&mut host);
    assert_eq!(pm.sticky_object_id(), 0);
    assert_eq!(
        host.commands(),
        vec![
            HostEvent::SetTarget(7),
            HostEvent::ClearTarget,
            HostEvent::CancelMoveTo
        ]
    );
    // Clearing again does nothing.
    pm.unstick(&mut host);
    assert_eq!(host.commands().len(), 3);
}

#[test]
fn sticky_lost_target_unsticks_and_restick_replaces() {
    let mut host = TestHost::at(0xA9B4_0105, 10.0, 20.0, 0.0);
    let mut pm = PositionManager::new(Rules::default());
    pm.stick_to(&mut host, 7, 0.5, 1.0);
    pm.stick_to(&mut host, 9, 0.5, 1.0);
    assert_eq!(pm.sticky_object_id(), 9);
    pm.handle_update_target(&mut host, 9, None);
    assert_eq!(pm.sticky_object_id(), 0);
    assert_eq!(
        host.commands(),
        vec![
            HostEvent::SetTarget(7),
            HostEvent::ClearTarget,
            HostEvent::CancelMoveTo,
            HostEvent::SetTarget(9),
            HostEvent::ClearTarget,
            HostEvent::CancelMoveTo
        ]
    );
}
