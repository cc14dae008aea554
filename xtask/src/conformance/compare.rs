//! The trace comparison rules (docs/scenarios.md, "Comparing traces"): line
//! by line, every byte counting, except the numbers of `offset` lines in scenarios that ask for
//! the rotation tolerance.

/// The relative tolerance of the rotation rule.
const REL_TOL: f64 = 1e-5;

/// Which comparison applies to a scenario (the header line `# tolerance: rotation`).
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

/// Splits an `offset` line into alternating text and number pieces, the numbers being
/// `-?(inf|NaN|digits[.digits])`: even indexes are text, odd ones numbers.
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

/// Where and how two traces first differ.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mismatch {
    /// 1-based line of the expected trace where the difference starts (one past its end when
    /// the actual trace is longer).
    pub expected_line: usize,
    /// The step the difference is in: its number, `None` for the output before step 1.
    pub step: Option<usize>,
    /// The first differing step, expected and actual, the differing line marked `>`.
    pub report: String,
}

/// The number of a `step N: …` header.
fn step_number(header: Option<&str>) -> Option<usize> {
    header?
        .strip_prefix("step ")?
        .split(':')
        .next()?
        .parse()
        .ok()
}

/// Compares two traces: `None` when they match, else the first differing step.
pub fn compare(expected: &str, actual: &str, tol: Tolerance) -> Option<Mismatch> {
    let (el, al) = (split_lines(expected), split_lines(actual));
    let (es, as_) = (split_steps(&el), split_steps(&al));
    let mut out = String::new();
    // Lines of the expected trace before step `k`.
    let mut before = 0;
    for k in 0..es.len().max(as_.len()) {
        let (Some(e), Some(a)) = (es.get(k), as_.get(k)) else {
            let step;
            if let Some(a) = as_.get(k) {
                out.push_str("actual has extra output after the last expected step:\n");
                show(&mut out, "+++ actual", &a.1, 0);
                step = step_number(a.0);
            } else {
                let e = &es[k];
                out.push_str(&format!(
                    "actual ends before expected {}\n",
                    e.0.unwrap_or("output")
                ));
                show(&mut out, "--- expected", &e.1, 0);
                step = step_number(e.0);
            }
            return Some(Mismatch {
                expected_line: before + 1,
                step,
                report: out,
            });
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
                return Some(Mismatch {
                    expected_line: before + i.min(e.1.len()) + 1,
                    step: step_number(e.0),
                    report: out,
                });
            }
        }
        before += e.1.len();
    }
    None
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
        let m = compare(exp, "step 1: a\n  x 1\nstep 2: b\n  y 3\n", Tolerance::None).unwrap();
        assert_eq!((m.expected_line, m.step), (4, Some(2)));
        let r = m.report;
        assert!(
            r.starts_with("first difference in step 2: b (line 2 of the step; tolerance: none)"),
            "{r}"
        );
        assert!(r.contains(">   y 2") && r.contains(">   y 3"), "{r}");
        let m = compare(exp, "step 1: a\n  x 1\n", Tolerance::None).unwrap();
        assert_eq!((m.expected_line, m.step), (3, Some(2)));
        let r = m.report;
        assert!(
            r.starts_with("actual ends before expected step 2: b"),
            "{r}"
        );
        let m = compare("step 1: a\n", "step 1: a\nstep 2: z\n", Tolerance::None).unwrap();
        assert_eq!((m.expected_line, m.step), (2, Some(2)));
        assert!(
            m.report.starts_with("actual has extra output"),
            "{}",
            m.report
        );
        // A line the actual step lacks is pointed at in the expected trace.
        let m = compare(exp, "step 1: a\nstep 2: b\n  y 2\n", Tolerance::None).unwrap();
        assert_eq!((m.expected_line, m.step), (2, Some(1)));
    }
}
