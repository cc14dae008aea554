//! Enum names the scenario text uses: motion names, hook types and hook directions.
//!
//! These are the spellings of ACE's enums as the trace format prints them (FORMAT.md §3, §8.2).
#![allow(dead_code)] // TODO(runner): remove once the dump is wired to the crates

use std::collections::BTreeMap;
use std::sync::OnceLock;

/// The motion-name table of the contract (`motion-names.tsv`: `MotionCommand` names first,
/// then `MotionStance`), indexed by name.
// TODO(runner): switch to ac_motiontable's name lookup once it lands (REQUESTS.md).
fn motion_names() -> &'static BTreeMap<&'static str, u32> {
    static NAMES: OnceLock<BTreeMap<&'static str, u32>> = OnceLock::new();
    NAMES.get_or_init(|| {
        let tsv = include_str!("../../../fixtures/scenarios/motion-names.tsv");
        let mut map = BTreeMap::new();
        for line in tsv.lines().skip(1) {
            let mut cols = line.split('\t');
            if let (Some(name), Some(hex)) = (cols.next(), cols.next())
                && let Some(h) = hex.strip_prefix("0x")
                && let Ok(v) = u32::from_str_radix(h, 16)
            {
                map.entry(name).or_insert(v);
            }
        }
        map
    })
}

/// The id of a motion name, or `None` when the name is not a `MotionCommand`/`MotionStance`.
pub fn motion_by_name(name: &str) -> Option<u32> {
    motion_names().get(name).copied()
}

/// ACE `AnimationHookType` names, indexed by value 0..=26.
const HOOK_TYPES: [&str; 27] = [
    "NoOp",
    "Sound",
    "SoundTable",
    "Attack",
    "AnimationDone",
    "ReplaceObject",
    "Ethereal",
    "TransparentPart",
    "Luminous",
    "LuminousPart",
    "Diffuse",
    "DiffusePart",
    "Scale",
    "CreateParticle",
    "DestroyParticle",
    "StopParticle",
    "NoDraw",
    "DefaultScript",
    "DefaultScriptPart",
    "CallPES",
    "Transparent",
    "SoundTweaked",
    "SetOmega",
    "TextureVelocity",
    "TextureVelocityPart",
    "SetLight",
    "CreateBlockingParticle",
];

/// The printed name of a hook type, or its decimal number when it has no name.
pub fn hook_type_name(type_id: u32) -> String {
    match type_id {
        0xFFFF_FFFF => "Unknown".to_string(),
        0x7FFF_FFFF => "ForceAnimationHook32Bit".to_string(),
        t => HOOK_TYPES
            .get(t as usize)
            .map_or_else(|| t.to_string(), |n| (*n).to_string()),
    }
}

/// The value of a hook type name.
pub fn hook_type_by_name(name: &str) -> Option<u32> {
    HOOK_TYPES.iter().position(|n| *n == name).map(|i| i as u32)
}

/// The printed name of a hook direction (`AnimationHookDir`), or its decimal number.
pub fn hook_dir_name(dir: i32) -> String {
    match dir {
        -2 => "Unknown".to_string(),
        -1 => "Backward".to_string(),
        0 => "Both".to_string(),
        1 => "Forward".to_string(),
        d => d.to_string(),
    }
}

/// The value of a hook direction name accepted in `hook` lines.
pub fn hook_dir_by_name(name: &str) -> Option<i32> {
    match name {
        "Forward" => Some(1),
        "Backward" => Some(-1),
        "Both" => Some(0),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn motion_names_resolve() {
        assert_eq!(motion_by_name("Invalid"), Some(0));
        assert_eq!(motion_by_name("Ready"), Some(0x4100_0003));
        assert_eq!(motion_by_name("NonCombat"), Some(0x8000_003D));
        assert_eq!(motion_by_name("ready"), None);
    }

    #[test]
    fn hook_names_round_trip() {
        for t in 0..27 {
            assert_eq!(hook_type_by_name(&hook_type_name(t)), Some(t));
        }
        assert_eq!(hook_type_name(99), "99");
        assert_eq!(hook_dir_name(0), "Both");
        assert_eq!(hook_dir_name(5), "5");
    }
}
