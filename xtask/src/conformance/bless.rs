//! `conformance --bless`: record each scenario's expectation from the runner.
//!
//! A scenario ending in a trace gets `NAME.expected`; one the runner refuses gets
//! `NAME.expected-error` holding the `scenario line N:` prefix, the part the contract fixes. The
//! other kind of expectation, if present, is removed, since `.expected-error` would win.
//!
//! Expectations recorded from the reference are the contract and are never overwritten by
//! accident: a scenario listed in its folder's `index.tsv` (the contract's manifest, shipped
//! with the traces ACE printed) keeps its expectation unless `--force` is given. An
//! expectation that already holds is left untouched, so blessing a passing corpus writes
//! nothing — not even a byte-different trace within the rotation tolerance.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::Context as _;

use super::{Expectation, Verdict, error_file, name_of, print_failure, run_guarded, trace_file};

/// What blessing one scenario did.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Blessing {
    /// The expectation already held.
    Unchanged,
    /// The expectation was written to this file; `created` when the scenario had none.
    Written { file: PathBuf, created: bool },
    /// The reference expectation would change and `--force` was not given.
    Refused,
    /// The runner hung or panicked: there is nothing to record.
    Failed(String),
}

/// The scenario file names `index.tsv` lists in `dir` (its first column), empty without one.
fn reference_scenarios(dir: &Path) -> anyhow::Result<BTreeSet<String>> {
    let index = dir.join("index.tsv");
    let text = match std::fs::read_to_string(&index) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(BTreeSet::new()),
        Err(e) => return Err(e).with_context(|| format!("cannot read {}", index.display())),
    };
    Ok(text
        .lines()
        .filter_map(|line| line.split('\t').next())
        .filter(|name| name.ends_with(".scn"))
        .map(str::to_owned)
        .collect())
}

/// Whether `scn`'s expectation came from the reference (listed in its folder's `index.tsv`).
fn is_reference(scn: &Path, references: &BTreeSet<String>) -> bool {
    scn.file_name()
        .is_some_and(|n| references.contains(n.to_string_lossy().as_ref()))
}

/// Writes `text` to `path`, the expectation file of a scenario.
fn write(path: &Path, text: &str) -> anyhow::Result<()> {
    std::fs::write(path, text).with_context(|| format!("cannot write {}", path.display()))
}

/// Blesses one scenario; `protected` when its expectation is a reference one.
fn bless_one(
    scn: &Path,
    timeout: Duration,
    protected: bool,
    force: bool,
) -> anyhow::Result<Blessing> {
    let old = Expectation::read(scn)?;
    let outcome = match run_guarded(scn, timeout) {
        Ok(outcome) => outcome,
        Err(e) => return Ok(Blessing::Failed(e)),
    };
    if let Some(old) = &old
        && super::verdict(scn, old, &outcome) == Verdict::Pass
    {
        return Ok(Blessing::Unchanged);
    }
    if old.is_some() && protected && !force {
        return Ok(Blessing::Refused);
    }
    let (file, stale) = match Expectation::of(&outcome) {
        Expectation::Trace(trace) => {
            write(&trace_file(scn), &trace)?;
            (trace_file(scn), error_file(scn))
        }
        Expectation::Error(prefix) => {
            write(&error_file(scn), &format!("{prefix}\n"))?;
            (error_file(scn), trace_file(scn))
        }
    };
    if stale.exists() {
        std::fs::remove_file(&stale)
            .with_context(|| format!("cannot remove {}", stale.display()))?;
    }
    Ok(Blessing::Written {
        file,
        created: old.is_none(),
    })
}

