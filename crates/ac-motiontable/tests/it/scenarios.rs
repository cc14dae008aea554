//! The table- and manager-layer conformance scenarios, replayed against a model sequence.
//!
//! This is not the real runner (`cargo xtask scenario`): it understands only the definitions
//! and the motion-table and manager steps (docs/scenarios.md, "Format reference") and drives the resolver/manager with a
//! [`RecordingSequence`] whose node model applies ACE's frame clamping. The sequence's play head
//! (`curr`, `frame`) is `ac-sequence`'s business, so those two fields are masked; every other
//! dumped value (results, state, lists, node list, velocity/omega, pending queue, events) is
//! compared exactly. A scenario is compared up to its first step this harness cannot run
//! (`tick`, `update`, ...).

use ac_motiontable::Rules;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use ac_dat::{AnimData, MotionData, MotionTable};
use ac_motiontable::{
    AnimSequence, MotionCompletion, MotionTableManager, MovementType, RecordingSequence, Resolver,
    motion,
};
use glam::Vec3;

/// The scenario directory: the repository's conformance corpus.
pub fn scenario_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/scenarios")
}

/// A model sequence that clamps appended refs like `AnimSequenceNode.set_animation_id`.
pub struct TestSeq {
    pub rec: RecordingSequence,
    frames: Arc<BTreeMap<u32, u32>>,
}

impl TestSeq {
    pub fn new(frames: Arc<BTreeMap<u32, u32>>) -> Self {
        Self {
            rec: RecordingSequence::new(),
            frames,
        }
    }
}

impl AnimSequence for TestSeq {
    fn clear_physics(&mut self) {
        self.rec.clear_physics()
    }
    fn clear_animations(&mut self) {
        self.rec.clear_animations()
    }
    fn remove_cyclic_anims(&mut self) {
        self.rec.remove_cyclic_anims()
    }
    fn remove_link_animations(&mut self, n: u32) {
        self.rec.remove_link_animations(n)
    }
    fn remove_all_link_animations(&mut self) {
        self.rec.remove_all_link_animations()
    }
    fn append_animation(&mut self, anim: &AnimData) {
        let nf = self.frames.get(&anim.anim_id).copied().unwrap_or(0);
        let last = nf.wrapping_sub(1) as i32;
        let mut a = *anim;
        if a.high_frame < 0 {
            a.high_frame = last;
        }
        if a.low_frame as i64 >= nf as i64 {
            a.low_frame = last;
        }
        if a.high_frame as i64 >= nf as i64 {
            a.high_frame = last;
        }
        if a.low_frame > a.high_frame {
            a.high_frame = a.low_frame;
        }
        self.rec.append_animation(&a)
    }
    fn set_velocity(&mut self, v: Vec3) {
        self.rec.set_velocity(v)
    }
    fn set_omega(&mut self, v: Vec3) {
        self.rec.set_omega(v)
    }
    fn combine_physics(&mut self, v: Vec3, w: Vec3) {
        self.rec.combine_physics(v, w)
    }
    fn subtract_physics(&mut self, v: Vec3, w: Vec3) {
        self.rec.subtract_physics(v, w)
    }
    fn multiply_cyclic_animation_framerate(&mut self, r: f32) {
        self.rec.multiply_cyclic_animation_framerate(r)
    }
    fn has_anims(&self) -> bool {
        self.rec.has_anims()
    }
}

fn strip_comment(line: &str) -> &str {
    let b = line.as_bytes();
    for i in 0..b.len() {
        if b[i] == b'#' {
            let raw = i > 0
                && matches!(b[i - 1], b'=' | b',' | b':')
                && b.get(i + 1).is_some_and(|c| c.is_ascii_hexdigit());
            if !raw {
                return &line[..i];
            }
        }
    }
    line
}

fn u32v(s: &str) -> u32 {
    if let Some(h) = s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        u32::from_str_radix(h, 16).expect("hex")
    } else {
        s.parse().expect("u32")
    }
}

