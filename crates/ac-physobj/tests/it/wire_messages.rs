//! Every recorded message decodes, re-encodes byte-identically and prints the canonical text
//! stored with it; a byte more or less is refused.

use std::collections::BTreeMap;

use ac_motioninterp::wire::RawMotionStatePack;
use ac_physobj::wire::{GameAction, Message, PhysicsMotion};

use crate::realdata::{SESSIONS, session};

#[test]
fn every_recorded_message_round_trips_with_its_canonical_text() {
    let mut kinds: BTreeMap<String, usize> = BTreeMap::new();
    for name in SESSIONS {
        for rec in session(name) {
            let msg = Message::decode(&rec.bytes).unwrap_or_else(|e| panic!("{}: {e}", rec.name()));
            assert_eq!(msg.encode().unwrap(), rec.bytes, "{}", rec.name());
            assert_eq!(msg.to_string(), rec.canonical, "{}", rec.name());
            let kind = match &msg {
                Message::UpdateMotion(m) => {
                    format!("UpdateMotion/{:?}", m.data.movement.movement_type())
                }
                Message::CreateObject(c) => match &c.physics.motion {
                    PhysicsMotion::Movement { data, .. } => {
                        format!("CreateObject/{:?}", data.movement.movement_type())
                    }
                    _ => "CreateObject/none".to_owned(),
                },
                m => m.name().to_owned(),
            };
            *kinds.entry(format!("{}/{kind}", rec.dir)).or_default() += 1;
        }
    }
    let expected = [
        ("c2s/AutonomousPosition", 69),
        ("c2s/Jump", 1),
        ("c2s/MoveToState", 75),
        ("s2c/CreateObject/Invalid", 71),
        ("s2c/CreateObject/none", 4),
        ("s2c/UpdateMotion/Invalid", 144),
        ("s2c/UpdateMotion/MoveToObject", 5),
        ("s2c/UpdateMotion/MoveToPosition", 11),
        ("s2c/UpdateMotion/TurnToHeading", 5),
        ("s2c/UpdateMotion/TurnToObject", 1),
        ("s2c/UpdatePosition", 420),
        ("s2c/VectorUpdate", 1),
    ];
    let got: Vec<(&str, usize)> = kinds.iter().map(|(k, v)| (k.as_str(), *v)).collect();
    assert_eq!(got, expected);
    assert_eq!(kinds.values().sum::<usize>(), 807);
}

/// CreateObject ends in opaque bytes, so only the other kinds must refuse a changed length.
#[test]
fn every_recorded_message_but_create_object_rejects_a_missing_or_extra_byte() {
    let mut checked = 0;
    for name in SESSIONS {
        for rec in session(name) {
            if matches!(rec.message(), Message::CreateObject(_)) {
                continue;
            }
            let short = &rec.bytes[..rec.bytes.len() - 1];
            assert!(Message::decode(short).is_err(), "{} short", rec.name());
            let mut long = rec.bytes.clone();
            long.push(0);
            assert!(Message::decode(&long).is_err(), "{} long", rec.name());
            checked += 1;
        }
    }
    assert_eq!(checked, 807 - 75);
}

/// The retail client sends exactly the raw fields that differ from the defaults; the pack's
/// constructor follows that rule, so re-packing each recorded state gives its flags.
#[test]
fn retail_raw_flags_are_the_changed_fields() {
    let mut checked = 0;
    for name in SESSIONS {
        for rec in session(name) {
            if let Message::GameAction {
                action: GameAction::MoveToState(m),
                ..
            } = rec.message()
            {
                let repacked = RawMotionStatePack::new(m.raw.state.clone());
                assert_eq!(repacked.flags, m.raw.flags, "{}", rec.name());
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 75);
}
