//! `cargo xtask conformance [DIR]`: run every scenario of a directory and compare with the
//! expected traces, using the comparison rules of the contract (FORMAT.md §10, the port of
//! `compare.py` / `run-all.sh`).
//!
//! Scenarios run in-process, one worker thread each, with a per-scenario time limit: a hang
//! or a panic in a crate fails that scenario instead of the whole run.

use crate::scenario::{self, Outcome};
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::Duration;

/// Command-line arguments.
#[derive(clap::Args)]
pub struct Args {
    /// Directory holding `NAME.scn` with `NAME.expected` or `NAME.expected-error`
    /// (default: the workspace's `fixtures/scenarios`).
    pub dir: Option<PathBuf>,
    /// Seconds a single scenario may run before it counts as hung.
    #[arg(long, default_value_t = 20)]
    pub timeout: u64,
    /// Print only the `FAIL NAME` lines, without the first differing step of each failure.
    #[arg(long, short)]
    pub quiet: bool,
    /// Only scenarios whose file name contains this text.
    #[arg(long)]
    pub filter: Option<String>,
}

/// The relative tolerance of the rotation rule.
const REL_TOL: f64 = 1e-5;

/// Which comparison applies to a scenario (FORMAT.md §10 rule 2).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tolerance {
    /// Every byte counts.
    None,
    /// `offset` lines compare numbers within [`REL_TOL`].
    Rotation,
}

impl Tolerance {
    fn name(self) -> &'static str {
        match self {
            Tolerance::None => "none",
            Tolerance::Rotation => "rotation",
        }
    }
}

/// Reads the tolerance from the header comment lines of a scenario's text: the lines before
/// the first line that does not start with `#`.
pub fn scenario_tolerance(scn_text: &str) -> Tolerance {
    for line in scn_text.lines() {
        if !line.starts_with('#') {
            break;
        }
        let rest = line[1..].trim_start();
        if let Some(r) = rest.strip_prefix("tolerance:")
            && r.trim() == "rotation"
        {
            return Tolerance::Rotation;
        }
    }
    Tolerance::None
}

/// Splits a trace on `\n`; a missing final newline is not a difference.
fn split_lines(text: &str) -> Vec<&str> {
    let mut lines: Vec<&str> = text.split('\n').collect();
    if lines.last() == Some(&"") {
        lines.pop();
    }
    lines
}

/// `(header, lines)` per step; lines before the first `step` form a pseudo-step.
fn split_steps<'a>(lines: &[&'a str]) -> Vec<(Option<&'a str>, Vec<&'a str>)> {
    let mut steps = Vec::new();
    let mut cur: (Option<&str>, Vec<&str>) = (None, Vec::new());
    for &line in lines {
        if line.starts_with("step ") {
            if cur.0.is_some() || !cur.1.is_empty() {
                steps.push(std::mem::take(&mut cur));
            }
            cur = (Some(line), vec![line]);
        } else {
            cur.1.push(line);
        }
    }
    if cur.0.is_some() || !cur.1.is_empty() {
        steps.push(cur);
    }
    steps
}

/// Splits an `offset` line into alternating text and number pieces, like compare.py's
/// `re.split(r"(-?(?:inf|NaN|\d+(?:\.\d+)?))")`: even indexes are text, odd ones numbers.
fn split_numbers(s: &str) -> Vec<&str> {
    let b = s.as_bytes();
    let mut out = Vec::new();
    let (mut start, mut i) = (0, 0);
    while i < b.len() {
        let neg = b[i] == b'-';
        let j = if neg { i + 1 } else { i };
        let len = if s[j..].starts_with("inf") || s[j..].starts_with("NaN") {
            3
        } else if j < b.len() && b[j].is_ascii_digit() {
            let mut k = j;
            while k < b.len() && b[k].is_ascii_digit() {
                k += 1;
            }
            if k + 1 < b.len() && b[k] == b'.' && b[k + 1].is_ascii_digit() {
                k += 1;
                while k < b.len() && b[k].is_ascii_digit() {
                    k += 1;
                }
            }
            k - j
        } else {
            0
        };
        if len > 0 {
            out.push(&s[start..i]);
            out.push(&s[i..j + len]);
            i = j + len;
            start = i;
        } else {
            i += 1;
        }
    }
    out.push(&s[start..]);
    out
}

fn close(a: &str, b: &str) -> bool {
    if a == b {
        return true;
    }
    let parse = |s: &str| -> Option<f64> {
        match s {
            "inf" => Some(f64::INFINITY),
            "-inf" => Some(f64::NEG_INFINITY),
            "NaN" | "-NaN" => Some(f64::NAN),
            _ => s.parse().ok(),
        }
    };
    match (parse(a), parse(b)) {
        (Some(x), Some(y)) if !x.is_nan() && !y.is_nan() => {
            (x - y).abs() <= REL_TOL * 1f64.max(x.abs()).max(y.abs())
        }
        _ => false,
    }
}

