//! The baselines every other figure of `cargo xtask bench-report` is divided by: two
//! operations whose cost is the machine's, not ours, measured in the same run so that figures
//! taken on machines (or under loads) that differ still compare.
//!
//! * `baseline_memcpy_64b`: copy 64 bytes (one cache line) from one buffer into another;
//! * `baseline_sum_1kib`: the wrapping sum of 256 `u32` (1 KiB read sequentially).
#![allow(missing_docs)] // bench_main! generates an undocumented main

use std::hint::black_box;

use ac_benchkit::Suite;

fn baselines(s: &mut Suite) {
    s.case("baseline_memcpy_64b")
        .what("copy 64 bytes between two buffers")
        .counted(100_000)
        .run(
            || ([7u8; 64], [0u8; 64]),
            |(src, dst)| {
                dst.copy_from_slice(black_box(&src[..]));
                dst[black_box(63)]
            },
        );
    s.case("baseline_sum_1kib")
        .what("wrapping sum of 256 u32 (1 KiB, sequential)")
        .counted(100_000)
        .run(
            || {
                (0..256u32)
                    .map(|i| i.wrapping_mul(2_654_435_761))
                    .collect::<Vec<u32>>()
            },
            |v| {
                black_box(&v[..])
                    .iter()
                    .fold(0u32, |a, &x| a.wrapping_add(x))
            },
        );
}

ac_benchkit::bench_main!("ac-benchkit/baseline", baselines);
