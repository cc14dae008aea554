//! Robustness: random op scripts with extreme values never panic or hang.

use ac_dat::Frame;
use ac_motioninterp::{HoldKey, MovementParameters};
use ac_motiontable::Rules;
use ac_physobj::{ObjectState, Plane, Position, TransientState};
use glam::{Quat, Vec3};

use crate::common::{RUN_FORWARD, TURN_RIGHT, WALK_FORWARD, walker_with};

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn f(&mut self) -> f32 {
        const SPECIAL: [f32; 10] = [
            0.0,
            -0.0,
            1.0,
            -1.0,
            1e-30,
            1e30,
            f32::MAX,
            f32::NAN,
            f32::INFINITY,
            f32::NEG_INFINITY,
        ];
        let r = self.next();
        if r.is_multiple_of(4) {
            SPECIAL[(r >> 8) as usize % SPECIAL.len()]
        } else {
            ((r >> 11) as f64 / (1u64 << 53) as f64 * 20.0 - 10.0) as f32
        }
    }
    fn v(&mut self) -> Vec3 {
        Vec3::new(self.f(), self.f(), self.f())
    }
}

#[test]
fn random_scripts_never_panic() {
    for seed in 0..200u64 {
        let mut rng = Rng(seed);
        let rules = if seed.is_multiple_of(2) {
            Rules::ace()
        } else {
            Rules::retail()
        };
        let mut o = walker_with(1.5, rules);
        let mut out = Vec::new();
        for _ in 0..60 {
            let p = MovementParameters {
                speed: rng.f(),
                hold_key_to_apply: if rng.next().is_multiple_of(2) {
                    HoldKey::Run
                } else {
                    HoldKey::None
                },
                ..MovementParameters::default()
            };
            match rng.next() % 22 {
                0 => {
                    let _ = o.do_motion(WALK_FORWARD, &p);
                }
                1 => {
                    let _ = o.do_motion(TURN_RIGHT, &p);
                }
                2 => {
                    let _ = o.stop_motion(WALK_FORWARD, &p);
                }
                3 => {
                    let _ = o.mi_do_interpreted_motion(RUN_FORWARD, &p);
                }
                4 => o.set_velocity(rng.v()),
                5 => o.set_local_velocity(rng.v()),
                6 => o.set_omega(rng.v()),
                7 => o.set_heading(rng.f()),
                8 => o.set_on_walkable(rng.next().is_multiple_of(2)),
                9 => {
                    let _ = o.mi_jump(rng.f(), 0);
                }
                10 => {
                    out.clear();
                    o.update_object(f64::from(rng.f()), &mut out);
                }
                11..=13 => {
                    o.slice(f64::from(rng.f().abs().min(0.3)));
                }
                14 => o.interpolate_to(
                    &Position::new(
                        (rng.next() as u32) & 0xFFFF_01FF,
                        Frame {
                            origin: rng.v(),
                            orientation: Quat::from_xyzw(rng.f(), rng.f(), rng.f(), rng.f()),
                        },
                    ),
                    rng.next().is_multiple_of(2),
                ),
                15 => {
                    let _ = o.move_or_teleport(
                        &Position::new(0xA9B4_0021, Frame::IDENTITY),
                        rng.next().is_multiple_of(2),
                        rng.next() as i32,
                    );
                }
                16 => o.set_state_raw(ObjectState::from_bits_retain(rng.next() as u32)),
                17 => o.set_transient_raw(TransientState::from_bits_retain(rng.next() as u32)),
                18 => o.set_contact_plane(Plane {
                    normal: rng.v(),
                    d: rng.f(),
                }),
                19 => o.set_num_spheres((rng.next() % 3) as i32),
                20 => o.remove_link_animations(),
                _ => {
                    out.clear();
                    let _ = o.update_object_at(f64::from(rng.f()), &mut out);
                }
            }
            o.take_events();
        }
    }
}
