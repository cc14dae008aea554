//! The Setup parser on arbitrary bytes: no panic, heap within the per-record budget
//! (counted), and an accepted record re-encodes to exactly the bytes it was read from.

#![no_main]

use ac_dat::{MEMORY_PER_STORED_BYTE, MEMORY_SLACK, Setup};
use acmotion_fuzz::alloc::{Counting, peak_during};
use libfuzzer_sys::fuzz_target;

#[global_allocator]
static ALLOC: Counting = Counting;

fuzz_target!(|data: &[u8]| {
    let (parsed, peak) = peak_during(|| Setup::parse(data));
    let budget = MEMORY_PER_STORED_BYTE * data.len() as u64 + MEMORY_SLACK;
    assert!(
        peak as u64 <= budget,
        "parsing took {peak} bytes of heap, budget {budget}"
    );
    if let Ok(record) = parsed {
        let again = record.to_bytes().expect("an accepted record encodes");
        assert_eq!(again, data, "the record does not round-trip");
    }
});
