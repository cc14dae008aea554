//! The move-to layer's ops and their MovementParameters keys (`docs/scenarios.md`) parsed
//! into a typed [`MoveToStep`].

use super::args::LineArgs;
use super::error::ParseResult;
use super::lexer::{
    parse_bool, parse_f32, parse_f64, parse_hold_key, parse_i32, parse_u32, parse_vec3,
};
use super::steps::{Pos, parse_pos};
use ac_motioninterp::{HoldKey, MovementParamFlags, MovementParameters, TargetStatus};
use glam::Vec3;

/// The MovementParameters keys of a move-to op: given values only; the rest comes from
/// the defaults the op starts from.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct MoveParams {
    /// `flags=` (all 18 bits), applied before the other keys.
    pub flags: Option<u32>,
    /// The single-flag keys given, in key order.
    pub bits: Vec<(MovementParamFlags, bool)>,
    /// `distance=`
    pub distance: Option<f32>,
    /// `min_distance=`
    pub min_distance: Option<f32>,
    /// `fail_distance=`
    pub fail_distance: Option<f32>,
    /// `heading=`
    pub heading: Option<f32>,
    /// `speed=`
    pub speed: Option<f32>,
    /// `walk_run=`
    pub walk_run: Option<f32>,
    /// `hold=`
    pub hold: Option<HoldKey>,
    /// `context=`
    pub context: Option<i32>,
    /// `action_stamp=`
    pub action_stamp: Option<i32>,
}

/// The single-flag keys and their bits.
const FLAG_KEYS: [(&str, MovementParamFlags); 18] = [
    ("can_walk", MovementParamFlags::CAN_WALK),
    ("can_run", MovementParamFlags::CAN_RUN),
    ("can_sidestep", MovementParamFlags::CAN_SIDESTEP),
    ("can_walk_backwards", MovementParamFlags::CAN_WALK_BACKWARDS),
    ("can_charge", MovementParamFlags::CAN_CHARGE),
    ("fail_walk", MovementParamFlags::FAIL_WALK),
    ("use_final_heading", MovementParamFlags::USE_FINAL_HEADING),
    ("sticky", MovementParamFlags::STICKY),
    ("move_away", MovementParamFlags::MOVE_AWAY),
    ("move_towards", MovementParamFlags::MOVE_TOWARDS),
    ("use_spheres", MovementParamFlags::USE_SPHERES),
    ("set_hold_key", MovementParamFlags::SET_HOLD_KEY),
    ("autonomous", MovementParamFlags::AUTONOMOUS),
    ("modify_raw", MovementParamFlags::MODIFY_RAW_STATE),
    (
        "modify_interp",
        MovementParamFlags::MODIFY_INTERPRETED_STATE,
    ),
    ("cancel_moveto", MovementParamFlags::CANCEL_MOVETO),
    ("stop_completely", MovementParamFlags::STOP_COMPLETELY),
    ("disable_jump", MovementParamFlags::DISABLE_JUMP_DURING_LINK),
];

const SCALAR_KEYS: [&str; 10] = [
    "flags",
    "distance",
    "min_distance",
    "fail_distance",
    "heading",
    "speed",
    "walk_run",
    "hold",
    "context",
    "action_stamp",
];

fn param_keys() -> Vec<&'static str> {
    FLAG_KEYS
        .iter()
        .map(|(k, _)| *k)
        .chain(SCALAR_KEYS)
        .collect()
}

impl MoveParams {
    fn parse(a: &LineArgs<'_>) -> ParseResult<MoveParams> {
        let mut bits = Vec::new();
        for (k, f) in FLAG_KEYS {
            if let Some(on) = a.get_opt(k, parse_bool)? {
                bits.push((f, on));
            }
        }
        Ok(MoveParams {
            flags: a.get_opt("flags", parse_u32)?,
            bits,
            distance: a.get_opt("distance", parse_f32)?,
            min_distance: a.get_opt("min_distance", parse_f32)?,
            fail_distance: a.get_opt("fail_distance", parse_f32)?,
            heading: a.get_opt("heading", parse_f32)?,
            speed: a.get_opt("speed", parse_f32)?,
            walk_run: a.get_opt("walk_run", parse_f32)?,
            hold: a.get_opt("hold", parse_hold_key)?.map(|k| match k {
                1 => HoldKey::None,
                2 => HoldKey::Run,
                _ => HoldKey::Invalid,
            }),
            context: a.get_opt("context", parse_i32)?,
            action_stamp: a.get_opt("action_stamp", parse_i32)?,
        })
    }

