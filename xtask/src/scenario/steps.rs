//! Steps (docs/scenarios.md, "Steps") parsed into a typed
//! [`Step`]. Parsing checks only the text; whether the object or the MotionInterp exists is
//! checked when the step runs.

use super::args::LineArgs;
use super::error::ParseResult;
use super::lexer::{
    parse_anim_ref, parse_bool, parse_f32, parse_f64, parse_floats, parse_hold_key, parse_i32,
    parse_motion, parse_quat, parse_u32, parse_vec3,
};
use super::moveto_steps::MoveToStep;
use ac_dat::AnimData;
use glam::Vec3;

/// A position written `<cell> x,y,z [qw,qx,qy,qz]`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Pos {
    /// Cell id.
    pub cell: u32,
    /// Origin.
    pub origin: Vec3,
    /// Orientation as written, `[w, x, y, z]` (identity when absent, never normalized).
    pub orientation: [f32; 4],
}

/// Identity orientation `[w, x, y, z]`.
pub const IDENTITY_WXYZ: [f32; 4] = [1.0, 0.0, 0.0, 0.0];

pub(crate) fn parse_pos(cell: &str, origin: &str, q: Option<&str>) -> ParseResult<Pos> {
    Ok(Pos {
        cell: parse_u32(cell)?,
        origin: parse_vec3(origin)?,
        orientation: q.map_or(Ok(IDENTITY_WXYZ), parse_quat)?,
    })
}

/// The keys of a `set` step; `None` means "not given". A key given twice keeps its last value.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SetArgs {
    /// `state=` (raw PhysicsState).
    pub state: Option<u32>,
    /// `transient=` (raw TransientState).
    pub transient: Option<u32>,
    /// `active=`
    pub active: Option<bool>,
    /// `position=<cell> <x,y,z> [<q>]`
    pub position: Option<Pos>,
    /// `id=`
    pub id: Option<u32>,
    /// `player_distance=`
    pub player_distance: Option<f32>,
    /// `spheres=`
    pub spheres: Option<i32>,
    /// `radius=`
    pub radius: Option<f32>,
    /// `height=` (move-to layer)
    pub height: Option<f32>,
    /// `moving_to=`
    pub moving_to: Option<bool>,
    /// `scale=`
    pub scale: Option<f32>,
    /// `friction=`
    pub friction: Option<f32>,
    /// `accel=`
    pub accel: Option<Vec3>,
    /// `omega=`
    pub omega: Option<Vec3>,
    /// `cached_velocity=`
    pub cached_velocity: Option<Vec3>,
    /// `contact_plane=nx,ny,nz,d`
    pub contact_plane: Option<[f32; 4]>,
    /// `teleport_stamp=`
    pub teleport_stamp: Option<i32>,
    /// `time=`
    pub time: Option<f64>,
    /// `gravity=`
    pub gravity: Option<bool>,
    /// `hidden=`
    pub hidden: Option<bool>,
    /// `contact=`
    pub contact: Option<bool>,
    /// `on_walkable=`
    pub on_walkable: Option<bool>,
    /// `cell=`
    pub cell: Option<bool>,
    /// `autonomous=`
    pub autonomous: Option<bool>,
    /// `constrained=`
    pub constrained: Option<bool>,
    /// `velocity=` (stored as is)
    pub velocity: Option<Vec3>,
    /// weenie `creature=`
    pub creature: Option<bool>,
    /// weenie `run_rate=<f32>|none`
    pub run_rate: Option<Option<f32>>,
    /// weenie `jump_velocity=<f32>|none`
    pub jump_velocity: Option<Option<f32>>,
    /// weenie `can_jump=`
    pub can_jump: Option<bool>,
    /// weenie `jump_stamina_cost=`
    pub jump_stamina_cost: Option<f32>,
}

impl SetArgs {
    /// Whether a physics key was given (switches the physics layer on).
    pub fn has_physics_key(&self) -> bool {
        self.state.is_some()
            || self.transient.is_some()
            || self.active.is_some()
            || self.position.is_some()
            || self.id.is_some()
            || self.player_distance.is_some()
            || self.spheres.is_some()
            || self.radius.is_some()
            || self.height.is_some()
            || self.moving_to.is_some()
            || self.scale.is_some()
            || self.friction.is_some()
            || self.accel.is_some()
            || self.omega.is_some()
            || self.cached_velocity.is_some()
            || self.contact_plane.is_some()
            || self.teleport_stamp.is_some()
            || self.time.is_some()
    }

