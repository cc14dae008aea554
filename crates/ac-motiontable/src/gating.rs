//! Which motions gate movement and jumping: the id-range predicates of `MotionInterp`
//! (`contact_allows_move`, `motion_allows_jump`, `jump_charge_is_allowed`, `charge_jump`).
//!
//! The predicates that depend on the rules are methods of [`crate::Rules`]
//! ([`Rules::motion_allows_jump`](crate::Rules::motion_allows_jump),
//! [`Rules::charge_jump_allowed`](crate::Rules::charge_jump_allowed)); the ones below are the same
//! in ACE and retail. They use the command numbering of client 11.4186, the one the project's
//! DATs use (a later client shifted the TripleThrust range and added Sanctuary).

use crate::motion::{
    AIM_LEVEL, CROUCH, DEAD, FALLEN, FALLING, MAGIC_POWER_UP01, MAGIC_POWER_UP07_PURPLE,
    MAGIC_POWER_UP10, MAGIC_PRAY, PICKUP, RELOAD, RUN_FORWARD, SIDE_STEP_RIGHT, SLEEPING,
    TRIPLE_THRUST_LOW, TURN_LEFT, TURN_RIGHT, WALK_FORWARD,
};

/// `contact_allows_move`'s ids that move without ground contact: Dead, Falling and the turns
/// (not the sidesteps).
#[inline]
pub fn contact_always_allows(id: u32) -> bool {
    id == DEAD || id == FALLING || (TURN_RIGHT..=TURN_LEFT).contains(&id)
}

/// The five id ranges `motion_allows_jump` refuses in every rule set: Reload..=Pickup, the
/// TripleThrust..MagicPowerUp07Purple block, MagicPowerUp01..=10, Crouch..=Sleeping and
/// AimLevel..=MagicPray.
#[inline]
pub fn in_jump_blocking_range(id: u32) -> bool {
    (RELOAD..=PICKUP).contains(&id)
        || (TRIPLE_THRUST_LOW..=MAGIC_POWER_UP07_PURPLE).contains(&id)
        || (MAGIC_POWER_UP01..=MAGIC_POWER_UP10).contains(&id)
        || (CROUCH..=SLEEPING).contains(&id)
        || (AIM_LEVEL..=MAGIC_PRAY).contains(&id)
}

/// Whether `jump_charge_is_allowed` accepts forward command `id`: Fallen and Crouch..=Sleeping
/// refuse.
#[inline]
pub fn jump_charge_allowed(id: u32) -> bool {
    !(id == FALLEN || (CROUCH..=SLEEPING).contains(&id))
}

/// Whether `id` only updates the state during a standing long jump (WalkForward, RunForward,
/// SideStepRight).
#[inline]
pub fn suppresses_standing_long_jump(id: u32) -> bool {
    id == WALK_FORWARD || id == RUN_FORWARD || id == SIDE_STEP_RIGHT
}
