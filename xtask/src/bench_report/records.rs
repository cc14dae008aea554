//! The records the benchmark binaries leave (one JSON object per line, `ac-benchkit`'s sink)
//! joined with criterion's estimates.

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::Context;
use serde_json::{Value, json};

/// The case every time is divided by (a 1 KiB sequential sum).
pub const BASELINE: &str = "baseline_sum_1kib";
/// The other baseline, shown in the header.
pub const BASELINE_COPY: &str = "baseline_memcpy_64b";

/// One benchmark case.
#[derive(Debug, Clone)]
pub struct CaseRecord {
    pub suite: String,
    pub id: String,
    pub what: String,
    pub ops_per_iter: u64,
    pub warmup_iters: u64,
    pub counted_iters: u64,
    pub allocs_per_op: f64,
    pub target_ns: Option<f64>,
    pub parallel: bool,
    pub exe: Option<PathBuf>,
    /// Criterion's median time per operation.
    pub ns_per_op: Option<f64>,
    /// Callgrind's instructions per operation (measured section only).
    pub instructions_per_op: Option<f64>,
    /// The functions with the most instructions of their own: `(instructions per operation,
    /// function)`.
    pub profile: Vec<(f64, String)>,
}

/// A bound a figure is checked against.
#[derive(Debug, Clone, Copy)]
pub enum Bound {
    AtMost(f64),
    AtLeast(f64),
}

impl Bound {
    fn from_json(v: &Value) -> Option<Bound> {
        if let Some(x) = v.get("at_most").and_then(Value::as_f64) {
            return Some(Bound::AtMost(x));
        }
        v.get("at_least")
            .and_then(Value::as_f64)
            .map(Bound::AtLeast)
    }

    pub fn met(self, v: f64) -> bool {
        match self {
            Bound::AtMost(t) => v <= t,
            Bound::AtLeast(t) => v >= t,
        }
    }
}

/// A figure that is not a time.
#[derive(Debug, Clone)]
pub struct MetricRecord {
    pub suite: String,
    pub id: String,
    pub value: f64,
    pub unit: String,
    pub what: String,
    pub target: Option<Bound>,
}

/// Where and how the run was made.
#[derive(Debug, Clone, Default)]
pub struct Header {
    pub date: String,
    pub commit: String,
    pub rustc: String,
    pub cores: usize,
    pub quick: bool,
    pub load_before: Option<f64>,
    pub load_after: Option<f64>,
}

/// Everything the report shows.
#[derive(Debug, Clone, Default)]
pub struct Report {
    pub header: Header,
    pub cases: Vec<CaseRecord>,
    pub metrics: Vec<MetricRecord>,
}

fn text(v: &Value, k: &str) -> String {
    v.get(k)
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_owned()
}

fn uint(v: &Value, k: &str) -> u64 {
    v.get(k).and_then(Value::as_u64).unwrap_or(0)
}

/// The first line of a command's output, or `?`.
fn command_line(program: &str, args: &[&str]) -> String {
    Command::new(program)
        .args(args)
        .output()
        .ok()
        .filter(|o| o.status.success())
        .and_then(|o| {
            String::from_utf8_lossy(&o.stdout)
                .lines()
                .next()
                .map(str::to_owned)
        })
        .unwrap_or_else(|| "?".to_owned())
}

/// Criterion's median estimate (ns per iteration) of benchmark `id`.
fn criterion_median(criterion: &Path, id: &str) -> Option<f64> {
    let path = criterion.join(id).join("new/estimates.json");
    let v: Value = serde_json::from_str(&std::fs::read_to_string(path).ok()?).ok()?;
    v.get("median")?.get("point_estimate")?.as_f64()
}

/// The file the instruction counts of a run are kept in (beside the records), so that
/// `--render-only` shows them again.
fn instructions_file(records: &Path) -> PathBuf {
    records.join("instructions.json")
}

