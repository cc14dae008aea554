//! Walk → run → turn → stop on the synthetic humanoid table, plotted as an SVG.
//!
//! `cargo run -p ac-physobj --example walk_run_stop [OUT.svg]` simulates one creature on flat
//! ground (no collision: the builder stands it on a contact plane) at 30 Hz, records it with a
//! [`Recorder`], and plots four panels against time — position, ground speed, heading
//! (unwrapped: a turn through north keeps counting) and the path seen from above — to `OUT.svg`
//! (default: `walk_run_stop.svg` in the cargo target directory). The table and animations are
//! `ac_testkit::synthetic`, not retail data.
//!
//! The plot uses `plotters` (SVG backend): line charts with axes, ticks and legends are what it
//! is for.

use std::path::PathBuf;
use std::sync::Arc;

use ac_physobj::prelude::*;
use ac_physobj::recording::{Recorder, Recording};
use plotters::coord::Shift;
use plotters::prelude::*;

const DT: f64 = 1.0 / 30.0;
const SECONDS: f64 = 10.0;
/// The time axes start this far before 0, so the time label "0.0" stands clear of the value
/// axis and its own "0" label instead of touching them at the origin.
const T_MARGIN: f64 = 0.25;

/// What the creature is told, and when.
type Action =
    fn(&mut PhysicsObj, &MovementParameters, &MovementParameters) -> Result<(), WeenieError>;

const SCRIPT: [(f64, &str, Action); 6] = [
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

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let out = std::env::args()
        .nth(1)
        .map_or_else(default_output, PathBuf::from);
    let recording = simulate()?;
    let svg = plot(&recording)?;
    std::fs::write(&out, svg).map_err(|e| format!("cannot write {}: {e}", out.display()))?;
    let last = recording.samples.last().ok_or("no samples")?;
    println!(
        "wrote {}: {} samples, final position {:.2},{:.2}, final heading {:.1}",
        out.display(),
        recording.samples.len(),
        last.origin.x,
        last.origin.y,
        last.heading
    );
    Ok(())
}

/// `walk_run_stop.svg` in the cargo target directory this example was built into (the
/// executable lives in `<target>/<profile>/examples/`), or in the temporary directory.
fn default_output() -> PathBuf {
    let target = std::env::current_exe().ok().and_then(|exe| {
        let examples = exe.parent()?;
        let profile = examples.parent()?;
        Some(profile.parent()?.to_path_buf())
    });
    target
        .unwrap_or_else(std::env::temp_dir)
        .join("walk_run_stop.svg")
}

/// Runs the script and records the creature.
fn simulate() -> Result<Recording, Box<dyn std::error::Error>> {
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
    let mut recorder = Recorder::start(&mut world[id]);
    let mut next = 0;
    let steps = (SECONDS / DT).round() as usize;
    for i in 0..steps {
        let t = i as f64 * DT;
        while next < SCRIPT.len() && t + 1e-9 >= SCRIPT[next].0 {
            (SCRIPT[next].2)(&mut world[id], &walk, &run)?;
            next += 1;
        }
        world.step(DT)?;
        recorder.sample(&world[id]);
    }
    Ok(recorder.finish(&mut world[id]))
}

/// A line of (time, value) points with its name and colour.
struct Series {
    name: &'static str,
    colour: RGBColor,
    points: Vec<(f64, f64)>,
}