    /// The parameters: `defaults`, then `flags=`, then the other keys.
    pub fn build(&self, defaults: MovementParameters) -> MovementParameters {
        let mut p = defaults;
        if let Some(f) = self.flags {
            p.flags = MovementParamFlags::from_bits_retain(f);
        }
        for &(f, on) in &self.bits {
            p.flags.set(f, on);
        }
        let set = |v: Option<f32>, field: &mut f32| {
            if let Some(v) = v {
                *field = v;
            }
        };
        set(self.distance, &mut p.distance_to_object);
        set(self.min_distance, &mut p.min_distance);
        set(self.fail_distance, &mut p.fail_distance);
        set(self.heading, &mut p.desired_heading);
        set(self.speed, &mut p.speed);
        set(self.walk_run, &mut p.walk_run_threshold);
        if let Some(h) = self.hold {
            p.hold_key_to_apply = h;
        }
        if let Some(c) = self.context {
            p.context_id = c;
        }
        if let Some(s) = self.action_stamp {
            p.action_stamp = s;
        }
        p
    }
}

/// One move-to layer op.
#[derive(Debug, Clone, PartialEq)]
#[allow(missing_docs)] // variants mirror the op names one to one
pub enum MoveToStep {
    Advance(f64),
    Target {
        id: u32,
        pos: Pos,
        radius: f32,
        height: f32,
        velocity: Vec3,
    },
    TargetMove {
        id: u32,
        pos: Pos,
        velocity: Option<Vec3>,
    },
    TargetEvent {
        id: u32,
        status: TargetStatus,
    },
    MoveToObject {
        id: u32,
        params: MoveParams,
    },
    MoveToPosition {
        pos: Pos,
        params: MoveParams,
    },
    TurnToObject {
        id: u32,
        params: MoveParams,
    },
    TurnToHeading {
        params: MoveParams,
    },
    CancelMoveTo,
    StopCompletely,
    UseTime,
    StickTo {
        id: u32,
        radius: f32,
        height: f32,
    },
}

impl MoveToStep {
    /// Whether the step switches the move-to layer on (every op but `advance` and the
    /// position layer's `stick_to`).
    pub fn switches_moveto(&self) -> bool {
        !matches!(self, MoveToStep::Advance(_) | MoveToStep::StickTo { .. })
    }
}

/// `TargetStatus`: a name (`OK`, `ExitWorld`, …) or a number 0–6.
fn parse_status(s: &str) -> ParseResult<TargetStatus> {
    if s.as_bytes().first().is_some_and(u8::is_ascii_digit) {
        let n = parse_u32(s)?;
        return TargetStatus::from_code(n).ok_or_else(|| format!("no TargetStatus {n}"));
    }
    TargetStatus::from_name(s).ok_or_else(|| format!("malformed TargetStatus `{s}`"))
}

/// An op that takes no argument at all (an argument is bad input).
fn no_args(rest: &[&str], step: MoveToStep) -> ParseResult<MoveToStep> {
    match rest.first() {
        None => Ok(step),
        Some(t) => Err(format!("unexpected argument `{t}`")),
    }
}

fn target_id(s: &str) -> ParseResult<u32> {
    parse_u32(s)
}

