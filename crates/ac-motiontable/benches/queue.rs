//! The pending-motion queue: cost of one `add_to_queue` (append and `remove_redundant_links`)
//! when `n` motions are already waiting, as happens when a caller issues many motions between
//! two ticks. Per-call time at n = 10, 1k and 40k; an amortised O(1) queue shows the same
//! figure for every n.
//!
//! Workloads (all entries queued through `add_to_queue`, so the queue is one the manager can
//! reach):
//! * `repeat` — the same cycle requested again and again (no link: 0 anims each) after one
//!   linked motion;
//! * `alternate` — two linked cycles in turn (each request cuts the previous link);
//! * `stance` — a stance change (1 anim) on top of a pile of repeated requests.

#![allow(missing_docs)] // bench_main! generates an undocumented main

use std::hint::black_box;

use ac_benchkit::Suite;
use ac_dat::AnimData;
use ac_motiontable::command::stance::SWORD_COMBAT;
use ac_motiontable::motion::{READY, RUN_FORWARD, WALK_FORWARD};
use ac_motiontable::{AnimSequence, MotionTableManager, Rules};
use glam::Vec3;

/// A sequence that ignores everything: only the queue's own work is measured.
struct NullSeq;

impl AnimSequence for NullSeq {
    fn clear_physics(&mut self) {}
    fn clear_animations(&mut self) {}
    fn remove_cyclic_anims(&mut self) {}
    fn remove_link_animations(&mut self, n: u32) {
        black_box(n);
    }
    fn remove_all_link_animations(&mut self) {}
    fn append_animation(&mut self, _anim: &AnimData) {}
    fn set_velocity(&mut self, _v: Vec3) {}
    fn set_omega(&mut self, _w: Vec3) {}
    fn combine_physics(&mut self, _v: Vec3, _w: Vec3) {}
    fn subtract_physics(&mut self, _v: Vec3, _w: Vec3) {}
    fn multiply_cyclic_animation_framerate(&mut self, _r: f32) {}
    fn has_anims(&self) -> bool {
        false
    }
}

/// The `i`-th request of a workload: `(motion, num_anims)`.
type Workload = fn(usize) -> (u32, u32);

fn repeat(i: usize) -> (u32, u32) {
    if i == 0 {
        (READY, 1)
    } else {
        (WALK_FORWARD, 0)
    }
}

fn alternate(i: usize) -> (u32, u32) {
    (
        if i.is_multiple_of(2) {
            WALK_FORWARD
        } else {
            RUN_FORWARD
        },
        1,
    )
}

/// A workload and, when the measured call differs from the ones that filled the queue, that
/// call.
type Workload3 = (&'static str, Workload, Option<(u32, u32)>);

/// Calls measured per clone of the prefilled manager (the queue stays within n..n+BLOCK).
const BLOCK: u64 = 64;

fn queue(s: &mut Suite) {
    let workloads: [Workload3; 3] = [
        ("repeat", repeat, None),
        ("alternate", alternate, None),
        ("stance", repeat, Some((SWORD_COMBAT, 1))),
    ];
    for (name, workload, last) in workloads {
        for n in [10usize, 1_000, 40_000] {
            let mut base = MotionTableManager::new(None, Rules::default());
            for i in 0..n {
                let (m, k) = workload(i);
                base.add_to_queue(m, k, &mut NullSeq);
            }
            // Each state is a fresh clone of the prefilled manager (cloning is not timed).
            s.case(&format!("add_to_queue_{name}_{n}"))
                .what(&format!(
                    "add_to_queue ({name}) with {n} motions already pending (per call)"
                ))
                .ops_per_iter(BLOCK)
                .warmup(2)
                .counted(if n > 1_000 { 4 } else { 32 })
                .large_states()
                .run_batched(
                    || base.clone(),
                    |mgr| {
                        for j in 0..BLOCK {
                            let (m, k) = last.unwrap_or_else(|| workload(n + j as usize));
                            mgr.add_to_queue(black_box(m), k, &mut NullSeq);
                        }
                    },
                );
        }
    }
}

ac_benchkit::bench_main!("ac-motiontable/queue", queue);
