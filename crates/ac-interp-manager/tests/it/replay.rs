//! Trace replay: drive the managers with the numbers recorded in the interpolation corpus
//! (the `interp_*` and `rnd_interp_*` traces) and check that every `im` line, every slice's `adjusted=` offset, the
//! blip events and the resulting positions come out bit-identical.
//!
//! The replay needs no physics object: the parts of the slice outside this crate (the sequence
//! offset, physics, placement) are read back from the trace itself — the `anim=` offset before
//! the correction and the `candidate=` frame after it — and the object state the managers
//! query (position, Contact, the interpreter's max-speed inputs) is re-synchronised from each
//! step's dump. What is left to compute is exactly this crate's job.
//!
//! Every hand-written trace and two random ones are embedded (fixtures copied from the public
//! corpus, `tests/it/fixtures/`); the whole public corpus is replayed as well when
//! `/work/shared/scenarios/public` (or `$AC_SCENARIOS_DIR`) is present.

use std::fmt::Write as _;

use ac_dat::Frame;
use ac_interp_manager::{MoveOrTeleportAction, PositionManager, move_or_teleport_action};
use glam::{Quat, Vec3};

use crate::host::{HostEvent, TestHost};

const RUN_FORWARD: u32 = 0x4400_0007;
const TICK: f64 = (1.0f32 / 30.0f32) as f64;
const MAXQ: f64 = 0.1f32 as f64;

struct Step {
    op: String,
    lines: Vec<String>,
}

fn parse_steps(text: &str) -> Vec<Step> {
    let mut steps: Vec<Step> = Vec::new();
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("step ") {
            let op = rest.split_once(": ").map(|(_, op)| op).unwrap_or("");
            steps.push(Step {
                op: op.to_string(),
                lines: Vec::new(),
            });
        } else if let Some(s) = steps.last_mut() {
            s.lines.push(line.trim().to_string());
        }
    }
    steps
}

fn f(s: &str) -> f32 {
    s.parse().unwrap_or_else(|_| panic!("bad f32 {s:?}"))
}

fn vec3(s: &str) -> Vec3 {
    let v: Vec<f32> = s.split(',').map(f).collect();
    Vec3::new(v[0], v[1], v[2])
}

/// `w,x,y,z` → Quat.
fn quat(s: &str) -> Quat {
    let v: Vec<f32> = s.split(',').map(f).collect();
    Quat::from_xyzw(v[1], v[2], v[3], v[0])
}

fn frame(s: &str) -> Frame {
    let (o, q) = s.split_once('/').expect("frame");
    Frame {
        origin: vec3(o),
        orientation: quat(q),
    }
}

fn hex(s: &str) -> u32 {
    u32::from_str_radix(s.trim_start_matches("0x"), 16).expect("hex")
}

fn fmt_vec(v: Vec3) -> String {
    format!("{},{},{}", v.x, v.y, v.z)
}

fn fmt_quat(q: Quat) -> String {
    format!("{},{},{},{}", q.w, q.x, q.y, q.z)
}

fn fmt_frame(fr: &Frame) -> String {
    format!("{}/{}", fmt_vec(fr.origin), fmt_quat(fr.orientation))
}

fn fmt_pos(p: &ac_interp_manager::Position) -> String {
    format!(
        "0x{:08X}:{}:{}",
        p.cell_id,
        fmt_vec(p.frame.origin),
        fmt_quat(p.frame.orientation)
    )
}

