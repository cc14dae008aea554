//! `cargo xtask timeline [FILE.scn] [-o OUT.svg]`: a sequence's node list over time, as SVG.
//!
//! A trace says *what* the sequence holds after every step; the timeline shows *when*. The
//! scenario is run by the scenario runner (`scenario::run_text`, i.e. the real crates through
//! `ac_physobj::PhysicsObj`), and its trace is read back:
//!
//! * one row per animation id; a light bar while a node of it is queued in the anim list, a
//!   solid bar while it is under the play head (hover: frame number);
//! * hook ticks at the step that executed them (`event anim_hook`): up = Forward,
//!   down = Backward, full height = Both (the sequence's AnimationDone credits are `Both`);
//! * underneath, the sequence velocity |vel| (the resolver's value, blue) and the root-motion
//!   speed actually produced (|offset| / time, green) per time step.
//!
//! Time advances with `update`, `tick`, `physics_tick` (their quantum) and `update_object` /
//! `physics_update` (their dt when at least one slice ran). Without a file, a built-in walk
//! (a 4-frame link into an 8-frame walk cycle with root motion and footstep hooks) is drawn.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::PathBuf;

use anyhow::Context as _;

/// Command-line arguments.
#[derive(clap::Args)]
pub struct Args {
    /// A scenario file (default: a built-in walk).
    pub file: Option<PathBuf>,
    /// Where to write the SVG (default: standard output).
    #[arg(short, long)]
    pub out: Option<PathBuf>,
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

/// What one step of the trace showed.
#[derive(Default, Clone)]
struct Sample {
    t0: f64,
    t1: f64,
    /// Anim ids of the list, in order.
    nodes: Vec<u32>,
    curr: Option<usize>,
    frame: String,
    vel: Option<f32>,
    /// Sum of |offset origin| over the step's offset lines.
    moved: Option<f32>,
    /// `Type:Dir` of every hook executed in the step.
    hooks: Vec<String>,
}

fn parse_vec3(s: &str) -> Option<[f32; 3]> {
    let mut it = s.split(',').map(|p| p.parse::<f32>().ok());
    Some([it.next()??, it.next()??, it.next()??])
}

fn field<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    line.split_whitespace()
        .find_map(|t| t.strip_prefix(key).and_then(|r| r.strip_prefix('=')))
}

