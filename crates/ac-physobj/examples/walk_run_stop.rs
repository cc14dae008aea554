//! Walk → run → turn → stop on the synthetic humanoid table, plotted as an SVG.
//!
//! `cargo run -p ac-physobj --example walk_run_stop [OUT.svg]` simulates one creature on flat
//! ground (no collision: the builder stands it on a contact plane) at 30 Hz and writes three
//! panels — position (x, y), speed and heading over time — to `OUT.svg` (default
//! `walk_run_stop.svg`). The table and animations are `ac_testkit::synthetic`, not retail data.

use std::fmt::Write as _;
use std::sync::Arc;

use ac_physobj::prelude::*;

const DT: f64 = 1.0 / 30.0;

struct Sample {
    t: f32,
    x: f32,
    y: f32,
    speed: f32,
    heading: f32,
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let out = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "walk_run_stop.svg".to_string());
    // Synthetic data, built in memory (a real program opens a DAT with `PortalDat::open`).
    let anims: AnimationCache = ac_testkit::synthetic::animations().into_iter().collect();
    let mut world = World::new(Rules::default());
    let id = world.spawn(
        PhysicsObj::builder()
            .motion_table(ac_testkit::synthetic::humanoid_table())
            .animations(Arc::new(anims))
            .weenie(ConfigWeenie {
                run_rate: Some(1.5),
                ..ConfigWeenie::default()
            }),
    )?;

    let walk = MovementParameters::default();
    let run = MovementParameters {
        hold_key_to_apply: HoldKey::Run,
        ..MovementParameters::default()
    };
    // (time, label, action)
    type Action =
        fn(&mut PhysicsObj, &MovementParameters, &MovementParameters) -> Result<(), WeenieError>;
    let script: [(f32, &str, Action); 6] = [
        (0.5, "walk", |o, w, _| o.do_motion(motion::WALK_FORWARD, w)),
        (2.5, "run", |o, _, r| o.do_motion(motion::WALK_FORWARD, r)),
        (4.5, "turn", |o, _, r| o.do_motion(motion::TURN_RIGHT, r)),
        (6.0, "straight", |o, _, r| {
            o.stop_motion(motion::TURN_RIGHT, r)
        }),
        (7.0, "walk", |o, w, _| o.do_motion(motion::WALK_FORWARD, w)),
        (8.5, "stop", |o, w, _| {
            o.stop_motion(motion::WALK_FORWARD, w)
        }),
    ];
    let mut samples = Vec::new();
    let mut next = 0;
    let steps = (10.0 / DT) as usize;
    let mut last = world[id].position().frame.origin;
    for i in 0..=steps {
        let t = (i as f64 * DT) as f32;
        while next < script.len() && t >= script[next].0 {
            (script[next].2)(&mut world[id], &walk, &run)?;
            next += 1;
        }
        world.step(DT)?;
        let o = &world[id];
        let p = o.position().frame.origin;
        samples.push(Sample {
            t,
            x: p.x,
            y: p.y,
            speed: (p - last).length() / DT as f32,
            heading: o.heading(),
        });
        last = p;
    }
    let marks: Vec<(f32, &str)> = script.iter().map(|s| (s.0, s.1)).collect();
    std::fs::write(&out, render(&samples, &marks))
        .map_err(|e| format!("cannot write {out}: {e}"))?;
    let end = samples.last().map_or((0.0, 0.0), |s| (s.x, s.y));
    println!(
        "wrote {out}: {} samples, final position {:.2},{:.2}, final heading {:.1}",
        samples.len(),
        end.0,
        end.1,
        world[id].heading()
    );
    Ok(())
}

/// A named, coloured polyline of (t, value) points.
type Series<'a> = (&'a str, &'a str, Vec<(f32, f32)>);

