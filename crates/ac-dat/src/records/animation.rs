//! Animation records: frames and hooks, laid out as the portal DAT stores them.

use binrw::io::{Read, Seek, Write};
use binrw::{BinRead, BinResult, BinWrite, Endian};
use glam::{Quat, Vec3};

use super::io::*;
use crate::error::{RecordError, RecordErrorKind};

/// A position and orientation (28 bytes on disk; quaternion stored W, X, Y, Z).
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Frame {
    /// Translation.
    pub origin: Vec3,
    /// Rotation, stored exactly as read (not normalized).
    pub orientation: Quat,
}

impl Frame {
    /// On-disk size in bytes.
    pub const SIZE: usize = 28;

    /// Origin zero, identity rotation.
    pub const IDENTITY: Frame = Frame {
        origin: Vec3::ZERO,
        orientation: Quat::IDENTITY,
    };

    /// A frame from its parts (the quaternion is kept as given, not normalized).
    pub const fn new(origin: Vec3, orientation: Quat) -> Self {
        Self {
            origin,
            orientation,
        }
    }
}

impl Default for Frame {
    fn default() -> Self {
        Self::IDENTITY
    }
}

impl BinRead for Frame {
    type Args<'a> = ();
    fn read_options<R: Read + Seek>(r: &mut R, _: Endian, _: ()) -> BinResult<Self> {
        Self::decode(&mut Stream(r))
    }
}

impl Frame {
    #[inline]
    fn decode<R: Source>(r: &mut R) -> BinResult<Self> {
        if let Some(b) = r.take::<{ Self::SIZE }>() {
            return Ok(Self {
                origin: Vec3::new(f(&b, 0), f(&b, 4), f(&b, 8)),
                orientation: Quat::from_xyzw(f(&b, 16), f(&b, 20), f(&b, 24), f(&b, 12)),
            });
        }
        Ok(Self {
            origin: r_vec3(r)?,
            orientation: r_quat(r)?,
        })
    }
}

impl BinWrite for Frame {
    type Args<'a> = ();
    fn write_options<W: Write + Seek>(&self, w: &mut W, _: Endian, _: ()) -> BinResult<()> {
        w_vec3(w, self.origin)?;
        w_quat(w, self.orientation)
    }
}

/// Direction a hook fires in: −2 Unknown, −1 Backward, 0 Both, 1 Forward.
pub type HookDirection = i32;

/// Hook direction: never fires.
pub const HOOK_DIR_UNKNOWN: HookDirection = -2;
/// Hook direction: fires when the frame is passed while playing backwards.
pub const HOOK_DIR_BACKWARD: HookDirection = -1;
/// Hook direction: fires in both directions.
pub const HOOK_DIR_BOTH: HookDirection = 0;
/// Hook direction: fires when the frame is passed while playing forwards.
pub const HOOK_DIR_FORWARD: HookDirection = 1;

/// ACE's `AnimationHookDir` name for a direction value (`None` for other values).
pub fn hook_direction_name(dir: HookDirection) -> Option<&'static str> {
    Some(match dir {
        -2 => "Unknown",
        -1 => "Backward",
        0 => "Both",
        1 => "Forward",
        _ => return None,
    })
}

/// Parses an `AnimationHookDir` name (case-sensitive, as ACE prints it).
pub fn hook_direction_from_name(name: &str) -> Option<HookDirection> {
    Some(match name {
        "Unknown" => -2,
        "Backward" => -1,
        "Both" => 0,
        "Forward" => 1,
        _ => return None,
    })
}

/// ACE's `AnimationHookType` name of a numeric hook type (`None` outside 0..=26).
pub fn hook_type_name(type_id: u32) -> Option<&'static str> {
    HookData::type_name(type_id)
}

/// The numeric hook type of an `AnimationHookType` name (case-sensitive, e.g. `"Sound"`).
pub fn hook_type_from_name(name: &str) -> Option<u32> {
    HookData::type_id_from_name(name)
}

/// One animation hook: its direction and typed payload.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct AnimationHook {
    /// Which playback direction fires this hook.
    pub direction: HookDirection,
    /// Hook type and payload.
    pub data: HookData,
}

impl AnimationHook {
    /// A hook with the given direction and payload.
    pub fn new(direction: HookDirection, data: HookData) -> Self {
        Self { direction, data }
    }
}

