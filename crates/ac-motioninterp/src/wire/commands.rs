//! The command table: 16-bit wire indices ↔ full 32-bit command ids.
//!
//! The server sends interpreted commands, styles and action ids as `u16` indices into the
//! client's command table; the shipped table puts every command at the index equal to the
//! low 16 bits of its id. The table here is built from the crate's list of command ids, so an
//! index with no command (or an id that is not a command) is refused rather than guessed.

use std::sync::LazyLock;

/// `TABLE[index]` = the full id, or `u32::MAX` for an index no command uses (no real id has
/// all class bits set, so the sentinel cannot collide).
static TABLE: LazyLock<Vec<u32>> = LazyLock::new(|| {
    let ids: Vec<u32> = ac_motiontable::command::all_motions()
        .map(|(_, id)| id)
        .collect();
    let len = ids.iter().map(|&id| (id & 0xFFFF) as usize + 1).max();
    let mut table = vec![EMPTY; len.unwrap_or(0)];
    for id in ids {
        table[(id & 0xFFFF) as usize] = id;
    }
    table
});

const EMPTY: u32 = u32::MAX;

/// The full id of wire index `index`, if the command table has one.
pub fn command_id(index: u16) -> Option<u32> {
    TABLE.get(index as usize).copied().filter(|&id| id != EMPTY)
}

/// The wire index of command `id`, if `id` is in the command table.
pub fn command_index(id: u32) -> Option<u16> {
    let index = (id & 0xFFFF) as u16;
    (command_id(index) == Some(id)).then_some(index)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ids;

    #[test]
    fn indices_are_the_low_half_of_the_ids() {
        assert_eq!(command_id(0x0000), Some(0));
        assert_eq!(command_id(0x0003), Some(ids::READY));
        assert_eq!(command_id(0x0007), Some(ids::RUN_FORWARD));
        assert_eq!(command_id(0x003D), Some(ids::NON_COMBAT));
        assert_eq!(command_index(ids::TURN_RIGHT), Some(0x000D));
        assert_eq!(command_index(ids::NON_COMBAT), Some(0x003D));
    }

    #[test]
    fn unknown_indices_and_ids_are_refused() {
        assert_eq!(command_id(0xFFFF), None);
        // MotionStance.Invalid is a stance, not a command: it has no index.
        assert_eq!(command_index(0x8000_0000), None);
        // Right index, wrong class bits.
        assert_eq!(command_index(0x1000_0003), None);
        let mapped = (0..=u16::MAX).filter(|&i| command_id(i).is_some()).count();
        assert_eq!(mapped, ac_motiontable::command::all_motions().len());
    }
}
