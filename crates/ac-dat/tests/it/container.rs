//! Container: writer/reader round trips, lookup, range iteration, and malformed input.

use ac_dat::*;

fn small_dat(n: u32) -> Vec<u8> {
    let mut w = DatWriter::new();
    for i in 0..n {
        let id = 0x0300_0000 + i * 3 + 1;
        let len = (i as usize * 37) % 2500;
        let data: Vec<u8> = (0..len).map(|k| (k as u32 ^ id) as u8).collect();
        w.add_file(id, data);
    }
    w.build().expect("build")
}

fn expected_bytes(id: u32, i: u32) -> Vec<u8> {
    let len = (i as usize * 37) % 2500;
    (0..len).map(|k| (k as u32 ^ id) as u8).collect()
}

fn set_u32(b: &mut [u8], at: usize, v: u32) {
    b[at..at + 4].copy_from_slice(&v.to_le_bytes());
}

fn u32_at(b: &[u8], at: usize) -> u32 {
    u32::from_le_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]])
}

#[test]
fn header_fields_are_written_as_the_spec_recipe_says() {
    let bytes = small_dat(5);
    let dat = DatArchive::from_slice(&bytes).expect("open");
    let h = dat.header();
    assert_eq!(h.magic, 0x5442);
    assert_eq!(h.block_size, 1024);
    assert_eq!(h.file_size as usize, bytes.len());
    assert_eq!(bytes.len() % 1024, 0);
    assert_eq!(h.data_set, 1);
    assert_eq!(h.engine_pack_version, 110);
    assert_eq!(h.master_map_id, 0x2500_0000);
    assert_eq!(h.btree_root % 1024, 0);
    assert_eq!(&bytes[0x100..0x104], &[0x00, 0x50, 0x4C, 0x00]);
}

#[test]
fn lookup_and_iteration_over_multi_level_trees() {
    // 61 entries fit one leaf; 62 need a second level; 5000 need three levels.
    for n in [0u32, 1, 61, 62, 200, 5000] {
        let bytes = small_dat(n);
        let dat = DatArchive::from_slice(&bytes).expect("open");
        let all: Vec<DirEntry> = dat.entries().collect::<Result<_, _>>().expect("walk");
        assert_eq!(all.len(), n as usize, "n = {n}");
        assert!(all.windows(2).all(|w| w[0].id < w[1].id));
        for (i, e) in all.iter().enumerate() {
            assert_eq!(e.id, 0x0300_0000 + i as u32 * 3 + 1);
            assert_eq!(e.flags, 0x0002_0000);
        }
        for i in (0..n).step_by(97) {
            let id = 0x0300_0000 + i * 3 + 1;
            assert_eq!(dat.file_bytes(id).expect("read"), expected_bytes(id, i));
            assert!(dat.entry(id + 1).expect("lookup").is_none());
        }
        // Range iteration with pruning gives exactly the ids in the range.
        let (lo, hi) = (0x0300_0000 + 100, 0x0300_0000 + 2000);
        let ranged: Vec<u32> = dat
            .entries_in_range(lo..=hi)
            .map(|e| e.expect("walk").id)
            .collect();
        let want: Vec<u32> = all
            .iter()
            .map(|e| e.id)
            .filter(|id| (lo..=hi).contains(id))
            .collect();
        assert_eq!(ranged, want, "n = {n}");
    }
}

#[test]
fn tree_nodes_hold_at_most_61_entries_and_non_root_at_least_30() {
    let bytes = small_dat(5000);
    let dat = DatArchive::from_slice(&bytes).expect("open");
    let root = dat.header().btree_root as usize;
    // Walk nodes directly: read the 1716-byte node through its 2-block chain.
    let node = |off: usize| -> Vec<u8> {
        let mut v = bytes[off + 4..off + 1024].to_vec();
        let next = u32_at(&bytes, off) as usize;
        v.extend_from_slice(&bytes[next + 4..next + 4 + 696]);
        v
    };
    let mut stack = vec![(root, true)];
    let mut leaves_depths = Vec::new();
    let mut depth_stack = vec![0usize];
    while let Some((off, is_root)) = stack.pop() {
        let depth = depth_stack.pop().unwrap_or(0);
        let n = node(off);
        let count = u32_at(&n, 0xF8) as usize;
        assert!(count <= 61);
        if !is_root {
            assert!(count >= 30, "non-root node with {count} entries");
        }
        let leaf = u32_at(&n, 0) == 0;
        for slot in (if leaf { 0 } else { count + 1 })..62 {
            assert_eq!(u32_at(&n, 4 * slot), 0, "unused branch slot not zeroed");
        }
        if leaf {
            leaves_depths.push(depth);
        } else {
            for i in 0..=count {
                stack.push((u32_at(&n, 4 * i) as usize, false));
                depth_stack.push(depth + 1);
            }
        }
    }
    assert!(
        leaves_depths.windows(2).all(|w| w[0] == w[1]),
        "leaves at different depths"
    );
}

