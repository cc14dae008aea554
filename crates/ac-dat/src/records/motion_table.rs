//! MotionTable, MotionData and AnimData records, laid out as the portal DAT stores them.

use std::fmt;

use binrw::io::{Read, Seek, Write};
use binrw::{BinRead, BinResult, BinWrite, Endian};
use glam::Vec3;

use super::AnimList;
use super::io::*;
use crate::error::{RecordError, RecordErrorKind};
use crate::motion::{CommandMask, MotionCommand, TableKey};

/// Default playback rate of an [`AnimData`] in frames per second.
pub const DEFAULT_FRAMERATE: f32 = 30.0;

// The table keys (ACE `MotionTable.cs`): every shift is 32-bit, so only the low 16 bits of the
// style survive (NonCombat 0x8000003D << 16 = 0x003D0000), and the motion keeps its command
// index (`& CommandMask::COMMAND`) without its class bits. These are the only definitions;
// the resolver uses them too.

/// Cycle key: `(style << 16) | (substate & 0xFFFFFF)` in u32 arithmetic
/// (NonCombat 0x8000003D + Ready 0x41000003 → 0x003D0003).
#[inline]
pub const fn cycle_key(style: u32, substate: u32) -> u32 {
    (style << 16) | (substate & CommandMask::COMMAND)
}

/// Style-specific modifier key: `(style << 16) | (motion & 0xFFFFFF)`, the same encoding as
/// [`cycle_key`].
#[inline]
pub const fn modifier_key(style: u32, motion: u32) -> u32 {
    cycle_key(style, motion)
}

/// Style-less modifier key (`motion & 0xFFFFFF`), the lookup's second try.
#[inline]
pub const fn styleless_modifier_key(motion: u32) -> u32 {
    motion & CommandMask::COMMAND
}

/// Link outer key for links leaving `from_substate` in `style`: the [`cycle_key`] encoding.
/// The inner key is the full, unmasked target command.
#[inline]
pub const fn link_outer_key(style: u32, from_substate: u32) -> u32 {
    cycle_key(style, from_substate)
}

/// Style-wide link outer key (`style << 16`): the "from any substate" fallback group.
#[inline]
pub const fn style_link_key(style: u32) -> u32 {
    style << 16
}

/// One animation reference inside a [`MotionData`]: which animation, which frame range, how fast.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct AnimData {
    /// Animation id (0x03xxxxxx).
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_hex"))]
    pub anim_id: u32,
    /// First frame to play (inclusive).
    pub low_frame: i32,
    /// Last frame to play (inclusive); −1 means "through the last frame".
    pub high_frame: i32,
    /// Frames per second; negative plays backwards.
    pub framerate: f32,
}

impl AnimData {
    /// On-disk size in bytes.
    pub const SIZE: usize = 16;

    /// A reference to the whole of `anim_id` at the default 30 fps.
    pub fn new(anim_id: u32) -> Self {
        Self {
            anim_id,
            low_frame: 0,
            high_frame: -1,
            framerate: DEFAULT_FRAMERATE,
        }
    }

    /// A reference to frames `low..=high` of `anim_id` at `framerate`.
    pub fn with_range(anim_id: u32, low_frame: i32, high_frame: i32, framerate: f32) -> Self {
        Self {
            anim_id,
            low_frame,
            high_frame,
            framerate,
        }
    }
}

impl BinRead for AnimData {
    type Args<'a> = ();
    fn read_options<R: Read + Seek>(r: &mut R, _: Endian, _: ()) -> BinResult<Self> {
        Self::decode(&mut Stream(r))
    }
}

impl AnimData {
    #[inline]
    fn decode<R: Source>(r: &mut R) -> BinResult<Self> {
        if let Some(b) = r.take::<{ Self::SIZE }>() {
            let w = |at: usize| [b[at], b[at + 1], b[at + 2], b[at + 3]];
            return Ok(Self {
                anim_id: u32::from_le_bytes(w(0)),
                low_frame: i32::from_le_bytes(w(4)),
                high_frame: i32::from_le_bytes(w(8)),
                framerate: f32::from_le_bytes(w(12)),
            });
        }
        Ok(Self {
            anim_id: r_u32(r)?,
            low_frame: r_i32(r)?,
            high_frame: r_i32(r)?,
            framerate: r_f32(r)?,
        })
    }
}

