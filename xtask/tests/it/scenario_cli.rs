//! `xtask scenario FILE`: the trace on stdout, bad input as `scenario line N:` with exit 2.

use std::path::PathBuf;
use std::process::Command;

fn write_scenario(name: &str, text: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let path = dir.join(name);
    std::fs::write(&path, text).expect("write scenario");
    path
}

fn run(path: &PathBuf) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_xtask"))
        .arg("scenario")
        .arg(path)
        .output()
        .expect("run xtask scenario")
}

#[test]
fn bad_input_exits_2_with_the_line_number() {
    let cases = [
        (
            "bad_op.scn",
            "# c\nanim 1 frames=2\n\nfrobnicate 1\n",
            "scenario line 4: ",
        ),
        (
            "bad_def.scn",
            "table 1\ncycle NonCombat Ready speed=2\n",
            "scenario line 2: ",
        ),
        (
            "no_object.scn",
            "dump\nset_default_state\n",
            "scenario line 2: ",
        ),
        (
            "no_mi.scn",
            "object\nmi_enter_default_state\n",
            "scenario line 2: ",
        ),
        (
            "no_table.scn",
            "object table=0x09000001\n",
            "scenario line 1: ",
        ),
        ("no_anim.scn", "posframe 0 0,0,0\n", "scenario line 1: "),
        (
            "bad_float.scn",
            "object\nupdate 0.1x\n",
            "scenario line 2: ",
        ),
        (
            "no_weenie.scn",
            "object weenie=0\nset run_rate=1\n",
            "scenario line 2: ",
        ),
        ("garbage.scn", "\u{1}\u{2} \u{ff}\n", "scenario line 1: "),
    ];
    for (name, text, prefix) in cases {
        let out = run(&write_scenario(name, text));
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{name}: {stderr}");
        assert!(stderr.starts_with(prefix), "{name}: {stderr}");
    }
}

#[test]
fn errors_name_the_file_and_line_and_suggest_motion_names() {
    let path = write_scenario(
        "misspelled.scn",
        "# walk\ntable 0x09000001 default_style=NonCombat\nstyle_default NonCombat Redy\n",
    );
    let out = run(&path);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert_eq!(
        stderr,
        format!(
            "scenario line 3: unknown motion name `Redy` (did you mean `Ready`?)\n  --> {}:3\n   3 | style_default NonCombat Redy\n",
            path.display()
        )
    );
}

#[test]
fn empty_scenario_prints_nothing_and_succeeds() {
    let out = run(&write_scenario("empty.scn", "# nothing\n\n   \t\n"));
    assert!(out.status.success());
    assert!(out.stdout.is_empty());
}

#[test]
fn steps_before_object_print_an_empty_dump() {
    let out = run(&write_scenario(
        "dump.scn",
        "dump # comment\noption autodump=0\ndump\n",
    ));
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "step 1: dump\nstep 2: dump\n"
    );
}

#[test]
fn retail_fidelity_runs_the_same_scenarios() {
    let corpus = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../fixtures/scenarios");
    for name in [
        "mi_hold_run.scn",
        "phys_gravity_fall.scn",
        "interp_far_blip.scn",
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_xtask"))
            .args(["scenario", "--fidelity", "retail"])
            .arg(corpus.join(name))
            .output()
            .expect("run xtask scenario");
        assert!(
            out.status.success(),
            "{name}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(text.starts_with("step 1: "), "{name}: a trace is printed");
    }
}
