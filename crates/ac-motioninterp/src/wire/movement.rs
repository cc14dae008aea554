//! `MovementData`: what the server sends about an object's movement (in CreateObject and,
//! after a sequence header, in UpdateMotion).
//!
//! `u8` movement type, `u8` flags, `u16` stance index, then by type: the interpreted state
//! (type 0, and the sticky target when flagged), a move-to (6 object, 7 position) with its
//! origin, parameters and run rate, or a turn-to (8 object, 9 heading).

use std::fmt;

use binrw::io::{Read, Seek, Write};
use binrw::{BinRead, BinResult, BinWrite, Endian};
use bitflags::bitflags;
use glam::Vec3;

use super::error::{DecodeError, EncodeError};
use super::interpreted::{InterpretedMotionStatePack, read_command, write_command};
use super::io::{
    read_f32, read_u8, read_u32, read_vec3, write_f32, write_u8, write_u32, write_vec3,
};
use super::text::{CommandIndexText, F32Text, Vec3Text};
use crate::params::{MovementParamFlags, MovementParameters, MovementType};

bitflags! {
    /// The flag byte of [`MovementData`].
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
    pub struct MovementDataFlags: u8 {
        /// Type 0 only: the object sticks to another; its guid follows the state.
        const STICK_TO_OBJECT = 0x01;
        /// The mover is charging a standing long jump.
        const STANDING_LONG_JUMP = 0x02;
    }
}

/// A place without orientation: a cell and a landblock-relative point (the move-to origin).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Origin {
    /// Full cell id.
    pub cell_id: u32,
    /// Landblock-relative point.
    pub origin: Vec3,
}

/// The parameters of a move-to as sent: the flag word and six floats.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MoveToParameters {
    /// The options (unknown bits kept as sent).
    pub flags: MovementParamFlags,
    /// Arrival distance.
    pub distance_to_object: f32,
    /// Minimum distance (move-away).
    pub min_distance: f32,
    /// Give-up distance.
    pub fail_distance: f32,
    /// Speed.
    pub speed: f32,
    /// Distance above which the mover runs.
    pub walk_run_threshold: f32,
    /// Final heading.
    pub desired_heading: f32,
}

/// The parameters of a turn-to as sent: the flag word, speed and heading.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TurnToParameters {
    /// The options (unknown bits kept as sent).
    pub flags: MovementParamFlags,
    /// Speed.
    pub speed: f32,
    /// Heading to turn to.
    pub desired_heading: f32,
}

impl From<MoveToParameters> for MovementParameters {
    /// The wire fields over the defaults (context id, hold key and action stamp are not sent).
    fn from(p: MoveToParameters) -> Self {
        MovementParameters {
            flags: p.flags,
            distance_to_object: p.distance_to_object,
            min_distance: p.min_distance,
            fail_distance: p.fail_distance,
            speed: p.speed,
            walk_run_threshold: p.walk_run_threshold,
            desired_heading: p.desired_heading,
            ..MovementParameters::default()
        }
    }
}

impl From<&MovementParameters> for MoveToParameters {
    fn from(p: &MovementParameters) -> Self {
        MoveToParameters {
            flags: p.flags,
            distance_to_object: p.distance_to_object,
            min_distance: p.min_distance,
            fail_distance: p.fail_distance,
            speed: p.speed,
            walk_run_threshold: p.walk_run_threshold,
            desired_heading: p.desired_heading,
        }
    }
}

impl From<TurnToParameters> for MovementParameters {
    /// The wire fields over the defaults.
    fn from(p: TurnToParameters) -> Self {
        MovementParameters {
            flags: p.flags,
            speed: p.speed,
            desired_heading: p.desired_heading,
            ..MovementParameters::default()
        }
    }
}

impl From<&MovementParameters> for TurnToParameters {
    fn from(p: &MovementParameters) -> Self {
        TurnToParameters {
            flags: p.flags,
            speed: p.speed,
            desired_heading: p.desired_heading,
        }
    }
}

