//! Garbage and hostile input: one DAT (or record) per case, built with the project's own
//! writer and then patched, each giving a typed error that names what and where.

use ac_dat::*;

fn set_u32(b: &mut [u8], at: usize, v: u32) {
    b[at..at + 4].copy_from_slice(&v.to_le_bytes());
}

fn u32_at(b: &[u8], at: usize) -> u32 {
    u32::from_le_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]])
}

const FIRST: u32 = 0x0300_0001;

/// `n` one-part, two-frame animations with ids `FIRST..FIRST + n`.
fn anim_dat(n: u32) -> Vec<u8> {
    let mut w = DatWriter::new();
    for i in 0..n {
        w.add_record(&Animation::new(FIRST + i, 2, 1))
            .expect("record");
    }
    w.build().expect("build")
}

/// Absolute offset of payload byte `at` of the node whose first block is `node` (block size
/// 1024, the writer's contiguous chains: the first block carries payload bytes 0..1020, the
/// second the rest).
fn node_byte(node: u32, at: usize) -> usize {
    if at < 1020 {
        node as usize + 4 + at
    } else {
        node as usize + 1024 + 4 + (at - 1020)
    }
}

/// Absolute offset of entry `i` of a node (entries never straddle the two blocks here: the
/// tests only patch entries that lie wholly in one).
fn entry_at(node: u32, i: usize) -> usize {
    let at = 0xFC + 24 * i;
    assert!(
        at + 24 <= 1020 || at >= 1020,
        "entry {i} straddles two blocks"
    );
    node_byte(node, at)
}

fn root(bytes: &[u8]) -> u32 {
    u32_at(bytes, 0x160)
}

// ---- header -------------------------------------------------------------------------------

#[test]
fn root_zero_is_no_directory_not_an_empty_archive() {
    let mut bytes = anim_dat(3);
    set_u32(&mut bytes, 0x160, 0);
    let err = DatArchive::from_slice(&bytes).expect_err("root 0");
    assert!(matches!(err.kind, DatErrorKind::NoDirectory), "{err}");
    assert_eq!(err.offset, Some(0x160));
    assert_eq!(
        err.to_string(),
        "DAT offset 0x160: the B-tree root offset is 0: the file has no directory"
    );
    // An empty DAT from the writer has a root (an empty leaf) and opens.
    let empty = DatWriter::new().build().expect("empty");
    let dat = DatArchive::from_vec(empty).expect("open");
    assert_eq!(dat.entries().count(), 0);
}

#[test]
fn header_file_size_must_match_the_file() {
    let bytes = anim_dat(3);
    let mut longer = bytes.clone();
    longer.extend_from_slice(&[0u8; 1024]);
    let err = DatArchive::from_slice(&longer).expect_err("appended bytes");
    assert!(
        matches!(err.kind, DatErrorKind::FileSizeMismatch { header, actual }
            if header == bytes.len() as u64 && actual == longer.len() as u64),
        "{err}"
    );
    assert_eq!(err.offset, Some(0x148));

    let mut claims_more = bytes.clone();
    set_u32(&mut claims_more, 0x148, bytes.len() as u32 + 1024);
    let err = DatArchive::from_slice(&claims_more).expect_err("header says longer");
    assert_eq!(
        err.to_string(),
        format!(
            "DAT offset 0x148: truncated: the file ends at byte {} but its header says it needs {}",
            bytes.len(),
            bytes.len() + 1024
        )
    );
}

#[test]
fn free_list_fields_must_fit_the_file() {
    let bytes = anim_dat(3);
    let len = bytes.len() as u32;
    for (head, tail, count) in [
        (0, 0, 5),
        (len + 1024, 0, 0),
        (0x400, 0x400, len),
        (0x10, 0x10, 1),
    ] {
        let mut bad = bytes.clone();
        set_u32(&mut bad, 0x154, head);
        set_u32(&mut bad, 0x158, tail);
        set_u32(&mut bad, 0x15C, count);
        let err = DatArchive::from_slice(&bad).expect_err("free list");
        assert!(
            matches!(err.kind, DatErrorKind::BadFreeList { .. }),
            "{head:#x} {tail:#x} {count}: {err}"
        );
    }
    // DRW's "append at the end" form and a retail-style free run are fine.
    for (head, tail, count) in [(len, len, 0), (0x400, 0x800, 2)] {
        let mut ok = bytes.clone();
        set_u32(&mut ok, 0x154, head);
        set_u32(&mut ok, 0x158, tail);
        set_u32(&mut ok, 0x15C, count);
        DatArchive::from_slice(&ok).expect("valid free list");
    }
}