/// The `im` line of the trace (docs/scenarios.md, "The trace").
fn im_line(pm: Option<&PositionManager>) -> String {
    let Some(im) = pm.and_then(PositionManager::interpolation) else {
        return "im none".to_string();
    };
    let mut s = format!("im queue={} [", im.len());
    for (i, n) in im.nodes().enumerate() {
        if i > 0 {
            s.push(' ');
        }
        match n.node_type {
            ac_interp_manager::NodeType::Position => {
                let _ = write!(s, "1:{}", fmt_pos(&n.position));
            }
            ac_interp_manager::NodeType::Jump => {
                let _ = write!(s, "2:{}", n.extent);
            }
            ac_interp_manager::NodeType::Velocity => {
                let _ = write!(s, "3:{}", fmt_vec(n.velocity));
            }
        }
    }
    let _ = write!(
        s,
        "] fail={} frame_counter={} progress_quantum={} original_distance={} keep_heading={} blip={}",
        im.node_fail_counter(),
        im.frame_counter(),
        im.progress_quantum(),
        im.original_distance(),
        u8::from(im.keep_heading()),
        fmt_pos(im.blip_to())
    );
    s
}

/// `<cell> x,y,z [qw,qx,qy,qz]` from op tokens; returns the position and the remaining tokens.
fn parse_pos<'a>(toks: &[&'a str]) -> (ac_interp_manager::Position, Vec<&'a str>) {
    let cell = hex(toks[0]);
    let origin = vec3(toks[1]);
    let mut rest = 2;
    let mut q = Quat::IDENTITY;
    if toks.len() > 2 && !toks[2].contains('=') {
        q = quat(toks[2]);
        rest = 3;
    }
    (
        ac_interp_manager::Position::new(
            cell,
            Frame {
                origin,
                orientation: q,
            },
        ),
        toks[rest..].to_vec(),
    )
}

fn kv<'a>(toks: &[&'a str], key: &str) -> Option<&'a str> {
    toks.iter()
        .find_map(|t| t.strip_prefix(key).and_then(|r| r.strip_prefix('=')))
}

fn field<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    line.split(' ')
        .find_map(|t| t.strip_prefix(key).and_then(|r| r.strip_prefix('=')))
}

/// Object state mirrored from the trace.
struct Obj {
    host: TestHost,
    pm: Option<PositionManager>,
    weenie: bool,
    run_rate: Option<f32>,
    player_distance: f32,
    moving_to: bool,
    teleport_stamp: i32,
    transient: u32,
    scale: f32,
    has_cell: bool,
    mm: bool,
    my_run_rate: f32,
    speed_factor: f32,
    fwd: u32,
    fwd_speed: f32,
}

impl Obj {
    fn new(weenie: bool) -> Self {
        let mut host = TestHost::at(0, 0.0, 0.0, 0.0);
        host.contact = true;
        Self {
            host,
            pm: None,
            weenie,
            run_rate: None,
            player_distance: f32::MAX,
            moving_to: false,
            teleport_stamp: 0,
            transient: 0x3,
            scale: 1.0,
            has_cell: true,
            mm: false,
            my_run_rate: 1.0,
            speed_factor: 1.0,
            fwd: 0x4100_0003,
            fwd_speed: 1.0,
        }
    }

    /// `get_adjusted_max_speed` from the mirrored interpreter state.
    fn adjusted_max_speed(&self) -> f32 {
        let (my_run_rate, speed_factor, fwd, fwd_speed) = if self.mm {
            (
                self.my_run_rate,
                self.speed_factor,
                self.fwd,
                self.fwd_speed,
            )
        } else {
            (1.0, 1.0, 0x4100_0003, 1.0)
        };
        let mut rate = if !self.weenie {
            1.0
        } else {
            self.run_rate.unwrap_or(my_run_rate)
        };
        if fwd == RUN_FORWARD {
            rate = fwd_speed / speed_factor;
        }
        rate * 4.0
    }

