//! Project automation for acmotion (`cargo xtask <command>`).
//!
//! Every command is a thin driver over the library crates: parsing, calling, printing.
//! Motion, sequence and interpreter behaviour lives in the crates, never here.

mod codegen;
mod conformance;
mod decode;
mod explain;
mod fixtures;
mod fuzz;
mod inspect;
mod replay;
mod snapshots;
mod sweep;
mod tables;
mod timeline;

use clap::{Parser, Subcommand};
use xtask::{scenario, source};

#[derive(Parser)]
#[command(name = "xtask", about = "acmotion project automation")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Regenerate the code derived from fixtures (`--check`: fail if it is stale).
    Codegen(codegen::Args),
    /// Resolve every motion table of a portal DAT (synthetic by default) and report statistics.
    Sweep(sweep::Args),
    /// Generate the deterministic synthetic portal DAT used by tests and the default run.
    Fixtures(fixtures::Args),
    /// Render the transition catalogue of every motion table as insta snapshots to review.
    Snapshots(snapshots::Args),
    /// Run one conformance scenario and print its trace.
    Scenario(scenario::Args),
    /// Run a scenario or every scenario of a folder against its expectation, or record them (--bless).
    Conformance(conformance::Args),
    /// Render a sequence's node list over time as an SVG timeline.
    Timeline(timeline::Args),
    /// Serve the motion inspector on 127.0.0.1: tables as graphs, resolutions explained, playback.
    Inspect(inspect::Args),
    /// Print the canonical text of a movement message or MovementData blob (hex or base64).
    Decode(decode::Args),
    /// Explain how a motion table resolves one request: branches, lookups, queued animations.
    Explain(explain::Args),
    /// List the motion tables of a portal DAT (synthetic by default) with their counts.
    Tables(tables::ListArgs),
    /// Show one motion table: styles, cycles, modifiers and links with names, physics, rates.
    Table(tables::ShowArgs),
    /// Run the cargo-fuzz targets of `fuzz/` (needs nightly and cargo-fuzz; skips without).
    Fuzz(fuzz::Args),
    /// Replay one object's recorded movement messages and report the prediction errors.
    Replay(replay::Args),
}

/// Logs of the crates' `tracing` events to stderr, filtered by `RUST_LOG` (nothing when it is
/// unset): e.g. `RUST_LOG=debug`, or `RUST_LOG=ac_motiontable::explain=trace` for every
/// resolution explained. Stderr keeps them apart from the traces and reports on stdout.
fn init_tracing() {
    use std::io::IsTerminal as _;
    use tracing_subscriber::EnvFilter;
    let filter = match std::env::var("RUST_LOG") {
        Ok(spec) => EnvFilter::try_new(&spec).unwrap_or_else(|e| {
            eprintln!("warning: ignoring RUST_LOG={spec:?}: {e}");
            EnvFilter::new("off")
        }),
        Err(_) => EnvFilter::new("off"),
    };
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(std::io::stderr().is_terminal())
        .without_time()
        .init();
}

fn main() -> anyhow::Result<()> {
    init_tracing();
    match Cli::parse().command {
        Command::Codegen(args) => codegen::run(args),
        Command::Sweep(args) => sweep::run(args),
        Command::Fixtures(args) => fixtures::run(args),
        Command::Snapshots(args) => snapshots::run(args),
        Command::Scenario(args) => scenario::run(args),
        Command::Conformance(args) => conformance::run(args),
        Command::Timeline(args) => timeline::run(args),
        Command::Decode(args) => decode::run(args),
        Command::Inspect(args) => inspect::run(args),
        Command::Explain(args) => explain::run(args),
        Command::Tables(args) => tables::run_list(args),
        Command::Table(args) => tables::run_show(args),
        Command::Fuzz(args) => fuzz::run(args),
        Command::Replay(args) => replay::run(args),
    }
}
