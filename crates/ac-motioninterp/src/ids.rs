//! The motion ids and class masks the interpreter refers to by name (`motion-constants.md`
//! §1, §18, §18b).
//!
//! These are plain `u32` constants because the interpreter compares full ids with unsigned
//! range tests exactly as ACE does (`MotionInterp.cs`); a newtype would only add casts.

/// Class bit: stance change (`CommandMask.Style`).
pub const STYLE: u32 = 0x8000_0000;
/// Class bit: looping state that goes into the forward slot (`CommandMask.SubState`).
pub const SUBSTATE: u32 = 0x4000_0000;
/// Class bit: additive overlay (`CommandMask.Modifier`).
pub const MODIFIER: u32 = 0x2000_0000;
/// Class bit: one-shot action tracked in the action lists (`CommandMask.Action`).
pub const ACTION: u32 = 0x1000_0000;
/// Class bit: chat emote, refused by `DoMotion` outside NonCombat (`CommandMask.ChatEmote`).
pub const CHAT_EMOTE: u32 = 0x0200_0000;

/// The default stance of both motion states.
pub const NON_COMBAT: u32 = 0x8000_003D;
/// The idle substate; what every stop is queued as.
pub const READY: u32 = 0x4100_0003;
/// Canonical forward motion (backwards collapses onto it with a negative speed).
pub const WALK_FORWARD: u32 = 0x4500_0005;
/// Collapsed onto [`WALK_FORWARD`] × −0.65 by `adjust_motion`.
pub const WALK_BACKWARDS: u32 = 0x4500_0006;
/// Result of run promotion; never stored in the raw forward slot.
pub const RUN_FORWARD: u32 = 0x4400_0007;
/// Blocks jump charging (`jump_charge_is_allowed`).
pub const FALLEN: u32 = 0x4000_0008;
/// Canonical turn id (ACE name; a seed calls it "TurnLeft").
pub const TURN_RIGHT: u32 = 0x6500_000D;
/// Collapsed onto [`TURN_RIGHT`] × −1.
pub const TURN_LEFT: u32 = 0x6500_000E;
/// Canonical sidestep id.
pub const SIDE_STEP_RIGHT: u32 = 0x6500_000F;
/// Collapsed onto [`SIDE_STEP_RIGHT`] × −1.
pub const SIDE_STEP_LEFT: u32 = 0x6500_0010;
/// Always allowed by contact; flushes link animations first.
pub const DEAD: u32 = 0x4000_0011;
/// Refused in combat with `CantCrouchInCombat`.
pub const CROUCH: u32 = 0x4100_0012;
/// Refused in combat with `CantSitInCombat`.
pub const SITTING: u32 = 0x4100_0013;
/// Refused in combat with `CantLieDownInCombat`.
pub const SLEEPING: u32 = 0x4100_0014;
/// What the sequence is driven to when contact forbids the forward axis.
pub const FALLING: u32 = 0x4000_0015;
/// First id of the Reload..Pickup jump-blocking range.
pub const RELOAD: u32 = 0x4000_0016;
/// Last id of the Reload..Pickup jump-blocking range.
pub const PICKUP: u32 = 0x4000_0018;
/// First id of the AimLevel..MagicPray jump-blocking range.
pub const AIM_LEVEL: u32 = 0x4000_001E;
/// Last id of the AimLevel..MagicPray jump-blocking range.
pub const MAGIC_PRAY: u32 = 0x4000_0039;
/// First id of the MagicPowerUp01..10 jump-blocking range.
pub const MAGIC_POWER_UP_01: u32 = 0x1000_006F;
/// Last id of the MagicPowerUp01..10 jump-blocking range.
pub const MAGIC_POWER_UP_10: u32 = 0x1000_0078;
/// First id of the TripleThrustLow..MagicPowerUp07Purple jump-blocking range.
pub const TRIPLE_THRUST_LOW: u32 = 0x1000_0128;
/// Last id of the TripleThrustLow..MagicPowerUp07Purple jump-blocking range.
pub const MAGIC_POWER_UP_07_PURPLE: u32 = 0x1000_0131;
