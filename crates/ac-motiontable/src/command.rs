//! Motion command encoding: class masks, table keys, names and range predicates (spec §A).
//!
//! A motion id is a `u32`: the top byte holds class bits ([`CommandMask`]), bits 16..23 are zero
//! for every real id and the low 16 bits are the command index. The resolver dispatches on the
//! class bits, so everything here works on raw `u32` ids (a scenario or a packet can carry any
//! value, named or not); [`MotionCommand`] is a thin newtype for printing and parsing.

use std::fmt;
use std::str::FromStr;

use bitflags::bitflags;

use crate::motion;

bitflags! {
    /// The class bits of a motion id (ACE `CommandMask`, `motion-constants.md` §1).
    ///
    /// Only `STYLE`, `SUBSTATE`, `MODIFIER` and `ACTION` steer the resolver; `CHAT_EMOTE` is
    /// checked by `MotionInterp.DoMotion`; the rest are carried but ignored by the motion code.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
    pub struct CommandMask: u32 {
        /// Stance change (resolver branch 1).
        const STYLE = 0x8000_0000;
        /// Cycle-replacing state (branch 2; the forward slot of Raw/Interpreted state).
        const SUBSTATE = 0x4000_0000;
        /// Additive velocity/omega overlay tracked in `MotionState::modifiers` (branch 4).
        const MODIFIER = 0x2000_0000;
        /// One-shot link plus re-appended cycle, tracked in the action lists (branch 3).
        const ACTION = 0x1000_0000;
        /// UI command; ignored by the motion code.
        const UI = 0x0800_0000;
        /// Toggle command; ignored by the motion code.
        const TOGGLE = 0x0400_0000;
        /// Chat emote: refused by `DoMotion` outside NonCombat.
        const CHAT_EMOTE = 0x0200_0000;
        /// Mappable command; ignored by the motion code.
        const MAPPABLE = 0x0100_0000;
    }
}

impl CommandMask {
    /// The command-index part of an id (`~all class bits`): the mask every table key applies.
    pub const COMMAND: u32 = 0x00FF_FFFF;
    /// `SubState | Modifier | Action`: the barrier mask of `remove_redundant_links_inner` when
    /// scanning for a style entry (ACE literal `0x70000000`).
    pub const BARRIER_FOR_STYLE: u32 = 0x7000_0000;
    /// `Style | Modifier | Action`: the barrier mask when scanning for a substate entry (ACE literal
    /// `0xB0000000`).
    pub const BARRIER_FOR_SUBSTATE: u32 = 0xB000_0000;

    /// The class bits of `id` (unknown low bits are dropped).
    pub fn of(id: u32) -> Self {
        Self::from_bits_truncate(id)
    }
}

/// Whether `id` has the Style class bit (note: `HoldRun`/`HoldSidestep` do too, spec §A.2).
pub fn is_style(id: u32) -> bool {
    id & CommandMask::STYLE.bits() != 0
}

/// Whether `id` has the SubState class bit (turns and sidesteps carry it *and* Modifier).
pub fn is_substate(id: u32) -> bool {
    id & CommandMask::SUBSTATE.bits() != 0
}

/// Whether `id` has the Modifier class bit.
pub fn is_modifier(id: u32) -> bool {
    id & CommandMask::MODIFIER.bits() != 0
}

/// Whether `id` has the Action class bit.
pub fn is_action(id: u32) -> bool {
    id & CommandMask::ACTION.bits() != 0
}

/// Whether `id` has the ChatEmote class bit.
pub fn is_chat_emote(id: u32) -> bool {
    id & CommandMask::CHAT_EMOTE.bits() != 0
}

/// Key of `Cycles` (and of a style-specific `Modifiers` entry or a `Links` outer map):
/// `(style << 16) | (id & 0xFFFFFF)` on u32, the style's high half shifted out (spec §A.3).
pub fn cycle_key(style: u32, id: u32) -> u32 {
    (style << 16) | (id & CommandMask::COMMAND)
}

