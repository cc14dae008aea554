//! Robustness: long random operation sequences (including NaN, infinities, huge and negative
//! quanta) never panic, and the queue invariants hold.

use ac_dat::Frame;
use ac_interp_manager::{PositionManager, move_or_teleport_action};
use ac_motiontable::Rules;
use glam::{Quat, Vec3};

use crate::host::{TestHost, pos_q};

/// xorshift64*: deterministic, dependency-free.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    fn f(&mut self) -> f32 {
        match self.below(40) {
            0 => f32::NAN,
            1 => f32::INFINITY,
            2 => -f32::INFINITY,
            3 => 0.0,
            4 => -0.0,
            5 => 1e30,
            _ => (self.below(20_000) as f32 - 10_000.0) / 100.0,
        }
    }
    fn cell(&mut self) -> u32 {
        [
            0xA9B4_0105,
            0xA9B4_0021,
            0xAAB4_0001,
            0x0000_0000,
            0xFFFF_FFFF,
        ][self.below(5) as usize]
    }
}

#[test]
fn random_sequences_never_panic_and_keep_invariants() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for _ in 0..200 {
        let mut host = TestHost::at(0xA9B4_0105, 10.0, 20.0, 0.0);
        let mut pm = PositionManager::new(Rules::default());
        for _ in 0..200 {
            match rng.below(12) {
                0..=3 => {
                    let p = pos_q(
                        rng.cell(),
                        [rng.f(), rng.f(), rng.f()],
                        [rng.f(), rng.f(), rng.f(), rng.f()],
                    );
                    let keep = rng.below(2) == 0;
                    pm.interpolate_to(&mut host, &p, keep);
                }
                4 => pm.push_velocity(Vec3::new(rng.f(), rng.f(), rng.f())),
                5 => pm.push_jump(rng.f()),
                6 => pm.stop_interpolating(),
                7 => {
                    if let Some(im) = pm.interpolation_mut() {
                        im.node_completed(&host, rng.below(2) == 0);
                    }
                }
                8 => {
                    host.contact = rng.below(4) != 0;
                    host.speed = if rng.below(5) == 0 {
                        None
                    } else {
                        Some(rng.f())
                    };
                }
                9 => {
                    let id = rng.below(3) as u32;
                    pm.stick_to(&mut host, id, rng.f(), rng.f());
                    let here = host.pos;
                    pm.handle_update_target(&mut host, id, Some(&here));
                }
                _ => {
                    let q = match rng.below(6) {
                        0 => -0.1,
                        1 => 0.0,
                        2 => 1e9,
                        _ => 1.0 / 30.0,
                    };
                    let mut off = Frame {
                        origin: Vec3::new(rng.f(), rng.f(), rng.f()),
                        orientation: Quat::IDENTITY,
                    };
                    pm.adjust_offset(&mut host, &mut off, q);
                    host.pos.frame.origin += off.origin;
                    host.time += 0.1;
                    pm.use_time(&mut host);
                }
            }
            let _ = move_or_teleport_action(
                rng.next() as i32,
                rng.next() as i32,
                rng.below(2) == 0,
                rng.below(2) == 0,
                rng.f(),
            );
            if let Some(im) = pm.interpolation() {
                assert!(im.node_fail_counter() >= 0);
                assert!(im.frame_counter() >= 0 && im.frame_counter() < 5);
                assert!(im.is_interpolating() != im.is_empty());
            }
        }
    }
}