/// Draws the four panels into an SVG string.
fn plot(r: &Recording) -> Result<String, Box<dyn std::error::Error>> {
    let t = |i: usize| r.samples[i].time;
    let start = r.samples.first().map_or(Vec3::ZERO, |s| s.origin);
    let position = [
        Series {
            name: "x (east)",
            colour: RGBColor(192, 57, 43),
            points: (0..r.samples.len())
                .map(|i| (t(i), f64::from(r.samples[i].origin.x - start.x)))
                .collect(),
        },
        Series {
            name: "y (north)",
            colour: RGBColor(36, 113, 163),
            points: (0..r.samples.len())
                .map(|i| (t(i), f64::from(r.samples[i].origin.y - start.y)))
                .collect(),
        },
    ];
    let per_step: Vec<(f64, f64)> = r
        .ground_speeds()
        .iter()
        .map(|&(_, t1, v)| (t1, f64::from(v)))
        .collect();
    // The sequence moves the object once per animation frame it crosses, by one frame's worth
    // of velocity (as the reference does). At run rate 1.5 (45 frames a second) a 1/30 s step
    // crosses one frame or two, so the distance per step alternates between 2/3 and 4/3 of the
    // running speed (4 and 8 m/s around 6) although the steps are equally long: the simulation
    // is right, the per-step speed is a sampling effect. The mean is taken over a whole number
    // of frame pairs (12 steps = 0.4 s = 18 frames at 45 per second, 12 at 30), so it shows the
    // speed a player sees without a ripple.
    let window = (0.4 / DT).round() as usize;
    let mean: Vec<(f64, f64)> = (0..per_step.len())
        .map(|i| {
            let from = (i + 1).saturating_sub(window);
            let n = (i + 1 - from) as f64;
            let sum: f64 = per_step[from..=i].iter().map(|p| p.1).sum();
            (per_step[i].0, sum / n)
        })
        .collect();
    let speed = [
        Series {
            name: "per 1/30 s step (1 or 2 frames)",
            colour: RGBColor(160, 205, 175),
            points: per_step,
        },
        Series {
            name: "mean over 0.4 s",
            colour: RGBColor(30, 132, 73),
            points: mean,
        },
    ];
    let heading = [Series {
        name: "heading (unwrapped)",
        colour: RGBColor(125, 60, 152),
        points: r
            .unwrapped_headings()
            .iter()
            .enumerate()
            .map(|(i, &h)| (t(i), f64::from(h)))
            .collect(),
    }];

    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (1000, 1180)).into_drawing_area();
        root.fill(&WHITE)?;
        let root = root.titled(
            "walk → run → turn → stop (synthetic humanoid, 30 Hz, no collision)",
            ("sans-serif", 20),
        )?;
        let (charts, path) = root.split_vertically(830);
        let panels = charts.split_evenly((3, 1));
        use SeriesLabelPosition::{LowerRight, MiddleRight, UpperRight};
        time_panel(
            &panels[0],
            "position relative to the start",
            "m",
            &position,
            UpperRight,
        )?;
        time_panel(&panels[1], "ground speed", "m/s", &speed, MiddleRight)?;
        time_panel(
            &panels[2],
            "heading (0 = north, clockwise; unwrapped)",
            "degrees",
            &heading,
            LowerRight,
        )?;
        path_panel(&path, r)?;
        root.present()?;
    }
    Ok(svg)
}

