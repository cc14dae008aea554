//! The Markdown report, and the top functions of a callgrind profile.

use std::fmt::Write as _;
use std::path::Path;
use std::process::Command;

use super::records::{BASELINE, BASELINE_COPY, Bound, Report};

/// `1234.5` → `1,234.5` style grouping for the integer part (figures are read by people).
fn grouped(v: f64, decimals: usize) -> String {
    let s = format!("{v:.decimals$}");
    let (int, frac) = s.split_once('.').map_or((s.as_str(), ""), |(i, f)| (i, f));
    let (sign, digits) = int.strip_prefix('-').map_or(("", int), |d| ("-", d));
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(ch);
    }
    if frac.is_empty() {
        format!("{sign}{out}")
    } else {
        format!("{sign}{out}.{frac}")
    }
}

/// The decimals a metric is shown with: two below 10 (a speed-up of 1.79 must not read as
/// the 1.8 it misses), one below 100, none above.
fn decimals_of(v: f64) -> usize {
    match v.abs() {
        a if a < 10.0 => 2,
        a if a < 100.0 => 1,
        _ => 0,
    }
}

/// A time with a precision that suits its size.
fn ns(v: f64) -> String {
    if v < 10.0 {
        format!("{v:.2}")
    } else if v < 100.0 {
        format!("{v:.1}")
    } else {
        grouped(v, 0)
    }
}

fn check(b: Option<Bound>, v: Option<f64>) -> String {
    match (b, v) {
        (Some(b), Some(v)) => {
            let (word, t) = match b {
                Bound::AtMost(t) => ("≤", t),
                Bound::AtLeast(t) => ("≥", t),
            };
            let mark = if b.met(v) { "met" } else { "**missed**" };
            format!("{word} {} {mark}", grouped(t, if t < 10.0 { 1 } else { 0 }))
        }
        _ => String::new(),
    }
}

/// The `n` functions with the most instructions of their own in a callgrind profile, as
/// `(instructions per operation, function)`; empty when `callgrind_annotate` is missing.
pub fn top_functions(profile: &Path, n: usize, ops: f64) -> Vec<(f64, String)> {
    let Ok(out) = Command::new("callgrind_annotate")
        .arg("--inclusive=no")
        .arg(profile)
        .output()
    else {
        return Vec::new();
    };
    let text = String::from_utf8_lossy(&out.stdout);
    let mut rows = Vec::new();
    let mut past_totals = false;
    for line in text.lines() {
        if line.contains("PROGRAM TOTALS") {
            past_totals = true;
            continue;
        }
        if !past_totals {
            continue;
        }
        let t = line.trim_start();
        let Some((count, rest)) = t.split_once(' ') else {
            continue;
        };
        let Ok(count) = count.replace(',', "").parse::<u64>() else {
            continue;
        };
        // `(12.34%)  file:function [object]`
        let rest = rest.trim_start();
        let rest = rest
            .strip_prefix('(')
            .and_then(|r| r.split_once(')'))
            .map_or(rest, |(_, r)| r)
            .trim();
        let rest = rest.rsplit_once(" [").map_or(rest, |(f, _)| f);
        let function = match rest.split_once(':') {
            Some((file, f)) if !file.contains("::") => f,
            _ => rest,
        };
        rows.push((count as f64 / ops, function.to_owned()));
        if rows.len() == n {
            break;
        }
    }
    rows
}

