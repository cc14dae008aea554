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

/// An empty scratch folder under the test target directory.
fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch corpus dir");
    dir
}

fn conformance(args: &[&std::ffi::OsStr]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_xtask"))
        .arg("conformance")
        .args(args)
        .env("RUST_BACKTRACE", "0")
        .output()
        .expect("run xtask conformance");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The scenario of the scratch corpora: three steps.
const SCN: &str = "object\nseq_set_velocity 0,1,0\nupdate 0.1\n";

/// The trace of [`SCN`], with `origin_y` as the offset of its last step.
fn trace(origin_y: &str) -> String {
    format!(
        "step 1: object\n  state style=0x00000000 substate=0x00000000 mod=1\n  modifiers -\n  actions -\n  \
             seq nodes=0 first_cyclic=-1 curr=-1 frame=0 vel=0,0,0 omega=0,0,0\n  mtm counter=0 pending -\n\
             step 2: seq_set_velocity 0,1,0\n  state style=0x00000000 substate=0x00000000 mod=1\n  modifiers -\n  actions -\n  \
             seq nodes=0 first_cyclic=-1 curr=-1 frame=0 vel=0,1,0 omega=0,0,0\n  mtm counter=0 pending -\n\
             step 3: update 0.1\n  offset origin=0,{origin_y},0 orient=1,0,0,0\n  state style=0x00000000 substate=0x00000000 mod=1\n  modifiers -\n  actions -\n  \
             seq nodes=0 first_cyclic=-1 curr=-1 frame=0 vel=0,1,0 omega=0,0,0\n  mtm counter=0 pending -\n"
    )
}

/// A scratch corpus: one passing trace, one wrong trace, one expected error, one rotation file.
#[test]
fn reports_the_first_differing_step_and_counts() {
    let dir = scratch("mini_corpus");
    let write = |name: &str, text: &str| std::fs::write(dir.join(name), text).expect("write");
    let scn = SCN;
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
    // Where the difference is: the step's line in the scenario, the line in the trace.
    let b = dir.join("b_wrong");
    assert!(
        stdout.contains(&format!("--> {}:3\n", b.with_extension("scn").display())),
        "{stdout}"
    );
    assert!(
        stdout.contains(&format!(
            "--> {}:14\n",
            b.with_extension("expected").display()
        )),
        "{stdout}"
    );

    let (ok, stdout, _) = conformance(&[dir.join("a_pass.scn").as_os_str()]);
    assert!(ok, "a single scenario file is judged: {stdout}");
    assert_eq!(stdout.lines().last(), Some("1 passed, 0 failed"));
}

#[test]
fn a_run_in_which_nothing_ran_fails() {
    let dir = scratch("nothing_ran");
    std::fs::write(dir.join("lonely.scn"), SCN).expect("write");
    let filter = [
        corpus().into_os_string(),
        "--filter".into(),
        "no_such_scenario".into(),
    ];
    let lonely = dir.join("lonely.scn").into_os_string();
    let empty = scratch("nothing_ran_empty").into_os_string();
    for (args, why) in [
        (&[empty][..], "has no NAME.scn with a NAME.expected"),
        (
            &filter[..],
            "whose file name contains `no_such_scenario` (--filter)",
        ),
        (&[lonely][..], "(record one with --bless)"),
    ] {
        let args: Vec<&std::ffi::OsStr> = args.iter().map(|a| a.as_os_str()).collect();
        let (ok, stdout, stderr) = conformance(&args);
        assert!(!ok, "{args:?}: {stdout}");
        assert_eq!(stdout.lines().last(), Some("0 passed, 0 failed"));
        assert!(stderr.contains("no scenario ran: "), "{stderr}");
        assert!(stderr.contains(why), "{stderr}");
    }
}

/// `--bless` records new expectations and updates the user's, but a reference expectation (its
/// scenario listed in the folder's `index.tsv`) changes only with `--force`.
#[test]
fn bless_records_expectations_and_protects_reference_ones() {
    let dir = scratch("bless_corpus");
    let write = |name: &str, text: &str| std::fs::write(dir.join(name), text).expect("write");
    let read = |name: &str| std::fs::read_to_string(dir.join(name)).expect("read");
    write("index.tsv", "file\tlayer\tchecks\nref.scn\tseq\tvelocity\n");
    write("ref.scn", SCN);
    write("ref.expected", &trace("0.2"));
    write("mine.scn", SCN);
    write("mine.expected", &trace("0.3"));
    write("new.scn", SCN);
    write("new_error.scn", "object\nbogus_op\n");
    let path = dir.clone().into_os_string();
    let bless = std::ffi::OsString::from("--bless");
    let force = std::ffi::OsString::from("--force");

    let (ok, stdout, _) = conformance(&[&path, &bless]);
    assert!(!ok, "a refusal fails the run: {stdout}");
    assert!(stdout.contains("REFUSED ref: "), "{stdout}");
    assert_eq!(
        stdout.lines().last(),
        Some("3 written, 0 unchanged, 1 refused, 0 failed")
    );
    assert_eq!(read("ref.expected"), trace("0.2"), "the reference is kept");
    assert_eq!(read("mine.expected"), trace("0.1"));
    assert_eq!(read("new.expected"), trace("0.1"));
    assert_eq!(read("new_error.expected-error"), "scenario line 2:\n");

    let (ok, stdout, _) = conformance(&[&path]);
    assert!(!ok && stdout.contains("FAIL ref\n"), "{stdout}");
    assert_eq!(stdout.lines().last(), Some("3 passed, 1 failed"));

    let (ok, stdout, _) = conformance(&[&path, &bless, &force]);
    assert!(ok, "{stdout}");
    assert_eq!(
        stdout.lines().last(),
        Some("1 written, 3 unchanged, 0 refused, 0 failed")
    );
    let (ok, stdout, _) = conformance(&[&path]);
    assert!(ok, "{stdout}");
    assert_eq!(stdout.lines().last(), Some("4 passed, 0 failed"));
}