/// The attack cone of an Attack hook (28 bytes).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct AttackCone {
    /// Part the cone is attached to.
    pub part_index: u32,
    /// Left edge x.
    pub left_x: f32,
    /// Left edge y.
    pub left_y: f32,
    /// Right edge x.
    pub right_x: f32,
    /// Right edge y.
    pub right_y: f32,
    /// Reach.
    pub radius: f32,
    /// Height.
    pub height: f32,
}

/// The 27 hook types with their payloads.
///
/// The numeric type id is [`HookData::type_id`]; [`HookData::name`] gives ACE's
/// `AnimationHookType` name. Booleans are stored as the raw u32 word.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(tag = "type"))]
pub enum HookData {
    /// 0: no payload. ACE and DRW cannot read it; never write it to a DAT others must read.
    NoOp,
    /// 1: play a Wave (0x0A……).
    Sound {
        /// Wave id.
        #[cfg_attr(feature = "serde", serde(with = "crate::serde_hex"))]
        sound_id: u32,
    },
    /// 2: play a sound of the object's sound table.
    SoundTable {
        /// Sound enum value (e.g. 0x0F Death1).
        sound_type: u32,
    },
    /// 3: an attack cone becomes active.
    Attack {
        /// The cone.
        cone: AttackCone,
    },
    /// 4: the animation reached the point where its motion counts as done.
    AnimationDone,
    /// 5: swap a part's GfxObj. Client layout: u8 part, packed GfxObj id, pad to 4.
    ReplaceObject {
        /// Part index (one byte on disk, as the client reads it).
        part_index: u8,
        /// Full GfxObj id (0x01……), stored packed relative to 0x01000000.
        #[cfg_attr(feature = "serde", serde(with = "crate::serde_hex"))]
        gfx_obj_id: u32,
    },
    /// 6: set or clear the ethereal state.
    Ethereal {
        /// BOOL word.
        ethereal: u32,
    },
    /// 7: fade one part's translucency.
    TransparentPart {
        /// Part index.
        part_index: u32,
        /// Start value.
        start: f32,
        /// End value.
        end: f32,
        /// Duration.
        time: f32,
    },
    /// 8: fade the object's luminosity.
    Luminous {
        /// Start value.
        start: f32,
        /// End value.
        end: f32,
        /// Duration.
        time: f32,
    },
    /// 9: fade one part's luminosity.
    LuminousPart {
        /// Part index.
        part_index: u32,
        /// Start value.
        start: f32,
        /// End value.
        end: f32,
        /// Duration.
        time: f32,
    },
    /// 10: fade the object's diffusion.
    Diffuse {
        /// Start value.
        start: f32,
        /// End value.
        end: f32,
        /// Duration.
        time: f32,
    },
    /// 11: fade one part's diffusion.
    DiffusePart {
        /// Part index.
        part_index: u32,
        /// Start value.
        start: f32,
        /// End value.
        end: f32,
        /// Duration.
        time: f32,
    },
    /// 12: scale the object.
    Scale {
        /// Final scale.
        end: f32,
        /// Duration.
        time: f32,
    },
    /// 13: create a particle emitter.
    CreateParticle {
        /// ParticleEmitter id (0x32……).
        #[cfg_attr(feature = "serde", serde(with = "crate::serde_hex"))]
        emitter_info_id: u32,
        /// Part the emitter is attached to.
        part_index: u32,
        /// Offset from the part.
        offset: Frame,
        /// Logical emitter id.
        emitter_id: u32,
    },
    /// 14: destroy an emitter.
    DestroyParticle {
        /// Logical emitter id.
        emitter_id: u32,
    },
    /// 15: stop an emitter.
    StopParticle {
        /// Logical emitter id.
        emitter_id: u32,
    },
    /// 16: set or clear NoDraw.
    NoDraw {
        /// BOOL word.
        no_draw: u32,
    },
    /// 17: run the object's default script.
    DefaultScript,
    /// 18: run the default script on one part.
    DefaultScriptPart {
        /// Part index.
        part_index: u32,
    },
    /// 19: call a PhysicsScript (0x33……).
    CallPES {
        /// PhysicsScript id.
        #[cfg_attr(feature = "serde", serde(with = "crate::serde_hex"))]
        pes_id: u32,
        /// Pause before running.
        pause: f32,
    },
    /// 20: fade the object's translucency.
    Transparent {
        /// Start value.
        start: f32,
        /// End value.
        end: f32,
        /// Duration.
        time: f32,
    },
    /// 21: play a Wave with tweaks (ACE's field names; the client reads probability first).
    SoundTweaked {
        /// Wave id.
        #[cfg_attr(feature = "serde", serde(with = "crate::serde_hex"))]
        sound_id: u32,
        /// First float (ACE: priority).
        priority: f32,
        /// Second float (ACE: probability).
        probability: f32,
        /// Third float: volume.
        volume: f32,
    },
    /// 22: set the object's omega.
    SetOmega {
        /// Angular velocity.
        axis: Vec3,
    },
    /// 23: scroll the object's textures.
    TextureVelocity {
        /// U speed.
        u_speed: f32,
        /// V speed.
        v_speed: f32,
    },
    /// 24: scroll one part's textures.
    TextureVelocityPart {
        /// Part index.
        part_index: u32,
        /// U speed.
        u_speed: f32,
        /// V speed.
        v_speed: f32,
    },
    /// 25: switch lights.
    SetLight {
        /// BOOL word.
        lights_on: u32,
    },
    /// 26: like CreateParticle (40 payload bytes, as ACE/HB/GDLE read it).
    CreateBlockingParticle {
        /// ParticleEmitter id (0x32……).
        #[cfg_attr(feature = "serde", serde(with = "crate::serde_hex"))]
        emitter_info_id: u32,
        /// Part the emitter is attached to.
        part_index: u32,
        /// Offset from the part.
        offset: Frame,
        /// Logical emitter id.
        emitter_id: u32,
    },
}

