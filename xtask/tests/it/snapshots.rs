//! `xtask snapshots`: insta snapshot files, one folder per source and fidelity, that accepting
//! (what `cargo insta accept` does) turns into a catalogue with nothing left to review.

use std::path::{Path, PathBuf};
use std::process::Command;

fn snapshots(root: &Path, extra: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_xtask"))
        .arg("snapshots")
        .arg("--root")
        .arg(root)
        .args(extra)
        .env_remove("AC_PORTAL_DAT")
        .output()
        .expect("run xtask snapshots");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}

/// The files of `dir` whose name ends with `suffix`, sorted.
fn files(dir: &Path, suffix: &str) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.to_string_lossy().ends_with(suffix))
                .collect()
        })
        .unwrap_or_default();
    found.sort();
    found
}

/// What `cargo insta accept` does with a pending file snapshot: load it with insta, save it
/// as the `.snap` next to it, remove the `.snap.new`.
fn accept(pending: &Path) {
    let snapshot = insta::Snapshot::from_file(pending).expect("insta reads the pending file");
    let target = pending.with_extension("");
    snapshot.save(&target).expect("insta saves the snapshot");
    std::fs::remove_file(pending).expect("remove the pending file");
}

#[test]
fn accepted_catalogue_has_nothing_left_to_review() {
    let root = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("snapshot_round_trip");
    let _ = std::fs::remove_dir_all(&root);
    let tables = ac_testkit::synthetic::TABLE_COUNT;
    let ace = root.join("synthetic-ace");

    let first = snapshots(&root, &[]);
    assert!(
        first.contains(&format!("0 unchanged, {tables} new, 0 changed")),
        "{first}"
    );
    assert!(first.contains("cargo insta review"), "{first}");
    let pending = files(&ace, ".snap.new");
    assert_eq!(pending.len(), tables, "one pending file per table");
    for p in &pending {
        let written = std::fs::read(p).expect("read pending");
        accept(p);
        let accepted = std::fs::read(p.with_extension("")).expect("read accepted");
        assert_eq!(
            written,
            accepted,
            "{} is in insta's own format (accept rewrites nothing)",
            p.display()
        );
    }

    let again = snapshots(&root, &[]);
    assert!(
        again.contains(&format!("{tables} unchanged, 0 new, 0 changed")),
        "{again}"
    );
    assert!(!again.contains("cargo insta review"), "{again}");
    assert!(files(&ace, ".snap.new").is_empty(), "nothing to review");

    // A changed table, and only that one, comes back for review with its current text.
    let snap = ace.join("0x09000001.snap");
    let good = std::fs::read_to_string(&snap).expect("read snapshot");
    std::fs::write(&snap, format!("{good}stale line\n")).expect("edit snapshot");
    let changed = snapshots(&root, &[]);
    assert!(changed.contains("1 changed"), "{changed}");
    assert_eq!(
        files(&ace, ".snap.new"),
        vec![ace.join("0x09000001.snap.new")]
    );
    accept(&ace.join("0x09000001.snap.new"));
    assert_eq!(std::fs::read_to_string(&snap).expect("read snapshot"), good);

    // Retail has its own folder: the accepted ACE catalogue is not shown as changed.
    let retail = snapshots(&root, &["--retail"]);
    assert!(
        retail.contains(&format!("0 unchanged, {tables} new, 0 changed")),
        "{retail}"
    );
    assert_eq!(
        files(&root.join("synthetic-retail"), ".snap.new").len(),
        tables
    );
    assert!(files(&ace, ".snap.new").is_empty());
    assert_eq!(files(&ace, ".snap").len(), tables);
}

/// The snapshot files are ignored by git, but by file pattern: cargo-insta does not descend
/// into an ignored folder, so ignoring the folder would hide the snapshots from review.
#[test]
fn snapshot_files_are_ignored_but_their_folders_are_not() {
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let ignored = |path: &str| {
        Command::new("git")
            .args(["check-ignore", "--no-index", "-q", path])
            .current_dir(&workspace)
            .status()
            .expect("run git check-ignore")
            .success()
    };
    for folder in ["synthetic-ace", "synthetic-retail", "dat-client_portal-ace"] {
        let dir = format!("xtask/snapshots/catalogue/{folder}");
        assert!(ignored(&format!("{dir}/0x09000001.snap")), "{dir}");
        assert!(ignored(&format!("{dir}/0x09000001.snap.new")), "{dir}");
        assert!(!ignored(&dir), "{dir} must stay visible to cargo-insta");
        assert!(
            !ignored(&format!("{dir}/")),
            "{dir} must stay visible to cargo-insta"
        );
    }
}