/// One panel of values over time, with the script's commands as dashed lines.
fn time_panel(
    area: &DrawingArea<SVGBackend<'_>, Shift>,
    title: &str,
    unit: &str,
    series: &[Series],
    legend: SeriesLabelPosition,
) -> Result<(), Box<dyn std::error::Error>> {
    let (mut lo, mut hi) = (f64::MAX, f64::MIN);
    for p in series.iter().flat_map(|s| &s.points) {
        lo = lo.min(p.1);
        hi = hi.max(p.1);
    }
    let pad = ((hi - lo) * 0.08).max(0.5);
    let (lo, hi) = (lo.min(0.0) - pad, hi + pad);
    let mut chart = ChartBuilder::on(area)
        .caption(title, ("sans-serif", 16))
        .margin(8)
        .x_label_area_size(34)
        .y_label_area_size(60)
        .build_cartesian_2d(-T_MARGIN..SECONDS, lo..hi)?;
    chart
        .configure_mesh()
        .x_desc("time (s)")
        .y_desc(unit)
        .light_line_style(RGBColor(238, 238, 238))
        .draw()?;
    // The zero line.
    chart.draw_series(LineSeries::new(
        [(-T_MARGIN, 0.0), (SECONDS, 0.0)],
        BLACK.stroke_width(1),
    ))?;
    for (at, label, _) in SCRIPT {
        chart.draw_series(DashedLineSeries::new(
            [(at, lo), (at, hi)],
            4,
            3,
            RGBColor(150, 150, 150).into(),
        ))?;
        chart.draw_series(std::iter::once(Text::new(
            label,
            (at + 0.05, hi - (hi - lo) * 0.04),
            ("sans-serif", 12).into_font().color(&RGBColor(90, 90, 90)),
        )))?;
    }
    for s in series {
        let colour = s.colour;
        chart
            .draw_series(LineSeries::new(
                s.points.iter().copied(),
                colour.stroke_width(2),
            ))?
            .label(s.name)
            .legend(move |(x, y)| PathElement::new([(x, y), (x + 18, y)], colour.stroke_width(2)));
    }
    chart
        .configure_series_labels()
        .position(legend)
        .background_style(WHITE.mix(0.85))
        .border_style(RGBColor(200, 200, 200))
        .draw()?;
    Ok(())
}

/// The path seen from above, equal scale on both axes.
fn path_panel(
    area: &DrawingArea<SVGBackend<'_>, Shift>,
    r: &Recording,
) -> Result<(), Box<dyn std::error::Error>> {
    let (mut minx, mut maxx, mut miny, mut maxy) = (f64::MAX, f64::MIN, f64::MAX, f64::MIN);
    for s in &r.samples {
        minx = minx.min(f64::from(s.origin.x));
        maxx = maxx.max(f64::from(s.origin.x));
        miny = miny.min(f64::from(s.origin.y));
        maxy = maxy.max(f64::from(s.origin.y));
    }
    // The plot area is about 2.9 times wider than tall: widen x to keep metres square.
    let height = (maxy - miny).max(1.0) * 1.15;
    let width = (height * 2.9).max((maxx - minx) * 1.15);
    let (cx, cy) = ((minx + maxx) / 2.0, (miny + maxy) / 2.0);
    let mut chart = ChartBuilder::on(area)
        .caption("path from above (m; x east, y north)", ("sans-serif", 16))
        .margin(8)
        .x_label_area_size(34)
        .y_label_area_size(60)
        .build_cartesian_2d(
            cx - width / 2.0..cx + width / 2.0,
            cy - height / 2.0..cy + height / 2.0,
        )?;
    chart
        .configure_mesh()
        .x_desc("x (m)")
        .y_desc("y (m)")
        .light_line_style(RGBColor(238, 238, 238))
        .draw()?;
    let blue = RGBColor(59, 125, 216);
    chart
        .draw_series(LineSeries::new(
            r.samples
                .iter()
                .map(|s| (f64::from(s.origin.x), f64::from(s.origin.y))),
            blue.stroke_width(2),
        ))?
        .label("path")
        .legend(move |(x, y)| PathElement::new([(x, y), (x + 18, y)], blue.stroke_width(2)));
    let ends = [r.samples.first(), r.samples.last()];
    // Each end is a series of its own, so the legend names it.
    for (s, (filled, name)) in ends
        .into_iter()
        .flatten()
        .zip([(false, "start"), (true, "end")])
    {
        let at = (f64::from(s.origin.x), f64::from(s.origin.y));
        let style = if filled {
            BLACK.filled()
        } else {
            BLACK.stroke_width(2)
        };
        chart
            .draw_series(std::iter::once(Circle::new(at, 5, style)))?
            .label(name)
            .legend(move |(x, y)| Circle::new((x + 9, y), 4, style));
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperLeft)
        .background_style(WHITE.mix(0.85))
        .border_style(RGBColor(200, 200, 200))
        .draw()?;
    Ok(())
}
