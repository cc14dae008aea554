//! `cargo xtask sweep [--dat PATH] [--json] [--jobs N]`: parses every motion table of a portal
//! DAT, every animation they reference and every setup, in parallel, and reports the
//! corpus statistics (`ac_testkit::sweep`) plus parse failures (with their error chains), dangling
//! animation ids and frame ranges outside their animation. Exits non-zero if any record
//! failed to parse.
//!
//! Every table that parses is also run through `ac_motiontable::Resolver` with a
//! `RecordingSequence`: its default-state resolution, and every cycle entered from the default
//! state (switching style first when the cycle belongs to another style). Successes, refusals,
//! keys that name no MotionCommand, and panics (which would be bugs) are counted; they are
//! reported but do not change the exit status.
//!
//! The DAT is `--dat`, else `$AC_PORTAL_DAT`, else the **synthetic** corpus generated in memory
//! (`ac_testkit::synthetic`, default seed) — the first output line says which.

use ac_motiontable::Rules;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::time::Instant;

use ac_dat::{DatArchive, MotionTable};
use ac_motiontable::motion::motion_by_index;
use ac_motiontable::{MotionState, RecordingSequence, Resolver};
use ac_testkit::sweep::{self, SweepReport};
use ac_testkit::synthetic;
use anyhow::Context;
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;

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

/// Resolver outcomes over the tables that parsed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ResolveStats {
    /// Tables whose `SetDefaultState` succeeded.
    pub default_ok: usize,
    /// Tables whose `SetDefaultState` failed.
    pub default_failed: usize,
    /// Cycles entered successfully from the default state.
    pub transitions_ok: usize,
    /// Cycles the resolver refused.
    pub transitions_failed: usize,
    /// Cycle keys whose command index names no MotionCommand (not attempted).
    pub unknown_keys: usize,
    /// Tables whose resolution panicked (a bug; never expected).
    pub panics: usize,
}

impl ResolveStats {
    fn add(&mut self, o: &ResolveStats) {
        self.default_ok += o.default_ok;
        self.default_failed += o.default_failed;
        self.transitions_ok += o.transitions_ok;
        self.transitions_failed += o.transitions_failed;
        self.unknown_keys += o.unknown_keys;
        self.panics += o.panics;
    }
}

/// Runs `t`'s default state and every cycle transition through the resolver.
pub fn resolve_table(t: &MotionTable) -> ResolveStats {
    let run = || {
        let mut st = ResolveStats::default();
        let r = Resolver::new(t.clone(), Rules::default());
        let mut state = MotionState::new();
        let mut seq = RecordingSequence::new();
        if !r.set_default_state(&mut state, &mut seq).ok {
            st.default_failed += 1;
            return st;
        }
        st.default_ok += 1;
        let default_style = state.style;
        for (key, _) in &t.cycles {
            let Some(substate) = motion_by_index(key & 0xFFFF) else {
                st.unknown_keys += 1;
                continue;
            };
            let style = 0x8000_0000 | (key >> 16);
            let mut state = MotionState::new();
            let mut seq = RecordingSequence::new();
            let mut ok = r.set_default_state(&mut state, &mut seq).ok;
            if ok && style != default_style {
                ok = r.do_object_motion(style, &mut state, &mut seq, 1.0).ok;
            }
            if ok && state.substate != substate {
                ok = r.do_object_motion(substate, &mut state, &mut seq, 1.0).ok;
            }
            if ok {
                st.transitions_ok += 1;
            } else {
                st.transitions_failed += 1;
            }
        }
        st
    };
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(run)).unwrap_or(ResolveStats {
        panics: 1,
        ..ResolveStats::default()
    })
}

enum Source {
    Synthetic(u64),
    File(PathBuf),
}

impl Source {
    fn label(&self) -> String {
        match self {
            Source::Synthetic(_) => "synthetic".to_string(),
            Source::File(p) => p.display().to_string(),
        }
    }
}

