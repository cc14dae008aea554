//! Setup records (0x02……), decoded only as far as the motion
//! system needs: the part list and the five default ids. Everything in between (parent
//! indices, scales, holding locations, placement frames, spheres, lights, …) is kept as raw
//! bytes so the record still round-trips byte-exactly.

use binrw::io::{Read, Seek, Write};
use binrw::{BinRead, BinResult, BinWrite, Endian};

use super::io::*;
use crate::error::{RecordError, RecordErrorKind};

/// A Setup: parts, the opaque middle section, and the default ids that close the record.
#[derive(Debug, Clone, PartialEq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Setup {
    /// File id (0x02xxxxxx).
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_hex"))]
    pub id: u32,
    /// 0x1 HasParent, 0x2 HasDefaultScale, 0x4 AllowFreeHeading, 0x8 HasPhysicsBSP.
    pub flags: u32,
    /// GfxObj ids (0x01……), one per part; `num_parts` on disk is its length.
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_hex::seq"))]
    pub parts: Vec<u32>,
    /// The undecoded bytes between the part list and the five default ids.
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_hex::bytes"))]
    pub body: Vec<u8>,
    /// Default Animation (0 = none).
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_hex"))]
    pub default_animation: u32,
    /// Default PhysicsScript (0x33……).
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_hex"))]
    pub default_script: u32,
    /// Default MotionTable (0x09……).
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_hex"))]
    pub default_motion_table: u32,
    /// Default SoundTable (0x20……).
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_hex"))]
    pub default_sound_table: u32,
    /// Default PhysicsScriptTable (0x34……).
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_hex"))]
    pub default_script_table: u32,
}

impl Setup {
    /// The id range of setups in a portal DAT.
    pub const ID_RANGE: std::ops::RangeInclusive<u32> = 0x0200_0000..=0x0200_FFFF;
    /// Size of the trailing default-id block.
    const TAIL: u64 = 20;

    /// Number of parts.
    pub fn num_parts(&self) -> u32 {
        self.parts.len() as u32
    }

    /// Decodes a payload, requiring every byte to be used.
    pub fn parse(bytes: &[u8]) -> Result<Self, RecordError> {
        parse_exact(bytes)
    }

    /// Encodes the record.
    pub fn to_bytes(&self) -> Result<Vec<u8>, RecordError> {
        write_vec(self, self.id)
    }

    /// A minimal but complete Setup body for `num_parts` parts (no parents or scales, no
    /// holding locations or connection points, one Default placement of identity frames,
    /// no cylinder spheres, one sphere, and the given height/radius, no lights). Used by the
    /// synthetic corpus so its setups also parse in a full Setup reader.
    pub fn minimal_body(num_parts: u32, height: f32, radius: f32) -> Vec<u8> {
        let mut b = Vec::new();
        let u = |b: &mut Vec<u8>, v: u32| b.extend_from_slice(&v.to_le_bytes());
        let f = |b: &mut Vec<u8>, v: f32| b.extend_from_slice(&v.to_le_bytes());
        u(&mut b, 0); // holding locations
        u(&mut b, 0); // connection points
        u(&mut b, 1); // placements
        u(&mut b, 0); // key Default
        for _ in 0..num_parts {
            for v in [0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0] {
                f(&mut b, v);
            }
        }
        u(&mut b, 0); // hooks of the placement frame
        u(&mut b, 0); // cyl spheres
        u(&mut b, 1); // spheres
        for v in [0.0, 0.0, height * 0.5, radius] {
            f(&mut b, v);
        }
        for v in [height, radius, height * 0.4, height * 0.4] {
            f(&mut b, v);
        }
        for _ in 0..2 {
            // sorting sphere, selection sphere
            for v in [0.0, 0.0, height * 0.5, radius] {
                f(&mut b, v);
            }
        }
        u(&mut b, 0); // lights
        b
    }
}

impl BinRead for Setup {
    type Args<'a> = ();
    fn read_options<R: Read + Seek>(r: &mut R, e: Endian, _: ()) -> BinResult<Self> {
        Self::decode(&mut Stream(r), e)
    }
}

impl Decode for Setup {
    fn decode<R: Source>(r: &mut R, _: Endian) -> BinResult<Self> {
        let budget = AllocBudget::for_rest(r)?;
        let id = r_u32(r)?;
        let flags = r_u32(r)?;
        let num_parts = r_u32(r)?;
        let mut parts = budget.list(r, "part", u64::from(num_parts), 4)?;
        for _ in 0..num_parts {
            parts.push(r_u32(r)?);
        }
        let rem = remaining(r)?;
        if rem < Self::TAIL {
            return Err(custom(
                r,
                RecordErrorKind::UnexpectedEof {
                    needed: Self::TAIL - rem,
                },
            ));
        }
        budget.charge(r, "body byte", rem - Self::TAIL, 1)?;
        let mut body = vec![0u8; (rem - Self::TAIL) as usize];
        r.read_exact(&mut body)?;
        Ok(Self {
            id,
            flags,
            parts,
            body,
            default_animation: r_u32(r)?,
            default_script: r_u32(r)?,
            default_motion_table: r_u32(r)?,
            default_sound_table: r_u32(r)?,
            default_script_table: r_u32(r)?,
        })
    }
}

impl BinWrite for Setup {
    type Args<'a> = ();
    fn write_options<W: Write + Seek>(&self, w: &mut W, _: Endian, _: ()) -> BinResult<()> {
        w_u32(w, self.id)?;
        w_u32(w, self.flags)?;
        let n = count_u32(w, "part", self.parts.len())?;
        w_u32(w, n)?;
        for p in &self.parts {
            w_u32(w, *p)?;
        }
        w_bytes(w, &self.body)?;
        for v in [
            self.default_animation,
            self.default_script,
            self.default_motion_table,
            self.default_sound_table,
            self.default_script_table,
        ] {
            w_u32(w, v)?;
        }
        Ok(())
    }
}
