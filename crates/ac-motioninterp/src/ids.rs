//! The motion ids and class masks the interpreter refers to by name (`motion-constants.md`
//! §1, §18, §18b).
//!
//! Re-exported from `ac_motiontable` (the single source of the ACE ids) under the names the
//! interpreter uses. They are plain `u32`s because the interpreter compares full ids with
//! unsigned range tests exactly as ACE does (`MotionInterp.cs`).

pub use ac_motiontable::command::stance::NON_COMBAT;
pub use ac_motiontable::motion::{
    AIM_LEVEL, CROUCH, DEAD, FALLEN, FALLING, MAGIC_PRAY, PICKUP, READY, RELOAD, RUN_FORWARD,
    SIDE_STEP_LEFT, SIDE_STEP_RIGHT, SITTING, SLEEPING, TRIPLE_THRUST_LOW, TURN_LEFT, TURN_RIGHT,
    WALK_BACKWARDS, WALK_FORWARD,
};

/// First id of the MagicPowerUp01..10 jump-blocking range.
pub const MAGIC_POWER_UP_01: u32 = ac_motiontable::motion::MAGIC_POWER_UP01;
/// Last id of the MagicPowerUp01..10 jump-blocking range.
pub const MAGIC_POWER_UP_10: u32 = ac_motiontable::motion::MAGIC_POWER_UP10;

/// Class bit: stance change (`CommandMask.Style`).
pub const STYLE: u32 = ac_motiontable::CommandMask::STYLE.bits();
/// Class bit: looping state that goes into the forward slot (`CommandMask.SubState`).
pub const SUBSTATE: u32 = ac_motiontable::CommandMask::SUBSTATE.bits();
/// Class bit: one-shot action tracked in the action lists (`CommandMask.Action`).
pub const ACTION: u32 = ac_motiontable::CommandMask::ACTION.bits();
/// Class bit: chat emote, refused by `DoMotion` outside NonCombat (`CommandMask.ChatEmote`).
pub const CHAT_EMOTE: u32 = ac_motiontable::CommandMask::CHAT_EMOTE.bits();
/// Last id of the TripleThrustLow..MagicPowerUp07Purple jump-blocking range.
pub const MAGIC_POWER_UP_07_PURPLE: u32 = ac_motiontable::motion::MAGIC_POWER_UP07_PURPLE;
