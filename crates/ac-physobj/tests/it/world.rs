//! The world: stable ids, deterministic serial tick, bit-identical parallel tick.

use ac_motioninterp::{HoldKey, MovementParameters};
use ac_physobj::{ObjectState, PhysicsObj, TransientState, World};
use glam::Vec3;

use crate::common::{TURN_RIGHT, WALK_FORWARD, bare, bare_with, walker};
use ac_motiontable::Rules;

/// Digest of the mixed world after [`STEPS`] ticks. Pinned: any change to the tick's arithmetic
/// or order shows up here (update it only for an intended behaviour change).
const PINNED: u64 = 0xFB3C_97D8_8DC9_F5D8;
const STEPS: usize = 240;
/// Digest of the mixed world after [`STEPS`] fixed steps ([`World::step`]), pinned likewise.
const PINNED_STEPS: u64 = 0xD100_E1DD_AA1C_C8F9;

fn mixed_world() -> World {
    let mut w = World::new(Rules::default());
    for i in 0..24u32 {
        let o: PhysicsObj = match i % 6 {
            0 => {
                let mut o = walker(1.0 + i as f32 * 0.05);
                o.do_motion(WALK_FORWARD, &MovementParameters::default())
                    .expect("motion accepted");
                o
            }
            1 => {
                let mut o = walker(1.5);
                let p = MovementParameters {
                    hold_key_to_apply: HoldKey::Run,
                    ..MovementParameters::default()
                };
                o.do_motion(WALK_FORWARD, &p).expect("motion accepted");
                o.do_motion(TURN_RIGHT, &p).expect("motion accepted");
                o
            }
            2 => {
                // A falling body.
                let mut o = bare();
                o.set_transient_raw(TransientState::ACTIVE);
                o.calc_acceleration();
                o.set_velocity(Vec3::new(i as f32 * 0.1, 1.0, 3.0));
                o
            }
            3 => {
                // Sliding to rest on the ground.
                let mut o = bare();
                o.set_contact_plane(ac_physobj::Plane {
                    normal: Vec3::Z,
                    d: 0.0,
                });
                o.set_velocity(Vec3::new(3.0, -2.0 + i as f32 * 0.01, 0.0));
                o
            }
            4 => {
                // Spinning, sledding, no gravity.
                let mut o = bare();
                o.set_state_raw(ObjectState::SLEDDING);
                o.set_transient_raw(TransientState::ACTIVE);
                o.set_omega(Vec3::new(0.0, 0.0, 0.7));
                o.set_velocity(Vec3::new(1.0, 2.0, 0.0));
                o
            }
            _ => {
                let mut o = walker(1.2);
                o.set_heading(i as f32 * 13.0);
                o.set_event_logging(false);
                o
            }
        };
        w.insert(o).expect("same rules");
    }
    w
}

fn dt(step: usize) -> f64 {
    // An irregular but fixed frame-time pattern: short, normal, long and carried gaps.
    [0.02, 0.034, 0.05, 0.12, 0.033, 0.25, 0.04][step % 7]
}

fn run(parallel: bool) -> u64 {
    let mut w = mixed_world();
    for s in 0..STEPS {
        if parallel {
            w.tick_parallel(dt(s)).expect("finite step");
        } else {
            w.tick(dt(s)).expect("finite step");
        }
    }
    w.digest()
}

#[test]
fn serial_tick_is_deterministic_and_pinned() {
    let a = run(false);
    let b = run(false);
    assert_eq!(a, b);
    assert_eq!(a, PINNED, "digest 0x{a:016X}");
}

#[test]
fn parallel_tick_is_bit_identical() {
    assert_eq!(run(true), run(false));
}

/// The mixed world after [`STEPS`] fixed steps at an irregular frame rate.
fn run_steps(parallel: bool) -> u64 {
    let mut w = mixed_world();
    for s in 0..STEPS {
        if parallel {
            w.step_parallel(dt(s)).expect("finite step");
        } else {
            w.step(dt(s)).expect("finite step");
        }
    }
    w.digest()
}

#[test]
fn parallel_fixed_steps_are_bit_identical() {
    let serial = run_steps(false);
    assert_eq!(run_steps(true), serial);
    assert_ne!(serial, mixed_world().digest(), "the steps moved the world");
    assert_eq!(serial, PINNED_STEPS, "digest 0x{serial:016X}");
}

#[test]
fn ids_are_stable_across_removal() {
    let mut w = World::new(Rules::default());
    let a = w.insert(bare()).expect("same rules");
    let b = w.insert(bare()).expect("same rules");
    if let Some(o) = w.get_mut(b) {
        o.set_id(7);
    }
    assert!(w.remove(a).is_some());
    assert_eq!(w.get(b).map(PhysicsObj::id), Some(7));
    assert!(w.get(a).is_none());
    assert_eq!(w.len(), 1);
}

#[test]
fn retail_world_gate_is_global() {
    let mut w = World::new(Rules::retail());
    let mut o = bare_with(Rules::retail());
    o.set_transient_raw(TransientState::ACTIVE);
    o.set_velocity_raw(Vec3::new(0.0, 1.0, 0.0));
    o.set_friction(0.0);
    o.set_transient_flag(TransientState::ON_WALKABLE, false);
    let id = w.insert(o).expect("same rules");
    w.tick(0.02).expect("finite step");
    assert_eq!(w.get(id).map(|o| o.position().frame.origin.y), Some(0.0));
    w.tick(0.02).expect("finite step");
    let y = w.get(id).map_or(0.0, |o| o.position().frame.origin.y);
    assert!((y - 0.04).abs() < 1e-5, "both gaps stepped at once: {y}");
}