    /// Whether a weenie key was given (bad input on an object without a weenie).
    pub fn has_weenie_key(&self) -> bool {
        self.creature.is_some()
            || self.run_rate.is_some()
            || self.jump_velocity.is_some()
            || self.can_jump.is_some()
            || self.jump_stamina_cost.is_some()
    }
}

fn f32_or_none(s: &str) -> ParseResult<Option<f32>> {
    if s == "none" {
        Ok(None)
    } else {
        parse_f32(s).map(Some)
    }
}

fn parse_set(rest: &[&str]) -> ParseResult<SetArgs> {
    let mut s = SetArgs::default();
    let mut i = 0;
    while i < rest.len() {
        let tok = rest[i];
        i += 1;
        let Some((k, v)) = tok.split_once('=') else {
            continue; // extra positional tokens are ignored
        };
        let e = |m: String| format!("{k}: {m}");
        match k {
            "position" => {
                let origin = rest
                    .get(i)
                    .filter(|t| !t.contains('='))
                    .ok_or_else(|| "position: missing origin x,y,z".to_string())?;
                i += 1;
                let q = rest.get(i).filter(|t| !t.contains('=')).copied();
                if q.is_some() {
                    i += 1;
                }
                s.position = Some(parse_pos(v, origin, q).map_err(e)?);
            }
            "state" => s.state = Some(parse_u32(v).map_err(e)?),
            "transient" => s.transient = Some(parse_u32(v).map_err(e)?),
            "active" => s.active = Some(parse_bool(v).map_err(e)?),
            "id" => s.id = Some(parse_u32(v).map_err(e)?),
            "player_distance" => s.player_distance = Some(parse_f32(v).map_err(e)?),
            "spheres" => s.spheres = Some(parse_i32(v).map_err(e)?),
            "radius" => s.radius = Some(parse_f32(v).map_err(e)?),
            "height" => s.height = Some(parse_f32(v).map_err(e)?),
            "moving_to" => s.moving_to = Some(parse_bool(v).map_err(e)?),
            "scale" => s.scale = Some(parse_f32(v).map_err(e)?),
            "friction" => s.friction = Some(parse_f32(v).map_err(e)?),
            "accel" => s.accel = Some(parse_vec3(v).map_err(e)?),
            "omega" => s.omega = Some(parse_vec3(v).map_err(e)?),
            "cached_velocity" => s.cached_velocity = Some(parse_vec3(v).map_err(e)?),
            "contact_plane" => s.contact_plane = Some(parse_floats::<4>(v).map_err(e)?),
            "teleport_stamp" => s.teleport_stamp = Some(parse_i32(v).map_err(e)?),
            "time" => s.time = Some(parse_f64(v).map_err(e)?),
            "gravity" => s.gravity = Some(parse_bool(v).map_err(e)?),
            "hidden" => s.hidden = Some(parse_bool(v).map_err(e)?),
            "contact" => s.contact = Some(parse_bool(v).map_err(e)?),
            "on_walkable" => s.on_walkable = Some(parse_bool(v).map_err(e)?),
            "cell" => s.cell = Some(parse_bool(v).map_err(e)?),
            "autonomous" => s.autonomous = Some(parse_bool(v).map_err(e)?),
            "constrained" => s.constrained = Some(parse_bool(v).map_err(e)?),
            "velocity" => s.velocity = Some(parse_vec3(v).map_err(e)?),
            "creature" => s.creature = Some(parse_bool(v).map_err(e)?),
            "run_rate" => s.run_rate = Some(f32_or_none(v).map_err(e)?),
            "jump_velocity" => s.jump_velocity = Some(f32_or_none(v).map_err(e)?),
            "can_jump" => s.can_jump = Some(parse_bool(v).map_err(e)?),
            "jump_stamina_cost" => s.jump_stamina_cost = Some(parse_f32(v).map_err(e)?),
            _ => return Err(format!("unknown option key `{k}`")),
        }
    }
    Ok(s)
}

