//! Random operation sequences (seeded, deterministic) never panic and keep the two pending
//! queues in lock-step, in both fidelities.

use ac_motioninterp::testing::{RecordingHost, TestWeenie};
use ac_motioninterp::{HoldKey, MotionInterp, MovementParameters, WeenieError, motion};
use ac_motiontable::Fidelity;

struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u32 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) as u32
    }
    fn pick<T: Copy>(&mut self, xs: &[T]) -> T {
        xs[self.next() as usize % xs.len()]
    }
}

const MOTIONS: [u32; 16] = [
    motion::READY,
    motion::WALK_FORWARD,
    motion::WALK_BACKWARDS,
    motion::RUN_FORWARD,
    motion::TURN_RIGHT,
    motion::TURN_LEFT,
    motion::SIDE_STEP_RIGHT,
    motion::SIDE_STEP_LEFT,
    motion::CROUCH,
    motion::FALLING,
    motion::DEAD,
    0x8000_003E,
    motion::stance::NON_COMBAT,
    0x1000_0051,
    0x1300_0087,
    0x2500_003B,
];

fn run(seed: u64, fidelity: Fidelity) {
    let mut rng = Lcg(seed);
    let mut host = RecordingHost {
        weenie: if seed.is_multiple_of(3) {
            None
        } else {
            Some(TestWeenie {
                creature: !seed.is_multiple_of(5),
                run_rate: Some(1.5),
                ..TestWeenie::default()
            })
        },
        ..RecordingHost::default()
    };
    let mut mi = MotionInterp::new(fidelity.into());
    mi.enter_default_state(&mut host);
    for _ in 0..300 {
        let m = rng.pick(&MOTIONS);
        let mut p = MovementParameters {
            speed: rng.pick(&[1.0, -1.0, 0.5, 2.0, 0.0]),
            hold_key_to_apply: rng.pick(&[HoldKey::Invalid, HoldKey::None, HoldKey::Run]),
            ..MovementParameters::default()
        };
        p.set_modify_interpreted_state(!rng.next().is_multiple_of(4));
        host.num_anims = rng.next() % 3;
        match rng.next() % 14 {
            0 | 1 => not_misuse(mi.do_motion(&mut host, m, &p)),
            2 => not_misuse(mi.do_interpreted_motion(&mut host, m, &p)),
            3 => not_misuse(mi.stop_motion(&mut host, m, &p)),
            4 => not_misuse(mi.stop_completely(&mut host)),
            5 => {
                for c in host.animation_done() {
                    mi.motion_done(&mut host, c.success).unwrap();
                }
            }
            6 => mi
                .set_hold_run(&mut host, (rng.next() % 2) as i32, false)
                .unwrap(),
            7 => not_misuse(mi.jump(&mut host, 0.5, 0)),
            8 => {
                host.contact = rng.next().is_multiple_of(2);
                if host.set_on_walkable_edge(rng.next().is_multiple_of(2)) {
                    mi.hit_ground(&mut host);
                }
            }
            9 => not_misuse(mi.charge_jump(&host)),
            10 => mi.report_exhaustion(&mut host),
            11 => mi.handle_exit_world(&mut host).unwrap(),
            12 => mi.apply_current_movement(&mut host, false, rng.next().is_multiple_of(2)),
            _ => drop(mi.leave_ground(&mut host)),
        }
        assert!(
            mi.pending_motions().unwrap().len() <= host.table_pending.len()
                || host.table_pending.is_empty(),
            "interp entries never outnumber table entries except after exit-world/orphans"
        );
        assert_eq!(host.animating, !mi.pending_motions().unwrap().is_empty());
        assert!(mi.interpreted_state().unwrap().num_actions() <= 64);
    }
}

trait WalkableEdge {
    fn set_on_walkable_edge(&mut self, on: bool) -> bool;
}

impl WalkableEdge for RecordingHost {
    /// Sets the flag; true when it was clear and is now set (a landing).
    fn set_on_walkable_edge(&mut self, on: bool) -> bool {
        let was = self.walkable;
        self.walkable = on;
        !was && on
    }
}

/// A refusal is a normal answer; the interpreter is initialised, so misuse never is.
fn not_misuse(r: Result<(), WeenieError>) {
    assert_ne!(r, Err(WeenieError::NoMotionInterpreter));
}

#[test]
fn random_sequences_never_panic_and_animating_tracks_the_queue() {
    for seed in 0..40 {
        run(seed, Fidelity::Ace);
        run(seed, Fidelity::Retail);
    }
}