/// Runs the command.
pub fn run(args: Args) -> anyhow::Result<()> {
    // The elapsed time printed covers everything the user waits for: generating (or
    // opening) the DAT, the parse and the resolve.
    let started = Instant::now();
    let source = match args.dat.clone() {
        Some(p) => Source::File(p),
        None => match std::env::var_os("AC_PORTAL_DAT") {
            Some(p) if !p.is_empty() => Source::File(PathBuf::from(p)),
            _ => Source::Synthetic(synthetic::DEFAULT_SEED),
        },
    };
    if !args.json {
        match &source {
            Source::Synthetic(seed) => println!(
                "source: synthetic corpus (seed 0x{seed:016X}, generated in memory; not retail data - set AC_PORTAL_DAT or --dat to sweep a real DAT)"
            ),
            Source::File(p) => println!("source: {}", p.display()),
        }
    }
    let dat = match &source {
        Source::Synthetic(seed) => {
            let bytes = crate::fixtures::cached_build(*seed)?;
            DatArchive::from_vec(bytes).context("opening the synthetic DAT image")?
        }
        // The error names the path.
        Source::File(p) => DatArchive::open(p)?,
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.jobs.unwrap_or(0))
        .build()
        .context("starting the worker pool")?;
    let opened = started.elapsed();
    let (report, tables) = pool.install(|| sweep_parallel(&dat));
    let parsed = started.elapsed();
    let resolve = if args.no_resolve {
        None
    } else {
        let pb = progress(tables.len() as u64);
        pb.set_message("resolving");
        let per_table: Vec<ResolveStats> = pool.install(|| {
            tables
                .par_iter()
                .map(|t| {
                    let r = resolve_table(t);
                    pb.inc(1);
                    r
                })
                .collect()
        });
        pb.finish_and_clear();
        let mut total = ResolveStats::default();
        per_table.iter().for_each(|s| total.add(s));
        Some(total)
    };
    let elapsed = started.elapsed();
    let phases = Phases {
        open_ms: ms(opened),
        parse_ms: ms(parsed - opened),
        resolve_ms: ms(elapsed - parsed),
    };
    if args.json {
        println!(
            "{}",
            to_json(
                &source.label(),
                &report,
                resolve.as_ref(),
                elapsed.as_millis()
            )
        );
    } else {
        print_table(&report, resolve.as_ref(), ms(elapsed), &phases);
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

fn progress(len: u64) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let pb = ProgressBar::new(len);
    if let Ok(style) =
        ProgressStyle::with_template("{spinner} {msg:12} [{bar:40}] {pos}/{len} ({elapsed})")
    {
        pb.set_style(style.progress_chars("=> "));
    }
    pb
}

/// The sweep of `ac_testkit::sweep::sweep`, with each phase spread over the rayon pool.
/// Also returns the tables that parsed, for the resolver runs.
fn sweep_parallel(dat: &DatArchive) -> (SweepReport, Vec<MotionTable>) {
    let mut plan = sweep::plan(dat);
    let pb = progress((plan.tables.len() + plan.setups.len()) as u64);
    pb.set_message("tables");
    let tables: Vec<_> = plan
        .tables
        .par_iter()
        .map(|e| {
            let r = sweep::load_table(dat, e);
            pb.inc(1);
            r
        })
        .collect();
    let anim_ids = sweep::referenced_animations(&tables);
    plan.add_referenced_animations(dat, &anim_ids);
    pb.inc_length(anim_ids.len() as u64);
    pb.set_message("animations");
    let anims: Vec<_> = anim_ids
        .par_iter()
        .map(|&id| {
            let r = sweep::load_animation(dat, &plan, id);
            pb.inc(1);
            r
        })
        .collect();
    pb.set_message("setups");
    let setups: Vec<_> = plan
        .setups
        .par_iter()
        .map(|e| {
            let r = sweep::load_setup(dat, e);
            pb.inc(1);
            r
        })
        .collect();
    pb.finish_and_clear();
    let parsed = tables
        .iter()
        .filter_map(|t| t.result.clone().ok())
        .collect();
    let mut report = SweepReport::assemble(tables, anims, setups);
    report.directory_errors = plan.directory_errors;
    (report, parsed)
}

/// Milliseconds, for printing.
fn ms(d: std::time::Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// Where the elapsed time went.
struct Phases {
    /// Generating the synthetic DAT (or opening the user's).
    open_ms: f64,
    /// Parsing every table, animation and setup.
    parse_ms: f64,
    /// Resolving every default state and cycle transition.
    resolve_ms: f64,
}

fn print_table(r: &SweepReport, resolve: Option<&ResolveStats>, elapsed_ms: f64, phases: &Phases) {
    let s = &r.stats;
    let rows: Vec<(&str, String)> = vec![
        ("Total motion tables", s.tables.to_string()),
        ("Total cycle anims", s.cycles.to_string()),
        ("Total modifier anims", s.modifiers.to_string()),
        ("Total link source groups", s.link_sources.to_string()),
        (
            "Total link destination entries",
            s.link_destinations.to_string(),
        ),
        ("Total MotionData", s.motion_data.to_string()),
        (
            "Tables with a velocity",
            pct(s.tables_with_velocity, s.tables),
        ),
        ("Tables with an omega", pct(s.tables_with_omega, s.tables)),
        (
            "Tables with bitfield & 0x01",
            pct(s.tables_with_clear_modifiers, s.tables),
        ),
        (
            "Biggest cycles table",
            s.largest_by_cycles
                .map_or("-".into(), |(id, n)| format!("0x{id:08X} ({n} cycles)")),
        ),
        (
            "Biggest links table",
            s.largest_by_links.map_or("-".into(), |(id, n)| {
                format!("0x{id:08X} ({n} link destinations)")
            }),
        ),
        ("Animations parsed", r.animations.to_string()),
        ("Setups parsed", r.setups.to_string()),
        ("Directory errors", r.directory_errors.len().to_string()),
        ("Parse failures", r.failures.len().to_string()),
        (
            "Dangling animation ids",
            r.dangling_animations.len().to_string(),
        ),
        (
            "Frame ranges outside their animation",
            r.bad_frame_ranges.len().to_string(),
        ),
    ];
    let mut rows = rows;
    if let Some(x) = resolve {
        rows.push((
            "Resolver: default states ok / failed",
            format!("{} / {}", x.default_ok, x.default_failed),
        ));
        rows.push((
            "Resolver: cycle transitions ok / refused",
            format!("{} / {}", x.transitions_ok, x.transitions_failed),
        ));
        rows.push((
            "Resolver: unknown cycle keys / panics",
            format!("{} / {}", x.unknown_keys, x.panics),
        ));
    }
    println!("| Metric | Count |");
    println!("|---|---|");
    for (k, v) in rows {
        println!("| {k} | {v} |");
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
        "elapsed: {elapsed_ms:.1} ms (DAT {:.1} ms, parse {:.1} ms, resolve {:.1} ms)",
        phases.open_ms, phases.parse_ms, phases.resolve_ms
    );
}

fn pct(n: usize, of: usize) -> String {
    if of == 0 {
        return format!("{n} / 0");
    }
    format!("{n} / {of} ({:.1}%)", n as f64 * 100.0 / of as f64)
}

fn json_str(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn to_json(
    source: &str,
    r: &SweepReport,
    resolve: Option<&ResolveStats>,
    elapsed_ms: u128,
) -> String {
    let s = &r.stats;
    let failures: Vec<String> = r
        .failures
        .iter()
        .map(|f| format!("{{\"id\":{},\"error\":{}}}", f.id, json_str(&f.error)))
        .collect();
    let dangling: Vec<String> = r
        .dangling_animations
        .iter()
        .map(|d| format!("{{\"table\":{},\"anim_id\":{}}}", d.table, d.anim_id))
        .collect();
    let bad: Vec<String> = r
        .bad_frame_ranges
        .iter()
        .map(|b| {
            format!(
                "{{\"table\":{},\"anim_id\":{},\"low_frame\":{},\"high_frame\":{},\"num_frames\":{}}}",
                b.table, b.anim_id, b.low_frame, b.high_frame, b.num_frames
            )
        })
        .collect();
    format!(
        "{{\"source\":{},\"tables\":{},\"cycles\":{},\"modifiers\":{},\"link_sources\":{},\"link_destinations\":{},\"motion_data\":{},\"tables_with_velocity\":{},\"tables_with_omega\":{},\"tables_with_clear_modifiers\":{},\"animations\":{},\"setups\":{},\"directory_errors\":[{}],\"failures\":[{}],\"dangling_animations\":[{}],\"bad_frame_ranges\":[{}],\"resolver\":{},\"elapsed_ms\":{}}}",
        json_str(source),
        s.tables,
        s.cycles,
        s.modifiers,
        s.link_sources,
        s.link_destinations,
        s.motion_data,
        s.tables_with_velocity,
        s.tables_with_omega,
        s.tables_with_clear_modifiers,
        r.animations,
        r.setups,
        r.directory_errors
            .iter()
            .map(|e| json_str(e))
            .collect::<Vec<_>>()
            .join(","),
        failures.join(","),
        dangling.join(","),
        bad.join(","),
        resolve.map_or("null".to_string(), |x| format!(
            "{{\"default_ok\":{},\"default_failed\":{},\"transitions_ok\":{},\"transitions_failed\":{},\"unknown_keys\":{},\"panics\":{}}}",
            x.default_ok, x.default_failed, x.transitions_ok, x.transitions_failed, x.unknown_keys, x.panics
        )),
        elapsed_ms
    )
}
