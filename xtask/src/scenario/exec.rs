//! Running steps: the only place that calls the layer crates.
//!
//! [`Runner`] keeps the scenario's bookkeeping (definitions, options, layer switches, step
//! numbers) and the current object, calls the crates' public APIs for each step and prints
//! what they report. Everything a dump shows is read through the crates' accessors; the
//! reference host is `ac_physobj::PhysicsObj`, whose event log gives the `event` lines.

use super::dat::DatTables;
use super::defs::{DataSet, Def, Definitions, is_definition, parse_def};
use super::dump;
use super::format::Trace;
use super::steps::{Params, PerformKind, Pos, SetArgs, Step, parse_step};
use crate::source::DatSource;
use ac_dat::Frame;
use ac_motiontable::{MovementType, Resolver, Rules};
use ac_physobj::{
    ConfigWeenie, ObjectId, ObjectState, PartArray, PhysicsObj, Plane, Position, SliceRecord,
    TransientState, World,
};
use ac_sequence::{AnimationCache, AnimationSource};
use glam::{Quat, Vec3};
use std::collections::BTreeMap;
use std::sync::Arc;

/// The object a scenario currently drives, with the facts the runner needs for bad-input
/// checks.
pub(crate) struct Session {
    /// The scenario's object and its targets, in one world (the object first, so the world's
    /// `GetObjectA` finds it before a target with the same id).
    pub(crate) world: World,
    /// The scenario's object.
    pub(crate) key: ObjectId,
    /// The targets by id.
    pub(crate) targets: BTreeMap<u32, ObjectId>,
    has_weenie: bool,
}

impl Session {
    pub(crate) fn obj(&self) -> &PhysicsObj {
        &self.world[self.key]
    }
    pub(crate) fn obj_mut(&mut self) -> &mut PhysicsObj {
        &mut self.world[self.key]
    }
}

/// The frames one step produced, printed after its `result` and `event` lines
/// (docs/scenarios.md, "The trace"). Kept by the runner and cleared per step, so a step
/// allocates nothing once the buffers have grown.
#[derive(Default)]
pub(crate) struct StepOutput {
    pub(crate) offsets: Vec<Frame>,
    pub(crate) slices: Vec<SliceRecord>,
}

impl StepOutput {
    fn clear(&mut self) {
        self.offsets.clear();
        self.slices.clear();
    }
}

/// Starts the `result` line of a step (the caller writes the value and the newline).
pub(crate) fn result(t: &mut Trace) -> &mut Trace {
    t.str("  result ")
}

/// Runs a scenario line by line and writes its trace.
///
/// The trace accumulates in one buffer until the caller writes it out
/// ([`Runner::write_output`]; called after each line, it keeps memory bounded by one step's
/// text).
#[derive(Default)]
pub struct Runner {
    out: Trace,
    step_output: StepOutput,
    defs: Definitions,
    autodump_off: bool,
    physics_on: bool,
    interp_on: bool,
    step_no: usize,
    moveto_on: bool,
    session: Option<Session>,
    rules: Rules,
    dat: DatTables,
}

/// `result <Name>(0x%04X)`: a WeenieError.
fn weenie_error(t: &mut Trace, e: ac_motioninterp::WeenieError) {
    result(t)
        .str(e.name())
        .str("(0x")
        .upper_hex(e.code(), 4)
        .str(")")
        .nl();
}

pub(crate) fn position(p: &Pos) -> Position {
    let [w, x, y, z] = p.orientation;
    Position {
        cell_id: p.cell,
        frame: Frame {
            origin: p.origin,
            orientation: Quat::from_xyzw(x, y, z, w),
        },
    }
}

fn movement_params(p: &Params) -> ac_motioninterp::MovementParameters {
    let mut m = ac_motioninterp::MovementParameters {
        speed: p.speed,
        context_id: p.context,
        hold_key_to_apply: match p.hold {
            1 => ac_motioninterp::HoldKey::None,
            2 => ac_motioninterp::HoldKey::Run,
            _ => ac_motioninterp::HoldKey::Invalid,
        },
        ..Default::default()
    };
    m.set_modify_raw_state(p.modify_raw);
    m.set_modify_interpreted_state(p.modify_interp);
    m.set_cancel_moveto(p.cancel_moveto);
    m.set_set_hold_key(p.set_hold_key);
    m.set_disable_jump_during_link(p.disable_jump);
    m.set_autonomous(p.autonomous);
    m.set_stop_completely(p.stop_completely);
    m
}