impl Report {
    /// Read every record of `records` and criterion's medians from `criterion`.
    pub fn load(records: &Path, criterion: &Path) -> anyhow::Result<Report> {
        let mut report = Report {
            header: Header {
                date: command_line("date", &["-u", "+%Y-%m-%d %H:%M UTC"]),
                commit: command_line("git", &["describe", "--always", "--dirty"]),
                rustc: command_line("rustc", &["--version"]),
                cores: std::thread::available_parallelism().map_or(0, |n| n.get()),
                ..Header::default()
            },
            ..Report::default()
        };
        let mut files: Vec<PathBuf> = std::fs::read_dir(records)
            .with_context(|| format!("reading {}", records.display()))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
            .collect();
        files.sort();
        for file in files {
            let body = std::fs::read_to_string(&file)?;
            for line in body.lines().filter(|l| !l.trim().is_empty()) {
                let v: Value = serde_json::from_str(line)
                    .with_context(|| format!("{}: bad record {line}", file.display()))?;
                match v.get("kind").and_then(Value::as_str) {
                    Some("case") => {
                        let id = text(&v, "id");
                        let ops = uint(&v, "ops_per_iter").max(1);
                        report.cases.push(CaseRecord {
                            suite: text(&v, "suite"),
                            ns_per_op: criterion_median(criterion, &id).map(|ns| ns / ops as f64),
                            id,
                            what: text(&v, "what"),
                            ops_per_iter: ops,
                            warmup_iters: uint(&v, "warmup_iters"),
                            counted_iters: uint(&v, "counted_iters").max(1),
                            allocs_per_op: v
                                .get("allocs_per_op")
                                .and_then(Value::as_f64)
                                .unwrap_or(0.0),
                            target_ns: v.get("target_ns").and_then(Value::as_f64),
                            parallel: v.get("parallel").and_then(Value::as_bool).unwrap_or(false),
                            exe: v.get("exe").and_then(Value::as_str).map(PathBuf::from),
                            instructions_per_op: None,
                            profile: Vec::new(),
                        });
                    }
                    Some("metric") => report.metrics.push(MetricRecord {
                        suite: text(&v, "suite"),
                        id: text(&v, "id"),
                        value: v.get("value").and_then(Value::as_f64).unwrap_or(f64::NAN),
                        unit: text(&v, "unit"),
                        what: text(&v, "what"),
                        target: v.get("target").and_then(Bound::from_json),
                    }),
                    _ => {}
                }
            }
        }
        if let Ok(body) = std::fs::read_to_string(instructions_file(records)) {
            let saved: Value = serde_json::from_str(&body).unwrap_or(Value::Null);
            for c in &mut report.cases {
                let Some(v) = saved.get(&c.id) else { continue };
                c.instructions_per_op = v.get("instructions_per_op").and_then(Value::as_f64);
                c.profile = v
                    .get("profile")
                    .and_then(Value::as_array)
                    .map(|rows| {
                        rows.iter()
                            .filter_map(|r| {
                                Some((r.get(0)?.as_f64()?, r.get(1)?.as_str()?.to_owned()))
                            })
                            .collect()
                    })
                    .unwrap_or_default();
            }
        }
        Ok(report)
    }

    /// Keep the instruction counts beside the records.
    pub fn save_instructions(&self, records: &Path) -> anyhow::Result<()> {
        let map: serde_json::Map<String, Value> = self
            .cases
            .iter()
            .filter_map(|c| {
                let per_op = c.instructions_per_op?;
                Some((
                    c.id.clone(),
                    json!({ "instructions_per_op": per_op, "profile": c.profile }),
                ))
            })
            .collect();
        std::fs::write(
            instructions_file(records),
            serde_json::to_string_pretty(&Value::Object(map))?,
        )?;
        Ok(())
    }

    /// A case by id.
    pub fn case(&self, id: &str) -> Option<&CaseRecord> {
        self.cases.iter().find(|c| c.id == id)
    }

    /// The time of the baseline every ratio is taken to.
    pub fn baseline_ns(&self) -> Option<f64> {
        self.case(BASELINE)?.ns_per_op
    }

    /// The derived figures: `(id, what, value, target)`.
    pub fn derived(&self) -> Vec<(&'static str, &'static str, f64, Option<Bound>)> {
        let ns = |id: &str| self.case(id).and_then(|c| c.ns_per_op);
        let mut out = Vec::new();
        if let (Some(s), Some(p)) = (
            ns("user_world_step_100k_walkers_serial"),
            ns("user_world_step_100k_walkers_parallel"),
        ) {
            out.push((
                "user_parallel_speedup_100k",
                "serial ÷ parallel time of one step of 100,000 walkers",
                s / p,
                Some(Bound::AtLeast(1.8)),
            ));
            out.push((
                "user_world_step_100k_walkers_parallel_ms",
                "one 30 Hz step of 100,000 walkers in parallel, milliseconds",
                p * 100_000.0 / 1e6,
                Some(Bound::AtMost(4.0)),
            ));
        }
        out
    }

    /// The whole report as JSON.
    pub fn to_json(&self) -> Value {
        let h = &self.header;
        let base = self.baseline_ns();
        json!({
            "header": {
                "date": h.date, "commit": h.commit, "rustc": h.rustc, "cores": h.cores,
                "quick": h.quick, "load_before": h.load_before, "load_after": h.load_after,
                "baseline": BASELINE,
            },
            "cases": self.cases.iter().map(|c| json!({
                "suite": c.suite, "id": c.id, "what": c.what,
                "ns_per_op": c.ns_per_op,
                "ratio_to_baseline": c.ns_per_op.zip(base).map(|(n, b)| n / b),
                "instructions_per_op": c.instructions_per_op,
                "allocs_per_op": c.allocs_per_op,
                "ops_per_iter": c.ops_per_iter, "warmup_iters": c.warmup_iters,
                "counted_iters": c.counted_iters, "target_ns": c.target_ns,
                "parallel": c.parallel,
                "profile": c.profile.iter().map(|(n, f)| json!({"instructions_per_op": n, "function": f})).collect::<Vec<_>>(),
            })).collect::<Vec<_>>(),
            "metrics": self.metrics.iter().map(|m| json!({
                "suite": m.suite, "id": m.id, "value": m.value, "unit": m.unit, "what": m.what,
                "target": m.target.map(|t| match t {
                    Bound::AtMost(v) => json!({"at_most": v}),
                    Bound::AtLeast(v) => json!({"at_least": v}),
                }),
            })).collect::<Vec<_>>(),
            "derived": self.derived().into_iter().map(|(id, what, v, _)| json!({
                "id": id, "what": what, "value": v,
            })).collect::<Vec<_>>(),
        })
    }
}
