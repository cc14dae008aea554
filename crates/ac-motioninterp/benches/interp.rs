//! Interpreter micro-benchmarks: a key press/release round trip (DoMotion + StopMotion with
//! canonicalisation and run promotion) and a full movement re-application, against a host
//! that accepts every motion and completes it at once, so only the interpreter is measured
//! (`ac-physobj`'s `user` bench measures the same round trip on a real object).
#![allow(missing_docs)] // bench_main! generates an undocumented main

use ac_motiontable::Rules;
use std::hint::black_box;

use ac_benchkit::Suite;
use ac_motioninterp::{
    MotionCompletion, MotionHost, MotionInterp, MovementParameters, Weenie, WeenieError, motion,
};
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

/// An interpreter in its default state with Run held, and its host.
fn running_interp() -> (MotionInterp, NullHost, Vec<MotionCompletion>) {
    let mut host = NullHost::default();
    let mut mi = MotionInterp::new(Rules::default());
    mi.enter_default_state(&mut host);
    mi.set_hold_run(&mut host, 1, false).ok();
    (mi, host, Vec::new())
}

/// Deliver what the host completed to the interpreter.
fn complete(mi: &mut MotionInterp, host: &mut NullHost, done: &mut Vec<MotionCompletion>) {
    done.clear();
    host.check_for_completed_motions(done);
    for c in done.iter() {
        let _ = mi.motion_done(host, c.success);
    }
}

fn bench(s: &mut Suite) {
    s.case("interp_press_release_walk_backwards_run")
        .what("MotionInterp do_motion + stop_motion of WalkBackwards with Run held, completions delivered, on a stand-in host")
        .counted(10_000)
        .run(running_interp, |(mi, host, done)| {
            let p = MovementParameters::default();
            let r1 = mi.do_motion(host, black_box(motion::WALK_BACKWARDS), &p);
            let r2 = mi.stop_motion(host, black_box(motion::WALK_BACKWARDS), &p);
            complete(mi, host, done);
            (r1, r2)
        });
    s.case("interp_apply_current_movement")
        .what("MotionInterp apply_current_movement, completions delivered, on a stand-in host")
        .counted(10_000)
        .run(running_interp, |(mi, host, done)| {
            mi.apply_current_movement(host, false, true);
            complete(mi, host, done);
            // Whether anything is left pending (`pending_motions` builds a copy of the queue).
            mi.motions_pending()
        });
}

ac_benchkit::bench_main!("ac-motioninterp/interp", bench);
