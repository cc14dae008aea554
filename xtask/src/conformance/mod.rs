//! `cargo xtask conformance [PATH] [--filter TEXT] [--bless [--force]]`: run a scenario, or
//! every scenario of a folder, and compare each with its expectation (docs/scenarios.md,
//! "Comparing traces"; see [`compare`]), or record the
//! expectations from the runner ([`bless`]).
//!
//! Scenarios run in-process, one worker thread each, with a per-scenario time limit: a hang
//! or a panic in a crate fails that scenario instead of the whole run. A run in which no
//! scenario was judged (an empty folder, a `--filter` that matches nothing, a scenario without
//! expectation) is an error, never a silent `0 passed, 0 failed` success.

mod bless;
pub mod compare;

use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::Duration;

use anyhow::Context as _;

use crate::scenario::{self, Outcome};
use compare::scenario_tolerance;

/// Command-line arguments.
#[derive(clap::Args)]
pub struct Args {
    /// A scenario (`NAME.scn`) or a folder of them (default: the workspace's
    /// `fixtures/scenarios`). A scenario is judged when it has a `NAME.expected` trace or a
    /// `NAME.expected-error` prefix next to it.
    pub path: Option<PathBuf>,
    /// Seconds a single scenario may run before it counts as hung.
    #[arg(long, default_value_t = 20)]
    pub timeout: u64,
    /// Print only the `FAIL NAME` lines, without the first differing step of each failure.
    #[arg(long, short)]
    pub quiet: bool,
    /// Only scenarios whose file name contains this text.
    #[arg(long)]
    pub filter: Option<String>,
    /// Record each scenario's expectation from the runner instead of comparing: its trace as
    /// `NAME.expected`, or the `scenario line N:` prefix of its error as `NAME.expected-error`.
    /// Expectations that already hold are left untouched.
    #[arg(long)]
    pub bless: bool,
    /// With `--bless`, also overwrite reference expectations: those of the scenarios listed in
    /// their folder's `index.tsv`, the contract's manifest of traces recorded from ACE.
    #[arg(long, requires = "bless")]
    pub force: bool,
}

/// What a scenario must produce.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Expectation {
    /// `NAME.expected`: exit status 0 and this trace.
    Trace(String),
    /// `NAME.expected-error`: a bad-input error (exit status 2) whose report starts with this
    /// prefix, `scenario line N:`.
    Error(String),
}

/// `NAME.expected` of the scenario `scn` (`NAME.scn`).
fn trace_file(scn: &Path) -> PathBuf {
    scn.with_extension("expected")
}

/// `NAME.expected-error` of the scenario `scn` (`NAME.scn`).
fn error_file(scn: &Path) -> PathBuf {
    scn.with_extension("expected-error")
}

impl Expectation {
    /// Reads the expectation of `scn`: its `.expected-error` first, then
    /// its `.expected`; `None` when it has neither.
    pub fn read(scn: &Path) -> anyhow::Result<Option<Self>> {
        let read = |path: &Path| {
            std::fs::read(path)
                .map(|b| String::from_utf8_lossy(&b).into_owned())
                .with_context(|| format!("cannot read {}", path.display()))
        };
        let err = error_file(scn);
        if err.exists() {
            let text = read(&err)?;
            return Ok(Some(Expectation::Error(
                text.lines().next().unwrap_or("").to_owned(),
            )));
        }
        let trace = trace_file(scn);
        if trace.exists() {
            return Ok(Some(Expectation::Trace(read(&trace)?)));
        }
        Ok(None)
    }

    /// The expectation `outcome` fulfils: its trace, or the `scenario line N:` prefix of its
    /// error.
    pub fn of(outcome: &Outcome) -> Self {
        match &outcome.error {
            Some(err) => Expectation::Error(format!("scenario line {}:", err.line)),
            None => Expectation::Trace(outcome.stdout.clone()),
        }
    }
}

/// The verdict on one scenario.
#[derive(Debug, Clone, PartialEq)]
pub enum Verdict {
    /// Matches its expectation.
    Pass,
    /// Does not; the text says why (the first differing step for trace mismatches).
    Fail(String),
}

