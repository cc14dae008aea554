//! A creature chases a walking target across a world, turning, running, arriving and sticking,
//! drawn as an SVG top view with time marks.
//!
//! `cargo run -p ac-physobj --example chase [OUT.svg]` writes `target/chase.svg` by default.
//! Two objects share a [`World`] ticked at 30 Hz: a *runner* walks a curve and stops; a
//! *chaser* is told to move to it (always running, sticky). A move to an object ends at the
//! target's last *reported* position, which trails a walking target, so — like a server's AI —
//! the example re-issues the move until the chaser arrives for real; the sticky move then
//! pulls it against the runner for a second. Tables and animations are `ac_testkit::synthetic`,
//! not retail data.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::sync::Arc;

use ac_physobj::prelude::*;
use ac_physobj::{MoveToOptions, ObjectId};
use ac_testkit::synthetic;

const CHASER_ID: u32 = 0x5000_0001;
const RUNNER_ID: u32 = 0x8000_0010;
const DT: f64 = 1.0 / 30.0;
const SECONDS: f64 = 14.0;
/// Closer than this (between centres) the chaser has really caught up.
const CAUGHT: f32 = 2.0;

fn creature(
    source: &Arc<dyn AnimationSource>,
    table: &Arc<MotionTable>,
    id: u32,
    at: Vec3,
    run_rate: f32,
) -> PhysicsObjBuilder {
    PhysicsObj::builder()
        .motion_table(Arc::clone(table))
        .animations(Arc::clone(source))
        .weenie(ConfigWeenie {
            run_rate: Some(run_rate),
            ..ConfigWeenie::default()
        })
        .id(id)
        .cylinder(0.5, 1.8)
        .position(Position::new(
            0xA9B4_0021,
            Frame {
                origin: at,
                orientation: Quat::IDENTITY,
            },
        ))
}

/// One recorded tick.
struct Sample {
    t: f32,
    chaser: Vec3,
    heading: f32,
    runner: Vec3,
    stuck: bool,
}

/// Something worth a marker on the picture.
struct Mark {
    t: f32,
    at: Vec3,
    what: &'static str,
}

/// Chase: always run, and stick to the runner on arrival.
fn chase_options() -> MoveToOptions {
    MoveToOptions::default().run_only().sticky(true)
}

fn issue_chase(w: &mut World, chaser: ObjectId, runner: ObjectId) {
    if let Err(e) = w.move_to_object(chaser, runner, chase_options()) {
        eprintln!("the chase was refused: {e}");
        std::process::exit(1);
    }
}

fn main() {
    let out = std::env::args()
        .nth(1)
        .map_or_else(default_out, PathBuf::from);
    let source: Arc<dyn AnimationSource> = Arc::new(
        synthetic::animations()
            .into_iter()
            .collect::<AnimationCache>(),
    );
    let table = Arc::new(synthetic::humanoid_table());
    let mut w = World::new(Rules::ace());
    let mut spawn = |id, at, run_rate| match w.spawn(creature(&source, &table, id, at, run_rate)) {
        Ok(key) => key,
        Err(e) => {
            eprintln!("could not build a creature: {e}");
            std::process::exit(1);
        }
    };
    let chaser = spawn(CHASER_ID, Vec3::new(100.0, 100.0, 0.0), 1.5);
    let runner = spawn(RUNNER_ID, Vec3::new(114.0, 104.0, 0.0), 1.0);

    let walk = MovementParameters::default();
    let turn = MovementParameters {
        hold_key_to_apply: HoldKey::None,
        ..MovementParameters::default()
    };
    // The runner's script: (time, what it does).
    type Step =
        fn(&mut PhysicsObj, &MovementParameters, &MovementParameters) -> Result<(), WeenieError>;
    let script: [(f64, Step); 6] = [
        (0.0, |o, w, _| {
            o.set_heading(60.0);
            o.do_motion(motion::WALK_FORWARD, w)
        }),
        (2.0, |o, _, t| o.do_motion(motion::TURN_LEFT, t)),
        (3.6, |o, _, t| o.stop_motion(motion::TURN_LEFT, t)),
        (5.5, |o, _, t| o.do_motion(motion::TURN_RIGHT, t)),
        (6.4, |o, _, t| o.stop_motion(motion::TURN_RIGHT, t)),
        (8.0, |o, w, _| o.stop_motion(motion::WALK_FORWARD, w)),
    ];

    let mut samples = Vec::new();
    let mut marks = Vec::new();
    let mut next = 0;
    let mut moves = 0;
    let mut caught_at = None;
    let steps = (SECONDS / DT).round() as usize;
    for i in 0..=steps {
        let t = i as f64 * DT;
        while next < script.len() && t >= script[next].0 {
            if let Some(Err(e)) = w.with_object(runner, |o| (script[next].1)(o, &walk, &turn)) {
                eprintln!("the runner refused its motion: {e}");
            }
            next += 1;
        }
        if i == 15 {
            issue_chase(&mut w, chaser, runner);
            moves += 1;
            marks.push(Mark {
                t: t as f32,
                at: w[chaser].position().frame.origin,
                what: "move_to_object",
            });
        }
        if let Err(e) = w.step(DT) {
            eprintln!("bad step: {e}");
            std::process::exit(1);
        }
        let mut ends = Vec::new();
        w.drain_move_completions(&mut ends);
        let gap = w[chaser].position().distance(w[runner].position());
        for (_, end) in ends {
            let at = w[chaser].position().frame.origin;
            if end.arrived() && gap > CAUGHT {
                // Arrived where the runner *was* reported: chase again.
                marks.push(Mark {
                    t: t as f32,
                    at,
                    what: "re-issued",
                });
                issue_chase(&mut w, chaser, runner);
                moves += 1;
            } else if caught_at.is_none() {
                caught_at = Some(t);
                marks.push(Mark {
                    t: t as f32,
                    at,
                    what: "arrived, sticks",
                });
            }
        }
        let stuck = w[chaser]
            .position_manager()
            .is_some_and(|pm| pm.sticky_object_id() != 0);
        if samples.last().is_some_and(|p: &Sample| p.stuck && !stuck) {
            marks.push(Mark {
                t: t as f32,
                at: w[chaser].position().frame.origin,
                what: "lets go (1 s sticky timeout)",
            });
        }
        samples.push(Sample {
            t: t as f32,
            chaser: w[chaser].position().frame.origin,
            heading: w[chaser].heading(),
            runner: w[runner].position().frame.origin,
            stuck,
        });
    }

    let svg = render(&samples, &marks);
    if let Some(dir) = out.parent() {
        let _ = std::fs::create_dir_all(dir);
    }
    if let Err(e) = std::fs::write(&out, svg) {
        eprintln!("cannot write {}: {e}", out.display());
        std::process::exit(1);
    }
    let last = samples
        .last()
        .map_or(0.0, |s| (s.chaser - s.runner).length());
    println!(
        "wrote {}: {} samples, {moves} moves, caught at {}, final gap {last:.2} m",
        out.display(),
        samples.len(),
        caught_at.map_or_else(|| "never".to_string(), |t| format!("{t:.2} s"))
    );
}