impl BinWrite for AnimData {
    type Args<'a> = ();
    fn write_options<W: Write + Seek>(&self, w: &mut W, _: Endian, _: ()) -> BinResult<()> {
        w_u32(w, self.anim_id)?;
        w_i32(w, self.low_frame)?;
        w_i32(w, self.high_frame)?;
        w_f32(w, self.framerate)
    }
}

bitflags::bitflags! {
    /// Named bits of [`MotionData::bitfield`] (behaviour bits).
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
    pub struct MotionBits: u8 {
        /// Entering this cycle clears the modifier list; a current cycle with it refuses modifiers.
        const CLEARS_MODIFIERS = 0x01;
        /// Restricted: only enterable from the style's default substate or from itself.
        const RESTRICTED = 0x02;
        /// Bits this crate does not interpret; kept so round trips stay exact.
        const _ = !0;
    }
}

bitflags::bitflags! {
    /// Named bits of [`MotionData::flags`] (which optional vectors are stored).
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
    pub struct MotionDataFlags: u8 {
        /// A velocity Vector3 follows the anims.
        const HAS_VELOCITY = 0x01;
        /// An omega Vector3 follows (after the velocity if both).
        const HAS_OMEGA = 0x02;
        /// Unknown bits, kept for byte-exact round trips.
        const _ = !0;
    }
}

/// A motion's animations and physics: what a cycle, link or modifier entry holds.
///
/// The writer emits `velocity`/`omega` only when the matching `flags` bit is set (that is the
/// on-disk presence test); the `with_velocity`/`with_omega` builders keep the two in step.
#[derive(Debug, Clone, PartialEq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MotionData {
    /// Behaviour bits: 0x1 the cycle clears modifiers, 0x2 only allowed from the style default.
    pub bitfield: u8,
    /// Presence bits: 0x1 has velocity, 0x2 has omega. Kept for byte-exact round trips.
    pub flags: u8,
    /// Animations in play order. An [`AnimList`] (it reads as a slice) rather than a `Vec`:
    /// the usual single animation is stored inline, so decoding a table does not allocate
    /// once per MotionData.
    pub anims: AnimList,
    /// Root velocity (zero when `flags & 1 == 0`).
    pub velocity: Vec3,
    /// Angular velocity (zero when `flags & 2 == 0`).
    pub omega: Vec3,
}

impl MotionData {
    /// Bitfield bit: the cycle clears modifiers ([`MotionBits::CLEARS_MODIFIERS`]).
    pub const CLEARS_MODIFIERS: u8 = MotionBits::CLEARS_MODIFIERS.bits();
    /// Bitfield bit: restricted to the style default substate ([`MotionBits::RESTRICTED`]).
    pub const RESTRICTED: u8 = MotionBits::RESTRICTED.bits();
    /// Flags bit: a velocity is stored ([`MotionDataFlags::HAS_VELOCITY`]).
    pub const HAS_VELOCITY: u8 = MotionDataFlags::HAS_VELOCITY.bits();
    /// Flags bit: an omega is stored ([`MotionDataFlags::HAS_OMEGA`]).
    pub const HAS_OMEGA: u8 = MotionDataFlags::HAS_OMEGA.bits();

    /// Motion data playing `anims` in order, no physics, bitfield 0.
    pub fn new(anims: Vec<AnimData>) -> Self {
        Self {
            anims: anims.into(),
            ..Self::default()
        }
    }

    /// Sets the velocity and its presence flag.
    pub fn with_velocity(mut self, v: Vec3) -> Self {
        self.velocity = v;
        self.flags |= Self::HAS_VELOCITY;
        self
    }

    /// Sets the omega and its presence flag.
    pub fn with_omega(mut self, w: Vec3) -> Self {
        self.omega = w;
        self.flags |= Self::HAS_OMEGA;
        self
    }

    /// Sets the behaviour bitfield.
    pub fn with_bitfield(mut self, bitfield: u8) -> Self {
        self.bitfield = bitfield;
        self
    }

    /// Sets the presence flags from the vectors: a non-zero vector gets its flag. Existing
    /// flags are kept (an explicitly stored zero vector stays stored).
    pub fn sync_flags(&mut self) {
        if self.velocity != Vec3::ZERO {
            self.flags |= Self::HAS_VELOCITY;
        }
        if self.omega != Vec3::ZERO {
            self.flags |= Self::HAS_OMEGA;
        }
    }

