//! A minimal scenario driver for the sequence-only subset of the conformance corpus
//! (docs/scenarios.md): anim definitions plus `object`, `seq_*`, `update`, `tick` and `process_hooks`
//! steps without a motion table. It prints the sequence-owned trace lines (`offset`, `seq`,
//! `node`, `hooks_pending`, `event anim_hook`), which tests compare with the same lines filtered
//! from the recorded `.expected` files. The real runner is `cargo xtask scenario`.

use ac_motiontable::Rules;
use std::sync::Arc;

use ac_dat::{AnimData, Animation, AnimationFrame, AnimationHook, Frame, HookData};
use ac_sequence::{AFrame, AnimationCache, Sequence};

use glam::{Quat, Vec3};

/// `Type:Dir` of a hook as the trace prints it.
fn hook_name(h: &AnimationHook) -> String {
    let d = ac_dat::hook_direction_name(h.direction)
        .map_or_else(|| h.direction.to_string(), str::to_string);
    format!("{}:{d}", h.data.name())
}

fn f32_of(tok: &str) -> f32 {
    if let Some(hex) = tok.strip_prefix('#') {
        f32::from_bits(u32::from_str_radix(hex, 16).expect("raw bits"))
    } else {
        tok.parse().expect("f32")
    }
}

fn u32_of(tok: &str) -> u32 {
    if let Some(h) = tok.strip_prefix("0x").or_else(|| tok.strip_prefix("0X")) {
        u32::from_str_radix(h, 16).expect("hex")
    } else {
        tok.parse().expect("u32")
    }
}

fn i32_of(tok: &str) -> i32 {
    if tok.starts_with("0x") || tok.starts_with("0X") {
        u32_of(tok) as i32
    } else {
        tok.parse().expect("i32")
    }
}

fn vec3_of(tok: &str) -> Vec3 {
    let p: Vec<f32> = tok.split(',').map(f32_of).collect();
    Vec3::new(p[0], p[1], p[2])
}

fn anim_ref(tok: &str) -> AnimData {
    let p: Vec<&str> = tok.split(':').collect();
    AnimData {
        anim_id: u32_of(p[0]),
        low_frame: p.get(1).map_or(0, |s| i32_of(s)),
        high_frame: p.get(2).map_or(-1, |s| i32_of(s)),
        framerate: p.get(3).map_or(30.0, |s| f32_of(s)),
    }
}

fn strip_comment(line: &str) -> &str {
    let b = line.as_bytes();
    for (i, &c) in b.iter().enumerate() {
        if c == b'#' {
            let prev = if i > 0 { b[i - 1] } else { b' ' };
            let next = b.get(i + 1).copied().unwrap_or(b' ');
            if matches!(prev, b'=' | b',' | b':') && next.is_ascii_hexdigit() {
                continue;
            }
            return &line[..i];
        }
    }
    line
}

fn fmt_vec(v: Vec3) -> String {
    format!("{},{},{}", v.x, v.y, v.z)
}

