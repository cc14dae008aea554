//! The client's movement game actions: MoveToState, AutonomousPosition and Jump.
//!
//! Each follows the GameAction header (opcode, sequence, action = 12 bytes), so its padding
//! is counted from the message start as everywhere else.

use std::fmt;

use ac_motioninterp::wire::io::{
    read_f32, read_pad, read_u8, read_u16, read_vec3, write_f32, write_pad, write_u8, write_u16,
    write_vec3,
};
use ac_motioninterp::wire::{F32Text, RawMotionStatePack, Vec3Text};
use binrw::io::{Read, Seek, Write};
use binrw::{BinRead, BinResult, BinWrite, Endian};
use bitflags::bitflags;
use glam::Vec3;

use crate::Position;
use ac_interp_manager::wire::{PositionWire, read_position, write_position};

/// The four object stamps the client echoes in every movement action, so the server can tell
/// which incarnation, server-initiated move, teleport and forced position it had seen.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ClientStamps {
    /// Object incarnation (`inst`).
    pub instance: u16,
    /// Server-controlled movement count (`sc`).
    pub server_control: u16,
    /// Teleport count (`tp`).
    pub teleport: u16,
    /// Forced-position count (`fp`).
    pub force_position: u16,
}

bitflags! {
    /// The flag byte after the stamps.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
    pub struct ContactFlags: u8 {
        /// The player is on the ground.
        const CONTACT = 0x01;
        /// A standing long jump is being charged (MoveToState only).
        const STANDING_LONG_JUMP = 0x02;
    }
}

/// c2s `0xF61C`: the player's raw motion state after a key change, where it is, its stamps.
#[derive(Debug, Clone, PartialEq)]
pub struct MoveToState {
    /// The keys, as the client's interpreter records them.
    pub raw: RawMotionStatePack,
    /// Where the player is.
    pub position: Position,
    /// The echoed stamps.
    pub stamps: ClientStamps,
    /// Contact and standing-long-jump flags (unknown bits kept).
    pub contact: ContactFlags,
}

/// c2s `0xF753`: the player's position, sent periodically while it moves.
#[derive(Debug, Clone, PartialEq)]
pub struct AutonomousPosition {
    /// Where the player is.
    pub position: Position,
    /// The echoed stamps.
    pub stamps: ClientStamps,
    /// Contact flag (unknown bits kept).
    pub contact: ContactFlags,
}

/// c2s `0xF61B` as the retail client sends it (56 bytes): the jump's extent and velocity,
/// then the position and stamps. (ACE's reader skips the position and reads two words after
/// the stamps that the client does not send.)
#[derive(Debug, Clone, PartialEq)]
pub struct Jump {
    /// Charge of the jump, 0..1.
    pub extent: f32,
    /// Take-off velocity.
    pub velocity: Vec3,
    /// Where the player jumped from.
    pub position: Position,
    /// The echoed stamps.
    pub stamps: ClientStamps,
}

impl BinRead for ClientStamps {
    type Args<'a> = ();

    fn read_options<R: Read + Seek>(r: &mut R, _: Endian, _: ()) -> BinResult<Self> {
        Ok(ClientStamps {
            instance: read_u16(r, "stamps.instance")?,
            server_control: read_u16(r, "stamps.server_control")?,
            teleport: read_u16(r, "stamps.teleport")?,
            force_position: read_u16(r, "stamps.force_position")?,
        })
    }
}

impl BinWrite for ClientStamps {
    type Args<'a> = ();

    fn write_options<W: Write + Seek>(&self, w: &mut W, _: Endian, _: ()) -> BinResult<()> {
        for v in [
            self.instance,
            self.server_control,
            self.teleport,
            self.force_position,
        ] {
            write_u16(w, v)?;
        }
        Ok(())
    }
}

