//! `cargo xtask snapshots [--dat PATH] [--retail] [--label NAME] [--root DIR]`: render the
//! transition catalogue (`ac_testkit::catalogue`) of every motion table of a portal DAT —
//! the synthetic corpus by default — as insta snapshot files, where `cargo insta review` and
//! `cargo insta accept` find them.
//!
//! # Where the files go
//!
//! `xtask/snapshots/catalogue/<source>-<fidelity>/0xXXXXXXXX.snap`. cargo-insta searches the
//! folder of every package of the workspace, so the catalogue lives inside the `xtask` package.
//! Each DAT source and fidelity has its own folder — `synthetic-ace`, `synthetic-retail`,
//! `dat-client_portal-ace` (a user's DAT, keyed by its file stem or `--label`) — so switching
//! `--retail` or `--dat` compares against the catalogue accepted for that same source and
//! fidelity instead of showing every table as changed.
//!
//! # The insta conventions followed
//!
//! A table whose text matches its accepted `.snap` (compared as insta compares file snapshots:
//! trailing whitespace and line endings normalised, the header ignored) is left alone, and a
//! stale `.snap.new` for it removed. A new or changed table is written as `0x….snap.new` in
//! insta's file format — a YAML header between `---` lines, then the text — which
//! `cargo insta accept` turns into the `.snap` byte for byte (a test checks this).
//!
//! Nothing this command writes is committed: a user's DAT is retail data, and its catalogue is
//! derived from it; the synthetic catalogues (8 MB per fidelity) are regenerated from code and
//! serve as a local baseline to review a change against. `.gitignore` lists the files by name
//! pattern rather than the folder, because cargo-insta does not descend into an ignored folder
//! but does pick up ignored snapshot files.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::source::DatSource;
use ac_dat::{DatArchive, MotionTable};
use ac_motiontable::{Fidelity, Resolver, Rules};
use ac_testkit::catalogue;
use anyhow::Context as _;
use insta::TextSnapshotKind;
use insta::internals::TextSnapshotContents;
use rayon::prelude::*;

/// Command-line arguments.
#[derive(clap::Args)]
pub struct Args {
    /// Portal DAT to read (default: `$AC_PORTAL_DAT`, else the synthetic corpus generated in
    /// memory).
    #[arg(long)]
    dat: Option<PathBuf>,
    /// Render with `Fidelity::Retail` instead of ACE (a separate folder of snapshots).
    #[arg(long)]
    retail: bool,
    /// Key of a `--dat` file's folder, `dat-LABEL-<fidelity>` (default: the file stem). Give
    /// two different DATs with the same file name different labels.
    #[arg(long)]
    label: Option<String>,
    /// Folder holding one sub-folder per source and fidelity (default:
    /// `xtask/snapshots/catalogue`, where cargo-insta looks).
    #[arg(long)]
    root: Option<PathBuf>,
}

/// The `source:` line of every snapshot: the code that writes them.
const SOURCE: &str = "xtask/src/snapshots.rs";

/// Where the motion tables come from.
enum Source {
    /// The synthetic corpus, generated in memory.
    Synthetic,
    /// A user's portal DAT, with the key of its snapshot folders.
    File { path: PathBuf, key: String },
}

impl Source {
    fn from_args(dat: Option<PathBuf>, label: Option<&str>) -> Self {
        let path = dat.or_else(|| {
            std::env::var_os("AC_PORTAL_DAT")
                .filter(|p| !p.is_empty())
                .map(PathBuf::from)
        });
        match path {
            None => Source::Synthetic,
            Some(path) => {
                let stem = label.map(str::to_owned).unwrap_or_else(|| {
                    path.file_stem()
                        .map(|s| s.to_string_lossy().into_owned())
                        .unwrap_or_default()
                });
                let key = format!("dat-{}", folder_safe(&stem));
                Source::File { path, key }
            }
        }
    }

    /// The first half of the folder name: `synthetic` or `dat-<key>`.
    fn key(&self) -> &str {
        match self {
            Source::Synthetic => ac_testkit::synthetic::LABEL,
            Source::File { key, .. } => key,
        }
    }

