//! The MotionTable parser on arbitrary bytes: no panic, heap within the per-record budget
//! (counted), and an accepted record re-encodes to exactly the bytes it was read from.

#![no_main]

use acmotion_fuzz::alloc::Counting;
use libfuzzer_sys::fuzz_target;

#[global_allocator]
static ALLOC: Counting = Counting;

fuzz_target!(|data: &[u8]| acmotion_fuzz::check_record::<ac_dat::MotionTable>(data));