/// What a [`MovementData`] carries, by movement type.
#[derive(Debug, Clone, PartialEq)]
pub enum Movement {
    /// Type 0 (`Invalid`): an interpreted motion state to apply, and the sticky target when
    /// the StickToObject flag is set (present exactly then).
    InterpretedState {
        /// The state.
        state: InterpretedMotionStatePack,
        /// The object to stick to.
        sticky_object: Option<u32>,
    },
    /// Type 6: move to an object.
    MoveToObject {
        /// Target guid.
        target: u32,
        /// Where the target was.
        origin: Origin,
        /// Parameters.
        params: MoveToParameters,
        /// The mover's run rate.
        run_rate: f32,
    },
    /// Type 7: move to a position.
    MoveToPosition {
        /// Destination.
        origin: Origin,
        /// Parameters.
        params: MoveToParameters,
        /// The mover's run rate.
        run_rate: f32,
    },
    /// Type 8: turn to face an object.
    TurnToObject {
        /// Target guid.
        target: u32,
        /// Heading to the target when sent.
        desired_heading: f32,
        /// Parameters.
        params: TurnToParameters,
    },
    /// Type 9: turn to a heading.
    TurnToHeading {
        /// Parameters (the heading is in them).
        params: TurnToParameters,
    },
}

impl Movement {
    /// The movement type byte of this variant.
    pub fn movement_type(&self) -> MovementType {
        match self {
            Movement::InterpretedState { .. } => MovementType::Invalid,
            Movement::MoveToObject { .. } => MovementType::MoveToObject,
            Movement::MoveToPosition { .. } => MovementType::MoveToPosition,
            Movement::TurnToObject { .. } => MovementType::TurnToObject,
            Movement::TurnToHeading { .. } => MovementType::TurnToHeading,
        }
    }

    fn type_name(&self) -> &'static str {
        match self {
            Movement::InterpretedState { .. } => "Invalid",
            Movement::MoveToObject { .. } => "MoveToObject",
            Movement::MoveToPosition { .. } => "MoveToPosition",
            Movement::TurnToObject { .. } => "TurnToObject",
            Movement::TurnToHeading { .. } => "TurnToHeading",
        }
    }
}

/// An object's movement as the server sends it.
#[derive(Debug, Clone, PartialEq)]
pub struct MovementData {
    /// The flag byte, as sent.
    pub flags: MovementDataFlags,
    /// The mover's stance (full id; sent as its 16-bit index).
    pub style: u32,
    /// The movement itself.
    pub movement: Movement,
}

impl MovementData {
    /// Decode a standalone MovementData (a CreateObject movement blob), requiring every byte
    /// to be used. Padding is counted from the start of `bytes`.
    pub fn decode(bytes: &[u8]) -> Result<Self, DecodeError> {
        super::decode_exact(bytes, "MovementData")
    }

    /// Encode as a standalone blob (padding counted from its start).
    pub fn encode(&self) -> Result<Vec<u8>, EncodeError> {
        super::encode_to_vec(self)
    }
}

impl BinRead for Origin {
    type Args<'a> = ();

    fn read_options<R: Read + Seek>(r: &mut R, _: Endian, _: ()) -> BinResult<Self> {
        Ok(Origin {
            cell_id: read_u32(r, "Origin.cell_id")?,
            origin: read_vec3(r, "Origin.origin")?,
        })
    }
}

impl BinWrite for Origin {
    type Args<'a> = ();

    fn write_options<W: Write + Seek>(&self, w: &mut W, _: Endian, _: ()) -> BinResult<()> {
        write_u32(w, self.cell_id)?;
        write_vec3(w, self.origin)
    }
}

/// `cell=0x89650003 xyz=(8.611013,49.3164,0.14403152)`.
impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "cell=0x{:08X} xyz={}",
            self.cell_id,
            Vec3Text(self.origin)
        )
    }
}

impl BinRead for MoveToParameters {
    type Args<'a> = ();