const HOOK_NAMES: [&str; 27] = [
    "NoOp",
    "Sound",
    "SoundTable",
    "Attack",
    "AnimationDone",
    "ReplaceObject",
    "Ethereal",
    "TransparentPart",
    "Luminous",
    "LuminousPart",
    "Diffuse",
    "DiffusePart",
    "Scale",
    "CreateParticle",
    "DestroyParticle",
    "StopParticle",
    "NoDraw",
    "DefaultScript",
    "DefaultScriptPart",
    "CallPES",
    "Transparent",
    "SoundTweaked",
    "SetOmega",
    "TextureVelocity",
    "TextureVelocityPart",
    "SetLight",
    "CreateBlockingParticle",
];

/// Payload length of each hook type in u32 words (ReplaceObject counted as its two logical
/// fields, part index and GfxObj id; Attack 7; the particle hooks 10 with the Frame as 7).
const HOOK_WORDS: [usize; 27] = [
    0, 1, 1, 7, 0, 2, 1, 4, 3, 4, 3, 4, 2, 10, 1, 1, 1, 0, 1, 2, 3, 4, 3, 2, 3, 1, 10,
];

/// Why [`HookData::from_words`] refused its input.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HookWordsError {
    /// The type id is outside 0..=26.
    #[error("unknown hook type {0}")]
    UnknownType(u32),
    /// The payload has the wrong number of words.
    #[error("hook type {type_id} takes {expected} payload word(s), got {got}")]
    WrongLength {
        /// The hook type.
        type_id: u32,
        /// Words the type stores.
        expected: usize,
        /// Words given.
        got: usize,
    },
    /// ReplaceObject's part index does not fit its one-byte field.
    #[error("ReplaceObject part index {0} does not fit in a byte")]
    PartIndexTooLarge(u32),
}

fn fw(w: u32) -> f32 {
    f32::from_bits(w)
}

fn frame_from_words(w: &[u32]) -> Frame {
    Frame {
        origin: Vec3::new(fw(w[0]), fw(w[1]), fw(w[2])),
        orientation: Quat::from_xyzw(fw(w[4]), fw(w[5]), fw(w[6]), fw(w[3])),
    }
}

fn frame_words(f: &Frame, out: &mut Vec<u32>) {
    let o = f.origin;
    let q = f.orientation;
    out.extend([o.x, o.y, o.z, q.w, q.x, q.y, q.z].map(f32::to_bits));
}

