//! Project automation for acmotion (`cargo xtask ...`).

fn main() -> anyhow::Result<()> {
    Ok(())
}