    fn sync(&mut self, lines: &[String]) {
        for l in lines {
            if let Some(rest) = l.strip_prefix("obj position=") {
                let t: Vec<&str> = rest.split(' ').collect();
                self.host.pos.cell_id = hex(t[0]);
                self.host.pos.frame.origin = vec3(t[1]);
                self.host.pos.frame.orientation = quat(t[2].trim_start_matches("q="));
            } else if l.starts_with("phys ") {
                self.transient = hex(field(l, "transient").expect("transient"));
                self.scale = f(field(l, "scale").expect("scale"));
                self.has_cell = field(l, "cell") != Some("-");
                self.mm = field(l, "mm") == Some("1");
            } else if l.starts_with("mi initted") {
                self.my_run_rate = f(field(l, "my_run_rate").expect("my_run_rate"));
                self.speed_factor = f(field(l, "speed_factor").expect("speed_factor"));
            } else if l.starts_with("mi_interp ") {
                self.fwd = hex(field(l, "fwd").expect("fwd"));
                self.fwd_speed = f(field(l, "fwd_speed").expect("fwd_speed"));
            }
        }
        self.host.contact = self.transient & 1 != 0;
    }
}

/// Replay one `.expected` trace; returns the mismatches found.
pub fn replay(name: &str, text: &str) -> Vec<String> {
    let mut errs = Vec::new();
    let mut obj: Option<Obj> = None;
    for (i, step) in parse_steps(text).iter().enumerate() {
        let n = i + 1;
        let toks: Vec<&str> = step.op.split(' ').collect();
        let op = toks[0];
        if op == "object" {
            obj = Some(Obj::new(kv(&toks, "weenie") != Some("0")));
            if let Some(o) = obj.as_mut() {
                o.sync(&step.lines);
            }
            continue;
        }
        let Some(o) = obj.as_mut() else { continue };
        o.host.events.clear();
        o.host.speed = Some(o.adjusted_max_speed());
        let mut my_result: Option<String> = None;
        let mut slices_checked = Vec::new();
        match op {
            "set" => {
                if let Some(v) = kv(&toks, "player_distance") {
                    o.player_distance = f(v);
                }
                if let Some(v) = kv(&toks, "moving_to") {
                    o.moving_to = v == "1" || v == "true";
                }
                if let Some(v) = kv(&toks, "teleport_stamp") {
                    o.teleport_stamp = v.parse().expect("stamp");
                }
                if let Some(v) = kv(&toks, "run_rate") {
                    o.run_rate = if v == "none" { None } else { Some(f(v)) };
                }
            }
            "im_interpolate_to" => {
                let (p, rest) = parse_pos(&toks[1..]);
                let keep = kv(&rest, "keep_heading") == Some("1");
                o.pm.get_or_insert_with(PositionManager::default)
                    .interpolate_to(&mut o.host, &p, keep);
            }
            "move_or_teleport" => {
                let (p, rest) = parse_pos(&toks[1..]);
                let contact = kv(&rest, "contact") != Some("0");
                let ts: i32 = kv(&rest, "timestamp").map_or(0, |v| v.parse().expect("ts"));
                let action = move_or_teleport_action(
                    o.teleport_stamp,
                    ts,
                    o.has_cell,
                    contact,
                    o.player_distance,
                );
                my_result = Some(format!("result {}", u8::from(action.result())));
                match action {
                    MoveOrTeleportAction::Refuse => {}
                    MoveOrTeleportAction::Teleport | MoveOrTeleportAction::Place => {
                        if let Some(pm) = o.pm.as_mut() {
                            pm.stop_interpolating();
                        }
                        o.host.set_position_simple_for_test(&p);
                    }
                    MoveOrTeleportAction::Interpolate => {
                        let keep = o.moving_to && o.mm;
                        o.pm.get_or_insert_with(PositionManager::default)
                            .interpolate_to(&mut o.host, &p, keep);
                    }
                }
            }
            "im_push" => {
                let pm = o.pm.get_or_insert_with(PositionManager::default);
                if toks[1] == "velocity" {
                    pm.push_velocity(vec3(toks[2]));
                } else {
                    pm.push_jump(f(toks[2]));
                }
            }
            "im_use_time" => match o.pm.as_mut().and_then(PositionManager::interpolation_mut) {
                Some(im) => im.use_time(&mut o.host),
                None => my_result = Some("result none".into()),
            },
            "im_node_completed" => match o.pm.as_mut().and_then(PositionManager::interpolation_mut)
            {
                Some(im) => im.node_completed(&o.host, toks[1] == "1"),
                None => my_result = Some("result none".into()),
            },
            "im_stop" => {
                if let Some(pm) = o.pm.as_mut() {
                    pm.stop_interpolating();
                }
            }
            "im_is_interpolating" => {
                let r = o.pm.as_ref().is_some_and(PositionManager::is_interpolating);
                my_result = Some(format!("result {}", u8::from(r)));
            }
            "physics_tick" | "physics_update" => {
                let slice_lines: Vec<&String> = step
                    .lines
                    .iter()
                    .filter(|l| l.starts_with("slice "))
                    .collect();
                let quanta: Vec<f64> = if op == "physics_tick" {
                    vec![f64::from(f(toks[1]))]
                } else {
                    let mut dt: f64 = toks[1].parse().expect("dt");
                    let mut v = Vec::new();
                    if slice_lines.is_empty() {
                        dt = 0.0;
                    }
                    while dt > MAXQ {
                        v.push(MAXQ);
                        dt -= MAXQ;
                    }
                    if dt > TICK {
                        v.push(dt);
                    }
                    v
                };
                if quanta.len() != slice_lines.len() {
                    errs.push(format!("{name} step {n}: slice count mismatch"));
                }
                for (q, l) in quanta.iter().zip(slice_lines) {
                    if l.ends_with("inactive") {
                        continue;
                    }
                    let anim = field(l, "anim").expect("anim");
                    let adjusted = field(l, "adjusted").expect("adjusted");
                    let candidate = frame(field(l, "candidate").expect("candidate"));
                    let mut off = if anim == "-" {
                        Frame::IDENTITY
                    } else {
                        frame(anim)
                    };
                    let s = if o.transient & 2 != 0 { o.scale } else { 0.0 };
                    off.origin = Vec3::new(off.origin.x * s, off.origin.y * s, off.origin.z * s);
                    if let Some(pm) = o.pm.as_mut() {
                        pm.adjust_offset(&mut o.host, &mut off, *q);
                    }
                    if fmt_frame(&off) != adjusted {
                        errs.push(format!(
                            "{name} step {n}: adjusted {} != expected {adjusted}",
                            fmt_frame(&off)
                        ));
                    }
                    slices_checked.push(());
                    if l.contains(" no_spheres ") {
                        o.host.pos.frame.orientation = candidate.orientation;
                    } else {
                        o.host.pos.frame = candidate;
                    }
                    if let Some(pm) = o.pm.as_mut() {
                        pm.use_time(&mut o.host);
                    }
                }
            }
            _ => {}
        }

        // Results.
        if let Some(r) = my_result {
            let exp = step.lines.iter().find(|l| l.starts_with("result "));
            if exp.map(String::as_str) != Some(r.as_str()) {
                errs.push(format!("{name} step {n} ({}): {r} != {exp:?}", step.op));
            }
        }
        // Blip events: every set_position the managers issued, in order.
        let mine: Vec<String> = o
            .host
            .events
            .iter()
            .filter_map(|e| match e {
                HostEvent::SetPosition(p) => Some(format!(
                    "event set_position 0x{:08X} flags=0x1012",
                    p.cell_id
                )),
                _ => None,
            })
            .collect();
        let exp: Vec<String> = step
            .lines
            .iter()
            .filter(|l| l.starts_with("event set_position"))
            .cloned()
            .collect();
        if mine != exp {
            errs.push(format!(
                "{name} step {n} ({}): events {mine:?} != {exp:?}",
                step.op
            ));
        }
        // Position after the step (only meaningful for the ops this crate moves).
        if matches!(
            op,
            "im_interpolate_to"
                | "move_or_teleport"
                | "im_use_time"
                | "physics_tick"
                | "physics_update"
        ) && let Some(exp) = step.lines.iter().find(|l| l.starts_with("obj position="))
        {
            let p = &o.host.pos;
            let mine = format!(
                "obj position=0x{:08X} {} q={}",
                p.cell_id,
                fmt_vec(p.frame.origin),
                fmt_quat(p.frame.orientation)
            );
            if &mine != exp {
                errs.push(format!("{name} step {n} ({}): {mine} != {exp}", step.op));
            }
        }
        // The im line.
        if let Some(exp) = step.lines.iter().find(|l| l.starts_with("im ")) {
            let mine = im_line(o.pm.as_ref());
            if &mine != exp {
                errs.push(format!(
                    "{name} step {n} ({}):\n  mine {mine}\n  want {exp}",
                    step.op
                ));
            }
        }
        o.sync(&step.lines);
    }
    errs
}