// ---- directory ----------------------------------------------------------------------------

#[test]
fn record_id_must_match_its_directory_entry() {
    let mut w = DatWriter::new();
    w.add_file(
        0x0300_0002,
        Animation::new(FIRST, 2, 1).to_bytes().expect("bytes"),
    );
    let dat = DatArchive::from_vec(w.build().expect("build")).expect("open");
    let err = dat.read::<Animation>(0x0300_0002).expect_err("mismatch");
    assert!(
        matches!(err.kind, DatErrorKind::IdMismatch { directory: 0x0300_0002, record } if record == FIRST),
        "{err}"
    );
    assert_eq!(err.file_id, Some(0x0300_0002));
    assert!(
        err.to_string()
            .contains("the directory entry is for 0x03000002 but the record says it is 0x03000001"),
        "{err}"
    );
}

#[test]
fn a_lowered_entry_count_is_found_by_a_walk() {
    // One leaf of 10 entries: say 9.
    let mut bytes = anim_dat(10);
    let r = root(&bytes);
    set_u32(&mut bytes, node_byte(r, 0xF8), 9);
    let dat = DatArchive::from_slice(&bytes).expect("open");
    let err = dat.entries().find_map(Result::err).expect("hidden entry");
    assert!(
        matches!(err.kind, DatErrorKind::HiddenEntry { count: 9, hidden } if hidden == FIRST + 9),
        "{err}"
    );
    assert_eq!(err.offset, Some(u64::from(r)));

    // A leaf of a two-level tree.
    let mut bytes = anim_dat(200);
    let r = root(&bytes);
    let leaf = u32_at(&bytes, node_byte(r, 4)); // branches[1]
    let count = u32_at(&bytes, node_byte(leaf, 0xF8));
    set_u32(&mut bytes, node_byte(leaf, 0xF8), count - 1);
    let dat = DatArchive::from_slice(&bytes).expect("open");
    let err = dat.entries().find_map(Result::err).expect("hidden entry");
    assert!(
        matches!(err.kind, DatErrorKind::HiddenEntry { .. }),
        "{err}"
    );
}

#[test]
fn a_stale_slot_that_is_not_a_lost_entry_is_accepted() {
    // Retail nodes may keep stale entries past the count: a copy of the last entry (after a
    // delete), or an entry whose data was freed. Neither is an error.
    let mut bytes = anim_dat(10);
    let r = root(&bytes);
    set_u32(&mut bytes, node_byte(r, 0xF8), 9);
    let mut copy = bytes.clone();
    let (last, slot) = (entry_at(r, 8), entry_at(r, 9));
    let e8: Vec<u8> = copy[last..last + 24].to_vec();
    copy[slot..slot + 24].copy_from_slice(&e8);
    let dat = DatArchive::from_slice(&copy).expect("open");
    assert_eq!(dat.entries().count(), 9);
    assert!(dat.entries().all(|e| e.is_ok()));

    let mut freed = bytes.clone();
    let data = u32_at(&freed, slot + 8) as usize;
    set_u32(&mut freed, data, 0x8000_0000);
    let dat = DatArchive::from_slice(&freed).expect("open");
    assert!(dat.entries().all(|e| e.is_ok()));
}

#[test]
fn out_of_order_leaf_entries_are_errors_for_lookups_and_walks() {
    // Swap two entries of a leaf: the binary search of a lookup would miss ids silently.
    let mut bytes = anim_dat(10);
    let r = root(&bytes);
    let (a, b) = (entry_at(r, 3), entry_at(r, 4));
    let ea: Vec<u8> = bytes[a..a + 24].to_vec();
    let eb: Vec<u8> = bytes[b..b + 24].to_vec();
    bytes[a..a + 24].copy_from_slice(&eb);
    bytes[b..b + 24].copy_from_slice(&ea);
    let dat = DatArchive::from_slice(&bytes).expect("open");
    for id in [FIRST, FIRST + 3, FIRST + 9, 0x0300_0777] {
        let err = dat.entry(id).expect_err("lookup");
        assert!(
            matches!(err.kind, DatErrorKind::TreeOutOfOrder { prev, next } if prev == FIRST + 4 && next == FIRST + 3),
            "{err}"
        );
    }
    let err = dat.entries().find_map(Result::err).expect("walk");
    assert!(
        matches!(err.kind, DatErrorKind::TreeOutOfOrder { .. }),
        "{err}"
    );

    // A leaf whose ids are sorted but do not belong under their parent's separator.
    let mut bytes = anim_dat(200);
    let r = root(&bytes);
    let leaf0 = u32_at(&bytes, node_byte(r, 0));
    let separator = u32_at(&bytes, entry_at(r, 0) + 4);
    let count = u32_at(&bytes, node_byte(leaf0, 0xF8)) as usize;
    set_u32(&mut bytes, entry_at(leaf0, count - 1) + 4, separator + 1);
    let dat = DatArchive::from_slice(&bytes).expect("open");
    let err = dat.entry(FIRST).expect_err("lookup through the bad leaf");
    assert!(
        matches!(err.kind, DatErrorKind::TreeOutOfOrder { next, .. } if next == separator),
        "{err}"
    );
    let err = dat.entries().find_map(Result::err).expect("walk");
    assert!(
        matches!(err.kind, DatErrorKind::TreeOutOfOrder { .. }),
        "{err}"
    );
}

