//! `cargo xtask sweep [--dat PATH] [--json] [--jobs N]`: parses every motion table of a portal
//! DAT, every animation they reference and every setup, in parallel, and reports the
//! corpus statistics (`ac_testkit::sweep`) plus parse failures (with their error chains), dangling
//! animation ids and frame ranges outside their animation. Exits non-zero if any record
//! failed to parse.
//!
//! Every table that parses is also run through `ac_motiontable::Resolver` with a
//! `CountingSequence` (`ac_testkit::sweep`): its default-state resolution, and every cycle
//! entered from the default state (switching style first when the cycle belongs to another style). Successes, refusals,
//! keys that name no MotionCommand, and panics (which would be bugs) are counted; they are
//! reported but do not change the exit status.
//!
//! The DAT is `--dat`, else `$AC_PORTAL_DAT`, else the **synthetic** corpus generated in memory
//! (`ac_testkit::synthetic`, default seed) — the first output line says which (with the seed
//! and the image's digest). `--json` prints one object: `source` (`{"kind":"synthetic","seed",
//! "digest"}` or `{"kind":"file","path"}`), then one key per row of the text table — the key is
//! the row's label in snake case (`Tables with a velocity` → `tables_with_a_velocity`), ids are
//! `"0x%08X"` strings, lists are given in full — and `elapsed_ms`.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::time::Instant;

use crate::source::{DatSource, SourceInfo};
use ac_testkit::sweep::{self, SweepReport};
use anyhow::Context;
use indicatif::ProgressBar;

/// Command-line arguments.
#[derive(clap::Args)]
pub struct Args {
    /// Portal DAT to sweep (default: `$AC_PORTAL_DAT`, else the synthetic corpus).
    #[arg(long)]
    pub dat: Option<PathBuf>,
    /// Print one JSON object instead of the table.
    #[arg(long)]
    pub json: bool,
    /// Worker threads (default: all cores).
    #[arg(long)]
    pub jobs: Option<usize>,
    /// Skip the resolver runs (parse and check only).
    #[arg(long)]
    pub no_resolve: bool,
}

/// Runs the command.
pub fn run(args: Args) -> anyhow::Result<()> {
    // The elapsed time printed covers everything the user waits for: generating (or
    // opening) the DAT, the parse and the resolve.
    let started = Instant::now();
    let opened = DatSource::resolve(args.dat.clone()).open()?;
    let opened_at = started.elapsed();
    if !args.json {
        println!("source: {}", opened.info);
    }
    let dat = opened.dat;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.jobs.unwrap_or(0))
        .build()
        .context("starting the worker pool")?;
    let pb = spinner("sweeping");
    // One sweep: the resolver runs overlap the parse of the animations.
    let options = sweep::Options {
        parallel: true,
        resolve: !args.no_resolve,
    };
    let report = pool.install(|| sweep::sweep_with(&dat, options));
    pb.finish_and_clear();
    let elapsed = started.elapsed();
    let phases = Phases {
        open_ms: ms(opened_at),
        sweep_ms: ms(elapsed - opened_at),
    };
    let metrics = metrics(&report);
    if args.json {
        let out = Json {
            source: &opened.info,
            metrics: Metrics(&metrics),
            elapsed_ms: elapsed.as_millis(),
        };
        println!("{}", serde_json::to_string_pretty(&out)?);
    } else {
        print_table(&metrics, &report, ms(elapsed), &phases);
    }
    if report.has_errors() {
        anyhow::bail!(
            "{} record(s) failed to parse, {} directory error(s)",
            report.failures.len(),
            report.directory_errors.len()
        );
    }
    Ok(())
}

/// A spinner on a terminal while the sweep runs (hidden otherwise): the sweep reports no
/// progress of its own, and takes milliseconds on the synthetic corpus.
fn spinner(message: &'static str) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let pb = ProgressBar::new_spinner().with_message(message);
    pb.enable_steady_tick(std::time::Duration::from_millis(100));
    pb
}

/// The value of one report row; it serializes as the JSON value of the row's key.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
#[serde(untagged)]
enum Value {
    /// A count.
    Count(usize),
    /// A count out of the motion tables.
    Share { count: usize, of: usize },
    /// The largest table by some count, if any table parsed.
    Largest(Option<Largest>),
    /// Resolver runs that succeeded and failed.
    OkFailed { ok: usize, failed: usize },
    /// Directory errors, listed below the table in the text.
    Messages(Vec<String>),
    /// Records that did not parse.
    Failures(Vec<FailureJson>),
    /// Animation ids missing from the DAT.
    Dangling(Vec<DanglingJson>),
    /// Frame ranges outside their animation.
    BadRanges(Vec<BadRangeJson>),
}

