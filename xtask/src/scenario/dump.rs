//! The trace text of a step's frames and of the dump (docs/scenarios.md, "The trace"), read
//! from the crates' accessors.

use super::format::{Fmt, b, hex, hex8, hold_key, list_or_dash};
use ac_dat::Frame;
use ac_physobj::{PhysicsObj, Position, SliceOutcome, SliceRecord};
use std::fmt::Write as _;

/// An `offset` line: the frame one `Sequence.Update` produced.
pub fn offset_line(fmt: Fmt, f: &Frame) -> String {
    format!(
        "  offset origin={} orient={}",
        fmt.v3(f.origin),
        fmt.q(f.orientation)
    )
}

/// A `slice` line.
pub fn slice_line(fmt: Fmt, s: &SliceRecord) -> String {
    let q = fmt.f(s.quantum);
    if s.outcome == SliceOutcome::Inactive {
        return format!("  slice q={q} inactive");
    }
    let frame = |f: &Frame| fmt.frame(f.origin, f.orientation);
    format!(
        "  slice q={q} {} anim={} adjusted={} candidate={}",
        s.outcome.as_str(),
        s.anim.as_ref().map_or_else(|| "-".to_string(), frame),
        frame(&s.adjusted),
        frame(&s.candidate)
    )
}

/// Appends the dump of `obj`: the
/// `obj position`/`phys` lines once the physics layer is on, the `im` line once the interp
/// layer is on.
pub fn dump(out: &mut String, f: Fmt, obj: &PhysicsObj, physics_on: bool, interp_on: bool) {
    let mut d = String::new();
    let parts = obj.parts();
    let mgr = &parts.manager;
    let st = mgr.state();
    let motions = |l: &[ac_motiontable::Motion]| {
        list_or_dash(
            l.iter()
                .map(|m| format!("{}@{}", hex8(m.id), f.f(m.speed_mod))),
        )
    };
    let _ = writeln!(
        d,
        "  state style={} substate={} mod={}",
        hex8(st.style),
        hex8(st.substate),
        f.f(st.substate_mod)
    );
    let _ = writeln!(d, "  modifiers {}", motions(st.modifiers()));
    let _ = writeln!(d, "  actions {}", motions(st.actions()));
    let seq = &parts.sequence;
    let _ = writeln!(
        d,
        "  seq nodes={} first_cyclic={} curr={} frame={} vel={} omega={}",
        seq.len(),
        seq.first_cyclic_index(),
        seq.curr_index(),
        f.f(seq.frame_number()),
        f.v3(seq.velocity()),
        f.v3(seq.omega())
    );
    for (i, n) in seq.nodes().enumerate() {
        let _ = writeln!(
            d,
            "  node {i} anim={} fps={} lo={} hi={}",
            hex8(n.anim_id()),
            f.f(n.framerate()),
            n.low_frame(),
            n.high_frame()
        );
    }
    let _ = writeln!(
        d,
        "  mtm counter={} pending {}",
        mgr.animation_counter(),
        list_or_dash(
            mgr.pending()
                .iter()
                .map(|p| format!("{}:{}", hex8(p.motion), p.num_anims))
        )
    );
    if !obj.pending_hooks().is_empty() {
        let hooks: Vec<String> = obj
            .pending_hooks()
            .iter()
            .map(|h| {
                let t = h.data.type_id();
                let ty = ac_dat::hook_type_name(t).map_or_else(|| t.to_string(), str::to_string);
                let dir = ac_dat::hook_direction_name(h.direction)
                    .map_or_else(|| h.direction.to_string(), str::to_string);
                format!("{ty}:{dir}")
            })
            .collect();
        let _ = writeln!(d, "  hooks_pending {}", hooks.join(" "));
    }
    dump_mi(&mut d, f, obj);
    if physics_on {
        let p = obj.position();
        let _ = writeln!(
            d,
            "  obj position={} {} q={}",
            hex8(p.cell_id),
            f.v3(p.frame.origin),
            f.q(p.frame.orientation)
        );
        let cp = obj.contact_plane();
        let _ = writeln!(
            d,
            "  phys velocity={} accel={} omega={} cached_velocity={} state={} transient={} cell={} scale={} friction={} contact_plane={},{} initial_updates={} mm={} pm={}",
            f.v3(obj.velocity()),
            f.v3(obj.acceleration()),
            f.v3(obj.omega()),
            f.v3(obj.cached_velocity()),
            hex(obj.state().bits()),
            hex(obj.transient().bits()),
            obj.cell().map_or_else(|| "-".to_string(), hex8),
            f.f(obj.scale()),
            f.f(obj.friction()),
            f.v3(cp.normal),
            f.f(cp.d),
            obj.initial_updates(),
            b(obj.has_movement_manager()),
            b(obj.has_position_manager())
        );
    }
    if let Some(st) = obj.position_manager().and_then(|pm| pm.sticky()) {
        let _ = writeln!(
            d,
            "  sticky target={} radius={} initialized={} timeout={} target_pos={}",
            hex8(st.target_id()),
            f.f(st.target_radius()),
            b(st.is_initialized()),
            f.f(st.timeout() as f32),
            st.target_position()
                .map_or_else(|| "-".to_string(), |p| im_pos(f, p))
        );
    }
    if interp_on {
        dump_im(&mut d, f, obj);
    }
    out.push_str(&d);
}