fn build_object(
    data: &DataSet,
    table: u32,
    weenie: bool,
    creature: bool,
    rules: Rules,
) -> Result<PhysicsObj, String> {
    let resolver = if table == 0 {
        None
    } else {
        let t = data
            .tables
            .get(&table)
            .ok_or_else(|| format!("object table=0x{table:08X} was never defined"))?;
        Some(Resolver::new(t.clone(), rules))
    };
    let mut cache = AnimationCache::new();
    for anim in data.anims.values() {
        cache.insert_arc(Arc::clone(anim));
    }
    let source: Arc<dyn AnimationSource> = Arc::new(cache);
    let weenie = weenie.then(|| ConfigWeenie {
        creature,
        ..ConfigWeenie::default()
    });
    let mut obj = PhysicsObj::new(PartArray::new(source, resolver, rules), weenie);
    obj.set_event_logging(true);
    Ok(obj)
}

impl Runner {
    /// A runner whose objects follow `rules` (the corpus is recorded with ACE's, the
    /// default).
    pub fn new(rules: Rules) -> Self {
        Self {
            rules,
            ..Self::default()
        }
    }

    /// Reads `table ID from-dat` lines from `source` (default: `$AC_PORTAL_DAT`, else the
    /// synthetic corpus).
    pub fn with_dat(mut self, source: DatSource) -> Self {
        self.dat = DatTables::new(source);
        self
    }

    /// The trace printed and not yet written out: all of it for a caller that drives the
    /// runner line by line and never calls [`Self::write_output`].
    pub fn into_output(self) -> String {
        self.out.into_string()
    }

    /// Bytes of trace text printed and not yet written out.
    pub fn pending_output(&self) -> usize {
        self.out.end()
    }

    /// Writes the trace printed since the last call to `out` and forgets it (the buffer is
    /// kept for the next lines).
    pub fn write_output(&mut self, out: &mut impl std::io::Write) -> std::io::Result<()> {
        out.write_all(self.out.as_str().as_bytes())?;
        self.out.clear();
        Ok(())
    }

    /// The object the scenario drives now (for tools that watch a run: the timeline turns on
    /// its playback log and samples it).
    pub fn object_mut(&mut self) -> Option<&mut PhysicsObj> {
        self.session.as_mut().map(Session::obj_mut)
    }

    /// Handles one non-empty line; `Err` is bad input at this line.
    pub fn line(&mut self, tokens: &[&str]) -> Result<(), String> {
        let (kw, rest) = (tokens[0], &tokens[1..]);
        if is_definition(kw) {
            let def = parse_def(kw, rest)?;
            if let Def::TableFromDat { id, default_style } = def {
                let (table, anims) = self.dat.load(id)?;
                self.defs.load_table(table, anims, default_style);
                return Ok(());
            }
            if let Def::Option { bits, autodump } = def {
                if let Some(on) = bits {
                    self.out.fmt.bits = on;
                }
                if let Some(on) = autodump {
                    self.autodump_off = !on;
                }
                return Ok(());
            }
            return self.defs.apply(def);
        }
        let step = parse_step(kw, rest)?;
        self.step_no += 1;
        self.check(&step)?;
        self.out.str("step ").int(self.step_no).str(":");
        for token in tokens {
            self.out.str(" ").str(token);
        }
        self.out.nl();
        let step_start = self.out.end();
        if step.switches_physics() {
            self.physics_on = true;
        }
        if step.switches_interp() {
            self.interp_on = true;
        }
        if step.switches_moveto() {
            self.moveto_on = true;
        }
        if let Some(s) = self.session.as_mut() {
            s.obj_mut().set_physics_layer(self.physics_on);
        }
        self.step_output.clear();
        if let Err(e) = self.execute(&step) {
            // A bad step prints nothing after its step line.
            self.out.truncate(step_start);
            return Err(e);
        }
        self.print_step_output();
        if !self.autodump_off || step == Step::Dump {
            self.dump();
        }
        Ok(())
    }

