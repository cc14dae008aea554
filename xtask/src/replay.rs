//! `cargo xtask replay SESSION.jsonl [--guid G] [--dat PATH] [--svg [OUT]]`: replay one
//! object's recorded movement messages through a physics object on the messages' timestamps
//! and report, per recorded position, where the object was predicted to be and the error.
//!
//! Without `--guid` the session's local player is replayed from its client's MoveToStates,
//! AutonomousPositions and Jumps (and the motions the server imposed on it); with `--guid` the object with that id, from the server's
//! CreateObject, UpdateMotion, UpdatePosition and VectorUpdate messages about it. The replay
//! itself is `ac_physobj::replay`; this command reads the JSONL (the format of
//! `fixtures/realdata/`: one object per line with `idx`, `t_rel` and `payload_hex`), prints the
//! table and the summary, and draws the SVG: the predicted path over the recorded positions
//! seen from above, and the error over time underneath.
//!
//! The DAT is `--dat`, else `$AC_PORTAL_DAT`, else the synthetic one, on which the object is
//! always the synthetic humanoid (the recording's Setup ids are retail ones) and the animation
//! lengths and velocities are not the retail ones: the errors are then illustrative. With a
//! real DAT the object is built from the Setup and motion table its CreateObject names.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use ac_physobj::PortalDat;
use ac_physobj::ac_interp_manager::wire::PositionWire as _;
use ac_physobj::prelude::DatArchive;
use ac_physobj::replay::{
    Model, Recorded, ReplayOptions, ReplayReport, Subject, global_origin, replay,
};
use ac_physobj::wire::Message;
use ac_testkit::synthetic;
use anyhow::Context as _;

/// Command-line arguments.
#[derive(clap::Args)]
pub struct Args {
    /// The recorded session (JSONL: `idx`, `t_rel`, `payload_hex` per line).
    pub session: PathBuf,
    /// Replay the object with this id (hex `0x…` or decimal) as the client saw it (default: the
    /// local player, from its client's own messages).
    #[arg(long, value_parser = parse_guid)]
    pub guid: Option<u32>,
    /// Portal DAT to build the object from (default: `$AC_PORTAL_DAT`, else the synthetic one).
    #[arg(long)]
    pub dat: Option<PathBuf>,
    /// Draw the paths and the error over time as SVG (default file: `target/replay-<session>[-<guid>].svg`).
    #[arg(long, num_args = 0..=1)]
    #[allow(clippy::option_option)]
    pub svg: Option<Option<PathBuf>>,
    /// Print only the summary, not one line per recorded position.
    #[arg(long)]
    pub quiet: bool,
}

fn parse_guid(s: &str) -> Result<u32, String> {
    let parsed = match s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        Some(hex) => u32::from_str_radix(hex, 16),
        None => s.parse(),
    };
    parsed.map_err(|e| format!("`{s}` is not an object id: {e}"))
}

/// Read the session's messages.
pub fn read_session(path: &Path) -> anyhow::Result<Vec<Recorded>> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(n, line)| {
            let at = || format!("{} line {}", path.display(), n + 1);
            let v: serde_json::Value = serde_json::from_str(line).with_context(at)?;
            let index = v["idx"]
                .as_u64()
                .with_context(|| format!("{}: no `idx`", at()))?;
            let t = v["t_rel"]
                .as_f64()
                .with_context(|| format!("{}: no `t_rel`", at()))?;
            let hex = v["payload_hex"]
                .as_str()
                .with_context(|| format!("{}: no `payload_hex`", at()))?;
            let bytes = crate::decode::parse_bytes(hex).with_context(at)?;
            let message = Message::decode(&bytes).with_context(at)?;
            Ok(Recorded { index, t, message })
        })
        .collect()
}

/// The synthetic portal DAT (generated in memory).
pub fn synthetic_portal() -> anyhow::Result<PortalDat> {
    let (_, bytes) = crate::fixtures::build(synthetic::DEFAULT_SEED)?;
    let archive = DatArchive::from_vec(bytes).context("opening the synthetic DAT")?;
    Ok(PortalDat::new(archive))
}

