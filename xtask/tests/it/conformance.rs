//! Runs the whole public corpus (`fixtures/scenarios`) and checks the result against the
//! checked-in `fixtures/scenarios/PENDING` list: every listed scenario must fail (so the list
//! only shrinks) and every unlisted one must pass.

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::process::Command;

fn corpus() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../fixtures/scenarios")
}

fn pending() -> BTreeSet<String> {
    let text =
        std::fs::read_to_string(corpus().join("PENDING")).expect("fixtures/scenarios/PENDING");
    text.lines()
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .filter(|l| !l.is_empty())
        .map(str::to_string)
        .collect()
}

#[test]
fn public_corpus_matches_the_pending_list() {
    let out = Command::new(env!("CARGO_BIN_EXE_xtask"))
        .arg("conformance")
        .arg(corpus())
        .output()
        .expect("run xtask conformance");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let last = stdout.lines().last().unwrap_or("");
    let counts: Vec<usize> = last
        .split([' ', ','])
        .filter_map(|w| w.parse().ok())
        .collect();
    assert_eq!(
        counts.len(),
        2,
        "last line must be `N passed, M failed`, got {last:?}\n{stdout}"
    );
    let total = std::fs::read_dir(corpus())
        .expect("corpus dir")
        .filter(|e| {
            e.as_ref()
                .is_ok_and(|e| e.path().extension().is_some_and(|x| x == "scn"))
        })
        .count();
    assert_eq!(counts[0] + counts[1], total, "every scenario is judged");

    let failed: BTreeSet<String> = stdout
        .lines()
        .filter_map(|l| l.strip_prefix("FAIL "))
        .map(|l| l.split(':').next().unwrap_or(l).trim().to_string())
        .collect();
    assert_eq!(failed.len(), counts[1], "one FAIL line per failure");
    assert_eq!(
        out.status.success(),
        failed.is_empty(),
        "exit status follows the failures"
    );

    let pending = pending();
    let unexpected: Vec<&String> = failed.difference(&pending).collect();
    let fixed: Vec<&String> = pending.difference(&failed).collect();
    assert!(
        unexpected.is_empty() && fixed.is_empty(),
        "scenarios failing but not in PENDING (regressions): {unexpected:?}\n\
         scenarios in PENDING that now pass (remove them): {fixed:?}\n\n{stdout}"
    );
}