/// Found by the `dat_container` fuzz target: a leaf entry with the same id as its parent's
/// separator. The walk meets the id twice and stops with an error; a lookup of that id stops
/// at the separator (it checks the nodes on its path, and the duplicate is off it), so the two
/// may name different entries for the id only when the walk reports the directory as broken.
#[test]
fn a_child_entry_repeating_its_separator_stops_the_walk() {
    let mut bytes = anim_dat(200);
    let r = root(&bytes);
    let leaf0 = u32_at(&bytes, node_byte(r, 0));
    let separator = u32_at(&bytes, entry_at(r, 0) + 4);
    let count = u32_at(&bytes, node_byte(leaf0, 0xF8)) as usize;
    let last = entry_at(leaf0, count - 1);
    set_u32(&mut bytes, last + 4, separator);
    set_u32(&mut bytes, last + 12, 7); // a different size: the two entries are distinguishable
    let dat = DatArchive::from_slice(&bytes).expect("open");
    let walked: Vec<_> = dat.entries().collect();
    let err = walked
        .iter()
        .find_map(|e| e.as_ref().err())
        .expect("the walk stops");
    assert!(
        matches!(err.kind, DatErrorKind::TreeOutOfOrder { prev, next } if prev == separator && next == separator),
        "{err}"
    );
    let listed = walked
        .iter()
        .filter_map(|e| e.as_ref().ok())
        .find(|e| e.id == separator)
        .expect("the leaf's copy is listed before the error");
    assert_eq!(listed.size, 7);
    let found = dat.entry(separator).expect("lookup").expect("found");
    assert_ne!(
        found.size, 7,
        "the lookup answers from the separator on its path"
    );
}

#[test]
fn entries_sharing_one_chain_are_refused_before_reading() {
    // One 20 KB file and 200 entries pointing at its chain: reading them all would cost
    // 200 × 20 KB from a file of ~30 KB.
    let mut w = DatWriter::new();
    w.add_record(&Animation::new(FIRST, 600, 1)).expect("big");
    for i in 1..200 {
        w.add_record(&Animation::new(FIRST + i, 1, 0))
            .expect("small");
    }
    let mut bytes = w.build().expect("build");
    let dat = DatArchive::from_slice(&bytes).expect("open");
    let big = dat.entry(FIRST).expect("lookup").expect("present");
    let entries: Vec<DirEntry> = dat.entries().collect::<Result<_, _>>().expect("walk");
    dat.check_total_size(&entries)
        .expect("a consistent DAT fits");
    // Point every entry at the big chain.
    let mut patched = 0;
    let mut at = 0x400;
    while at + 24 <= bytes.len() {
        let id = u32_at(&bytes, at + 4);
        if (FIRST + 1..FIRST + 200).contains(&id)
            && u32_at(&bytes, at + 12)
                == Animation::new(id, 1, 0).to_bytes().expect("b").len() as u32
        {
            set_u32(&mut bytes, at + 8, big.offset);
            set_u32(&mut bytes, at + 12, big.size);
            patched += 1;
        }
        at += 4;
    }
    assert!(patched >= 150, "{patched}");
    let dat = DatArchive::from_slice(&bytes).expect("open");
    let entries: Vec<DirEntry> = dat.entries().filter_map(Result::ok).collect();
    let err = dat.check_total_size(&entries).expect_err("overcommitted");
    assert!(
        matches!(err.kind, DatErrorKind::Overcommitted { claimed, capacity, .. } if claimed > 100 * capacity / 10),
        "{err}"
    );
    // Each shared read also fails on its own: the record says it is the big one.
    let err = dat.read::<Animation>(FIRST + 5).expect_err("shared");
    assert!(matches!(err.kind, DatErrorKind::IdMismatch { .. }), "{err}");
}

