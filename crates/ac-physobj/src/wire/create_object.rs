//! s2c `0xF745` CreateObject, decoded as far as movement needs: the model data (palettes,
//! textures, parts), the physics description in full (its movement part is a
//! [`MovementData`]) and the head of the weenie description (flags, name, class id, icon,
//! item type, description flags). The rest of the weenie description is not movement data:
//! it is kept as opaque bytes and written back verbatim.

use std::fmt;

use ac_motioninterp::wire::io::{
    check_count, check_encodable_count, read_bytes, read_f32, read_pad, read_u8, read_u16,
    read_u32, read_vec3, remaining, write_f32, write_pad, write_u8, write_u16, write_u32,
    write_vec3,
};
use ac_motioninterp::wire::{
    DecodeError, EncodeError, F32Text, MovementData, Vec3Text, encode_to_vec,
};
use binrw::io::{Read, Seek, SeekFrom, Write};
use binrw::{BinRead, BinResult, BinWrite, Endian};
use bitflags::bitflags;
use glam::Vec3;

use crate::Position;
use ac_interp_manager::wire::{PositionWire, read_position, write_position};

/// A `u32` packed into 2 bytes when it is at most `0x7FFF`, else into 4 (high half first,
/// with bit 15 set). Which form was used is kept, so re-encoding is exact.
///
/// Ids of a known type are sent without their type byte (e.g. `0x04` for palettes); the
/// canonical text puts it back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PackedDword {
    /// The value (without any type prefix).
    pub value: u32,
    /// Whether the 4-byte form was used.
    pub wide: bool,
}

impl PackedDword {
    /// The smallest form of `value`.
    pub fn new(value: u32) -> Self {
        PackedDword {
            value,
            wide: value > 0x7FFF,
        }
    }

    fn read<R: Read + Seek>(r: &mut R, field: &'static str) -> BinResult<Self> {
        let first = read_u16(r, field)?;
        if first & 0x8000 == 0 {
            return Ok(PackedDword {
                value: u32::from(first),
                wide: false,
            });
        }
        let low = read_u16(r, field)?;
        Ok(PackedDword {
            value: (u32::from(first & 0x7FFF) << 16) | u32::from(low),
            wide: true,
        })
    }

    fn write<W: Write>(&self, w: &mut W, field: &'static str) -> BinResult<()> {
        let max = if self.wide { 0x7FFF_FFFF } else { 0x7FFF };
        if self.value > max {
            return Err(EncodeError::ValueOutOfRange {
                field,
                value: u64::from(self.value),
                max: u64::from(max),
            }
            .into_binrw());
        }
        if self.wide {
            write_u16(w, (self.value >> 16) as u16 | 0x8000)?;
            write_u16(w, self.value as u16)
        } else {
            write_u16(w, self.value as u16)
        }
    }

    /// `0x0400007E` (type byte restored when the value is not 0), `/w` for the 4-byte form.
    fn text(self, type_prefix: u32) -> impl fmt::Display {
        struct T(PackedDword, u32);
        impl fmt::Display for T {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                let v = if self.0.value != 0 {
                    self.0.value | self.1
                } else {
                    0
                };
                write!(f, "0x{v:08X}{}", if self.0.wide { "/w" } else { "" })
            }
        }
        T(self, type_prefix)
    }
}

const PALETTE: u32 = 0x0400_0000;
const SURFACE_TEXTURE: u32 = 0x0500_0000;
const GFX_OBJ: u32 = 0x0100_0000;
const ICON: u32 = 0x0600_0000;

/// A palette range of the model.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Subpalette {
    /// Palette id (without `0x04` type byte).
    pub id: PackedDword,
    /// First colour replaced (in units of 8).
    pub offset: u8,
    /// Colours replaced (in units of 8).
    pub length: u8,
}

/// A texture swap on one part.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TextureChange {
    /// Part index.
    pub part: u8,
    /// Texture replaced (without `0x05`).
    pub old: PackedDword,
    /// Replacement (without `0x05`).
    pub new: PackedDword,
}

