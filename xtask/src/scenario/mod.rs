//! `cargo xtask scenario FILE.scn`: run one conformance scenario and print its trace.
//!
//! The scenario language and the trace are specified by the conformance contract
//! (`FORMAT.md`, `FORMAT-physics.md`, `FORMAT-interp.md`; see `docs/scenarios.md`). This
//! module is a thin driver: it parses lines ([`lexer`], [`defs`], [`steps`]), builds `ac_dat`
//! records in memory, calls the public APIs of the layer crates through the reference host
//! `ac_physobj::PhysicsObj` ([`exec`]) and prints what they report ([`format`]). No motion,
//! sequence or interpreter logic lives here.
//!
//! Bad input is reported as `scenario line N: <what>` on stderr with exit status 2.

pub mod args;
pub mod defs;
pub mod error;
pub mod exec;
pub mod format;
pub mod lexer;
pub mod names;
pub mod steps;

use std::path::PathBuf;

pub use error::ScenarioError;

/// Command-line arguments.
#[derive(clap::Args)]
pub struct Args {
    /// The scenario file (`NAME.scn`).
    pub file: PathBuf,
}

/// What running a scenario produced: the trace so far and, for bad input, the error.
#[derive(Debug, Clone, PartialEq)]
pub struct Outcome {
    /// The trace printed up to the end, or up to the bad line.
    pub stdout: String,
    /// The bad-input error that stopped the run, if any.
    pub error: Option<ScenarioError>,
}

/// Runs a scenario given as text (the whole file) and returns its trace.
///
/// Lines are split on `\n` (a trailing `\r` is dropped); the file need not be valid UTF-8
/// (invalid bytes are replaced and then rejected as malformed tokens at their line).
pub fn run_text(text: &str) -> Outcome {
    let mut runner = exec::Runner::default();
    for (i, line) in text.lines().enumerate() {
        let tokens = lexer::tokenize(line);
        if tokens.is_empty() {
            continue;
        }
        if let Err(message) = runner.line(&tokens) {
            return Outcome {
                stdout: runner.into_output(),
                error: Some(ScenarioError::new(i + 1, message)),
            };
        }
    }
    Outcome {
        stdout: runner.into_output(),
        error: None,
    }
}

/// Runs the scenario file `path`.
pub fn run_file(path: &std::path::Path) -> std::io::Result<Outcome> {
    let bytes = std::fs::read(path)?;
    Ok(run_text(&String::from_utf8_lossy(&bytes)))
}

/// Runs the command: the trace on stdout; bad input → stderr `scenario line N: …`, exit 2.
pub fn run(args: Args) -> anyhow::Result<()> {
    let outcome = run_file(&args.file)
        .map_err(|e| anyhow::anyhow!("cannot read {}: {e}", args.file.display()))?;
    use std::io::Write as _;
    let mut stdout = std::io::stdout().lock();
    stdout.write_all(outcome.stdout.as_bytes())?;
    stdout.flush()?;
    if let Some(err) = outcome.error {
        eprintln!("{err}");
        std::process::exit(2);
    }
    Ok(())
}
