//! Behaviour tests of the InterpolationManager with the test double host.

// Quaternion components are written as the corpus prints them (0.7071068 is not FRAC_1_SQRT_2).
#![allow(clippy::approx_constant)]

use ac_dat::Frame;
use ac_interp_manager::interpolation::{LARGE_DISTANCE, MAX_QUEUE_LEN};
use ac_interp_manager::{InterpolationManager, NodeType, PositionManager};
use ac_motiontable::Rules;
use ac_sequence::AFrameOps;
use ac_sequence::aframe::nmath;
use glam::Vec3;

use crate::host::{HostEvent, TestHost, pos, pos_q};

const INDOOR: u32 = 0xA9B4_0105;
const OUTDOOR: u32 = 0xA9B4_0021;

/// One slice as the object layer runs it around the manager: adjust the (identity) offset,
/// move the object by the result (no physics), then UseTime. Returns the adjusted offset.
fn slice(host: &mut TestHost, pm: &mut PositionManager, q: f32) -> Frame {
    let mut off = Frame::IDENTITY;
    pm.adjust_offset(host, &mut off, f64::from(q));
    host.pos.frame.origin += nmath::transform(off.origin, host.pos.frame.orientation);
    host.pos.frame.orientation = nmath::quat_mul(host.pos.frame.orientation, off.orientation);
    pm.use_time(host);
    off
}

fn origins(im: &InterpolationManager) -> Vec<Vec3> {
    im.nodes().map(|n| n.position.frame.origin).collect()
}

#[test]
fn fresh_manager_state() {
    let im = InterpolationManager::new();
    assert!(im.is_empty());
    assert_eq!(im.node_fail_counter(), 0);
    assert_eq!(im.frame_counter(), 0);
    assert_eq!(im.progress_quantum(), 0.0);
    assert_eq!(im.original_distance(), LARGE_DISTANCE);
    assert!(!im.keep_heading());
    assert_eq!(im.blip_to().cell_id, 0);
}

#[test]
fn queue_is_capped_at_20_by_dropping_the_head() {
    let mut host = TestHost::at(OUTDOOR, 10.0, 10.0, 0.0);
    let mut im = InterpolationManager::new();
    for i in 0..25 {
        im.interpolate_to(&mut host, &pos(OUTDOOR, 11.0 + i as f32, 10.0, 0.0), false);
    }
    assert_eq!(im.len(), MAX_QUEUE_LEN);
    // The five oldest were dropped: the head is the 6th position sent.
    assert_eq!(origins(&im)[0], Vec3::new(16.0, 10.0, 0.0));
    assert_eq!(origins(&im)[19], Vec3::new(35.0, 10.0, 0.0));
    assert_eq!(im.node_fail_counter(), 0);
}

#[test]
fn far_positions_ignore_the_cap() {
    let mut host = TestHost::at(OUTDOOR, 10.0, 10.0, 0.0);
    let mut im = InterpolationManager::new();
    for i in 0..20 {
        im.interpolate_to(&mut host, &pos(OUTDOOR, 11.0 + i as f32, 10.0, 0.0), false);
    }
    im.interpolate_to(&mut host, &pos(OUTDOOR, 150.0, 10.0, 0.0), false);
    assert_eq!(im.len(), 21);
    assert_eq!(im.node_fail_counter(), 4);
}

#[test]
fn tail_within_005_is_replaced() {
    let mut host = TestHost::at(INDOOR, 10.0, 20.0, 0.0);
    let mut im = InterpolationManager::new();
    im.interpolate_to(&mut host, &pos(INDOOR, 10.0, 21.5, 0.0), false);
    im.interpolate_to(&mut host, &pos(INDOOR, 10.0, 22.0, 0.0), false);
    im.interpolate_to(&mut host, &pos(INDOOR, 10.0, 22.03, 0.0), false);
    assert_eq!(
        origins(&im),
        vec![Vec3::new(10.0, 21.5, 0.0), Vec3::new(10.0, 22.03, 0.0)]
    );
}