/// A part model swap.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PartChange {
    /// Part index.
    pub part: u8,
    /// New model (without `0x01`).
    pub id: PackedDword,
}

/// How the object looks: palette, texture and part changes over its setup.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ModelData {
    /// The leading byte (`0x11`), as sent.
    pub marker: u8,
    /// The base palette; sent exactly when there are subpalettes.
    pub palette: Option<PackedDword>,
    /// Palette ranges.
    pub subpalettes: Vec<Subpalette>,
    /// Texture swaps.
    pub textures: Vec<TextureChange>,
    /// Part swaps.
    pub parts: Vec<PartChange>,
}

bitflags! {
    /// Which fields a [`PhysicsDesc`] carries.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
    pub struct PhysicsDescFlags: u32 {
        /// Setup id.
        const SETUP = 0x0000_0001;
        /// Motion table id.
        const MOTION_TABLE = 0x0000_0002;
        /// Velocity.
        const VELOCITY = 0x0000_0004;
        /// Acceleration.
        const ACCELERATION = 0x0000_0008;
        /// Angular velocity.
        const OMEGA = 0x0000_0010;
        /// Parent and location.
        const PARENT = 0x0000_0020;
        /// Children.
        const CHILDREN = 0x0000_0040;
        /// Scale.
        const OBJ_SCALE = 0x0000_0080;
        /// Friction.
        const FRICTION = 0x0000_0100;
        /// Elasticity.
        const ELASTICITY = 0x0000_0200;
        /// Sound table id.
        const SOUND_TABLE = 0x0000_0800;
        /// Physics effect table id.
        const PHYSICS_EFFECT_TABLE = 0x0000_1000;
        /// Default script id.
        const DEFAULT_SCRIPT = 0x0000_2000;
        /// Default script intensity.
        const DEFAULT_SCRIPT_INTENSITY = 0x0000_4000;
        /// Position.
        const POSITION = 0x0000_8000;
        /// Movement (length-prefixed MovementData).
        const MOVEMENT = 0x0001_0000;
        /// Animation frame (placement id), when there is no movement.
        const ANIMATION_FRAME = 0x0002_0000;
        /// Translucency.
        const TRANSLUCENCY = 0x0004_0000;
    }
}

/// The first field group of a [`PhysicsDesc`]: the object's movement, or its placement.
#[derive(Debug, Clone, PartialEq)]
pub enum PhysicsMotion {
    /// Neither [`PhysicsDescFlags::MOVEMENT`] nor [`PhysicsDescFlags::ANIMATION_FRAME`].
    None,
    /// `MOVEMENT` with length 0: no movement data follows.
    EmptyMovement,
    /// `MOVEMENT`: the movement and its autonomous word.
    Movement {
        /// The movement.
        data: MovementData,
        /// Whether the object moves itself, as sent.
        autonomous: u32,
    },
    /// `ANIMATION_FRAME` without `MOVEMENT`: the placement id.
    AnimationFrame(u32),
}

/// A child object and where it is held.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Attachment {
    /// The object.
    pub guid: u32,
    /// Location (holding slot).
    pub location: u32,
}

/// The physics description of a created object; every field but the state word is present
/// exactly when its flag is set.
#[derive(Debug, Clone, PartialEq)]
pub struct PhysicsDesc {
    /// The flags, as sent.
    pub flags: PhysicsDescFlags,
    /// The physics state word.
    pub state: u32,
    /// Movement or placement.
    pub motion: PhysicsMotion,
    /// Position.
    pub position: Option<Position>,
    /// Motion table id.
    pub motion_table: Option<u32>,
    /// Sound table id.
    pub sound_table: Option<u32>,
    /// Physics effect table id.
    pub physics_effect_table: Option<u32>,
    /// Setup id.
    pub setup: Option<u32>,
    /// Parent.
    pub parent: Option<Attachment>,
    /// Children.
    pub children: Option<Vec<Attachment>>,
    /// Scale.
    pub scale: Option<f32>,
    /// Friction.
    pub friction: Option<f32>,
    /// Elasticity.
    pub elasticity: Option<f32>,
    /// Translucency.
    pub translucency: Option<f32>,
    /// Velocity.
    pub velocity: Option<Vec3>,
    /// Acceleration.
    pub acceleration: Option<Vec3>,
    /// Angular velocity.
    pub omega: Option<Vec3>,
    /// Default script id.
    pub default_script: Option<u32>,
    /// Default script intensity.
    pub default_script_intensity: Option<f32>,
    /// The nine object stamps: position, movement, state, vector, teleport, server control,
    /// forced position, visual description, instance.
    pub timestamps: [u16; 9],
}

