//! The move-to layer's dump lines (`docs/scenarios.md`): `moveto`, `tm`, `voyeur`, `target`.

use super::exec::Session;
use super::format::{Fmt, b, hex8, hold_key};
use ac_motioninterp::{MoveToManager, moveto::MoveToNode};
use ac_physobj::{Position, TargetManager};
use std::fmt::Write as _;

fn pos(f: Fmt, p: &Position) -> String {
    format!(
        "{}:{}:{}",
        hex8(p.cell_id),
        f.v3(p.frame.origin),
        f.q(p.frame.orientation)
    )
}

fn opt_pos(f: Fmt, p: Option<&Position>) -> String {
    p.map_or_else(|| "-".to_string(), |p| pos(f, p))
}

/// Appends the move-to lines of the scenario's object and its targets.
pub(crate) fn dump(out: &mut String, f: Fmt, s: &Session) {
    let obj = s.obj();
    match obj.movement_manager().map(|mm| mm.move_to_manager()) {
        None => out.push_str("  moveto none\n"),
        Some(m) => dump_manager(out, f, m),
    }
    if let Some(tm) = obj.target_manager() {
        dump_tm(out, f, tm);
        dump_voyeurs(out, f, tm);
    }
    for &tk in s.targets.values() {
        let t = &s.world[tk];
        let _ = writeln!(
            out,
            "  target {} pos={} radius={} height={} velocity={} handled={}",
            hex8(t.id()),
            pos(f, t.position()),
            f.f(t.radius()),
            f.f(t.height()),
            f.v3(t.cached_velocity()),
            t.target_manager()
                .map_or_else(|| "-".into(), |tm| f.f(tm.last_update_time() as f32))
        );
        if let Some(tm) = t.target_manager() {
            dump_voyeurs(out, f, tm);
        }
    }
}

fn dump_manager(out: &mut String, f: Fmt, m: &MoveToManager) {
    let pending: Vec<String> = m
        .pending()
        .map(|n| match n {
            MoveToNode::Move => "move".to_string(),
            MoveToNode::Turn(h) => format!("turn@{}", f.f(h)),
        })
        .collect();
    let _ = writeln!(
        out,
        "  moveto type={:?} init={} cmd={} aux={} away={} fail={} pending={} object={} top={} obj_radius={} obj_height={}",
        m.movement_type(),
        b(m.initialized()),
        hex8(m.current_command()),
        hex8(m.aux_command()),
        b(m.moving_away()),
        m.fail_progress_count(),
        if pending.is_empty() {
            "-".to_string()
        } else {
            pending.join(",")
        },
        hex8(m.sought_object_id()),
        hex8(m.top_level_object_id()),
        f.f(m.sought_object_radius()),
        f.f(m.sought_object_height())
    );
    let _ = writeln!(
        out,
        "  moveto_pos sought={} current={} start={}",
        pos(f, m.sought_position()),
        pos(f, m.current_target_position()),
        opt_pos(f, m.starting_position())
    );
    let _ = writeln!(
        out,
        "  moveto_progress prev_heading={} prev_dist={} prev_time={} orig_dist={} orig_time={}",
        f.f(m.previous_heading()),
        f.f(m.previous_distance()),
        f.f(m.previous_distance_time() as f32),
        f.f(m.original_distance()),
        f.f(m.original_distance_time() as f32)
    );
    let p = m.params();
    let _ = writeln!(
        out,
        "  moveto_params flags=0x{:05X} dist={} min={} fail_dist={} heading={} speed={} walk_run={} hold={} context={}",
        p.flags.bits(),
        f.f(p.distance_to_object),
        f.f(p.min_distance),
        f.f(p.fail_distance),
        f.f(p.desired_heading),
        f.f(p.speed),
        f.f(p.walk_run_threshold),
        hold_key(p.hold_key_to_apply.code()),
        p.context_id
    );
}

fn dump_tm(out: &mut String, f: Fmt, tm: &TargetManager) {
    let handled = f.f(tm.last_update_time() as f32);
    match tm.target() {
        None => {
            let _ = writeln!(out, "  tm target=- handled={handled}");
        }
        Some(t) => {
            let _ = writeln!(
                out,
                "  tm target={} status={} radius={} quantum={} pos={} interp={} info_time={} handled={handled}",
                hex8(t.object_id),
                t.status.name(),
                f.f(t.radius),
                f.f(t.quantum as f32),
                opt_pos(f, t.target_position.as_ref()),
                opt_pos(f, t.interpolated_position.as_ref()),
                f.f(t.last_update_time as f32)
            );
        }
    }
}

fn dump_voyeurs(out: &mut String, f: Fmt, tm: &TargetManager) {
    let mut vs: Vec<_> = tm.voyeurs().iter().collect();
    vs.sort_by_key(|v| v.id);
    for v in vs {
        let _ = writeln!(
            out,
            "  voyeur {} radius={} quantum={} sent={}",
            hex8(v.id),
            f.f(v.radius),
            f.f(v.quantum as f32),
            opt_pos(f, v.last_sent.as_ref())
        );
    }
}
