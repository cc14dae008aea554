//! `cargo xtask timeline [FILE.scn] [-o OUT.svg]`: a sequence's node list over time, as SVG.
//!
//! A trace says *what* the sequence holds after every step; the timeline shows *when*: one row
//! per anim-list node with a bar while it is under the play head, hook ticks at the time they
//! were collected (up = Forward, down = Backward, full = Both / AnimationDone), and the root
//! motion speed of each update (|offset origin| / dt) as a line underneath.
//!
//! Input is a scenario file of the conformance format, read with the runner's own parser
//! (`scenario::defs`, `scenario::steps`). Only the sequence-level steps are played here
//! (`object`, `seq_*`, `update`, `tick`, `process_hooks`), straight on an
//! `ac_sequence::Sequence`; steps of other layers are skipped and counted in the caption.
//! Without a file, a built-in walk (a 4-frame link into an 8-frame walk cycle with root
//! motion) is drawn.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::PathBuf;
use std::sync::Arc;

use ac_dat::{AnimData, Animation, AnimationFrame, AnimationHook, Frame, HookData};
use ac_sequence::{AnimationCache, NodeId, Sequence};
use anyhow::Context as _;
use glam::{Quat, Vec3};

use crate::scenario::defs::{Definitions, is_definition, parse_def};
use crate::scenario::lexer::tokenize;
use crate::scenario::steps::{Step, parse_step};

/// Command-line arguments.
#[derive(clap::Args)]
pub struct Args {
    /// A scenario file; its sequence steps are played (default: a built-in walk).
    pub file: Option<PathBuf>,
    /// Where to write the SVG (default: standard output).
    #[arg(short, long)]
    pub out: Option<PathBuf>,
}

/// One played update: its time span, where the head ended, root motion and hooks.
struct Sample {
    t0: f64,
    t1: f64,
    /// (node, anim id) under the head at the end of the update.
    node: Option<(NodeId, u32)>,
    frame: f32,
    speed: Option<f32>,
    hooks: Vec<AnimationHook>,
}

/// Everything recorded while playing the script.
#[derive(Default)]
struct Recording {
    samples: Vec<Sample>,
    /// Row order: nodes in the order they first played (node handle → (row, anim id)).
    rows: BTreeMap<NodeId, (usize, u32)>,
    skipped: usize,
    title: String,
}

impl Recording {
    fn play(&mut self, seq: &mut Sequence, clock: &mut f64, dt: f32, frame: bool) {
        let mut offset = Frame::IDENTITY;
        let mut hooks = Vec::new();
        seq.update(dt, frame.then_some(&mut offset), Some(&mut hooks));
        let node = seq.curr_anim().zip(seq.curr_node().map(|n| n.anim_id()));
        if let Some((id, anim)) = node {
            let next = self.rows.len();
            self.rows.entry(id).or_insert((next, anim));
        }
        let t0 = *clock;
        *clock += f64::from(dt);
        let speed = (frame && dt != 0.0).then(|| offset.origin.length() / dt.abs());
        self.samples.push(Sample {
            t0,
            t1: *clock,
            node,
            frame: seq.frame_number(),
            speed,
            hooks,
        });
    }
}

fn demo() -> Recording {
    let step = Frame {
        origin: Vec3::new(0.0, 0.39, 0.0),
        orientation: Quat::IDENTITY,
    };
    let mut walk_pos = vec![Frame::IDENTITY; 8];
    walk_pos[0] = step;
    walk_pos[4] = step;
    let mut walk_frames = vec![AnimationFrame::default(); 8];
    for i in [1usize, 5] {
        // A footstep sound on each foot fall.
        walk_frames[i].hooks.push(AnimationHook {
            direction: ac_dat::HOOK_DIR_FORWARD,
            data: HookData::Sound {
                sound_id: 0x0A00_0001,
            },
        });
    }
    let cache: AnimationCache = [
        Animation {
            id: 0x0300_0010,
            part_frames: vec![AnimationFrame::default(); 4],
            ..Animation::default()
        },
        Animation {
            id: 0x0300_0002,
            flags: 1,
            num_parts: 0,
            pos_frames: walk_pos,
            part_frames: walk_frames,
        },
    ]
    .into_iter()
    .collect();
    let mut seq = Sequence::new(Arc::new(cache));
    seq.append_animation(&AnimData::new(0x0300_0010));
    seq.append_animation(&AnimData::new(0x0300_0002));
    seq.set_velocity(Vec3::new(0.0, 3.12, 0.0));
    let mut rec = Recording {
        title: "built-in walk: Ready→Walk link (4 frames) into WalkForward (8 frames), 30 Hz"
            .to_string(),
        ..Recording::default()
    };
    let mut clock = 0.0;
    for _ in 0..30 {
        rec.play(&mut seq, &mut clock, 1.0 / 30.0, true);
    }
    rec
}

