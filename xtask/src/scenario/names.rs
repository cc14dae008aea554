//! Motion names the scenario text uses, resolved by `ac-motiontable`.

/// The id of a motion name (`MotionCommand` first, then `MotionStance`), or `None` when the
/// name is not a member of either; the table lives in `ac-motiontable`.
pub fn motion_by_name(name: &str) -> Option<u32> {
    ac_motiontable::motion_by_name(name)
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
}
