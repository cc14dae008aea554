//! Sweep benchmark: all 436 synthetic motion tables, their animations and setups, parsed from
//! an in-memory DAT, and every table's default state and cycle transitions resolved — what
//! `cargo xtask sweep` does after opening the DAT — on one thread and on the rayon pool (the
//! target: 10 ms on two cores). The parse alone is measured too, to split the cost.
//!
//! `open_modes`: the same sweep, and a preload of every animation (what
//! `AnimationCache::load_all` does), over the synthetic DAT written to a file and opened with
//! positional reads (the default), read into memory, or memory-mapped — opening included.
#![allow(missing_docs)] // bench_main! generates an undocumented main

use ac_benchkit::Suite;
use ac_dat::{Animation, DatArchive, MotionTable};
use ac_testkit::sweep::{self, Options};
use ac_testkit::synthetic::{self, Corpus};

fn dat() -> DatArchive {
    let bytes = Corpus::generate(synthetic::DEFAULT_SEED)
        .to_dat()
        .expect("synthetic DAT");
    DatArchive::from_vec(bytes).expect("open")
}

fn bench(s: &mut Suite) {
    let all = |parallel| Options {
        parallel,
        resolve: true,
    };
    s.case("sweep_436_tables_with_animations_and_setups")
        .what("the sweep of the synthetic DAT in memory, single thread (parse tables, animations, setups; resolve every default state and cycle transition)")
        .warmup(2)
        .counted(5)
        .run(dat, |dat| {
            let r = sweep::sweep_with(dat, all(false));
            assert_eq!(r.stats.tables, synthetic::TABLE_COUNT);
            r
        });
    s.case("sweep_436_tables_with_animations_and_setups_parallel")
        .what("the same sweep on the rayon pool (every core), as `cargo xtask sweep` runs it")
        .warmup(2)
        .counted(5)
        .target_ns(10e6)
        .parallel()
        .run(dat, |dat| {
            let r = sweep::sweep_with(dat, all(true));
            assert_eq!(r.stats.tables, synthetic::TABLE_COUNT);
            r
        });
    s.case("sweep_436_tables_parse_only")
        .what(
            "the sweep's parse alone, single thread (tables, animations, setups; no resolver runs)",
        )
        .warmup(2)
        .counted(5)
        .run(dat, |dat| {
            let r = sweep::sweep(dat);
            assert_eq!(r.stats.tables, synthetic::TABLE_COUNT);
            r
        });
    s.case("parse_humanoid_table")
        .what("decode the synthetic humanoid motion table (the largest) from the DAT")
        .counted(100)
        .run(
            || {
                let dat = dat();
                let humanoid = dat
                    .entry(synthetic::HUMANOID_TABLE_ID)
                    .expect("lookup")
                    .expect("present");
                (dat, humanoid)
            },
            |(dat, humanoid)| dat.read_entry::<MotionTable>(humanoid).expect("parse"),
        );
    s.case("generate_synthetic_corpus")
        .what("generate the synthetic corpus (436 tables, their animations and setups) in memory")
        .warmup(1)
        .counted(3)
        .run(|| (), |_| Corpus::generate(synthetic::DEFAULT_SEED));
}

/// The synthetic DAT written to a temporary file, removed when dropped.
struct TempDat(std::path::PathBuf);

impl TempDat {
    fn new() -> Self {
        let bytes = Corpus::generate(synthetic::DEFAULT_SEED)
            .to_dat()
            .expect("synthetic DAT");
        let path = std::env::temp_dir().join(format!("ac-dat-bench-{}.dat", std::process::id()));
        std::fs::write(&path, &bytes).expect("write the synthetic DAT");
        Self(path)
    }
}

impl Drop for TempDat {
    fn drop(&mut self) {
        std::fs::remove_file(&self.0).ok();
    }
}

fn open_modes(s: &mut Suite) {
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
    for (name, open) in modes {
        s.case(&format!("open_modes_sweep_{name}"))
            .what(&format!(
                "open the synthetic DAT file ({name}) and sweep it, single thread"
            ))
            .warmup(2)
            .counted(5)
            .run(TempDat::new, |file| {
                let dat = open(&file.0);
                let r = ac_testkit::sweep::sweep(&dat);
                assert_eq!(r.stats.tables, synthetic::TABLE_COUNT);
                r
            });
        s.case(&format!("open_modes_load_animations_{name}"))
            .what(&format!(
                "open the synthetic DAT file ({name}) and decode every animation"
            ))
            .warmup(2)
            .counted(5)
            .run(TempDat::new, |file| {
                let dat = open(&file.0);
                let entries: Vec<_> = dat
                    .entries_of::<Animation>()
                    .map(|e| e.expect("entry"))
                    .collect();
                dat.check_total_size(&entries).expect("fits");
                entries
                    .iter()
                    .map(|e| dat.read_entry::<Animation>(e).expect("parse").num_frames())
                    .sum::<u32>()
            });
    }
}

ac_benchkit::bench_main!("ac-testkit/sweep", bench, open_modes);
