//! Criterion benchmark: one `Sequence::update` of a walking creature (WalkForward cycle with
//! root motion on frames 0 and 4, sequence velocity 3.12 m/s, 30 fps, one tick at 30 Hz),
//! with a counting global allocator to check that steady-state updates allocate nothing.
//!
//! Target: ≤ 50 ns per update, zero allocations after warm-up.
//!
//! `sequence_far_out_of_range_slice`: one 1/30 s slice of a cycle stored with low frame −2³¹
//! and played at 10⁹ frames per second (3.3·10⁷ frame indices outside the animation per
//! slice, quirk `far-frame-range`). Target: ≤ 10 µs per slice (ACE walks every index: ~0.8 s).

// criterion's group macro generates an undocumented function.
#![allow(missing_docs)]

use ac_motiontable::Rules;
use std::alloc::{GlobalAlloc, Layout, System};
use std::hint::black_box;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use ac_dat::{AnimData, Animation, AnimationFrame, Frame};
use ac_sequence::{AFrame, AnimationCache, Sequence};
use criterion::{Criterion, criterion_group, criterion_main};
use glam::{Quat, Vec3};

/// Counts every allocation made through the global allocator.
struct Counting;

static ALLOCS: AtomicU64 = AtomicU64::new(0);

// SAFETY: forwards every call unchanged to the system allocator; only counts.
#[allow(unsafe_code)]
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: same contract as the caller's.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: same contract as the caller's.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: same contract as the caller's.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

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

fn bench(c: &mut Criterion) {
    let mut seq = walking();
    let mut hooks = Vec::with_capacity(16);
    let dt = 1.0f32 / 30.0;
    // Warm-up: leave the link, fill the hook buffer once.
    for _ in 0..64 {
        let mut f = AFrame::IDENTITY;
        seq.update(dt, Some(&mut f), Some(&mut hooks));
        hooks.clear();
    }
    let before = ALLOCS.load(Ordering::Relaxed);
    const N: u64 = 100_000;
    for _ in 0..N {
        let mut f = AFrame::IDENTITY;
        seq.update(black_box(dt), Some(&mut f), Some(&mut hooks));
        black_box(f);
        hooks.clear();
    }
    let allocs = ALLOCS.load(Ordering::Relaxed) - before;
    eprintln!("walk update: {allocs} allocations in {N} steady-state updates");

    c.bench_function("sequence_walk_update", |b| {
        b.iter(|| {
            let mut f = AFrame::IDENTITY;
            seq.update(black_box(dt), Some(&mut f), Some(&mut hooks));
            hooks.clear();
            black_box(f)
        })
    });
    c.bench_function("sequence_walk_update_turning", |b| {
        seq.set_omega(Vec3::new(0.0, 0.0, 1.5));
        b.iter(|| {
            let mut f = AFrame::IDENTITY;
            seq.update(black_box(dt), Some(&mut f), Some(&mut hooks));
            hooks.clear();
            black_box(f)
        })
    });
}

fn bench_far_out_of_range(c: &mut Criterion) {
    let dt = 1.0f32 / 30.0;
    let mut hooks = Vec::with_capacity(16);
    c.bench_function("sequence_far_out_of_range_slice", |b| {
        // A fresh sequence per batch keeps every measured slice inside the 2³¹-frame run (the
        // head needs ~65 slices to reach frame 0).
        b.iter_batched_ref(
            far_out_of_range,
            |seq| {
                let mut f = AFrame::IDENTITY;
                let work = seq.update(black_box(dt), Some(&mut f), Some(&mut hooks));
                hooks.clear();
                black_box((f, work))
            },
            criterion::BatchSize::SmallInput,
        )
    });
}

criterion_group!(
    name = benches;
    config = Criterion::default();
    targets = bench, bench_far_out_of_range
);
criterion_main!(benches);
