//! Animation sources over a real (in-memory) portal DAT image built with `ac_dat::DatWriter`.

use ac_motiontable::Rules;
use std::sync::Arc;

use ac_dat::{AnimData, Animation, DatArchive, DatWriter};
use ac_sequence::{AnimationCache, AnimationSource, DatAnimations, Sequence};

fn dat() -> DatArchive {
    let mut w = DatWriter::new();
    w.add_record(&Animation::new(0x0300_0001, 10, 2))
        .expect("record");
    w.add_record(&Animation::new(0x0300_0002, 8, 2).with_identity_pos_frames())
        .expect("record");
    DatArchive::from_vec(w.build().expect("image")).expect("archive")
}

#[test]
fn lazy_source_loads_caches_and_misses() {
    let src = DatAnimations::new(dat());
    let a = src.animation(0x0300_0002).expect("present");
    assert_eq!(
        (a.id, a.num_frames(), a.pos_frames.len()),
        (0x0300_0002, 8, 8)
    );
    let again = src.animation(0x0300_0002).expect("present");
    assert!(Arc::ptr_eq(&a, &again), "decoded once");
    assert!(src.animation(0x0300_0003).is_none());
    assert_eq!(src.cached_len(), 2);
    assert!(src.errors().is_empty());

    let mut seq = Sequence::new(Arc::new(src), Rules::default());
    seq.append_animation(&AnimData::new(0x0300_0001));
    assert_eq!(seq.nodes().next().map(|n| n.high_frame()), Some(9));
    seq.append_animation(&AnimData::new(0x0300_0009));
    assert_eq!(seq.take_missing_animation(), Some(0x0300_0009));
}

#[test]
fn preload_reads_every_animation() {
    let cache = AnimationCache::load_all(&dat()).expect("loads");
    assert_eq!(cache.ids().collect::<Vec<_>>(), [0x0300_0001, 0x0300_0002]);
}

/// A DAT whose 199 small animation entries all point at the chain of one 600-frame animation
/// (patched after writing): reading them all would cost 199 × its size.
fn shared_chain_dat() -> Vec<u8> {
    let mut w = DatWriter::new();
    w.add_record(&Animation::new(0x0300_0001, 600, 1))
        .expect("big");
    for i in 1..200 {
        w.add_record(&Animation::new(0x0300_0001 + i, 1, 0))
            .expect("small");
    }
    let mut bytes = w.build().expect("build");
    let dat = DatArchive::from_slice(&bytes).expect("open");
    let big = dat.entry(0x0300_0001).expect("lookup").expect("present");
    let small_len = Animation::new(0, 1, 0).to_bytes().expect("bytes").len() as u32;
    let u32_at = |b: &[u8], at: usize| u32::from_le_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]]);
    let mut at = 0x400;
    while at + 24 <= bytes.len() {
        let id = u32_at(&bytes, at + 4);
        if (0x0300_0002..0x0300_00C9).contains(&id) && u32_at(&bytes, at + 12) == small_len {
            bytes[at + 8..at + 12].copy_from_slice(&big.offset.to_le_bytes());
            bytes[at + 12..at + 16].copy_from_slice(&big.size.to_le_bytes());
        }
        at += 4;
    }
    bytes
}

#[test]
fn shared_chains_cost_at_most_the_file_size() {
    let bytes = shared_chain_dat();
    let dat = DatArchive::from_slice(&bytes).expect("open");
    let err = AnimationCache::load_all(&dat).expect_err("overcommitted");
    assert!(
        matches!(err.kind, ac_dat::DatErrorKind::Overcommitted { .. }),
        "{err}"
    );
    let src = DatAnimations::new(dat);
    for i in 0..200 {
        let _ = src.animation(0x0300_0001 + i);
    }
    let errors = src.errors();
    let refused = errors
        .iter()
        .filter(|(_, e)| e.contains("entries share blocks"))
        .count();
    // Only the reads that fit the file's capacity happen (the big record and about ten shared
    // reads of it, each refused for naming another id); the rest are refused unread.
    assert!(refused > 180, "{refused} of {}", errors.len());
    assert!(
        errors
            .iter()
            .all(|(_, e)| e.contains("entries share blocks")
                || e.contains("the record says it is 0x03000001")),
        "{errors:?}"
    );
}

#[test]
fn a_file_truncated_under_the_lazy_source_gives_errors_not_a_signal() {
    let dir = std::env::temp_dir().join(format!("ac-sequence-cut-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("tmp");
    let path = dir.join("anims.dat");
    let mut w = DatWriter::new();
    for i in 0..100 {
        w.add_record(&Animation::new(0x0300_0001 + i, 40, 2))
            .expect("record");
    }
    let bytes = w.build().expect("build");
    std::fs::write(&path, &bytes).expect("write");
    let src = DatAnimations::new(DatArchive::open(&path).expect("open"));
    assert!(src.animation(0x0300_0001).is_some());
    std::fs::OpenOptions::new()
        .write(true)
        .open(&path)
        .and_then(|f| f.set_len(bytes.len() as u64 / 4))
        .expect("truncate");
    let found = (0..100)
        .filter(|i| src.animation(0x0300_0001 + i).is_some())
        .count();
    assert!(found < 50, "{found}");
    assert!(
        src.errors().iter().any(|(_, e)| e.contains("truncated")),
        "{:?}",
        src.errors().first()
    );
    std::fs::remove_dir_all(&dir).ok();
}