/// Blesses `files` and prints one line per scenario written, refused or failed, then
/// `N written, M unchanged, R refused, F failed`; an error status when any was refused or
/// failed.
pub fn run(files: &[PathBuf], timeout: Duration, force: bool, quiet: bool) -> anyhow::Result<()> {
    let (mut written, mut unchanged, mut refused, mut failed) = (0usize, 0usize, 0usize, 0usize);
    let mut references: Option<(PathBuf, BTreeSet<String>)> = None;
    for scn in files {
        let dir = scn.parent().unwrap_or(Path::new(".")).to_path_buf();
        if references.as_ref().is_none_or(|(d, _)| *d != dir) {
            references = Some((dir.clone(), reference_scenarios(&dir)?));
        }
        let protected = references
            .as_ref()
            .is_some_and(|(_, names)| is_reference(scn, names));
        match bless_one(scn, timeout, protected, force)? {
            Blessing::Unchanged => unchanged += 1,
            Blessing::Written { file, created } => {
                written += 1;
                let how = if created { "new" } else { "updated" };
                println!("wrote {} ({how})", file.display());
            }
            Blessing::Refused => {
                refused += 1;
                println!(
                    "REFUSED {}: its expectation was recorded from the reference (listed in {}); \
                     --force overwrites it",
                    name_of(scn),
                    dir.join("index.tsv").display()
                );
            }
            Blessing::Failed(why) => {
                failed += 1;
                print_failure(scn, &why, quiet);
            }
        }
    }
    println!("{written} written, {unchanged} unchanged, {refused} refused, {failed} failed");
    if refused + failed > 0 {
        super::exit_failed();
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("xtask-bless-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    const TIMEOUT: Duration = Duration::from_secs(20);

    #[test]
    fn writes_traces_and_error_prefixes_and_removes_the_other_kind() {
        let dir = scratch("kinds");
        let scn = dir.join("a.scn");
        std::fs::write(&scn, "object\nupdate 0.1\n").unwrap();
        let b = bless_one(&scn, TIMEOUT, false, false).unwrap();
        assert_eq!(
            b,
            Blessing::Written {
                file: trace_file(&scn),
                created: true
            }
        );
        assert!(
            std::fs::read_to_string(trace_file(&scn))
                .unwrap()
                .starts_with("step 1: object\n")
        );
        assert_eq!(
            bless_one(&scn, TIMEOUT, false, false).unwrap(),
            Blessing::Unchanged
        );

        std::fs::write(&scn, "object\nbogus_op\n").unwrap();
        let b = bless_one(&scn, TIMEOUT, false, false).unwrap();
        assert_eq!(
            b,
            Blessing::Written {
                file: error_file(&scn),
                created: false
            }
        );
        assert_eq!(
            std::fs::read_to_string(error_file(&scn)).unwrap(),
            "scenario line 2:\n"
        );
        assert!(!trace_file(&scn).exists(), "the stale trace is removed");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn reference_expectations_change_only_with_force() {
        let dir = scratch("reference");
        std::fs::write(
            dir.join("index.tsv"),
            "file\tlayer\tchecks\nr.scn\tmt\tsomething\n",
        )
        .unwrap();
        let refs = reference_scenarios(&dir).unwrap();
        let scn = dir.join("r.scn");
        assert!(is_reference(&scn, &refs));
        assert!(!is_reference(&dir.join("mine.scn"), &refs));
        std::fs::write(&scn, "object\n").unwrap();
        std::fs::write(trace_file(&scn), "step 1: object\n  something else\n").unwrap();
        assert_eq!(
            bless_one(&scn, TIMEOUT, true, false).unwrap(),
            Blessing::Refused
        );
        assert_eq!(
            std::fs::read_to_string(trace_file(&scn)).unwrap(),
            "step 1: object\n  something else\n",
            "a refused bless writes nothing"
        );
        assert!(matches!(
            bless_one(&scn, TIMEOUT, true, true).unwrap(),
            Blessing::Written { created: false, .. }
        ));
        // A reference scenario without an expectation yet may be recorded.
        let fresh = dir.join("r2.scn");
        std::fs::write(&fresh, "object\n").unwrap();
        assert!(matches!(
            bless_one(&fresh, TIMEOUT, true, false).unwrap(),
            Blessing::Written { created: true, .. }
        ));
        std::fs::remove_dir_all(&dir).unwrap();
        assert!(reference_scenarios(&dir).unwrap().is_empty());
    }
}