fn dump_mi(d: &mut String, f: Fmt, obj: &PhysicsObj) {
    let Some(mi) = obj.minterp() else {
        return;
    };
    let _ = writeln!(
        d,
        "  mi initted={} standing_long_jump={} jump_extent={} my_run_rate={} speed_factor={} server_action_stamp={}",
        b(mi.initted()),
        b(mi.standing_long_jump()),
        f.f(mi.jump_extent()),
        f.f(mi.my_run_rate()),
        f.f(mi.current_speed_factor()),
        mi.server_action_stamp()
    );
    let actions = |l: &[ac_motioninterp::ActionNode]| {
        list_or_dash(l.iter().map(|a| {
            format!(
                "{}@{}/{}/{}",
                hex8(a.action),
                f.f(a.speed),
                a.stamp,
                b(a.autonomous)
            )
        }))
    };
    if let (Some(r), Some(i)) = (mi.raw_state(), mi.interpreted_state()) {
        let _ = writeln!(
            d,
            "  mi_raw hold={} style={} fwd={} fwd_hold={} fwd_speed={} side={} side_hold={} side_speed={} turn={} turn_hold={} turn_speed={} actions={}",
            hold_key(r.current_hold_key.code()),
            hex8(r.current_style),
            hex8(r.forward_command),
            hold_key(r.forward_hold_key.code()),
            f.f(r.forward_speed),
            hex8(r.sidestep_command),
            hold_key(r.sidestep_hold_key.code()),
            f.f(r.sidestep_speed),
            hex8(r.turn_command),
            hold_key(r.turn_hold_key.code()),
            f.f(r.turn_speed),
            actions(&r.actions)
        );
        let _ = writeln!(
            d,
            "  mi_interp style={} fwd={} fwd_speed={} side={} side_speed={} turn={} turn_speed={} actions={}",
            hex8(i.current_style),
            hex8(i.forward_command),
            f.f(i.forward_speed),
            hex8(i.sidestep_command),
            f.f(i.sidestep_speed),
            hex8(i.turn_command),
            f.f(i.turn_speed),
            actions(&i.actions)
        );
    }
    let pending = match mi.pending_motions() {
        None => "null".to_string(),
        Some(q) => list_or_dash(q.iter().map(|n| {
            format!(
                "{}:{}:{:04X}",
                n.context_id,
                hex8(n.motion),
                n.jump_error_code.code()
            )
        })),
    };
    let _ = writeln!(d, "  mi_pending {pending}");
    let _ = writeln!(
        d,
        "  obj animating={} state={} transient={} cell={} velocity={}",
        b(obj.is_animating()),
        hex(obj.state().bits()),
        hex(obj.transient().bits()),
        b(obj.cell().is_some()),
        f.v3(obj.velocity())
    );
}

fn im_pos(f: Fmt, p: &Position) -> String {
    format!(
        "{}:{}:{}",
        hex8(p.cell_id),
        f.v3(p.frame.origin),
        f.q(p.frame.orientation)
    )
}

fn dump_im(d: &mut String, f: Fmt, obj: &PhysicsObj) {
    let Some(im) = obj.interpolation() else {
        let _ = writeln!(d, "  im none");
        return;
    };
    let nodes: Vec<String> = im
        .nodes()
        .map(|n| match n.node_type {
            ac_interp_manager::NodeType::Position => format!("1:{}", im_pos(f, &n.position)),
            ac_interp_manager::NodeType::Jump => format!("2:{}", f.f(n.extent)),
            ac_interp_manager::NodeType::Velocity => format!("3:{}", f.v3(n.velocity)),
        })
        .collect();
    let _ = writeln!(
        d,
        "  im queue={} [{}] fail={} frame_counter={} progress_quantum={} original_distance={} keep_heading={} blip={}",
        nodes.len(),
        nodes.join(" "),
        im.node_fail_counter(),
        im.frame_counter(),
        f.f(im.progress_quantum()),
        f.f(im.original_distance()),
        b(im.keep_heading()),
        im_pos(f, im.blip_to())
    );
}
