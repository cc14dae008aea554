//! Criterion benchmark: one `Sequence::update` of a walking creature (WalkForward cycle with
//! root motion on frames 0 and 4, sequence velocity 3.12 m/s, 30 fps, one tick at 30 Hz),
//! on a hand-made walk cycle; the harness checks that steady-state updates allocate nothing.
//! (`ac-physobj`'s `user` bench measures a walker of the scenario table.)
//!
//! Target: zero allocations after warm-up.
//!
//! `sequence_far_out_of_range_slice`: one 1/30 s slice of a cycle stored with low frame −2³¹
//! and played at 10⁹ frames per second (3.3·10⁷ frame indices outside the animation per
//! slice, quirk `far-frame-range`). Target: ≤ 10 µs per slice (ACE walks every index: ~0.8 s).

#![allow(missing_docs)] // bench_main! generates an undocumented main

use ac_motiontable::Rules;
use std::hint::black_box;
use std::sync::Arc;

use ac_benchkit::Suite;
use ac_dat::{AnimData, Animation, AnimationFrame, Frame};
use ac_sequence::{AFrame, AnimationCache, Sequence};
use glam::{Quat, Vec3};

fn walking() -> Sequence {
    let step = Frame {
        origin: Vec3::new(0.0, 0.39, 0.0),
        orientation: Quat::IDENTITY,
    };
    let mut pos = vec![Frame::IDENTITY; 8];
    pos[0] = step;
    pos[4] = step;
    let walk = Animation {
        id: 0x0300_0002,
        flags: 1,
        num_parts: 0,
        pos_frames: pos,
        part_frames: vec![AnimationFrame::default(); 8],
    };
    let link = Animation {
        id: 0x0300_0010,
        part_frames: vec![AnimationFrame::default(); 4],
        ..Animation::default()
    };
    let cache: AnimationCache = [walk, link].into_iter().collect();
    let mut s = Sequence::new(Arc::new(cache), Rules::default());
    s.append_animation(&AnimData::new(0x0300_0010));
    s.append_animation(&AnimData::new(0x0300_0002));
    s.set_velocity(Vec3::new(0.0, 3.12, 0.0));
    s
}

/// A walking sequence whose cycle starts at frame −2³¹ and plays at 10⁹ fps.
fn far_out_of_range() -> Sequence {
    let walk = Animation {
        id: 0x0300_0002,
        flags: 1,
        num_parts: 0,
        pos_frames: vec![Frame::IDENTITY; 8],
        part_frames: vec![AnimationFrame::default(); 8],
    };
    let cache: AnimationCache = [walk].into_iter().collect();
    let mut s = Sequence::new(Arc::new(cache), Rules::default());
    s.append_animation(&AnimData::with_range(0x0300_0002, i32::MIN, -1, 1e9));
    s.set_velocity(Vec3::new(0.0, 3.12, 0.0));
    s.set_omega(Vec3::new(0.0, 0.0, 1.5));
    s
}

const DT: f32 = 1.0 / 30.0;

/// One 1/30 s update with an offset frame and a hook list.
fn update(seq: &mut Sequence, hooks: &mut Vec<ac_dat::AnimationHook>) -> AFrame {
    let mut f = AFrame::IDENTITY;
    seq.update(black_box(DT), Some(&mut f), Some(hooks));
    hooks.clear();
    f
}

fn bench(s: &mut Suite) {
    s.case("sequence_walk_update")
        .what("Sequence::update by 1/30 s of a walk cycle with root motion")
        .warmup(64)
        .counted(100_000)
        .run(
            || (walking(), Vec::with_capacity(16)),
            |(seq, hooks)| update(seq, hooks),
        );
    s.case("sequence_walk_update_turning")
        .what("Sequence::update by 1/30 s of a walk cycle with root motion and omega")
        .warmup(64)
        .counted(100_000)
        .run(
            || {
                let mut seq = walking();
                seq.set_omega(Vec3::new(0.0, 0.0, 1.5));
                (seq, Vec::with_capacity(16))
            },
            |(seq, hooks)| update(seq, hooks),
        );
    // A fresh sequence per call keeps every measured slice inside the 2³¹-frame run (the head
    // needs ~65 slices to reach frame 0).
    s.case("sequence_far_out_of_range_slice")
        .what("one 1/30 s slice of a cycle with low frame -2^31 at 10^9 fps (target 10 µs; ACE ~0.8 s)")
        .warmup(10)
        .counted(100)
        .target_ns(10_000.0)
        .run_batched(
            || (far_out_of_range(), Vec::with_capacity(16)),
            |(seq, hooks)| {
                let mut f = AFrame::IDENTITY;
                let work = seq.update(black_box(DT), Some(&mut f), Some(hooks));
                hooks.clear();
                (f, work)
            },
        );
}

ac_benchkit::bench_main!("ac-sequence/walk", bench);