impl HookData {
    /// The on-disk hook type number.
    pub fn type_id(&self) -> u32 {
        match self {
            HookData::NoOp => 0,
            HookData::Sound { .. } => 1,
            HookData::SoundTable { .. } => 2,
            HookData::Attack { .. } => 3,
            HookData::AnimationDone => 4,
            HookData::ReplaceObject { .. } => 5,
            HookData::Ethereal { .. } => 6,
            HookData::TransparentPart { .. } => 7,
            HookData::Luminous { .. } => 8,
            HookData::LuminousPart { .. } => 9,
            HookData::Diffuse { .. } => 10,
            HookData::DiffusePart { .. } => 11,
            HookData::Scale { .. } => 12,
            HookData::CreateParticle { .. } => 13,
            HookData::DestroyParticle { .. } => 14,
            HookData::StopParticle { .. } => 15,
            HookData::NoDraw { .. } => 16,
            HookData::DefaultScript => 17,
            HookData::DefaultScriptPart { .. } => 18,
            HookData::CallPES { .. } => 19,
            HookData::Transparent { .. } => 20,
            HookData::SoundTweaked { .. } => 21,
            HookData::SetOmega { .. } => 22,
            HookData::TextureVelocity { .. } => 23,
            HookData::TextureVelocityPart { .. } => 24,
            HookData::SetLight { .. } => 25,
            HookData::CreateBlockingParticle { .. } => 26,
        }
    }