    fn read_options<R: Read + Seek>(r: &mut R, _: Endian, _: ()) -> BinResult<Self> {
        Ok(MoveToParameters {
            flags: MovementParamFlags::from_bits_retain(read_u32(r, "MoveToParameters.flags")?),
            distance_to_object: read_f32(r, "MoveToParameters.distance_to_object")?,
            min_distance: read_f32(r, "MoveToParameters.min_distance")?,
            fail_distance: read_f32(r, "MoveToParameters.fail_distance")?,
            speed: read_f32(r, "MoveToParameters.speed")?,
            walk_run_threshold: read_f32(r, "MoveToParameters.walk_run_threshold")?,
            desired_heading: read_f32(r, "MoveToParameters.desired_heading")?,
        })
    }
}

impl BinWrite for MoveToParameters {
    type Args<'a> = ();

    fn write_options<W: Write + Seek>(&self, w: &mut W, _: Endian, _: ()) -> BinResult<()> {
        write_u32(w, self.flags.bits())?;
        for v in [
            self.distance_to_object,
            self.min_distance,
            self.fail_distance,
            self.speed,
            self.walk_run_threshold,
            self.desired_heading,
        ] {
            write_f32(w, v)?;
        }
        Ok(())
    }
}

/// `params{bits=0x0041EE4F dist=2.0 min=0.0 fail=3.4028235e38 speed=0.4 walk_run=15.0 heading=0.0}`.
impl fmt::Display for MoveToParameters {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "params{{bits=0x{:08X} dist={} min={} fail={} speed={} walk_run={} heading={}}}",
            self.flags.bits(),
            F32Text(self.distance_to_object),
            F32Text(self.min_distance),
            F32Text(self.fail_distance),
            F32Text(self.speed),
            F32Text(self.walk_run_threshold),
            F32Text(self.desired_heading)
        )
    }
}

impl BinRead for TurnToParameters {
    type Args<'a> = ();

    fn read_options<R: Read + Seek>(r: &mut R, _: Endian, _: ()) -> BinResult<Self> {
        Ok(TurnToParameters {
            flags: MovementParamFlags::from_bits_retain(read_u32(r, "TurnToParameters.flags")?),
            speed: read_f32(r, "TurnToParameters.speed")?,
            desired_heading: read_f32(r, "TurnToParameters.desired_heading")?,
        })
    }
}

impl BinWrite for TurnToParameters {
    type Args<'a> = ();

    fn write_options<W: Write + Seek>(&self, w: &mut W, _: Endian, _: ()) -> BinResult<()> {
        write_u32(w, self.flags.bits())?;
        write_f32(w, self.speed)?;
        write_f32(w, self.desired_heading)
    }
}

/// `tparams{bits=0x0001EE0F speed=1.0 heading=108.0}`.
impl fmt::Display for TurnToParameters {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "tparams{{bits=0x{:08X} speed={} heading={}}}",
            self.flags.bits(),
            F32Text(self.speed),
            F32Text(self.desired_heading)
        )
    }
}

impl BinRead for MovementData {
    type Args<'a> = ();

