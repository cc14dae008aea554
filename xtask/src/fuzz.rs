//! `cargo xtask fuzz [TARGET] [--time S] [--runs N]`: run the cargo-fuzz targets of `fuzz/`,
//! one after another, and print executions, crashes and peak RSS per target.
//!
//! The targets live in their own workspace (`fuzz/Cargo.toml`) so that the main workspace and
//! CI never build them; they need a nightly toolchain and `cargo-fuzz`. Without either this
//! command says what is missing and exits 0, so it is safe to call from any script.
//! `--seeds` rewrites the committed seed corpus (`fuzz/seeds/`) instead; it needs neither.
//!
//! Each target fuzzes `fuzz/corpus/TARGET` (git-ignored, grows between runs) seeded from
//! `fuzz/seeds/TARGET` (the scenario target from the conformance scenarios). Findings land
//! in `fuzz/artifacts/TARGET/` and the libFuzzer log in `fuzz/logs/TARGET.log`. Targets run
//! with libFuzzer's `-rss_limit_mb=2048` and a 30 s per-input timeout, both findings too.

mod seeds;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use anyhow::{Context, bail};

/// Command-line arguments.
#[derive(clap::Args)]
pub struct Args {
    /// One target (default: all of them, in the order of [`TARGETS`]).
    pub target: Option<String>,
    /// Seconds per target.
    #[arg(long, default_value_t = 60)]
    pub time: u64,
    /// Stop a target after this many executions (whichever of `--time` and `--runs` comes
    /// first).
    #[arg(long)]
    pub runs: Option<u64>,
    /// Rewrite the seed corpus `fuzz/seeds/` from the synthetic generator and the recorded
    /// wire fixtures, then exit.
    #[arg(long)]
    pub seeds: bool,
}

/// The fuzz targets (`fuzz/fuzz_targets/NAME.rs`) and what each one drives.
pub const TARGETS: [(&str, &str); 9] = [
    (
        "dat_container",
        "DAT open, directory walk, every record, sweep; in memory vs positional reads",
    ),
    (
        "record_motion_table",
        "MotionTable parse: heap budget, byte-exact round trip",
    ),
    (
        "record_animation",
        "Animation parse: heap budget, byte-exact round trip",
    ),
    (
        "record_setup",
        "Setup parse: heap budget, byte-exact round trip",
    ),
    (
        "resolver",
        "Resolver and MotionTableManager on a parsed table, command script",
    ),
    (
        "sequence",
        "Sequence on parsed animations: appends, updates, list edits",
    ),
    (
        "wire_motion",
        "motion states and MovementData: decode, re-encode byte-exact",
    ),
    (
        "wire_message",
        "whole movement messages: decode, re-encode byte-exact",
    ),
    ("scenario", "scenario parser and runner on arbitrary text"),
];

/// libFuzzer options of one target beyond the common ones: the scenario runner executes what
/// it parses, so its inputs are kept to a few dozen lines.
fn target_options(target: &str) -> &'static [&'static str] {
    match target {
        "scenario" => &["-max_len=2048"],
        _ => &[],
    }
}

/// libFuzzer's memory limit per target (MB).
const RSS_LIMIT_MB: u32 = 2048;
/// libFuzzer's limit for one input (s).
const INPUT_TIMEOUT_S: u32 = 30;

/// The `fuzz/` directory of the workspace.
pub fn fuzz_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap_or(Path::new("."))
        .join("fuzz")
}

/// What one target's run reported.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Stats {
    /// `stat::number_of_executed_units`.
    pub executions: u64,
    /// `stat::peak_rss_mb`.
    pub peak_rss_mb: u64,
}

/// Reads libFuzzer's final statistics (`-print_final_stats=1`) from its log.
pub fn parse_stats(log: &str) -> Option<Stats> {
    let value = |key: &str| {
        log.lines().rev().find_map(|l| {
            l.strip_prefix(key)
                .and_then(|v| v.trim().strip_prefix(':'))
                .and_then(|v| v.trim().parse::<u64>().ok())
        })
    };
    Some(Stats {
        executions: value("stat::number_of_executed_units")?,
        peak_rss_mb: value("stat::peak_rss_mb")?,
    })
}

