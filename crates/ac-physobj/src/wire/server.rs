//! The server's movement messages: UpdateMotion, UpdatePosition and VectorUpdate.

use std::fmt;

use ac_motioninterp::wire::io::{
    read_f32, read_pad, read_u8, read_u16, read_u32, read_vec3, write_f32, write_pad, write_u8,
    write_u16, write_u32, write_vec3,
};
use ac_motioninterp::wire::{EncodeError, F32Text, MovementData, Vec3Text};
use binrw::io::{Read, Seek, Write};
use binrw::{BinRead, BinResult, BinWrite, Endian};
use bitflags::bitflags;
use glam::{Quat, Vec3};

use crate::Position;

/// s2c `0xF74C`: an object's new movement, with the stamps that order it.
#[derive(Debug, Clone, PartialEq)]
pub struct UpdateMotion {
    /// The object.
    pub guid: u32,
    /// Object incarnation.
    pub instance: u16,
    /// Count of UpdateMotions for this object.
    pub movement: u16,
    /// Count of server-initiated movements.
    pub server_control: u16,
    /// Whether the object moves itself (1: a player's own motion echoed), as sent.
    pub autonomous: u8,
    /// The movement.
    pub data: MovementData,
}

impl BinRead for UpdateMotion {
    type Args<'a> = ();

    fn read_options<R: Read + Seek>(r: &mut R, e: Endian, _: ()) -> BinResult<Self> {
        let guid = read_u32(r, "UpdateMotion.guid")?;
        let instance = read_u16(r, "UpdateMotion.instance")?;
        let movement = read_u16(r, "UpdateMotion.movement")?;
        let server_control = read_u16(r, "UpdateMotion.server_control")?;
        let autonomous = read_u8(r, "UpdateMotion.autonomous")?;
        read_pad(r, "UpdateMotion.header")?;
        Ok(UpdateMotion {
            guid,
            instance,
            movement,
            server_control,
            autonomous,
            data: MovementData::read_options(r, e, ())?,
        })
    }
}

impl BinWrite for UpdateMotion {
    type Args<'a> = ();

    fn write_options<W: Write + Seek>(&self, w: &mut W, e: Endian, _: ()) -> BinResult<()> {
        write_u32(w, self.guid)?;
        write_u16(w, self.instance)?;
        write_u16(w, self.movement)?;
        write_u16(w, self.server_control)?;
        write_u8(w, self.autonomous)?;
        write_pad(w)?;
        self.data.write_options(w, e, ())
    }
}

/// `guid=0x50000002 inst=90 mseq=2 scseq=0 auto=1 md{…}`.
impl fmt::Display for UpdateMotion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "guid=0x{:08X} inst={} mseq={} scseq={} auto={} md{{{}}}",
            self.guid,
            self.instance,
            self.movement,
            self.server_control,
            self.autonomous,
            self.data
        )
    }
}

bitflags! {
    /// What an UpdatePosition carries.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
    pub struct PositionFlags: u32 {
        /// A velocity follows the orientation.
        const HAS_VELOCITY = 0x01;
        /// A placement id follows.
        const HAS_PLACEMENT_ID = 0x02;
        /// The object is on the ground.
        const IS_GROUNDED = 0x04;
        /// The orientation's w is zero and not sent.
        const NO_QW = 0x08;
        /// The orientation's x is zero and not sent.
        const NO_QX = 0x10;
        /// The orientation's y is zero and not sent.
        const NO_QY = 0x20;
        /// The orientation's z is zero and not sent.
        const NO_QZ = 0x40;
    }
}

/// The four stamps of an UpdatePosition.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PositionStamps {
    /// Object incarnation (`inst`).
    pub instance: u16,
    /// Count of UpdatePositions for this object (`pos`).
    pub position: u16,
    /// Teleport count (`tp`).
    pub teleport: u16,
    /// Forced-position count (`fp`).
    pub force_position: u16,
}