#[derive(Debug, Clone, PartialEq, serde::Serialize)]
struct Largest {
    #[serde(with = "ac_dat::serde_hex")]
    table: u32,
    count: usize,
}

#[derive(Debug, Clone, PartialEq, serde::Serialize)]
struct FailureJson {
    #[serde(with = "ac_dat::serde_hex")]
    id: u32,
    error: String,
}

#[derive(Debug, Clone, PartialEq, serde::Serialize)]
struct DanglingJson {
    #[serde(with = "ac_dat::serde_hex")]
    table: u32,
    #[serde(with = "ac_dat::serde_hex")]
    anim_id: u32,
}

#[derive(Debug, Clone, PartialEq, serde::Serialize)]
struct BadRangeJson {
    #[serde(with = "ac_dat::serde_hex")]
    table: u32,
    #[serde(with = "ac_dat::serde_hex")]
    anim_id: u32,
    low_frame: i32,
    high_frame: i32,
    num_frames: u32,
}

impl std::fmt::Display for Value {
    /// The text column: a list shows its length (its entries follow the table).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Value::Count(n) => write!(f, "{n}"),
            Value::Share { count, of: 0 } => write!(f, "{count} / 0"),
            Value::Share { count, of } => write!(
                f,
                "{count} / {of} ({:.1}%)",
                *count as f64 * 100.0 / *of as f64
            ),
            Value::Largest(None) => f.write_str("-"),
            Value::Largest(Some(l)) => write!(f, "0x{:08X} ({})", l.table, l.count),
            Value::OkFailed { ok, failed } => write!(f, "{ok} ok / {failed} failed"),
            Value::Messages(v) => write!(f, "{}", v.len()),
            Value::Failures(v) => write!(f, "{}", v.len()),
            Value::Dangling(v) => write!(f, "{}", v.len()),
            Value::BadRanges(v) => write!(f, "{}", v.len()),
        }
    }
}

/// The report's rows in order: `(JSON key, value)`. The text label is the key in words
/// ([`label`]), so the two outputs cannot drift apart.
fn metrics(r: &SweepReport) -> Vec<(&'static str, Value)> {
    let s = &r.stats;
    let share = |count| Value::Share {
        count,
        of: s.tables,
    };
    let largest =
        |l: Option<(u32, usize)>| Value::Largest(l.map(|(table, count)| Largest { table, count }));
    let mut rows = vec![
        ("motion_tables", Value::Count(s.tables)),
        ("cycles", Value::Count(s.cycles)),
        ("modifiers", Value::Count(s.modifiers)),
        ("link_source_groups", Value::Count(s.link_sources)),
        ("link_destinations", Value::Count(s.link_destinations)),
        ("motion_data", Value::Count(s.motion_data)),
        ("tables_with_a_velocity", share(s.tables_with_velocity)),
        ("tables_with_an_omega", share(s.tables_with_omega)),
        (
            "tables_with_bitfield_0x01",
            share(s.tables_with_clear_modifiers),
        ),
        ("largest_table_by_cycles", largest(s.largest_by_cycles)),
        (
            "largest_table_by_link_destinations",
            largest(s.largest_by_links),
        ),
        ("animations_parsed", Value::Count(r.animations)),
        ("setups_parsed", Value::Count(r.setups)),
        (
            "directory_errors",
            Value::Messages(r.directory_errors.clone()),
        ),
        (
            "parse_failures",
            Value::Failures(
                r.failures
                    .iter()
                    .map(|f| FailureJson {
                        id: f.id,
                        error: f.error.clone(),
                    })
                    .collect(),
            ),
        ),
        (
            "dangling_animation_ids",
            Value::Dangling(
                r.dangling_animations
                    .iter()
                    .map(|d| DanglingJson {
                        table: d.table,
                        anim_id: d.anim_id,
                    })
                    .collect(),
            ),
        ),
        (
            "frame_ranges_outside_their_animation",
            Value::BadRanges(
                r.bad_frame_ranges
                    .iter()
                    .map(|b| BadRangeJson {
                        table: b.table,
                        anim_id: b.anim_id,
                        low_frame: b.low_frame,
                        high_frame: b.high_frame,
                        num_frames: b.num_frames,
                    })
                    .collect(),
            ),
        ),
    ];
    if let Some(x) = &r.resolve {
        rows.extend([
            (
                "resolver_default_states",
                Value::OkFailed {
                    ok: x.default_ok,
                    failed: x.default_failed,
                },
            ),
            (
                "resolver_cycle_transitions",
                Value::OkFailed {
                    ok: x.transitions_ok,
                    failed: x.transitions_failed,
                },
            ),
            ("resolver_unknown_cycle_keys", Value::Count(x.unknown_keys)),
            ("resolver_panics", Value::Count(x.panics)),
        ]);
    }
    rows
}