/// One panel: series of (t, value) polylines with their colours and a title.
fn panel(svg: &mut String, top: f32, title: &str, series: &[Series<'_>], marks: &[(f32, &str)]) {
    const LEFT: f32 = 60.0;
    const W: f32 = 840.0;
    const H: f32 = 160.0;
    let (mut lo, mut hi) = (f32::MAX, f32::MIN);
    for (_, _, pts) in series {
        for &(_, v) in pts {
            lo = lo.min(v);
            hi = hi.max(v);
        }
    }
    if hi - lo < 1e-3 {
        hi = lo + 1.0;
    }
    let tmax = series
        .iter()
        .flat_map(|s| s.2.iter().map(|p| p.0))
        .fold(0.0f32, f32::max)
        .max(1e-3);
    let sx = |t: f32| LEFT + t / tmax * W;
    let sy = |v: f32| top + H - (v - lo) / (hi - lo) * H;
    let _ = writeln!(
        svg,
        r##"<rect x="{LEFT}" y="{top}" width="{W}" height="{H}" fill="none" stroke="#999"/>"##
    );
    let _ = writeln!(
        svg,
        r#"<text x="{LEFT}" y="{}" font-size="13">{title}</text>"#,
        top - 6.0
    );
    let _ = writeln!(
        svg,
        r#"<text x="4" y="{}" font-size="10">{hi:.1}</text><text x="4" y="{}" font-size="10">{lo:.1}</text>"#,
        top + 10.0,
        top + H
    );
    for &(t, label) in marks {
        let x = sx(t);
        let _ = writeln!(
            svg,
            r##"<line x1="{x}" y1="{top}" x2="{x}" y2="{}" stroke="#ccc" stroke-dasharray="3,3"/><text x="{}" y="{}" font-size="9" fill="#666">{label}</text>"##,
            top + H,
            x + 2.0,
            top + 10.0
        );
    }
    let mut legend_x = LEFT + W - 160.0;
    for (name, colour, pts) in series {
        let mut d = String::new();
        for (i, &(t, v)) in pts.iter().enumerate() {
            let _ = write!(
                d,
                "{}{:.2},{:.2} ",
                if i == 0 { "M" } else { "L" },
                sx(t),
                sy(v)
            );
        }
        let _ = writeln!(
            svg,
            r#"<path d="{d}" fill="none" stroke="{colour}" stroke-width="1.5"/>"#
        );
        let _ = writeln!(
            svg,
            r#"<text x="{legend_x}" y="{}" font-size="11" fill="{colour}">{name}</text>"#,
            top + H - 6.0
        );
        legend_x += 70.0;
    }
}

fn render(s: &[Sample], marks: &[(f32, &str)]) -> String {
    let mut svg = String::new();
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="920" height="640" font-family="sans-serif">"#
    );
    let _ = writeln!(
        svg,
        r#"<text x="60" y="20" font-size="15">walk → run → turn → stop (synthetic humanoid, 30 Hz, no collision)</text>"#
    );
    let x0 = s.first().map_or(0.0, |p| p.x);
    let y0 = s.first().map_or(0.0, |p| p.y);
    panel(
        &mut svg,
        50.0,
        "position (m, relative to start)",
        &[
            ("x", "#c0392b", s.iter().map(|p| (p.t, p.x - x0)).collect()),
            ("y", "#2471a3", s.iter().map(|p| (p.t, p.y - y0)).collect()),
        ],
        marks,
    );
    panel(
        &mut svg,
        250.0,
        "speed (m/s, per slice)",
        &[(
            "speed",
            "#1e8449",
            s.iter().map(|p| (p.t, p.speed)).collect(),
        )],
        marks,
    );
    panel(
        &mut svg,
        450.0,
        "heading (degrees, 0 = +Y, clockwise)",
        &[(
            "heading",
            "#7d3c98",
            s.iter().map(|p| (p.t, p.heading)).collect(),
        )],
        marks,
    );
    let _ = writeln!(svg, "</svg>");
    svg
}
