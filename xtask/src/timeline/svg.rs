//! Drawing a [`Timeline`] as SVG.
//!
//! Hand-written rather than through a plotting crate: the picture is a Gantt chart of exact
//! intervals (a 0.03 s link inside a 0.1 s tick must be a bar of its own width), every bar and
//! hook carries a hover text (`<title>`: frames, rate, times), and the inspector page overlays
//! its play head on it, for which the root element publishes its time axis in `data-*`
//! attributes (`data-t0`/`data-t1` seconds ↔ `data-x0`/`data-x1` user units, the cursor's
//! `data-y0`/`data-y1`) and the path panel its map (`data-px0`, `data-py0`, `data-scale`,
//! `data-minx`, `data-maxy`: east `x` m ↦ `px0 + (x − minx)·scale`, north `y` m ↦
//! `py0 + (maxy − y)·scale`).

use std::fmt::Write as _;

use super::axis::{label, ticks};
use super::model::{BarKind, Held, Timeline};

const WIDTH: f64 = 1280.0;
const LEFT: f64 = 380.0;
const RIGHT: f64 = 30.0;
const ROW: f64 = 22.0;
const SPEED_H: f64 = 150.0;
const PATH_SIZE: f64 = 340.0;
/// Characters of a mark label shown (the whole label is its hover text).
const MARK_CHARS: usize = 34;

const QUEUED: &str = "#d6e4f5";
const PLAYING_LINK: &str = "#e8913a";
const PLAYING_CYCLE: &str = "#3b7dd8";
const HOOK_DONE: &str = "#222222";
const HOOK_SOUND: &str = "#d0021b";
const HOOK_OTHER: &str = "#8e24aa";
const SEQ_SPEED: &str = "#1f5fbf";
const ROOT_SPEED: &str = "#417505";
const GROUND_SPEED: &str = "#9a9a9a";
const MARK: &str = "#9e9e9e";
const GRID: &str = "#eeeeee";

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

fn hook_colour(name: &str) -> &'static str {
    match name {
        "AnimationDone" => HOOK_DONE,
        "Sound" | "SoundTable" | "SoundTweaked" => HOOK_SOUND,
        _ => HOOK_OTHER,
    }
}

/// Shortens `s` to `max` characters with an ellipsis.
fn clip(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        s.to_string()
    } else {
        let mut t: String = s.chars().take(max.saturating_sub(1)).collect();
        t.push('…');
        t
    }
}

/// The time axis: seconds ↦ x.
struct TimeAxis {
    end: f64,
}

impl TimeAxis {
    fn x(&self, t: f64) -> f64 {
        LEFT + t / self.end * (WIDTH - LEFT - RIGHT)
    }
}

/// Renders the timeline.
pub fn render(tl: &Timeline) -> String {
    let axis = TimeAxis {
        end: tl.end.max(1e-6),
    };
    let mut svg = String::new();
    let mut y = 22.0;
    header(&mut svg, tl, &mut y);
    legend(&mut svg, &mut y, !tl.path.is_empty());
    let gantt_top = y + 8.0;
    let gantt_bottom = gantt_top + tl.rows.len().max(1) as f64 * ROW;
    let speed_top = gantt_bottom + 40.0;
    let speed_bottom = speed_top + SPEED_H;
    let lanes = mark_lanes(tl, &axis);
    let lane_space = lanes
        .iter()
        .max()
        .map_or(0.0, |&l| (l + 1) as f64 * 12.0 + 12.0);
    let path_top = speed_bottom + 50.0 + lane_space;
    let height = if tl.path.is_empty() {
        speed_bottom + 40.0 + lane_space
    } else {
        path_top + PATH_SIZE + 50.0
    };
    let mut body = String::new();
    grid(&mut body, &axis, gantt_top, speed_bottom);
    gantt(&mut body, tl, &axis, gantt_top);
    time_axis(&mut body, &axis, gantt_bottom);
    marks(&mut body, tl, &axis, &lanes, gantt_top, speed_bottom);
    speed_plot(&mut body, tl, &axis, speed_top);
    time_axis(&mut body, &axis, speed_bottom);
    if !tl.path.is_empty() {
        path_panel(&mut body, tl, path_top);
    }
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height:.0}" viewBox="0 0 {WIDTH} {height:.0}" font-family="DejaVu Sans Mono, monospace" font-size="11" data-t0="0" data-t1="{}" data-x0="{LEFT}" data-x1="{}" data-y0="{gantt_top:.1}" data-y1="{speed_bottom:.1}">"#,
        axis.end,
        WIDTH - RIGHT
    );
    let _ = writeln!(
        out,
        r##"<rect width="100%" height="100%" fill="#ffffff"/>"##
    );
    out.push_str(&svg);
    out.push_str(&body);
    out.push_str("</svg>\n");
    out
}