fn default_out() -> PathBuf {
    let target = std::env::var_os("CARGO_TARGET_DIR").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target"),
        PathBuf::from,
    );
    target.join("chase.svg")
}

/// The top view: both paths, a dot per second on each with the gap between them, the
/// chaser's facing at each second, and the marks.
fn render(s: &[Sample], marks: &[Mark]) -> String {
    const W: f32 = 1100.0;
    const H: f32 = 820.0;
    const PAD: f32 = 60.0;
    let (mut lo, mut hi) = (Vec3::splat(f32::MAX), Vec3::splat(f32::MIN));
    for p in s.iter().flat_map(|p| [p.chaser, p.runner]) {
        lo = lo.min(p);
        hi = hi.max(p);
    }
    let span = (hi - lo).max(Vec3::splat(1.0));
    let scale = ((W - 2.0 * PAD) / span.x).min((H - 2.0 * PAD - 40.0) / span.y);
    // World +Y (north) is up on the page.
    let px = |v: Vec3| (PAD + (v.x - lo.x) * scale, H - PAD - (v.y - lo.y) * scale);

    let mut svg = String::new();
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" font-family="sans-serif">"#
    );
    let _ = writeln!(svg, r##"<rect width="{W}" height="{H}" fill="#fdfdfb"/>"##);
    let _ = writeln!(
        svg,
        r#"<text x="{PAD}" y="28" font-size="17">chase: move_to_object, re-issued until caught, then sticky (synthetic humanoid, 30 Hz, top view, north up)</text>"#
    );
    // A 1 m grid every 5 m.
    let step = 5.0;
    let mut gx = (lo.x / step).floor() * step;
    while gx <= hi.x {
        let (x, _) = px(Vec3::new(gx, lo.y, 0.0));
        let _ = writeln!(
            svg,
            r##"<line x1="{x:.1}" y1="{:.1}" x2="{x:.1}" y2="{:.1}" stroke="#eee"/><text x="{:.1}" y="{:.1}" font-size="9" fill="#aaa">{gx}</text>"##,
            PAD,
            H - PAD,
            x + 2.0,
            H - PAD + 12.0
        );
        gx += step;
    }
    let mut gy = (lo.y / step).floor() * step;
    while gy <= hi.y {
        let (_, y) = px(Vec3::new(lo.x, gy, 0.0));
        let _ = writeln!(
            svg,
            r##"<line x1="{PAD}" y1="{y:.1}" x2="{:.1}" y2="{y:.1}" stroke="#eee"/><text x="{:.1}" y="{:.1}" font-size="9" fill="#aaa">{gy}</text>"##,
            W - PAD,
            PAD - 40.0,
            y - 2.0
        );
        gy += step;
    }
    let path = |pts: &mut dyn Iterator<Item = Vec3>| {
        let mut d = String::new();
        for (i, p) in pts.enumerate() {
            let (x, y) = px(p);
            let _ = write!(d, "{}{x:.1},{y:.1} ", if i == 0 { "M" } else { "L" });
        }
        d
    };
    let _ = writeln!(
        svg,
        r##"<path d="{}" fill="none" stroke="#e67e22" stroke-width="2.5"/>"##,
        path(&mut s.iter().map(|p| p.runner))
    );
    let _ = writeln!(
        svg,
        r##"<path d="{}" fill="none" stroke="#2471a3" stroke-width="2.5"/>"##,
        path(&mut s.iter().map(|p| p.chaser))
    );
    // Stuck: the pull moves the chaser very little, so ring where it stuck as well.
    let stuck: Vec<Vec3> = s.iter().filter(|p| p.stuck).map(|p| p.chaser).collect();
    if let Some(&first) = stuck.first() {
        let (x, y) = px(first);
        let _ = writeln!(
            svg,
            r##"<circle cx="{x:.1}" cy="{y:.1}" r="11" fill="none" stroke="#27ae60" stroke-width="3"/>"##
        );
        let _ = writeln!(
            svg,
            r##"<path d="{}" fill="none" stroke="#27ae60" stroke-width="6" stroke-opacity="0.6"/>"##,
            path(&mut stuck.into_iter())
        );
    }
    // Second marks: the gap, both positions, the chaser's facing — once both have stopped,
    // only the first of the marks that would pile up on the same spot.
    let mut last: Option<(Vec3, Vec3)> = None;
    for p in s.iter().filter(|p| (p.t * 30.0).round() as i32 % 30 == 0) {
        if let Some((c, r)) = last
            && (p.chaser - c).length() < 0.8
            && (p.runner - r).length() < 0.8
        {
            continue;
        }
        last = Some((p.chaser, p.runner));
        let (cx, cy) = px(p.chaser);
        let (rx, ry) = px(p.runner);
        let _ = writeln!(
            svg,
            r##"<line x1="{cx:.1}" y1="{cy:.1}" x2="{rx:.1}" y2="{ry:.1}" stroke="#bbb" stroke-dasharray="4,3"/>"##
        );
        let h = p.heading.to_radians();
        let (hx, hy) = (cx + 16.0 * h.sin(), cy - 16.0 * h.cos());
        let _ = writeln!(
            svg,
            r##"<line x1="{cx:.1}" y1="{cy:.1}" x2="{hx:.1}" y2="{hy:.1}" stroke="#1b4f72" stroke-width="2"/>"##
        );
        let _ = writeln!(
            svg,
            r##"<circle cx="{cx:.1}" cy="{cy:.1}" r="4" fill="#2471a3"/><circle cx="{rx:.1}" cy="{ry:.1}" r="4" fill="#e67e22"/>"##
        );
        let _ = writeln!(
            svg,
            r##"<text x="{:.1}" y="{:.1}" font-size="11" fill="#1b4f72">{:.0}s</text><text x="{:.1}" y="{:.1}" font-size="11" fill="#a04000">{:.0}s</text>"##,
            cx - 22.0,
            cy + 14.0,
            p.t,
            rx + 6.0,
            ry - 6.0,
            p.t
        );
    }
    for (i, m) in marks.iter().enumerate() {
        let (x, y) = px(m.at);
        // Marks close together (the arrival and the release) stack their labels.
        let y_text = y + 18.0 + 20.0 * (i.saturating_sub(marks.len() - 2) as f32);
        let _ = writeln!(
            svg,
            r##"<rect x="{:.1}" y="{:.1}" width="10" height="10" fill="none" stroke="#c0392b" stroke-width="2"/><text x="{:.1}" y="{:.1}" font-size="12" fill="#c0392b">{} @ {:.2}s</text>"##,
            x - 5.0,
            y - 5.0,
            x + 8.0,
            y_text,
            m.what,
            m.t
        );
    }
    // Legend.
    let ly = H - 22.0;
    for (i, (colour, name)) in [
        ("#2471a3", "chaser (runs, facing ticks each second)"),
        ("#e67e22", "runner (walks a curve, stops at 8 s)"),
        ("#27ae60", "chaser stuck to the runner (sticky, 1 s)"),
        ("#bbb", "gap at each second"),
    ]
    .iter()
    .enumerate()
    {
        let x = PAD + i as f32 * 260.0;
        let _ = writeln!(
            svg,
            r#"<line x1="{x}" y1="{ly}" x2="{}" y2="{ly}" stroke="{colour}" stroke-width="4"/><text x="{}" y="{}" font-size="12">{name}</text>"#,
            x + 22.0,
            x + 28.0,
            ly + 4.0
        );
    }
    let _ = writeln!(svg, "</svg>");
    svg
}