/// Seconds a step advances the sequence clock (see the module docs).
fn step_time(tokens: &[&str], slices: Option<u32>) -> f64 {
    let arg = || {
        tokens
            .get(1)
            .and_then(|t| t.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    match tokens.first().copied() {
        Some("update" | "tick" | "physics_tick") => arg(),
        Some("update_object" | "physics_update") if slices.unwrap_or(0) > 0 => arg(),
        _ => 0.0,
    }
}

/// Reads a trace (docs/scenarios.md, "The trace") into per-step samples.
fn samples(trace: &str) -> Vec<Sample> {
    let mut out: Vec<Sample> = Vec::new();
    let mut tokens: Vec<String> = Vec::new();
    let mut slices: Option<u32> = None;
    let mut clock = 0.0f64;
    let mut cur: Option<Sample> = None;
    let finish = |cur: &mut Option<Sample>,
                  out: &mut Vec<Sample>,
                  tokens: &[String],
                  slices: Option<u32>,
                  clock: &mut f64| {
        if let Some(mut s) = cur.take() {
            let toks: Vec<&str> = tokens.iter().map(String::as_str).collect();
            s.t0 = *clock;
            *clock += step_time(&toks, slices);
            s.t1 = *clock;
            out.push(s);
        }
    };
    for line in trace.lines() {
        if let Some(rest) = line.strip_prefix("step ") {
            finish(&mut cur, &mut out, &tokens, slices, &mut clock);
            let body = rest.split_once(": ").map_or("", |(_, b)| b);
            tokens = body.split_whitespace().map(str::to_string).collect();
            slices = None;
            cur = Some(Sample::default());
            continue;
        }
        let Some(s) = cur.as_mut() else { continue };
        let l = line.trim_start();
        if let Some(r) = l.strip_prefix("result ") {
            if let Some(n) = field(r, "slices") {
                slices = n.parse().ok();
            }
        } else if let Some(h) = l.strip_prefix("event anim_hook ") {
            s.hooks.push(h.to_string());
        } else if l.starts_with("offset ") {
            if let Some(o) = field(l, "origin").and_then(parse_vec3) {
                let len = (o[0] * o[0] + o[1] * o[1] + o[2] * o[2]).sqrt();
                *s.moved.get_or_insert(0.0) += len;
            }
        } else if l.starts_with("seq ") {
            s.curr = field(l, "curr").and_then(|c| usize::try_from(c.parse::<i64>().ok()?).ok());
            s.frame = field(l, "frame").unwrap_or("").to_string();
            s.vel = field(l, "vel")
                .and_then(parse_vec3)
                .map(|v| (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).sqrt());
            s.nodes.clear();
        } else if l.starts_with("node ")
            && let Some(id) = field(l, "anim").and_then(|a| a.strip_prefix("0x"))
        {
            s.nodes.push(u32::from_str_radix(id, 16).unwrap_or(0));
        }
    }
    finish(&mut cur, &mut out, &tokens, slices, &mut clock);
    out
}

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

fn render(title: &str, samples: &[Sample]) -> String {
    const LEFT: f64 = 130.0;
    const WIDTH: f64 = 900.0;
    const ROW: f64 = 24.0;
    const TOP: f64 = 50.0;
    const PLOT: f64 = 110.0;
    // Rows: anim ids in order of first appearance in the list.
    let mut rows: BTreeMap<u32, usize> = BTreeMap::new();
    for s in samples {
        for &id in &s.nodes {
            let next = rows.len();
            rows.entry(id).or_insert(next);
        }
    }
    let timed: Vec<&Sample> = samples.iter().filter(|s| s.t1 > s.t0).collect();
    let t_end = samples.last().map_or(0.0, |s| s.t1);
    let span = t_end.max(1e-9);
    let x = |t: f64| LEFT + t / span * WIDTH;
    let plot_top = TOP + rows.len().max(1) as f64 * ROW + 30.0;
    let height = plot_top + PLOT + 50.0;
    let mut svg = String::new();
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{}" height="{height}" font-family="monospace" font-size="11">"#,
        LEFT + WIDTH + 20.0
    );
    let _ = writeln!(
        svg,
        r#"<text x="10" y="20" font-size="13">{}</text>"#,
        esc(title)
    );
    let _ = writeln!(
        svg,
        r##"<text x="10" y="36" fill="#555">{} steps, {} advancing time, {span:.4} s</text>"##,
        samples.len(),
        timed.len()
    );
    for (id, row) in &rows {
        let y = TOP + *row as f64 * ROW;
        let _ = writeln!(
            svg,
            r##"<text x="10" y="{0:.1}">0x{id:08X}</text><line x1="{LEFT}" y1="{1:.1}" x2="{2}" y2="{1:.1}" stroke="#ddd"/>"##,
            y + ROW * 0.65,
            y + ROW,
            LEFT + WIDTH
        );
    }
    for s in &timed {
        let (a, w) = (x(s.t0), (x(s.t1) - x(s.t0)).max(0.5));
        for (i, id) in s.nodes.iter().enumerate() {
            let Some(row) = rows.get(id) else { continue };
            let y = TOP + *row as f64 * ROW;
            let current = s.curr == Some(i);
            let (fill, tip) = if current {
                ("#4a90d9", format!("playing, frame {}", s.frame))
            } else {
                ("#c9def5", "queued".to_string())
            };
            let _ = writeln!(
                svg,
                r#"<rect x="{a:.2}" y="{:.2}" width="{w:.2}" height="{:.2}" fill="{fill}"><title>t={:.4}..{:.4} {}</title></rect>"#,
                y + 4.0,
                ROW - 8.0,
                s.t0,
                s.t1,
                esc(&tip)
            );
        }
    }
    // Hook ticks on the row of the node under the head at the end of the step.
    for s in samples {
        let Some(id) = s.curr.and_then(|c| s.nodes.get(c)) else {
            continue;
        };
        let Some(row) = rows.get(id) else { continue };
        let y = TOP + *row as f64 * ROW;
        for (k, h) in s.hooks.iter().enumerate() {
            let hx = x(s.t1) - k as f64 * 3.0;
            let (y1, y2, colour) = if h.ends_with(":Forward") {
                (y, y + ROW / 2.0, "#d0021b")
            } else if h.ends_with(":Backward") {
                (y + ROW / 2.0, y + ROW, "#7b1fa2")
            } else {
                (y, y + ROW, "#f5a623")
            };
            let _ = writeln!(
                svg,
                r#"<line x1="{hx:.2}" y1="{y1:.2}" x2="{hx:.2}" y2="{y2:.2}" stroke="{colour}" stroke-width="2"><title>{}</title></line>"#,
                esc(h)
            );
        }
    }
    // Velocity panel.
    let speed = |s: &Sample| s.moved.map(|m| m / (s.t1 - s.t0) as f32);
    let max = timed
        .iter()
        .flat_map(|s| [s.vel, speed(s)])
        .flatten()
        .filter(|v| v.is_finite())
        .fold(0.0f32, f32::max)
        .max(1e-6);
    let _ = writeln!(
        svg,
        r##"<text x="10" y="{:.1}">m/s (max {max})</text><text x="10" y="{:.1}" fill="#1f5fbf">seq |vel|</text><text x="10" y="{:.1}" fill="#417505">root motion</text>"##,
        plot_top + 12.0,
        plot_top + 26.0,
        plot_top + 40.0
    );
    let _ = writeln!(
        svg,
        r##"<rect x="{LEFT}" y="{plot_top}" width="{WIDTH}" height="{PLOT}" fill="none" stroke="#999"/>"##
    );
    for (colour, value) in [
        (
            "#1f5fbf",
            &(|s: &Sample| s.vel) as &dyn Fn(&Sample) -> Option<f32>,
        ),
        ("#417505", &speed),
    ] {
        let mut points = String::new();
        for s in &timed {
            let Some(v) = value(s).filter(|v| v.is_finite()) else {
                continue;
            };
            let y = plot_top + PLOT - f64::from(v / max) * PLOT;
            let _ = write!(points, "{:.2},{y:.2} {:.2},{y:.2} ", x(s.t0), x(s.t1));
        }
        let _ = writeln!(
            svg,
            r#"<polyline points="{points}" fill="none" stroke="{colour}" stroke-width="1.5"/>"#
        );
    }
    let _ = writeln!(
        svg,
        r#"<text x="{LEFT}" y="{0:.1}">0 s</text><text x="{1}" y="{0:.1}" text-anchor="end">{t_end:.3} s</text>"#,
        plot_top + PLOT + 16.0,
        LEFT + WIDTH
    );
    svg.push_str("</svg>\n");
    svg
}

/// Runs the command.
pub fn run(args: Args) -> anyhow::Result<()> {
    let (title, text) = match &args.file {
        Some(p) => (
            p.display().to_string(),
            std::fs::read_to_string(p).with_context(|| format!("cannot read {}", p.display()))?,
        ),
        None => {
            let mut t = DEMO.to_string();
            t.push_str(&"tick 0.033333335\n".repeat(30));
            (
                "built-in walk: Ready→Walk link into WalkForward at 30 Hz".into(),
                t,
            )
        }
    };
    let outcome = crate::scenario::run_text(&text);
    if let Some(err) = &outcome.error {
        eprintln!("warning: {err} (timeline drawn up to that line)");
    }
    let svg = render(&title, &samples(&outcome.stdout));
    match &args.out {
        Some(p) => std::fs::write(p, svg).with_context(|| format!("cannot write {}", p.display())),
        None => {
            print!("{svg}");
            Ok(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn samples_follow_the_trace() {
        let trace = "step 1: object\n  seq nodes=0 first_cyclic=-1 curr=-1 frame=0 vel=0,0,0 omega=0,0,0\n\
step 2: update 0.1\n  event anim_hook Sound:Forward\n  offset origin=0,0.3,0 orient=1,0,0,0\n  seq nodes=1 first_cyclic=0 curr=0 frame=3 vel=0,4,0 omega=0,0,0\n  node 0 anim=0x03000002 fps=30 lo=0 hi=7\n";
        let s = samples(trace);
        assert_eq!(s.len(), 2);
        assert_eq!((s[0].t0, s[0].t1), (0.0, 0.0));
        assert!((s[1].t1 - 0.1).abs() < 1e-9);
        assert_eq!(s[1].nodes, [0x0300_0002]);
        assert_eq!(s[1].curr, Some(0));
        assert_eq!(s[1].vel, Some(4.0));
        assert_eq!(s[1].hooks, ["Sound:Forward"]);
        assert!((s[1].moved.unwrap_or(0.0) - 0.3).abs() < 1e-6);
        let svg = render("t", &s);
        assert!(svg.contains("0x03000002") && svg.contains("playing, frame 3"));
    }
}