/// Runs a sequence-only scenario and returns its trace (sequence-owned lines only).
pub fn run(text: &str) -> String {
    let mut out = String::new();
    let mut defs: Vec<Animation> = Vec::new();
    let mut seq: Option<Sequence> = None;
    let mut hooks: Vec<AnimationHook> = Vec::new();
    let mut step = 0;
    for line in text.lines() {
        let toks: Vec<&str> = strip_comment(line).split_whitespace().collect();
        let Some(&op) = toks.first() else { continue };
        match op {
            "anim" => {
                let mut a = Animation {
                    id: u32_of(toks[1]),
                    ..Animation::default()
                };
                let mut frames = 1usize;
                let mut pos = false;
                for kv in &toks[2..] {
                    let (k, v) = kv.split_once('=').expect("key=value");
                    match k {
                        "frames" => frames = u32_of(v) as usize,
                        "parts" => a.num_parts = u32_of(v),
                        "posframes" => pos = matches!(v, "1" | "true" | "yes" | "on"),
                        _ => panic!("unknown anim key {k}"),
                    }
                }
                a.part_frames = vec![AnimationFrame::default(); frames];
                if pos {
                    a.flags |= 1;
                    a.pos_frames = vec![Frame::IDENTITY; frames];
                }
                defs.retain(|d| d.id != a.id);
                defs.push(a);
                continue;
            }
            "posframe" => {
                let a = defs.last_mut().expect("posframe before anim");
                let n = a.part_frames.len();
                a.flags |= 1;
                if a.pos_frames.len() != n {
                    a.pos_frames = vec![Frame::IDENTITY; n];
                }
                let i = u32_of(toks[1]) as usize;
                let origin = vec3_of(toks[2]);
                let q = toks.get(3).map_or(Quat::IDENTITY, |t| {
                    let p: Vec<f32> = t.split(',').map(f32_of).collect();
                    Quat::from_xyzw(p[1], p[2], p[3], p[0])
                });
                if i < n {
                    a.pos_frames[i] = Frame {
                        origin,
                        orientation: q,
                    };
                }
                continue;
            }
            "hook" => {
                let a = defs.last_mut().expect("hook before anim");
                let i = u32_of(toks[1]) as usize;
                let direction = ac_dat::hook_direction_from_name(toks[3])
                    .unwrap_or_else(|| toks[3].parse().expect("dir"));
                let type_id =
                    HookData::type_id_from_name(toks[2]).unwrap_or_else(|| u32_of(toks[2]));
                let words: Vec<u32> = toks[4..].iter().map(|w| u32_of(w)).collect();
                let data = HookData::from_words(type_id, &words).expect("hook payload");
                if i < a.part_frames.len() {
                    a.part_frames[i]
                        .hooks
                        .push(AnimationHook { direction, data });
                }
                continue;
            }
            "table" | "style_default" | "cycle" | "modifier" | "link" | "raw_cycle"
            | "raw_modifier" | "raw_link" | "option" => continue,
            _ => {}
        }
        step += 1;
        out.push_str(&format!("step {step}: {}\n", toks.join(" ")));
        let mut events = String::new();
        let mut offsets = String::new();
        let mut update =
            |seq: &mut Sequence, hooks: &mut Vec<AnimationHook>, q: f32, frame: bool| {
                if frame {
                    let mut f = AFrame::IDENTITY;
                    seq.update(q, Some(&mut f), Some(hooks));
                    let o = f.orientation;
                    offsets.push_str(&format!(
                        "  offset origin={} orient={},{},{},{}\n",
                        fmt_vec(f.origin),
                        o.w,
                        o.x,
                        o.y,
                        o.z
                    ));
                } else {
                    seq.update(q, None, Some(hooks));
                }
            };
        let mut process = |hooks: &mut Vec<AnimationHook>| {
            for h in hooks.drain(..) {
                events.push_str(&format!("  event anim_hook {}\n", hook_name(&h)));
            }
        };
        match op {
            "object" => {
                let cache: AnimationCache = defs.iter().cloned().collect();
                seq = Some(Sequence::new(Arc::new(cache), Rules::default()));
                hooks.clear();
            }
            _ => {
                let s = seq.as_mut().expect("object first");
                match op {
                    "seq_append" => {
                        s.append_animation(&anim_ref(toks[1]));
                    }
                    "seq_clear_animations" => s.clear_animations(),
                    "seq_clear_physics" => s.clear_physics(),
                    "seq_remove_cyclic_anims" => s.remove_cyclic_anims(),
                    "seq_remove_link_animations" => s.remove_link_animations(u32_of(toks[1])),
                    "seq_remove_all_link_animations" => s.remove_all_link_animations(),
                    "seq_multiply_cyclic_framerate" => {
                        s.multiply_cyclic_animation_framerate(f32_of(toks[1]))
                    }
                    "seq_set_velocity" => s.set_velocity(vec3_of(toks[1])),
                    "seq_set_omega" => s.set_omega(vec3_of(toks[1])),
                    "update" => {
                        let noframe = toks.get(2) == Some(&"noframe");
                        update(s, &mut hooks, f32_of(toks[1]), !noframe);
                    }
                    "process_hooks" => process(&mut hooks),
                    "tick" => {
                        update(s, &mut hooks, f32_of(toks[1]), true);
                        process(&mut hooks);
                    }
                    _ => panic!("harness does not support op {op}"),
                }
            }
        }
        out.push_str(&events);
        out.push_str(&offsets);
        if let Some(s) = &seq {
            out.push_str(&format!(
                "  seq nodes={} first_cyclic={} curr={} frame={} vel={} omega={}\n",
                s.len(),
                s.first_cyclic_index(),
                s.curr_index(),
                s.frame_number(),
                fmt_vec(s.velocity()),
                fmt_vec(s.omega())
            ));
            for (i, n) in s.nodes().enumerate() {
                out.push_str(&format!(
                    "  node {i} anim=0x{:08X} fps={} lo={} hi={}\n",
                    n.anim_id(),
                    n.framerate(),
                    n.low_frame(),
                    n.high_frame()
                ));
            }
            if !hooks.is_empty() {
                let names: Vec<String> = hooks.iter().map(hook_name).collect();
                out.push_str(&format!("  hooks_pending {}\n", names.join(" ")));
            }
        }
    }
    out
}