/// Key of a style-specific `Modifiers` entry (same encoding as [`cycle_key`]).
pub fn modifier_key(style: u32, motion: u32) -> u32 {
    cycle_key(style, motion)
}

/// Key of the style-less `Modifiers` fallback entry: `motion & 0xFFFFFF`.
pub fn styleless_modifier_key(motion: u32) -> u32 {
    motion & CommandMask::COMMAND
}

/// Outer key of the `Links` map for links leaving `from` in `style` (same encoding as
/// [`cycle_key`]); the inner key is the *full* destination id.
pub fn link_key(style: u32, from: u32) -> u32 {
    cycle_key(style, from)
}

/// Outer key of the style-wide `Links` map (`style << 16`), the forward fallback of `get_link`.
pub fn style_wide_link_key(style: u32) -> u32 {
    style << 16
}

/// ACE `MotionStance` ids (`motion-constants.md` §4). All but [`stance::INVALID`] are also
/// `MotionCommand` members with the same value.
pub mod stance {
    /// `MotionStance.Invalid` (only a stance; the command `Invalid` is 0).
    pub const INVALID: u32 = 0x8000_0000;
    /// `MotionStance.HandCombat`.
    pub const HAND_COMBAT: u32 = 0x8000_003C;
    /// `MotionStance.NonCombat`: the default `CurrentStyle` of the motion states.
    pub const NON_COMBAT: u32 = 0x8000_003D;
    /// `MotionStance.SwordCombat`.
    pub const SWORD_COMBAT: u32 = 0x8000_003E;
    /// `MotionStance.BowCombat`.
    pub const BOW_COMBAT: u32 = 0x8000_003F;
    /// `MotionStance.SwordShieldCombat`.
    pub const SWORD_SHIELD_COMBAT: u32 = 0x8000_0040;
    /// `MotionStance.CrossbowCombat`.
    pub const CROSSBOW_COMBAT: u32 = 0x8000_0041;
    /// `MotionStance.UnusedCombat`.
    pub const UNUSED_COMBAT: u32 = 0x8000_0042;
    /// `MotionStance.SlingCombat`.
    pub const SLING_COMBAT: u32 = 0x8000_0043;
    /// `MotionStance.TwoHandedSwordCombat`.
    pub const TWO_HANDED_SWORD_COMBAT: u32 = 0x8000_0044;
    /// `MotionStance.TwoHandedStaffCombat`.
    pub const TWO_HANDED_STAFF_COMBAT: u32 = 0x8000_0045;
    /// `MotionStance.DualWieldCombat`.
    pub const DUAL_WIELD_COMBAT: u32 = 0x8000_0046;
    /// `MotionStance.ThrownWeaponCombat`.
    pub const THROWN_WEAPON_COMBAT: u32 = 0x8000_0047;
    /// `MotionStance.Graze`.
    pub const GRAZE: u32 = 0x8000_0048;
    /// `MotionStance.Magic`.
    pub const MAGIC: u32 = 0x8000_0049;
    /// `MotionStance.BowNoAmmo`.
    pub const BOW_NO_AMMO: u32 = 0x8000_00E8;
    /// `MotionStance.CrossBowNoAmmo`.
    pub const CROSS_BOW_NO_AMMO: u32 = 0x8000_00E9;
    /// `MotionStance.AtlatlCombat`.
    pub const ATLATL_COMBAT: u32 = 0x8000_013B;
    /// `MotionStance.ThrownShieldCombat`.
    pub const THROWN_SHIELD_COMBAT: u32 = 0x8000_013C;