    /// Preconditions that make a step bad input (docs/scenarios.md, "Bad input").
    fn check(&self, step: &Step) -> Result<(), String> {
        if step.needs_object() && self.session.is_none() {
            return Err("this op needs an object (no `object` step yet)".into());
        }
        let has_mi = self
            .session
            .as_ref()
            .is_some_and(|s| s.obj().minterp().is_some());
        if step.needs_mi() && !has_mi {
            return Err("this op needs a MotionInterp (no `mi_create` since `object`)".into());
        }
        if let Step::Set(s) = step
            && s.has_weenie_key()
            && !self.session.as_ref().is_some_and(|s| s.has_weenie)
        {
            return Err("weenie key on an object created with weenie=0".into());
        }
        Ok(())
    }

    fn execute(&mut self, step: &Step) -> Result<(), String> {
        if let Step::Object {
            table,
            weenie,
            creature,
        } = *step
        {
            let mut obj = build_object(&self.defs.data_set(), table, weenie, creature, self.rules)?;
            obj.set_physics_layer(self.physics_on);
            let mut world = World::new(self.rules);
            let key = world
                .insert(obj)
                .map_err(|e| format!("cannot place the object: {e}"))?;
            self.session = Some(Session {
                world,
                key,
                targets: BTreeMap::new(),
                has_weenie: weenie,
            });
            return Ok(());
        }
        let Some(session) = self.session.as_mut() else {
            return Ok(()); // `dump` before any object: nothing to run
        };
        let (t, o) = (&mut self.out, &mut self.step_output);
        if let Step::MoveTo(m) = step {
            return super::exec_moveto::run(session, m, self.rules, t, o);
        }
        let key = session.key;
        session
            .world
            .with_object(key, |obj| run_step(obj, step, t, o))
            .unwrap_or(Ok(()))?;
        if let Step::Set(s) = step
            && let Some(t) = s.time
        {
            session.world.set_clock(t);
        }
        Ok(())
    }
}