#[test]
fn blip_distance_indoor_20_outdoor_100_player_25() {
    // Indoors: exactly 20 from the object is near, beyond is far.
    let mut host = TestHost::at(INDOOR, 0.0, 0.0, 0.0);
    let mut im = InterpolationManager::new();
    im.interpolate_to(&mut host, &pos(INDOOR, 20.0, 0.0, 0.0), false);
    assert_eq!(im.node_fail_counter(), 0);
    // Measured from the tail (20,0): 40 is 20 away → near as well.
    im.interpolate_to(&mut host, &pos(INDOOR, 40.0, 0.0, 0.0), false);
    assert_eq!(im.node_fail_counter(), 0);
    im.interpolate_to(&mut host, &pos(INDOOR, 60.5, 0.0, 0.0), false);
    assert_eq!(im.node_fail_counter(), 4);

    // The local player gets 25 indoors.
    let mut player = TestHost::at(INDOOR, 0.0, 0.0, 0.0);
    player.local_player = true;
    let mut im = InterpolationManager::new();
    im.interpolate_to(&mut player, &pos(INDOOR, 24.0, 0.0, 0.0), false);
    assert_eq!(im.node_fail_counter(), 0);

    // Outdoors: 100.
    let mut host = TestHost::at(OUTDOOR, 0.0, 0.0, 0.0);
    let mut im = InterpolationManager::new();
    im.interpolate_to(&mut host, &pos(OUTDOOR, 100.0, 0.0, 0.0), false);
    assert_eq!(im.node_fail_counter(), 0);
    im.interpolate_to(&mut host, &pos(OUTDOOR, 200.5, 0.0, 0.0), false);
    assert_eq!(im.node_fail_counter(), 4);
}

#[test]
fn far_position_blips_on_use_time() {
    let mut host = TestHost::at(INDOOR, 10.0, 20.0, 0.0);
    host.contact = false;
    let mut pm = PositionManager::new(Rules::default());
    pm.interpolate_to(&mut host, &pos(INDOOR, 40.0, 20.0, 0.0), false);
    let off = slice(&mut host, &mut pm, 0.1);
    // No contact: no correction, but UseTime blips to the tail.
    assert_eq!(off, Frame::IDENTITY);
    assert_eq!(
        host.commands(),
        vec![HostEvent::SetPosition(pos(INDOOR, 40.0, 20.0, 0.0))]
    );
    assert!(!pm.is_interpolating());
    assert_eq!(pm.interpolation().map(|i| i.node_fail_counter()), Some(0));
}

#[test]
fn correction_is_capped_at_twice_the_adjusted_speed() {
    let mut host = TestHost::at(INDOOR, 10.0, 20.0, 0.0);
    host.speed = Some(4.0);
    let mut pm = PositionManager::new(Rules::default());
    pm.interpolate_to(&mut host, &pos(INDOOR, 10.0, 23.0, 0.0), false);
    let off = slice(&mut host, &mut pm, 0.1);
    // 8 m/s * 0.1 s, scaled as origin * ((f32)step / m): 3 * (0.8 / 3).
    assert_eq!(off.origin, Vec3::new(0.0, 3.0 * (0.8f32 / 3.0), 0.0));
    assert_eq!(host.events[0], HostEvent::MaxSpeed);
}

#[test]
fn zero_speed_falls_back_to_7_5() {
    let mut host = TestHost::at(INDOOR, 10.0, 20.0, 0.0);
    host.speed = Some(0.0);
    let mut pm = PositionManager::new(Rules::default());
    pm.interpolate_to(&mut host, &pos(INDOOR, 11.2, 20.0, 0.0), false);
    let off = slice(&mut host, &mut pm, 0.1);
    assert_eq!(off.origin.x, 0.75);
    let off = slice(&mut host, &mut pm, 0.1);
    // The remaining 0.45 is under the cap: the object lands exactly on the node.
    assert_eq!(host.pos.frame.origin.x, 11.2);
    assert!(off.origin.x < 0.75);
    // Next slice: within 0.05 → completed, queue empty, offset untouched.
    let off = slice(&mut host, &mut pm, 0.05);
    assert_eq!(off, Frame::IDENTITY);
    assert!(!pm.is_interpolating());
}