/// Where the object's animations come from, for the reader of the report.
#[derive(Clone, Copy)]
pub enum DatSource<'a> {
    /// The synthetic DAT: the synthetic humanoid stands in for every object.
    Synthetic,
    /// A user's DAT.
    File(&'a Path),
}

impl DatSource<'_> {
    /// The report's first line.
    fn line(self) -> String {
        match self {
            DatSource::File(p) => format!("dat: {}", p.display()),
            DatSource::Synthetic => format!(
                "dat: synthetic (generated in memory; not retail data). The object is the \
                 synthetic humanoid (Setup 0x{:08X}), whose animation lengths and velocities are \
                 not the retail ones: the errors below are illustrative. With a real DAT (--dat \
                 or AC_PORTAL_DAT) the comparison is exact in kind.",
                synthetic::HUMANOID_SETUP_ID
            ),
        }
    }

    /// The picture's note.
    fn caption(self) -> String {
        match self {
            DatSource::File(p) => format!("DAT: {}", p.display()),
            DatSource::Synthetic => "DAT: synthetic (not retail data): its humanoid's animation \
                 lengths and velocities are not the retail ones, so the errors are illustrative"
                .to_owned(),
        }
    }
}

/// Run the command.
pub fn run(args: Args) -> anyhow::Result<()> {
    let records = read_session(&args.session)?;
    let dat = args.dat.clone().or_else(|| {
        std::env::var_os("AC_PORTAL_DAT")
            .filter(|p| !p.is_empty())
            .map(PathBuf::from)
    });
    let (portal, model) = match &dat {
        Some(p) => (PortalDat::open(p)?, Model::Recorded),
        None => (
            synthetic_portal()?,
            Model::Setup(synthetic::HUMANOID_SETUP_ID),
        ),
    };
    let source = match &dat {
        Some(p) => DatSource::File(p),
        None => DatSource::Synthetic,
    };
    let subject = args.guid.map_or(Subject::LocalPlayer, Subject::Remote);
    let options = ReplayOptions {
        model,
        ..ReplayOptions::new(subject)
    };
    let report = replay(&portal, &records, &options)
        .with_context(|| format!("replaying {}", args.session.display()))?;
    print!(
        "{}",
        render_text(&args.session, source, &report, args.quiet)
    );
    if let Some(out) = &args.svg {
        let out = out
            .clone()
            .unwrap_or_else(|| default_svg_path(&args.session, args.guid));
        if let Some(dir) = out.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
        }
        std::fs::write(&out, render_svg(&args.session, source, &report))
            .with_context(|| format!("writing {}", out.display()))?;
        println!("svg: {}", out.display());
    }
    if report.samples.is_empty() {
        println!("note: the session records no position of {subject} after it was placed");
    }
    Ok(())
}

fn session_name(path: &Path) -> String {
    path.file_stem().map_or_else(
        || "session".to_owned(),
        |s| s.to_string_lossy().into_owned(),
    )
}

fn default_svg_path(session: &Path, guid: Option<u32>) -> PathBuf {
    let mut name = format!("replay-{}", session_name(session));
    if let Some(g) = guid {
        let _ = write!(name, "-{g:08X}");
    }
    PathBuf::from("target").join(format!("{name}.svg"))
}

