//! The trace text of a step's frames and of the dump (docs/scenarios.md, "The trace"), read
//! from the crates' accessors and written in place into the [`Trace`].

use super::format::Trace;
use ac_dat::Frame;
use ac_physobj::{PhysicsObj, Position, SliceOutcome, SliceRecord};

/// An `offset` line: the frame one `Sequence.Update` produced.
pub fn offset_line(t: &mut Trace, f: &Frame) {
    t.str("  offset origin=")
        .vec3(f.origin)
        .str(" orient=")
        .quat(f.orientation)
        .nl();
}

/// A `slice` line.
pub fn slice_line(t: &mut Trace, s: &SliceRecord) {
    t.str("  slice q=").f32(s.quantum);
    if s.outcome == SliceOutcome::Inactive {
        t.str(" inactive").nl();
        return;
    }
    t.str(" ").str(s.outcome.as_str()).str(" anim=");
    match &s.anim {
        Some(f) => t.frame(f.origin, f.orientation),
        None => t.str("-"),
    };
    t.str(" adjusted=")
        .frame(s.adjusted.origin, s.adjusted.orientation)
        .str(" candidate=")
        .frame(s.candidate.origin, s.candidate.orientation)
        .nl();
}

/// `<cell>:<x,y,z>:<w,x,y,z>`
pub fn position<'t>(t: &'t mut Trace, p: &Position) -> &'t mut Trace {
    t.hex8(p.cell_id)
        .str(":")
        .vec3(p.frame.origin)
        .str(":")
        .quat(p.frame.orientation)
}

/// A position, or `-`.
pub fn opt_position<'t>(t: &'t mut Trace, p: Option<&Position>) -> &'t mut Trace {
    match p {
        Some(p) => position(t, p),
        None => t.str("-"),
    }
}

fn motions<'t>(t: &'t mut Trace, list: &[ac_motiontable::Motion]) -> &'t mut Trace {
    t.list_or_dash(list, " ", |t, m| {
        t.hex8(m.id).str("@").f32(m.speed_mod);
    })
}

/// Appends the dump of `obj`: the
/// `obj position`/`phys` lines once the physics layer is on, the `im` line once the interp
/// layer is on.
pub fn dump(t: &mut Trace, obj: &PhysicsObj, physics_on: bool, interp_on: bool) {
    let parts = obj.parts();
    let mgr = &parts.manager;
    let st = mgr.state();
    t.str("  state style=")
        .hex8(st.style)
        .str(" substate=")
        .hex8(st.substate)
        .str(" mod=")
        .f32(st.substate_mod)
        .nl();
    motions(t.str("  modifiers "), st.modifiers()).nl();
    motions(t.str("  actions "), st.actions()).nl();
    let seq = &parts.sequence;
    t.str("  seq nodes=")
        .int(seq.len())
        .str(" first_cyclic=")
        .int(seq.first_cyclic_index())
        .str(" curr=")
        .int(seq.curr_index())
        .str(" frame=")
        .f32(seq.frame_number())
        .str(" vel=")
        .vec3(seq.velocity())
        .str(" omega=")
        .vec3(seq.omega())
        .nl();
    for (i, n) in seq.nodes().enumerate() {
        t.str("  node ")
            .int(i)
            .str(" anim=")
            .hex8(n.anim_id())
            .str(" fps=")
            .f32(n.framerate())
            .str(" lo=")
            .int(n.low_frame())
            .str(" hi=")
            .int(n.high_frame())
            .nl();
    }
    t.str("  mtm counter=")
        .int(mgr.animation_counter())
        .str(" pending ")
        .list_or_dash(mgr.pending(), " ", |t, p| {
            t.hex8(p.motion).str(":").int(p.num_anims);
        })
        .nl();
    if !obj.pending_hooks().is_empty() {
        t.str("  hooks_pending ")
            .list_or_dash(obj.pending_hooks(), " ", |t, h| {
                let ty = h.data.type_id();
                match ac_dat::hook_type_name(ty) {
                    Some(name) => t.str(name),
                    None => t.int(ty),
                };
                t.str(":");
                match ac_dat::hook_direction_name(h.direction) {
                    Some(name) => t.str(name),
                    None => t.int(h.direction),
                };
            })
            .nl();
    }
    dump_mi(t, obj);
    if physics_on {
        dump_phys(t, obj);
    }
    if let Some(st) = obj.position_manager().and_then(|pm| pm.sticky()) {
        t.str("  sticky target=")
            .hex8(st.target_id())
            .str(" radius=")
            .f32(st.target_radius())
            .str(" initialized=")
            .bit(st.is_initialized())
            .str(" timeout=")
            .f32(st.timeout() as f32)
            .str(" target_pos=");
        opt_position(t, st.target_position()).nl();
    }
    if interp_on {
        dump_im(t, obj);
    }
}