    fn describe(&self) -> String {
        match self {
            Source::Synthetic => "the synthetic DAT".to_owned(),
            Source::File { path, .. } => path.display().to_string(),
        }
    }

    /// Every motion table of the source, decoded in parallel. The synthetic corpus comes from
    /// the image `cargo xtask sweep` caches under `target/` (`crate::source`), so a warm run
    /// does not generate it again.
    fn load(&self) -> anyhow::Result<Vec<MotionTable>> {
        let (archive, name) = match self {
            Source::Synthetic => {
                let opened = DatSource::Synthetic {
                    seed: ac_testkit::synthetic::DEFAULT_SEED,
                }
                .open()?;
                (opened.dat, opened.info.name())
            }
            // The DAT errors name the file themselves.
            Source::File { path, .. } => (DatArchive::open(path)?, path.display().to_string()),
        };
        let ids = archive
            .motion_table_ids()
            .with_context(|| format!("listing the motion tables of {name}"))?;
        let decoded: Vec<_> = ids
            .par_iter()
            .map(|&id| (id, archive.read_motion_table(id)))
            .collect();
        let mut tables = Vec::with_capacity(decoded.len());
        for (id, table) in decoded {
            match table {
                Ok(t) => tables.push(t),
                Err(e) => eprintln!("skipping motion table 0x{id:08X}: {e}"),
            }
        }
        Ok(tables)
    }
}

/// `text` with every character outside `[A-Za-z0-9._-]` replaced by `_` (never empty), so a
/// file stem or label is a folder name on every platform.
fn folder_safe(text: &str) -> String {
    let safe: String = text
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-') {
                c
            } else {
                '_'
            }
        })
        .collect();
    if safe.is_empty() {
        "dat".to_owned()
    } else {
        safe
    }
}

/// The lower-case name of `fidelity`, as in folder names and `--fidelity` arguments.
fn fidelity_name(fidelity: Fidelity) -> &'static str {
    match fidelity {
        Fidelity::Ace => "ace",
        Fidelity::Retail => "retail",
    }
}

/// The folder of one source and fidelity: `<source key>-ace` or `<source key>-retail`.
fn folder_name(source_key: &str, fidelity: Fidelity) -> String {
    format!("{source_key}-{}", fidelity_name(fidelity))
}

/// What happened to one table's snapshot.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// Matches the accepted `.snap`; nothing to review.
    Unchanged,
    /// No accepted `.snap` yet; a `.snap.new` awaits review.
    New,
    /// Differs from the accepted `.snap`; a `.snap.new` awaits review.
    Changed,
}

/// The file name of table `id`'s accepted snapshot.
fn snap_name(id: u32) -> String {
    format!("0x{id:08X}.snap")
}

/// The insta header of table `id`'s snapshot in `folder`. Plain YAML scalars only (no `:`,
/// quotes or leading punctuation), so it is exactly what insta itself writes back on accept.
fn header(id: u32, folder: &str) -> String {
    format!(
        "---\nsource: {SOURCE}\ndescription: transition catalogue of motion table 0x{id:08X} from {folder}\n---\n"
    )
}

/// The snapshot text of `body`, normalised as insta normalises file snapshots.
fn contents(body: &str) -> TextSnapshotContents {
    TextSnapshotContents::new(body.to_owned(), TextSnapshotKind::File)
}