fn i32v(s: &str) -> i32 {
    if s.starts_with("0x") || s.starts_with("0X") {
        u32v(s) as i32
    } else {
        s.parse().expect("i32")
    }
}

fn f32v(s: &str) -> f32 {
    if let Some(h) = s.strip_prefix('#') {
        f32::from_bits(u32::from_str_radix(h, 16).expect("bits"))
    } else {
        s.parse().expect("f32")
    }
}

fn boolv(s: &str) -> bool {
    matches!(s.to_ascii_lowercase().as_str(), "1" | "true" | "yes" | "on")
}

fn motionv(s: &str) -> u32 {
    if s.starts_with(|c: char| c.is_ascii_digit()) {
        u32v(s)
    } else {
        ac_motiontable::motion_by_name(s).unwrap_or_else(|| panic!("motion name {s}"))
    }
}

fn vec3v(s: &str) -> Vec3 {
    let p: Vec<f32> = s.split(',').map(f32v).collect();
    Vec3::new(p[0], p[1], p[2])
}

fn md_from(opts: &[&str]) -> MotionData {
    let mut md = MotionData::default();
    for o in opts {
        let (k, v) = o.split_once('=').expect("key=value");
        match k {
            "bitfield" => md.bitfield = u32v(v) as u8,
            "vel" => {
                md.velocity = vec3v(v);
                md.flags |= 1;
            }
            "omega" => {
                md.omega = vec3v(v);
                md.flags |= 2;
            }
            "anims" => {
                md.anims = v
                    .split(',')
                    .map(|r| {
                        let p: Vec<&str> = r.split(':').collect();
                        AnimData {
                            anim_id: u32v(p[0]),
                            low_frame: p.get(1).map_or(0, |s| i32v(s)),
                            high_frame: p.get(2).map_or(-1, |s| i32v(s)),
                            framerate: p.get(3).map_or(30.0, |s| f32v(s)),
                        }
                    })
                    .collect()
            }
            _ => panic!("md key {k}"),
        }
    }
    md
}

#[derive(Default, Clone)]
struct TableDef {
    id: u32,
    default_style: u32,
    style_defaults: BTreeMap<u32, u32>,
    cycles: BTreeMap<u32, MotionData>,
    modifiers: BTreeMap<u32, MotionData>,
    links: BTreeMap<u32, BTreeMap<u32, MotionData>>,
}

impl TableDef {
    fn build(&self) -> MotionTable {
        MotionTable {
            id: self.id,
            default_style: self.default_style,
            style_defaults: self.style_defaults.iter().map(|(k, v)| (*k, *v)).collect(),
            cycles: self.cycles.iter().map(|(k, v)| (*k, v.clone())).collect(),
            modifiers: self
                .modifiers
                .iter()
                .map(|(k, v)| (*k, v.clone()))
                .collect(),
            links: self
                .links
                .iter()
                .map(|(k, m)| (*k, m.iter().map(|(i, v)| (*i, v.clone())).collect()))
                .collect(),
        }
    }
}

fn fmt_v(v: Vec3) -> String {
    format!("{},{},{}", v.x, v.y, v.z)
}