#[test]
fn rewriting_every_entry_reproduces_the_same_bytes() {
    let bytes = small_dat(300);
    let dat = DatArchive::from_slice(&bytes).expect("open");
    let mut w = DatWriter::like(&dat);
    for e in dat.entries() {
        let e = e.expect("walk");
        w.add_file_with(e, dat.entry_bytes(&e).expect("read"));
    }
    assert_eq!(w.build().expect("rebuild"), bytes);
}

#[test]
fn records_round_trip_through_a_dat() {
    let corpus = ac_testkit::synthetic::default_corpus();
    let mut w = DatWriter::new();
    let tables = &corpus.tables[..20];
    let anims = &corpus.animations[..50];
    for t in tables {
        w.add_record(t).expect("table");
    }
    for a in anims {
        w.add_record(a).expect("anim");
    }
    w.add_record(&corpus.setups[0]).expect("setup");
    let bytes = w.build().expect("build");
    let dat = DatArchive::from_vec(bytes).expect("open");
    for t in tables {
        assert_eq!(&dat.read_motion_table(t.id).expect("read"), t);
    }
    for a in anims {
        assert_eq!(&dat.read_animation(a.id).expect("read"), a);
    }
    assert_eq!(
        dat.read_setup(corpus.setups[0].id).expect("read"),
        corpus.setups[0]
    );
    assert_eq!(dat.motion_table_ids().expect("ids").len(), 20);
}

#[test]
fn writer_rejects_duplicate_ids() {
    let mut w = DatWriter::new();
    w.add_file(5, vec![1]).add_file(5, vec![2]);
    let err = w.build().expect_err("duplicate");
    assert!(matches!(err.kind, DatErrorKind::Writer(_)), "{err}");
}

// ---- malformed input: each gives a typed error, never a panic --------------------------

#[test]
fn truncated_file_is_too_short() {
    let bytes = small_dat(3);
    let err = DatArchive::from_slice(&bytes[..0x150]).expect_err("short");
    assert!(
        matches!(err.kind, DatErrorKind::TooShort { len: 0x150, .. }),
        "{err}"
    );
}

#[test]
fn truncated_body_is_refused_at_open_and_blocks_past_the_end_are_errors() {
    let bytes = small_dat(200);
    let half = bytes.len() / 2;
    let err = DatArchive::from_slice(&bytes[..half]).expect_err("header says longer");
    assert!(
        matches!(
            err.kind,
            DatErrorKind::Truncated {
                what: TruncatedPart::Header,
                ..
            }
        ),
        "{err}"
    );
    assert!(
        err.to_string()
            .starts_with("DAT offset 0x148: truncated: the file ends at byte"),
        "{err}"
    );
    // With the header's size patched to match, the missing blocks are found when read.
    let mut cut = bytes[..half].to_vec();
    set_u32(&mut cut, 0x148, half as u32);
    let dat = match DatArchive::from_slice(&cut) {
        Ok(dat) => dat,
        Err(e) => {
            // The root itself may be gone.
            assert!(
                matches!(e.kind, DatErrorKind::BlockOutOfBounds { .. }),
                "{e}"
            );
            return;
        }
    };
    let errs: Vec<DatError> = dat.entries().filter_map(Result::err).collect();
    let lookup = (0..200)
        .map(|i| dat.file_bytes(0x0300_0000 + i * 3 + 1))
        .find_map(Result::err);
    let e = errs
        .into_iter()
        .next()
        .or(lookup)
        .expect("some read must fail");
    assert!(
        matches!(e.kind, DatErrorKind::BlockOutOfBounds { .. }),
        "{e}"
    );
}

#[test]
fn bad_magic_is_rejected() {
    let mut bytes = small_dat(3);
    set_u32(&mut bytes, 0x140, 0x1234);
    let err = DatArchive::from_slice(&bytes).expect_err("magic");
    assert!(matches!(err.kind, DatErrorKind::BadMagic(0x1234)));
    assert!(err.to_string().contains("0x140"), "{err}");
}

#[test]
fn bad_block_size_is_rejected() {
    let mut bytes = small_dat(3);
    set_u32(&mut bytes, 0x144, 3);
    let err = DatArchive::from_slice(&bytes).expect_err("block size");
    assert!(matches!(err.kind, DatErrorKind::BadBlockSize(3)));
}

