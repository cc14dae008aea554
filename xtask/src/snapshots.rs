//! `cargo xtask snapshots [--dat PATH] [--out DIR] [--retail]`: render the golden transition
//! catalogue (`ac_testkit::catalogue`) for every motion table of a portal DAT — the
//! synthetic corpus by default — as insta snapshot files.
//!
//! Each table becomes `DIR/0xXXXXXXXX.snap`. A table whose rendering equals the stored `.snap`
//! is left alone; a new or changed one is written as `.snap.new` next to it, so
//! `cargo insta review` (run from the workspace) lets the user accept or reject what the resolver
//! now produces for their DAT.

use std::path::{Path, PathBuf};

use ac_dat::{DatArchive, MotionTable};
use ac_motiontable::{Fidelity, Resolver};
use ac_testkit::catalogue;
use anyhow::Context as _;
use rayon::prelude::*;

/// Command-line arguments.
#[derive(clap::Args)]
pub struct Args {
    /// Portal DAT to read (default: the synthetic corpus, generated in memory).
    #[arg(long)]
    dat: Option<PathBuf>,
    /// Output directory (default: `snapshots/<dat file stem | synthetic>` in the workspace).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Render with `Fidelity::Retail` instead of ACE.
    #[arg(long)]
    retail: bool,
}

/// What happened to one table's snapshot.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Status {
    Unchanged,
    New,
    Changed,
}

const SOURCE: &str = "xtask/src/snapshots.rs";

fn header(id: u32) -> String {
    format!("---\nsource: {SOURCE}\nexpression: \"motion table 0x{id:08X}\"\n---\n")
}

/// The body of a stored snapshot (everything after the second `---` line).
fn snap_body(text: &str) -> Option<&str> {
    let rest = text.strip_prefix("---\n")?;
    let end = rest.find("\n---\n")?;
    Some(&rest[end + 5..])
}

fn write_one(dir: &Path, id: u32, body: &str) -> anyhow::Result<Status> {
    let snap = dir.join(format!("0x{id:08X}.snap"));
    let new = dir.join(format!("0x{id:08X}.snap.new"));
    let status = match std::fs::read_to_string(&snap) {
        Ok(old) if snap_body(&old).map(str::trim_end) == Some(body.trim_end()) => Status::Unchanged,
        Ok(_) => Status::Changed,
        Err(_) => Status::New,
    };
    if status == Status::Unchanged {
        if new.exists() {
            std::fs::remove_file(&new).with_context(|| format!("removing {}", new.display()))?;
        }
    } else {
        std::fs::write(&new, format!("{}{body}", header(id)))
            .with_context(|| format!("writing {}", new.display()))?;
    }
    Ok(status)
}

fn load(dat: Option<&Path>) -> anyhow::Result<(String, Vec<MotionTable>)> {
    match dat {
        None => Ok((
            ac_testkit::synthetic::LABEL.to_owned(),
            ac_testkit::synthetic::motion_tables(),
        )),
        Some(path) => {
            let archive =
                DatArchive::open(path).with_context(|| format!("opening {}", path.display()))?;
            let ids = archive
                .motion_table_ids()
                .context("listing motion tables")?;
            let mut tables = Vec::with_capacity(ids.len());
            for id in ids {
                match archive.read_motion_table(id) {
                    Ok(t) => tables.push(t),
                    Err(e) => eprintln!("skipping motion table 0x{id:08X}: {e}"),
                }
            }
            let label = path
                .file_stem()
                .map_or_else(|| "dat".to_owned(), |s| s.to_string_lossy().into_owned());
            Ok((label, tables))
        }
    }
}

/// Runs the command.
pub fn run(args: Args) -> anyhow::Result<()> {
    let (label, tables) = load(args.dat.as_deref())?;
    let out = args.out.unwrap_or_else(|| {
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("..")
            .join("snapshots")
            .join(&label)
    });
    std::fs::create_dir_all(&out).with_context(|| format!("creating {}", out.display()))?;
    let fidelity = if args.retail {
        Fidelity::Retail
    } else {
        Fidelity::Ace
    };
    let rendered: Vec<(u32, String)> = tables
        .into_par_iter()
        .map(|t| {
            let id = t.id;
            (
                id,
                catalogue::render(&Resolver::new(t).with_fidelity(fidelity)),
            )
        })
        .collect();
    let (mut unchanged, mut new, mut changed) = (0, 0, 0);
    for (id, body) in &rendered {
        match write_one(&out, *id, body)? {
            Status::Unchanged => unchanged += 1,
            Status::New => new += 1,
            Status::Changed => changed += 1,
        }
    }
    println!(
        "{} tables from {label} -> {}: {unchanged} unchanged, {new} new, {changed} changed{}",
        rendered.len(),
        out.display(),
        if new + changed > 0 {
            " (review with `cargo insta review`)"
        } else {
            ""
        }
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn snapshot_files_round_trip_and_detect_changes() {
        let dir = std::env::temp_dir().join(format!("xtask-snapshots-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        assert_eq!(write_one(&dir, 7, "body\n").unwrap(), Status::New);
        let new = dir.join("0x00000007.snap.new");
        let snap = dir.join("0x00000007.snap");
        std::fs::rename(&new, &snap).unwrap();
        assert_eq!(write_one(&dir, 7, "body\n").unwrap(), Status::Unchanged);
        assert!(!new.exists());
        assert_eq!(write_one(&dir, 7, "other\n").unwrap(), Status::Changed);
        assert!(new.exists());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