/// MovementParameters fields a scenario can set, with the format's defaults.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Params {
    /// `speed` (Speed), default 1.
    pub speed: f32,
    /// `hold` (HoldKeyToApply: 0 Invalid, 1 None, 2 Run), default Invalid.
    pub hold: u32,
    /// `modify_raw`, default 1.
    pub modify_raw: bool,
    /// `modify_interp`, default 1.
    pub modify_interp: bool,
    /// `cancel_moveto`, default 1.
    pub cancel_moveto: bool,
    /// `set_hold_key`, default 1.
    pub set_hold_key: bool,
    /// `disable_jump` (DisableJumpDuringLink), default 0.
    pub disable_jump: bool,
    /// `context` (ContextID), default 0.
    pub context: i32,
    /// `autonomous`, default 0.
    pub autonomous: bool,
    /// `stop_completely`, default 1.
    pub stop_completely: bool,
}

impl Default for Params {
    fn default() -> Self {
        Self {
            speed: 1.0,
            hold: 0,
            modify_raw: true,
            modify_interp: true,
            cancel_moveto: true,
            set_hold_key: true,
            disable_jump: false,
            context: 0,
            autonomous: false,
            stop_completely: true,
        }
    }
}

const PARAM_KEYS: &[&str] = &[
    "speed",
    "hold",
    "modify_raw",
    "modify_interp",
    "cancel_moveto",
    "set_hold_key",
    "disable_jump",
    "context",
    "autonomous",
    "stop_completely",
];

fn parse_params(a: &LineArgs<'_>) -> ParseResult<Params> {
    let d = Params::default();
    Ok(Params {
        speed: a.get_or("speed", d.speed, parse_f32)?,
        hold: a.get_or("hold", d.hold, parse_hold_key)?,
        modify_raw: a.get_or("modify_raw", d.modify_raw, parse_bool)?,
        modify_interp: a.get_or("modify_interp", d.modify_interp, parse_bool)?,
        cancel_moveto: a.get_or("cancel_moveto", d.cancel_moveto, parse_bool)?,
        set_hold_key: a.get_or("set_hold_key", d.set_hold_key, parse_bool)?,
        disable_jump: a.get_or("disable_jump", d.disable_jump, parse_bool)?,
        context: a.get_or("context", d.context, parse_i32)?,
        autonomous: a.get_or("autonomous", d.autonomous, parse_bool)?,
        stop_completely: a.get_or("stop_completely", d.stop_completely, parse_bool)?,
    })
}

/// The command kind of a `perform` / `mi_perform` step.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PerformKind {
    /// RawCommand
    Raw,
    /// InterpretedCommand
    Interpreted,
    /// StopRawCommand
    StopRaw,
    /// StopInterpretedCommand
    StopInterpreted,
    /// StopCompletely
    StopCompletely,
}

/// What an `im_push` step appends.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum PushNode {
    /// A velocity node (type 3).
    Velocity(Vec3),
    /// A jump node (type 2) with its extent.
    Jump(f32),
}