impl TestHost {
    /// `SetPosition`/`SetPositionSimple` issued by the (mirrored) object itself.
    fn set_position_simple_for_test(&mut self, p: &ac_interp_manager::Position) {
        use ac_interp_manager::InterpHost as _;
        self.set_position_simple(p);
    }
}

fn check(name: &str, text: &str) {
    let errs = replay(name, text);
    assert!(
        errs.is_empty(),
        "{} mismatches, first ones:\n{}",
        errs.len(),
        errs.iter().take(8).cloned().collect::<Vec<_>>().join("\n")
    );
}

#[test]
fn replay_walk_server_updates() {
    check(
        "interp_walk_server_updates",
        include_str!("fixtures/interp_walk_server_updates.expected"),
    );
}

#[test]
fn replay_audit_fail_blip() {
    check(
        "interp_audit_fail_blip",
        include_str!("fixtures/interp_audit_fail_blip.expected"),
    );
}

#[test]
fn replay_keep_heading() {
    check(
        "interp_keep_heading",
        include_str!("fixtures/interp_keep_heading.expected"),
    );
}

#[test]
fn replay_velocity_jump_nodes() {
    check(
        "interp_velocity_jump_nodes",
        include_str!("fixtures/interp_velocity_jump_nodes.expected"),
    );
}