    /// ACE's `AnimationHookType` name of this hook (e.g. `"AnimationDone"`).
    pub fn name(&self) -> &'static str {
        HOOK_NAMES[self.type_id() as usize]
    }

    /// ACE's `AnimationHookType` name of a numeric type (`None` outside 0..=26).
    pub fn type_name(type_id: u32) -> Option<&'static str> {
        HOOK_NAMES.get(type_id as usize).copied()
    }

    /// The numeric type of an `AnimationHookType` name (case-sensitive).
    pub fn type_id_from_name(name: &str) -> Option<u32> {
        HOOK_NAMES.iter().position(|n| *n == name).map(|i| i as u32)
    }

    /// How many u32 payload words a hook type stores (`None` outside 0..=26). Floats count
    /// as one word (their bit pattern), a Frame as seven, ReplaceObject as two.
    pub fn payload_word_count(type_id: u32) -> Option<usize> {
        HOOK_WORDS.get(type_id as usize).copied()
    }

    /// A payload-less hook of a given type, if the type has no payload.
    pub fn empty(type_id: u32) -> Option<Self> {
        match type_id {
            0 => Some(HookData::NoOp),
            4 => Some(HookData::AnimationDone),
            17 => Some(HookData::DefaultScript),
            _ => None,
        }
    }

    /// Builds a hook from its type and payload words (float fields as bit patterns) — the
    /// form scenario files use.
    pub fn from_words(type_id: u32, w: &[u32]) -> Result<Self, HookWordsError> {
        let expected =
            Self::payload_word_count(type_id).ok_or(HookWordsError::UnknownType(type_id))?;
        if w.len() != expected {
            return Err(HookWordsError::WrongLength {
                type_id,
                expected,
                got: w.len(),
            });
        }
        Ok(match type_id {
            0 => HookData::NoOp,
            1 => HookData::Sound { sound_id: w[0] },
            2 => HookData::SoundTable { sound_type: w[0] },
            3 => HookData::Attack {
                cone: AttackCone {
                    part_index: w[0],
                    left_x: fw(w[1]),
                    left_y: fw(w[2]),
                    right_x: fw(w[3]),
                    right_y: fw(w[4]),
                    radius: fw(w[5]),
                    height: fw(w[6]),
                },
            },
            4 => HookData::AnimationDone,
            5 => HookData::ReplaceObject {
                part_index: u8::try_from(w[0])
                    .map_err(|_| HookWordsError::PartIndexTooLarge(w[0]))?,
                gfx_obj_id: w[1],
            },
            6 => HookData::Ethereal { ethereal: w[0] },
            7 => HookData::TransparentPart {
                part_index: w[0],
                start: fw(w[1]),
                end: fw(w[2]),
                time: fw(w[3]),
            },
            8 => HookData::Luminous {
                start: fw(w[0]),
                end: fw(w[1]),
                time: fw(w[2]),
            },
            9 => HookData::LuminousPart {
                part_index: w[0],
                start: fw(w[1]),
                end: fw(w[2]),
                time: fw(w[3]),
            },
            10 => HookData::Diffuse {
                start: fw(w[0]),
                end: fw(w[1]),
                time: fw(w[2]),
            },
            11 => HookData::DiffusePart {
                part_index: w[0],
                start: fw(w[1]),
                end: fw(w[2]),
                time: fw(w[3]),
            },
            12 => HookData::Scale {
                end: fw(w[0]),
                time: fw(w[1]),
            },
            13 | 26 => {
                let (emitter_info_id, part_index) = (w[0], w[1]);
                let offset = frame_from_words(&w[2..9]);
                let emitter_id = w[9];
                if type_id == 13 {
                    HookData::CreateParticle {
                        emitter_info_id,
                        part_index,
                        offset,
                        emitter_id,
                    }
                } else {
                    HookData::CreateBlockingParticle {
                        emitter_info_id,
                        part_index,
                        offset,
                        emitter_id,
                    }
                }
            }
            14 => HookData::DestroyParticle { emitter_id: w[0] },
            15 => HookData::StopParticle { emitter_id: w[0] },
            16 => HookData::NoDraw { no_draw: w[0] },
            17 => HookData::DefaultScript,
            18 => HookData::DefaultScriptPart { part_index: w[0] },
            19 => HookData::CallPES {
                pes_id: w[0],
                pause: fw(w[1]),
            },
            20 => HookData::Transparent {
                start: fw(w[0]),
                end: fw(w[1]),
                time: fw(w[2]),
            },
            21 => HookData::SoundTweaked {
                sound_id: w[0],
                priority: fw(w[1]),
                probability: fw(w[2]),
                volume: fw(w[3]),
            },
            22 => HookData::SetOmega {
                axis: Vec3::new(fw(w[0]), fw(w[1]), fw(w[2])),
            },
            23 => HookData::TextureVelocity {
                u_speed: fw(w[0]),
                v_speed: fw(w[1]),
            },
            24 => HookData::TextureVelocityPart {
                part_index: w[0],
                u_speed: fw(w[1]),
                v_speed: fw(w[2]),
            },
            25 => HookData::SetLight { lights_on: w[0] },
            _ => return Err(HookWordsError::UnknownType(type_id)),
        })
    }

    /// The payload as u32 words, the inverse of [`HookData::from_words`].
    pub fn to_words(&self) -> Vec<u32> {
        let b = f32::to_bits;
        let mut out = Vec::new();
        match self {
            HookData::NoOp | HookData::AnimationDone | HookData::DefaultScript => {}
            HookData::Sound { sound_id: v }
            | HookData::SoundTable { sound_type: v }
            | HookData::Ethereal { ethereal: v }
            | HookData::DestroyParticle { emitter_id: v }
            | HookData::StopParticle { emitter_id: v }
            | HookData::NoDraw { no_draw: v }
            | HookData::DefaultScriptPart { part_index: v }
            | HookData::SetLight { lights_on: v } => out.push(*v),
            HookData::Attack { cone: c } => out.extend([
                c.part_index,
                b(c.left_x),
                b(c.left_y),
                b(c.right_x),
                b(c.right_y),
                b(c.radius),
                b(c.height),
            ]),
            HookData::ReplaceObject {
                part_index,
                gfx_obj_id,
            } => out.extend([u32::from(*part_index), *gfx_obj_id]),
            HookData::TransparentPart {
                part_index,
                start,
                end,
                time,
            }
            | HookData::LuminousPart {
                part_index,
                start,
                end,
                time,
            }
            | HookData::DiffusePart {
                part_index,
                start,
                end,
                time,
            } => out.extend([*part_index, b(*start), b(*end), b(*time)]),
            HookData::Luminous { start, end, time }
            | HookData::Diffuse { start, end, time }
            | HookData::Transparent { start, end, time } => {
                out.extend([b(*start), b(*end), b(*time)])
            }
            HookData::Scale { end, time } => out.extend([b(*end), b(*time)]),
            HookData::CreateParticle {
                emitter_info_id,
                part_index,
                offset,
                emitter_id,
            }
            | HookData::CreateBlockingParticle {
                emitter_info_id,
                part_index,
                offset,
                emitter_id,
            } => {
                out.extend([*emitter_info_id, *part_index]);
                frame_words(offset, &mut out);
                out.push(*emitter_id);
            }
            HookData::CallPES { pes_id, pause } => out.extend([*pes_id, b(*pause)]),
            HookData::SoundTweaked {
                sound_id,
                priority,
                probability,
                volume,
            } => out.extend([*sound_id, b(*priority), b(*probability), b(*volume)]),
            HookData::SetOmega { axis } => out.extend([b(axis.x), b(axis.y), b(axis.z)]),
            HookData::TextureVelocity { u_speed, v_speed } => {
                out.extend([b(*u_speed), b(*v_speed)])
            }
            HookData::TextureVelocityPart {
                part_index,
                u_speed,
                v_speed,
            } => out.extend([*part_index, b(*u_speed), b(*v_speed)]),
        }
        out
    }
}