/// One parsed step.
#[derive(Debug, Clone, PartialEq)]
#[allow(missing_docs)] // variants mirror the op names of the FORMAT documents one to one
pub enum Step {
    // --- setup
    Object {
        table: u32,
        weenie: bool,
        creature: bool,
    },
    Set(Box<SetArgs>),
    Dump,
    // --- motion table (7.2)
    SetDefaultState,
    DoObjectMotion {
        motion: u32,
        speed: f32,
    },
    GetObjectSequence {
        motion: u32,
        speed: f32,
        stop_modifiers: bool,
    },
    StopObjectMotion {
        motion: u32,
        speed: f32,
    },
    StopObjectCompletely,
    // --- manager (7.3)
    InitializeState,
    Perform {
        kind: PerformKind,
        motion: u32,
        speed: f32,
    },
    AnimationDone {
        success: bool,
    },
    CheckForCompletedMotions,
    UseTime,
    HandleEnterWorld,
    HandleExitWorld,
    // --- sequence and time (7.4)
    Update {
        quantum: f32,
        frame: bool,
    },
    ProcessHooks,
    Tick {
        quantum: f32,
    },
    UpdateObject {
        dt: f64,
    },
    SeqAppend(AnimData),
    SeqClearAnimations,
    SeqClearPhysics,
    SeqRemoveCyclicAnims,
    SeqRemoveLinkAnimations(u32),
    SeqRemoveAllLinkAnimations,
    SeqMultiplyCyclicFramerate(f32),
    SeqSetVelocity(Vec3),
    SeqSetOmega(Vec3),
    // --- MotionInterp (7.5)
    MiCreate,
    MiEnterDefaultState,
    MiDoMotion {
        motion: u32,
        params: Params,
    },
    MiDoInterpretedMotion {
        motion: u32,
        params: Params,
    },
    MiStopMotion {
        motion: u32,
        params: Params,
    },
    MiStopInterpretedMotion {
        motion: u32,
        params: Params,
    },
    MiStopCompletely,
    MiPerform {
        kind: PerformKind,
        motion: u32,
        params: Params,
    },
    MiApplyCurrent {
        cancel_moveto: bool,
        allow_jump: bool,
    },
    MiApplyRaw {
        cancel_moveto: bool,
        allow_jump: bool,
    },
    MiApplyInterpreted {
        cancel_moveto: bool,
        allow_jump: bool,
    },
    MiMotionDone {
        success: bool,
    },
    MiHitGround,
    MiLeaveGround,
    MiSetOnWalkable(bool),
    MiJump {
        extent: f32,
        stamina: i32,
    },
    MiChargeJump,
    MiJumpIsAllowed {
        extent: f32,
        stamina: i32,
    },
    MiSetHoldRun {
        val: i32,
        cancel_moveto: bool,
    },
    MiSetHoldKey {
        key: u32,
        cancel_moveto: bool,
    },
    MiReportExhaustion,
    MiHandleExitWorld,
    MiStateVelocity,
    MiMaxSpeed,
    MiLeaveGroundVelocity,
    MiIsStandingStill,
    MiMotionAllowsJump(u32),
    MiContactAllowsMove(u32),
    // --- physics
    PhysicsTick(f32),
    PhysicsUpdate(f64),
    SetVelocity(Vec3),
    SetLocalVelocity(Vec3),
    SetOmega(Vec3),
    SetHeading(f32),
    SetOnWalkable(bool),
    CalcAcceleration,
    SetActive(bool),
    // --- interpolation
    ImInterpolateTo {
        pos: Pos,
        keep_heading: bool,
    },
    MoveOrTeleport {
        pos: Pos,
        contact: bool,
        timestamp: i32,
    },
    ImUseTime,
    ImNodeCompleted(bool),
    ImStop,
    ImIsInterpolating,
    ImPush(PushNode),
    // --- move-to (the **Move-to** ops of docs/scenarios.md)
    MoveTo(MoveToStep),
}

impl Step {
    /// Whether the step needs an earlier `object` (*obj* in the FORMAT tables).
    pub fn needs_object(&self) -> bool {
        !matches!(self, Step::Object { .. } | Step::Dump)
    }

    /// Whether the step needs an earlier `mi_create` (*mi*).
    pub fn needs_mi(&self) -> bool {
        use Step::*;
        matches!(
            self,
            MiEnterDefaultState
                | MiDoMotion { .. }
                | MiDoInterpretedMotion { .. }
                | MiStopMotion { .. }
                | MiStopInterpretedMotion { .. }
                | MiStopCompletely
                | MiPerform { .. }
                | MiApplyCurrent { .. }
                | MiApplyRaw { .. }
                | MiApplyInterpreted { .. }
                | MiMotionDone { .. }
                | MiHitGround
                | MiLeaveGround
                | MiSetOnWalkable(_)
                | MiJump { .. }
                | MiChargeJump
                | MiJumpIsAllowed { .. }
                | MiSetHoldRun { .. }
                | MiSetHoldKey { .. }
                | MiReportExhaustion
                | MiHandleExitWorld
                | MiStateVelocity
                | MiMaxSpeed
                | MiLeaveGroundVelocity
                | MiIsStandingStill
                | MiMotionAllowsJump(_)
                | MiContactAllowsMove(_)
        )
    }

    /// Whether the step switches the physics layer on (docs/scenarios.md, "Layers").
    pub fn switches_physics(&self) -> bool {
        use Step::*;
        match self {
            Set(s) => s.has_physics_key(),
            PhysicsTick(_) | PhysicsUpdate(_) | SetVelocity(_) | SetLocalVelocity(_)
            | SetOmega(_) | SetHeading(_) | SetOnWalkable(_) | CalcAcceleration | SetActive(_)
            | MoveTo(_) => true,
            _ => self.switches_interp(),
        }
    }