fn dump(out: &mut Vec<String>, mgr: &MotionTableManager, seq: &TestSeq) {
    let st = mgr.state();
    out.push(format!(
        "  state style=0x{:08X} substate=0x{:08X} mod={}",
        st.style, st.substate, st.substate_mod
    ));
    let list = |l: &[ac_motiontable::Motion]| {
        if l.is_empty() {
            "-".to_string()
        } else {
            l.iter()
                .map(|m| format!("0x{:08X}@{}", m.id, m.speed_mod))
                .collect::<Vec<_>>()
                .join(" ")
        }
    };
    out.push(format!("  modifiers {}", list(st.modifiers())));
    out.push(format!("  actions {}", list(st.actions())));
    let nodes = seq.rec.nodes();
    out.push(format!(
        "  seq nodes={} first_cyclic={} curr=* frame=* vel={} omega={}",
        nodes.len(),
        seq.rec.first_cyclic().map_or(-1, |i| i as i64),
        fmt_v(seq.rec.velocity()),
        fmt_v(seq.rec.omega())
    ));
    for (i, n) in nodes.iter().enumerate() {
        out.push(format!(
            "  node {} anim=0x{:08X} fps={} lo={} hi={}",
            i, n.anim_id, n.framerate, n.low_frame, n.high_frame
        ));
    }
    let pend = if mgr.pending().is_empty() {
        "-".to_string()
    } else {
        mgr.pending()
            .iter()
            .map(|e| format!("0x{:08X}:{}", e.motion, e.num_anims))
            .collect::<Vec<_>>()
            .join(" ")
    };
    out.push(format!(
        "  mtm counter={} pending {}",
        mgr.animation_counter(),
        pend
    ));
}

