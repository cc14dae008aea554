//! Sweep benchmark: all 436 synthetic motion tables, their animations and setups, parsed from
//! an in-memory DAT (single thread; `cargo xtask sweep` adds parallelism on top).
#![allow(missing_docs)] // criterion_group! generates undocumented items

use ac_dat::{DatArchive, MotionTable};
use ac_testkit::synthetic::{self, Corpus};
use criterion::{Criterion, criterion_group, criterion_main};

fn bench(c: &mut Criterion) {
    let bytes = Corpus::generate(synthetic::DEFAULT_SEED)
        .to_dat()
        .expect("synthetic DAT");
    let dat = DatArchive::from_vec(bytes).expect("open");
    c.bench_function("sweep_436_tables_with_animations_and_setups", |b| {
        b.iter(|| {
            let r = ac_testkit::sweep::sweep(&dat).expect("sweep");
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

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = bench
}
criterion_main!(benches);