    /// The bitfield as named bits.
    pub fn bits(&self) -> MotionBits {
        MotionBits::from_bits_retain(self.bitfield)
    }

    /// The presence flags as named bits.
    pub fn data_flags(&self) -> MotionDataFlags {
        MotionDataFlags::from_bits_retain(self.flags)
    }

    /// Bitfield bit 0x1: entering this cycle clears modifiers, and a current cycle with it
    /// refuses modifiers.
    #[inline]
    pub fn clears_modifiers(&self) -> bool {
        self.bitfield & Self::CLEARS_MODIFIERS != 0
    }

    /// Bitfield bit 0x2: only allowed from the style's default substate or from itself
    /// (`is_allowed`).
    #[inline]
    pub fn is_restricted(&self) -> bool {
        self.bitfield & Self::RESTRICTED != 0
    }

    /// Whether a velocity is stored (`flags & 1`).
    pub fn has_velocity(&self) -> bool {
        self.flags & Self::HAS_VELOCITY != 0
    }

    /// Whether an omega is stored (`flags & 2`).
    pub fn has_omega(&self) -> bool {
        self.flags & Self::HAS_OMEGA != 0
    }

    /// On-disk size in bytes: 4 + 16 per anim, + 12 with a velocity, + 12 with an omega.
    pub fn encoded_len(&self) -> usize {
        4 + AnimData::SIZE * self.anims.len()
            + if self.has_velocity() { 12 } else { 0 }
            + if self.has_omega() { 12 } else { 0 }
    }
}

impl BinRead for MotionData {
    type Args<'a> = ();
    fn read_options<R: Read + Seek>(r: &mut R, e: Endian, _: ()) -> BinResult<Self> {
        let r = &mut Stream(r);
        let budget = AllocBudget::for_rest(r)?;
        Self::read_budgeted(r, e, &budget)
    }
}

impl MotionData {
    fn read_budgeted<R: Source>(r: &mut R, _: Endian, budget: &AllocBudget) -> BinResult<Self> {
        let num_anims = r_u8(r)?;
        let bitfield = r_u8(r)?;
        let flags = r_u8(r)?;
        align4_read(r)?;
        // Checked and charged as `budget.list` would (the same errors at the same places),
        // but a single animation is stored inline.
        check_count(r, "anim", u64::from(num_anims), AnimData::SIZE as u64)?;
        budget.charge(
            r,
            "anim",
            u64::from(num_anims),
            std::mem::size_of::<AnimData>() as u64,
        )?;
        let anims = if num_anims == 1 {
            AnimList::one(AnimData::decode(r)?)
        } else {
            let mut anims = Vec::with_capacity(usize::from(num_anims));
            for _ in 0..num_anims {
                anims.push(AnimData::decode(r)?);
            }
            AnimList::from(anims)
        };
        let velocity = if flags & Self::HAS_VELOCITY != 0 {
            r_vec3(r)?
        } else {
            Vec3::ZERO
        };
        let omega = if flags & Self::HAS_OMEGA != 0 {
            r_vec3(r)?
        } else {
            Vec3::ZERO
        };
        Ok(Self {
            bitfield,
            flags,
            anims,
            velocity,
            omega,
        })
    }
}

impl BinWrite for MotionData {
    type Args<'a> = ();
    fn write_options<W: Write + Seek>(&self, w: &mut W, e: Endian, _: ()) -> BinResult<()> {
        let n = u8::try_from(self.anims.len()).map_err(|_| {
            custom(
                w,
                RecordErrorKind::Unencodable(format!(
                    "MotionData has {} anims (at most 255)",
                    self.anims.len()
                )),
            )
        })?;
        w_u8(w, n)?;
        w_u8(w, self.bitfield)?;
        w_u8(w, self.flags)?;
        align4_write(w)?;
        for a in &self.anims {
            a.write_options(w, e, ())?;
        }
        if self.has_velocity() {
            w_vec3(w, self.velocity)?;
        }
        if self.has_omega() {
            w_vec3(w, self.omega)?;
        }
        Ok(())
    }
}