/// Whether an expected and an actual line match under `tol`.
pub fn lines_match(e: &str, a: &str, tol: Tolerance) -> bool {
    if e == a {
        return true;
    }
    if tol != Tolerance::Rotation || !e.starts_with("  offset ") || !a.starts_with("  offset ") {
        return false;
    }
    let (pe, pa) = (split_numbers(e), split_numbers(a));
    pe.len() == pa.len()
        && pe.iter().zip(&pa).enumerate().all(
            |(i, (x, y))| {
                if i % 2 == 0 { x == y } else { close(x, y) }
            },
        )
}

fn show(out: &mut String, title: &str, lines: &[&str], mark: usize) {
    out.push_str(title);
    out.push('\n');
    for (i, l) in lines.iter().enumerate() {
        out.push_str(if i == mark { "> " } else { "  " });
        out.push_str(l);
        out.push('\n');
    }
}

/// Compares two traces: `None` when they match, else the report of the first differing step.
pub fn compare(expected: &str, actual: &str, tol: Tolerance) -> Option<String> {
    let (el, al) = (split_lines(expected), split_lines(actual));
    let (es, as_) = (split_steps(&el), split_steps(&al));
    let mut out = String::new();
    for k in 0..es.len().max(as_.len()) {
        let (Some(e), Some(a)) = (es.get(k), as_.get(k)) else {
            if let Some(a) = as_.get(k) {
                out.push_str("actual has extra output after the last expected step:\n");
                show(&mut out, "+++ actual", &a.1, 0);
            } else {
                let e = &es[k];
                out.push_str(&format!(
                    "actual ends before expected {}\n",
                    e.0.unwrap_or("output")
                ));
                show(&mut out, "--- expected", &e.1, 0);
            }
            return Some(out);
        };
        for i in 0..e.1.len().max(a.1.len()) {
            let matched = match (e.1.get(i), a.1.get(i)) {
                (Some(x), Some(y)) => lines_match(x, y, tol),
                _ => false,
            };
            if !matched {
                out.push_str(&format!(
                    "first difference in {} (line {} of the step; tolerance: {})\n",
                    e.0.unwrap_or("the output before step 1"),
                    i + 1,
                    tol.name()
                ));
                show(&mut out, "--- expected", &e.1, i);
                show(&mut out, "+++ actual", &a.1, i);
                return Some(out);
            }
        }
    }
    None
}

/// The verdict on one scenario.
#[derive(Debug, Clone, PartialEq)]
pub enum Verdict {
    /// Matches its expectation.
    Pass,
    /// Does not; the text says why (the first differing step for trace mismatches).
    Fail(String),
}

/// Runs `text` on a worker thread, giving up after `timeout`.
fn run_guarded(text: String, timeout: Duration) -> Result<Outcome, String> {
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
        Ok(o) => Ok(o),
        Err(mpsc::RecvTimeoutError::Timeout) => {
            Err(format!("no result after {}s (hang?)", timeout.as_secs()))
        }
        Err(mpsc::RecvTimeoutError::Disconnected) => Err("the runner panicked".into()),
    }
}

/// Judges the scenario `scn` against its `.expected` / `.expected-error`; `None` when it has
/// neither (not part of the corpus).
pub fn judge(scn: &Path, timeout: Duration) -> Option<Verdict> {
    let base = scn.with_extension("");
    let err_file = base.with_extension("expected-error");
    let exp_file = base.with_extension("expected");
    let text = match std::fs::read(scn) {
        Ok(b) => String::from_utf8_lossy(&b).into_owned(),
        Err(e) => return Some(Verdict::Fail(format!("cannot read: {e}"))),
    };
    if err_file.exists() {
        let want = std::fs::read_to_string(&err_file).unwrap_or_default();
        let want = want.lines().next().unwrap_or("").to_string();
        return Some(match run_guarded(text, timeout) {
            Err(e) => Verdict::Fail(e),
            Ok(Outcome {
                error: Some(err), ..
            }) if err.to_string().starts_with(&want) => Verdict::Pass,
            Ok(Outcome {
                error: Some(err), ..
            }) => Verdict::Fail(format!(
                "expected exit 2 and stderr '{want}...', got exit 2 and '{err}'"
            )),
            Ok(Outcome { error: None, .. }) => Verdict::Fail(format!(
                "expected exit 2 and stderr '{want}...', got exit 0"
            )),
        });
    }
    if !exp_file.exists() {
        return None;
    }
    let expected = match std::fs::read(&exp_file) {
        Ok(b) => String::from_utf8_lossy(&b).into_owned(),
        Err(e) => {
            return Some(Verdict::Fail(format!(
                "cannot read the expected trace: {e}"
            )));
        }
    };
    let tol = scenario_tolerance(&text);
    Some(match run_guarded(text, timeout) {
        Err(e) => Verdict::Fail(e),
        Ok(Outcome {
            error: Some(err), ..
        }) => Verdict::Fail(format!("runner exit status 2 ({err})")),
        Ok(Outcome { stdout, .. }) => match compare(&expected, &stdout, tol) {
            None => Verdict::Pass,
            Some(report) => Verdict::Fail(report),
        },
    })
}