/// Why fuzzing cannot run here, if it cannot: no nightly toolchain or no cargo-fuzz.
fn missing_tools() -> Option<String> {
    let nightly = Command::new("rustup")
        .args(["toolchain", "list"])
        .output()
        .ok()
        .filter(|o| o.status.success())
        .is_some_and(|o| String::from_utf8_lossy(&o.stdout).contains("nightly"));
    if !nightly {
        return Some(
            "no nightly toolchain (`rustup toolchain install nightly`); cargo-fuzz needs one"
                .into(),
        );
    }
    let fuzz = Command::new("cargo")
        .args(["+nightly", "fuzz", "--version"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !fuzz {
        return Some("cargo-fuzz is not installed (`cargo install cargo-fuzz --locked`)".into());
    }
    None
}

/// Runs the command.
pub fn run(args: Args) -> anyhow::Result<()> {
    let dir = fuzz_dir();
    if args.seeds {
        let written = seeds::write_all(&dir.join("seeds"))?;
        println!(
            "wrote {written} seed inputs under {}",
            dir.join("seeds").display()
        );
        return Ok(());
    }
    let targets: Vec<&str> = match &args.target {
        Some(t) if TARGETS.iter().any(|(name, _)| name == t) => vec![t.as_str()],
        Some(t) => bail!(
            "unknown fuzz target {t:?}; the targets are: {}",
            TARGETS.map(|(name, _)| name).join(", ")
        ),
        None => TARGETS.iter().map(|(name, _)| *name).collect(),
    };
    if let Some(why) = missing_tools() {
        println!("fuzz: skipped: {why}");
        return Ok(());
    }
    let mut failed = Vec::new();
    println!(
        "{:<20} {:>12} {:>10}  result",
        "target", "executions", "peak RSS"
    );
    for target in targets {
        let outcome = run_target(&dir, target, &args)?;
        let stats = outcome.stats.unwrap_or_default();
        let result = if outcome.ok {
            "ok".to_string()
        } else if outcome.interrupted {
            "interrupted (no finding)".to_string()
        } else {
            failed.push(target);
            format!(
                "FINDING: see {} and {}",
                dir.join("artifacts").join(target).display(),
                outcome.log.display()
            )
        };
        println!(
            "{target:<20} {:>12} {:>7} MB  {result}",
            stats.executions, stats.peak_rss_mb
        );
    }
    if !failed.is_empty() {
        eprintln!("fuzz findings in: {}", failed.join(", "));
        std::process::exit(1);
    }
    Ok(())
}

/// One target's run.
struct Outcome {
    ok: bool,
    /// Stopped by a signal (Ctrl-C) rather than by a finding.
    interrupted: bool,
    stats: Option<Stats>,
    log: PathBuf,
}

/// Where a target's seeds are: `fuzz/seeds/TARGET`, and for the scenario target the
/// conformance scenarios themselves.
fn seed_dirs(dir: &Path, target: &str) -> Vec<PathBuf> {
    if target == "scenario" {
        vec![dir.join("../fixtures/scenarios")]
    } else {
        vec![dir.join("seeds").join(target)]
    }
}

fn run_target(dir: &Path, target: &str, args: &Args) -> anyhow::Result<Outcome> {
    let corpus = dir.join("corpus").join(target);
    let artifacts = dir.join("artifacts").join(target);
    let logs = dir.join("logs");
    for d in [&corpus, &artifacts, &logs] {
        std::fs::create_dir_all(d).with_context(|| format!("creating {}", d.display()))?;
    }
    let log = logs.join(format!("{target}.log"));
    let log_file =
        std::fs::File::create(&log).with_context(|| format!("creating {}", log.display()))?;
    let mut cmd = Command::new("cargo");
    cmd.current_dir(dir)
        .args(["+nightly", "fuzz", "run", "--release", "--debug-assertions"])
        .args(["--sanitizer", "none", target])
        .arg(&corpus)
        .args(seed_dirs(dir, target));
    cmd.arg("--")
        .arg(format!("-max_total_time={}", args.time))
        .arg(format!("-rss_limit_mb={RSS_LIMIT_MB}"))
        .arg(format!("-timeout={INPUT_TIMEOUT_S}"))
        .arg(format!("-artifact_prefix={}/", artifacts.display()))
        .arg("-print_final_stats=1")
        .args(target_options(target));
    if let Some(runs) = args.runs {
        cmd.arg(format!("-runs={runs}"));
    }
    let status = cmd
        .stdout(log_file.try_clone()?)
        .stderr(log_file)
        .status()
        .context("running cargo fuzz")?;
    let text = std::fs::read_to_string(&log).unwrap_or_default();
    Ok(Outcome {
        ok: status.success(),
        interrupted: text.contains("libFuzzer: run interrupted"),
        stats: parse_stats(&text),
        log,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every target is declared in `fuzz/Cargo.toml`, has its source and seeds, and nothing
    /// there is missing from [`TARGETS`].
    #[test]
    fn targets_match_the_fuzz_crate() {
        let dir = fuzz_dir();
        let manifest = std::fs::read_to_string(dir.join("Cargo.toml")).expect("fuzz/Cargo.toml");
        let declared: Vec<&str> = manifest
            .lines()
            .filter_map(|l| l.strip_prefix("name = \""))
            .filter_map(|l| l.strip_suffix('"'))
            .filter(|n| *n != "acmotion-fuzz")
            .collect();
        let names: Vec<&str> = TARGETS.iter().map(|(n, _)| *n).collect();
        assert_eq!(declared, names);
        for name in names {
            let src = dir.join("fuzz_targets").join(format!("{name}.rs"));
            assert!(src.is_file(), "{} is missing", src.display());
            let seeds: usize = seed_dirs(&dir, name)
                .iter()
                .map(|d| std::fs::read_dir(d).map(|d| d.count()).unwrap_or(0))
                .sum();
            assert!(seeds > 0, "no seeds for {name}");
        }
    }

    #[test]
    fn final_stats_are_read_from_the_log() {
        let log = "#1000 DONE cov: 10\nstat::number_of_executed_units: 10000123\n\
                   stat::average_exec_per_sec:     5000\nstat::peak_rss_mb:              87\n";
        assert_eq!(
            parse_stats(log),
            Some(Stats {
                executions: 10_000_123,
                peak_rss_mb: 87
            })
        );
        assert_eq!(parse_stats("crashed before the end"), None);
    }
}
