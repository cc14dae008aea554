//! Interpreter micro-benchmarks: a key press/release round trip (DoMotion + StopMotion with
//! canonicalisation and run promotion) and a full movement re-application, against a host
//! that accepts every motion and completes it at once, so only the interpreter is measured.

use ac_motiontable::Rules;
use std::hint::black_box;

use ac_motioninterp::{
    MotionCompletion, MotionHost, MotionInterp, MovementParameters, Weenie, WeenieError, motion,
};
use criterion::{Criterion, criterion_main};
use glam::Vec3;

/// Accepts everything; each accepted motion is completed by the next poll.
#[derive(Default)]
struct NullHost {
    queued: u32,
    animating: bool,
}

impl MotionHost for NullHost {
    fn weenie(&self) -> Option<&dyn Weenie> {
        None
    }
    fn do_interpreted_motion(&mut self, _m: u32, _p: &MovementParameters) -> WeenieError {
        self.queued += 1;
        WeenieError::None
    }
    fn stop_interpreted_motion(&mut self, _m: u32, _p: &MovementParameters) -> WeenieError {
        self.queued += 1;
        WeenieError::None
    }
    fn stop_completely_internal(&mut self) {
        self.queued += 1;
    }
    fn initialize_motion_tables(&mut self) {
        self.queued += 1;
    }
    fn remove_link_animations(&mut self, completed: &mut Vec<MotionCompletion>) {
        self.check_for_completed_motions(completed);
    }
    fn check_for_completed_motions(&mut self, completed: &mut Vec<MotionCompletion>) {
        for _ in 0..self.queued {
            completed.push(MotionCompletion {
                motion: motion::READY,
                success: true,
            });
        }
        self.queued = 0;
    }
    fn motion_done_event(&mut self, _m: u32, _ok: bool) {}
    fn weenie_motion_done(&mut self, _m: u32, _ok: bool) {}
    fn cancel_moveto(&mut self) {}
    fn unstick_from_object(&mut self) {}
    fn movement_is_autonomous(&self) -> bool {
        true
    }
    fn is_fully_constrained(&self) -> bool {
        false
    }
    fn has_gravity(&self) -> bool {
        true
    }
    fn in_contact(&self) -> bool {
        true
    }
    fn on_walkable(&self) -> bool {
        true
    }
    fn has_cell(&self) -> bool {
        true
    }
    fn set_on_walkable(&mut self, _on: bool) -> bool {
        true
    }
    fn set_local_velocity(&mut self, _v: Vec3) {}
    fn velocity(&self) -> Vec3 {
        Vec3::ZERO
    }
    fn global_to_local_vec(&self, v: Vec3) -> Vec3 {
        v
    }
    fn is_animating(&self) -> bool {
        self.animating
    }
    fn set_animating(&mut self, on: bool) {
        self.animating = on;
    }
    fn set_active(&mut self, _on: bool) {}
}

fn bench(c: &mut Criterion) {
    let mut host = NullHost::default();
    let mut mi = MotionInterp::new(Rules::default());
    mi.enter_default_state(&mut host);
    mi.set_hold_run(&mut host, 1, false).ok();
    let p = MovementParameters::default();
    let mut done = Vec::new();

    c.bench_function("press_release_walk_backwards_run", |b| {
        b.iter(|| {
            let r1 = mi.do_motion(&mut host, black_box(motion::WALK_BACKWARDS), &p);
            let r2 = mi.stop_motion(&mut host, black_box(motion::WALK_BACKWARDS), &p);
            done.clear();
            host.check_for_completed_motions(&mut done);
            for c in &done {
                let _ = mi.motion_done(&mut host, c.success);
            }
            black_box((r1, r2))
        })
    });

    c.bench_function("apply_current_movement", |b| {
        b.iter(|| {
            mi.apply_current_movement(&mut host, false, true);
            done.clear();
            host.check_for_completed_motions(&mut done);
            for c in &done {
                let _ = mi.motion_done(&mut host, c.success);
            }
            black_box(mi.pending_motions().map(|q| q.len()))
        })
    });
}

// criterion_group! generates an undocumented fn.
#[allow(missing_docs)]
mod group {
    criterion::criterion_group!(benches, super::bench);
}
criterion_main!(group::benches);
