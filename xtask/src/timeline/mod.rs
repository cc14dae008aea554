//! `cargo xtask timeline [FILE.scn] [-o OUT.svg]`: a sequence's node list over time, as SVG.
//!
//! A trace says *what* the sequence holds after every step; the timeline shows *when*. The
//! scenario runs through the scenario runner (the real crates through `ac_physobj::PhysicsObj`)
//! with the object's playback log on (`ac_sequence::playback`), so what the picture shows is
//! timed *inside* each tick: a link that starts and ends within one tick gets its bar.
//!
//! * one row per animation id, labelled with what the motion table uses it for; a light bar
//!   while a node of it waits in the list, a solid bar (orange: link, blue: cycle) while the
//!   play head is in it (hover: frames, rate, times);
//! * hook ticks at the moment their frame was crossed, coloured by type;
//! * dashed lines at the steps that took no time (commands), labelled;
//! * underneath, speeds: the motion table's sequence |velocity| per update, the root motion
//!   actually produced per stretch (pos frames plus velocity), and for objects that move the
//!   ground speed between steps;
//! * for objects that move, their path seen from above, with headings.
//!
//! Without a file, a built-in walk (a 4-frame link into an 8-frame walk cycle with root motion
//! and footstep hooks) is drawn. A scenario with a bad line is drawn up to that line, with the
//! error in the picture, and the command fails.

mod axis;
pub mod model;
pub mod svg;

use std::path::PathBuf;

use ac_motiontable::Fidelity;
use ac_physobj::recording::ObjectSample;
use anyhow::Context as _;

use crate::scenario::defs::is_definition;
use crate::scenario::{FidelityArg, ScenarioError, exec, lexer};
use model::{Timeline, TimelineBuilder};

/// Command-line arguments.
#[derive(clap::Args)]
pub struct Args {
    /// A scenario file (default: a built-in walk).
    pub file: Option<PathBuf>,
    /// Where to write the SVG (default: standard output).
    #[arg(short, long)]
    pub out: Option<PathBuf>,
    /// Behaviour to reproduce (`ace` or `retail`).
    #[arg(long, value_enum, default_value_t = FidelityArg::Ace)]
    pub fidelity: FidelityArg,
}

/// The built-in example: the walk of `seq_walk_ticks` at 30 Hz, played directly on the
/// sequence, with footstep sounds on the foot falls.
const DEMO: &str = "\
anim 0x03000010 frames=4
anim 0x03000002 frames=8
posframe 0 0,0.39,0
posframe 4 0,0.39,0
hook 1 Sound Forward 0x0A000001
hook 5 Sound Forward 0x0A000002
object
seq_append 0x03000010
seq_append 0x03000002
seq_set_velocity 0,3.12,0
";

/// The built-in example with its 30 ticks.
pub fn demo_scenario() -> String {
    let mut t = DEMO.to_string();
    t.push_str(&"tick 0.033333335\n".repeat(30));
    t
}

/// A scenario run and what it drew.
#[derive(Debug)]
pub struct ScenarioTimeline {
    /// The picture's data.
    pub timeline: Timeline,
    /// The trace the runner printed (up to the bad line).
    pub trace: String,
    /// The bad-input error that stopped the run, if any.
    pub error: Option<ScenarioError>,
}

/// Steps that take no time and change no motion: not worth a mark.
fn is_quiet(op: &str) -> bool {
    matches!(op, "dump" | "set" | "object" | "mi_create")
}

/// Runs a scenario given as text with the object's playback log on, and builds its timeline.
pub fn from_scenario(title: &str, text: &str, fidelity: Fidelity) -> ScenarioTimeline {
    let mut runner = exec::Runner::new(fidelity.into());
    let mut b = TimelineBuilder::new(title);
    let mut base = 0.0f64; // where the current object's log clock starts on the picture
    let mut now = 0.0f64;
    let mut error = None;
    let mut pending = None;
    for (i, line) in text.lines().enumerate() {
        let tokens = lexer::tokenize(line);
        let Some(&op) = tokens.first() else { continue };
        let before = now;
        if let Err(message) = runner.line(&tokens) {
            error = Some(ScenarioError::new(i + 1, message).with_text(line));
            break;
        }
        let Some(obj) = runner.object_mut() else {
            continue;
        };
        if obj.playback_log().is_none() {
            // A new object: its clock starts where the picture is now.
            obj.set_playback_logging(true);
            base = now;
            if let Some(resolver) = obj.parts().manager.table() {
                b.table(resolver.table());
            }
        }
        if let Some(log) = obj.take_playback_log() {
            b.playback(&log, base);
            now = base + log.clock();
        }
        // The path: a sample after every step that took time, and the one just before the
        // first of a run of them (so set-up steps such as placing the object are not drawn as
        // a move from the origin).
        let sample = ObjectSample::capture(obj);
        if now != before {
            if let Some(p) = pending.take() {
                b.samples(&[p], base);
            }
            b.samples(&[sample], base);
        } else {
            pending = Some(sample);
            if !is_definition(op) && !is_quiet(op) {
                b.mark(now, tokens.join(" "));
            }
        }
    }
    if let Some(e) = &error {
        b.error(e.to_string());
    }
    ScenarioTimeline {
        timeline: b.build(),
        trace: runner.into_output(),
        error,
    }
}