/// A JSON key in words: `tables_with_a_velocity` -> `Tables with a velocity`.
fn label(key: &str) -> String {
    let words = key.replace('_', " ");
    let mut chars = words.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => words,
    }
}

/// The rows as one JSON object, in order.
struct Metrics<'a>(&'a [(&'static str, Value)]);

impl serde::Serialize for Metrics<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(self.0.iter().map(|(k, v)| (k, v)))
    }
}

/// `sweep --json`: the source, every row under its key, and the elapsed time.
#[derive(serde::Serialize)]
struct Json<'a> {
    source: &'a SourceInfo,
    #[serde(flatten)]
    metrics: Metrics<'a>,
    elapsed_ms: u128,
}

/// Milliseconds, for printing.
fn ms(d: std::time::Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// Where the elapsed time went.
struct Phases {
    /// Generating the synthetic DAT (or opening the user's).
    open_ms: f64,
    /// The sweep: parsing every table, animation and setup, and resolving every default
    /// state and cycle transition (the two overlap).
    sweep_ms: f64,
}

fn print_table(
    metrics: &[(&'static str, Value)],
    r: &SweepReport,
    elapsed_ms: f64,
    phases: &Phases,
) {
    println!("| Metric | Count |");
    println!("|---|---|");
    for (k, v) in metrics {
        println!("| {} | {v} |", label(k));
    }
    const SHOW: usize = 20;
    for e in &r.directory_errors {
        println!("{e}");
    }
    for f in r.failures.iter().take(SHOW) {
        println!("failure 0x{:08X}: {}", f.id, f.error);
    }
    for d in r.dangling_animations.iter().take(SHOW) {
        println!(
            "dangling: table 0x{:08X} references missing animation 0x{:08X}",
            d.table, d.anim_id
        );
    }
    for b in r.bad_frame_ranges.iter().take(SHOW) {
        println!(
            "bad frame range: table 0x{:08X} animation 0x{:08X} frames {}..={} of {}",
            b.table, b.anim_id, b.low_frame, b.high_frame, b.num_frames
        );
    }
    let hidden = r.failures.len().saturating_sub(SHOW)
        + r.dangling_animations.len().saturating_sub(SHOW)
        + r.bad_frame_ranges.len().saturating_sub(SHOW);
    if hidden > 0 {
        println!("... and {hidden} more (use --json for the full lists)");
    }
    println!(
        "elapsed: {elapsed_ms:.1} ms (DAT {:.1} ms, sweep {:.1} ms)",
        phases.open_ms, phases.sweep_ms
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_are_the_keys_in_words() {
        assert_eq!(label("tables_with_a_velocity"), "Tables with a velocity");
        assert_eq!(label("motion_tables"), "Motion tables");
    }

    #[test]
    fn json_has_the_source_hex_ids_and_one_key_per_row() {
        let mut report = SweepReport::default();
        report.stats.tables = 2;
        report.stats.tables_with_velocity = 1;
        report.stats.largest_by_cycles = Some((0x0900_0001, 366));
        report.failures.push(ac_testkit::sweep::Failure {
            id: 0x0300_0002,
            error: "bad \"quote\"\nnewline".into(),
        });
        report.resolve = Some(ac_testkit::sweep::ResolveStats::default());
        let rows = metrics(&report);
        let info = SourceInfo::Synthetic {
            seed: "0x1".into(),
            digest: "0x2".into(),
        };
        let out = Json {
            source: &info,
            metrics: Metrics(&rows),
            elapsed_ms: 5,
        };
        let v: serde_json::Value =
            serde_json::from_str(&serde_json::to_string(&out).unwrap()).unwrap();
        assert_eq!(v["source"]["kind"], "synthetic");
        assert_eq!(v["source"]["seed"], "0x1");
        assert_eq!(v["motion_tables"], 2);
        assert_eq!(v["tables_with_a_velocity"]["count"], 1);
        assert_eq!(v["largest_table_by_cycles"]["table"], "0x09000001");
        assert_eq!(v["parse_failures"][0]["id"], "0x03000002");
        assert_eq!(v["parse_failures"][0]["error"], "bad \"quote\"\nnewline");
        assert_eq!(v["resolver_panics"], 0);
        let keys = v.as_object().unwrap().len();
        assert_eq!(keys, rows.len() + 2, "source, the rows, elapsed_ms");
        for (k, _) in &rows {
            assert!(v.get(k).is_some(), "{k}");
        }
    }
}
