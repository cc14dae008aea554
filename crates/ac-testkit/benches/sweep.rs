//! Sweep benchmark: all 436 synthetic motion tables, their animations and setups, parsed from
//! an in-memory DAT (single thread; `cargo xtask sweep` adds parallelism on top).
//!
//! `open_modes`: the same sweep, and a preload of every animation (what
//! `AnimationCache::load_all` does), over the synthetic DAT written to a file and opened with
//! positional reads (the default), read into memory, or memory-mapped — opening included.
#![allow(missing_docs)] // criterion_group! generates undocumented items

use ac_dat::{Animation, DatArchive, MotionTable};
use ac_testkit::synthetic::{self, Corpus};
use criterion::{Criterion, criterion_group, criterion_main};

fn bench(c: &mut Criterion) {
    let bytes = Corpus::generate(synthetic::DEFAULT_SEED)
        .to_dat()
        .expect("synthetic DAT");
    let dat = DatArchive::from_vec(bytes).expect("open");
    c.bench_function("sweep_436_tables_with_animations_and_setups", |b| {
        b.iter(|| {
            let r = ac_testkit::sweep::sweep(&dat);
            assert_eq!(r.stats.tables, synthetic::TABLE_COUNT);
            r
        })
    });
    let humanoid = dat
        .entry(synthetic::HUMANOID_TABLE_ID)
        .expect("lookup")
        .expect("present");
    c.bench_function("parse_humanoid_table", |b| {
        b.iter(|| dat.read_entry::<MotionTable>(&humanoid).expect("parse"))
    });
    c.bench_function("generate_synthetic_corpus", |b| {
        b.iter(|| Corpus::generate(synthetic::DEFAULT_SEED))
    });
}

fn open_modes(c: &mut Criterion) {
    let bytes = Corpus::generate(synthetic::DEFAULT_SEED)
        .to_dat()
        .expect("synthetic DAT");
    let path = std::env::temp_dir().join(format!("ac-dat-bench-{}.dat", std::process::id()));
    std::fs::write(&path, &bytes).expect("write the synthetic DAT");
    type Open = fn(&std::path::Path) -> DatArchive;
    let modes: [(&str, Open); 3] = [
        ("positional", |p| DatArchive::open(p).expect("open")),
        ("in_memory", |p| {
            DatArchive::open_in_memory(p).expect("open")
        }),
        #[allow(unsafe_code)]
        ("mapped", |p| {
            // SAFETY: the benchmark owns the file and does not change it while mapped.
            unsafe { DatArchive::open_mapped(p) }.expect("open")
        }),
    ];
    let mut g = c.benchmark_group("open_modes");
    for (name, open) in modes {
        g.bench_function(format!("sweep_{name}"), |b| {
            b.iter(|| {
                let dat = open(&path);
                let r = ac_testkit::sweep::sweep(&dat);
                assert_eq!(r.stats.tables, synthetic::TABLE_COUNT);
                r
            })
        });
        g.bench_function(format!("load_animations_{name}"), |b| {
            b.iter(|| {
                let dat = open(&path);
                let entries: Vec<_> = dat
                    .entries_of::<Animation>()
                    .map(|e| e.expect("entry"))
                    .collect();
                dat.check_total_size(&entries).expect("fits");
                entries
                    .iter()
                    .map(|e| dat.read_entry::<Animation>(e).expect("parse").num_frames())
                    .sum::<u32>()
            })
        });
    }
    g.finish();
    std::fs::remove_file(&path).ok();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = bench, open_modes
}
criterion_main!(benches);