/// s2c `0xF748`: where an object is. Orientation components the flags mark as omitted are
/// zero; velocity and placement are present exactly when their flags are set.
#[derive(Debug, Clone, PartialEq)]
pub struct UpdatePosition {
    /// The object.
    pub guid: u32,
    /// The flags, as sent.
    pub flags: PositionFlags,
    /// The position (omitted orientation components read as 0).
    pub position: Position,
    /// The velocity, with [`PositionFlags::HAS_VELOCITY`].
    pub velocity: Option<Vec3>,
    /// The placement id, with [`PositionFlags::HAS_PLACEMENT_ID`].
    pub placement: Option<u32>,
    /// The stamps.
    pub stamps: PositionStamps,
}

/// Orientation components in wire order with the flag that omits each.
const QUAT_PARTS: [(PositionFlags, &str); 4] = [
    (PositionFlags::NO_QW, "UpdatePosition.qw"),
    (PositionFlags::NO_QX, "UpdatePosition.qx"),
    (PositionFlags::NO_QY, "UpdatePosition.qy"),
    (PositionFlags::NO_QZ, "UpdatePosition.qz"),
];

fn quat_wxyz(q: Quat) -> [f32; 4] {
    [q.w, q.x, q.y, q.z]
}

impl BinRead for UpdatePosition {
    type Args<'a> = ();

    fn read_options<R: Read + Seek>(r: &mut R, _: Endian, _: ()) -> BinResult<Self> {
        let guid = read_u32(r, "UpdatePosition.guid")?;
        let flags = PositionFlags::from_bits_retain(read_u32(r, "UpdatePosition.flags")?);
        let cell_id = read_u32(r, "UpdatePosition.cell_id")?;
        let origin = read_vec3(r, "UpdatePosition.origin")?;
        let mut q = [0.0f32; 4];
        for (slot, (flag, field)) in q.iter_mut().zip(QUAT_PARTS) {
            if !flags.contains(flag) {
                *slot = read_f32(r, field)?;
            }
        }
        let velocity = if flags.contains(PositionFlags::HAS_VELOCITY) {
            Some(read_vec3(r, "UpdatePosition.velocity")?)
        } else {
            None
        };
        let placement = if flags.contains(PositionFlags::HAS_PLACEMENT_ID) {
            Some(read_u32(r, "UpdatePosition.placement")?)
        } else {
            None
        };
        let stamps = PositionStamps {
            instance: read_u16(r, "UpdatePosition.stamps.instance")?,
            position: read_u16(r, "UpdatePosition.stamps.position")?,
            teleport: read_u16(r, "UpdatePosition.stamps.teleport")?,
            force_position: read_u16(r, "UpdatePosition.stamps.force_position")?,
        };
        let frame = ac_dat::Frame {
            origin,
            orientation: Quat::from_xyzw(q[1], q[2], q[3], q[0]),
        };
        Ok(UpdatePosition {
            guid,
            flags,
            position: Position::new(cell_id, frame),
            velocity,
            placement,
            stamps,
        })
    }
}

fn mismatch(field: &'static str, flag_set: bool) -> binrw::Error {
    EncodeError::FlagMismatch { field, flag_set }.into_binrw()
}

impl BinWrite for UpdatePosition {
    type Args<'a> = ();

