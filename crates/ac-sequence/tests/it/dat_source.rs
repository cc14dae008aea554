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