fn from_scenario(path: &PathBuf) -> anyhow::Result<Recording> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    let mut defs = Definitions::default();
    let mut seq: Option<Sequence> = None;
    let mut rec = Recording {
        title: path.display().to_string(),
        ..Recording::default()
    };
    let mut clock = 0.0f64;
    for (i, line) in text.lines().enumerate() {
        let tokens = tokenize(line);
        let Some((&kw, rest)) = tokens.split_first() else {
            continue;
        };
        let at = |e: String| anyhow::anyhow!("scenario line {}: {e}", i + 1);
        if is_definition(kw) {
            defs.apply(parse_def(kw, rest).map_err(at)?).map_err(at)?;
            continue;
        }
        let step = parse_step(kw, rest).map_err(at)?;
        if let Step::Object { .. } = step {
            let cache: AnimationCache = defs.data_set().anims.into_values().collect();
            seq = Some(Sequence::new(Arc::new(cache)));
            continue;
        }
        let Some(s) = seq.as_mut() else {
            rec.skipped += 1;
            continue;
        };
        match step {
            Step::SeqAppend(d) => {
                s.append_animation(&d);
            }
            Step::SeqClearAnimations => s.clear_animations(),
            Step::SeqClearPhysics => s.clear_physics(),
            Step::SeqRemoveCyclicAnims => s.remove_cyclic_anims(),
            Step::SeqRemoveLinkAnimations(n) => s.remove_link_animations(n),
            Step::SeqRemoveAllLinkAnimations => s.remove_all_link_animations(),
            Step::SeqMultiplyCyclicFramerate(r) => s.multiply_cyclic_animation_framerate(r),
            Step::SeqSetVelocity(v) => s.set_velocity(v),
            Step::SeqSetOmega(w) => s.set_omega(w),
            Step::Update { quantum, frame } => rec.play(s, &mut clock, quantum, frame),
            Step::Tick { quantum } => rec.play(s, &mut clock, quantum, true),
            Step::ProcessHooks | Step::Dump => {}
            _ => rec.skipped += 1,
        }
    }
    Ok(rec)
}

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

fn hook_label(h: &AnimationHook) -> String {
    let dir = ac_dat::hook_direction_name(h.direction).unwrap_or("?");
    format!("{}:{dir}", h.data.name())
}

