//! Inputs on which the reference itself crashes or hangs (`fixtures/scenarios/robustness/`;
//! docs/quirks.md, "Where the reference crashes or hangs"): the runner must finish them in bounded time with a trace
//! (exit 0) or a bad-input report (exit 2) — never a panic, a hang or a stack overflow.

use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

#[test]
fn reference_crash_cases_finish_without_panicking() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../fixtures/scenarios/robustness");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("fixtures/scenarios/robustness")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "scn"))
        .collect();
    files.sort();
    assert!(files.len() >= 8, "the robustness cases are present");
    for f in files {
        let mut child = Command::new(env!("CARGO_BIN_EXE_xtask"))
            .arg("scenario")
            .arg(&f)
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("spawn xtask scenario");
        let start = Instant::now();
        let status = loop {
            if let Some(s) = child.try_wait().expect("wait") {
                break s;
            }
            if start.elapsed() > Duration::from_secs(60) {
                let _ = child.kill();
                panic!("{} did not finish within 60 s", f.display());
            }
            std::thread::sleep(Duration::from_millis(20));
        };
        assert!(
            matches!(status.code(), Some(0 | 2)),
            "{}: exit status {status:?} (a panic or a crash)",
            f.display()
        );
    }
}
