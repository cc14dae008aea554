//! The golden transition catalogue: a readable rendering of what a table resolves to.
//!
//! For one motion table, [`catalogue`] derives a list of [`Case`]s from the table's own data —
//! the default state, every style change and back, every substate of the default style entered
//! and stopped, walk↔run, walking backwards, speed changes (including to 0, where ACE and retail
//! differ), every action out of the default substate, every modifier (added, re-added, stopped)
//! and a complete stop — and [`render`] runs them through the [`Resolver`] with a
//! [`RecordingSequence`], printing the operations issued, the resulting `MotionState`,
//! `num_anims`, the modelled node list and the physics. Section titles name motions; everywhere
//! else a motion prints as its name beside its id (`WalkForward(0x45000005)`), so the text can
//! be matched against a packet log or a hex dump. The text is deterministic, so it works as an
//! insta snapshot (tests) and as `cargo xtask snapshots` output for any DAT.

use std::fmt::Write as _;

use glam::Vec3;

use ac_motiontable::command::{is_action, motion_by_index};
use ac_motiontable::motion::{RUN_FORWARD, WALK_FORWARD};
use ac_motiontable::{MotionCommand, MotionState, Outcome, RecordingSequence, Resolver};

/// One request issued in a case.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Step {
    /// `DoObjectMotion(motion, speed)`.
    Motion(u32, f32),
    /// `StopObjectMotion(motion)`.
    Stop(u32),
    /// `StopObjectCompletely`.
    StopCompletely,
}

/// A named scenario: silent setup steps from the default state, then the rendered steps.
#[derive(Debug, Clone, PartialEq)]
pub struct Case {
    /// Stable, readable name (also the snapshot section title).
    pub name: String,
    /// Steps run before rendering starts.
    pub setup: Vec<Step>,
    /// Steps rendered one by one.
    pub steps: Vec<Step>,
}

/// A motion's name, for the section titles (`WalkForward`; hex when it has none).
fn name(id: u32) -> String {
    MotionCommand(id).to_string()
}

/// A motion's name beside its id, for everything else (`WalkForward(0x45000005)`).
fn named(id: u32) -> String {
    format!("{:?}", MotionCommand(id))
}

/// Derive the catalogue of cases for `r`'s table.
pub fn catalogue(r: &Resolver) -> Vec<Case> {
    let ds = r.default_style();
    let dsub = r.style_default(ds).unwrap_or(0);
    let case = |n: String, setup: Vec<Step>, steps: Vec<Step>| Case {
        name: n,
        setup,
        steps,
    };
    let mut cases = vec![case("default_state".into(), vec![], vec![])];

    let mut styles: Vec<u32> = r.table().style_defaults.iter().map(|&(s, _)| s).collect();
    styles.sort_unstable();
    styles.dedup();
    for s in styles.into_iter().filter(|&s| s != ds) {
        cases.push(case(
            format!("style {} and back", name(s)),
            vec![],
            vec![Step::Motion(s, 1.0), Step::Motion(ds, 1.0)],
        ));
    }

    let in_style = |key: u32| key >> 16 == ds & 0xFFFF;
    let mut substates: Vec<u32> = r
        .table()
        .cycles
        .iter()
        .filter(|(k, _)| in_style(*k))
        .filter_map(|(k, _)| motion_by_index(k & 0xFFFF))
        .filter(|&m| m != dsub && ac_motiontable::command::is_substate(m))
        .collect();
    substates.sort_unstable();
    substates.dedup();
    for &m in &substates {
        cases.push(case(
            format!("substate {} and stop", name(m)),
            vec![],
            vec![Step::Motion(m, 1.0), Step::Stop(m)],
        ));
    }
    let has = |m: u32| substates.contains(&m);
    if has(WALK_FORWARD) {
        cases.push(case(
            "walk speed change".into(),
            vec![],
            vec![
                Step::Motion(WALK_FORWARD, 1.0),
                Step::Motion(WALK_FORWARD, 1.5),
            ],
        ));
        cases.push(case(
            "walk speed to zero".into(),
            vec![],
            vec![
                Step::Motion(WALK_FORWARD, 1.0),
                Step::Motion(WALK_FORWARD, 0.0),
            ],
        ));
        cases.push(case(
            "walk then backwards".into(),
            vec![],
            vec![
                Step::Motion(WALK_FORWARD, 1.0),
                Step::Motion(WALK_FORWARD, -0.65),
            ],
        ));
        if has(RUN_FORWARD) {
            cases.push(case(
                "walk run walk".into(),
                vec![],
                vec![
                    Step::Motion(WALK_FORWARD, 1.0),
                    Step::Motion(RUN_FORWARD, 1.0),
                    Step::Motion(WALK_FORWARD, 1.0),
                ],
            ));
        }
    }

    let mut actions: Vec<u32> = r
        .links_from(ac_motiontable::command::cycle_key(ds, dsub))
        .map(|l| l.map(|(to, _)| to).filter(|&to| is_action(to)).collect())
        .unwrap_or_default();
    actions.sort_unstable();
    for a in actions {
        cases.push(case(
            format!("action {}", name(a)),
            vec![],
            vec![Step::Motion(a, 1.0)],
        ));
    }

    let mut modifiers: Vec<u32> = r
        .table()
        .modifiers
        .iter()
        .filter(|(k, _)| in_style(*k) || k >> 16 == 0)
        .filter_map(|(k, _)| motion_by_index(k & 0xFFFF))
        .filter(|&m| ac_motiontable::command::is_modifier(m))
        .collect();
    modifiers.sort_unstable();
    modifiers.dedup();
    let base = if has(WALK_FORWARD) {
        vec![Step::Motion(WALK_FORWARD, 1.0)]
    } else {
        vec![]
    };
    for &m in &modifiers {
        cases.push(case(
            format!("modifier {} added, re-added, stopped", name(m)),
            base.clone(),
            vec![Step::Motion(m, 1.0), Step::Motion(m, 2.0), Step::Stop(m)],
        ));
    }
    let mut all = base;
    all.extend(modifiers.iter().map(|&m| Step::Motion(m, 1.0)));
    cases.push(case(
        "stop completely".into(),
        all,
        vec![Step::StopCompletely],
    ));
    cases
}

