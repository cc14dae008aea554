//! The per-slice calls never allocate, and the managers stay small.
//!
//! A counting global allocator (per thread, so parallel tests do not interfere) wraps the
//! system allocator for this test binary.

use ac_motiontable::Rules;
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use ac_dat::Frame;
use ac_interp_manager::{InterpolationManager, InterpolationNode, PositionManager};

use crate::host::{TestHost, pos};

struct Counting;

thread_local! {
    static ALLOCS: Cell<u64> = const { Cell::new(0) };
}

// SAFETY: forwards every call to `System` unchanged; only counts allocations.
#[allow(unsafe_code)]
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let _ = ALLOCS.try_with(|c| c.set(c.get() + 1));
        // SAFETY: same contract as the caller's.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: same contract as the caller's.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let _ = ALLOCS.try_with(|c| c.set(c.get() + 1));
        // SAFETY: same contract as the caller's.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn allocs() -> u64 {
    ALLOCS.with(Cell::get)
}

#[test]
fn slices_do_not_allocate() {
    let mut host = TestHost::at(0xA9B4_0021, 10.0, 10.0, 0.0);
    host.events.reserve(10_000);
    let mut pm = PositionManager::new(Rules::default());
    for i in 0..20 {
        pm.interpolate_to(
            &mut host,
            &pos(0xA9B4_0021, 10.0, 11.0 + i as f32, 0.0),
            false,
        );
    }
    pm.push_velocity(glam::Vec3::ONE);
    let before = allocs();
    for _ in 0..2000 {
        let mut off = Frame::IDENTITY;
        pm.adjust_offset(&mut host, &mut off, 1.0 / 30.0);
        host.pos.frame.origin += off.origin;
        pm.use_time(&mut host);
    }
    assert_eq!(allocs() - before, 0);
    assert!(!pm.is_interpolating(), "the whole queue was consumed");
}

#[test]
fn managers_are_small_and_empty_ones_own_no_heap() {
    let before = allocs();
    let pm = PositionManager::new(Rules::default());
    let im = InterpolationManager::new();
    assert_eq!(allocs() - before, 0);
    drop((pm, im));
    // Every manager is boxed on first use: the position manager is a few words besides the
    // rules it was built with.
    let budget = 32 + std::mem::size_of::<Rules>();
    assert!(std::mem::size_of::<PositionManager>() <= budget);
    assert!(std::mem::size_of::<Option<PositionManager>>() <= budget);
    assert!(std::mem::size_of::<InterpolationNode>() <= 96);
}