#[test]
fn block_chain_cycle_is_detected() {
    let mut w = DatWriter::new();
    w.add_file(0x0300_0001, vec![7u8; 3000]); // 3 blocks
    let mut bytes = w.build().expect("build");
    let dat = DatArchive::from_slice(&bytes).expect("open");
    let e = dat.entry(0x0300_0001).expect("lookup").expect("present");
    let first = e.offset as usize;
    let second = u32_at(&bytes, first) as usize;
    set_u32(&mut bytes, second, first as u32); // second block points back at the first
    let dat = DatArchive::from_slice(&bytes).expect("open");
    let err = dat.file_bytes(0x0300_0001).expect_err("cycle");
    assert!(
        matches!(err.kind, DatErrorKind::ChainCycle(b) if b as usize == first),
        "{err}"
    );
    assert_eq!(err.file_id, Some(0x0300_0001));
}

#[test]
fn chain_ending_early_and_free_tagged_blocks_are_errors() {
    let mut w = DatWriter::new();
    w.add_file(0x0300_0001, vec![7u8; 3000]);
    let bytes = w.build().expect("build");
    let dat = DatArchive::from_slice(&bytes).expect("open");
    let first = dat.entry(0x0300_0001).expect("ok").expect("present").offset as usize;

    let mut cut = bytes.clone();
    set_u32(&mut cut, first, 0);
    let err = DatArchive::from_slice(&cut)
        .expect("open")
        .file_bytes(0x0300_0001)
        .expect_err("short");
    assert!(
        matches!(err.kind, DatErrorKind::ChainTooShort { .. }),
        "{err}"
    );

    let mut tagged = bytes.clone();
    let next = u32_at(&tagged, first);
    set_u32(&mut tagged, first, next | 0x8000_0000);
    let err = DatArchive::from_slice(&tagged)
        .expect("open")
        .file_bytes(0x0300_0001)
        .expect_err("free");
    assert!(
        matches!(err.kind, DatErrorKind::FreeBlockInChain(_)),
        "{err}"
    );
}

#[test]
fn offset_past_the_end_is_detected() {
    let mut bytes = small_dat(3);
    let len = bytes.len() as u32;
    set_u32(&mut bytes, 0x160, len + 4096); // root past EOF
    let err = DatArchive::from_slice(&bytes).expect_err("root");
    assert!(
        matches!(err.kind, DatErrorKind::BlockOutOfBounds { .. }),
        "{err}"
    );
    // A child pointer past EOF fails the lookups and walks that reach it.
    let bytes = small_dat(200);
    let root = DatArchive::from_slice(&bytes)
        .expect("open")
        .header()
        .btree_root as usize;
    let mut bad = bytes.clone();
    set_u32(&mut bad, root + 4, bytes.len() as u32 + 4096);
    let dat = DatArchive::from_slice(&bad).expect("open");
    let err = dat.entry(0x0300_0001).expect_err("child");
    assert!(
        matches!(err.kind, DatErrorKind::BlockOutOfBounds { .. }),
        "{err}"
    );
    let err = dat.entries().find_map(Result::err).expect("walk fails");
    assert!(matches!(err.kind, DatErrorKind::BlockOutOfBounds { .. }));
}

#[test]
fn btree_cycle_is_detected() {
    let bytes = small_dat(200);
    let dat = DatArchive::from_slice(&bytes).expect("open");
    let root = dat.header().btree_root;
    let mut bad = bytes.clone();
    // Point the root's first child back at the root.
    set_u32(&mut bad, root as usize + 4, root);
    let dat = DatArchive::from_slice(&bad).expect("open");
    let err = dat.entries().find_map(Result::err).expect("cycle");
    assert!(
        matches!(err.kind, DatErrorKind::TreeCycle(r) if r == root),
        "{err}"
    );
    let err = dat.entry(0x0300_0001).expect_err("lookup cycle");
    assert!(matches!(err.kind, DatErrorKind::TreeCycle(_)), "{err}");
}

#[test]
fn absurd_entry_count_and_absurd_sizes_are_errors_not_allocations() {
    let bytes = small_dat(3);
    let dat = DatArchive::from_slice(&bytes).expect("open");
    let root = dat.header().btree_root as usize;
    let mut bad = bytes.clone();
    set_u32(&mut bad, root + 4 + 0xF8, 0xFFFF_FFFF);
    let err = DatArchive::from_slice(&bad)
        .expect("open")
        .entry(1)
        .expect_err("count");
    assert!(
        matches!(err.kind, DatErrorKind::BadEntryCount(0xFFFF_FFFF)),
        "{err}"
    );

    let mut bad = bytes.clone();
    set_u32(&mut bad, root + 4 + 0xFC + 12, 0xFFFF_FF00); // first entry's size
    let dat = DatArchive::from_slice(&bad).expect("open");
    let e = dat.entries().next().expect("one").expect("entry");
    let err = dat.entry_bytes(&e).expect_err("size");
    assert!(
        matches!(err.kind, DatErrorKind::SizeTooLarge { .. }),
        "{err}"
    );
}