/// Runs the scenario file `scn` on a worker thread, giving up after `timeout`; the error
/// (hang, panic, unreadable file) as text.
pub fn run_guarded(scn: &Path, timeout: Duration) -> Result<Outcome, String> {
    let text = match std::fs::read(scn) {
        Ok(b) => String::from_utf8_lossy(&b).into_owned(),
        Err(e) => return Err(format!("cannot read {}: {e}", scn.display())),
    };
    let (tx, rx) = mpsc::channel();
    let spawned = std::thread::Builder::new()
        .name("scenario".into())
        .stack_size(64 << 20)
        .spawn(move || {
            let _ = tx.send(scenario::run_text(&text));
        });
    if let Err(e) = spawned {
        return Err(format!("cannot start a worker thread: {e}"));
    }
    match rx.recv_timeout(timeout) {
        Ok(mut outcome) => {
            outcome.error = outcome.error.map(|e| e.in_file(scn));
            Ok(outcome)
        }
        Err(mpsc::RecvTimeoutError::Timeout) => {
            Err(format!("no result after {}s (hang?)", timeout.as_secs()))
        }
        Err(mpsc::RecvTimeoutError::Disconnected) => Err("the runner panicked".into()),
    }
}

/// The line of `scn_text` holding step `step` (1-based): steps are the non-empty lines that
/// are not definitions.
fn step_line(scn_text: &str, step: usize) -> Option<usize> {
    scn_text
        .lines()
        .enumerate()
        .filter(|(_, line)| {
            scenario::lexer::tokenize(line)
                .first()
                .is_some_and(|kw| !scenario::defs::is_definition(kw))
        })
        .nth(step.checked_sub(1)?)
        .map(|(i, _)| i + 1)
}

/// Judges `outcome`, the run of scenario `scn`, against `expectation`.
fn verdict(scn: &Path, expectation: &Expectation, outcome: &Outcome) -> Verdict {
    match (expectation, &outcome.error) {
        (Expectation::Error(want), Some(err)) if err.to_string().starts_with(want) => Verdict::Pass,
        (Expectation::Error(want), Some(err)) => Verdict::Fail(format!(
            "expected exit 2 and stderr '{want}...', got exit 2 and:\n{err}"
        )),
        (Expectation::Error(want), None) => Verdict::Fail(format!(
            "expected exit 2 and stderr '{want}...', got exit 0"
        )),
        (Expectation::Trace(_), Some(err)) => Verdict::Fail(format!(
            "expected a trace, but the runner stopped with exit status 2:\n{err}"
        )),
        (Expectation::Trace(expected), None) => {
            let text = std::fs::read_to_string(scn).unwrap_or_default();
            let Some(m) = compare::compare(expected, &outcome.stdout, scenario_tolerance(&text))
            else {
                return Verdict::Pass;
            };
            // The report's headline, then where it is in the scenario and in the trace.
            let (headline, details) = m.report.split_once('\n').unwrap_or((&m.report, ""));
            let mut why = format!("{headline}\n");
            if let Some(line) = m.step.and_then(|s| step_line(&text, s)) {
                why.push_str(&format!("  --> {}:{line}\n", scn.display()));
            }
            why.push_str(&format!(
                "  --> {}:{}\n{details}",
                trace_file(scn).display(),
                m.expected_line
            ));
            Verdict::Fail(why)
        }
    }
}

/// Judges the scenario `scn` against its `.expected` / `.expected-error`; `None` when it has
/// neither (not part of the corpus).
pub fn judge(scn: &Path, timeout: Duration) -> Option<Verdict> {
    let expectation = match Expectation::read(scn) {
        Ok(Some(e)) => e,
        Ok(None) => return None,
        Err(e) => return Some(Verdict::Fail(format!("{e:#}"))),
    };
    Some(match run_guarded(scn, timeout) {
        Err(e) => Verdict::Fail(e),
        Ok(outcome) => verdict(scn, &expectation, &outcome),
    })
}