/// Base of the packed GfxObj ids used by ReplaceObject.
const GFXOBJ_BASE: u32 = 0x0100_0000;

/// Reads a packed DataID offset: one u16, or two when the first has bit 0x8000.
/// Only the canonical form the writer produces is accepted (short form below 0x4000, long form
/// only for offsets above 0x3FFF and with bit 0x4000 clear), so every accepted hook is written
/// back byte for byte.
fn read_packed_id<R: Source>(r: &mut R) -> BinResult<u32> {
    let start = r.stream_position()?;
    let v = r_u16(r)?;
    let (d, words) = if v & 0x8000 != 0 {
        let lo = r_u16(r)?;
        let d = (u32::from(v & 0x3FFF) << 16) | u32::from(lo);
        (d, vec![v, lo])
    } else {
        (u32::from(v), vec![v])
    };
    let canonical = match words.len() {
        1 => d <= 0x3FFF,
        _ => v & 0x4000 == 0 && d > 0x3FFF,
    };
    if !canonical {
        r.seek(binrw::io::SeekFrom::Start(start))?;
        return Err(custom(r, RecordErrorKind::NonCanonicalPackedId(words)));
    }
    Ok(d)
}

impl BinRead for AnimationHook {
    type Args<'a> = ();
    fn read_options<R: Read + Seek>(r: &mut R, e: Endian, _: ()) -> BinResult<Self> {
        Self::decode(&mut Stream(r), e)
    }
}

impl AnimationHook {
    fn decode<R: Source>(r: &mut R, _: Endian) -> BinResult<Self> {
        let type_id = r_u32(r)?;
        let direction = r_i32(r)?;
        let data = match type_id {
            5 => {
                let part_index = r_u8(r)?;
                HookData::ReplaceObject {
                    part_index,
                    gfx_obj_id: GFXOBJ_BASE.wrapping_add(read_packed_id(r)?),
                }
            }
            13 | 26 => {
                let emitter_info_id = r_u32(r)?;
                let part_index = r_u32(r)?;
                let offset = Frame::decode(r)?;
                let emitter_id = r_u32(r)?;
                if type_id == 13 {
                    HookData::CreateParticle {
                        emitter_info_id,
                        part_index,
                        offset,
                        emitter_id,
                    }
                } else {
                    HookData::CreateBlockingParticle {
                        emitter_info_id,
                        part_index,
                        offset,
                        emitter_id,
                    }
                }
            }
            t => {
                let n = HookData::payload_word_count(t)
                    .ok_or_else(|| custom(r, RecordErrorKind::UnknownHookType(t)))?;
                let mut w = [0u32; 10];
                for slot in w.iter_mut().take(n) {
                    *slot = r_u32(r)?;
                }
                HookData::from_words(t, &w[..n])
                    .map_err(|err| custom(r, RecordErrorKind::Other(err.to_string())))?
            }
        };
        align4_read(r)?;
        Ok(Self { direction, data })
    }
}

impl BinWrite for AnimationHook {
    type Args<'a> = ();
    fn write_options<W: Write + Seek>(&self, w: &mut W, e: Endian, _: ()) -> BinResult<()> {
        w_u32(w, self.data.type_id())?;
        w_i32(w, self.direction)?;
        match &self.data {
            HookData::ReplaceObject {
                part_index,
                gfx_obj_id,
            } => {
                let d = gfx_obj_id.wrapping_sub(GFXOBJ_BASE);
                w_u8(w, *part_index)?;
                if d <= 0x3FFF {
                    w_u16(w, d as u16)?;
                } else if d <= 0x3FFF_FFFF {
                    w_u16(w, 0x8000 | (d >> 16) as u16)?;
                    w_u16(w, (d & 0xFFFF) as u16)?;
                } else {
                    return Err(custom(
                        w,
                        RecordErrorKind::Unencodable(format!(
                            "ReplaceObject GfxObj id 0x{gfx_obj_id:08X} is outside the packable range"
                        )),
                    ));
                }
            }
            HookData::CreateParticle {
                emitter_info_id,
                part_index,
                offset,
                emitter_id,
            }
            | HookData::CreateBlockingParticle {
                emitter_info_id,
                part_index,
                offset,
                emitter_id,
            } => {
                w_u32(w, *emitter_info_id)?;
                w_u32(w, *part_index)?;
                offset.write_options(w, e, ())?;
                w_u32(w, *emitter_id)?;
            }
            other => {
                for word in other.to_words() {
                    w_u32(w, word)?;
                }
            }
        }
        align4_write(w)
    }
}