/// The head of the weenie description; the rest is kept verbatim.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WeenieHeader {
    /// Description flags word.
    pub flags: u32,
    /// The name's bytes, as sent.
    pub name: Vec<u8>,
    /// Weenie class id.
    pub class_id: PackedDword,
    /// Icon id (without `0x06`).
    pub icon: PackedDword,
    /// Item type.
    pub item_type: u32,
    /// Object description flags.
    pub description_flags: u32,
    /// Everything after the head (not decoded).
    pub rest: Vec<u8>,
}

/// s2c `0xF745`: a new object, with its look, its physics (movement included) and the head
/// of its weenie description.
#[derive(Debug, Clone, PartialEq)]
pub struct CreateObject {
    /// The object.
    pub guid: u32,
    /// How it looks.
    pub model: ModelData,
    /// Its physics.
    pub physics: PhysicsDesc,
    /// The weenie description head and the opaque rest.
    pub weenie: WeenieHeader,
}

fn mismatch(field: &'static str, flag_set: bool) -> binrw::Error {
    EncodeError::FlagMismatch { field, flag_set }.into_binrw()
}

/// Whether an optional field is written: its flag must agree with its presence.
fn present(
    flags: PhysicsDescFlags,
    flag: PhysicsDescFlags,
    is_some: bool,
    field: &'static str,
) -> BinResult<bool> {
    match (flags.contains(flag), is_some) {
        (set, some) if set == some => Ok(set),
        (set, _) => Err(mismatch(field, set)),
    }
}

impl BinRead for ModelData {
    type Args<'a> = ();

    fn read_options<R: Read + Seek>(r: &mut R, _: Endian, _: ()) -> BinResult<Self> {
        let marker = read_u8(r, "ModelData.marker")?;
        let n_sub = read_u8(r, "ModelData.subpalette_count")?;
        let n_tex = read_u8(r, "ModelData.texture_count")?;
        let n_parts = read_u8(r, "ModelData.part_count")?;
        let palette = if n_sub > 0 {
            Some(PackedDword::read(r, "ModelData.palette")?)
        } else {
            None
        };
        check_count(r, "ModelData.subpalettes", u64::from(n_sub), 4)?;
        let mut subpalettes = Vec::with_capacity(n_sub.into());
        for _ in 0..n_sub {
            subpalettes.push(Subpalette {
                id: PackedDword::read(r, "ModelData.subpalettes.id")?,
                offset: read_u8(r, "ModelData.subpalettes.offset")?,
                length: read_u8(r, "ModelData.subpalettes.length")?,
            });
        }
        check_count(r, "ModelData.textures", u64::from(n_tex), 5)?;
        let mut textures = Vec::with_capacity(n_tex.into());
        for _ in 0..n_tex {
            textures.push(TextureChange {
                part: read_u8(r, "ModelData.textures.part")?,
                old: PackedDword::read(r, "ModelData.textures.old")?,
                new: PackedDword::read(r, "ModelData.textures.new")?,
            });
        }
        check_count(r, "ModelData.parts", u64::from(n_parts), 3)?;
        let mut parts = Vec::with_capacity(n_parts.into());
        for _ in 0..n_parts {
            parts.push(PartChange {
                part: read_u8(r, "ModelData.parts.part")?,
                id: PackedDword::read(r, "ModelData.parts.id")?,
            });
        }
        read_pad(r, "ModelData")?;
        Ok(ModelData {
            marker,
            palette,
            subpalettes,
            textures,
            parts,
        })
    }
}