    /// Whether the step switches the move-to layer on (see docs/scenarios.md).
    pub fn switches_moveto(&self) -> bool {
        matches!(self, Step::MoveTo(m) if m.switches_moveto())
    }

    /// Whether the step switches the interp layer on.
    pub fn switches_interp(&self) -> bool {
        use Step::*;
        matches!(
            self,
            ImInterpolateTo { .. }
                | MoveOrTeleport { .. }
                | ImUseTime
                | ImNodeCompleted(_)
                | ImStop
                | ImIsInterpolating
                | ImPush(_)
        )
    }
}

fn speed_arg(a: &LineArgs<'_>, i: usize) -> ParseResult<f32> {
    a.opt_or(i, 1.0, parse_f32)
}

fn motion_params(rest: &[&str]) -> ParseResult<(u32, Params)> {
    let a = LineArgs::new(rest, PARAM_KEYS)?;
    Ok((parse_motion(a.req(0, "motion")?)?, parse_params(&a)?))
}

fn two_bools(rest: &[&str]) -> ParseResult<(bool, bool)> {
    let a = LineArgs::new(rest, &[])?;
    Ok((
        parse_bool(a.req(0, "cancelMoveTo")?)?,
        parse_bool(a.req(1, "allowJump")?)?,
    ))
}

fn no_args(rest: &[&str], step: Step) -> ParseResult<Step> {
    LineArgs::new(rest, &[])?;
    Ok(step)
}

