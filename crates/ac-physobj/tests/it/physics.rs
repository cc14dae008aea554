//! The physics tick: slicing, velocity clamp, gravity, friction, activation, headings.

use ac_motiontable::Rules;
use ac_physobj::{ObjectEvent, ObjectState, Plane, SliceOutcome, SliceRecord, TransientState};
use glam::Vec3;

use crate::common::{bare, bare_with};

#[test]
fn set_velocity_clamps_by_division_and_activates() {
    let mut o = bare();
    assert!(!o.transient().contains(TransientState::ACTIVE));
    o.set_velocity(Vec3::new(60.0, 0.0, 80.0));
    assert_eq!(format!("{}", o.velocity().x), "30.000002");
    assert_eq!(o.velocity().z, 40.0);
    assert!(o.transient().contains(TransientState::ACTIVE));
    assert_eq!(o.take_events(), vec![ObjectEvent::SetVelocity]);
}

#[test]
fn set_velocity_without_physics_layer_leaves_active_alone() {
    let mut o = bare();
    o.set_physics_layer(false);
    o.set_velocity(Vec3::new(1.0, 0.0, 0.0));
    assert!(!o.transient().contains(TransientState::ACTIVE));
}

#[test]
fn static_objects_never_activate() {
    let mut o = bare();
    o.set_state_raw(ObjectState::STATIC);
    assert!(!o.set_active(true));
    o.set_velocity(Vec3::X);
    assert!(!o.transient().contains(TransientState::ACTIVE));
}

fn quanta(v: &[SliceRecord]) -> Vec<String> {
    v.iter().map(|s| format!("{}", s.quantum)).collect()
}

#[test]
fn update_object_slices_like_ace() {
    let mut o = bare();
    assert!(o.set_active(true));
    let mut out = Vec::new();
    let r = o.update_object(0.25, &mut out);
    assert!(r.ran);
    assert_eq!(quanta(&out), ["0.1", "0.1", "0.049999997"]);

    out.clear();
    let r = o.update_object(0.12, &mut out);
    assert_eq!((r.ran, r.slices), (true, 1));

    out.clear();
    let r = o.update_object(f64::from(1.0f32 / 30.0), &mut out);
    assert_eq!((r.ran, r.slices), (true, 0));

    out.clear();
    let r = o.update_object(2.0, &mut out);
    assert_eq!(r.slices, 20);
    assert_eq!(format!("{}", out[19].quantum), "0.09999997");

    out.clear();
    let r = o.update_object(2.000_000_1, &mut out);
    assert!(!r.ran);
    assert!(out.is_empty());
}

#[test]
fn update_object_without_cell_deactivates() {
    let mut o = bare();
    assert!(o.set_active(true));
    o.set_has_cell(false);
    let r = o.update_object(0.5, &mut Vec::new());
    assert!(!r.ran);
    assert!(!o.transient().contains(TransientState::ACTIVE));
}

#[test]
fn retail_quanta_step_small_gaps_whole() {
    let mut o = bare_with(Rules::retail());
    assert!(o.set_active(true));
    let mut out = Vec::new();
    let r = o.update_object(0.02, &mut out);
    assert_eq!((r.ran, r.slices), (true, 1), "no minimum in retail");
    out.clear();
    let r = o.update_object(0.5, &mut out);
    assert_eq!(quanta(&out), ["0.2", "0.2", "0.099999994"]);
    assert!(r.ran);
    out.clear();
    assert!(!o.update_object(0.0001, &mut out).ran);
}

#[test]
fn clock_driven_update_carries_the_rest() {
    let mut o = bare();
    assert!(o.set_active(true));
    let mut out = Vec::new();
    // 0.12 s: one 0.1 slice, 0.02 carried.
    o.update_object_at(0.12, &mut out).expect("finite step");
    assert_eq!(out.len(), 1);
    assert!((o.update_time() - f64::from(0.1f32)).abs() < 1e-12);
    out.clear();
    // 0.02 more: the carried 0.02 + 0.02 = 0.04 > 1/30, so one slice of ~0.04.
    o.update_object_at(0.14, &mut out).expect("finite step");
    assert_eq!(out.len(), 1);
    assert!((out[0].quantum - 0.04).abs() < 1e-6);
}

#[test]
fn falling_from_rest_waits_one_slice() {
    let mut o = bare();
    o.set_transient_raw(TransientState::ACTIVE);
    o.calc_acceleration();
    assert_eq!(o.acceleration(), Vec3::new(0.0, 0.0, -9.8));
    let s1 = o.slice(0.1);
    assert_eq!(s1.outcome, SliceOutcome::Same);
    assert_eq!(o.position().frame.origin.z, 0.0);
    let s2 = o.slice(0.1);
    assert_eq!(s2.outcome, SliceOutcome::Moved);
    assert!(o.position().frame.origin.z < 0.0);
    assert!(o.velocity().z < -1.9);
}