#[test]
fn audit_failure_far_from_node_counts_and_blips_to_blip_to() {
    // A velocity pushing back as hard as the correction pulls: the scenario
    // interp_audit_fail_blip, with the physics folded into the slice by hand.
    let mut host = TestHost::at(INDOOR, 10.0, 20.0, 0.0);
    let mut pm = PositionManager::new(Rules::default());
    pm.interpolate_to(&mut host, &pos(INDOOR, 10.0, 23.0, 0.0), false);
    for _ in 0..9 {
        slice(&mut host, &mut pm, 0.1);
        host.pos.frame.origin.y -= 0.75;
    }
    let im = pm.interpolation().expect("im");
    assert_eq!(im.frame_counter(), 4);
    assert!(im.original_distance() < 3.0);
    // Fifth frame of the second period: progress 0.25 over 0.4 s at 8 m/s < 30 %.
    let off = slice(&mut host, &mut pm, 0.1);
    assert_eq!(
        off,
        Frame::IDENTITY,
        "a failed audit leaves the offset alone"
    );
    // The failure was recorded, the node dropped into blip_to, and UseTime (fail 1, empty
    // queue) blipped there and reset the counter.
    assert_eq!(
        host.commands().last(),
        Some(&HostEvent::SetPosition(pos(INDOOR, 10.0, 23.0, 0.0)))
    );
    let im = pm.interpolation().expect("im");
    assert_eq!(im.node_fail_counter(), 0);
    assert_eq!(im.blip_to().frame.origin, Vec3::new(10.0, 23.0, 0.0));
    assert!(im.is_empty());
}

#[test]
fn audit_failure_within_02_counts_as_success() {
    let mut host = TestHost::at(INDOOR, 10.0, 20.0, 0.0);
    let mut pm = PositionManager::new(Rules::default());
    pm.interpolate_to(&mut host, &pos(INDOOR, 10.0, 20.15, 0.0), false);
    // Hold the object in place: five frames with no progress, 0.15 from the node.
    for _ in 0..5 {
        let before = host.pos;
        slice(&mut host, &mut pm, 0.1);
        if pm.is_interpolating() {
            host.pos = before;
        }
    }
    // The 5th frame's audit passes on the first period (original distance 999999), so hold
    // for a second period.
    for _ in 0..5 {
        let before = host.pos;
        slice(&mut host, &mut pm, 0.1);
        if pm.is_interpolating() {
            host.pos = before;
        }
    }
    let im = pm.interpolation().expect("im");
    assert!(im.is_empty());
    assert_eq!(im.node_fail_counter(), 0);
    assert_eq!(im.blip_to().cell_id, 0, "success does not set blip_to");
    assert!(
        !host
            .commands()
            .iter()
            .any(|e| matches!(e, HostEvent::SetPosition(_)))
    );
}