/// Parses a step line; `op` is its first token, `rest` the others.
pub fn parse_step(op: &str, rest: &[&str]) -> ParseResult<Step> {
    use Step::*;
    let step = match op {
        "object" => {
            let a = LineArgs::new(rest, &["table", "weenie", "creature"])?;
            Object {
                table: a.get_or("table", 0, parse_u32)?,
                weenie: a.get_or("weenie", true, parse_bool)?,
                creature: a.get_or("creature", true, parse_bool)?,
            }
        }
        "set" => Set(Box::new(parse_set(rest)?)),
        "dump" => no_args(rest, Dump)?,
        "set_default_state" => no_args(rest, SetDefaultState)?,
        "do_object_motion" | "stop_object_motion" => {
            let a = LineArgs::new(rest, &[])?;
            let motion = parse_motion(a.req(0, "motion")?)?;
            let speed = speed_arg(&a, 1)?;
            if op == "do_object_motion" {
                DoObjectMotion { motion, speed }
            } else {
                StopObjectMotion { motion, speed }
            }
        }
        "get_object_sequence" => {
            let a = LineArgs::new(rest, &["stopModifiers"])?;
            GetObjectSequence {
                motion: parse_motion(a.req(0, "motion")?)?,
                speed: speed_arg(&a, 1)?,
                stop_modifiers: a.pos_or_key(2, "stopModifiers", false, parse_bool)?,
            }
        }
        "stop_object_completely" => no_args(rest, StopObjectCompletely)?,
        "initialize_state" => no_args(rest, InitializeState)?,
        "perform" => {
            let a = LineArgs::new(rest, &[])?;
            match a.req(0, "interpreted|stop|stop_completely")? {
                "stop_completely" => Perform {
                    kind: PerformKind::StopCompletely,
                    motion: 0,
                    speed: 1.0,
                },
                k @ ("interpreted" | "stop") => Perform {
                    kind: if k == "stop" {
                        PerformKind::StopInterpreted
                    } else {
                        PerformKind::Interpreted
                    },
                    motion: parse_motion(a.req(1, "motion")?)?,
                    speed: speed_arg(&a, 2)?,
                },
                k => return Err(format!("unknown perform kind `{k}`")),
            }
        }
        "animation_done" | "mi_motion_done" => {
            let a = LineArgs::new(rest, &["success"])?;
            let success = a.pos_or_key(0, "success", true, parse_bool)?;
            if op == "animation_done" {
                AnimationDone { success }
            } else {
                MiMotionDone { success }
            }
        }
        "check_for_completed_motions" => no_args(rest, CheckForCompletedMotions)?,
        "use_time" => no_args(rest, UseTime)?,
        "handle_enter_world" => no_args(rest, HandleEnterWorld)?,
        "handle_exit_world" => no_args(rest, HandleExitWorld)?,
        "update" => {
            let a = LineArgs::new(rest, &[])?;
            let quantum = parse_f32(a.req(0, "quantum")?)?;
            let frame = match a.opt(1) {
                None => true,
                Some("noframe") => false,
                Some(t) => return Err(format!("expected `noframe`, got `{t}`")),
            };
            Update { quantum, frame }
        }
        "process_hooks" => no_args(rest, ProcessHooks)?,
        "tick" => Tick {
            quantum: parse_f32(LineArgs::new(rest, &[])?.req(0, "quantum")?)?,
        },
        "update_object" => UpdateObject {
            dt: parse_f64(LineArgs::new(rest, &[])?.req(0, "dt")?)?,
        },
        "seq_append" => SeqAppend(parse_anim_ref(
            LineArgs::new(rest, &[])?.req(0, "anim ref")?,
        )?),
        "seq_clear_animations" => no_args(rest, SeqClearAnimations)?,
        "seq_clear_physics" => no_args(rest, SeqClearPhysics)?,
        "seq_remove_cyclic_anims" => no_args(rest, SeqRemoveCyclicAnims)?,
        "seq_remove_link_animations" => {
            SeqRemoveLinkAnimations(parse_u32(LineArgs::new(rest, &[])?.req(0, "n")?)?)
        }
        "seq_remove_all_link_animations" => no_args(rest, SeqRemoveAllLinkAnimations)?,
        "seq_multiply_cyclic_framerate" => {
            SeqMultiplyCyclicFramerate(parse_f32(LineArgs::new(rest, &[])?.req(0, "rate")?)?)
        }
        "seq_set_velocity" => {
            SeqSetVelocity(parse_vec3(LineArgs::new(rest, &[])?.req(0, "x,y,z")?)?)
        }
        "seq_set_omega" => SeqSetOmega(parse_vec3(LineArgs::new(rest, &[])?.req(0, "x,y,z")?)?),
        "mi_create" => no_args(rest, MiCreate)?,
        "mi_enter_default_state" => no_args(rest, MiEnterDefaultState)?,
        "mi_do_motion" => {
            let (motion, params) = motion_params(rest)?;
            MiDoMotion { motion, params }
        }
        "mi_do_interpreted_motion" => {
            let (motion, params) = motion_params(rest)?;
            MiDoInterpretedMotion { motion, params }
        }
        "mi_stop_motion" => {
            let (motion, params) = motion_params(rest)?;
            MiStopMotion { motion, params }
        }
        "mi_stop_interpreted_motion" => {
            let (motion, params) = motion_params(rest)?;
            MiStopInterpretedMotion { motion, params }
        }
        "mi_stop_completely" => no_args(rest, MiStopCompletely)?,
        "mi_perform" => {
            let a = LineArgs::new(rest, PARAM_KEYS)?;
            let kind = match a.req(
                0,
                "raw|interpreted|stop_raw|stop_interpreted|stop_completely",
            )? {
                "raw" => PerformKind::Raw,
                "interpreted" => PerformKind::Interpreted,
                "stop_raw" => PerformKind::StopRaw,
                "stop_interpreted" => PerformKind::StopInterpreted,
                "stop_completely" => PerformKind::StopCompletely,
                k => return Err(format!("unknown mi_perform kind `{k}`")),
            };
            let motion = if kind == PerformKind::StopCompletely {
                0
            } else {
                parse_motion(a.req(1, "motion")?)?
            };
            MiPerform {
                kind,
                motion,
                params: parse_params(&a)?,
            }
        }
        "mi_apply_current" | "mi_apply_raw" | "mi_apply_interpreted" => {
            let (cancel_moveto, allow_jump) = two_bools(rest)?;
            match op {
                "mi_apply_current" => MiApplyCurrent {
                    cancel_moveto,
                    allow_jump,
                },
                "mi_apply_raw" => MiApplyRaw {
                    cancel_moveto,
                    allow_jump,
                },
                _ => MiApplyInterpreted {
                    cancel_moveto,
                    allow_jump,
                },
            }
        }
        "mi_hit_ground" => no_args(rest, MiHitGround)?,
        "mi_leave_ground" => no_args(rest, MiLeaveGround)?,
        "mi_set_on_walkable" => {
            MiSetOnWalkable(parse_bool(LineArgs::new(rest, &[])?.req(0, "bool")?)?)
        }
        "mi_jump" | "mi_jump_is_allowed" => {
            let a = LineArgs::new(rest, &[])?;
            let extent = parse_f32(a.req(0, "extent")?)?;
            let stamina = a.opt_or(1, 0, parse_i32)?;
            if op == "mi_jump" {
                MiJump { extent, stamina }
            } else {
                MiJumpIsAllowed { extent, stamina }
            }
        }
        "mi_charge_jump" => no_args(rest, MiChargeJump)?,
        "mi_set_hold_run" => {
            let a = LineArgs::new(rest, &[])?;
            MiSetHoldRun {
                val: parse_i32(a.req(0, "val")?)?,
                cancel_moveto: a.opt_or(1, false, parse_bool)?,
            }
        }
        "mi_set_hold_key" => {
            let a = LineArgs::new(rest, &[])?;
            MiSetHoldKey {
                key: parse_hold_key(a.req(0, "HoldKey")?)?,
                cancel_moveto: a.opt_or(1, false, parse_bool)?,
            }
        }
        "mi_report_exhaustion" => no_args(rest, MiReportExhaustion)?,
        "mi_handle_exit_world" => no_args(rest, MiHandleExitWorld)?,
        "mi_state_velocity" => no_args(rest, MiStateVelocity)?,
        "mi_max_speed" => no_args(rest, MiMaxSpeed)?,
        "mi_leave_ground_velocity" => no_args(rest, MiLeaveGroundVelocity)?,
        "mi_is_standing_still" => no_args(rest, MiIsStandingStill)?,
        "mi_motion_allows_jump" => {
            MiMotionAllowsJump(parse_motion(LineArgs::new(rest, &[])?.req(0, "motion")?)?)
        }
        "mi_contact_allows_move" => {
            MiContactAllowsMove(parse_motion(LineArgs::new(rest, &[])?.req(0, "motion")?)?)
        }
        "physics_tick" => PhysicsTick(parse_f32(LineArgs::new(rest, &[])?.req(0, "quantum")?)?),
        "physics_update" => PhysicsUpdate(parse_f64(LineArgs::new(rest, &[])?.req(0, "dt")?)?),
        "set_velocity" => SetVelocity(parse_vec3(LineArgs::new(rest, &[])?.req(0, "x,y,z")?)?),
        "set_local_velocity" => {
            SetLocalVelocity(parse_vec3(LineArgs::new(rest, &[])?.req(0, "x,y,z")?)?)
        }
        "set_omega" => SetOmega(parse_vec3(LineArgs::new(rest, &[])?.req(0, "x,y,z")?)?),
        "set_heading" => SetHeading(parse_f32(LineArgs::new(rest, &[])?.req(0, "degrees")?)?),
        "set_on_walkable" => SetOnWalkable(parse_bool(LineArgs::new(rest, &[])?.req(0, "bool")?)?),
        "calc_acceleration" => no_args(rest, CalcAcceleration)?,
        "set_active" => SetActive(parse_bool(LineArgs::new(rest, &[])?.req(0, "bool")?)?),
        "im_interpolate_to" => {
            let a = LineArgs::new(rest, &["keep_heading"])?;
            ImInterpolateTo {
                pos: parse_pos(a.req(0, "cell")?, a.req(1, "x,y,z")?, a.opt(2))?,
                keep_heading: a.get_or("keep_heading", false, parse_bool)?,
            }
        }
        "move_or_teleport" => {
            let a = LineArgs::new(rest, &["contact", "timestamp"])?;
            MoveOrTeleport {
                pos: parse_pos(a.req(0, "cell")?, a.req(1, "x,y,z")?, a.opt(2))?,
                contact: a.get_or("contact", true, parse_bool)?,
                timestamp: a.get_or("timestamp", 0, parse_i32)?,
            }
        }
        "im_use_time" => no_args(rest, ImUseTime)?,
        "im_node_completed" => {
            ImNodeCompleted(parse_bool(LineArgs::new(rest, &[])?.req(0, "bool")?)?)
        }
        "im_stop" => no_args(rest, ImStop)?,
        "im_is_interpolating" => no_args(rest, ImIsInterpolating)?,
        "im_push" => {
            let a = LineArgs::new(rest, &[])?;
            match a.req(0, "velocity|jump")? {
                "velocity" => ImPush(PushNode::Velocity(parse_vec3(a.req(1, "x,y,z")?)?)),
                "jump" => ImPush(PushNode::Jump(parse_f32(a.req(1, "extent")?)?)),
                k => return Err(format!("unknown im_push kind `{k}`")),
            }
        }
        _ => match super::moveto_steps::parse(op, rest) {
            Some(r) => MoveTo(r?),
            None => return Err(format!("unknown op `{op}`")),
        },
    };
    Ok(step)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(line: &str) -> ParseResult<Step> {
        let t: Vec<&str> = line.split(' ').collect();
        parse_step(t[0], &t[1..])
    }

    #[test]
    fn parses_ops() {
        assert_eq!(
            p("object table=2 weenie=0"),
            Ok(Step::Object {
                table: 2,
                weenie: false,
                creature: true
            })
        );
        assert_eq!(
            p("update 0.1 noframe"),
            Ok(Step::Update {
                quantum: 0.1,
                frame: false
            })
        );
        assert_eq!(
            p("perform stop WalkForward 2"),
            Ok(Step::Perform {
                kind: PerformKind::StopInterpreted,
                motion: 0x4500_0005,
                speed: 2.0
            })
        );
        let Ok(Step::MiDoMotion { motion, params }) =
            p("mi_do_motion RunForward speed=1.5 hold=Run context=-3")
        else {
            panic!("mi_do_motion")
        };
        assert_eq!(motion, 0x4400_0007);
        assert_eq!((params.speed, params.hold, params.context), (1.5, 2, -3));
        assert!(params.modify_raw && !params.disable_jump);
        assert_eq!(
            p("mi_perform stop_completely speed=2").map(|s| matches!(
                s,
                Step::MiPerform {
                    kind: PerformKind::StopCompletely,
                    ..
                }
            )),
            Ok(true)
        );
        assert_eq!(
            p("im_push velocity 1,2,3"),
            Ok(Step::ImPush(PushNode::Velocity(Vec3::new(1.0, 2.0, 3.0))))
        );
    }

    #[test]
    fn optional_arguments_also_come_positionally() {
        assert_eq!(
            p("animation_done 0"),
            Ok(Step::AnimationDone { success: false })
        );
        assert_eq!(
            p("animation_done success=0"),
            Ok(Step::AnimationDone { success: false })
        );
        assert_eq!(
            p("mi_motion_done"),
            Ok(Step::MiMotionDone { success: true })
        );
        assert_eq!(
            p("get_object_sequence Ready 1 1"),
            Ok(Step::GetObjectSequence {
                motion: 0x4100_0003,
                speed: 1.0,
                stop_modifiers: true
            })
        );
        assert!(p("animation_done maybe").is_err());
    }

    #[test]
    fn parses_set_position_and_order_free_keys() {
        let Ok(Step::Set(s)) =
            p("set active=1 position=0xA9B40021 10,20,0 friction=0 contact=1 contact=0")
        else {
            panic!("set")
        };
        let pos = s.position.unwrap();
        assert_eq!(
            (pos.cell, pos.origin, pos.orientation),
            (0xA9B4_0021, Vec3::new(10.0, 20.0, 0.0), IDENTITY_WXYZ)
        );
        assert_eq!(s.contact, Some(false), "last value wins");
        assert!(s.has_physics_key());
        let Ok(Step::Set(s)) = p("set position=1 1,2,3 0.5,0.5,0.5,0.5 run_rate=none") else {
            panic!("set")
        };
        assert_eq!(s.position.unwrap().orientation, [0.5; 4]);
        assert_eq!(s.run_rate, Some(None));
        assert!(s.has_weenie_key());
    }

    #[test]
    fn rejects_bad_steps() {
        for bad in [
            "frobnicate 1",
            "update",
            "do_object_motion WalkForward fast",
            "do_object_motion Walkforward",
            "set bogus=1",
            "set position=1",
            "mi_do_motion Ready speedy=2",
            "perform sideways Ready",
            "mi_set_hold_key run",
        ] {
            assert!(p(bad).is_err(), "{bad}");
        }
    }
}