/// The scenarios `path` names: itself when it is a file, else its `*.scn` files, sorted; only
/// those whose file name contains `filter`.
fn select(path: &Path, filter: Option<&str>) -> anyhow::Result<Vec<PathBuf>> {
    anyhow::ensure!(path.exists(), "{} does not exist", path.display());
    let mut files: Vec<PathBuf> = if path.is_dir() {
        std::fs::read_dir(path)
            .with_context(|| format!("cannot read {}", path.display()))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "scn"))
            .collect()
    } else if path.extension().is_some_and(|x| x == "scn") {
        vec![path.to_path_buf()]
    } else {
        anyhow::bail!(
            "{} is neither a scenario (NAME.scn) nor a folder",
            path.display()
        );
    };
    files.retain(|p| {
        filter.is_none_or(|f| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().contains(f))
        })
    });
    files.sort();
    Ok(files)
}

/// Why nothing ran, for the error of an empty run.
fn nothing_ran(path: &Path, filter: Option<&str>, bless: bool) -> String {
    let what = if path.is_dir() {
        let judged = if bless {
            ""
        } else {
            " with a NAME.expected or NAME.expected-error"
        };
        format!("{} has no NAME.scn{judged}", path.display())
    } else if bless {
        format!("{} was left out", path.display())
    } else {
        format!(
            "{} has no {} or {} (record one with --bless)",
            path.display(),
            trace_file(path).display(),
            error_file(path).display()
        )
    };
    match filter {
        Some(f) => format!("no scenario ran: {what} whose file name contains `{f}` (--filter)"),
        None => format!("no scenario ran: {what}"),
    }
}

/// The name a scenario is reported under: its file stem.
fn name_of(scn: &Path) -> String {
    scn.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// Prints a `FAIL` line for `scn` with `why` (indented below it when it spans lines).
fn print_failure(scn: &Path, why: &str, quiet: bool) {
    let name = name_of(scn);
    if why.contains('\n') {
        println!("FAIL {name}");
        if !quiet {
            for line in why.lines().take(120) {
                println!("    {line}");
            }
        }
    } else {
        println!("FAIL {name}: {why}");
    }
}

/// Ends the process with status 1 after `stdout` is written (failures are not errors of the
/// command itself: the summary line stays the last line of the output).
fn exit_failed() -> ! {
    use std::io::Write as _;
    let _ = std::io::stdout().flush();
    std::process::exit(1);
}

/// Runs the command: one `FAIL` line per failure followed by its report (the first differing
/// step, with the scenario and expected-trace lines it is at), then `N passed, M failed`; an
/// error status when anything failed or nothing ran.
pub fn run(args: Args) -> anyhow::Result<()> {
    let path = args
        .path
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures/scenarios"));
    let files = select(&path, args.filter.as_deref())?;
    let timeout = Duration::from_secs(args.timeout.max(1));
    if args.bless {
        anyhow::ensure!(
            !files.is_empty(),
            nothing_ran(&path, args.filter.as_deref(), true)
        );
        return bless::run(&files, timeout, args.force, args.quiet);
    }
    let (mut pass, mut fail) = (0usize, 0usize);
    for scn in &files {
        match judge(scn, timeout) {
            None => {}
            Some(Verdict::Pass) => pass += 1,
            Some(Verdict::Fail(why)) => {
                fail += 1;
                print_failure(scn, &why, args.quiet);
            }
        }
    }
    println!("{pass} passed, {fail} failed");
    anyhow::ensure!(
        pass + fail > 0,
        nothing_ran(&path, args.filter.as_deref(), false)
    );
    if fail > 0 {
        exit_failed();
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_are_the_lines_that_are_not_definitions() {
        let text = "# c\nanim 1 frames=2\n\nobject\ntable 2\nupdate 0.1 # x\n  \ntick 1\n";
        assert_eq!(step_line(text, 1), Some(4));
        assert_eq!(step_line(text, 2), Some(6));
        assert_eq!(step_line(text, 3), Some(8));
        assert_eq!(step_line(text, 4), None);
        assert_eq!(step_line(text, 0), None);
    }
}