/// One frame of per-part transforms plus the hooks that fire on it.
#[derive(Debug, Clone, PartialEq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct AnimationFrame {
    /// One transform per part.
    pub frames: Vec<Frame>,
    /// Hooks in file order.
    pub hooks: Vec<AnimationHook>,
}

impl BinRead for AnimationFrame {
    /// The number of parts (from the enclosing Animation or Setup).
    type Args<'a> = u32;
    fn read_options<R: Read + Seek>(r: &mut R, e: Endian, num_parts: u32) -> BinResult<Self> {
        let r = &mut Stream(r);
        let budget = AllocBudget::for_rest(r)?;
        Self::read_budgeted(r, e, num_parts, &budget)
    }
}

impl AnimationFrame {
    fn read_budgeted<R: Source>(
        r: &mut R,
        e: Endian,
        num_parts: u32,
        budget: &AllocBudget,
    ) -> BinResult<Self> {
        let mut frames = budget.list(r, "part frame", u64::from(num_parts), Frame::SIZE as u64)?;
        for _ in 0..num_parts {
            frames.push(Frame::decode(r)?);
        }
        let n = r_u32(r)?;
        let mut hooks = budget.list(r, "hook", u64::from(n), 8)?;
        for _ in 0..n {
            hooks.push(AnimationHook::decode(r, e)?);
        }
        Ok(Self { frames, hooks })
    }
}

impl BinWrite for AnimationFrame {
    /// The number of parts the enclosing record declares; `frames` must have that length.
    type Args<'a> = u32;
    fn write_options<W: Write + Seek>(
        &self,
        w: &mut W,
        e: Endian,
        num_parts: u32,
    ) -> BinResult<()> {
        if self.frames.len() as u64 != u64::from(num_parts) {
            return Err(custom(
                w,
                RecordErrorKind::Unencodable(format!(
                    "AnimationFrame has {} part frames but the record declares {num_parts} parts",
                    self.frames.len()
                )),
            ));
        }
        for f in &self.frames {
            f.write_options(w, e, ())?;
        }
        let n = count_u32(w, "hook", self.hooks.len())?;
        w_u32(w, n)?;
        for h in &self.hooks {
            h.write_options(w, e, ())?;
        }
        Ok(())
    }
}

/// An animation: optional root-motion frames and per-part frames.
#[derive(Debug, Clone, PartialEq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Animation {
    /// File id (0x03xxxxxx).
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_hex"))]
    pub id: u32,
    /// Bit 0x1: `pos_frames` present; other bits preserved as read.
    pub flags: u32,
    /// Parts per frame.
    pub num_parts: u32,
    /// Root-motion deltas, one per frame; empty unless `flags & 1`.
    pub pos_frames: Vec<Frame>,
    /// Per-part frames, `num_frames` of them.
    pub part_frames: Vec<AnimationFrame>,
}

impl Animation {
    /// The id range of animations in a portal DAT.
    pub const ID_RANGE: std::ops::RangeInclusive<u32> = 0x0300_0000..=0x0300_FFFF;
    /// Flags bit: pos frames are stored.
    pub const POS_FRAMES: u32 = 0x1;
    /// Flags bit: the client's `has_hooks` note. Informational only: every frame stores its
    /// hook count whatever this bit says.
    pub const HAS_HOOKS: u32 = 0x2;