#[test]
fn four_failures_blip_to_the_tail() {
    let mut host = TestHost::at(INDOOR, 0.0, 0.0, 0.0);
    let mut pm = PositionManager::new(Rules::default());
    for x in [2.0, 4.0, 6.0, 8.0, 10.0] {
        pm.interpolate_to(&mut host, &pos(INDOOR, x, 0.0, 0.0), false);
    }
    // Pin the object: every audit after the first period fails (no progress, > 0.2 away).
    let mut fails = Vec::new();
    for _ in 0..25 {
        let before = host.pos;
        slice(&mut host, &mut pm, 0.1);
        if host.commands().is_empty() {
            host.pos = before;
        }
        fails.push(pm.interpolation().map_or(-1, |i| i.node_fail_counter()));
    }
    // Baseline at frame 5; failures at frames 10, 15, 20; the 4th (frame 25) blips.
    assert_eq!(fails[4], 0);
    assert_eq!(fails[9], 1);
    assert_eq!(fails[14], 2);
    assert_eq!(fails[19], 3);
    assert_eq!(fails[24], 0, "the blip stops interpolating");
    assert_eq!(
        host.commands(),
        vec![HostEvent::SetPosition(pos(INDOOR, 10.0, 0.0, 0.0))]
    );
    assert!(!pm.is_interpolating());
}

#[test]
fn velocity_and_jump_heads_run_in_use_time() {
    let mut host = TestHost::at(INDOOR, 10.0, 20.0, 0.0);
    let mut pm = PositionManager::new(Rules::default());
    pm.push_velocity(Vec3::new(1.0, 2.0, 0.0));
    pm.push_jump(0.5);
    pm.interpolate_to(&mut host, &pos(INDOOR, 11.0, 20.0, 0.0), false);
    let off = slice(&mut host, &mut pm, 0.1);
    assert_eq!(off, Frame::IDENTITY, "adjust_offset skips a velocity head");
    assert_eq!(
        host.commands(),
        vec![HostEvent::SetVelocity(Vec3::new(1.0, 2.0, 0.0))]
    );
    let im = pm.interpolation().expect("im");
    assert_eq!(im.nodes().next().map(|n| n.node_type), Some(NodeType::Jump));
    slice(&mut host, &mut pm, 0.1);
    let im = pm.interpolation().expect("im");
    assert_eq!(im.len(), 1);
    // The jump completed onto a position head: a new audit baseline.
    assert_eq!(im.original_distance(), 1.0);
}

#[test]
fn blip_with_velocity_tail_goes_to_last_position_and_applies_velocity() {
    let mut host = TestHost::at(INDOOR, 11.1, 20.2, 0.0);
    let mut im = InterpolationManager::new();
    im.interpolate_to(&mut host, &pos(INDOOR, 12.0, 20.0, 0.0), false);
    im.interpolate_to(&mut host, &pos(INDOOR, 14.0, 20.0, 0.0), false);
    im.interpolate_to(&mut host, &pos(INDOOR, 50.0, 20.0, 0.0), false);
    im.push_velocity(Vec3::new(0.0, 3.0, 0.0));
    assert_eq!(im.node_fail_counter(), 4);
    im.use_time(&mut host);
    assert_eq!(
        host.commands(),
        vec![
            HostEvent::SetPosition(pos(INDOOR, 50.0, 20.0, 0.0)),
            HostEvent::SetVelocity(Vec3::new(0.0, 3.0, 0.0)),
        ]
    );
    assert!(im.is_empty());
}

#[test]
fn blip_without_position_node_goes_to_blip_to() {
    let mut host = TestHost::at(INDOOR, 80.0, 20.0, 0.0);
    let mut im = InterpolationManager::new();
    im.push_velocity(Vec3::new(1.0, 1.0, 0.0));
    // Failing the velocity node alone: blip_to = its (cell 0) position, queue empty.
    im.node_completed(&host, false);
    assert!(im.is_empty());
    assert_eq!(im.blip_to().cell_id, 0);
    // fail 0: UseTime does nothing.
    im.use_time(&mut host);
    assert!(host.commands().is_empty());
    // Far position then velocity tail, scanned: the far node is the last position node.
    im.push_velocity(Vec3::new(5.0, 0.0, 0.0));
    im.interpolate_to(&mut host, &pos(INDOOR, 200.0, 20.0, 0.0), false);
    im.push_jump(1.0);
    im.use_time(&mut host);
    assert_eq!(
        host.commands(),
        vec![
            HostEvent::SetPosition(pos(INDOOR, 200.0, 20.0, 0.0)),
            HostEvent::SetVelocity(Vec3::ZERO),
        ]
    );
}