impl BinWrite for ModelData {
    type Args<'a> = ();

    fn write_options<W: Write + Seek>(&self, w: &mut W, _: Endian, _: ()) -> BinResult<()> {
        check_encodable_count("ModelData.subpalettes", self.subpalettes.len(), 255)?;
        check_encodable_count("ModelData.textures", self.textures.len(), 255)?;
        check_encodable_count("ModelData.parts", self.parts.len(), 255)?;
        write_u8(w, self.marker)?;
        write_u8(w, self.subpalettes.len() as u8)?;
        write_u8(w, self.textures.len() as u8)?;
        write_u8(w, self.parts.len() as u8)?;
        match (&self.palette, self.subpalettes.is_empty()) {
            (Some(p), false) => p.write(w, "ModelData.palette")?,
            (None, true) => {}
            (p, _) => return Err(mismatch("ModelData.palette", p.is_none())),
        }
        for s in &self.subpalettes {
            s.id.write(w, "ModelData.subpalettes.id")?;
            write_u8(w, s.offset)?;
            write_u8(w, s.length)?;
        }
        for t in &self.textures {
            write_u8(w, t.part)?;
            t.old.write(w, "ModelData.textures.old")?;
            t.new.write(w, "ModelData.textures.new")?;
        }
        for p in &self.parts {
            write_u8(w, p.part)?;
            p.id.write(w, "ModelData.parts.id")?;
        }
        write_pad(w)
    }
}

/// `marker=0x11 palette=… subpal=[id/offset/length,…] tex=[part:old>new,…] anim=[part:id,…]`.
impl fmt::Display for ModelData {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "marker=0x{:02X}", self.marker)?;
        if !self.subpalettes.is_empty() {
            if let Some(p) = self.palette {
                write!(f, " palette={}", p.text(PALETTE))?;
            }
            f.write_str(" subpal=[")?;
            for (i, s) in self.subpalettes.iter().enumerate() {
                let sep = if i > 0 { "," } else { "" };
                write!(f, "{sep}{}/{}/{}", s.id.text(PALETTE), s.offset, s.length)?;
            }
            f.write_str("]")?;
        }
        if !self.textures.is_empty() {
            f.write_str(" tex=[")?;
            for (i, t) in self.textures.iter().enumerate() {
                let sep = if i > 0 { "," } else { "" };
                write!(
                    f,
                    "{sep}{}:{}>{}",
                    t.part,
                    t.old.text(SURFACE_TEXTURE),
                    t.new.text(SURFACE_TEXTURE)
                )?;
            }
            f.write_str("]")?;
        }
        if !self.parts.is_empty() {
            f.write_str(" anim=[")?;
            for (i, p) in self.parts.iter().enumerate() {
                let sep = if i > 0 { "," } else { "" };
                write!(f, "{sep}{}:{}", p.part, p.id.text(GFX_OBJ))?;
            }
            f.write_str("]")?;
        }
        Ok(())
    }
}

impl BinRead for PhysicsDesc {
    type Args<'a> = ();