/// A motion table: style defaults, cycles, modifiers and links, in file order.
///
/// Maps are kept as vectors in on-disk order so that a record round-trips byte-exactly;
/// lookups are linear here — the resolver in `ac-motiontable` builds its own index. The
/// `set_*` builders overwrite an existing key in place (keeping its position) or append,
/// which is how a scenario's "a repeated key overwrites the earlier entry" behaves.
///
/// `Debug` prints the maps as maps with every key decoded to motion names beside the raw
/// value (`NonCombat/Ready(0x003D0003)`, `WalkForward(0x45000005)`; see [`TableKey`] and
/// [`MotionCommand`]).
#[derive(Clone, PartialEq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MotionTable {
    /// File id (0x09xxxxxx).
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_hex"))]
    pub id: u32,
    /// The style an object starts in.
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_hex"))]
    pub default_style: u32,
    /// `(style, default substate)` pairs.
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_hex::id_map"))]
    pub style_defaults: Vec<(u32, u32)>,
    /// `(cycle key, motion data)`; key = `(style << 16) | (substate & 0xFFFFFF)`.
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_hex::map"))]
    pub cycles: Vec<(u32, MotionData)>,
    /// `(modifier key, motion data)`.
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_hex::map"))]
    pub modifiers: Vec<(u32, MotionData)>,
    /// `(outer key, [(target motion, motion data)])`.
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_hex::nested_map"))]
    pub links: Vec<(u32, Vec<(u32, MotionData)>)>,
}

impl fmt::Debug for MotionTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Destructured so that a new field cannot be left out silently.
        let MotionTable {
            id,
            default_style,
            style_defaults,
            cycles,
            modifiers,
            links,
        } = self;
        f.debug_struct("MotionTable")
            .field("id", &format_args!("0x{id:08X}"))
            .field("default_style", &MotionCommand(*default_style))
            .field(
                "style_defaults",
                &DebugMap(
                    style_defaults
                        .iter()
                        .map(|&(s, d)| (MotionCommand(s), MotionCommand(d)))
                        .collect(),
                ),
            )
            .field("cycles", &keyed(cycles))
            .field("modifiers", &keyed(modifiers))
            .field(
                "links",
                &DebugMap(
                    links
                        .iter()
                        .map(|(outer, group)| {
                            let inner: Vec<(MotionCommand, &MotionData)> = group
                                .iter()
                                .map(|(to, md)| (MotionCommand(*to), md))
                                .collect();
                            (TableKey(*outer), DebugMap(inner))
                        })
                        .collect(),
                ),
            )
            .finish()
    }
}

/// A cycle or modifier list as a `Debug` map with decoded keys.
fn keyed(list: &[(u32, MotionData)]) -> DebugMap<TableKey, &MotionData> {
    DebugMap(list.iter().map(|(k, md)| (TableKey(*k), md)).collect())
}

/// `(key, value)` pairs printed as a `Debug` map in their stored order.
struct DebugMap<K, V>(Vec<(K, V)>);

impl<K: fmt::Debug, V: fmt::Debug> fmt::Debug for DebugMap<K, V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map()
            .entries(self.0.iter().map(|(k, v)| (k, v)))
            .finish()
    }
}

fn upsert<V>(list: &mut Vec<(u32, V)>, key: u32, value: V) {
    match list.iter_mut().find(|(k, _)| *k == key) {
        Some(slot) => slot.1 = value,
        None => list.push((key, value)),
    }
}

fn find<V>(list: &[(u32, V)], key: u32) -> Option<&V> {
    list.iter().find(|(k, _)| *k == key).map(|(_, v)| v)
}

impl MotionTable {
    /// The id range of motion tables in a portal DAT.
    pub const ID_RANGE: std::ops::RangeInclusive<u32> = 0x0900_0000..=0x0900_FFFF;

    /// An empty table.
    pub fn new(id: u32, default_style: u32) -> Self {
        Self {
            id,
            default_style,
            ..Self::default()
        }
    }

    /// Sets `style_defaults[style] = substate` (in place if present, else appended).
    pub fn set_style_default(&mut self, style: u32, substate: u32) -> &mut Self {
        upsert(&mut self.style_defaults, style, substate);
        self
    }

    /// Sets `cycles[key]` (in place if present, else appended). See [`cycle_key`].
    pub fn set_cycle(&mut self, key: u32, md: MotionData) -> &mut Self {
        upsert(&mut self.cycles, key, md);
        self
    }

    /// Sets `modifiers[key]` (in place if present, else appended). See [`modifier_key`].
    pub fn set_modifier(&mut self, key: u32, md: MotionData) -> &mut Self {
        upsert(&mut self.modifiers, key, md);
        self
    }