/// The sequence-owned lines of a recorded trace.
pub fn filter_expected(text: &str) -> String {
    let mut out = String::new();
    for line in text.lines() {
        let keep = line.starts_with("step ")
            || line.starts_with("  offset ")
            || line.starts_with("  seq ")
            || line.starts_with("  node ")
            || line.starts_with("  hooks_pending ")
            || line.starts_with("  event anim_hook ");
        if keep {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

/// Whether a scenario asks for rotation tolerance (docs/scenarios.md, "Comparing traces").
pub fn rotation_tolerant(scn: &str) -> bool {
    scn.lines()
        .take_while(|l| l.starts_with('#') || l.trim().is_empty())
        .any(|l| l.trim() == "# tolerance: rotation")
}

fn numbers_close(e: &str, a: &str) -> bool {
    let split = |s: &str| -> (String, Vec<f64>) {
        let mut text = String::new();
        let mut nums = Vec::new();
        let mut cur = String::new();
        for c in s.chars() {
            if c.is_ascii_digit() || c == '.' || c == '-' || c == 'e' {
                cur.push(c);
            } else {
                if !cur.is_empty() {
                    nums.push(cur.parse().unwrap_or(f64::NAN));
                    cur.clear();
                    text.push('N');
                }
                text.push(c);
            }
        }
        if !cur.is_empty() {
            nums.push(cur.parse().unwrap_or(f64::NAN));
            text.push('N');
        }
        (text, nums)
    };
    let (te, ne) = split(e);
    let (ta, na) = split(a);
    te == ta
        && ne.len() == na.len()
        && ne
            .iter()
            .zip(&na)
            .all(|(x, y)| (x - y).abs() <= 1e-5 * 1f64.max(x.abs()).max(y.abs()))
}

/// Compares two traces line by line (with the rotation tolerance on `offset` lines when asked);
/// returns the first difference.
pub fn compare(expected: &str, actual: &str, tolerant: bool) -> Result<(), String> {
    let e: Vec<&str> = expected.lines().collect();
    let a: Vec<&str> = actual.lines().collect();
    let mut step = String::new();
    for i in 0..e.len().max(a.len()) {
        let el = e.get(i).copied().unwrap_or("<eof>");
        let al = a.get(i).copied().unwrap_or("<eof>");
        if el.starts_with("step ") {
            step = el.to_string();
        }
        let same = el == al || (tolerant && el.starts_with("  offset ") && numbers_close(el, al));
        if !same {
            return Err(format!("{step}\n expected: {el}\n   actual: {al}"));
        }
    }
    Ok(())
}