// ---- records ------------------------------------------------------------------------------

#[test]
fn non_zero_padding_is_refused() {
    let mut t = MotionTable::new(0x0900_0001, 0x8000_003D);
    t.set_cycle(1, MotionData::new(vec![AnimData::new(FIRST)]));
    let mut bytes = t.to_bytes().expect("bytes");
    // id, default style, 0 style defaults, 1 cycle, key, then num_anims, bitfield, flags, pad.
    assert_eq!(bytes[23], 0);
    bytes[23] = 0x5A;
    let err = MotionTable::parse(&bytes).expect_err("pad");
    assert_eq!(err.kind, RecordErrorKind::NonZeroPadding(0x5A));
    assert_eq!(err.offset, 23);
}

fn replace_object_animation(gfx_obj_id: u32) -> Vec<u8> {
    let mut a = Animation::new(FIRST, 1, 0);
    a.push_hook(
        0,
        AnimationHook::new(
            HOOK_DIR_FORWARD,
            HookData::ReplaceObject {
                part_index: 2,
                gfx_obj_id,
            },
        ),
    );
    a.to_bytes().expect("bytes")
}

#[test]
fn non_canonical_packed_ids_and_hook_padding_are_refused() {
    // Layout: 16-byte header, hook count at 16, type at 20, direction at 24, part at 28,
    // packed id at 29.
    let short = replace_object_animation(0x0100_0005);
    assert_eq!(&short[29..32], &[0x05, 0x00, 0x00]);
    let long = replace_object_animation(0x0101_2345);
    assert_eq!(&long[29..33], &[0x01, 0x80, 0x45, 0x23]);
    for (mut bytes, at, patch) in [
        (short.clone(), 29, vec![0x05, 0x40]), // short form with bit 0x4000
        (long.clone(), 29, vec![0x01, 0xC0]),  // long form with bit 0x4000
        (long.clone(), 29, vec![0x00, 0x80, 0x05, 0x00]), // long form of a short value
    ] {
        bytes[at..at + patch.len()].copy_from_slice(&patch);
        let err = Animation::parse(&bytes).expect_err("non-canonical");
        assert!(
            matches!(err.kind, RecordErrorKind::NonCanonicalPackedId(_)),
            "{patch:?}: {err}"
        );
        assert_eq!(err.offset, 29);
    }
    let mut padded = short.clone();
    padded[31] = 1;
    let err = Animation::parse(&padded).expect_err("pad");
    assert_eq!(err.kind, RecordErrorKind::NonZeroPadding(1));
    // What is accepted round-trips byte for byte.
    for bytes in [short, long] {
        let a = Animation::parse(&bytes).expect("canonical");
        assert_eq!(a.to_bytes().expect("write"), bytes);
    }
}

#[test]
fn degenerate_records_are_refused_for_memory_not_allocated() {
    // 100,000 frames of no parts and no hooks: 400 KB stored, 4.8 MB decoded.
    let mut b = Vec::new();
    for v in [FIRST, 0, 0, 100_000] {
        b.extend_from_slice(&v.to_le_bytes());
    }
    b.resize(16 + 4 * 100_000, 0);
    let err = Animation::parse(&b).expect_err("amplification");
    assert!(
        matches!(err.kind, RecordErrorKind::MemoryBudgetExceeded { what: "frame", count: 100_000, stored, budget, .. }
            if stored == b.len() as u64 && budget == MEMORY_PER_STORED_BYTE * stored + MEMORY_SLACK),
        "{err}"
    );
    // The same frames with one part each are an ordinary animation.
    let a = Animation::new(FIRST, 10_000, 1);
    assert_eq!(
        Animation::parse(&a.to_bytes().expect("b")).expect("parse"),
        a
    );
}

// ---- the file changing underneath ---------------------------------------------------------