/// Runs the command.
pub fn run(args: Args) -> anyhow::Result<()> {
    let (title, text) = match &args.file {
        Some(p) => {
            let bytes = std::fs::read(p).with_context(|| format!("cannot read {}", p.display()))?;
            (
                p.display().to_string(),
                String::from_utf8_lossy(&bytes).into_owned(),
            )
        }
        None => (
            "built-in walk: Ready→Walk link into WalkForward at 30 Hz".into(),
            demo_scenario(),
        ),
    };
    let mut run = from_scenario(&title, &text, args.fidelity.into());
    if let (Some(e), Some(p)) = (run.error.take(), &args.file) {
        run.error = Some(e.in_file(p));
    }
    let svg = svg::render(&run.timeline);
    match &args.out {
        Some(p) => {
            std::fs::write(p, svg).with_context(|| format!("cannot write {}", p.display()))?
        }
        None => print!("{svg}"),
    }
    match run.error {
        Some(e) => anyhow::bail!("{e}\n(the timeline is drawn up to that line)"),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::model::BarKind;
    use super::*;

    fn fixture(name: &str) -> String {
        let p = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../fixtures/scenarios")
            .join(name);
        std::fs::read_to_string(&p).expect("fixture")
    }

    #[test]
    fn the_demo_shows_its_link_and_footsteps() {
        let run = from_scenario("demo", &demo_scenario(), Fidelity::Ace);
        assert!(run.error.is_none());
        let tl = &run.timeline;
        let ids: Vec<u32> = tl.rows.iter().map(|r| r.anim_id).collect();
        assert_eq!(ids, [0x0300_0010, 0x0300_0002]);
        assert!((tl.end - 1.0).abs() < 1e-4, "{}", tl.end);
        assert!(tl.hooks.iter().any(|h| h.name == "Sound"));
        assert!(!tl.root_motion_speed.is_empty());
        let svg = svg::render(tl);
        assert!(svg.contains("0x03000010") && svg.contains("playing link frames"));
    }

    #[test]
    fn links_inside_one_tick_get_their_bar_and_physics_root_motion_is_drawn() {
        // 0.1 s physics ticks: the 2-frame Walk→Run link (0.067 s at 30 fps) starts and ends
        // inside one of them and is gone from the list the trace prints after it.
        let run = from_scenario("walk", &fixture("phys_walk_run_stop.scn"), Fidelity::Ace);
        assert!(run.error.is_none(), "{:?}", run.error);
        let tl = &run.timeline;
        let row = tl
            .rows
            .iter()
            .position(|r| r.anim_id == 0x0300_0214)
            .expect("the Walk→Run link has a row");
        assert_eq!(tl.rows[row].uses, ["link NonCombat/WalkForward→RunForward"]);
        let playing: Vec<_> = tl
            .bars
            .iter()
            .filter(|b| b.row == row && matches!(b.kind, BarKind::Playing { .. }))
            .collect();
        assert!(!playing.is_empty());
        for b in &playing {
            assert!(b.t1 - b.t0 < 0.1 - 1e-6, "shorter than a tick: {b:?}");
        }
        // Root motion of a physics scenario: non-zero speeds, and a path that goes north.
        assert!(tl.root_motion_speed.iter().any(|h| h.value > 1.0));
        let (a, z) = (&tl.path[0], tl.path.last().expect("path"));
        assert!(z.y - a.y > 3.0, "{a:?} → {z:?}");
        assert!(tl.marks.iter().any(|m| m.label.starts_with("mi_do_motion")));
        let svg = svg::render(tl);
        assert!(svg.contains("path from above") && svg.contains("root motion speed"));
        assert!(
            svg.contains("hook AnimationDone"),
            "legend has hook colours"
        );
    }

    #[test]
    fn a_mark_label_near_the_right_edge_ends_at_its_line() {
        let run = from_scenario("demo", &demo_scenario(), Fidelity::Ace);
        let mut tl = run.timeline;
        tl.marks.push(model::Mark {
            t: tl.end,
            label: "calc_acceleration at the very end".into(),
        });
        let svg = svg::render(&tl);
        let label = svg
            .lines()
            .find(|l| l.contains(">calc_acceleration at the very end<"))
            .expect("the label is drawn");
        assert!(label.contains(r#"text-anchor="end""#), "{label}");
        let first = svg
            .lines()
            .find(|l| l.contains(">seq_append 0x03000010<"))
            .expect("the first command is drawn");
        assert!(first.contains(r#"text-anchor="start""#), "{first}");
    }

    #[test]
    fn a_broken_scenario_is_drawn_up_to_its_bad_line_and_reported() {
        let text = format!("{}frobnicate 1\ntick 0.1\n", demo_scenario());
        let run = from_scenario("bad", &text, Fidelity::Ace);
        let e = run.error.expect("bad line");
        assert_eq!(e.line, text.lines().count() - 1);
        assert!(run.timeline.error.is_some());
        assert!((run.timeline.end - 1.0).abs() < 1e-4);
        assert!(svg::render(&run.timeline).contains("stopped:"));
    }
}
