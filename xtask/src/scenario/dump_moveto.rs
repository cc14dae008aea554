//! The move-to layer's dump lines (`docs/scenarios.md`): `moveto`, `tm`, `voyeur`, `target`.

use super::dump::{opt_position, position};
use super::exec::Session;
use super::format::Trace;
use ac_motioninterp::{MoveToManager, moveto::MoveToNode};
use ac_physobj::TargetManager;

/// Appends the move-to lines of the scenario's object and its targets.
pub(crate) fn dump(t: &mut Trace, s: &Session) {
    let obj = s.obj();
    match obj.movement_manager().map(|mm| mm.move_to_manager()) {
        None => _ = t.str("  moveto none").nl(),
        Some(m) => dump_manager(t, &m),
    }
    if let Some(tm) = obj.target_manager() {
        dump_tm(t, tm);
        dump_voyeurs(t, tm);
    }
    for &tk in s.targets.values() {
        let target = &s.world[tk];
        t.str("  target ").hex8(target.id()).str(" pos=");
        position(t, target.position())
            .str(" radius=")
            .f32(target.radius())
            .str(" height=")
            .f32(target.height())
            .str(" velocity=")
            .vec3(target.cached_velocity())
            .str(" handled=");
        match target.target_manager() {
            Some(tm) => t.f32(tm.last_update_time() as f32),
            None => t.str("-"),
        };
        t.nl();
        if let Some(tm) = target.target_manager() {
            dump_voyeurs(t, tm);
        }
    }
}

fn dump_manager(t: &mut Trace, m: &MoveToManager) {
    t.str("  moveto type=")
        .display(format_args!("{:?}", m.movement_type()))
        .str(" init=")
        .bit(m.initialized())
        .str(" cmd=")
        .hex8(m.current_command())
        .str(" aux=")
        .hex8(m.aux_command())
        .str(" away=")
        .bit(m.moving_away())
        .str(" fail=")
        .int(m.fail_progress_count())
        .str(" pending=")
        .list_or_dash(m.pending(), ",", |t, n| match n {
            MoveToNode::Move => _ = t.str("move"),
            MoveToNode::Turn(h) => _ = t.str("turn@").f32(h),
        })
        .str(" object=")
        .hex8(m.sought_object_id())
        .str(" top=")
        .hex8(m.top_level_object_id())
        .str(" obj_radius=")
        .f32(m.sought_object_radius())
        .str(" obj_height=")
        .f32(m.sought_object_height())
        .nl();
    t.str("  moveto_pos sought=");
    position(t, m.sought_position()).str(" current=");
    position(t, m.current_target_position()).str(" start=");
    opt_position(t, m.starting_position()).nl();
    t.str("  moveto_progress prev_heading=")
        .f32(m.previous_heading())
        .str(" prev_dist=")
        .f32(m.previous_distance())
        .str(" prev_time=")
        .f32(m.previous_distance_time() as f32)
        .str(" orig_dist=")
        .f32(m.original_distance())
        .str(" orig_time=")
        .f32(m.original_distance_time() as f32)
        .nl();
    let p = m.params();
    t.str("  moveto_params flags=0x")
        .upper_hex(p.flags.bits(), 5)
        .str(" dist=")
        .f32(p.distance_to_object)
        .str(" min=")
        .f32(p.min_distance)
        .str(" fail_dist=")
        .f32(p.fail_distance)
        .str(" heading=")
        .f32(p.desired_heading)
        .str(" speed=")
        .f32(p.speed)
        .str(" walk_run=")
        .f32(p.walk_run_threshold)
        .str(" hold=")
        .hold_key(p.hold_key_to_apply.code())
        .str(" context=")
        .int(p.context_id)
        .nl();
}

fn dump_tm(t: &mut Trace, tm: &TargetManager) {
    let handled = tm.last_update_time() as f32;
    match tm.target() {
        None => _ = t.str("  tm target=- handled=").f32(handled).nl(),
        Some(target) => {
            t.str("  tm target=")
                .hex8(target.object_id)
                .str(" status=")
                .str(target.status.name())
                .str(" radius=")
                .f32(target.radius)
                .str(" quantum=")
                .f32(target.quantum as f32)
                .str(" pos=");
            opt_position(t, target.target_position.as_ref()).str(" interp=");
            opt_position(t, target.interpolated_position.as_ref())
                .str(" info_time=")
                .f32(target.last_update_time as f32)
                .str(" handled=")
                .f32(handled)
                .nl();
        }
    }
}

fn dump_voyeurs(t: &mut Trace, tm: &TargetManager) {
    let mut voyeurs: Vec<_> = tm.voyeurs().iter().collect();
    voyeurs.sort_by_key(|v| v.id);
    for v in voyeurs {
        t.str("  voyeur ")
            .hex8(v.id)
            .str(" radius=")
            .f32(v.radius)
            .str(" quantum=")
            .f32(v.quantum as f32)
            .str(" sent=");
        opt_position(t, v.last_sent.as_ref()).nl();
    }
}
