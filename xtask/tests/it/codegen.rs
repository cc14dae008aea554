//! The generated code is current: `cargo xtask codegen --check` succeeds, so an edit of
//! `fixtures/motion-names.tsv` without a regeneration fails the build's tests.

use std::process::Command;

#[test]
fn generated_code_is_up_to_date() {
    let out = Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args(["codegen", "--check"])
        .output()
        .expect("run xtask codegen --check");
    assert!(
        out.status.success(),
        "stale generated code: {}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}