    fn read_options<R: Read + Seek>(r: &mut R, e: Endian, _: ()) -> BinResult<Self> {
        use PhysicsDescFlags as F;
        let flags = F::from_bits_retain(read_u32(r, "PhysicsDesc.flags")?);
        let state = read_u32(r, "PhysicsDesc.state")?;
        let motion = if flags.contains(F::MOVEMENT) {
            let declared = read_u32(r, "PhysicsDesc.movement_length")?;
            if declared == 0 {
                PhysicsMotion::EmptyMovement
            } else {
                check_count(r, "PhysicsDesc.movement_length", u64::from(declared), 1)?;
                let start = r.stream_position()?;
                let data = MovementData::read_options(r, e, ())?;
                let actual = r.stream_position()? - start;
                if actual != u64::from(declared) {
                    return Err(DecodeError::LengthMismatch {
                        field: "PhysicsDesc.movement_length",
                        offset: start,
                        declared: declared.into(),
                        actual,
                    }
                    .into_binrw());
                }
                let autonomous = read_u32(r, "PhysicsDesc.movement_autonomous")?;
                PhysicsMotion::Movement { data, autonomous }
            }
        } else if flags.contains(F::ANIMATION_FRAME) {
            PhysicsMotion::AnimationFrame(read_u32(r, "PhysicsDesc.placement")?)
        } else {
            PhysicsMotion::None
        };
        let u32_if = |r: &mut R, flag: F, field| -> BinResult<Option<u32>> {
            flags.contains(flag).then(|| read_u32(r, field)).transpose()
        };
        let f32_if = |r: &mut R, flag: F, field| -> BinResult<Option<f32>> {
            flags.contains(flag).then(|| read_f32(r, field)).transpose()
        };
        let vec_if = |r: &mut R, flag: F, field| -> BinResult<Option<Vec3>> {
            flags
                .contains(flag)
                .then(|| read_vec3(r, field))
                .transpose()
        };
        let position = if flags.contains(F::POSITION) {
            Some(read_position(r)?)
        } else {
            None
        };
        let motion_table = u32_if(r, F::MOTION_TABLE, "PhysicsDesc.motion_table")?;
        let sound_table = u32_if(r, F::SOUND_TABLE, "PhysicsDesc.sound_table")?;
        let physics_effect_table = u32_if(
            r,
            F::PHYSICS_EFFECT_TABLE,
            "PhysicsDesc.physics_effect_table",
        )?;
        let setup = u32_if(r, F::SETUP, "PhysicsDesc.setup")?;
        let parent = if flags.contains(F::PARENT) {
            Some(Attachment {
                guid: read_u32(r, "PhysicsDesc.parent.guid")?,
                location: read_u32(r, "PhysicsDesc.parent.location")?,
            })
        } else {
            None
        };
        let children = if flags.contains(F::CHILDREN) {
            let n = read_u32(r, "PhysicsDesc.children_count")?;
            check_count(r, "PhysicsDesc.children", u64::from(n), 8)?;
            let mut v = Vec::with_capacity(n as usize);
            for _ in 0..n {
                v.push(Attachment {
                    guid: read_u32(r, "PhysicsDesc.children.guid")?,
                    location: read_u32(r, "PhysicsDesc.children.location")?,
                });
            }
            Some(v)
        } else {
            None
        };
        let scale = f32_if(r, F::OBJ_SCALE, "PhysicsDesc.scale")?;
        let friction = f32_if(r, F::FRICTION, "PhysicsDesc.friction")?;
        let elasticity = f32_if(r, F::ELASTICITY, "PhysicsDesc.elasticity")?;
        let translucency = f32_if(r, F::TRANSLUCENCY, "PhysicsDesc.translucency")?;
        let velocity = vec_if(r, F::VELOCITY, "PhysicsDesc.velocity")?;
        let acceleration = vec_if(r, F::ACCELERATION, "PhysicsDesc.acceleration")?;
        let omega = vec_if(r, F::OMEGA, "PhysicsDesc.omega")?;
        let default_script = u32_if(r, F::DEFAULT_SCRIPT, "PhysicsDesc.default_script")?;
        let default_script_intensity = f32_if(
            r,
            F::DEFAULT_SCRIPT_INTENSITY,
            "PhysicsDesc.default_script_intensity",
        )?;
        let mut timestamps = [0u16; 9];
        for t in &mut timestamps {
            *t = read_u16(r, "PhysicsDesc.timestamps")?;
        }
        read_pad(r, "PhysicsDesc")?;
        Ok(PhysicsDesc {
            flags,
            state,
            motion,
            position,
            motion_table,
            sound_table,
            physics_effect_table,
            setup,
            parent,
            children,
            scale,
            friction,
            elasticity,
            translucency,
            velocity,
            acceleration,
            omega,
            default_script,
            default_script_intensity,
            timestamps,
        })
    }
}