/// `seq{inst=90 sc=0 tp=0 fp=0}`.
impl fmt::Display for ClientStamps {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "seq{{inst={} sc={} tp={} fp={}}}",
            self.instance, self.server_control, self.teleport, self.force_position
        )
    }
}

impl BinRead for MoveToState {
    type Args<'a> = ();

    fn read_options<R: Read + Seek>(r: &mut R, e: Endian, _: ()) -> BinResult<Self> {
        let raw = RawMotionStatePack::read_options(r, e, ())?;
        let position = read_position(r)?;
        let stamps = ClientStamps::read_options(r, e, ())?;
        let contact = ContactFlags::from_bits_retain(read_u8(r, "MoveToState.contact")?);
        read_pad(r, "MoveToState")?;
        Ok(MoveToState {
            raw,
            position,
            stamps,
            contact,
        })
    }
}

impl BinWrite for MoveToState {
    type Args<'a> = ();

    fn write_options<W: Write + Seek>(&self, w: &mut W, e: Endian, _: ()) -> BinResult<()> {
        self.raw.write_options(w, e, ())?;
        write_position(w, &self.position)?;
        self.stamps.write_options(w, e, ())?;
        write_u8(w, self.contact.bits())?;
        write_pad(w)
    }
}

/// `raw{…} pos{…} seq{…} contact=0x01`.
impl fmt::Display for MoveToState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} pos{{{}}} {} contact=0x{:02X}",
            self.raw,
            self.position.wire_text(),
            self.stamps,
            self.contact.bits()
        )
    }
}

impl BinRead for AutonomousPosition {
    type Args<'a> = ();

    fn read_options<R: Read + Seek>(r: &mut R, e: Endian, _: ()) -> BinResult<Self> {
        let position = read_position(r)?;
        let stamps = ClientStamps::read_options(r, e, ())?;
        let contact = ContactFlags::from_bits_retain(read_u8(r, "AutonomousPosition.contact")?);
        read_pad(r, "AutonomousPosition")?;
        Ok(AutonomousPosition {
            position,
            stamps,
            contact,
        })
    }
}

impl BinWrite for AutonomousPosition {
    type Args<'a> = ();

    fn write_options<W: Write + Seek>(&self, w: &mut W, e: Endian, _: ()) -> BinResult<()> {
        write_position(w, &self.position)?;
        self.stamps.write_options(w, e, ())?;
        write_u8(w, self.contact.bits())?;
        write_pad(w)
    }
}

/// `pos{…} seq{…} contact=0x01`.
impl fmt::Display for AutonomousPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "pos{{{}}} {} contact=0x{:02X}",
            self.position.wire_text(),
            self.stamps,
            self.contact.bits()
        )
    }
}

impl BinRead for Jump {
    type Args<'a> = ();

    fn read_options<R: Read + Seek>(r: &mut R, e: Endian, _: ()) -> BinResult<Self> {
        let extent = read_f32(r, "Jump.extent")?;
        let velocity = read_vec3(r, "Jump.velocity")?;
        let position = read_position(r)?;
        let stamps = ClientStamps::read_options(r, e, ())?;
        read_pad(r, "Jump")?;
        Ok(Jump {
            extent,
            velocity,
            position,
            stamps,
        })
    }
}

impl BinWrite for Jump {
    type Args<'a> = ();

    fn write_options<W: Write + Seek>(&self, w: &mut W, e: Endian, _: ()) -> BinResult<()> {
        write_f32(w, self.extent)?;
        write_vec3(w, self.velocity)?;
        write_position(w, &self.position)?;
        self.stamps.write_options(w, e, ())?;
        write_pad(w)
    }
}

/// `extent=0.50868464 vel=(0.0,0.0,3.5456367) pos{…} seq{…}`.
impl fmt::Display for Jump {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "extent={} vel={} pos{{{}}} {}",
            F32Text(self.extent),
            Vec3Text(self.velocity),
            self.position.wire_text(),
            self.stamps
        )
    }
}