fn header(svg: &mut String, tl: &Timeline, y: &mut f64) {
    let _ = writeln!(
        svg,
        r#"<text x="10" y="{y}" font-size="14" font-weight="bold">{}</text>"#,
        esc(&tl.title)
    );
    *y += 18.0;
    let _ = writeln!(
        svg,
        r##"<text x="10" y="{y}" fill="#555">{} animation updates over {:.3} s · {} rows · {} hooks · bars and hooks are timed inside each update (hover for frames and times)</text>"##,
        tl.updates,
        tl.end,
        tl.rows.len(),
        tl.hooks.len()
    );
    if let Some(e) = &tl.error {
        *y += 16.0;
        let _ = writeln!(
            svg,
            r##"<text x="10" y="{y}" fill="#c62828" font-weight="bold">stopped: {}</text>"##,
            esc(&clip(e, 170))
        );
    }
    *y += 12.0;
}

/// One legend entry: a swatch drawn by `swatch` at (x, y), then its text.
fn legend_item(svg: &mut String, x: &mut f64, y: f64, swatch: &str, text: &str) {
    let _ = write!(svg, "<g transform=\"translate({x:.1},{y:.1})\">{swatch}");
    let _ = writeln!(svg, r#"<text x="22" y="9">{}</text></g>"#, esc(text));
    *x += 30.0 + text.chars().count() as f64 * 6.7;
}

fn legend(svg: &mut String, y: &mut f64, with_path: bool) {
    let rect = |c: &str| format!(r#"<rect x="0" y="1" width="16" height="10" fill="{c}"/>"#);
    let tick = |c: &str, y1: f64, y2: f64| {
        format!(r#"<line x1="8" y1="{y1}" x2="8" y2="{y2}" stroke="{c}" stroke-width="2.5"/>"#)
    };
    let line = |c: &str, dash: &str| {
        format!(
            r#"<line x1="0" y1="6" x2="16" y2="6" stroke="{c}" stroke-width="2" stroke-dasharray="{dash}"/>"#
        )
    };
    let mut x = 10.0;
    *y += 4.0;
    legend_item(svg, &mut x, *y, &rect(QUEUED), "queued in the list");
    legend_item(svg, &mut x, *y, &rect(PLAYING_LINK), "playing: link");
    legend_item(svg, &mut x, *y, &rect(PLAYING_CYCLE), "playing: cycle");
    legend_item(
        svg,
        &mut x,
        *y,
        &tick(HOOK_DONE, 0.0, 12.0),
        "hook AnimationDone",
    );
    legend_item(svg, &mut x, *y, &tick(HOOK_SOUND, 0.0, 12.0), "hook Sound");
    legend_item(svg, &mut x, *y, &tick(HOOK_OTHER, 0.0, 12.0), "other hook");
    legend_item(svg, &mut x, *y, &tick(MARK, 0.0, 12.0), "command/step");
    *y += 18.0;
    x = 10.0;
    legend_item(
        svg,
        &mut x,
        *y,
        &format!("{}{}", tick("#555", 0.0, 6.0), tick("#555", 6.0, 12.0)),
        "hook tick: upper half Forward, lower half Backward, full Both",
    );
    legend_item(
        svg,
        &mut x,
        *y,
        &line(SEQ_SPEED, "none"),
        "sequence |velocity|",
    );
    legend_item(
        svg,
        &mut x,
        *y,
        &line(ROOT_SPEED, "none"),
        "root motion speed",
    );
    if with_path {
        legend_item(svg, &mut x, *y, &line(GROUND_SPEED, "4,3"), "ground speed");
    }
    *y += 14.0;
}

fn grid(svg: &mut String, axis: &TimeAxis, top: f64, bottom: f64) {
    for t in ticks(0.0, axis.end, 10) {
        let x = axis.x(t);
        let _ = writeln!(
            svg,
            r#"<line x1="{x:.2}" y1="{top:.1}" x2="{x:.2}" y2="{bottom:.1}" stroke="{GRID}"/>"#
        );
    }
}

fn time_axis(svg: &mut String, axis: &TimeAxis, y: f64) {
    let _ = writeln!(
        svg,
        r##"<line x1="{LEFT}" y1="{y:.1}" x2="{:.1}" y2="{y:.1}" stroke="#444"/>"##,
        WIDTH - RIGHT
    );
    let ts = ticks(0.0, axis.end, 10);
    for &t in &ts {
        let x = axis.x(t);
        let _ = writeln!(
            svg,
            r##"<line x1="{x:.2}" y1="{y:.1}" x2="{x:.2}" y2="{:.1}" stroke="#444"/><text x="{x:.2}" y="{:.1}" text-anchor="middle" fill="#333">{}</text>"##,
            y + 5.0,
            y + 17.0,
            label(t, &ts)
        );
    }
    let _ = writeln!(
        svg,
        r##"<text x="{:.1}" y="{:.1}" text-anchor="end" fill="#333">time (s)</text>"##,
        WIDTH - RIGHT,
        y + 30.0
    );
}

fn gantt(svg: &mut String, tl: &Timeline, axis: &TimeAxis, top: f64) {
    if tl.rows.is_empty() {
        let _ = writeln!(
            svg,
            r##"<text x="{LEFT}" y="{:.1}" fill="#777">no animation was queued</text>"##,
            top + 15.0
        );
    }
    for (i, row) in tl.rows.iter().enumerate() {
        let y = top + i as f64 * ROW;
        let uses = row.uses.join(", ");
        let text = if uses.is_empty() {
            format!("0x{:08X}", row.anim_id)
        } else {
            format!("0x{:08X} {}", row.anim_id, clip(&uses, 43))
        };
        let _ = writeln!(
            svg,
            r##"<text x="10" y="{:.1}">{}<title>0x{:08X}: {}</title></text><line x1="{LEFT}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="#e0e0e0"/>"##,
            y + ROW * 0.68,
            esc(&text),
            row.anim_id,
            esc(if uses.is_empty() {
                "not in the motion table"
            } else {
                &uses
            }),
            y + ROW,
            WIDTH - RIGHT,
            y + ROW
        );
    }
    // Queued first, playing on top.
    let mut bars: Vec<_> = tl.bars.iter().collect();
    bars.sort_by_key(|b| !matches!(b.kind, BarKind::Queued));
    for b in bars {
        let y = top + b.row as f64 * ROW;
        let (x0, x1) = (axis.x(b.t0), axis.x(b.t1));
        let w = (x1 - x0).max(1.0);
        let anim = tl.rows.get(b.row).map_or(0, |r| r.anim_id);
        let (fill, inset, tip) = match b.kind {
            BarKind::Queued => (QUEUED, 5.0, "queued".to_string()),
            BarKind::Playing {
                frame_from,
                frame_to,
                framerate,
                finished,
                cyclic,
            } => (
                if cyclic { PLAYING_CYCLE } else { PLAYING_LINK },
                3.0,
                format!(
                    "playing {} frames {frame_from:.2}→{frame_to:.2} at {framerate} fps{}",
                    if cyclic { "cycle" } else { "link" },
                    if finished { ", finished" } else { "" }
                ),
            ),
        };
        let _ = writeln!(
            svg,
            r#"<rect x="{x0:.2}" y="{:.2}" width="{w:.2}" height="{:.2}" fill="{fill}"><title>0x{anim:08X} {tip}, t = {:.4}–{:.4} s</title></rect>"#,
            y + inset,
            ROW - 2.0 * inset,
            b.t0,
            b.t1
        );
    }
    for h in &tl.hooks {
        let y = top + h.row as f64 * ROW;
        let x = axis.x(h.time);
        let (y1, y2) = match h.direction {
            "Forward" => (y + 1.0, y + ROW / 2.0),
            "Backward" => (y + ROW / 2.0, y + ROW - 1.0),
            _ => (y + 1.0, y + ROW - 1.0),
        };
        let frame = h
            .frame
            .map_or_else(|| "end of node".into(), |f| format!("frame {f}"));
        let _ = writeln!(
            svg,
            r#"<line x1="{x:.2}" y1="{y1:.2}" x2="{x:.2}" y2="{y2:.2}" stroke="{}" stroke-width="2.5"><title>{} {} ({frame}) at t = {:.4} s</title></line>"#,
            hook_colour(h.name),
            h.name,
            h.direction,
            h.time
        );
    }
}

/// Where a mark's label goes: right of its line, or left of it when it would run past the
/// picture's right edge. Returns the label's left and right ends and whether it is anchored at
/// its end.
fn mark_label_span(x: f64, label: &str) -> (f64, f64, bool) {
    let width = clip(label, MARK_CHARS).chars().count() as f64 * 6.1 + 8.0;
    if x + width <= WIDTH {
        (x, x + width, false)
    } else {
        (x - width, x, true)
    }
}

/// Label lanes for the marks: each label goes on the first lane whose last label ends before
/// it starts, so labels never overlap.
fn mark_lanes(tl: &Timeline, axis: &TimeAxis) -> Vec<usize> {
    let mut ends: Vec<f64> = Vec::new();
    tl.marks
        .iter()
        .map(|m| {
            let (start, end, _) = mark_label_span(axis.x(m.t), &m.label);
            let lane = ends.iter().position(|&e| e < start).unwrap_or(ends.len());
            if lane == ends.len() {
                ends.push(end);
            } else {
                ends[lane] = end;
            }
            lane
        })
        .collect()
}

fn marks(svg: &mut String, tl: &Timeline, axis: &TimeAxis, lanes: &[usize], top: f64, bottom: f64) {
    for (m, lane) in tl.marks.iter().zip(lanes) {
        let x = axis.x(m.t);
        let (text_x, anchor) = match mark_label_span(x, &m.label) {
            (_, _, true) => (x - 3.0, "end"),
            _ => (x + 3.0, "start"),
        };
        let _ = writeln!(
            svg,
            r##"<line x1="{x:.2}" y1="{:.1}" x2="{x:.2}" y2="{:.1}" stroke="{MARK}" stroke-dasharray="4,3"><title>{} at t = {:.4} s</title></line><text x="{text_x:.2}" y="{:.1}" font-size="10" fill="#616161" text-anchor="{anchor}">{}<title>{}</title></text>"##,
            top - 2.0,
            bottom + 36.0 + *lane as f64 * 12.0,
            esc(&m.label),
            m.t,
            bottom + 44.0 + *lane as f64 * 12.0,
            esc(&clip(&m.label, MARK_CHARS)),
            esc(&m.label)
        );
    }
}

fn step_line(
    svg: &mut String,
    axis: &TimeAxis,
    values: &[Held],
    sy: &dyn Fn(f32) -> f64,
    style: &str,
) {
    let mut d = String::new();
    let mut prev_end: Option<(f64, f64)> = None;
    for h in values.iter().filter(|h| h.value.is_finite()) {
        let (x0, x1, y) = (axis.x(h.t0), axis.x(h.t1), sy(h.value));
        match prev_end {
            Some((px, _)) if (px - x0).abs() < 0.01 => {
                let _ = write!(d, "L{x0:.2},{y:.2} ");
            }
            _ => {
                let _ = write!(d, "M{x0:.2},{y:.2} ");
            }
        }
        let _ = write!(d, "L{x1:.2},{y:.2} ");
        prev_end = Some((x1, y));
    }
    if !d.is_empty() {
        let _ = writeln!(svg, r#"<path d="{d}" fill="none" {style}/>"#);
    }
}

fn speed_plot(svg: &mut String, tl: &Timeline, axis: &TimeAxis, top: f64) {
    let bottom = top + SPEED_H;
    let max = tl
        .sequence_speed
        .iter()
        .chain(&tl.root_motion_speed)
        .chain(&tl.ground_speed)
        .map(|h| h.value)
        .filter(|v| v.is_finite())
        .fold(0.0f32, f32::max);
    let mut ys = ticks(0.0, f64::from(max).max(1.0), 4);
    // The scale ends on a tick at or above the largest value.
    if let [.., a, b] = ys[..]
        && b < f64::from(max)
    {
        ys.push(b + (b - a));
    }
    let top_value = ys.last().copied().unwrap_or(1.0).max(f64::from(max));
    let sy = |v: f32| bottom - f64::from(v) / top_value * SPEED_H;
    let _ = writeln!(
        svg,
        r##"<text x="10" y="{:.1}" font-weight="bold">speed (m/s)</text><text x="10" y="{:.1}" fill="#555">per update and per stretch</text>"##,
        top + 12.0,
        top + 26.0
    );
    for &v in &ys {
        let y = sy(v as f32);
        let (stroke, width) = if v == 0.0 {
            ("#444", 1.2)
        } else {
            ("#e6e6e6", 1.0)
        };
        let _ = writeln!(
            svg,
            r##"<line x1="{LEFT}" y1="{y:.2}" x2="{:.1}" y2="{y:.2}" stroke="{stroke}" stroke-width="{width}"/><text x="{:.1}" y="{:.2}" text-anchor="end" fill="#333">{}</text>"##,
            WIDTH - RIGHT,
            LEFT - 6.0,
            y + 4.0,
            label(v, &ys)
        );
    }
    let _ = writeln!(
        svg,
        r##"<line x1="{LEFT}" y1="{top:.1}" x2="{LEFT}" y2="{bottom:.1}" stroke="#444"/>"##
    );
    step_line(
        svg,
        axis,
        &tl.ground_speed,
        &sy,
        &format!(r#"stroke="{GROUND_SPEED}" stroke-width="2" stroke-dasharray="4,3""#),
    );
    step_line(
        svg,
        axis,
        &tl.sequence_speed,
        &sy,
        &format!(r#"stroke="{SEQ_SPEED}" stroke-width="1.5""#),
    );
    step_line(
        svg,
        axis,
        &tl.root_motion_speed,
        &sy,
        &format!(r#"stroke="{ROOT_SPEED}" stroke-width="1.5""#),
    );
}

fn path_panel(svg: &mut String, tl: &Timeline, top: f64) {
    let (mut minx, mut maxx, mut miny, mut maxy) = (f32::MAX, f32::MIN, f32::MAX, f32::MIN);
    for p in &tl.path {
        minx = minx.min(p.x);
        maxx = maxx.max(p.x);
        miny = miny.min(p.y);
        maxy = maxy.max(p.y);
    }
    // A square map around the path's bounding box with a margin, at least 1 m wide.
    let span = (maxx - minx).max(maxy - miny).max(1.0) * 1.1;
    let (cx, cy) = ((minx + maxx) / 2.0, (miny + maxy) / 2.0);
    let (minx, maxy) = (f64::from(cx - span / 2.0), f64::from(cy + span / 2.0));
    let scale = PATH_SIZE / f64::from(span);
    let px0 = LEFT;
    let map = |x: f32, y: f32| {
        (
            px0 + (f64::from(x) - minx) * scale,
            top + (maxy - f64::from(y)) * scale,
        )
    };
    let _ = writeln!(
        svg,
        r##"<text x="10" y="{:.1}" font-weight="bold">path from above</text><text x="10" y="{:.1}" fill="#555">x east, y north (m), equal scale</text><text x="10" y="{:.1}" fill="#555">○ start  ● end  <tspan fill="#e8913a">▸ heading</tspan></text>"##,
        top + 12.0,
        top + 26.0,
        top + 40.0
    );
    let _ = writeln!(
        svg,
        r##"<g id="path-panel" data-px0="{px0}" data-py0="{top:.2}" data-scale="{scale}" data-minx="{minx}" data-maxy="{maxy}"><rect x="{px0}" y="{top:.1}" width="{PATH_SIZE}" height="{PATH_SIZE}" fill="#fafafa" stroke="#999"/>"##
    );
    let xs = ticks(minx, minx + f64::from(span), 5);
    for &v in &xs {
        let x = px0 + (v - minx) * scale;
        let _ = writeln!(
            svg,
            r##"<line x1="{x:.2}" y1="{top:.1}" x2="{x:.2}" y2="{:.1}" stroke="#e6e6e6"/><text x="{x:.2}" y="{:.1}" text-anchor="middle" fill="#333">{}</text>"##,
            top + PATH_SIZE,
            top + PATH_SIZE + 14.0,
            label(v, &xs)
        );
    }
    let ys = ticks(maxy - f64::from(span), maxy, 5);
    for &v in &ys {
        let y = top + (maxy - v) * scale;
        let _ = writeln!(
            svg,
            r##"<line x1="{px0}" y1="{y:.2}" x2="{:.1}" y2="{y:.2}" stroke="#e6e6e6"/><text x="{:.1}" y="{:.2}" text-anchor="end" fill="#333">{}</text>"##,
            px0 + PATH_SIZE,
            px0 - 4.0,
            y + 4.0,
            label(v, &ys)
        );
    }
    let mut pts = String::new();
    for p in &tl.path {
        let (x, y) = map(p.x, p.y);
        let _ = write!(pts, "{x:.2},{y:.2} ");
    }
    let _ = writeln!(
        svg,
        r##"<polyline points="{pts}" fill="none" stroke="#3b7dd8" stroke-width="2"/>"##
    );
    // Heading arrows about every half second (an arrowhead, since the heading often lies
    // along the path and a plain tick would vanish into it).
    let _ = writeln!(
        svg,
        r##"<defs><marker id="heading-head" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#e8913a"/></marker></defs>"##
    );
    let mut next = 0.0;
    for p in &tl.path {
        if p.t + 1e-9 < next {
            continue;
        }
        next = p.t + 0.5;
        let (x, y) = map(p.x, p.y);
        let rad = f64::from(p.heading).to_radians();
        let (dx, dy) = (rad.sin() * 16.0, -rad.cos() * 16.0);
        let _ = writeln!(
            svg,
            r##"<line x1="{x:.2}" y1="{y:.2}" x2="{:.2}" y2="{:.2}" stroke="#e8913a" stroke-width="2" marker-end="url(#heading-head)"><title>t = {:.2} s, heading {:.1}°, {}</title></line>"##,
            x + dx,
            y + dy,
            p.t,
            p.heading,
            esc(&p.substate)
        );
    }
    if let (Some(a), Some(b)) = (tl.path.first(), tl.path.last()) {
        let (ax, ay) = map(a.x, a.y);
        let (bx, by) = map(b.x, b.y);
        let _ = writeln!(
            svg,
            r##"<circle cx="{ax:.2}" cy="{ay:.2}" r="5" fill="#fff" stroke="#333" stroke-width="1.5"><title>start {:.2},{:.2}</title></circle><circle cx="{bx:.2}" cy="{by:.2}" r="5" fill="#333"><title>end {:.2},{:.2} at t = {:.2} s</title></circle>"##,
            a.x, a.y, b.x, b.y, b.t
        );
    }
    svg.push_str("</g>\n");
}