    /// Every `MotionStance` member as `(name, id)` in declaration order.
    pub static ALL: [(&str, u32); 19] = [
        ("Invalid", INVALID),
        ("HandCombat", HAND_COMBAT),
        ("NonCombat", NON_COMBAT),
        ("SwordCombat", SWORD_COMBAT),
        ("BowCombat", BOW_COMBAT),
        ("SwordShieldCombat", SWORD_SHIELD_COMBAT),
        ("CrossbowCombat", CROSSBOW_COMBAT),
        ("UnusedCombat", UNUSED_COMBAT),
        ("SlingCombat", SLING_COMBAT),
        ("TwoHandedSwordCombat", TWO_HANDED_SWORD_COMBAT),
        ("TwoHandedStaffCombat", TWO_HANDED_STAFF_COMBAT),
        ("DualWieldCombat", DUAL_WIELD_COMBAT),
        ("ThrownWeaponCombat", THROWN_WEAPON_COMBAT),
        ("Graze", GRAZE),
        ("Magic", MAGIC),
        ("BowNoAmmo", BOW_NO_AMMO),
        ("CrossBowNoAmmo", CROSS_BOW_NO_AMMO),
        ("AtlatlCombat", ATLATL_COMBAT),
        ("ThrownShieldCombat", THROWN_SHIELD_COMBAT),
    ];
}

/// Resolve a motion name the way the scenario parser does (FORMAT.md §3): a `MotionCommand`
/// member first, then a `MotionStance` member (so `Invalid` is 0, the command).
pub fn motion_by_name(name: &str) -> Option<u32> {
    if let Ok(i) = motion::BY_NAME.binary_search_by(|(n, _)| n.as_bytes().cmp(name.as_bytes())) {
        return Some(motion::BY_NAME[i].1);
    }
    stance_by_name(name)
}

/// The `MotionCommand` name of `id`, if it is a member (every stance except `0x80000000`).
pub fn motion_name(id: u32) -> Option<&'static str> {
    motion::BY_ID
        .binary_search_by(|(v, _)| v.cmp(&id))
        .ok()
        .map(|i| motion::BY_ID[i].1)
}

/// Resolve a `MotionStance` name (`Invalid` is `0x80000000` here).
pub fn stance_by_name(name: &str) -> Option<u32> {
    stance::ALL
        .iter()
        .find(|(n, _)| *n == name)
        .map(|&(_, v)| v)
}

/// The `MotionStance` name of `id`, if it is a member.
pub fn stance_name(id: u32) -> Option<&'static str> {
    stance::ALL.iter().find(|&&(_, v)| v == id).map(|&(n, _)| n)
}

/// Every `MotionCommand` member as `(name, id)`, sorted by id.
pub fn all_motions() -> impl ExactSizeIterator<Item = (&'static str, u32)> {
    motion::BY_ID.iter().map(|&(v, n)| (n, v))
}

/// A motion id with name-aware `Display`/`FromStr`.
///
/// `Display` prints the ACE `MotionCommand` name (falling back to the `MotionStance` name, then
/// to `0x%08X`); `FromStr` accepts a name (command first, then stance), a `0x…` hex number or a
/// decimal number — the same tokens a scenario uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct MotionCommand(pub u32);

impl MotionCommand {
    /// The raw id.
    pub fn id(self) -> u32 {
        self.0
    }
    /// The class bits.
    pub fn class(self) -> CommandMask {
        CommandMask::of(self.0)
    }
    /// The name, when the id is a `MotionCommand` or `MotionStance` member.
    pub fn name(self) -> Option<&'static str> {
        motion_name(self.0).or_else(|| stance_name(self.0))
    }
}

impl From<u32> for MotionCommand {
    fn from(v: u32) -> Self {
        Self(v)
    }
}

impl From<MotionCommand> for u32 {
    fn from(v: MotionCommand) -> Self {
        v.0
    }
}

impl fmt::Display for MotionCommand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.name() {
            Some(n) => f.write_str(n),
            None => write!(f, "0x{:08X}", self.0),
        }
    }
}

/// Why a motion token did not parse.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown motion `{0}` (not a MotionCommand/MotionStance name nor a u32)")]
pub struct ParseMotionError(pub String);

impl FromStr for MotionCommand {
    type Err = ParseMotionError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = || ParseMotionError(s.to_owned());
        if s.starts_with(|c: char| c.is_ascii_digit()) {
            let v = if let Some(h) = s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
                u32::from_str_radix(h, 16)
            } else {
                s.parse::<u32>()
            };
            return v.map(Self).map_err(|_| err());
        }
        motion_by_name(s).map(Self).ok_or_else(err)
    }
}
