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

/// The lowest command number (an id's low 16 bits) that
/// [`Rules::motion_allows_jump`](crate::Rules::motion_allows_jump) can refuse, under either
/// rule set: every id with a lower number allows a jump, so the rules answer those without the
/// range tests. `DoInterpretedMotion` asks for every motion it queues and for the forward
/// command behind it, usually Ready, WalkForward or RunForward (numbers 3, 5 and 7).
///
/// Proof: [`in_jump_blocking_range`] refuses exactly the ids in Reload..=Pickup
/// (0x4000_0016..=0x4000_0018), TripleThrustLow..=MagicPowerUp07Purple
/// (0x1000_0128..=0x1000_0131), MagicPowerUp01..=MagicPowerUp10 (0x1000_006F..=0x1000_0078),
/// Crouch..=Sleeping (0x4100_0012..=0x4100_0014) and AimLevel..=MagicPray
/// (0x4000_001E..=0x4000_0039); the rules add Falling (0x4000_0015, ACE) or Fallen
/// (0x4000_0008, retail). Both ends of each range share their high 16 bits, so an id inside
/// one has those bits too and a number between the ends' numbers, the lowest of which is 0x12;
/// the two fall ids have numbers 0x15 and 8. So no refused id has a number below 8. The
/// constant assertion below re-checks the ranges' ends against the table, and a test checks
/// every id with a number below 8.
pub(crate) const JUMP_BLOCKING_NUMBERS_START: u32 = 8;

const _: () = {
    /// Every id of `lo..=hi` has a command number of at least the start.
    const fn clear(lo: u32, hi: u32) -> bool {
        lo <= hi && lo >> 16 == hi >> 16 && lo & 0xFFFF >= JUMP_BLOCKING_NUMBERS_START
    }
    assert!(clear(RELOAD, PICKUP));
    assert!(clear(TRIPLE_THRUST_LOW, MAGIC_POWER_UP07_PURPLE));
    assert!(clear(MAGIC_POWER_UP01, MAGIC_POWER_UP10));
    assert!(clear(CROUCH, SLEEPING));
    assert!(clear(AIM_LEVEL, MAGIC_PRAY));
    assert!(clear(FALLING, FALLING) && clear(FALLEN, FALLEN));
};

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

#[cfg(test)]
mod jump_numbers_tests {
    use super::*;

    /// No id with a command number below the start is refused by the ranges or is a fall id
    /// (all 2^16 high halves), so the rules' shortcut answers as the full test would; and the
    /// ranges are really exercised under the high halves the command table uses.
    #[test]
    fn ids_below_the_start_are_never_refused() {
        for high in 0..=0xFFFFu32 {
            for number in 0..JUMP_BLOCKING_NUMBERS_START {
                let id = (high << 16) | number;
                let refused = in_jump_blocking_range(id) || id == FALLING || id == FALLEN;
                assert!(!refused, "{id:#010x} is refused");
            }
        }
        let mut refused = 0;
        for high in [
            0x1000u32, 0x1300, 0x4000, 0x4100, 0x4400, 0x4500, 0x6500, 0x8000,
        ] {
            for number in 0..0x200u32 {
                refused += usize::from(in_jump_blocking_range((high << 16) | number));
            }
        }
        assert!(
            refused > 20,
            "only {refused} ids refused: the ranges are not exercised"
        );
    }
}