fn write_movement<W: Write + Seek>(
    w: &mut W,
    e: Endian,
    data: &MovementData,
    autonomous: u32,
) -> BinResult<()> {
    // The length is that of the bytes written, patched in afterwards.
    let length_at = w.stream_position()?;
    write_u32(w, 0)?;
    data.write_options(w, e, ())?;
    let end = w.stream_position()?;
    let length = u32::try_from(end - length_at - 4).map_err(|_| {
        EncodeError::CountTooLarge {
            field: "PhysicsDesc.movement_length",
            count: end - length_at - 4,
            max: u32::MAX.into(),
        }
        .into_binrw()
    })?;
    w.seek(SeekFrom::Start(length_at))?;
    write_u32(w, length)?;
    w.seek(SeekFrom::Start(end))?;
    write_u32(w, autonomous)
}

impl BinWrite for PhysicsDesc {
    type Args<'a> = ();

    fn write_options<W: Write + Seek>(&self, w: &mut W, e: Endian, _: ()) -> BinResult<()> {
        use PhysicsDescFlags as F;
        let f = self.flags;
        write_u32(w, f.bits())?;
        write_u32(w, self.state)?;
        let movement = f.contains(F::MOVEMENT);
        let frame = !movement && f.contains(F::ANIMATION_FRAME);
        match &self.motion {
            PhysicsMotion::None if !movement && !frame => {}
            PhysicsMotion::EmptyMovement if movement => write_u32(w, 0)?,
            PhysicsMotion::Movement { data, autonomous } if movement => {
                write_movement(w, e, data, *autonomous)?
            }
            PhysicsMotion::AnimationFrame(p) if frame => write_u32(w, *p)?,
            PhysicsMotion::None => return Err(mismatch("PhysicsDesc.motion", true)),
            _ => return Err(mismatch("PhysicsDesc.motion", false)),
        }
        if present(
            f,
            F::POSITION,
            self.position.is_some(),
            "PhysicsDesc.position",
        )? {
            self.position
                .as_ref()
                .map(|p| write_position(w, p))
                .transpose()?;
        }
        let ids = [
            (
                F::MOTION_TABLE,
                self.motion_table,
                "PhysicsDesc.motion_table",
            ),
            (F::SOUND_TABLE, self.sound_table, "PhysicsDesc.sound_table"),
            (
                F::PHYSICS_EFFECT_TABLE,
                self.physics_effect_table,
                "PhysicsDesc.physics_effect_table",
            ),
            (F::SETUP, self.setup, "PhysicsDesc.setup"),
        ];
        for (flag, v, field) in ids {
            if present(f, flag, v.is_some(), field)? {
                write_u32(w, v.unwrap_or_default())?;
            }
        }
        if present(f, F::PARENT, self.parent.is_some(), "PhysicsDesc.parent")? {
            let p = self.parent.unwrap_or(Attachment {
                guid: 0,
                location: 0,
            });
            write_u32(w, p.guid)?;
            write_u32(w, p.location)?;
        }
        if present(
            f,
            F::CHILDREN,
            self.children.is_some(),
            "PhysicsDesc.children",
        )? {
            let c = self.children.as_deref().unwrap_or_default();
            check_encodable_count("PhysicsDesc.children", c.len(), u32::MAX.into())?;
            write_u32(w, c.len() as u32)?;
            for a in c {
                write_u32(w, a.guid)?;
                write_u32(w, a.location)?;
            }
        }
        let scalars = [
            (F::OBJ_SCALE, self.scale, "PhysicsDesc.scale"),
            (F::FRICTION, self.friction, "PhysicsDesc.friction"),
            (F::ELASTICITY, self.elasticity, "PhysicsDesc.elasticity"),
            (
                F::TRANSLUCENCY,
                self.translucency,
                "PhysicsDesc.translucency",
            ),
        ];
        for (flag, v, field) in scalars {
            if present(f, flag, v.is_some(), field)? {
                write_f32(w, v.unwrap_or_default())?;
            }
        }
        let vectors = [
            (F::VELOCITY, self.velocity, "PhysicsDesc.velocity"),
            (
                F::ACCELERATION,
                self.acceleration,
                "PhysicsDesc.acceleration",
            ),
            (F::OMEGA, self.omega, "PhysicsDesc.omega"),
        ];
        for (flag, v, field) in vectors {
            if present(f, flag, v.is_some(), field)? {
                write_vec3(w, v.unwrap_or_default())?;
            }
        }
        let script = self.default_script;
        if present(
            f,
            F::DEFAULT_SCRIPT,
            script.is_some(),
            "PhysicsDesc.default_script",
        )? {
            write_u32(w, script.unwrap_or_default())?;
        }
        let intensity = self.default_script_intensity;
        let field = "PhysicsDesc.default_script_intensity";
        if present(f, F::DEFAULT_SCRIPT_INTENSITY, intensity.is_some(), field)? {
            write_f32(w, intensity.unwrap_or_default())?;
        }
        for t in self.timestamps {
            write_u16(w, t)?;
        }
        write_pad(w)
    }
}

