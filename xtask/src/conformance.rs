//! `cargo xtask conformance` (not implemented yet).

/// Command-line arguments.
#[derive(clap::Args)]
pub struct Args {}

/// Runs the command.
pub fn run(_args: Args) -> anyhow::Result<()> {
    anyhow::bail!("`conformance` is not implemented yet")
}
