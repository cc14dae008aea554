//! The DAT tools from the command line: `explain`, `tables`, `table`, `scenario` with a table
//! from a DAT, and `RUST_LOG` (logs on stderr, never changing stdout).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn xtask(args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_xtask"));
    cmd.args(args)
        .env_remove("AC_PORTAL_DAT")
        .env_remove("RUST_LOG");
    for (k, v) in env {
        cmd.env(k, v);
    }
    cmd.output().expect("run xtask")
}

fn stdout(o: &Output) -> String {
    assert!(
        o.status.success(),
        "exit {:?}\n{}",
        o.status,
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8(o.stdout.clone()).expect("utf-8 stdout")
}

fn corpus(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../fixtures/scenarios")
        .join(name)
        .display()
        .to_string()
}

#[test]
fn rust_log_writes_the_decisions_to_stderr_and_leaves_the_trace_alone() {
    let scn = corpus("phys_sidestep_walk.scn");
    let quiet = xtask(&["scenario", &scn], &[]);
    let filter = "ac_motioninterp=debug,ac_motiontable=trace,ac_physobj=trace";
    let logged = xtask(&["scenario", &scn], &[("RUST_LOG", filter)]);
    assert_eq!(stdout(&logged), stdout(&quiet), "logs never reach stdout");
    assert!(
        quiet.stderr.is_empty(),
        "nothing is logged without RUST_LOG"
    );
    let log = String::from_utf8_lossy(&logged.stderr);
    for needle in [
        "ac_motioninterp::interp: DoInterpretedMotion motion=SideStepRight(0x6500000F)",
        "ac_motiontable::manager: motion table resolved",
        "ac_motiontable::explain: GetObjectSequence",
        "ac_motiontable::pending: queued",
        "ac_physobj::tick: slice quantum=0.1 outcome=\"moved\"",
    ] {
        assert!(log.contains(needle), "{needle:?} not in the log:\n{log}");
    }
}

#[test]
fn explain_says_why_a_restricted_cycle_is_refused() {
    let out = stdout(&xtask(
        &[
            "explain",
            "--from",
            "NonCombat/WalkForward",
            "--to",
            "Sleeping",
        ],
        &[],
    ));
    assert!(out.starts_with("source:   synthetic corpus"), "{out}");
    assert!(out.contains("Sleeping is restricted (bitfield 0x2): not allowed from this substate"));
    assert!(
        out.contains("  refused: no branch could resolve the motion\n"),
        "{out}"
    );
    assert!(out.contains("result:   REFUSED, num_anims 0"), "{out}");
}

#[test]
fn explain_json_is_one_object_with_the_events() {
    let out = stdout(&xtask(
        &[
            "explain",
            "--from",
            "NonCombat/Ready",
            "--to",
            "SwordCombat",
            "--json",
        ],
        &[],
    ));
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(v["ok"], true);
    assert_eq!(v["state"]["style"], "0x8000003E");
    let events = v["events"].as_array().expect("events");
    assert!(
        events
            .iter()
            .any(|e| e["event"] == "branch" && e["branch"] == "style")
    );
}

#[test]
fn tables_and_table_list_and_show_the_synthetic_dat_as_json() {
    let list: serde_json::Value =
        serde_json::from_str(&stdout(&xtask(&["tables", "--json"], &[]))).expect("JSON");
    assert_eq!(list["source"]["kind"], "synthetic");
    assert_eq!(list["tables"].as_array().map(Vec::len), Some(436));
    assert_eq!(list["tables"][0]["table"], "0x09000001");
    let one: serde_json::Value =
        serde_json::from_str(&stdout(&xtask(&["table", "0x09000001", "--json"], &[])))
            .expect("JSON");
    assert_eq!(one["table"]["id"], "0x09000001");
    assert_eq!(one["names"]["0x003D0005"], "NonCombat/WalkForward");
    assert!(one["table"]["cycles"]["0x003D0005"]["anims"].is_array());
}

#[test]
fn a_scenario_reads_its_table_from_the_dat_given() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let dat = dir.join("tools_synthetic.dat");
    let dat = dat.to_str().expect("utf-8 path");
    stdout(&xtask(&["fixtures", "--out", dat], &[]));
    // The browsing commands read the file too, and say so.
    let list: serde_json::Value =
        serde_json::from_str(&stdout(&xtask(&["tables", "--dat", dat, "--json"], &[])))
            .expect("JSON");
    assert_eq!(
        list["source"],
        serde_json::json!({"kind": "file", "path": dat})
    );
    assert_eq!(list["tables"].as_array().map(Vec::len), Some(436));
    let shown = stdout(&xtask(&["table", "0x09000002", "--dat", dat], &[]));
    assert!(
        shown.starts_with(&format!("source: {dat}\nmotion table 0x09000002")),
        "{shown}"
    );
    let scn = dir.join("tools_from_dat.scn");
    std::fs::write(
        &scn,
        "table 0x09000001 from-dat\nobject table=0x09000001\nset_default_state\n\
         do_object_motion WalkForward\n",
    )
    .expect("write scenario");
    let scn = scn.to_str().expect("utf-8 path");
    let from_file = stdout(&xtask(&["scenario", "--dat", dat, scn], &[]));
    assert!(from_file.contains("step 3: do_object_motion WalkForward\n  result 1 num_anims=1\n"));
    // The same DAT through AC_PORTAL_DAT, and the synthetic default, give the same trace.
    let from_env = stdout(&xtask(&["scenario", scn], &[("AC_PORTAL_DAT", dat)]));
    let synthetic = stdout(&xtask(&["scenario", scn], &[]));
    assert_eq!(from_env, from_file);
    assert_eq!(synthetic, from_file);
    let missing = xtask(&["scenario", "--dat", "/nonexistent.dat", scn], &[]);
    assert_eq!(missing.status.code(), Some(2));
    let err = String::from_utf8_lossy(&missing.stderr);
    assert!(
        err.contains("scenario line 1: from-dat:") && err.contains("/nonexistent.dat"),
        "{err}"
    );
}