/// `flags=0x019803 state=0x00404410 md_len=12 md{…} md_auto=0 pos{…} mtable=… ts=[…]`.
impl fmt::Display for PhysicsDesc {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "flags=0x{:06X} state=0x{:08X}",
            self.flags.bits(),
            self.state
        )?;
        match &self.motion {
            PhysicsMotion::None => {}
            PhysicsMotion::EmptyMovement => f.write_str(" md_len=0")?,
            PhysicsMotion::Movement { data, autonomous } => {
                // The movement always starts 4-aligned in a CreateObject, so its length is
                // that of the standalone encoding.
                match encode_to_vec(data) {
                    Ok(b) => write!(f, " md_len={}", b.len())?,
                    Err(_) => f.write_str(" md_len=?")?,
                }
                write!(f, " md{{{data}}} md_auto={autonomous}")?;
            }
            PhysicsMotion::AnimationFrame(p) => write!(f, " placement=0x{p:08X}")?,
        }
        if let Some(p) = &self.position {
            write!(f, " pos{{{}}}", p.wire_text())?;
        }
        let ids = [
            ("mtable", self.motion_table),
            ("stable", self.sound_table),
            ("petable", self.physics_effect_table),
            ("setup", self.setup),
        ];
        for (key, v) in ids {
            if let Some(v) = v {
                write!(f, " {key}=0x{v:08X}")?;
            }
        }
        if let Some(p) = self.parent {
            write!(f, " parent=0x{:08X}/{}", p.guid, p.location)?;
        }
        if let Some(c) = &self.children {
            f.write_str(" children=[")?;
            for (i, a) in c.iter().enumerate() {
                let sep = if i > 0 { "," } else { "" };
                write!(f, "{sep}0x{:08X}/{}", a.guid, a.location)?;
            }
            f.write_str("]")?;
        }
        let scalars = [
            ("scale", self.scale),
            ("friction", self.friction),
            ("elasticity", self.elasticity),
            ("translucency", self.translucency),
        ];
        for (key, v) in scalars {
            if let Some(v) = v {
                write!(f, " {key}={}", F32Text(v))?;
            }
        }
        let vectors = [
            ("velocity", self.velocity),
            ("accel", self.acceleration),
            ("omega", self.omega),
        ];
        for (key, v) in vectors {
            if let Some(v) = v {
                write!(f, " {key}={}", Vec3Text(v))?;
            }
        }
        if let Some(s) = self.default_script {
            write!(f, " script=0x{s:08X}")?;
        }
        if let Some(s) = self.default_script_intensity {
            write!(f, " script_intensity={}", F32Text(s))?;
        }
        f.write_str(" ts=[")?;
        for (i, t) in self.timestamps.iter().enumerate() {
            let sep = if i > 0 { "," } else { "" };
            write!(f, "{sep}{t}")?;
        }
        f.write_str("]")
    }
}

impl BinRead for WeenieHeader {
    type Args<'a> = ();

