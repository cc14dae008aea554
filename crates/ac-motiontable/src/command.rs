//! Motion command classes, table keys and range predicates (spec §A).
//!
//! A motion id is a `u32`: the top byte holds class bits ([`CommandMask`]), bits 16..23 are zero
//! for every real id and the low 16 bits are the command index. The resolver dispatches on the
//! class bits, so everything here works on raw `u32` ids (a scenario or a packet can carry any
//! value, named or not). The ids, names and stances themselves are `ac_dat::motion` (generated
//! from the ACE enum), re-exported here and as [`crate::motion`]; [`MotionCommand`] is the thin
//! newtype for printing and parsing.

use crate::Fidelity;
use crate::motion;

pub use ac_dat::motion::{
    CommandMask, MotionCommand, ParseMotionError, all_motions, motion_by_index, motion_by_name,
    motion_name, stance, stance_by_name, stance_name,
};
pub use ac_dat::records::{
    cycle_key, link_outer_key, modifier_key, style_link_key, styleless_modifier_key,
};

/// Whether `id` has the Style class bit (note: `HoldRun`/`HoldSidestep` do too, spec §A.2).
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

// ---- range predicates (spec §A.4, `motion-constants.md` §18) ----

/// `MotionInterp.contact_allows_move`'s always-true ids: Dead, Falling and TurnRight..=TurnLeft
/// (not the sidesteps). Retail is the same.
pub fn contact_always_allows(id: u32) -> bool {
    id == motion::DEAD
        || id == motion::FALLING
        || (motion::TURN_RIGHT..=motion::TURN_LEFT).contains(&id)
}

/// Whether `MotionInterp.motion_allows_jump(id)` lets a jump start (false →
/// `YouCantJumpFromThisPosition`).
///
/// Five id ranges block in both fidelities; ACE additionally blocks **Falling** (0x40000015),
/// retail blocks **Fallen** (0x40000008) instead (`retail-vs-ace.md` O3).
pub fn motion_allows_jump(id: u32, fidelity: Fidelity) -> bool {
    let ranges = [
        (0x4000_0016, 0x4000_0018),
        (0x1000_0128, 0x1000_0131),
        (0x1000_006F, 0x1000_0078),
        (0x4100_0012, 0x4100_0014),
        (0x4000_001E, 0x4000_0039),
    ];
    if ranges.iter().any(|&(lo, hi)| (lo..=hi).contains(&id)) {
        return false;
    }
    let extra = match fidelity {
        Fidelity::Ace => motion::FALLING,
        Fidelity::Retail => motion::FALLEN,
    };
    id != extra
}

/// Whether `MotionInterp.jump_charge_is_allowed` accepts forward command `id`: blocked on
/// Fallen and Crouch..=Sleeping in both fidelities.
pub fn jump_charge_allowed(id: u32, _fidelity: Fidelity) -> bool {
    !(id == motion::FALLEN || (motion::CROUCH..=motion::SLEEPING).contains(&id))
}

/// Whether `MotionInterp.charge_jump` accepts forward command `id` (false → 0x48).
///
/// [ODD-14] ACE blocks Falling and Crouch..<Sleeping (Sleeping excluded); retail blocks Fallen
/// and Crouch..=Sleeping like `jump_charge_allowed` (`retail-vs-ace.md` item 8).
pub fn charge_jump_allowed(id: u32, fidelity: Fidelity) -> bool {
    match fidelity {
        Fidelity::Ace => {
            !(id == motion::FALLING || (motion::CROUCH..motion::SLEEPING).contains(&id))
        }
        Fidelity::Retail => jump_charge_allowed(id, fidelity),
    }
}

/// Whether `id` suppresses the standing long jump (WalkForward, RunForward, SideStepRight).
pub fn suppresses_standing_long_jump(id: u32) -> bool {
    id == motion::WALK_FORWARD || id == motion::RUN_FORWARD || id == motion::SIDE_STEP_RIGHT
}