/// Every interp / random-interp trace of the repository's conformance corpus.
#[test]
fn replay_public_corpus() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../fixtures/scenarios");
    let entries = std::fs::read_dir(dir).expect("the conformance corpus is in the repository");
    let mut names: Vec<String> = entries
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| {
            (n.starts_with("interp_") || n.starts_with("rnd_interp_")) && n.ends_with(".expected")
        })
        .collect();
    names.sort();
    let mut all = Vec::new();
    for n in &names {
        let text = std::fs::read_to_string(format!("{dir}/{n}")).expect("read trace");
        all.extend(replay(n, &text));
    }
    assert!(!names.is_empty());
    assert!(
        all.is_empty(),
        "{} mismatches over {} files, first ones:\n{}",
        all.len(),
        names.len(),
        all.iter().take(12).cloned().collect::<Vec<_>>().join("\n")
    );
}

#[test]
fn replay_far_blip() {
    check(
        "interp_far_blip",
        include_str!("fixtures/interp_far_blip.expected"),
    );
}

#[test]
fn replay_move_or_teleport_96() {
    check(
        "interp_move_or_teleport_96",
        include_str!("fixtures/interp_move_or_teleport_96.expected"),
    );
}

#[test]
fn replay_small_correction_capped() {
    check(
        "interp_small_correction_capped",
        include_str!("fixtures/interp_small_correction_capped.expected"),
    );
}

/// Two seeded random scripts (outdoor cell with keep_heading, and one mixing velocity/jump
/// nodes, contact toggles and MoveOrTeleport stamps).
#[test]
fn replay_random_scripts() {
    check(
        "rnd_interp_000001",
        include_str!("fixtures/rnd_interp_000001.expected"),
    );
    check(
        "rnd_interp_000008",
        include_str!("fixtures/rnd_interp_000008.expected"),
    );
}