/// Compares `body` with the accepted snapshot of table `id` in `dir` and writes or removes its
/// pending `.snap.new` accordingly.
fn write_one(dir: &Path, folder: &str, id: u32, body: &str) -> anyhow::Result<Status> {
    let snap = dir.join(snap_name(id));
    let new = dir.join(format!("{}.new", snap_name(id)));
    let text = contents(body);
    let status = if !snap.exists() {
        Status::New
    } else {
        // An unreadable accepted snapshot is reviewed as changed, like insta does.
        let old = insta::Snapshot::from_file(&snap).ok();
        match old.as_ref().and_then(insta::Snapshot::as_text) {
            Some(old) if old.matches_latest(&text) => Status::Unchanged,
            _ => Status::Changed,
        }
    };
    if status == Status::Unchanged {
        if new.exists() {
            std::fs::remove_file(&new).with_context(|| format!("removing {}", new.display()))?;
        }
    } else {
        let pending = format!("{}{text}\n", header(id, folder));
        // A pending file that already holds these bytes is left alone: rewriting 400-odd
        // unchanged files was most of a warm run.
        if std::fs::read(&new).ok().as_deref() != Some(pending.as_bytes()) {
            std::fs::write(&new, pending).with_context(|| format!("writing {}", new.display()))?;
        }
    }
    Ok(status)
}

/// Removes pending `.snap.new` files of tables that are not in `ids` (they would show up in a
/// review of a table that no longer exists) and counts accepted `.snap` files of such tables.
fn sweep_orphans(dir: &Path, ids: &BTreeSet<u32>) -> anyhow::Result<usize> {
    let mut orphans = 0;
    let entries = std::fs::read_dir(dir).with_context(|| format!("listing {}", dir.display()))?;
    for entry in entries {
        let path = entry
            .with_context(|| format!("listing {}", dir.display()))?
            .path();
        let Some(name) = path.file_name().and_then(|n| n.to_str()) else {
            continue;
        };
        let (stem, pending) = match name.strip_suffix(".snap.new") {
            Some(stem) => (stem, true),
            None => match name.strip_suffix(".snap") {
                Some(stem) => (stem, false),
                None => continue,
            },
        };
        let id = stem
            .strip_prefix("0x")
            .and_then(|h| u32::from_str_radix(h, 16).ok());
        if id.is_some_and(|id| ids.contains(&id)) {
            continue;
        }
        if pending {
            std::fs::remove_file(&path).with_context(|| format!("removing {}", path.display()))?;
        } else {
            orphans += 1;
        }
    }
    Ok(orphans)
}

/// How many tables' snapshots ended in each [`Status`].
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Counts {
    /// Tables matching their accepted snapshot.
    pub unchanged: usize,
    /// Tables with no accepted snapshot.
    pub new: usize,
    /// Tables differing from their accepted snapshot.
    pub changed: usize,
}

/// Writes the pending snapshots of `rendered` (`(table id, catalogue text)`) into `dir`, in
/// parallel (each table has its own files).
fn write_all(dir: &Path, folder: &str, rendered: &[(u32, String)]) -> anyhow::Result<Counts> {
    let statuses = rendered
        .par_iter()
        .map(|(id, body)| write_one(dir, folder, *id, body))
        .collect::<anyhow::Result<Vec<Status>>>()?;
    let mut counts = Counts::default();
    for status in statuses {
        match status {
            Status::Unchanged => counts.unchanged += 1,
            Status::New => counts.new += 1,
            Status::Changed => counts.changed += 1,
        }
    }
    Ok(counts)
}

/// Whole milliseconds, rounded to nearest.
fn ms(d: Duration) -> u128 {
    (d.as_micros() + 500) / 1000
}

/// `path` relative to the current directory when it lies below it (shorter output).
fn shown(path: &Path) -> PathBuf {
    std::env::current_dir()
        .ok()
        .and_then(|cwd| path.strip_prefix(cwd).ok().map(Path::to_path_buf))
        .unwrap_or_else(|| path.to_path_buf())
}