#[test]
fn truncating_the_file_while_it_is_open_gives_errors_not_a_signal() {
    let dir = std::env::temp_dir().join(format!("ac-dat-hostile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("tmp");
    let path = dir.join("cut.dat");
    let bytes = anim_dat(300);
    std::fs::write(&path, &bytes).expect("write");
    let dat = DatArchive::open(&path).expect("open");
    let in_memory = DatArchive::open_in_memory(&path).expect("open");
    let entries: Vec<DirEntry> = dat.entries().collect::<Result<_, _>>().expect("walk");
    std::fs::OpenOptions::new()
        .write(true)
        .open(&path)
        .and_then(|f| f.set_len(bytes.len() as u64 / 3))
        .expect("truncate");
    let mut truncated = 0;
    for e in &entries {
        match dat.read_entry::<Animation>(e) {
            Ok(a) => assert_eq!(a.id, e.id),
            Err(err) => {
                assert!(
                    matches!(err.kind, DatErrorKind::Truncated { file_len, what: TruncatedPart::Block(_), .. }
                        if file_len == bytes.len() as u64 / 3),
                    "{err}"
                );
                truncated += 1;
            }
        }
        // The in-memory copy does not care.
        in_memory.read_entry::<Animation>(e).expect("in memory");
    }
    assert!(truncated > 100, "{truncated}");
    std::fs::remove_dir_all(&dir).ok();
}

// ---- what the user reads ------------------------------------------------------------------

#[test]
fn open_errors_name_the_path_and_what_is_wrong() {
    let dir = std::env::temp_dir().join(format!("ac-dat-messages-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("tmp");
    let show = |p: &std::path::Path| DatArchive::open(p).expect_err("must fail").to_string();
    let d = dir.display();

    assert_eq!(show(&dir), format!("{d}: is a directory, not a DAT file"));
    assert_eq!(
        show(&dir.join("missing.dat")),
        format!("{d}/missing.dat: no such file")
    );
    let text = dir.join("notes.txt");
    std::fs::write(&text, "hello, this is not a DAT\n".repeat(40)).expect("write");
    assert_eq!(
        show(&text),
        format!(
            "{d}/notes.txt: DAT offset 0x140: not a portal DAT (bad magic 0x54414420; expected 0x00005442, \"BT\")"
        )
    );
    let short = dir.join("short.dat");
    std::fs::write(&short, b"BT").expect("write");
    assert_eq!(
        show(&short),
        format!(
            "{d}/short.dat: not a portal DAT: the file is 2 bytes, shorter than the 400-byte DAT header"
        )
    );
    let cut = dir.join("cut.dat");
    let bytes = anim_dat(5);
    std::fs::write(&cut, &bytes[..bytes.len() - 1024]).expect("write");
    assert_eq!(
        show(&cut),
        format!(
            "{d}/cut.dat: DAT offset 0x148: truncated: the file ends at byte {} but its header says it needs {}",
            bytes.len() - 1024,
            bytes.len()
        )
    );
    std::fs::remove_dir_all(&dir).ok();
}

// ---- the sweep keeps going ----------------------------------------------------------------

#[test]
fn the_sweep_lists_directory_errors_and_reads_what_it_can() {
    let mut w = DatWriter::new();
    let mut t = MotionTable::new(0x0900_0001, 0x8000_003D);
    for i in 0..150 {
        t.set_cycle(i, MotionData::new(vec![AnimData::new(FIRST + i)]));
    }
    w.add_record(&t).expect("table");
    for i in 0..150 {
        w.add_record(&Animation::new(FIRST + i, 2, 1))
            .expect("anim");
    }
    let mut bytes = w.build().expect("build");
    let clean = ac_testkit::sweep::sweep(&DatArchive::from_slice(&bytes).expect("open"));
    assert!(
        !clean.has_errors() && clean.is_clean(),
        "{:?}",
        clean.failures
    );
    assert_eq!(clean.animations, 150);

    // Swap two entries of the second leaf: its ids are out of order.
    let r = root(&bytes);
    let leaf = u32_at(&bytes, node_byte(r, 4));
    let (a, b) = (entry_at(leaf, 0), entry_at(leaf, 1));
    let ea: Vec<u8> = bytes[a..a + 24].to_vec();
    let eb: Vec<u8> = bytes[b..b + 24].to_vec();
    bytes[a..a + 24].copy_from_slice(&eb);
    bytes[b..b + 24].copy_from_slice(&ea);
    let leaf_count = u32_at(&bytes, node_byte(leaf, 0xF8)) as usize;
    let report = ac_testkit::sweep::sweep(&DatArchive::from_slice(&bytes).expect("open"));
    assert!(report.has_errors());
    assert_eq!(
        report.directory_errors.len(),
        1,
        "{:?}",
        report.directory_errors
    );
    assert!(report.directory_errors[0].contains("out of order"));
    // Only the animations under the bad leaf fail; the others were read.
    assert_eq!(report.failures.len(), leaf_count, "{:?}", report.failures);
    assert_eq!(report.animations, 150 - leaf_count);
    assert!(report.dangling_animations.is_empty());
}
