//! `cargo xtask snapshots` (not implemented yet).

/// Command-line arguments.
#[derive(clap::Args)]
pub struct Args {}

/// Runs the command.
pub fn run(_args: Args) -> anyhow::Result<()> {
    anyhow::bail!("`snapshots` is not implemented yet")
}
