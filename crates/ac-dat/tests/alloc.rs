//! Record parsing allocates at most `MEMORY_PER_STORED_BYTE` × the stored size +
//! `MEMORY_SLACK`, for every record of the synthetic corpus, for mutated records, and for the
//! degenerate records that used to amplify (an animation of millions of empty frames).
//!
//! A counting global allocator (per thread, so parallel tests do not interfere) wraps the
//! system allocator for this test binary and sums the bytes requested.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use ac_dat::{
    Animation, DatArchive, DatRecord, MEMORY_PER_STORED_BYTE, MEMORY_SLACK, MotionTable,
    RecordErrorKind, Setup,
};
use ac_testkit::synthetic::{self, Corpus};

struct Counting;

thread_local! {
    static BYTES: Cell<u64> = const { Cell::new(0) };
}

// SAFETY: forwards every call to `System` unchanged; only counts the bytes requested.
#[allow(unsafe_code)]
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let _ = BYTES.try_with(|c| c.set(c.get() + layout.size() as u64));
        // SAFETY: same contract as the caller's.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: same contract as the caller's.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let _ = BYTES.try_with(|c| c.set(c.get() + new_size as u64));
        // SAFETY: same contract as the caller's.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Bytes allocated while parsing `bytes` as `T` (whether it succeeds or not).
fn allocated_by_parse<T: DatRecord>(bytes: &[u8]) -> (u64, bool) {
    let before = BYTES.with(Cell::get);
    let ok = T::parse(bytes).is_ok();
    (BYTES.with(Cell::get) - before, ok)
}

fn budget(len: usize) -> u64 {
    MEMORY_PER_STORED_BYTE * len as u64 + MEMORY_SLACK
}

/// Every stored record of the synthetic DAT: its bytes, by type.
fn corpus_records() -> Vec<(u32, Vec<u8>)> {
    let bytes = Corpus::generate(synthetic::DEFAULT_SEED)
        .to_dat()
        .expect("synthetic DAT");
    let dat = DatArchive::from_vec(bytes).expect("open");
    dat.entries()
        .map(|e| {
            let e = e.expect("entry");
            (e.id, dat.entry_bytes(&e).expect("bytes"))
        })
        .collect()
}

fn parse_any(id: u32, bytes: &[u8]) -> (u64, bool) {
    match id >> 24 {
        0x09 => allocated_by_parse::<MotionTable>(bytes),
        0x03 => allocated_by_parse::<Animation>(bytes),
        0x02 => allocated_by_parse::<Setup>(bytes),
        _ => (0, true),
    }
}

#[test]
fn synthetic_records_stay_within_the_memory_budget() {
    let mut worst = (0.0f64, 0u32);
    let mut parsed = 0;
    for (id, bytes) in corpus_records() {
        let (used, ok) = parse_any(id, &bytes);
        if id >> 24 == 0xFF {
            continue;
        }
        assert!(ok, "0x{id:08X} parses");
        assert!(
            used <= budget(bytes.len()),
            "0x{id:08X}: {used} bytes for {} stored",
            bytes.len()
        );
        let ratio = used as f64 / bytes.len() as f64;
        if bytes.len() > 4096 && ratio > worst.0 {
            worst = (ratio, id);
        }
        parsed += 1;
    }
    assert!(parsed > 436, "{parsed}");
    eprintln!(
        "{parsed} records; worst heap/stored ratio over 4 KB: {:.2} (0x{:08X})",
        worst.0, worst.1
    );
    // Real-shaped records are far from the limit (the ratio shown is for records over 4 KB).
    assert!(
        worst.0 < 6.0,
        "worst ratio {:.2} (0x{:08X})",
        worst.0,
        worst.1
    );
}

#[test]
fn mutated_records_stay_within_the_memory_budget() {
    let records = corpus_records();
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut checked = 0;
    for round in 0..4000 {
        let (id, bytes) = &records[next() as usize % records.len()];
        if id >> 24 == 0xFF || bytes.len() < 8 {
            continue;
        }
        let mut m = bytes.clone();
        // Overwrite a word with a count-like value: small, large, or all ones.
        let at = (next() as usize % (m.len() - 3)) & !3;
        let v = match round % 4 {
            0 => (next() % 64) as u32,
            1 => (next() % 1_000_000) as u32,
            2 => u32::MAX,
            _ => next() as u32,
        };
        m[at..at + 4].copy_from_slice(&v.to_le_bytes());
        let (used, _) = parse_any(*id, &m);
        assert!(
            used <= budget(m.len()),
            "0x{id:08X} word {at} = {v}: {used} bytes for {} stored",
            m.len()
        );
        checked += 1;
    }
    assert!(checked > 3000, "{checked}");
}

#[test]
fn an_animation_of_millions_of_empty_frames_is_refused_within_budget() {
    // 4M frames of no parts and no hooks: 16 MB stored, ~190 MB if decoded.
    let frames = 4_000_000u32;
    let mut b = Vec::with_capacity(16 + 4 * frames as usize);
    for v in [0x0300_0001u32, 0, 0, frames] {
        b.extend_from_slice(&v.to_le_bytes());
    }
    b.resize(16 + 4 * frames as usize, 0);
    let before = BYTES.with(Cell::get);
    let err = Animation::parse(&b).expect_err("amplification");
    let used = BYTES.with(Cell::get) - before;
    assert!(
        matches!(err.kind, RecordErrorKind::MemoryBudgetExceeded { .. }),
        "{err}"
    );
    assert!(used <= budget(b.len()), "{used}");
    assert!(
        used < 1 << 20,
        "refused before allocating the frames: {used}"
    );
}