#[test]
fn friction_decays_and_snaps_to_rest() {
    let mut o = bare();
    o.set_contact_plane(Plane {
        normal: Vec3::Z,
        d: 0.0,
    });
    o.set_velocity(Vec3::new(2.0, 0.0, 0.0));
    let before = o.velocity().x;
    o.slice(0.1);
    let k = (0.05f64).powf(f64::from(0.1f32)) as f32;
    assert_eq!(o.velocity().x, before * k);
    let mut n = 0;
    while o.velocity() != Vec3::ZERO && n < 100 {
        o.slice(0.1);
        n += 1;
    }
    assert!(n < 100, "small-velocity snap must stop the body");
    // At rest, on walkable ground and without an interpreter, the object deactivates.
    o.slice(0.1);
    assert!(!o.transient().contains(TransientState::ACTIVE));
    assert_eq!(o.slice(0.1).outcome, SliceOutcome::Inactive);
}

#[test]
fn no_spheres_keeps_position() {
    let mut o = bare();
    o.set_num_spheres(0);
    o.set_transient_raw(TransientState::ACTIVE);
    o.set_velocity_raw(Vec3::new(1.0, 0.0, 0.0));
    let s = o.slice(0.1);
    assert_eq!(s.outcome, SliceOutcome::NoSpheres);
    assert!(s.candidate.origin.x > 0.0);
    assert_eq!(o.position().frame.origin.x, 0.0);
    assert_eq!(o.initial_updates(), 1);
}

#[test]
fn headings() {
    let mut o = bare();
    o.set_heading(90.0);
    assert_eq!(format!("{}", o.position().frame.orientation.w), "0.7071068");
    assert!((o.heading() - 90.0).abs() < 1e-3);
}

#[test]
fn align_path_faces_the_motion() {
    let mut o = bare();
    o.set_state_raw(ObjectState::ALIGN_PATH | ObjectState::GRAVITY);
    o.set_transient_raw(TransientState::ACTIVE | TransientState::CONTACT);
    o.set_velocity_raw(Vec3::new(1.0, 0.0, 0.0));
    o.set_acceleration_raw(Vec3::ZERO);
    o.slice(0.1);
    assert!((o.heading() - 90.0).abs() < 1e-3, "heading {}", o.heading());
}

#[test]
fn on_walkable_edges_run_ground_transitions() {
    let mut o = crate::common::walker(1.0);
    o.set_on_walkable(false);
    let ev = o.take_events();
    assert_eq!(ev[0], ObjectEvent::SetOnWalkable(false));
    assert!(
        ev.contains(&ObjectEvent::SetVelocity),
        "LeaveGround sets the velocity"
    );
    assert_eq!(
        o.acceleration(),
        Vec3::new(0.0, 0.0, -9.8),
        "airborne with Gravity"
    );
    o.set_on_walkable(true);
    assert!(
        o.take_events().contains(&ObjectEvent::RemoveLinkAnimations),
        "HitGround"
    );
    assert_eq!(o.acceleration(), Vec3::ZERO);
}

#[test]
fn set_frame_validity_differs_by_fidelity() {
    let bad = ac_dat::Frame {
        origin: Vec3::ZERO,
        orientation: glam::Quat::from_xyzw(0.0, 0.0, 0.0, 2.0),
    };
    let mut o = bare();
    o.set_frame(bad);
    assert_eq!(
        o.position().frame.orientation.w,
        0.0,
        "ACE zeroes a non-unit quaternion"
    );
    let mut o = bare_with(Rules::retail());
    o.set_frame(bad);
    assert_eq!(
        o.position().frame.orientation.w,
        2.0,
        "retail keeps it (quirk frame-quaternion-validity)"
    );
}

#[test]
fn get_minterp_activation_differs_by_fidelity() {
    // Physics layer off, so LeaveGround's set_velocity does not activate either.
    let mut o = bare();
    o.set_physics_layer(false);
    o.get_minterp();
    assert!(
        !o.transient().contains(TransientState::ACTIVE),
        "ACE activates only Static objects (quirk minterp-activation)"
    );
    let mut r = bare_with(Rules::retail());
    r.set_physics_layer(false);
    r.get_minterp();
    assert!(r.transient().contains(TransientState::ACTIVE), "retail");
}

#[test]
fn land_on_flat_ground_stops_the_fall() {
    let mut o = crate::common::walker(1.0);
    o.set_transient_flag(TransientState::CONTACT, false);
    o.set_on_walkable(false);
    for _ in 0..5 {
        o.slice(0.1);
    }
    assert!(o.position().frame.origin.z < 0.0, "falls with no collision");
    o.take_events();
    o.land_on_flat_ground(0.0);
    let ev = o.take_events();
    assert_eq!(ev[0], ObjectEvent::SetOnWalkable(true));
    assert!(
        ev.contains(&ObjectEvent::RemoveLinkAnimations),
        "HitGround ran"
    );
    assert_eq!(o.acceleration(), Vec3::ZERO);
    assert_eq!(o.contact_plane().normal, Vec3::Z);
}