fn render(rec: &Recording) -> String {
    const LEFT: f64 = 130.0;
    const WIDTH: f64 = 900.0;
    const ROW: f64 = 26.0;
    const TOP: f64 = 50.0;
    const PLOT: f64 = 110.0;
    let t_end = rec.samples.last().map_or(1.0, |s| s.t1.max(s.t0)).max(1e-9);
    let t_start = rec.samples.first().map_or(0.0, |s| s.t0.min(s.t1));
    let span = (t_end - t_start).max(1e-9);
    let x = |t: f64| LEFT + (t - t_start) / span * WIDTH;
    let rows = rec.rows.len().max(1);
    let plot_top = TOP + rows as f64 * ROW + 30.0;
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
        esc(&rec.title)
    );
    let _ = writeln!(
        svg,
        r##"<text x="10" y="36" fill="#555">{} updates, {:.4} s{}</text>"##,
        rec.samples.len(),
        span,
        if rec.skipped > 0 {
            format!(", {} non-sequence steps skipped", rec.skipped)
        } else {
            String::new()
        }
    );
    for (id, (row, anim)) in &rec.rows {
        let y = TOP + *row as f64 * ROW;
        let _ = writeln!(
            svg,
            r#"<text x="10" y="{}">node {row} 0x{anim:08X}</text>"#,
            y + ROW * 0.6
        );
        let _ = writeln!(
            svg,
            r##"<line x1="{LEFT}" y1="{0}" x2="{1}" y2="{0}" stroke="#ddd"/>"##,
            y + ROW,
            LEFT + WIDTH
        );
        for s in rec
            .samples
            .iter()
            .filter(|s| s.node.map(|n| n.0) == Some(*id))
        {
            let (a, b) = (x(s.t0.min(s.t1)), x(s.t0.max(s.t1)));
            let _ = writeln!(
                svg,
                r##"<rect x="{a:.2}" y="{:.2}" width="{:.2}" height="{:.2}" fill="#4a90d9"><title>t={:.4}..{:.4} frame {}</title></rect>"##,
                y + 4.0,
                (b - a).max(0.5),
                ROW - 8.0,
                s.t0,
                s.t1,
                s.frame
            );
        }
    }
    // Hook ticks on the row of the node that was current at the end of the update.
    for s in &rec.samples {
        let Some((id, _)) = s.node else { continue };
        let Some(&(row, _)) = rec.rows.get(&id) else {
            continue;
        };
        let y = TOP + row as f64 * ROW;
        for (k, h) in s.hooks.iter().enumerate() {
            let hx = x(s.t1) - k as f64 * 3.0;
            let (y1, y2, colour) = match h.direction {
                1 => (y, y + ROW / 2.0, "#d0021b"),
                -1 => (y + ROW / 2.0, y + ROW, "#7b1fa2"),
                _ => (y, y + ROW, "#f5a623"),
            };
            let _ = writeln!(
                svg,
                r#"<line x1="{hx:.2}" y1="{y1:.2}" x2="{hx:.2}" y2="{y2:.2}" stroke="{colour}" stroke-width="2"><title>{}</title></line>"#,
                esc(&hook_label(h))
            );
        }
    }
    // Root-motion speed per update.
    let max_speed = rec
        .samples
        .iter()
        .filter_map(|s| s.speed)
        .filter(|v| v.is_finite())
        .fold(0.0f32, f32::max)
        .max(1e-6);
    let _ = writeln!(
        svg,
        r##"<text x="10" y="{}">speed (m/s)</text><text x="10" y="{}" fill="#555">max {max_speed}</text>"##,
        plot_top + 12.0,
        plot_top + 26.0
    );
    let _ = writeln!(
        svg,
        r##"<rect x="{LEFT}" y="{plot_top}" width="{WIDTH}" height="{PLOT}" fill="none" stroke="#999"/>"##
    );
    let mut points = String::new();
    for s in &rec.samples {
        let Some(v) = s.speed.filter(|v| v.is_finite()) else {
            continue;
        };
        let y = plot_top + PLOT - f64::from(v / max_speed) * PLOT;
        let _ = write!(points, "{:.2},{y:.2} {:.2},{y:.2} ", x(s.t0), x(s.t1));
    }
    let _ = writeln!(
        svg,
        r##"<polyline points="{points}" fill="none" stroke="#417505" stroke-width="1.5"/>"##
    );
    let _ = writeln!(
        svg,
        r#"<text x="{LEFT}" y="{}">{t_start:.3} s</text><text x="{}" y="{}" text-anchor="end">{t_end:.3} s</text>"#,
        plot_top + PLOT + 16.0,
        LEFT + WIDTH,
        plot_top + PLOT + 16.0
    );
    svg.push_str("</svg>\n");
    svg
}

/// Runs the command.
pub fn run(args: Args) -> anyhow::Result<()> {
    let rec = match &args.file {
        Some(p) => from_scenario(p)?,
        None => demo(),
    };
    let svg = render(&rec);
    match &args.out {
        Some(p) => std::fs::write(p, svg).with_context(|| format!("cannot write {}", p.display())),
        None => {
            print!("{svg}");
            Ok(())
        }
    }
}
