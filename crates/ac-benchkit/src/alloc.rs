//! A counting global allocator: heap allocations and live bytes, so a benchmark can state how
//! many allocations its warm operation makes (target: zero) and how many bytes an object owns.

// A `GlobalAlloc` wrapper is the only way to count allocations; it forwards to `System`.
#![allow(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::atomic::{AtomicI64, AtomicU64, AtomicUsize, Ordering};

/// Forwards every call to the system allocator and counts it.
///
/// Install it with [`crate::bench_main!`] (which every benchmark binary of the workspace uses);
/// [`crate::run`] refuses to run without it, so an allocation count can never read zero only
/// because nothing was counting.
#[derive(Debug, Clone, Copy, Default)]
pub struct Counting;

/// How many counter shards there are (threads beyond this share them, round robin).
const SHARDS: usize = 16;

/// One thread's share of the counts, alone on its cache lines: with one process-wide pair of
/// counters every allocation of a parallel benchmark bounced the same cache line between the
/// cores, which cost the rayon sweep more than its second core gained.
#[repr(align(128))]
struct Shard {
    /// Allocations and reallocations.
    allocations: AtomicU64,
    /// Bytes allocated minus bytes freed (negative when this thread freed others' bytes).
    live_bytes: AtomicI64,
}

#[allow(clippy::declare_interior_mutable_const)] // only an initialiser, copied into the array
const EMPTY_SHARD: Shard = Shard {
    allocations: AtomicU64::new(0),
    live_bytes: AtomicI64::new(0),
};

static COUNTERS: [Shard; SHARDS] = [EMPTY_SHARD; SHARDS];

/// The next shard handed to a thread.
static NEXT_SHARD: AtomicUsize = AtomicUsize::new(0);

thread_local! {
    /// This thread's shard, `usize::MAX` until its first allocation. A `const` `Cell` of a
    /// plain integer: no destructor, no allocation to set up, so the allocator can use it.
    static SHARD: Cell<usize> = const { Cell::new(usize::MAX) };
}

/// The calling thread's shard (shard 0 while the thread's locals are being torn down).
fn shard() -> &'static Shard {
    let i = SHARD
        .try_with(|s| {
            let mut i = s.get();
            if i == usize::MAX {
                i = NEXT_SHARD.fetch_add(1, Ordering::Relaxed) % SHARDS;
                s.set(i);
            }
            i
        })
        .unwrap_or(0);
    &COUNTERS[i]
}

/// Counts an allocation of `bytes` (or a reallocation growing by `bytes`).
fn count(allocations: u64, bytes: i64) {
    let s = shard();
    if allocations != 0 {
        s.allocations.fetch_add(allocations, Ordering::Relaxed);
    }
    s.live_bytes.fetch_add(bytes, Ordering::Relaxed);
}

/// Allocations and reallocations made so far by every thread of the process (the sum of the
/// shards: exact once the threads that allocated have synchronised with the caller, as a
/// rayon call returning does).
pub fn allocations() -> u64 {
    COUNTERS
        .iter()
        .map(|s| s.allocations.load(Ordering::Relaxed))
        .sum()
}

/// Heap bytes currently allocated by the process (the same sum over the shards).
pub fn live_bytes() -> i64 {
    COUNTERS
        .iter()
        .map(|s| s.live_bytes.load(Ordering::Relaxed))
        .sum()
}

// SAFETY: every method forwards to the system allocator unchanged; the counters are atomic and
// never touch the memory handed out, and finding the shard neither allocates nor panics.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count(1, layout.size() as i64);
        // SAFETY: same contract as the caller's.
        unsafe { System.alloc(layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        count(1, layout.size() as i64);
        // SAFETY: same contract as the caller's.
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        count(0, -(layout.size() as i64));
        // SAFETY: same contract as the caller's.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count(1, new_size as i64 - layout.size() as i64);
        // SAFETY: same contract as the caller's.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

/// Whether [`Counting`] is this process's global allocator (an allocation moves its counter).
pub(crate) fn is_installed() -> bool {
    let before = allocations();
    let b = std::hint::black_box(Box::new(std::hint::black_box(0u64)));
    drop(b);
    allocations() != before
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Counts made on other threads (other shards) show in the process-wide sums. The test
    /// binary does not install [`Counting`], so only these direct calls move the counters.
    #[test]
    fn the_sums_see_every_thread() {
        let layout = Layout::from_size_align(24, 8).expect("layout");
        let before = (allocations(), live_bytes());
        let threads: Vec<_> = (0..SHARDS + 3)
            .map(|_| {
                std::thread::spawn(move || {
                    // SAFETY: a fresh allocation of `layout`, freed with the same layout.
                    unsafe {
                        let p = Counting.alloc(layout);
                        assert!(!p.is_null());
                        let p = Counting.realloc(p, layout, 40);
                        assert!(!p.is_null());
                        Counting.dealloc(p, Layout::from_size_align(40, 8).expect("layout"));
                    }
                })
            })
            .collect();
        for t in threads {
            t.join().expect("thread");
        }
        assert_eq!(allocations() - before.0, 2 * (SHARDS as u64 + 3));
        assert_eq!(live_bytes(), before.1);
    }
}
