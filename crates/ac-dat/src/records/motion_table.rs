//! MotionTable, MotionData and AnimData records (`dat-format-spec.md` §3.2–§3.4).

use glam::Vec3;

/// Default playback rate of an [`AnimData`] in frames per second.
pub const DEFAULT_FRAMERATE: f32 = 30.0;

/// One animation reference inside a [`MotionData`]: which animation, which frame range, how fast.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AnimData {
    /// Animation id (0x03xxxxxx).
    pub anim_id: u32,
    /// First frame to play (inclusive).
    pub low_frame: i32,
    /// Last frame to play (inclusive); −1 means "through the last frame".
    pub high_frame: i32,
    /// Frames per second; negative plays backwards.
    pub framerate: f32,
}

impl AnimData {
    /// A reference to the whole of `anim_id` at the default 30 fps.
    pub fn new(anim_id: u32) -> Self {
        Self {
            anim_id,
            low_frame: 0,
            high_frame: -1,
            framerate: DEFAULT_FRAMERATE,
        }
    }
}

/// A motion's animations and physics: what a cycle, link or modifier entry holds.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct MotionData {
    /// Behaviour bits: 0x1 the cycle clears modifiers, 0x2 only allowed from the style default.
    pub bitfield: u8,
    /// Presence bits: 0x1 has velocity, 0x2 has omega. Kept for byte-exact round trips.
    pub flags: u8,
    /// Animations in play order.
    pub anims: Vec<AnimData>,
    /// Root velocity (zero when `flags & 1 == 0`).
    pub velocity: Vec3,
    /// Angular velocity (zero when `flags & 2 == 0`).
    pub omega: Vec3,
}

/// A motion table: style defaults, cycles, modifiers and links, in file order.
///
/// Maps are kept as vectors in on-disk order so that a record round-trips byte-exactly;
/// lookups are linear here — the resolver in `ac-motiontable` builds its own index.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct MotionTable {
    /// File id (0x09xxxxxx).
    pub id: u32,
    /// The style an object starts in.
    pub default_style: u32,
    /// `(style, default substate)` pairs.
    pub style_defaults: Vec<(u32, u32)>,
    /// `(cycle key, motion data)`; key = `(style << 16) | (substate & 0xFFFFFF)`.
    pub cycles: Vec<(u32, MotionData)>,
    /// `(modifier key, motion data)`.
    pub modifiers: Vec<(u32, MotionData)>,
    /// `(outer key, [(target motion, motion data)])`.
    pub links: Vec<(u32, Vec<(u32, MotionData)>)>,
}