/// Runs the command.
pub fn run(args: Args) -> anyhow::Result<()> {
    let source = Source::from_args(args.dat, args.label.as_deref());
    let fidelity = if args.retail {
        Fidelity::Retail
    } else {
        Fidelity::Ace
    };
    let folder = folder_name(source.key(), fidelity);
    let root = args.root.unwrap_or_else(|| {
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("snapshots")
            .join("catalogue")
    });
    let dir = root.join(&folder);
    // The elapsed time printed covers everything the user waits for after the program starts.
    let started = Instant::now();
    let tables = source.load()?;
    let loaded_at = started.elapsed();
    std::fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
    let rendered: Vec<(u32, String)> = tables
        .into_par_iter()
        .map(|t| {
            let id = t.id;
            (
                id,
                catalogue::render(&Resolver::new(t, Rules::from(fidelity))),
            )
        })
        .collect();
    let rendered_at = started.elapsed();
    let counts = write_all(&dir, &folder, &rendered)?;
    let ids: BTreeSet<u32> = rendered.iter().map(|(id, _)| *id).collect();
    let orphans = sweep_orphans(&dir, &ids)?;
    let elapsed = started.elapsed();
    let Counts {
        unchanged,
        new,
        changed,
    } = counts;
    println!(
        "{} motion tables of {} at {} fidelity -> {}: {unchanged} unchanged, {new} new, {changed} changed",
        rendered.len(),
        source.describe(),
        fidelity_name(fidelity),
        shown(&dir).display(),
    );
    if orphans > 0 {
        println!("{orphans} accepted snapshot(s) name no table of this DAT (left in place)");
    }
    println!(
        "elapsed: {} ms (load {} ms, render {} ms, compare and write {} ms)",
        ms(elapsed),
        ms(loaded_at),
        ms(rendered_at - loaded_at),
        ms(elapsed - rendered_at)
    );
    if new + changed > 0 {
        println!("review with `cargo insta review`, or take them all with `cargo insta accept`");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("xtask-snapshots-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn pending_files_follow_the_accepted_snapshot() {
        let dir = scratch("status");
        let new = dir.join("0x00000007.snap.new");
        let snap = dir.join("0x00000007.snap");
        assert_eq!(write_one(&dir, "f", 7, "body\n").unwrap(), Status::New);
        std::fs::rename(&new, &snap).unwrap();
        assert_eq!(
            write_one(&dir, "f", 7, "body\n").unwrap(),
            Status::Unchanged
        );
        assert!(!new.exists());
        // Trailing whitespace is not a difference, as in insta.
        assert_eq!(
            write_one(&dir, "f", 7, "body\n\n\n").unwrap(),
            Status::Unchanged
        );
        assert_eq!(write_one(&dir, "f", 7, "other\n").unwrap(), Status::Changed);
        assert!(new.exists());
        // Back to the accepted text: the stale pending file goes.
        assert_eq!(write_one(&dir, "f", 7, "body").unwrap(), Status::Unchanged);
        assert!(!new.exists());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn orphan_pending_files_are_removed_and_accepted_ones_counted() {
        let dir = scratch("orphans");
        for name in ["0x00000001.snap", "0x00000002.snap", "0x00000002.snap.new"] {
            std::fs::write(dir.join(name), "---\n---\nx\n").unwrap();
        }
        std::fs::write(dir.join("notes.txt"), "kept").unwrap();
        let ids = BTreeSet::from([1]);
        assert_eq!(sweep_orphans(&dir, &ids).unwrap(), 1);
        assert!(!dir.join("0x00000002.snap.new").exists());
        assert!(dir.join("0x00000002.snap").exists() && dir.join("notes.txt").exists());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn one_folder_per_source_and_fidelity() {
        let synthetic = Source::Synthetic;
        assert_eq!(folder_name(synthetic.key(), Fidelity::Ace), "synthetic-ace");
        assert_eq!(
            folder_name(synthetic.key(), Fidelity::Retail),
            "synthetic-retail"
        );
        let dat = Source::from_args(Some("/x/client_portal.dat".into()), None);
        assert_eq!(
            folder_name(dat.key(), Fidelity::Ace),
            "dat-client_portal-ace"
        );
        let labelled = Source::from_args(Some("/x/client_portal.dat".into()), Some("eor 2017"));
        assert_eq!(labelled.key(), "dat-eor_2017");
        // A DAT named like the synthetic corpus still gets its own folder.
        let named = Source::from_args(Some("synthetic.dat".into()), None);
        assert_eq!(named.key(), "dat-synthetic");
    }
}