/// Runs the command: one `FAIL` line per failure followed by its report (the first differing
/// step), then `N passed, M failed`; an error status when anything failed.
pub fn run(args: Args) -> anyhow::Result<()> {
    let dir = args
        .dir
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures/scenarios"));
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map_err(|e| anyhow::anyhow!("cannot read {}: {e}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "scn"))
        .filter(|p| {
            args.filter.as_deref().is_none_or(|f| {
                p.file_name()
                    .is_some_and(|n| n.to_string_lossy().contains(f))
            })
        })
        .collect();
    files.sort();
    let timeout = Duration::from_secs(args.timeout.max(1));
    let (mut pass, mut fail) = (0usize, 0usize);
    for scn in &files {
        let name = scn
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        match judge(scn, timeout) {
            None => {}
            Some(Verdict::Pass) => pass += 1,
            Some(Verdict::Fail(why)) => {
                fail += 1;
                if why.contains('\n') {
                    println!("FAIL {name}");
                    if !args.quiet {
                        for line in why.lines().take(120) {
                            println!("    {line}");
                        }
                    }
                } else {
                    println!("FAIL {name}: {why}");
                }
            }
        }
    }
    println!("{pass} passed, {fail} failed");
    if fail > 0 {
        use std::io::Write as _;
        let _ = std::io::stdout().flush();
        std::process::exit(1);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tolerance_header() {
        assert_eq!(
            scenario_tolerance("# a\n# tolerance: rotation\nanim 1\n"),
            Tolerance::Rotation
        );
        assert_eq!(
            scenario_tolerance("# a\nanim 1\n# tolerance: rotation\n"),
            Tolerance::None
        );
        assert_eq!(
            scenario_tolerance("#tolerance:rotation  \n"),
            Tolerance::Rotation
        );
    }

    #[test]
    fn splits_numbers_like_compare_py() {
        assert_eq!(
            split_numbers("  offset origin=0,-1.5,2 orient=1,0,0,-0"),
            vec![
                "  offset origin=",
                "0",
                ",",
                "-1.5",
                ",",
                "2",
                " orient=",
                "1",
                ",",
                "0",
                ",",
                "0",
                ",",
                "-0",
                ""
            ]
        );
        assert_eq!(
            split_numbers("a-inf,NaN"),
            vec!["a", "-inf", ",", "NaN", ""]
        );
    }

    #[test]
    fn offset_lines_get_the_rotation_tolerance_only() {
        let e = "  offset origin=0,0.5,0 orient=0.7071068,0,0,0.7071068";
        let a = "  offset origin=0,0.5000001,0 orient=0.70710677,0,0,0.7071068";
        assert!(lines_match(e, a, Tolerance::Rotation));
        assert!(!lines_match(e, a, Tolerance::None));
        assert!(!lines_match(
            "  seq frame=0.5",
            "  seq frame=0.5000001",
            Tolerance::Rotation
        ));
        assert!(!lines_match(
            e,
            "  offset origin=0,0.6,0 orient=0.7071068,0,0,0.7071068",
            Tolerance::Rotation
        ));
    }

    #[test]
    fn reports_the_first_differing_step() {
        let exp = "step 1: a\n  x 1\nstep 2: b\n  y 2\n";
        assert_eq!(
            compare(exp, "step 1: a\n  x 1\nstep 2: b\n  y 2", Tolerance::None),
            None
        );
        let r = compare(exp, "step 1: a\n  x 1\nstep 2: b\n  y 3\n", Tolerance::None).unwrap();
        assert!(
            r.starts_with("first difference in step 2: b (line 2 of the step; tolerance: none)"),
            "{r}"
        );
        assert!(r.contains(">   y 2") && r.contains(">   y 3"), "{r}");
        let r = compare(exp, "step 1: a\n  x 1\n", Tolerance::None).unwrap();
        assert!(
            r.starts_with("actual ends before expected step 2: b"),
            "{r}"
        );
        let r = compare("step 1: a\n", "step 1: a\nstep 2: z\n", Tolerance::None).unwrap();
        assert!(r.starts_with("actual has extra output"), "{r}");
    }
}