#[test]
fn stop_keeps_keep_heading_and_blip_to() {
    let mut host = TestHost::at(INDOOR, 10.0, 20.0, 0.0);
    let mut im = InterpolationManager::new();
    im.interpolate_to(&mut host, &pos(INDOOR, 11.0, 20.0, 0.0), true);
    im.interpolate_to(&mut host, &pos(INDOOR, 12.0, 20.0, 0.0), true);
    im.node_completed(&host, false);
    im.node_completed(&host, false);
    assert_eq!(im.blip_to().frame.origin.x, 12.0);
    im.interpolate_to(&mut host, &pos(INDOOR, 50.0, 20.0, 0.0), true);
    assert_eq!(im.node_fail_counter(), 4);
    im.stop_interpolating();
    assert!(im.is_empty());
    assert_eq!(im.node_fail_counter(), 0);
    assert_eq!(im.frame_counter(), 0);
    assert_eq!(im.original_distance(), LARGE_DISTANCE);
    assert!(im.keep_heading());
    assert_eq!(im.blip_to().frame.origin.x, 12.0);
}

#[test]
fn already_there_takes_the_heading_unless_keep() {
    let mut host = TestHost::at(INDOOR, 10.0, 20.0, 0.0);
    let mut im = InterpolationManager::new();
    im.interpolate_to(&mut host, &pos(INDOOR, 11.0, 20.0, 0.0), false);
    let target = pos_q(
        INDOOR,
        [10.0, 20.01, 0.0],
        [0.707_106_8, 0.0, 0.0, -0.707_106_8],
    );
    // keep: no heading change, the queue is stopped.
    im.interpolate_to(&mut host, &target, true);
    assert!(im.is_empty());
    assert!(host.commands().is_empty());
    // !keep: the object turns to the target's heading (90).
    im.interpolate_to(&mut host, &target, false);
    assert_eq!(host.commands().len(), 1);
    assert_eq!(host.pos.frame.get_heading(), 90.0);
    assert_eq!(host.pos.frame.origin, Vec3::new(10.0, 20.0, 0.0));
}

#[test]
fn keep_heading_node_and_correction_keep_our_heading() {
    let mut host = TestHost::at(INDOOR, 10.0, 20.0, 0.0);
    host.pos.frame.set_heading(90.0);
    let mut pm = PositionManager::new(Rules::default());
    let target = pos_q(
        INDOOR,
        [11.0, 20.0, 0.0],
        [0.923_879_5, 0.0, 0.0, 0.382_683_4],
    );
    pm.interpolate_to(&mut host, &target, true);
    let im = pm.interpolation().expect("im");
    assert!(im.keep_heading());
    let node = im.nodes().next().expect("node");
    assert_eq!(node.position.frame.orientation, host.pos.frame.orientation);
    let off = slice(&mut host, &mut pm, 0.1);
    // Heading zeroed: identity with a -0 z, as set_heading(0) produces.
    assert_eq!(off.orientation.w, 1.0);
    assert!(off.orientation.z == 0.0 && off.orientation.z.is_sign_negative());
    // In local space the node (1 m east) is straight ahead: +Y, capped to 0.8.
    assert_eq!(off.origin.y, 0.8);
    assert!(off.origin.x.abs() < 1e-6);
}

#[test]
fn correction_without_keep_heading_carries_the_node_rotation() {
    let mut host = TestHost::at(INDOOR, 11.0, 20.0, 0.0);
    let mut pm = PositionManager::new(Rules::default());
    let target = pos_q(
        INDOOR,
        [11.5, 20.0, 0.0],
        [0.923_879_5, 0.0, 0.0, 0.382_683_4],
    );
    pm.interpolate_to(&mut host, &target, false);
    let off = slice(&mut host, &mut pm, 0.1);
    // Combining the full correction lands on the node, rotation included.
    assert_eq!(host.pos.frame.origin, Vec3::new(11.5, 20.0, 0.0));
    assert!((host.pos.frame.orientation.z - 0.382_683_4).abs() < 1e-6);
    assert!((off.orientation.w - 0.923_879_5).abs() < 1e-6);
}