/// The table and the summary.
pub fn render_text(session: &Path, dat: DatSource<'_>, r: &ReplayReport, quiet: bool) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "{}", dat.line());
    let guid = r
        .guid
        .map_or_else(|| "unknown id".to_owned(), |g| format!("0x{g:08X}"));
    let _ = writeln!(
        s,
        "session: {}  subject: {} ({guid})  t = {:.3} .. {:.3} s",
        session_name(session),
        r.subject,
        r.start,
        r.end
    );
    let model = match (r.model.setup, r.model.from_recording) {
        (Some(setup), true) => format!("Setup 0x{setup:08X} (from its CreateObject)"),
        (Some(setup), false) => format!("Setup 0x{setup:08X} (forced)"),
        (None, _) => "the motion table its CreateObject names".to_owned(),
    };
    let _ = writeln!(s, "model: {model}");
    if let Some(rate) = r.run_rate {
        let _ = writeln!(
            s,
            "run rate: {rate:?} (the server's echo of the player's run)"
        );
    }
    let origin = r.path.first().map(|p| global_origin(&p.position));
    let origin = origin.unwrap_or_default();
    if !quiet {
        let _ = writeln!(
            s,
            "positions in metres east, north and up from the start ({})",
            r.path
                .first()
                .map(|p| p.position.wire_text().to_string())
                .unwrap_or_default()
        );
        let _ = writeln!(
            s,
            "{:>6} {:>9} {:<19} {:>20} {:>20} {:>8} {:>8}",
            "idx", "t (s)", "message", "recorded", "predicted", "error m", "head deg"
        );
        for x in &r.samples {
            let a = global_origin(&x.recorded) - origin;
            let b = global_origin(&x.predicted) - origin;
            let _ = writeln!(
                s,
                "{:>6} {:>9.3} {:<19} {:>20} {:>20} {:>8.3} {:>8.1}",
                x.index,
                x.t,
                x.kind,
                format!("{:.2},{:.2},{:.2}", a.x, a.y, a.z),
                format!("{:.2},{:.2},{:.2}", b.x, b.y, b.z),
                x.error,
                x.heading_error
            );
        }
    }
    let sum = r.summary();
    let _ = writeln!(
        s,
        "positions: {}  mean error: {:.3} m  max error: {:.3} m (t = {:.3} s)  max heading error: {:.1} deg",
        sum.count, sum.mean, sum.max, sum.max_at, sum.max_heading
    );
    let applied = r.events.iter().filter(|e| e.index.is_some()).count();
    let landings = r.events.len() - applied;
    let refused: Vec<_> = r.refusals().collect();
    let _ = writeln!(
        s,
        "messages applied: {applied}  refused: {}  landings: {landings}",
        refused.len()
    );
    for e in refused {
        let _ = writeln!(
            s,
            "  refused idx {} t={:.3} {}: {}",
            e.index.unwrap_or(0),
            e.t,
            e.kind,
            e.outcome
        );
    }
    s
}

/// Drawing area of one panel.
struct Panel {
    x: f64,
    y: f64,
    w: f64,
    h: f64,
}

/// Compass heading (degrees, 0 = north, clockwise) as a unit vector in the top view (y up).
fn heading_dir(p: &ac_physobj::Position) -> (f64, f64) {
    use ac_physobj::ac_sequence::AFrameOps as _;
    let h = f64::from(p.frame.get_heading()).to_radians();
    (h.sin(), h.cos())
}

