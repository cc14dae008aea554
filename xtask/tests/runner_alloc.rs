//! The scenario runner allocates nothing per line once its buffers have grown: a script twice
//! as long costs no more allocations, however many lines it prints.
//!
//! A counting global allocator (per thread, so parallel tests do not interfere) wraps the
//! system allocator for this test binary and counts allocation calls.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

struct Counting;

thread_local! {
    static CALLS: Cell<u64> = const { Cell::new(0) };
}

// SAFETY: forwards every call to `System` unchanged; only counts the calls.
#[allow(unsafe_code)]
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let _ = CALLS.try_with(|c| c.set(c.get() + 1));
        // SAFETY: same contract as the caller's.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: same contract as the caller's.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let _ = CALLS.try_with(|c| c.set(c.get() + 1));
        // SAFETY: same contract as the caller's.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// A walk/run table with links, then `pairs` × (`perform` a walk or a run, `tick`), printing
/// `result`, `event` and `offset` lines; `dump` adds the full dump now and then.
fn script(pairs: usize, dumps: bool) -> String {
    let mut s = String::from(
        "anim 0x03000001 frames=10\n\
         anim 0x03000002 frames=8\n\
         posframe 0 0,0.39,0\n\
         anim 0x03000003 frames=8\n\
         posframe 0 0,0.5,0\n\
         anim 0x03000010 frames=4\n\
         anim 0x03000011 frames=3\n\
         table 0x09000100 default_style=NonCombat\n\
         style_default NonCombat Ready\n\
         cycle NonCombat Ready anims=0x03000001\n\
         cycle NonCombat WalkForward vel=0,3.12,0 anims=0x03000002\n\
         cycle NonCombat RunForward vel=0,4,0 anims=0x03000003\n\
         link NonCombat Ready WalkForward anims=0x03000010\n\
         link NonCombat WalkForward RunForward anims=0x03000011\n\
         link NonCombat RunForward WalkForward anims=0x03000011\n\
         object table=0x09000100\n\
         initialize_state\n\
         option autodump=0\n",
    );
    for i in 0..pairs {
        let motion = if i % 2 == 0 {
            "WalkForward"
        } else {
            "RunForward"
        };
        s.push_str(&format!("perform interpreted {motion} 1\ntick 0.2\n"));
        if dumps && i % 10 == 0 {
            s.push_str("dump\n");
        }
    }
    s
}

/// A runner with the reference's rules.
fn runner() -> xtask::scenario::exec::Runner {
    xtask::scenario::exec::Runner::new(ac_motiontable::Rules::default())
}

/// Allocation calls while running `text`, its trace written to a sink; the trace's length.
fn allocations(text: &str) -> (u64, u64) {
    let mut out = CountingSink(0);
    let before = CALLS.with(Cell::get);
    let error = xtask::scenario::run_to(text.as_bytes(), runner(), &mut out)
        .expect("reading a string and writing a sink cannot fail");
    assert!(error.is_none(), "{error:?}");
    (CALLS.with(Cell::get) - before, out.0)
}

/// A writer that keeps only the number of bytes written.
struct CountingSink(u64);

impl std::io::Write for CountingSink {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0 += buf.len() as u64;
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[test]
fn a_longer_script_costs_no_more_allocations() {
    for dumps in [false, true] {
        let (short, short_len) = allocations(&script(500, dumps));
        let (long, long_len) = allocations(&script(1000, dumps));
        assert!(
            long_len > 2 * short_len - 4096,
            "the longer trace is twice as long"
        );
        assert!(
            long <= short + 16,
            "dumps={dumps}: {short} allocations for 1000 steps, {long} for 2000"
        );
    }
}