/// Runs one step on the scenario's object (everything but `object` and the move-to ops),
/// writing its `result` line into `t` and its frames into `o`.
fn run_step(
    obj: &mut PhysicsObj,
    step: &Step,
    t: &mut Trace,
    o: &mut StepOutput,
) -> Result<(), String> {
    {
        match step {
            Step::Object { .. } | Step::Dump | Step::MoveTo(_) => {}
            Step::Set(s) => apply_set(obj, s),
            // --- motion table layer: the table on the manager's state
            Step::SetDefaultState
            | Step::DoObjectMotion { .. }
            | Step::GetObjectSequence { .. }
            | Step::StopObjectMotion { .. }
            | Step::StopObjectCompletely => {
                let parts = obj.parts_mut();
                let seq = &mut parts.sequence;
                let (table, state) = parts.manager.table_and_state_mut();
                let Some(table) = table else {
                    return Err("this op needs a motion table (object table=0)".into());
                };
                let r = match *step {
                    Step::SetDefaultState => table.set_default_state(state, seq),
                    Step::DoObjectMotion { motion, speed } => {
                        table.do_object_motion(motion, state, seq, speed)
                    }
                    Step::GetObjectSequence {
                        motion,
                        speed,
                        stop_modifiers,
                    } => table.get_object_sequence(motion, state, seq, speed, stop_modifiers),
                    Step::StopObjectMotion { motion, speed } => {
                        table.stop_object_motion(motion, speed, state, seq)
                    }
                    _ => table.stop_object_completely(state, seq),
                };
                result(t).bit(r.ok).str(" num_anims=").int(r.num_anims).nl();
            }
            // --- manager layer
            Step::InitializeState => {
                let parts = obj.parts_mut();
                parts.manager.initialize_state(&mut parts.sequence);
            }
            Step::Perform {
                kind,
                motion,
                speed,
            } => {
                let kind = match kind {
                    PerformKind::StopInterpreted => MovementType::StopInterpretedCommand,
                    PerformKind::StopCompletely => MovementType::StopCompletely,
                    _ => MovementType::InterpretedCommand,
                };
                let parts = obj.parts_mut();
                let e = parts
                    .manager
                    .perform_movement(kind, *motion, *speed, &mut parts.sequence);
                weenie_error(t, e);
            }
            Step::AnimationDone { success } => obj.animation_done(*success),
            Step::CheckForCompletedMotions => obj.check_for_completed_motions(),
            Step::UseTime => obj.handle_movement(),
            Step::HandleEnterWorld => obj.handle_enter_world(),
            Step::HandleExitWorld => obj.handle_exit_world(),
            // --- sequence and time
            Step::Update { quantum, frame } => {
                o.offsets.extend(obj.update_sequence(*quantum, *frame))
            }
            Step::ProcessHooks => obj.process_hooks(),
            Step::Tick { quantum } => o.offsets.push(obj.anim_tick(*quantum)),
            Step::UpdateObject { dt } => match obj.anim_update_object(*dt, &mut o.offsets) {
                None => _ = result(t).str("skipped").nl(),
                Some(n) => _ = result(t).str("slices=").int(n).nl(),
            },
            Step::SeqAppend(ad) => {
                obj.parts_mut().sequence.append_animation(ad);
            }
            Step::SeqClearAnimations => obj.parts_mut().sequence.clear_animations(),
            Step::SeqClearPhysics => obj.parts_mut().sequence.clear_physics(),
            Step::SeqRemoveCyclicAnims => obj.parts_mut().sequence.remove_cyclic_anims(),
            Step::SeqRemoveLinkAnimations(n) => obj.parts_mut().sequence.remove_link_animations(*n),
            Step::SeqRemoveAllLinkAnimations => {
                obj.parts_mut().sequence.remove_all_link_animations()
            }
            Step::SeqMultiplyCyclicFramerate(r) => obj
                .parts_mut()
                .sequence
                .multiply_cyclic_animation_framerate(*r),
            Step::SeqSetVelocity(v) => obj.parts_mut().sequence.set_velocity(*v),
            Step::SeqSetOmega(v) => obj.parts_mut().sequence.set_omega(*v),
            // --- MotionInterp
            Step::MiCreate => obj.mi_create(),
            Step::MiEnterDefaultState => obj.mi_enter_default_state(),
            Step::MiDoMotion { motion, params } => {
                weenie_error(t, obj.mi_do_motion(*motion, &movement_params(params)));
            }
            Step::MiDoInterpretedMotion { motion, params } => {
                weenie_error(
                    t,
                    obj.mi_do_interpreted_motion(*motion, &movement_params(params)),
                );
            }
            Step::MiStopMotion { motion, params } => {
                weenie_error(t, obj.mi_stop_motion(*motion, &movement_params(params)));
            }
            Step::MiStopInterpretedMotion { motion, params } => {
                weenie_error(
                    t,
                    obj.mi_stop_interpreted_motion(*motion, &movement_params(params)),
                );
            }
            Step::MiStopCompletely => {
                weenie_error(t, obj.mi_stop_completely());
            }
            Step::MiPerform {
                kind,
                motion,
                params,
            } => {
                let kind = match kind {
                    PerformKind::Raw => ac_motioninterp::MovementType::RawCommand,
                    PerformKind::Interpreted => ac_motioninterp::MovementType::InterpretedCommand,
                    PerformKind::StopRaw => ac_motioninterp::MovementType::StopRawCommand,
                    PerformKind::StopInterpreted => {
                        ac_motioninterp::MovementType::StopInterpretedCommand
                    }
                    PerformKind::StopCompletely => ac_motioninterp::MovementType::StopCompletely,
                };
                weenie_error(
                    t,
                    obj.mi_perform_movement(kind, *motion, &movement_params(params)),
                );
            }
            Step::MiApplyCurrent {
                cancel_moveto,
                allow_jump,
            } => obj.mi_apply_current_movement(*cancel_moveto, *allow_jump),
            Step::MiApplyRaw {
                cancel_moveto,
                allow_jump,
            } => obj.mi_apply_raw_movement(*cancel_moveto, *allow_jump),
            Step::MiApplyInterpreted {
                cancel_moveto,
                allow_jump,
            } => obj.mi_apply_interpreted_movement(*cancel_moveto, *allow_jump),
            Step::MiMotionDone { success } => obj.mi_motion_done(*success),
            Step::MiHitGround => obj.mi_hit_ground(),
            Step::MiLeaveGround => obj.mi_leave_ground(),
            Step::MiSetOnWalkable(on) | Step::SetOnWalkable(on) => obj.set_on_walkable(*on),
            Step::MiJump { extent, stamina } => {
                weenie_error(t, obj.mi_jump(*extent, *stamina));
            }
            // The reference prints charge_jump's int: 0, 0x48 or 0x49 (11 on misuse).
            Step::MiChargeJump => _ = result(t).int(obj.mi_charge_jump().code()).nl(),
            Step::MiJumpIsAllowed { extent, stamina } => {
                weenie_error(t, obj.mi_jump_is_allowed(*extent, *stamina));
            }
            Step::MiSetHoldRun { val, cancel_moveto } => obj.mi_set_hold_run(*val, *cancel_moveto),
            Step::MiSetHoldKey { key, cancel_moveto } => {
                let key = match key {
                    1 => ac_motioninterp::HoldKey::None,
                    2 => ac_motioninterp::HoldKey::Run,
                    _ => ac_motioninterp::HoldKey::Invalid,
                };
                obj.mi_set_hold_key(key, *cancel_moveto)
            }
            Step::MiReportExhaustion => obj.mi_report_exhaustion(),
            Step::MiHandleExitWorld => obj.mi_handle_exit_world(),
            Step::MiStateVelocity => _ = result(t).vec3(obj.mi_state_velocity()).nl(),
            Step::MiMaxSpeed => {
                let (max, adjusted) = obj.mi_max_speeds();
                result(t).f32(max).str(" adjusted=").f32(adjusted).nl();
            }
            Step::MiLeaveGroundVelocity => {
                result(t).vec3(obj.mi_leave_ground_velocity()).nl();
            }
            Step::MiIsStandingStill => _ = result(t).bit(obj.mi_is_standing_still()).nl(),
            Step::MiMotionAllowsJump(m) => weenie_error(t, obj.mi_motion_allows_jump(*m)),
            Step::MiContactAllowsMove(m) => {
                result(t).bit(obj.mi_contact_allows_move(*m)).nl();
            }
            // --- physics
            Step::PhysicsTick(q) => o.slices.push(obj.slice(f64::from(*q))),
            Step::PhysicsUpdate(dt) => {
                let r = obj.update_object(*dt, &mut o.slices);
                result(t).bit(r.ran).str(" slices=").int(r.slices).nl();
            }
            Step::SetVelocity(v) => obj.set_velocity(*v),
            Step::SetLocalVelocity(v) => obj.set_local_velocity(*v),
            Step::SetOmega(v) => obj.set_omega(*v),
            Step::SetHeading(d) => obj.set_heading(*d),
            Step::CalcAcceleration => obj.calc_acceleration(),
            Step::SetActive(on) => _ = result(t).bit(obj.set_active(*on)).nl(),
            // --- interpolation
            Step::ImInterpolateTo { pos, keep_heading } => {
                obj.interpolate_to(&position(pos), *keep_heading)
            }
            Step::MoveOrTeleport {
                pos,
                contact,
                timestamp,
            } => {
                let r = obj.move_or_teleport(&position(pos), *contact, *timestamp);
                result(t).bit(r).nl();
            }
            Step::ImUseTime => {
                if !obj.im_use_time() {
                    result(t).str("none").nl();
                }
            }
            Step::ImNodeCompleted(ok) => {
                if !obj.im_node_completed(*ok) {
                    result(t).str("none").nl();
                }
            }
            Step::ImStop => obj.stop_interpolating(),
            Step::ImIsInterpolating => _ = result(t).bit(obj.is_interpolating()).nl(),
            Step::ImPush(node) => match node {
                super::steps::PushNode::Velocity(v) => obj.im_push_velocity(*v),
                super::steps::PushNode::Jump(e) => obj.im_push_jump(*e),
            },
        }
        if let Some(id) = obj.parts_mut().sequence.take_missing_animation() {
            return Err(format!("animation 0x{id:08X} was never defined"));
        }
        Ok(())
    }
}