    fn read_options<R: Read + Seek>(r: &mut R, _: Endian, _: ()) -> BinResult<Self> {
        let flags = read_u32(r, "WeenieDesc.flags")?;
        let len = read_u16(r, "WeenieDesc.name_length")?;
        let name = read_bytes(r, len.into(), "WeenieDesc.name")?;
        read_pad(r, "WeenieDesc.name")?;
        let class_id = PackedDword::read(r, "WeenieDesc.class_id")?;
        let icon = PackedDword::read(r, "WeenieDesc.icon")?;
        let item_type = read_u32(r, "WeenieDesc.item_type")?;
        let description_flags = read_u32(r, "WeenieDesc.description_flags")?;
        read_pad(r, "WeenieDesc.header")?;
        let rest_len = remaining(r)?;
        let rest = read_bytes(r, rest_len, "WeenieDesc.rest")?;
        Ok(WeenieHeader {
            flags,
            name,
            class_id,
            icon,
            item_type,
            description_flags,
            rest,
        })
    }
}

impl BinWrite for WeenieHeader {
    type Args<'a> = ();

    fn write_options<W: Write + Seek>(&self, w: &mut W, _: Endian, _: ()) -> BinResult<()> {
        check_encodable_count("WeenieDesc.name", self.name.len(), u16::MAX.into())?;
        write_u32(w, self.flags)?;
        write_u16(w, self.name.len() as u16)?;
        w.write_all(&self.name)?;
        write_pad(w)?;
        self.class_id.write(w, "WeenieDesc.class_id")?;
        self.icon.write(w, "WeenieDesc.icon")?;
        write_u32(w, self.item_type)?;
        write_u32(w, self.description_flags)?;
        write_pad(w)?;
        Ok(w.write_all(&self.rest)?)
    }
}

/// The name as a JSON string of its Latin-1 characters (ASCII-only, `\u00e9` escapes).
struct JsonName<'a>(&'a [u8]);

impl fmt::Display for JsonName<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("\"")?;
        for &b in self.0 {
            match b {
                b'"' => f.write_str("\\\"")?,
                b'\\' => f.write_str("\\\\")?,
                b'\n' => f.write_str("\\n")?,
                b'\r' => f.write_str("\\r")?,
                b'\t' => f.write_str("\\t")?,
                0x08 => f.write_str("\\b")?,
                0x0C => f.write_str("\\f")?,
                b' '..=b'~' => write!(f, "{}", b as char)?,
                _ => write!(f, "\\u{b:04x}")?,
            }
        }
        f.write_str("\"")
    }
}

/// `flags=0x00800036 name="+Aldis" wcid=4 icon=0x06001036 item_type=… desc_flags=… tail=12B`.
impl fmt::Display for WeenieHeader {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "flags=0x{:08X} name={} wcid={} icon={} item_type=0x{:08X} desc_flags=0x{:08X} tail={}B",
            self.flags,
            JsonName(&self.name),
            self.class_id.value,
            self.icon.text(ICON),
            self.item_type,
            self.description_flags,
            self.rest.len()
        )
    }
}

impl BinRead for CreateObject {
    type Args<'a> = ();

    fn read_options<R: Read + Seek>(r: &mut R, e: Endian, _: ()) -> BinResult<Self> {
        Ok(CreateObject {
            guid: read_u32(r, "CreateObject.guid")?,
            model: ModelData::read_options(r, e, ())?,
            physics: PhysicsDesc::read_options(r, e, ())?,
            weenie: WeenieHeader::read_options(r, e, ())?,
        })
    }
}

impl BinWrite for CreateObject {
    type Args<'a> = ();

    fn write_options<W: Write + Seek>(&self, w: &mut W, e: Endian, _: ()) -> BinResult<()> {
        write_u32(w, self.guid)?;
        self.model.write_options(w, e, ())?;
        self.physics.write_options(w, e, ())?;
        self.weenie.write_options(w, e, ())
    }
}

/// `guid=0x50000002 model{…} phys{…} weenie{…}`.
impl fmt::Display for CreateObject {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "guid=0x{:08X} model{{{}}} phys{{{}}} weenie{{{}}}",
            self.guid, self.model, self.physics, self.weenie
        )
    }
}