    /// Sets `links[outer][inner]`, creating the outer group at the end if needed and
    /// overwriting an existing inner entry in place. See [`link_outer_key`].
    pub fn set_link(&mut self, outer: u32, inner: u32, md: MotionData) -> &mut Self {
        match self.links.iter_mut().find(|(k, _)| *k == outer) {
            Some((_, group)) => upsert(group, inner, md),
            None => self.links.push((outer, vec![(inner, md)])),
        }
        self
    }

    /// `style_defaults[style]`.
    pub fn style_default(&self, style: u32) -> Option<u32> {
        find(&self.style_defaults, style).copied()
    }

    /// `cycles[key]`.
    pub fn cycle(&self, key: u32) -> Option<&MotionData> {
        find(&self.cycles, key)
    }

    /// `modifiers[key]`.
    pub fn modifier(&self, key: u32) -> Option<&MotionData> {
        find(&self.modifiers, key)
    }

    /// The link group `links[outer]`.
    pub fn link_group(&self, outer: u32) -> Option<&[(u32, MotionData)]> {
        find(&self.links, outer).map(Vec::as_slice)
    }

    /// `links[outer][inner]`.
    pub fn link(&self, outer: u32, inner: u32) -> Option<&MotionData> {
        self.link_group(outer).and_then(|g| find(g, inner))
    }

    /// Total number of link destinations (inner entries over all groups).
    pub fn num_link_destinations(&self) -> usize {
        self.links.iter().map(|(_, g)| g.len()).sum()
    }

    /// Every MotionData of the table in file order (cycles, modifiers, then links).
    pub fn motion_data(&self) -> impl Iterator<Item = &MotionData> {
        self.cycles
            .iter()
            .map(|(_, m)| m)
            .chain(self.modifiers.iter().map(|(_, m)| m))
            .chain(
                self.links
                    .iter()
                    .flat_map(|(_, g)| g.iter().map(|(_, m)| m)),
            )
    }

    /// Decodes a payload, requiring every byte to be used.
    pub fn parse(bytes: &[u8]) -> Result<Self, RecordError> {
        parse_exact(bytes)
    }

    /// Encodes the record.
    pub fn to_bytes(&self) -> Result<Vec<u8>, RecordError> {
        write_vec(self, self.id)
    }
}

fn read_md_map<R: Source>(
    r: &mut R,
    e: Endian,
    what: &'static str,
    budget: &AllocBudget,
) -> BinResult<Vec<(u32, MotionData)>> {
    let n = r_u32(r)?;
    let mut v = budget.list(r, what, u64::from(n), 8)?;
    for _ in 0..n {
        let k = r_u32(r)?;
        v.push((k, MotionData::read_budgeted(r, e, budget)?));
    }
    Ok(v)
}

fn write_md_map<W: Write + Seek>(
    w: &mut W,
    e: Endian,
    what: &str,
    list: &[(u32, MotionData)],
) -> BinResult<()> {
    let n = count_u32(w, what, list.len())?;
    w_u32(w, n)?;
    for (k, md) in list {
        w_u32(w, *k)?;
        md.write_options(w, e, ())?;
    }
    Ok(())
}

impl BinRead for MotionTable {
    type Args<'a> = ();
    fn read_options<R: Read + Seek>(r: &mut R, e: Endian, _: ()) -> BinResult<Self> {
        Self::decode(&mut Stream(r), e)
    }
}

impl Decode for MotionTable {
    fn decode<R: Source>(r: &mut R, e: Endian) -> BinResult<Self> {
        let budget = AllocBudget::for_rest(r)?;
        let id = r_u32(r)?;
        let default_style = r_u32(r)?;
        let n = r_u32(r)?;
        let mut style_defaults = budget.list(r, "style default", u64::from(n), 8)?;
        for _ in 0..n {
            style_defaults.push((r_u32(r)?, r_u32(r)?));
        }
        let cycles = read_md_map(r, e, "cycle", &budget)?;
        let modifiers = read_md_map(r, e, "modifier", &budget)?;
        let n = r_u32(r)?;
        let mut links = budget.list(r, "link group", u64::from(n), 8)?;
        for _ in 0..n {
            let outer = r_u32(r)?;
            links.push((outer, read_md_map(r, e, "link destination", &budget)?));
        }
        Ok(Self {
            id,
            default_style,
            style_defaults,
            cycles,
            modifiers,
            links,
        })
    }
}