/// Parses a move-to op; `None` when `op` is not one of them.
pub fn parse(op: &str, rest: &[&str]) -> Option<ParseResult<MoveToStep>> {
    let r = match op {
        "advance" => LineArgs::new(rest, &[])
            .and_then(|a| Ok(MoveToStep::Advance(parse_f64(a.req(0, "dt")?)?))),
        "target" => (|| {
            let a = LineArgs::new(rest, &["radius", "height", "velocity"])?;
            let id = target_id(a.req(0, "id")?)?;
            if id == 0 {
                return Err("target id 0".to_string());
            }
            Ok(MoveToStep::Target {
                id,
                pos: parse_pos(a.req(1, "cell")?, a.req(2, "x,y,z")?, a.opt(3))?,
                radius: a.get_or("radius", 0.0, parse_f32)?,
                height: a.get_or("height", 0.0, parse_f32)?,
                velocity: a.get_or("velocity", Vec3::ZERO, parse_vec3)?,
            })
        })(),
        "target_move" => (|| {
            let a = LineArgs::new(rest, &["velocity"])?;
            Ok(MoveToStep::TargetMove {
                id: target_id(a.req(0, "id")?)?,
                pos: parse_pos(a.req(1, "cell")?, a.req(2, "x,y,z")?, a.opt(3))?,
                velocity: a.get_opt("velocity", parse_vec3)?,
            })
        })(),
        "target_event" => (|| {
            let a = LineArgs::new(rest, &[])?;
            Ok(MoveToStep::TargetEvent {
                id: target_id(a.req(0, "id")?)?,
                status: parse_status(a.req(1, "TargetStatus")?)?,
            })
        })(),
        "moveto_object" | "turnto_object" => (|| {
            let keys = param_keys();
            let a = LineArgs::new(rest, &keys)?;
            let id = target_id(a.req(0, "id")?)?;
            let params = MoveParams::parse(&a)?;
            Ok(if op == "moveto_object" {
                MoveToStep::MoveToObject { id, params }
            } else {
                MoveToStep::TurnToObject { id, params }
            })
        })(),
        "moveto_position" => (|| {
            let keys = param_keys();
            let a = LineArgs::new(rest, &keys)?;
            Ok(MoveToStep::MoveToPosition {
                pos: parse_pos(a.req(0, "cell")?, a.req(1, "x,y,z")?, a.opt(2))?,
                params: MoveParams::parse(&a)?,
            })
        })(),
        "turnto_heading" => (|| {
            let keys = param_keys();
            let a = LineArgs::new(rest, &keys)?;
            Ok(MoveToStep::TurnToHeading {
                params: MoveParams::parse(&a)?,
            })
        })(),
        "cancel_moveto" => no_args(rest, MoveToStep::CancelMoveTo),
        "stop_completely" => no_args(rest, MoveToStep::StopCompletely),
        "moveto_use_time" => no_args(rest, MoveToStep::UseTime),
        "stick_to" => (|| {
            let a = LineArgs::new(rest, &["radius", "height"])?;
            Ok(MoveToStep::StickTo {
                id: target_id(a.req(0, "id")?)?,
                radius: a.get_or("radius", 0.0, parse_f32)?,
                height: a.get_or("height", 0.0, parse_f32)?,
            })
        })(),
        _ => return None,
    };
    Some(r)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(line: &str) -> ParseResult<MoveToStep> {
        let t: Vec<&str> = line.split(' ').collect();
        parse(t[0], &t[1..]).expect("a move-to op")
    }

    #[test]
    fn flags_first_then_keys() {
        let Ok(MoveToStep::TurnToHeading { params }) =
            p("turnto_heading can_walk=0 flags=0x3FFFF heading=90")
        else {
            panic!("turnto_heading")
        };
        let m = params.build(MovementParameters::default());
        assert_eq!(m.flags.bits(), 0x3FFFE);
        assert_eq!(m.desired_heading, 90.0);
    }

    #[test]
    fn targets_and_statuses() {
        assert!(matches!(
            p("target_event 0x80000010 ExitWorld"),
            Ok(MoveToStep::TargetEvent {
                status: TargetStatus::ExitWorld,
                ..
            })
        ));
        assert!(matches!(
            p("target_event 0x80000010 1"),
            Ok(MoveToStep::TargetEvent {
                status: TargetStatus::Ok,
                ..
            })
        ));
        for bad in [
            "target 0 1 0,0,0",
            "target_event 5 Gone",
            "moveto_object 5 sped=2",
            "cancel_moveto 1",
            "moveto_use_time now",
        ] {
            assert!(p(bad).is_err(), "{bad}");
        }
    }
}
