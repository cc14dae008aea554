//! Command ids, names, masks, keys and predicates.

use ac_motiontable::command::*;
use ac_motiontable::gating::{contact_always_allows, jump_charge_allowed};
use ac_motiontable::motion::*;
use ac_motiontable::{CommandMask, MotionCommand, Rules, WeenieError, motion_by_name, motion_name};

#[test]
fn every_name_of_the_parser_list_resolves_to_its_id_and_back() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../fixtures/motion-names.tsv"
    );
    let text = std::fs::read_to_string(path).expect("fixtures/motion-names.tsv");
    let mut n = 0;
    for line in text.lines().skip(1) {
        let (name, hex) = line.split_once('\t').expect("name<TAB>hex");
        let id = u32::from_str_radix(hex.trim_start_matches("0x"), 16).expect("hex");
        assert_eq!(motion_by_name(name), Some(id), "{name}");
        assert_eq!(motion_name(id), Some(name), "{hex}");
        assert_eq!(name.parse::<MotionCommand>().map(|m| m.0), Ok(id));
        assert_eq!(MotionCommand(id).to_string(), name);
        n += 1;
    }
    assert_eq!(n, 409);
    assert_eq!(all_motions().len(), 409);
}

#[test]
fn invalid_is_the_command_not_the_stance() {
    assert_eq!(motion_by_name("Invalid"), Some(0));
    assert_eq!(stance_by_name("Invalid"), Some(0x8000_0000));
    assert_eq!(MotionCommand(0x8000_0000).to_string(), "Invalid");
    assert_eq!(motion_by_name("NonCombat"), Some(stance::NON_COMBAT));
    assert_eq!(
        motion_by_name("nonCombat"),
        None,
        "names are case-sensitive"
    );
}

#[test]
fn numbers_parse_and_unknown_ids_print_as_hex() {
    assert_eq!(
        "0x41000003".parse::<MotionCommand>(),
        Ok(MotionCommand(READY))
    );
    assert_eq!(
        "1090519043".parse::<MotionCommand>(),
        Ok(MotionCommand(READY))
    );
    assert!("0xZZ".parse::<MotionCommand>().is_err());
    assert!("Bogus".parse::<MotionCommand>().is_err());
    assert_eq!(MotionCommand(0x1234_5678).to_string(), "0x12345678");
}

#[test]
fn class_masks_decode_turns_as_substate_and_modifier() {
    let c = CommandMask::of(TURN_RIGHT);
    assert!(c.contains(CommandMask::SUBSTATE | CommandMask::MODIFIER));
    assert!(!c.contains(CommandMask::ACTION));
    assert!(is_style(HOLD_RUN), "HoldRun carries the Style bit");
    assert!(is_modifier(JUMP) && !is_substate(JUMP));
    assert!(is_action(TWITCH1) && !is_substate(TWITCH1));
    assert_eq!(
        CommandMask::BARRIER_FOR_STYLE,
        (CommandMask::SUBSTATE | CommandMask::MODIFIER | CommandMask::ACTION).bits()
    );
    assert_eq!(
        CommandMask::BARRIER_FOR_SUBSTATE,
        (CommandMask::STYLE | CommandMask::MODIFIER | CommandMask::ACTION).bits()
    );
}

#[test]
fn keys_shift_the_style_high_half_out() {
    assert_eq!(cycle_key(stance::NON_COMBAT, READY), 0x003D_0003);
    assert_eq!(style_link_key(stance::NON_COMBAT), 0x003D_0000);
    assert_eq!(styleless_modifier_key(TURN_RIGHT), 0x0000_000D);
    assert_eq!(
        link_outer_key(stance::SWORD_COMBAT, WALK_FORWARD),
        0x003E_0005
    );
}

#[test]
fn jump_predicates_follow_the_rules() {
    let (ace, retail) = (Rules::ace(), Rules::retail());
    assert!(!ace.motion_allows_jump(FALLING));
    assert!(retail.motion_allows_jump(FALLING));
    assert!(ace.motion_allows_jump(FALLEN));
    assert!(!retail.motion_allows_jump(FALLEN));
    assert!(!ace.motion_allows_jump(SITTING));
    assert!(ace.motion_allows_jump(WALK_FORWARD));
    // Quirk `charge-jump-ranges`: charge_jump lets Sleeping through in ACE only.
    assert!(ace.charge_jump_allowed(SLEEPING));
    assert!(!retail.charge_jump_allowed(SLEEPING));
    assert!(!ace.charge_jump_allowed(FALLING));
    assert!(!jump_charge_allowed(SLEEPING));
    assert!(!jump_charge_allowed(FALLEN));
    assert!(contact_always_allows(TURN_LEFT) && !contact_always_allows(SIDE_STEP_RIGHT));
}

#[test]
fn weenie_errors_print_like_the_trace() {
    assert_eq!(
        WeenieError::NoMtableData.to_string(),
        "NoMtableData(0x0043)"
    );
    assert_eq!(WeenieError::None.to_string(), "None(0x0000)");
    assert_eq!(
        WeenieError::from_code(0x48),
        Some(WeenieError::YouCantJumpFromThisPosition)
    );
    assert_eq!(WeenieError::from_code(0x1234), None);
    for e in WeenieError::ALL {
        assert_eq!(WeenieError::from_code(e.code()), Some(e));
    }
}
