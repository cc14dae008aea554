//! The command table: 16-bit wire indices ↔ full 32-bit command ids.
//!
//! The server sends interpreted commands, styles and action ids as `u16` indices into the
//! client's command table; the shipped table puts every command at the index equal to the
//! low 16 bits of its id. The lookups use the generated command list (`ac_dat::motion`), so an
//! index with no command (or an id that is not a command) is refused rather than guessed.

use ac_motiontable::motion::motion_by_index;

/// The full id of wire index `index`, if the command table has one.
pub fn command_id(index: u16) -> Option<u32> {
    motion_by_index(u32::from(index))
}

/// The wire index of command `id`, if `id` is in the command table.
pub fn command_index(id: u32) -> Option<u16> {
    let index = (id & 0xFFFF) as u16;
    (command_id(index) == Some(id)).then_some(index)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::motion;

    #[test]
    fn indices_are_the_low_half_of_the_ids() {
        assert_eq!(command_id(0x0000), Some(0));
        assert_eq!(command_id(0x0003), Some(motion::READY));
        assert_eq!(command_id(0x0007), Some(motion::RUN_FORWARD));
        assert_eq!(command_id(0x003D), Some(motion::stance::NON_COMBAT));
        assert_eq!(command_index(motion::TURN_RIGHT), Some(0x000D));
        assert_eq!(command_index(motion::stance::NON_COMBAT), Some(0x003D));
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