/// Mask the play-head fields of an expected `seq` line.
fn mask(line: &str) -> String {
    if !line.starts_with("  seq ") {
        return line.to_string();
    }
    line.split(' ')
        .map(|t| {
            if t.starts_with("curr=") {
                "curr=*".to_string()
            } else if t.starts_with("frame=") {
                "frame=*".to_string()
            } else {
                t.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Result of replaying one scenario.
pub struct Replay {
    /// The produced trace lines (up to the first unsupported step).
    pub lines: Vec<String>,
    /// Number of steps run.
    pub steps: usize,
    /// Whether every step was supported.
    pub complete: bool,
}

/// Replay `path` as far as this harness can.
pub fn replay(path: &Path) -> Replay {
    let text = std::fs::read_to_string(path).expect("read scenario");
    let mut frames: BTreeMap<u32, u32> = BTreeMap::new();
    let mut tables: BTreeMap<u32, TableDef> = BTreeMap::new();
    let mut cur_table: Option<u32> = None;
    let mut out = Vec::new();
    let mut step = 0;
    let mut mgr: Option<(MotionTableManager, TestSeq, bool)> = None;
    let mut completions: Vec<MotionCompletion> = Vec::new();
    for raw in text.lines() {
        let toks: Vec<&str> = strip_comment(raw).split_whitespace().collect();
        if toks.is_empty() {
            continue;
        }
        let t = |i: usize| toks[i];
        let positional: Vec<&str> = toks[1..]
            .iter()
            .copied()
            .filter(|s| !s.contains('='))
            .collect();
        let opts: Vec<&str> = toks[1..]
            .iter()
            .copied()
            .filter(|s| s.contains('='))
            .collect();
        let opt = |k: &str| {
            opts.iter()
                .rev()
                .find_map(|o| o.strip_prefix(k).and_then(|r| r.strip_prefix('=')))
        };
        let tab = |_: &mut BTreeMap<u32, TableDef>| -> u32 { cur_table.expect("table") };
        match t(0) {
            "anim" => {
                frames.insert(u32v(t(1)), opt("frames").map_or(1, u32v));
                continue;
            }
            "posframe" | "hook" | "option" => continue,
            "table" => {
                let id = u32v(t(1));
                tables.insert(
                    id,
                    TableDef {
                        id,
                        default_style: opt("default_style").map_or(0, motionv),
                        ..TableDef::default()
                    },
                );
                cur_table = Some(id);
                continue;
            }
            "style_default" => {
                let id = tab(&mut tables);
                tables
                    .get_mut(&id)
                    .unwrap()
                    .style_defaults
                    .insert(motionv(t(1)), motionv(t(2)));
                continue;
            }
            "cycle" => {
                let id = tab(&mut tables);
                let key = (motionv(positional[0]) << 16) | (motionv(positional[1]) & 0xFF_FFFF);
                tables
                    .get_mut(&id)
                    .unwrap()
                    .cycles
                    .insert(key, md_from(&opts));
                continue;
            }
            "modifier" => {
                let id = tab(&mut tables);
                let m = motionv(positional[1]);
                let key = if positional[0] == "*" {
                    m & 0xFF_FFFF
                } else {
                    (motionv(positional[0]) << 16) | (m & 0xFF_FFFF)
                };
                tables
                    .get_mut(&id)
                    .unwrap()
                    .modifiers
                    .insert(key, md_from(&opts));
                continue;
            }
            "link" => {
                let id = tab(&mut tables);
                let style = motionv(positional[0]);
                let outer = if positional[1] == "*" {
                    style << 16
                } else {
                    (style << 16) | (motionv(positional[1]) & 0xFF_FFFF)
                };
                let to = motionv(positional[2]);
                tables
                    .get_mut(&id)
                    .unwrap()
                    .links
                    .entry(outer)
                    .or_default()
                    .insert(to, md_from(&opts));
                continue;
            }
            _ => {}
        }
        // A step.
        let supported = [
            "object",
            "dump",
            "set_default_state",
            "do_object_motion",
            "get_object_sequence",
            "stop_object_motion",
            "stop_object_completely",
            "initialize_state",
            "perform",
            "animation_done",
            "check_for_completed_motions",
            "use_time",
            "handle_enter_world",
            "handle_exit_world",
        ];
        if !supported.contains(&t(0)) {
            return Replay {
                lines: out,
                steps: step,
                complete: false,
            };
        }
        step += 1;
        out.push(format!("step {step}: {}", toks.join(" ")));
        completions.clear();
        if t(0) == "object" {
            let table = opt("table").map_or(0, u32v);
            let weenie = opt("weenie").is_none_or(boolv);
            let frames = Arc::new(frames.clone());
            let resolver =
                (table != 0).then(|| Resolver::new(tables[&table].build(), Rules::default()));
            mgr = Some((
                MotionTableManager::new(resolver, Rules::default()),
                TestSeq::new(frames),
                weenie,
            ));
        } else {
            let (m, seq, _) = mgr.as_mut().expect("object");
            let speed = || positional.get(1).map_or(1.0, |s| f32v(s));
            let table_result = |o: ac_motiontable::Outcome| {
                format!("  result {} num_anims={}", o.ok as u8, o.num_anims)
            };
            match t(0) {
                "dump" => {}
                "set_default_state" => {
                    let (r, st) = m.table_and_state_mut();
                    out.push(table_result(r.unwrap().set_default_state(st, seq)));
                }
                "do_object_motion" => {
                    let (r, st) = m.table_and_state_mut();
                    let o = r
                        .unwrap()
                        .do_object_motion(motionv(positional[0]), st, seq, speed());
                    out.push(table_result(o));
                }
                "get_object_sequence" => {
                    let (r, st) = m.table_and_state_mut();
                    let stop = positional.get(2).is_some_and(|s| boolv(s));
                    let o = r.unwrap().get_object_sequence(
                        motionv(positional[0]),
                        st,
                        seq,
                        speed(),
                        stop,
                    );
                    out.push(table_result(o));
                }
                "stop_object_motion" => {
                    let (r, st) = m.table_and_state_mut();
                    let o = r
                        .unwrap()
                        .stop_object_motion(motionv(positional[0]), speed(), st, seq);
                    out.push(table_result(o));
                }
                "stop_object_completely" => {
                    let (r, st) = m.table_and_state_mut();
                    out.push(table_result(r.unwrap().stop_object_completely(st, seq)));
                }
                "initialize_state" => m.initialize_state(seq),
                "perform" => {
                    let (kind, mo, sp) = match positional[0] {
                        "interpreted" => (
                            MovementType::InterpretedCommand,
                            motionv(positional[1]),
                            positional.get(2).map_or(1.0, |s| f32v(s)),
                        ),
                        "stop" => (
                            MovementType::StopInterpretedCommand,
                            motionv(positional[1]),
                            positional.get(2).map_or(1.0, |s| f32v(s)),
                        ),
                        "stop_completely" => (MovementType::StopCompletely, 0, 1.0),
                        other => panic!("perform {other}"),
                    };
                    out.push(format!(
                        "  result {}",
                        m.perform_movement(kind, mo, sp, seq)
                    ));
                }
                "animation_done" => {
                    let ok = positional.first().is_none_or(|s| boolv(s));
                    m.animation_done(ok, &mut completions)
                }
                "check_for_completed_motions" => m.check_for_completed_motions(&mut completions),
                "use_time" => m.use_time(&mut completions),
                "handle_enter_world" => m.handle_enter_world(seq, &mut completions),
                "handle_exit_world" => m.handle_exit_world(&mut completions),
                _ => unreachable!(),
            }
        }
        let (m, seq, weenie) = mgr.as_ref().expect("object");
        for c in &completions {
            out.push(format!(
                "  event motion_done 0x{:08X} {}",
                c.motion, c.success
            ));
            if *weenie {
                out.push(format!(
                    "  event weenie_motion_done 0x{:08X} {}",
                    c.motion, c.success
                ));
            }
        }
        dump(&mut out, m, seq);
    }
    let _ = motion::READY;
    Replay {
        lines: out,
        steps: step,
        complete: true,
    }
}

/// Compare a replay with the expected trace (masked); `Err` describes the first difference.
pub fn compare(path: &Path) -> Result<usize, String> {
    let rep = replay(path);
    let expected = std::fs::read_to_string(path.with_extension("expected")).expect("expected");
    let exp: Vec<String> = expected.lines().map(mask).collect();
    let n = rep.lines.len();
    let cut = if rep.complete {
        exp.len()
    } else {
        // Compare only the steps that ran.
        exp.iter()
            .position(|l| l.starts_with(&format!("step {}:", rep.steps + 1)))
            .unwrap_or(exp.len())
    };
    for i in 0..n.max(cut) {
        let a = rep.lines.get(i).map(String::as_str).unwrap_or("<none>");
        let e = exp
            .get(i)
            .filter(|_| i < cut)
            .map(String::as_str)
            .unwrap_or("<none>");
        if a != e {
            let ctx = rep.lines[..i.min(n)]
                .iter()
                .rev()
                .find(|l| l.starts_with("step "))
                .cloned()
                .unwrap_or_default();
            return Err(format!(
                "{}: line {}: (in {ctx})\n  expected: {e}\n  actual:   {a}",
                path.display(),
                i + 1
            ));
        }
    }
    Ok(rep.steps)
}

fn layer_files(layers: &[&str]) -> Vec<PathBuf> {
    let dir = scenario_dir();
    let index = std::fs::read_to_string(dir.join("index.tsv")).expect("index.tsv");
    index
        .lines()
        .skip(1)
        .filter_map(|l| {
            let mut c = l.split('\t');
            let f = c.next()?;
            let layer = c.next()?;
            layers.contains(&layer).then(|| dir.join(f))
        })
        .collect()
}

fn run_layers(layers: &[&str]) {
    let files = layer_files(layers);
    assert!(!files.is_empty(), "no scenarios for {layers:?}");
    let mut failures = Vec::new();
    let mut steps = 0;
    for f in &files {
        let r = replay(f);
        eprintln!(
            "{}: {} steps, complete={}",
            f.display(),
            r.steps,
            r.complete
        );
        match compare(f) {
            Ok(n) => steps += n,
            Err(e) => failures.push(e),
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} scenarios differ ({steps} steps matched elsewhere):\n{}",
        failures.len(),
        files.len(),
        failures.join("\n")
    );
    assert!(steps > 0);
}

#[test]
fn motiontable_layer_scenarios_match() {
    run_layers(&["motiontable"]);
}

#[test]
fn manager_layer_scenarios_match() {
    run_layers(&["manager"]);
}

#[test]
fn random_table_and_manager_scenarios_match() {
    run_layers(&["random-table", "random-manager"]);
}