    fn write_options<W: Write + Seek>(&self, w: &mut W, _: Endian, _: ()) -> BinResult<()> {
        write_u32(w, self.guid)?;
        write_u32(w, self.flags.bits())?;
        write_u32(w, self.position.cell_id)?;
        write_vec3(w, self.position.frame.origin)?;
        let q = quat_wxyz(self.position.frame.orientation);
        for (v, (flag, field)) in q.into_iter().zip(QUAT_PARTS) {
            if !self.flags.contains(flag) {
                write_f32(w, v)?;
            } else if v != 0.0 {
                // Omitting a non-zero component would change the orientation.
                return Err(mismatch(field, true));
            }
        }
        let has_velocity = self.flags.contains(PositionFlags::HAS_VELOCITY);
        match (has_velocity, self.velocity) {
            (true, Some(v)) => write_vec3(w, v)?,
            (false, None) => {}
            (flag, _) => return Err(mismatch("UpdatePosition.velocity", flag)),
        }
        let has_placement = self.flags.contains(PositionFlags::HAS_PLACEMENT_ID);
        match (has_placement, self.placement) {
            (true, Some(p)) => write_u32(w, p)?,
            (false, None) => {}
            (flag, _) => return Err(mismatch("UpdatePosition.placement", flag)),
        }
        let s = self.stamps;
        for v in [s.instance, s.position, s.teleport, s.force_position] {
            write_u16(w, v)?;
        }
        Ok(())
    }
}

/// `guid=0x50000002 flags=0x34 cell=0xA9B4002A xyz=(…) q=(0.27502897,-,-,-0.9614359)
/// [vel=(…)] [placement=0x…] seq{inst=90 pos=1 tp=0 fp=0}`.
impl fmt::Display for UpdatePosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "guid=0x{:08X} flags=0x{:02X} cell=0x{:08X} xyz={} q=(",
            self.guid,
            self.flags.bits(),
            self.position.cell_id,
            Vec3Text(self.position.frame.origin)
        )?;
        let q = quat_wxyz(self.position.frame.orientation);
        for (i, (v, (flag, _))) in q.into_iter().zip(QUAT_PARTS).enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            if self.flags.contains(flag) {
                f.write_str("-")?;
            } else {
                write!(f, "{}", F32Text(v))?;
            }
        }
        f.write_str(")")?;
        if let Some(v) = self.velocity {
            write!(f, " vel={}", Vec3Text(v))?;
        }
        if let Some(p) = self.placement {
            write!(f, " placement=0x{p:08X}")?;
        }
        let s = self.stamps;
        write!(
            f,
            " seq{{inst={} pos={} tp={} fp={}}}",
            s.instance, s.position, s.teleport, s.force_position
        )
    }
}

/// s2c `0xF74E`: an object's new velocity and angular velocity (e.g. a jump seen by others).
#[derive(Debug, Clone, PartialEq)]
pub struct VectorUpdate {
    /// The object.
    pub guid: u32,
    /// Velocity.
    pub velocity: Vec3,
    /// Angular velocity.
    pub omega: Vec3,
    /// Object incarnation.
    pub instance: u16,
    /// Count of VectorUpdates for this object.
    pub vector: u16,
}

impl BinRead for VectorUpdate {
    type Args<'a> = ();

    fn read_options<R: Read + Seek>(r: &mut R, _: Endian, _: ()) -> BinResult<Self> {
        Ok(VectorUpdate {
            guid: read_u32(r, "VectorUpdate.guid")?,
            velocity: read_vec3(r, "VectorUpdate.velocity")?,
            omega: read_vec3(r, "VectorUpdate.omega")?,
            instance: read_u16(r, "VectorUpdate.instance")?,
            vector: read_u16(r, "VectorUpdate.vector")?,
        })
    }
}

impl BinWrite for VectorUpdate {
    type Args<'a> = ();

    fn write_options<W: Write + Seek>(&self, w: &mut W, _: Endian, _: ()) -> BinResult<()> {
        write_u32(w, self.guid)?;
        write_vec3(w, self.velocity)?;
        write_vec3(w, self.omega)?;
        write_u16(w, self.instance)?;
        write_u16(w, self.vector)
    }
}

/// `guid=0x50000002 vel=(0.0,0.0,3.5456367) omega=(0.0,0.0,0.0) inst=90 vseq=1`.
impl fmt::Display for VectorUpdate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "guid=0x{:08X} vel={} omega={} inst={} vseq={}",
            self.guid,
            Vec3Text(self.velocity),
            Vec3Text(self.omega),
            self.instance,
            self.vector
        )
    }
}