/// The report as Markdown.
pub fn markdown(r: &Report) -> String {
    let mut md = String::new();
    let h = &r.header;
    let base = r.baseline_ns();
    let load = |l: Option<f64>| l.map_or_else(|| "?".to_owned(), |l| format!("{l:.1}"));
    let _ = writeln!(md, "# acmotion benchmark report\n");
    let _ = writeln!(
        md,
        "{}, `{}`, {}, {} cores, load average {} → {}, criterion {}.\n",
        h.date,
        h.commit,
        h.rustc,
        h.cores,
        load(h.load_before),
        load(h.load_after),
        if h.quick {
            "`--quick` (0.5 s warm-up, 2 s of samples)"
        } else {
            "defaults (3 s warm-up, 5 s of samples)"
        }
    );
    let copy = r.case(BASELINE_COPY);
    let sum = r.case(BASELINE);
    let fig = |c: Option<&super::records::CaseRecord>| {
        c.map_or_else(
            || "not run".to_owned(),
            |c| {
                format!(
                    "{} ns, {} instructions",
                    c.ns_per_op.map_or("?".into(), ns),
                    c.instructions_per_op.map_or("?".into(), |i| grouped(i, 0))
                )
            },
        )
    };
    let _ = writeln!(
        md,
        "Baselines of this run: 64-byte copy {}; 1 KiB sequential sum {}. **× base** is the time \
         per operation divided by the 1 KiB sum's, so figures from loaded or other machines \
         compare. Times are criterion's median per operation; instructions are callgrind's count \
         of the measured section only (repeatable whatever the load); allocations are counted \
         over the warm calls only, after each case's stated warm-up.\n",
        fig(copy),
        fig(sum)
    );
    let mut suites: Vec<&str> = r.cases.iter().map(|c| c.suite.as_str()).collect();
    suites.dedup();
    for suite in suites {
        let _ = writeln!(md, "## {suite}\n");
        let _ = writeln!(
            md,
            "| case | ns/op | × base | instr/op | allocs/op | target | what one operation is |"
        );
        let _ = writeln!(md, "|---|---:|---:|---:|---:|---|---|");
        for c in r.cases.iter().filter(|c| c.suite == suite) {
            let ratio = c.ns_per_op.zip(base).map(|(n, b)| n / b);
            let _ = writeln!(
                md,
                "| `{}` | {} | {} | {} | {} | {} | {} (warm-up {} calls; {} op/call) |",
                c.id,
                c.ns_per_op.map_or("—".into(), ns),
                ratio.map_or("—".into(), |x| format!("{x:.2}")),
                match c.instructions_per_op {
                    Some(i) => grouped(i, 0),
                    None if c.parallel => "— (threads)".into(),
                    None => "—".into(),
                },
                if c.allocs_per_op == 0.0 {
                    "0".to_owned()
                } else {
                    format!("{:.3}", c.allocs_per_op)
                },
                check(c.target_ns.map(Bound::AtMost), c.ns_per_op),
                c.what,
                grouped(c.warmup_iters as f64, 0),
                grouped(c.ops_per_iter as f64, 0),
            );
        }
        let _ = writeln!(md);
    }
    if !r.metrics.is_empty() || !r.derived().is_empty() {
        let _ = writeln!(md, "## Other figures\n");
        let _ = writeln!(md, "| figure | value | target | what |");
        let _ = writeln!(md, "|---|---:|---|---|");
        for m in &r.metrics {
            let _ = writeln!(
                md,
                "| `{}` | {} {} | {} | {} |",
                m.id,
                grouped(m.value, decimals_of(m.value)),
                m.unit,
                check(m.target, Some(m.value)),
                m.what
            );
        }
        for (id, what, v, target) in r.derived() {
            let _ = writeln!(
                md,
                "| `{id}` | {} | {} | {what} |",
                grouped(v, 2),
                check(target, Some(v))
            );
        }
        let _ = writeln!(md);
    }
    let profiled: Vec<_> = r.cases.iter().filter(|c| !c.profile.is_empty()).collect();
    if !profiled.is_empty() {
        let _ = writeln!(
            md,
            "## Where the instructions go\n\nInstructions per operation by function (self cost, \
             callgrind), the top of each profile; the whole profiles are in \
             `target/bench-report/callgrind/` (`callgrind_annotate <file>`).\n"
        );
        for c in profiled {
            let _ = writeln!(md, "**`{}`**\n", c.id);
            let _ = writeln!(md, "| instr/op | function |\n|---:|---|");
            for (n, f) in &c.profile {
                let _ = writeln!(md, "| {} | `{}` |", grouped(*n, 0), f.replace('|', "\\|"));
            }
            let _ = writeln!(md);
        }
    }
    md
}

#[cfg(test)]
mod tests {
    use super::grouped;

    #[test]
    fn groups_thousands() {
        assert_eq!(grouped(1234567.891, 1), "1,234,567.9");
        assert_eq!(grouped(999.0, 0), "999");
        assert_eq!(grouped(-1000.0, 0), "-1,000");
    }
}
