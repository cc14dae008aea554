//! Motion command classes and table keys. The jump and contact predicates on motion
//! ids are [`crate::gating`] and [`crate::Rules`].
//!
//! A motion id is a `u32`: the top byte holds class bits ([`CommandMask`]), bits 16..23 are zero
//! for every real id and the low 16 bits are the command index. The resolver dispatches on the
//! class bits, so everything here works on raw `u32` ids (a scenario or a packet can carry any
//! value, named or not). The ids, names and stances themselves are `ac_dat::motion` (generated
//! from the ACE enum), re-exported here and as [`crate::motion`]; [`MotionCommand`] is the thin
//! newtype for printing and parsing.

pub use ac_dat::motion::{
    CommandMask, MotionCommand, ParseMotionError, all_motions, motion_by_index, motion_by_name,
    motion_name, stance, stance_by_name, stance_name,
};
pub use ac_dat::records::{
    cycle_key, link_outer_key, modifier_key, style_link_key, styleless_modifier_key,
};

/// Whether `id` has the Style class bit (note: `HoldRun`/`HoldSidestep` do too).
#[inline]
pub fn is_style(id: u32) -> bool {
    id & CommandMask::STYLE.bits() != 0
}

/// Whether `id` has the SubState class bit (turns and sidesteps carry it *and* Modifier).
#[inline]
pub fn is_substate(id: u32) -> bool {
    id & CommandMask::SUBSTATE.bits() != 0
}

/// Whether `id` has the Modifier class bit.
#[inline]
pub fn is_modifier(id: u32) -> bool {
    id & CommandMask::MODIFIER.bits() != 0
}

/// Whether `id` has the Action class bit.
#[inline]
pub fn is_action(id: u32) -> bool {
    id & CommandMask::ACTION.bits() != 0
}

/// Whether `id` has the ChatEmote class bit.
#[inline]
pub fn is_chat_emote(id: u32) -> bool {
    id & CommandMask::CHAT_EMOTE.bits() != 0
}