fn dump_phys(t: &mut Trace, obj: &PhysicsObj) {
    let p = obj.position();
    t.str("  obj position=")
        .hex8(p.cell_id)
        .str(" ")
        .vec3(p.frame.origin)
        .str(" q=")
        .quat(p.frame.orientation)
        .nl();
    let cp = obj.contact_plane();
    t.str("  phys velocity=")
        .vec3(obj.velocity())
        .str(" accel=")
        .vec3(obj.acceleration())
        .str(" omega=")
        .vec3(obj.omega())
        .str(" cached_velocity=")
        .vec3(obj.cached_velocity())
        .str(" state=")
        .hex(obj.state().bits())
        .str(" transient=")
        .hex(obj.transient().bits())
        .str(" cell=");
    match obj.cell() {
        Some(c) => t.hex8(c),
        None => t.str("-"),
    };
    t.str(" scale=")
        .f32(obj.scale())
        .str(" friction=")
        .f32(obj.friction())
        .str(" contact_plane=")
        .vec3(cp.normal)
        .str(",")
        .f32(cp.d)
        .str(" initial_updates=")
        .int(obj.initial_updates())
        .str(" mm=")
        .bit(obj.has_movement_manager())
        .str(" pm=")
        .bit(obj.has_position_manager())
        .nl();
}

fn actions<'t>(t: &'t mut Trace, list: &[ac_motioninterp::ActionNode]) -> &'t mut Trace {
    t.list_or_dash(list, " ", |t, a| {
        t.hex8(a.action)
            .str("@")
            .f32(a.speed)
            .str("/")
            .int(a.stamp)
            .str("/")
            .bit(a.autonomous);
    })
}

fn dump_mi(t: &mut Trace, obj: &PhysicsObj) {
    let Some(mi) = obj.minterp() else {
        return;
    };
    t.str("  mi initted=")
        .bit(mi.initted())
        .str(" standing_long_jump=")
        .bit(mi.standing_long_jump())
        .str(" jump_extent=")
        .f32(mi.jump_extent())
        .str(" my_run_rate=")
        .f32(mi.my_run_rate())
        .str(" speed_factor=")
        .f32(mi.current_speed_factor())
        .str(" server_action_stamp=")
        .int(mi.server_action_stamp())
        .nl();
    if let (Some(r), Some(i)) = (mi.raw_state(), mi.interpreted_state()) {
        t.str("  mi_raw hold=")
            .hold_key(r.current_hold_key.code())
            .str(" style=")
            .hex8(r.current_style)
            .str(" fwd=")
            .hex8(r.forward_command)
            .str(" fwd_hold=")
            .hold_key(r.forward_hold_key.code())
            .str(" fwd_speed=")
            .f32(r.forward_speed)
            .str(" side=")
            .hex8(r.sidestep_command)
            .str(" side_hold=")
            .hold_key(r.sidestep_hold_key.code())
            .str(" side_speed=")
            .f32(r.sidestep_speed)
            .str(" turn=")
            .hex8(r.turn_command)
            .str(" turn_hold=")
            .hold_key(r.turn_hold_key.code())
            .str(" turn_speed=")
            .f32(r.turn_speed)
            .str(" actions=");
        actions(t, &r.actions).nl();
        t.str("  mi_interp style=")
            .hex8(i.current_style)
            .str(" fwd=")
            .hex8(i.forward_command)
            .str(" fwd_speed=")
            .f32(i.forward_speed)
            .str(" side=")
            .hex8(i.sidestep_command)
            .str(" side_speed=")
            .f32(i.sidestep_speed)
            .str(" turn=")
            .hex8(i.turn_command)
            .str(" turn_speed=")
            .f32(i.turn_speed)
            .str(" actions=");
        actions(t, &i.actions).nl();
    }
    t.str("  mi_pending ");
    match mi.pending_motions() {
        None => t.str("null"),
        Some(q) => t.list_or_dash(q.iter(), " ", |t, n| {
            t.int(n.context_id)
                .str(":")
                .hex8(n.motion)
                .str(":")
                .upper_hex(n.jump_error_code.code(), 4);
        }),
    };
    t.nl();
    t.str("  obj animating=")
        .bit(obj.is_animating())
        .str(" state=")
        .hex(obj.state().bits())
        .str(" transient=")
        .hex(obj.transient().bits())
        .str(" cell=")
        .bit(obj.cell().is_some())
        .str(" velocity=")
        .vec3(obj.velocity())
        .nl();
}

fn dump_im(t: &mut Trace, obj: &PhysicsObj) {
    let Some(im) = obj.interpolation() else {
        t.str("  im none").nl();
        return;
    };
    t.str("  im queue=").int(im.nodes().count()).str(" [");
    for (i, n) in im.nodes().enumerate() {
        if i > 0 {
            t.str(" ");
        }
        match n.node_type {
            ac_interp_manager::NodeType::Position => position(t.str("1:"), &n.position),
            ac_interp_manager::NodeType::Jump => t.str("2:").f32(n.extent),
            ac_interp_manager::NodeType::Velocity => t.str("3:").vec3(n.velocity),
        };
    }
    t.str("] fail=")
        .int(im.node_fail_counter())
        .str(" frame_counter=")
        .int(im.frame_counter())
        .str(" progress_quantum=")
        .f32(im.progress_quantum())
        .str(" original_distance=")
        .f32(im.original_distance())
        .str(" keep_heading=")
        .bit(im.keep_heading())
        .str(" blip=");
    position(t, im.blip_to()).nl();
}