    fn read_options<R: Read + Seek>(r: &mut R, e: Endian, _: ()) -> BinResult<Self> {
        let type_offset = r.stream_position()?;
        let movement_type = read_u8(r, "MovementData.movement_type")?;
        let flags = MovementDataFlags::from_bits_retain(read_u8(r, "MovementData.flags")?);
        let style = read_command(r, "MovementData.style")?;
        let movement = match movement_type {
            0 => {
                let state = InterpretedMotionStatePack::read_options(r, e, ())?;
                let sticky_object = if flags.contains(MovementDataFlags::STICK_TO_OBJECT) {
                    Some(read_u32(r, "MovementData.sticky_object")?)
                } else {
                    None
                };
                Movement::InterpretedState {
                    state,
                    sticky_object,
                }
            }
            6 => Movement::MoveToObject {
                target: read_u32(r, "MovementData.target")?,
                origin: Origin::read_options(r, e, ())?,
                params: MoveToParameters::read_options(r, e, ())?,
                run_rate: read_f32(r, "MovementData.run_rate")?,
            },
            7 => Movement::MoveToPosition {
                origin: Origin::read_options(r, e, ())?,
                params: MoveToParameters::read_options(r, e, ())?,
                run_rate: read_f32(r, "MovementData.run_rate")?,
            },
            8 => Movement::TurnToObject {
                target: read_u32(r, "MovementData.target")?,
                desired_heading: read_f32(r, "MovementData.desired_heading")?,
                params: TurnToParameters::read_options(r, e, ())?,
            },
            9 => Movement::TurnToHeading {
                params: TurnToParameters::read_options(r, e, ())?,
            },
            value => {
                return Err(DecodeError::UnknownMovementType {
                    field: "MovementData.movement_type",
                    offset: type_offset,
                    value,
                }
                .into_binrw());
            }
        };
        Ok(MovementData {
            flags,
            style,
            movement,
        })
    }
}

impl BinWrite for MovementData {
    type Args<'a> = ();

    fn write_options<W: Write + Seek>(&self, w: &mut W, e: Endian, _: ()) -> BinResult<()> {
        write_u8(w, self.movement.movement_type() as u8)?;
        write_u8(w, self.flags.bits())?;
        write_command(w, self.style, "MovementData.style")?;
        match &self.movement {
            Movement::InterpretedState {
                state,
                sticky_object,
            } => {
                state.write_options(w, e, ())?;
                let flagged = self.flags.contains(MovementDataFlags::STICK_TO_OBJECT);
                match (flagged, sticky_object) {
                    (true, Some(guid)) => write_u32(w, *guid)?,
                    (false, None) => {}
                    (flag_set, _) => {
                        return Err(EncodeError::FlagMismatch {
                            field: "MovementData.sticky_object",
                            flag_set,
                        }
                        .into_binrw());
                    }
                }
            }
            Movement::MoveToObject {
                target,
                origin,
                params,
                run_rate,
            } => {
                write_u32(w, *target)?;
                origin.write_options(w, e, ())?;
                params.write_options(w, e, ())?;
                write_f32(w, *run_rate)?;
            }
            Movement::MoveToPosition {
                origin,
                params,
                run_rate,
            } => {
                origin.write_options(w, e, ())?;
                params.write_options(w, e, ())?;
                write_f32(w, *run_rate)?;
            }
            Movement::TurnToObject {
                target,
                desired_heading,
                params,
            } => {
                write_u32(w, *target)?;
                write_f32(w, *desired_heading)?;
                params.write_options(w, e, ())?;
            }
            Movement::TurnToHeading { params } => params.write_options(w, e, ())?,
        }
        Ok(())
    }
}

/// `type=Invalid flags=0x00 style=0x003D ims{bits=0x00 cmds=[]}`.
impl fmt::Display for MovementData {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "type={} flags=0x{:02X} style={}",
            self.movement.type_name(),
            self.flags.bits(),
            CommandIndexText(self.style)
        )?;
        match &self.movement {
            Movement::InterpretedState {
                state,
                sticky_object,
            } => {
                write!(f, " {state}")?;
                if let Some(guid) = sticky_object {
                    write!(f, " sticky=0x{guid:08X}")?;
                }
                Ok(())
            }
            Movement::MoveToObject {
                target,
                origin,
                params,
                run_rate,
            } => write!(
                f,
                " target=0x{target:08X} {origin} {params} run_rate={}",
                F32Text(*run_rate)
            ),
            Movement::MoveToPosition {
                origin,
                params,
                run_rate,
            } => write!(f, " {origin} {params} run_rate={}", F32Text(*run_rate)),
            Movement::TurnToObject {
                target,
                desired_heading,
                params,
            } => write!(
                f,
                " target=0x{target:08X} heading={} {params}",
                F32Text(*desired_heading)
            ),
            Movement::TurnToHeading { params } => write!(f, " {params}"),
        }
    }
}