#[test]
fn far_branch_uses_the_member_not_the_argument() {
    let mut host = TestHost::at(INDOOR, 40.0, 21.0, 0.0);
    host.pos.frame.set_heading(45.0);
    let mut im = InterpolationManager::new();
    im.interpolate_to(&mut host, &pos(INDOOR, 40.5, 21.0, 0.0), false);
    let target = pos_q(
        INDOOR,
        [70.0, 21.0, 0.0],
        [0.707_106_8, 0.0, 0.0, 0.707_106_8],
    );
    im.interpolate_to(&mut host, &target, true);
    let far = im.nodes().nth(1).expect("far node");
    assert_eq!(
        far.position.frame.orientation, target.frame.orientation,
        "member keep_heading is false: the far node keeps its rotation"
    );
    assert!(!im.keep_heading());
}

#[test]
fn no_contact_or_empty_queue_leaves_the_offset() {
    let mut host = TestHost::at(INDOOR, 10.0, 20.0, 0.0);
    let mut pm = PositionManager::new(Rules::default());
    let mut off = Frame {
        origin: Vec3::new(0.0, 0.3, 0.0),
        ..Frame::IDENTITY
    };
    pm.adjust_offset(&mut host, &mut off, 0.1);
    assert_eq!(off.origin.y, 0.3);
    pm.interpolate_to(&mut host, &pos(INDOOR, 10.0, 22.0, 0.0), false);
    host.contact = false;
    pm.adjust_offset(&mut host, &mut off, 0.1);
    assert_eq!(off.origin.y, 0.3);
    assert!(host.events.is_empty(), "no speed query without contact");
    host.contact = true;
    pm.adjust_offset(&mut host, &mut off, 0.1);
    assert_eq!(off.origin.y, 0.8);
}

#[test]
fn sticky_target_makes_the_audit_pass() {
    let mut host = TestHost::at(INDOOR, 10.0, 20.0, 0.0);
    let mut pm = PositionManager::new(Rules::default());
    // Stuck (but not yet initialised, so the sticky pull itself stays off).
    pm.stick_to(&mut host, 0x5000_0001, 0.5, 1.0);
    assert_eq!(pm.sticky_object_id(), 0x5000_0001);
    pm.interpolate_to(&mut host, &pos(INDOOR, 10.0, 25.0, 0.0), false);
    for _ in 0..10 {
        let before = host.pos;
        slice(&mut host, &mut pm, 0.1);
        host.pos = before; // no progress at all
    }
    let im = pm.interpolation().expect("im");
    assert_eq!(im.len(), 1);
    assert_eq!(im.node_fail_counter(), 0);
    assert_eq!(im.frame_counter(), 0);
}

#[test]
fn landblock_crossing_correction() {
    // Object near the east edge of landblock A9B4, node just across in AAB4.
    let mut host = TestHost::at(0xA9B4_0001, 191.0, 10.0, 0.0);
    let mut pm = PositionManager::new(Rules::default());
    pm.interpolate_to(&mut host, &pos(0xAAB4_0001, 0.5, 10.0, 0.0), false);
    let mut off = Frame::IDENTITY;
    pm.adjust_offset(&mut host, &mut off, 0.1);
    // 1.5 m east across the boundary, capped at 0.8 as origin * (0.8 / 1.5).
    assert_eq!(off.origin, Vec3::new(1.5 * (0.8f32 / 1.5), 0.0, 0.0));
    assert_eq!(
        pm.interpolation().map(|i| i.len()),
        Some(1),
        "1.5 m across the boundary is near"
    );
}
