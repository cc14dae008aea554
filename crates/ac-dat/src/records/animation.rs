//! Animation records: frames and hooks (`dat-format-spec.md` §3.5–§3.8).

use glam::{Quat, Vec3};

/// A position and orientation (28 bytes on disk; quaternion stored W, X, Y, Z).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Frame {
    /// Translation.
    pub origin: Vec3,
    /// Rotation, stored exactly as read (not normalized).
    pub orientation: Quat,
}

impl Frame {
    /// Origin zero, identity rotation.
    pub const IDENTITY: Frame = Frame {
        origin: Vec3::ZERO,
        orientation: Quat::IDENTITY,
    };
}

impl Default for Frame {
    fn default() -> Self {
        Self::IDENTITY
    }
}

/// Direction a hook fires in: −2 Unknown, −1 Backward, 0 Both, 1 Forward.
pub type HookDirection = i32;

/// One animation hook: its direction and typed payload.
#[derive(Debug, Clone, PartialEq)]
pub struct AnimationHook {
    /// Which playback direction fires this hook.
    pub direction: HookDirection,
    /// Hook type and payload.
    pub data: HookData,
}

/// The 27 hook types with their payloads (`dat-format-spec.md` §3.8).
///
/// The numeric type id is [`HookData::type_id`].
#[derive(Debug, Clone, PartialEq)]
pub enum HookData {
    /// Placeholder; filled in by the full record implementation.
    AnimationDone,
}

impl HookData {
    /// The on-disk hook type number.
    pub fn type_id(&self) -> u32 {
        match self {
            HookData::AnimationDone => 4,
        }
    }
}

/// One frame of per-part transforms plus the hooks that fire on it.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct AnimationFrame {
    /// One transform per part.
    pub frames: Vec<Frame>,
    /// Hooks in file order.
    pub hooks: Vec<AnimationHook>,
}

/// An animation: optional root-motion frames and per-part frames.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Animation {
    /// File id (0x03xxxxxx).
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
    /// Number of frames.
    pub fn num_frames(&self) -> u32 {
        self.part_frames.len() as u32
    }
    /// Whether the animation carries root-motion frames (`flags & 1`).
    pub fn has_pos_frames(&self) -> bool {
        self.flags & 1 != 0
    }
}