impl BinWrite for MotionTable {
    type Args<'a> = ();
    fn write_options<W: Write + Seek>(&self, w: &mut W, e: Endian, _: ()) -> BinResult<()> {
        w_u32(w, self.id)?;
        w_u32(w, self.default_style)?;
        let n = count_u32(w, "style default", self.style_defaults.len())?;
        w_u32(w, n)?;
        for (s, d) in &self.style_defaults {
            w_u32(w, *s)?;
            w_u32(w, *d)?;
        }
        write_md_map(w, e, "cycle", &self.cycles)?;
        write_md_map(w, e, "modifier", &self.modifiers)?;
        let n = count_u32(w, "link group", self.links.len())?;
        w_u32(w, n)?;
        for (outer, group) in &self.links {
            w_u32(w, *outer)?;
            write_md_map(w, e, "link destination", group)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn setters_overwrite_in_place_and_keep_position() {
        let mut t = MotionTable::new(0x0900_0001, 0x8000_003D);
        t.set_cycle(1, MotionData::new(vec![AnimData::new(0x0300_0001)]));
        t.set_cycle(2, MotionData::default());
        t.set_cycle(1, MotionData::default().with_bitfield(1));
        assert_eq!(t.cycles.len(), 2);
        assert_eq!(t.cycles[0].0, 1);
        assert!(t.cycles[0].1.clears_modifiers());
        t.set_link(10, 0x4500_0005, MotionData::default());
        t.set_link(10, 0x4400_0007, MotionData::default());
        t.set_link(11, 0x4500_0005, MotionData::default());
        t.set_link(10, 0x4500_0005, MotionData::default().with_bitfield(2));
        assert_eq!(t.links.len(), 2);
        assert_eq!(t.num_link_destinations(), 3);
        assert!(
            t.link(10, 0x4500_0005)
                .is_some_and(MotionData::is_restricted)
        );
        t.set_style_default(5, 6).set_style_default(5, 7);
        assert_eq!(t.style_defaults, vec![(5, 7)]);
    }

    #[test]
    fn encoded_len_matches_the_writer_and_flags_gate_the_vectors() {
        let md = MotionData::new(vec![AnimData::new(1), AnimData::new(2)])
            .with_velocity(Vec3::X)
            .with_omega(Vec3::Z);
        let mut t = MotionTable::new(0x0900_0001, 0);
        t.set_cycle(0, md.clone());
        let bytes = t.to_bytes().expect("write");
        assert_eq!(bytes.len(), 4 * 6 + 4 + md.encoded_len());
        assert!(
            md.data_flags()
                .contains(MotionDataFlags::HAS_VELOCITY | MotionDataFlags::HAS_OMEGA)
        );
        // A vector without its flag is not stored, so it reads back as zero.
        let mut bare = MotionData {
            velocity: Vec3::ONE,
            ..MotionData::default()
        };
        assert_eq!(bare.encoded_len(), 4);
        bare.sync_flags();
        assert!(bare.has_velocity() && !bare.has_omega());
    }

    #[test]
    fn debug_names_the_keys() {
        let mut t = MotionTable::new(0x0900_0001, 0x8000_003D);
        t.set_style_default(0x8000_003D, 0x4100_0003);
        t.set_cycle(cycle_key(0x8000_003D, 0x4100_0003), MotionData::default());
        t.set_modifier(styleless_modifier_key(0x6500_000D), MotionData::default());
        t.set_link(
            link_outer_key(0x8000_003D, 0x4100_0003),
            0x4500_0005,
            MotionData::default(),
        );
        let text = format!("{t:?}");
        for part in [
            "id: 0x09000001",
            "default_style: NonCombat(0x8000003D)",
            "style_defaults: {NonCombat(0x8000003D): Ready(0x41000003)}",
            "cycles: {NonCombat/Ready(0x003D0003): MotionData",
            "modifiers: {TurnRight(0x0000000D): MotionData",
            "links: {NonCombat/Ready(0x003D0003): {WalkForward(0x45000005): MotionData",
        ] {
            assert!(text.contains(part), "{part} not in {text}");
        }
    }

    #[test]
    fn too_many_anims_is_unencodable() {
        let mut t = MotionTable::new(0x0900_0001, 0);
        t.set_cycle(0, MotionData::new(vec![AnimData::new(1); 256]));
        let err = t.to_bytes().expect_err("256 anims");
        assert!(matches!(err.kind, RecordErrorKind::Unencodable(_)), "{err}");
    }
}