    /// An animation of `num_frames` frames with `num_parts` identity part transforms each,
    /// no hooks and no pos frames — a convenient starting point for hand-built data.
    pub fn new(id: u32, num_frames: u32, num_parts: u32) -> Self {
        let frame = AnimationFrame {
            frames: vec![Frame::IDENTITY; num_parts as usize],
            hooks: Vec::new(),
        };
        Self {
            id,
            flags: 0,
            num_parts,
            pos_frames: Vec::new(),
            part_frames: vec![frame; num_frames as usize],
        }
    }

    /// Turns pos frames on, with one identity frame per part frame.
    pub fn with_identity_pos_frames(mut self) -> Self {
        self.flags |= Self::POS_FRAMES;
        self.pos_frames = vec![Frame::IDENTITY; self.part_frames.len()];
        self
    }

    /// Appends `hook` to the hooks of part frame `frame` (ignored if out of range).
    pub fn push_hook(&mut self, frame: usize, hook: AnimationHook) -> &mut Self {
        if let Some(f) = self.part_frames.get_mut(frame) {
            f.hooks.push(hook);
        }
        self
    }

    /// Number of frames.
    pub fn num_frames(&self) -> u32 {
        self.part_frames.len() as u32
    }
    /// Whether the animation carries root-motion frames ([`Self::POS_FRAMES`]).
    pub fn has_pos_frames(&self) -> bool {
        self.flags & Self::POS_FRAMES != 0
    }

    /// Decodes a payload, requiring every byte to be used.
    pub fn parse(bytes: &[u8]) -> Result<Self, RecordError> {
        parse_exact(bytes)
    }

    /// Encodes the record. Fails if `pos_frames` or a frame's part count disagrees with the
    /// header fields (the on-disk layout cannot express that).
    pub fn to_bytes(&self) -> Result<Vec<u8>, RecordError> {
        write_vec(self, self.id)
    }
}

impl BinRead for Animation {
    type Args<'a> = ();
    fn read_options<R: Read + Seek>(r: &mut R, e: Endian, _: ()) -> BinResult<Self> {
        Self::decode(&mut Stream(r), e)
    }
}

impl Decode for Animation {
    fn decode<R: Source>(r: &mut R, e: Endian) -> BinResult<Self> {
        let budget = AllocBudget::for_rest(r)?;
        let id = r_u32(r)?;
        let flags = r_u32(r)?;
        let num_parts = r_u32(r)?;
        let num_frames = r_u32(r)?;
        let has_pos = flags & Self::POS_FRAMES != 0;
        let per_frame = (Frame::SIZE as u64)
            .saturating_mul(u64::from(num_parts))
            .saturating_add(4)
            .saturating_add(if has_pos { Frame::SIZE as u64 } else { 0 });
        check_count(r, "frame", u64::from(num_frames), per_frame)?;
        let pos_count = if has_pos { u64::from(num_frames) } else { 0 };
        let mut pos_frames = budget.list(r, "pos frame", pos_count, Frame::SIZE as u64)?;
        for _ in 0..pos_count {
            pos_frames.push(Frame::decode(r)?);
        }
        let part_frame_size = per_frame - if has_pos { Frame::SIZE as u64 } else { 0 };
        let mut part_frames = budget.list(r, "frame", u64::from(num_frames), part_frame_size)?;
        for _ in 0..num_frames {
            part_frames.push(AnimationFrame::read_budgeted(r, e, num_parts, &budget)?);
        }
        Ok(Self {
            id,
            flags,
            num_parts,
            pos_frames,
            part_frames,
        })
    }
}

impl BinWrite for Animation {
    type Args<'a> = ();
    fn write_options<W: Write + Seek>(&self, w: &mut W, e: Endian, _: ()) -> BinResult<()> {
        let num_frames = count_u32(w, "frame", self.part_frames.len())?;
        let expected_pos = if self.has_pos_frames() {
            self.part_frames.len()
        } else {
            0
        };
        if self.pos_frames.len() != expected_pos {
            return Err(custom(
                w,
                RecordErrorKind::Unencodable(format!(
                    "animation has {} pos frames but flags/part frames require {expected_pos}",
                    self.pos_frames.len()
                )),
            ));
        }
        w_u32(w, self.id)?;
        w_u32(w, self.flags)?;
        w_u32(w, self.num_parts)?;
        w_u32(w, num_frames)?;
        for f in &self.pos_frames {
            f.write_options(w, e, ())?;
        }
        for f in &self.part_frames {
            f.write_options(w, e, self.num_parts)?;
        }
        Ok(())
    }
}