impl Runner {
    /// The step's `event` lines (the object's log, drained), then its `offset` / `slice`
    /// lines; its `result` line is already written.
    fn print_step_output(&mut self) {
        let t = &mut self.out;
        if let Some(s) = self.session.as_mut() {
            for e in s.obj_mut().drain_events() {
                t.str("  event ").event(&e).nl();
            }
        }
        for f in &self.step_output.offsets {
            dump::offset_line(t, f);
        }
        for s in &self.step_output.slices {
            dump::slice_line(t, s);
        }
    }

    /// The dump (docs/scenarios.md, "The trace").
    fn dump(&mut self) {
        if let Some(s) = self.session.as_ref() {
            dump::dump(&mut self.out, s.obj(), self.physics_on, self.interp_on);
            if self.moveto_on {
                super::dump_moveto::dump(&mut self.out, s);
            }
        }
    }
}

/// Applies a `set` step's keys in their fixed order (docs/scenarios.md, "Steps").
/// Nothing is called and no event is logged.
fn apply_set(obj: &mut PhysicsObj, s: &SetArgs) {
    if let Some(v) = s.state {
        obj.set_state_raw(ObjectState::from_bits_retain(v));
    }
    if let Some(v) = s.transient {
        obj.set_transient_raw(TransientState::from_bits_retain(v));
    }
    if let Some(v) = s.active {
        obj.set_transient_flag(TransientState::ACTIVE, v);
    }
    if let Some(p) = &s.position {
        obj.set_position_raw(position(p));
    }
    if let Some(v) = s.id {
        obj.set_id(v);
    }
    if let Some(v) = s.player_distance {
        obj.set_player_distance(v);
    }
    if let Some(v) = s.spheres {
        obj.set_num_spheres(v);
    }
    if let Some(v) = s.radius {
        obj.set_radius(v);
    }
    if let Some(v) = s.height {
        obj.set_height(v);
    }
    if let Some(v) = s.moving_to {
        obj.set_moving_to(v);
    }
    if let Some(v) = s.scale {
        obj.set_scale(v);
    }
    if let Some(v) = s.friction {
        obj.set_friction(v);
    }
    if let Some(v) = s.accel {
        obj.set_acceleration_raw(v);
    }
    if let Some(v) = s.omega {
        obj.set_omega(v);
    }
    if let Some(v) = s.cached_velocity {
        obj.set_cached_velocity_raw(v);
    }
    if let Some([nx, ny, nz, dd]) = s.contact_plane {
        obj.set_contact_plane(Plane {
            normal: Vec3::new(nx, ny, nz),
            d: dd,
        });
    }
    if let Some(v) = s.teleport_stamp {
        obj.set_teleport_stamp(v);
    }
    if let Some(v) = s.time {
        obj.set_update_time(v);
    }
    if let Some(v) = s.gravity {
        obj.set_state_flag(ObjectState::GRAVITY, v);
    }
    if let Some(v) = s.hidden {
        obj.set_state_flag(ObjectState::HIDDEN, v);
    }
    if let Some(v) = s.contact {
        obj.set_transient_flag(TransientState::CONTACT, v);
    }
    if let Some(v) = s.on_walkable {
        obj.set_transient_flag(TransientState::ON_WALKABLE, v);
    }
    if let Some(v) = s.cell {
        obj.set_has_cell(v);
    }
    if let Some(v) = s.autonomous {
        obj.set_autonomous(v);
    }
    if let Some(v) = s.constrained {
        obj.set_constrained(v);
    }
    if let Some(v) = s.velocity {
        obj.set_velocity_raw(v);
    }
    if let Some(w) = obj.weenie_mut() {
        if let Some(v) = s.creature {
            w.creature = v;
        }
        if let Some(v) = s.run_rate {
            w.run_rate = v;
        }
        if let Some(v) = s.jump_velocity {
            w.jump_velocity = v;
        }
        if let Some(v) = s.can_jump {
            w.can_jump = v;
        }
        if let Some(v) = s.jump_stamina_cost {
            w.jump_stamina_cost = v;
        }
    }
}