/// The SVG: the top view (predicted path over the recorded positions, with the prediction at
/// each recorded position joined to it, and short ticks for the headings) and the error over
/// time.
pub fn render_svg(session: &Path, dat: DatSource<'_>, r: &ReplayReport) -> String {
    const W: f64 = 1000.0;
    let origin = r
        .path
        .first()
        .map(|p| global_origin(&p.position))
        .unwrap_or_default();
    let rel = |p: &ac_physobj::Position| global_origin(p) - origin;
    // What the top view shows, in metres.
    let (mut x0, mut x1, mut y0, mut y1) = (f64::MAX, f64::MIN, f64::MAX, f64::MIN);
    for p in r
        .path
        .iter()
        .map(|p| rel(&p.position))
        .chain(r.samples.iter().map(|x| rel(&x.recorded)))
    {
        x0 = x0.min(f64::from(p.x));
        x1 = x1.max(f64::from(p.x));
        y0 = y0.min(f64::from(p.y));
        y1 = y1.max(f64::from(p.y));
    }
    let pad = ((x1 - x0).max(y1 - y0) * 0.06).max(1.0);
    let (x0, x1, y0, y1) = (x0 - pad, x1 + pad, y0 - pad, y1 + pad);
    // The top view is as tall as the path needs at the full width (within limits); the whole
    // picture fits a 1200 x 900 window.
    let top = Panel {
        x: 70.0,
        y: 120.0,
        w: 880.0,
        h: (880.0 * (y1 - y0) / (x1 - x0)).clamp(180.0, 340.0),
    };
    let along = Panel {
        x: 70.0,
        y: top.y + top.h + 80.0,
        w: 880.0,
        h: 150.0,
    };
    let err = Panel {
        x: 70.0,
        y: along.y + along.h + 48.0,
        w: 880.0,
        h: 100.0,
    };
    let height = err.y + err.h + 46.0;
    // Smaller marks when there are many.
    let dot = if r.samples.len() > 60 { 2.2 } else { 3.5 };
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{height}" viewBox="0 0 {W} {height}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(s, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let sum = r.summary();
    let guid = r.guid.map(|g| format!(" (0x{g:08X})")).unwrap_or_default();
    let _ = writeln!(
        s,
        r#"<text x="{}" y="26" font-size="17" font-weight="bold">replay of {}: {}{}</text>"#,
        top.x,
        esc(&session_name(session)),
        esc(&r.subject.to_string()),
        guid
    );
    let _ = writeln!(
        s,
        r#"<text x="{}" y="48">{} recorded positions: mean error {:.3} m, max {:.3} m at t = {:.2} s; max heading error {:.1}°</text>"#,
        top.x, sum.count, sum.mean, sum.max, sum.max_at, sum.max_heading
    );
    let _ = writeln!(
        s,
        r##"<text x="{}" y="66" fill="#a33">{}</text>"##,
        top.x,
        esc(&dat.caption())
    );

    // Top view: x east, y north, equal scales, metres from the start.
    let scale = (top.w / (x1 - x0)).min(top.h / (y1 - y0));
    let ox = top.x + (top.w - (x1 - x0) * scale) / 2.0;
    let oy = top.y + (top.h - (y1 - y0) * scale) / 2.0;
    let map = |v: glam::Vec3| {
        (
            ox + (f64::from(v.x) - x0) * scale,
            oy + (y1 - f64::from(v.y)) * scale,
        )
    };
    frame(
        &mut s,
        &top,
        "top view: metres east (x) and north (y) of the start; ticks show headings",
    );
    grid(&mut s, &top, (x0, x1, y0, y1), (ox, oy, scale));
    // Recorded positions joined in order.
    let mut d = String::new();
    for (i, x) in r.samples.iter().enumerate() {
        let (px, py) = map(rel(&x.recorded));
        let _ = write!(d, "{}{px:.1},{py:.1} ", if i == 0 { "M" } else { "L" });
    }
    let _ = writeln!(
        s,
        r##"<path d="{d}" fill="none" stroke="#d62728" stroke-width="1" stroke-dasharray="5 4"/>"##
    );
    // Predicted path, broken where a message put the object somewhere.
    let mut d = String::new();
    for p in &r.path {
        let (x, y) = map(rel(&p.position));
        let _ = write!(d, "{}{x:.1},{y:.1} ", if p.joined { "L" } else { "M" });
    }
    let _ = writeln!(
        s,
        r##"<path d="{d}" fill="none" stroke="#1f77b4" stroke-width="2" stroke-linejoin="round"/>"##
    );
    for x in &r.samples {
        let (ax, ay) = map(rel(&x.recorded));
        let (bx, by) = map(rel(&x.predicted));
        let _ = writeln!(
            s,
            r##"<line x1="{ax:.1}" y1="{ay:.1}" x2="{bx:.1}" y2="{by:.1}" stroke="#555" stroke-width="1"/>"##
        );
        for (p, (cx, cy), colour, len) in [
            (&x.recorded, (ax, ay), "#d62728", dot * 4.5),
            (&x.predicted, (bx, by), "#1f77b4", dot * 3.2),
        ] {
            let (hx, hy) = heading_dir(p);
            let _ = writeln!(
                s,
                r#"<line x1="{cx:.1}" y1="{cy:.1}" x2="{:.1}" y2="{:.1}" stroke="{colour}" stroke-width="1.5"/>"#,
                cx + hx * len,
                cy - hy * len
            );
        }
        let _ = writeln!(
            s,
            r##"<circle cx="{bx:.1}" cy="{by:.1}" r="{}" fill="none" stroke="#1f77b4" stroke-width="1.2"><title>idx {} t={:.3}: predicted</title></circle>"##,
            dot * 1.8,
            x.index,
            x.t
        );
        let _ = writeln!(
            s,
            r##"<circle cx="{ax:.1}" cy="{ay:.1}" r="{dot}" fill="#d62728"><title>idx {} t={:.3} {}: recorded; error {:.3} m, heading {:.1}°</title></circle>"##,
            x.index, x.t, x.kind, x.error, x.heading_error
        );
    }
    if let Some(p) = r.path.first() {
        let (x, y) = map(rel(&p.position));
        // Label to the left near the right edge, so that it stays inside.
        let (lx, anchor) = if x > top.x + top.w - 140.0 {
            (x - 8.0, "end")
        } else {
            (x + 8.0, "start")
        };
        let _ = writeln!(
            s,
            r##"<rect x="{:.1}" y="{:.1}" width="8" height="8" fill="#2ca02c"/><text x="{lx:.1}" y="{:.1}" text-anchor="{anchor}" font-size="11">start (t = {:.2} s)</text>"##,
            x - 4.0,
            y - 4.0,
            y - 8.0,
            r.start
        );
    }
    legend(
        &mut s,
        top.x,
        top.y - 34.0,
        &[
            (Mark::Line("#1f77b4", ""), "predicted path"),
            (Mark::Line("#d62728", "5 4"), "recorded, in order"),
            (Mark::Dot("#d62728"), "recorded position"),
            (Mark::Ring("#1f77b4"), "prediction then"),
            (Mark::Line("#555", ""), "error"),
        ],
    );

    // Over time: the position along the path's main direction, predicted (the path) and
    // recorded; then the error at each recorded position.
    let (t0, t1) = (r.start, r.end.max(r.start + 1e-3));
    let tx = |t: f64| along.x + (t - t0) / (t1 - t0) * along.w;
    let (axis, bearing) = main_direction(r.samples.iter().map(|x| rel(&x.recorded)));
    let project = |p: &ac_physobj::Position| {
        let v = rel(p);
        f64::from(v.x) * axis.0 + f64::from(v.y) * axis.1
    };
    let (mut a0, mut a1) = (0.0f64, 0.0f64);
    for v in r
        .path
        .iter()
        .map(|p| project(&p.position))
        .chain(r.samples.iter().map(|x| project(&x.recorded)))
    {
        a0 = a0.min(v);
        a1 = a1.max(v);
    }
    let apad = ((a1 - a0) * 0.08).max(0.5);
    let (a0, a1) = (a0 - apad, a1 + apad);
    let ay = |v: f64| along.y + along.h - (v - a0) / (a1 - a0) * along.h;
    frame(
        &mut s,
        &along,
        &format!(
            "position over time: metres along the path's main direction (bearing {bearing:.0}°) from the start"
        ),
    );
    time_grid(&mut s, &along, (t0, t1), (a0, a1), false);
    let mut d = String::new();
    for p in &r.path {
        let _ = write!(
            d,
            "{}{:.1},{:.1} ",
            if p.joined { "L" } else { "M" },
            tx(p.t),
            ay(project(&p.position))
        );
    }
    let _ = writeln!(
        s,
        r##"<path d="{d}" fill="none" stroke="#1f77b4" stroke-width="1.6" stroke-linejoin="round"/>"##
    );
    for e in r
        .events
        .iter()
        .filter(|e| e.error.is_some() || e.index.is_none())
    {
        let x = tx(e.t);
        let colour = if e.error.is_some() {
            "#ff7f0e"
        } else {
            "#2ca02c"
        };
        let _ = writeln!(
            s,
            r#"<line x1="{x:.1}" y1="{}" x2="{x:.1}" y2="{}" stroke="{colour}" stroke-width="1.5" stroke-dasharray="3 2"><title>t={:.3} {}: {}</title></line>"#,
            along.y,
            along.y + along.h,
            e.t,
            e.kind,
            esc(&e.outcome)
        );
    }
    for x in &r.samples {
        let _ = writeln!(
            s,
            r##"<circle cx="{:.1}" cy="{:.1}" r="{}" fill="#d62728"><title>idx {} t={:.3} {}: recorded</title></circle>"##,
            tx(x.t),
            ay(project(&x.recorded)),
            dot * 0.8,
            x.index,
            x.t,
            x.kind
        );
    }
    legend(
        &mut s,
        along.x,
        along.y - 34.0,
        &[
            (Mark::Line("#1f77b4", ""), "predicted"),
            (Mark::Dot("#d62728"), "recorded position"),
            (Mark::Line("#2ca02c", "3 2"), "landed (after a jump)"),
            (Mark::Line("#ff7f0e", "3 2"), "message refused"),
        ],
    );

    let emax = (f64::from(sum.max) * 1.15).max(0.1);
    let ey = |e: f64| err.y + err.h - e / emax * err.h;
    frame(
        &mut s,
        &err,
        "error at each recorded position (m) over time",
    );
    time_grid(&mut s, &err, (t0, t1), (0.0, emax), true);
    for x in &r.samples {
        let (cx, cy) = (tx(x.t), ey(f64::from(x.error)));
        let _ = writeln!(
            s,
            r##"<line x1="{cx:.1}" y1="{:.1}" x2="{cx:.1}" y2="{cy:.1}" stroke="#d62728" stroke-width="0.8" stroke-opacity="0.5"/><circle cx="{cx:.1}" cy="{cy:.1}" r="{}" fill="#d62728"><title>idx {} t={:.3} {}: {:.3} m</title></circle>"##,
            err.y + err.h,
            dot * 0.8,
            x.index,
            x.t,
            x.kind,
            x.error
        );
    }
    s.push_str("</svg>\n");
    s
}

/// A number without a trailing `.0`.
fn trim(v: f64) -> String {
    // `+ 0.0` turns -0 into 0.
    let t = format!("{:.2}", v + 0.0);
    t.trim_end_matches('0').trim_end_matches('.').to_owned()
}

/// The direction in which `points` (top view, metres) spread most, as a unit vector (x east,
/// y north) and its compass bearing (degrees, 0 = north, clockwise, in 0..180): the principal
/// axis of their covariance. East when they do not spread.
fn main_direction(points: impl Iterator<Item = glam::Vec3>) -> ((f64, f64), f64) {
    let pts: Vec<(f64, f64)> = points.map(|p| (f64::from(p.x), f64::from(p.y))).collect();
    if pts.is_empty() {
        return ((1.0, 0.0), 90.0);
    }
    let n = pts.len() as f64;
    let (mx, my) = pts
        .iter()
        .fold((0.0, 0.0), |(a, b), (x, y)| (a + x / n, b + y / n));
    let (mut sxx, mut syy, mut sxy) = (0.0, 0.0, 0.0);
    for (x, y) in &pts {
        sxx += (x - mx) * (x - mx);
        syy += (y - my) * (y - my);
        sxy += (x - mx) * (y - my);
    }
    let angle = 0.5 * (2.0 * sxy).atan2(sxx - syy);
    let (mut ux, mut uy) = (angle.cos(), angle.sin());
    // Bearing in 0..180: point the axis east-ish (or due north).
    if ux < -1e-12 || (ux.abs() <= 1e-12 && uy < 0.0) {
        (ux, uy) = (-ux, -uy);
    }
    let bearing = ux.atan2(uy).to_degrees().rem_euclid(180.0);
    ((ux, uy), bearing)
}

/// The grid of a time panel: value lines and labels on the left, time lines, and time labels
/// under the panel when `time_labels`.
fn time_grid(
    s: &mut String,
    p: &Panel,
    (t0, t1): (f64, f64),
    (v0, v1): (f64, f64),
    time_labels: bool,
) {
    for v in ticks(v0, v1) {
        grid_row(s, p, p.y + p.h - (v - v0) / (v1 - v0) * p.h, v);
    }
    for t in ticks(t0, t1) {
        let x = p.x + (t - t0) / (t1 - t0) * p.w;
        grid_column(s, p, x, time_labels.then_some(t));
    }
    if time_labels {
        let _ = writeln!(
            s,
            r#"<text x="{}" y="{}" text-anchor="middle">t (s, the recording's clock)</text>"#,
            p.x + p.w / 2.0,
            p.y + p.h + 32.0
        );
    }
}

fn frame(s: &mut String, p: &Panel, title: &str) {
    let _ = writeln!(
        s,
        r##"<rect x="{}" y="{}" width="{}" height="{}" fill="none" stroke="#444"/><text x="{}" y="{}" font-weight="bold">{}</text>"##,
        p.x,
        p.y,
        p.w,
        p.h,
        p.x,
        p.y - 7.0,
        esc(title)
    );
}

/// Metre grid lines of the top view, labelled: `(x0, x1, y0, y1)` the metres shown,
/// `(ox, oy, k)` where `x0` / `y1` sit on the page and the pixels per metre.
fn grid(
    s: &mut String,
    p: &Panel,
    (x0, x1, y0, y1): (f64, f64, f64, f64),
    (ox, oy, k): (f64, f64, f64),
) {
    for x in ticks(x0, x1) {
        let sx = ox + (x - x0) * k;
        if sx < p.x || sx > p.x + p.w {
            continue;
        }
        grid_column(s, p, sx, Some(x));
    }
    for y in ticks(y0, y1) {
        let sy = oy + (y1 - y) * k;
        if sy < p.y || sy > p.y + p.h {
            continue;
        }
        grid_row(s, p, sy, y);
    }
}

/// A grid line across panel `p` at height `y`, labelled `value` on the left.
fn grid_row(s: &mut String, p: &Panel, y: f64, value: f64) {
    let _ = writeln!(
        s,
        r##"<line x1="{}" y1="{y:.1}" x2="{}" y2="{y:.1}" stroke="#eee"/><text x="{}" y="{:.1}" text-anchor="end" font-size="10">{}</text>"##,
        p.x,
        p.x + p.w,
        p.x - 4.0,
        y + 3.0,
        trim(value)
    );
}

/// A grid line down panel `p` at `x`, labelled `value` under the panel when given.
fn grid_column(s: &mut String, p: &Panel, x: f64, value: Option<f64>) {
    let _ = writeln!(
        s,
        r##"<line x1="{x:.1}" y1="{}" x2="{x:.1}" y2="{}" stroke="#eee"/>"##,
        p.y,
        p.y + p.h,
    );
    if let Some(v) = value {
        let _ = writeln!(
            s,
            r#"<text x="{x:.1}" y="{}" text-anchor="middle" font-size="10">{}</text>"#,
            p.y + p.h + 14.0,
            trim(v)
        );
    }
}

/// A legend entry's symbol.
enum Mark {
    /// A line of this colour and dash pattern.
    Line(&'static str, &'static str),
    /// A filled dot.
    Dot(&'static str),
    /// A ring.
    Ring(&'static str),
}

fn legend(s: &mut String, x: f64, y: f64, entries: &[(Mark, &str)]) {
    // One row, each entry as wide as its text (about 6 px a character at 11 px).
    s.push_str("<g font-size=\"11\">\n");
    let mut at = x;
    let cy = y + 8.0;
    for (mark, text) in entries {
        let _ = match mark {
            Mark::Line(c, dash) => writeln!(
                s,
                r#"<line x1="{at}" y1="{cy}" x2="{}" y2="{cy}" stroke="{c}" stroke-width="2" stroke-dasharray="{dash}"/>"#,
                at + 22.0
            ),
            Mark::Dot(c) => writeln!(
                s,
                r#"<circle cx="{}" cy="{cy}" r="3.5" fill="{c}"/>"#,
                at + 11.0
            ),
            Mark::Ring(c) => writeln!(
                s,
                r#"<circle cx="{}" cy="{cy}" r="6" fill="none" stroke="{c}" stroke-width="1.5"/>"#,
                at + 11.0
            ),
        };
        let _ = writeln!(
            s,
            r#"<text x="{}" y="{}">{}</text>"#,
            at + 28.0,
            cy + 4.0,
            esc(text)
        );
        at += 28.0 + 6.0 * text.chars().count() as f64 + 18.0;
    }
    s.push_str("</g>\n");
}

/// Round tick values between `a` and `b` (about 5–10 of them).
fn ticks(a: f64, b: f64) -> Vec<f64> {
    let span = (b - a).max(1e-9);
    let raw = span / 8.0;
    let mag = 10f64.powf(raw.log10().floor());
    let step = [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .map(|m| m * mag)
        .find(|st| *st >= raw)
        .unwrap_or(10.0 * mag);
    let mut t = (a / step).ceil() * step;
    let mut out = Vec::new();
    while t <= b + 1e-9 && out.len() < 100 {
        out.push(t);
        t += step;
    }
    out
}

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fixture(name: &str) -> PathBuf {
        PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../fixtures/realdata")
            .join(name)
    }

    #[test]
    fn guids_parse_in_hex_and_decimal() {
        assert_eq!(parse_guid("0x80000463"), Ok(0x8000_0463));
        assert_eq!(parse_guid("42"), Ok(42));
        assert!(parse_guid("0xZZ").is_err());
    }

    #[test]
    fn sessions_read_in_recording_order() {
        let records = read_session(&fixture("first-login-walk-jump.jsonl")).unwrap();
        assert_eq!(records.len(), 117);
        assert!(records.windows(2).all(|w| w[0].index < w[1].index));
    }

    #[test]
    fn the_first_login_replay_reports_every_recorded_position_and_draws_it() {
        let session = fixture("first-login-walk-jump.jsonl");
        let records = read_session(&session).unwrap();
        let portal = synthetic_portal().unwrap();
        let options = ReplayOptions {
            model: Model::Setup(synthetic::HUMANOID_SETUP_ID),
            ..ReplayOptions::new(Subject::LocalPlayer)
        };
        let report = replay(&portal, &records, &options).unwrap();
        // 12 MoveToStates, 5 AutonomousPositions and a Jump; the first placed the player.
        let positions = records
            .iter()
            .filter(|r| matches!(r.message, Message::GameAction { .. }))
            .count();
        assert_eq!((positions, report.samples.len()), (18, 17));

        let text = render_text(&session, DatSource::Synthetic, &report, false);
        assert!(text.starts_with("dat: synthetic"), "{text}");
        assert!(text.contains("not the retail ones"), "{text}");
        // One row per recorded position: its index, and a finite error.
        let rows: Vec<&str> = text
            .lines()
            .filter(|l| {
                l.split_whitespace()
                    .next()
                    .is_some_and(|w| w.parse::<u64>().is_ok())
            })
            .collect();
        assert_eq!(rows.len(), report.samples.len(), "{text}");
        for (row, sample) in rows.iter().zip(&report.samples) {
            let cols: Vec<&str> = row.split_whitespace().collect();
            assert_eq!(cols[0], sample.index.to_string(), "{row}");
            let error: f32 = cols[cols.len() - 2].parse().unwrap();
            assert!(
                error.is_finite() && (error - sample.error).abs() < 5e-4,
                "{row}"
            );
        }
        assert!(text.contains("positions: 17  mean error:"), "{text}");

        let svg = render_svg(&session, DatSource::Synthetic, &report);
        assert!(svg.starts_with("<svg") && svg.ends_with("</svg>\n"));
        assert!(svg.contains("not the retail ones"));
        // Every recorded position is marked in the top view and in both time panels.
        assert_eq!(svg.matches(": recorded; error").count(), 17);
        assert_eq!(svg.matches(": recorded</title>").count(), 17);
        assert_eq!(svg.matches(" m</title></circle>").count(), 17);
        assert!(!svg.contains("NaN") && !svg.contains("inf"));
    }

    #[test]
    fn the_main_direction_is_the_spread_and_its_bearing() {
        let pts = [(0.0, 0.0), (1.0, -1.0), (2.0, -2.0)].map(|(x, y)| glam::Vec3::new(x, y, 0.0));
        let ((ux, uy), bearing) = main_direction(pts.into_iter());
        assert!((bearing - 135.0).abs() < 1e-9, "{bearing}");
        assert!((ux - 0.5f64.sqrt()).abs() < 1e-9 && (uy + 0.5f64.sqrt()).abs() < 1e-9);
        let north = [(0.0, 0.0), (0.0, 5.0)].map(|(x, y)| glam::Vec3::new(x, y, 0.0));
        assert!(main_direction(north.into_iter()).1.abs() < 1e-9);
        assert_eq!(main_direction(std::iter::empty()).1, 90.0);
    }

    #[test]
    fn ticks_are_round() {
        assert_eq!(
            ticks(0.0, 8.0),
            vec![0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0]
        );
        assert_eq!(ticks(56.5, 140.0)[0], 60.0);
    }
}
