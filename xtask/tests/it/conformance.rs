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

/// A scratch corpus: one passing trace, one wrong trace, one expected error, one rotation file.
#[test]
fn reports_the_first_differing_step_and_counts() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("mini_corpus");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch corpus dir");
    let write = |name: &str, text: &str| std::fs::write(dir.join(name), text).expect("write");
    let trace = |origin_y: &str| {
        format!(
            "step 1: object\n  state style=0x00000000 substate=0x00000000 mod=1\n  modifiers -\n  actions -\n  \
             seq nodes=0 first_cyclic=-1 curr=-1 frame=0 vel=0,0,0 omega=0,0,0\n  mtm counter=0 pending -\n\
             step 2: seq_set_velocity 0,1,0\n  state style=0x00000000 substate=0x00000000 mod=1\n  modifiers -\n  actions -\n  \
             seq nodes=0 first_cyclic=-1 curr=-1 frame=0 vel=0,1,0 omega=0,0,0\n  mtm counter=0 pending -\n\
             step 3: update 0.1\n  offset origin=0,{origin_y},0 orient=1,0,0,0\n  state style=0x00000000 substate=0x00000000 mod=1\n  modifiers -\n  actions -\n  \
             seq nodes=0 first_cyclic=-1 curr=-1 frame=0 vel=0,1,0 omega=0,0,0\n  mtm counter=0 pending -\n"
        )
    };
    let scn = "object\nseq_set_velocity 0,1,0\nupdate 0.1\n";
    write("a_pass.scn", scn);
    write("a_pass.expected", &trace("0.1"));
    write("b_wrong.scn", scn);
    write("b_wrong.expected", &trace("0.2"));
    write("c_error.scn", "object\nbogus_op\n");
    write("c_error.expected-error", "scenario line 2:\n");
    write("d_rotation.scn", &format!("# tolerance: rotation\n{scn}"));
    write("d_rotation.expected", &trace("0.100001"));
    write("e_no_expectation.scn", scn);

    let out = Command::new(env!("CARGO_BIN_EXE_xtask"))
        .arg("conformance")
        .arg(&dir)
        .output()
        .expect("run xtask conformance");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        !out.status.success(),
        "a failure gives a failing status\n{stdout}"
    );
    assert_eq!(
        stdout.lines().last(),
        Some("3 passed, 1 failed"),
        "{stdout}"
    );
    assert!(stdout.contains("FAIL b_wrong\n"), "{stdout}");
    assert!(
        stdout.contains(
            "first difference in step 3: update 0.1 (line 2 of the step; tolerance: none)"
        ),
        "{stdout}"
    );
    assert!(stdout.contains(">   offset origin=0,0.2,0"), "{stdout}");
    assert!(stdout.contains(">   offset origin=0,0.1,0"), "{stdout}");
}