#[test]
fn absurd_record_counts_are_count_errors() {
    // A motion table claiming 2^32-1 cycles in a 20-byte payload.
    let mut b = Vec::new();
    for v in [0x0900_0001u32, 0x8000_003D, 0, 0xFFFF_FFFF, 0] {
        b.extend_from_slice(&v.to_le_bytes());
    }
    let err = MotionTable::parse(&b).expect_err("count");
    assert_eq!(err.record_id, 0x0900_0001);
    assert!(
        matches!(
            err.kind,
            RecordErrorKind::CountTooLarge {
                what: "cycle",
                count: 0xFFFF_FFFF,
                ..
            }
        ),
        "{err}"
    );
    // An animation with 2^32-1 parts and frames.
    let mut b = Vec::new();
    for v in [0x0300_0001u32, 1, 0xFFFF_FFFF, 0xFFFF_FFFF] {
        b.extend_from_slice(&v.to_le_bytes());
    }
    let err = Animation::parse(&b).expect_err("count");
    assert!(
        matches!(
            err.kind,
            RecordErrorKind::CountTooLarge { what: "frame", .. }
        ),
        "{err}"
    );
}

#[test]
fn record_shorter_than_its_fields_is_eof_with_offset() {
    let t = ac_testkit::synthetic::humanoid_table();
    let bytes = t.to_bytes().expect("write");
    let err = MotionTable::parse(&bytes[..bytes.len() - 3]).expect_err("short");
    assert!(
        matches!(
            err.kind,
            RecordErrorKind::UnexpectedEof { .. } | RecordErrorKind::CountTooLarge { .. }
        ),
        "{err}"
    );
    assert!(
        err.offset as usize >= bytes.len() - 24,
        "offset {}",
        err.offset
    );
    let mut longer = bytes.clone();
    longer.extend_from_slice(&[0, 0, 0, 0]);
    let err = MotionTable::parse(&longer).expect_err("trailing");
    assert_eq!(err.kind, RecordErrorKind::TrailingBytes(4));
    // Through the container, the record error is wrapped with the file id.
    let mut w = DatWriter::new();
    w.add_file(t.id, bytes[..bytes.len() - 3].to_vec());
    let dat = DatArchive::from_vec(w.build().expect("build")).expect("open");
    let err = dat.read_motion_table(t.id).expect_err("short");
    assert_eq!(err.file_id, Some(t.id));
    assert!(matches!(err.kind, DatErrorKind::Record(_)), "{err}");
    assert!(err.to_string().contains("0x09000001"), "{err}");
}

#[test]
fn unknown_hook_type_is_an_error() {
    let mut b = Vec::new();
    for v in [0x0300_0001u32, 0, 0, 1, 1, 27, 0] {
        b.extend_from_slice(&v.to_le_bytes());
    }
    let err = Animation::parse(&b).expect_err("hook");
    assert_eq!(err.kind, RecordErrorKind::UnknownHookType(27));
}

#[test]
fn drw_leaf_fill_is_accepted_as_leaf() {
    let bytes = small_dat(10);
    let dat = DatArchive::from_slice(&bytes).expect("open");
    let root = dat.header().btree_root as usize;
    let mut drw = bytes.clone();
    for slot in 0..62 {
        set_u32(&mut drw, root + 4 + 4 * slot, 0xCDCD_CDCD);
    }
    let dat = DatArchive::from_slice(&drw).expect("open");
    assert_eq!(dat.entries().count(), 10);
    assert!(dat.entry(0x0300_0001).expect("lookup").is_some());
}

#[test]
fn every_open_mode_reads_a_file_from_disk() {
    let dir = std::env::temp_dir().join(format!("ac-dat-it-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("tmp");
    let path = dir.join("small.dat");
    std::fs::write(&path, small_dat(70)).expect("write");
    let positional = DatArchive::open(&path).expect("open");
    let in_memory = DatArchive::open_in_memory(&path).expect("open");
    // SAFETY: this test owns the file and does not change it while the map lives.
    #[allow(unsafe_code)]
    let mapped = unsafe { DatArchive::open_mapped(&path) }.expect("open");
    for dat in [&positional, &in_memory, &mapped] {
        assert_eq!(dat.entries().count(), 70);
        assert_eq!(dat.path(), Some(path.as_path()));
        let id = 0x0300_0000 + 69 * 3 + 1;
        assert_eq!(dat.file_bytes(id).expect("read"), expected_bytes(id, 69));
    }
    let missing = DatArchive::open(dir.join("missing.dat")).expect_err("missing");
    assert!(matches!(missing.kind, DatErrorKind::NoSuchFile));
    std::fs::remove_dir_all(&dir).ok();
}
