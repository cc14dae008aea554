//! Which entries of a motion table play an animation: the reverse of the table's lookups, for
//! tools that label animations with the motions they belong to (a timeline's rows).

use std::fmt;

use crate::motion::{TableKey, motion_name, stance_name};
use crate::records::MotionTable;

/// One entry of a motion table whose motion data lists an animation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum AnimationUse {
    /// A cycle, by its key (`style << 16 | substate`).
    Cycle {
        /// The cycle key.
        key: u32,
    },
    /// A link, by its outer key (`style << 16 | from`, `from` = 0 for a style-wide link) and
    /// the motion it leads to.
    Link {
        /// The outer key.
        from: u32,
        /// The target motion id.
        to: u32,
    },
    /// A modifier, by its key (`style << 16 | motion`, or the motion alone for a style-less
    /// modifier).
    Modifier {
        /// The modifier key.
        key: u32,
    },
}

/// `Style/Motion` of a table key with names only (hex where a half names nothing, `*` for a
/// style-wide key).
fn key_name(key: u32) -> String {
    let k = TableKey(key);
    let (high, low) = (key >> 16, key & 0xFFFF);
    let style = k
        .style()
        .map(|s| stance_name(s).map_or_else(|| format!("0x{high:04X}/"), |n| format!("{n}/")));
    let motion = if low == 0 && high != 0 {
        "*".to_owned()
    } else {
        k.motion()
            .and_then(motion_name)
            .map_or_else(|| format!("0x{low:04X}"), str::to_owned)
    };
    format!("{}{motion}", style.unwrap_or_default())
}

impl fmt::Display for AnimationUse {
    /// `cycle NonCombat/WalkForward`, `link NonCombat/Ready→WalkForward`,
    /// `modifier NonCombat/TurnRight`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            AnimationUse::Cycle { key } => write!(f, "cycle {}", key_name(key)),
            AnimationUse::Modifier { key } => write!(f, "modifier {}", key_name(key)),
            AnimationUse::Link { from, to } => {
                let to = motion_name(to).map_or_else(|| format!("0x{to:08X}"), str::to_owned);
                write!(f, "link {}→{to}", key_name(from))
            }
        }
    }
}

impl MotionTable {
    /// Every cycle, link and modifier whose motion data lists `anim_id`, in table order (cycles,
    /// then links, then modifiers), each entry once.
    pub fn animation_uses(&self, anim_id: u32) -> Vec<AnimationUse> {
        let lists = |md: &crate::records::MotionData| md.anims.iter().any(|a| a.anim_id == anim_id);
        let mut out: Vec<AnimationUse> = Vec::new();
        out.extend(
            self.cycles
                .iter()
                .filter(|(_, md)| lists(md))
                .map(|&(key, _)| AnimationUse::Cycle { key }),
        );
        for (from, group) in &self.links {
            out.extend(
                group
                    .iter()
                    .filter(|(_, md)| lists(md))
                    .map(|&(to, _)| AnimationUse::Link { from: *from, to }),
            );
        }
        out.extend(
            self.modifiers
                .iter()
                .filter(|(_, md)| lists(md))
                .map(|&(key, _)| AnimationUse::Modifier { key }),
        );
        out.dedup();
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::motion::{READY, WALK_FORWARD, stance::NON_COMBAT};
    use crate::records::{AnimData, MotionData};

    #[test]
    fn uses_name_cycles_links_and_modifiers() {
        let key = |style: u32, m: u32| (style << 16) | (m & 0x00FF_FFFF);
        let md = |id| MotionData::new(vec![AnimData::new(id)]);
        let mut t = MotionTable::new(0x0900_0001, NON_COMBAT);
        t.set_cycle(key(NON_COMBAT, WALK_FORWARD), md(0x0300_0002));
        t.set_link(key(NON_COMBAT, READY), WALK_FORWARD, md(0x0300_0010));
        t.set_link(key(NON_COMBAT, 0), WALK_FORWARD, md(0x0300_0010));
        t.set_modifier(key(NON_COMBAT, WALK_FORWARD), md(0x0300_0002));
        let names = |id| {
            t.animation_uses(id)
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
        };
        assert_eq!(
            names(0x0300_0002),
            [
                "cycle NonCombat/WalkForward",
                "modifier NonCombat/WalkForward"
            ]
        );
        assert_eq!(
            names(0x0300_0010),
            [
                "link NonCombat/Ready→WalkForward",
                "link NonCombat/*→WalkForward"
            ]
        );
        assert!(names(0x0300_0099).is_empty());
    }
}