/// Writes a vector as `x,y,z`.
fn write_v3(out: &mut String, v: Vec3) {
    let _ = write!(out, "{},{},{}", v.x, v.y, v.z);
}

/// Writes a motion list as `Name(0x…)@speed Name(0x…)@speed`, or `-` when empty.
fn write_list(out: &mut String, l: &[ac_motiontable::Motion]) {
    if l.is_empty() {
        out.push('-');
    }
    for (i, m) in l.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        let _ = write!(out, "{:?}@{}", MotionCommand(m.id), m.speed_mod);
    }
}

// The text is written straight into the one output buffer (no `String` per value): a
// catalogue of the synthetic corpus is 8 MB of text, and `cargo xtask snapshots` renders it.
fn render_state(out: &mut String, st: &MotionState, seq: &RecordingSequence) {
    let _ = write!(
        out,
        "    state {:?} / {:?} @{}  modifiers ",
        MotionCommand(st.style),
        MotionCommand(st.substate),
        st.substate_mod,
    );
    write_list(out, st.modifiers());
    out.push_str("  actions ");
    write_list(out, st.actions());
    out.push_str("\n    nodes ");
    if seq.nodes().is_empty() {
        out.push('-');
    }
    for (i, a) in seq.nodes().iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        if Some(i) == seq.first_cyclic() {
            out.push('*');
        }
        let _ = write!(
            out,
            "0x{:08X}[{}..{}]@{}",
            a.anim_id, a.low_frame, a.high_frame, a.framerate
        );
    }
    out.push_str("  vel=");
    write_v3(out, seq.velocity());
    out.push_str(" omega=");
    write_v3(out, seq.omega());
    out.push('\n');
}

fn run(r: &Resolver, st: &mut MotionState, seq: &mut RecordingSequence, step: Step) -> Outcome {
    match step {
        Step::Motion(m, s) => r.do_object_motion(m, st, seq, s),
        Step::Stop(m) => r.stop_object_motion(m, 1.0, st, seq),
        Step::StopCompletely => r.stop_object_completely(st, seq),
    }
}

/// Render one case (see the module docs for the format).
pub fn render_case(r: &Resolver, case: &Case) -> String {
    let mut out = String::new();
    render_case_into(&mut out, r, case);
    out
}

/// [`render_case`], appended to `out`.
fn render_case_into(out: &mut String, r: &Resolver, case: &Case) {
    let _ = writeln!(out, "## {}", case.name);
    let mut st = MotionState::new();
    let mut seq = RecordingSequence::new();
    let o = r.set_default_state(&mut st, &mut seq);
    if case.setup.is_empty() && case.steps.is_empty() {
        let _ = writeln!(
            out,
            "> SetDefaultState -> ok={} num_anims={}",
            o.ok as u8, o.num_anims
        );
        for op in seq.take_ops() {
            let _ = writeln!(out, "    {op}");
        }
        render_state(out, &st, &seq);
        return;
    }
    for &s in &case.setup {
        run(r, &mut st, &mut seq, s);
    }
    seq.take_ops();
    out.push_str("  from:\n");
    render_state(out, &st, &seq);
    for &s in &case.steps {
        let o = run(r, &mut st, &mut seq, s);
        let _ = match s {
            Step::Motion(m, sp) => write!(out, "> {:?} {sp}", MotionCommand(m)),
            Step::Stop(m) => write!(out, "> stop {:?}", MotionCommand(m)),
            Step::StopCompletely => write!(out, "> stop completely"),
        };
        let _ = writeln!(out, " -> ok={} num_anims={}", o.ok as u8, o.num_anims);
        for op in seq.take_ops() {
            let _ = writeln!(out, "    {op}");
        }
        render_state(out, &st, &seq);
    }
}

/// Render the whole catalogue of `r`'s table.
pub fn render(r: &Resolver) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "# motion table 0x{:08X} (default style {}, fidelity {})",
        r.id(),
        named(r.default_style()),
        match r.rules().preset() {
            Some(f) => format!("{f:?}"),
            None => "custom".to_owned(),
        }
    );
    for c in catalogue(r) {
        out.push('\n');
        render_case_into(&mut out, r, &c);
    }
    out
}
