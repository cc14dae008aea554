//! `cargo xtask bench-report [--quick] [--no-instructions] [FILTER]`: runs the criterion
//! benchmarks of every crate (all written against `ac-benchkit`) and writes one report,
//! `target/bench-report.json` and `target/bench-report.md`.
//!
//! For every case: the time per operation (criterion's median), the same as a ratio to the
//! 1 KiB-sum baseline measured in the same run (so figures taken under different loads or on
//! other machines compare), the instructions per operation (callgrind, counting only the
//! benchmark's measured section: repeatable on a loaded machine), the allocations per warm
//! operation (counting allocator) and the target when the case has one; then the figures that
//! are not times (bytes per object, …) and the derived ones (parallel speed-up). The callgrind
//! profiles stay in `target/bench-report/callgrind/` (`callgrind_annotate <file>`); the report
//! lists the top functions of the `user_*` cases.

mod records;
mod render;

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, bail};

use records::{CaseRecord, Report};

/// Command-line arguments.
#[derive(clap::Args)]
pub struct Args {
    /// Short criterion runs (0.5 s warm-up, 2 s of samples) and a tenth of the counted
    /// iterations under valgrind.
    #[arg(long)]
    pub quick: bool,
    /// Skip the instruction counts (they need valgrind and take a few minutes).
    #[arg(long)]
    pub no_instructions: bool,
    /// Write the report from the records of the last run, without running anything.
    #[arg(long)]
    pub render_only: bool,
    /// Only the cases whose id contains this text (criterion's filter).
    pub filter: Option<String>,
}

/// The workspace's target directory.
fn target_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../target"))
}

/// The system load average over the last minute (Linux), for the report's header.
fn load_average() -> Option<f64> {
    std::fs::read_to_string("/proc/loadavg")
        .ok()?
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

/// Run the command, succeed or fail with its name.
fn run_checked(cmd: &mut Command) -> anyhow::Result<()> {
    let status = cmd.status().with_context(|| format!("running {cmd:?}"))?;
    if !status.success() {
        bail!("{cmd:?} failed: {status}");
    }
    Ok(())
}

/// Run every benchmark binary of the workspace with the records directed to `records`.
///
/// xtask itself (no benchmarks) is left out of the build: its features, `tracing` among them,
/// would be unified into every crate, and the benchmarks measure the build a game gets.
fn run_benches(args: &Args, records: &Path) -> anyhow::Result<()> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut cmd = Command::new(cargo);
    cmd.args(["bench", "--workspace", "--exclude", "xtask", "--bench", "*"])
        .args(["--features", "ac-physobj/reference-host"])
        .arg("--")
        .env(ac_benchkit_env::OUT, records);
    if let Some(f) = &args.filter {
        cmd.arg(f);
    }
    if args.quick {
        cmd.env(ac_benchkit_env::QUICK, "1");
    }
    run_checked(&mut cmd)
}

/// The environment the benchmark harness reads (`ac-benchkit`; named here so xtask does not
/// build the harness).
mod ac_benchkit_env {
    pub const OUT: &str = "ACBENCH_OUT";
    pub const QUICK: &str = "ACBENCH_QUICK";
    pub const INSTRUCTIONS: &str = "ACBENCH_INSTRUCTIONS";
    pub const ITERATIONS: &str = "ACBENCH_ITERATIONS";
    pub const SECTION: &str = "acbench_measured_section";
}

/// The instructions of `case`'s measured section under callgrind, per operation, and where
/// the profile was written.
fn count_instructions(case: &CaseRecord, iters: u64, out: &Path) -> anyhow::Result<f64> {
    let exe = case
        .exe
        .as_ref()
        .with_context(|| format!("{}: no executable recorded", case.id))?;
    let mut cmd = Command::new("valgrind");
    cmd.arg("--tool=callgrind")
        .arg(format!("--toggle-collect=*{}*", ac_benchkit_env::SECTION))
        .arg(format!("--callgrind-out-file={}", out.display()))
        .arg(exe)
        .arg("--bench")
        .env(ac_benchkit_env::INSTRUCTIONS, &case.id)
        .env(ac_benchkit_env::ITERATIONS, iters.to_string())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null());
    run_checked(&mut cmd)?;
    let text =
        std::fs::read_to_string(out).with_context(|| format!("reading {}", out.display()))?;
    let total: u64 = text
        .lines()
        .find_map(|l| {
            l.strip_prefix("totals:")
                .or_else(|| l.strip_prefix("summary:"))
        })
        .and_then(|v| v.trim().parse().ok())
        .with_context(|| format!("{}: no totals line", out.display()))?;
    Ok(total as f64 / (iters * case.ops_per_iter) as f64)
}

/// Whether `valgrind` can be run.
fn valgrind_available() -> bool {
    Command::new("valgrind")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// Instruction counts for every case that can have one (the profiles stay in `dir`).
fn add_instructions(report: &mut Report, quick: bool, dir: &Path) -> anyhow::Result<()> {
    std::fs::create_dir_all(dir)?;
    let n = report.cases.len();
    for (i, case) in report.cases.iter_mut().enumerate() {
        if case.parallel {
            continue;
        }
        let iters = if quick {
            (case.counted_iters / 10).max(1)
        } else {
            case.counted_iters
        };
        eprintln!(
            "[{}/{n}] callgrind: {} ({iters} iterations)",
            i + 1,
            case.id
        );
        let out = dir.join(format!("{}.out", case.id));
        match count_instructions(case, iters, &out) {
            Ok(per_op) => {
                case.instructions_per_op = Some(per_op);
                if case.id.starts_with("user_") {
                    let ops = (iters * case.ops_per_iter) as f64;
                    case.profile = render::top_functions(&out, 10, ops);
                }
            }
            Err(e) => eprintln!("  skipped: {e:#}"),
        }
    }
    Ok(())
}

/// Entry point.
pub fn run(args: Args) -> anyhow::Result<()> {
    let target = target_dir();
    let dir = target.join("bench-report");
    let records_dir = dir.join("records");
    let load_before = load_average();
    if !args.render_only {
        if records_dir.exists() {
            std::fs::remove_dir_all(&records_dir)
                .with_context(|| format!("clearing {}", records_dir.display()))?;
        }
        std::fs::create_dir_all(&records_dir)?;
        run_benches(&args, &records_dir)?;
    }
    let mut report = Report::load(&records_dir, &target.join("criterion"))?;
    if !args.render_only && !args.no_instructions {
        if valgrind_available() {
            add_instructions(&mut report, args.quick, &dir.join("callgrind"))?;
        } else {
            eprintln!("valgrind not found: no instruction counts");
        }
    }
    if !args.render_only {
        report.save_instructions(&records_dir)?;
    }
    report.header.quick = args.quick;
    report.header.load_before = load_before;
    report.header.load_after = load_average();
    let json_path = target.join("bench-report.json");
    let md_path = target.join("bench-report.md");
    std::fs::write(&json_path, serde_json::to_string_pretty(&report.to_json())?)
        .with_context(|| format!("writing {}", json_path.display()))?;
    std::fs::write(&md_path, render::markdown(&report))
        .with_context(|| format!("writing {}", md_path.display()))?;
    println!("wrote {} and {}", md_path.display(), json_path.display());
    Ok(())
}
