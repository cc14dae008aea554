//! The `serde` feature: ids print as hex strings, maps as objects in file order, and every
//! record reads back equal to what was written.

use ac_dat::motion::{MotionCommand, TableKey};
use ac_dat::{
    AnimData, Animation, AnimationFrame, AnimationHook, AttackCone, Frame, HookData, MotionData,
    MotionTable, Setup,
};
use ac_testkit::synthetic;
use glam::{Quat, Vec3};
use serde_json::{Value, json};

fn round_trip<T>(value: &T) -> T
where
    T: serde::Serialize + serde::de::DeserializeOwned,
{
    let text = serde_json::to_string(value).expect("serialize");
    serde_json::from_str(&text).expect("deserialize")
}

#[test]
fn every_synthetic_record_round_trips() {
    let corpus = synthetic::default_corpus();
    for t in corpus.tables.iter().take(20) {
        assert_eq!(&round_trip(t), t, "table 0x{:08X}", t.id);
    }
    for a in corpus.animations.iter().take(50) {
        assert_eq!(&round_trip(a), a, "animation 0x{:08X}", a.id);
    }
    for s in corpus.setups.iter().take(20) {
        assert_eq!(&round_trip(s), s, "setup 0x{:08X}", s.id);
    }
}

#[test]
fn a_motion_table_reads_as_hex_keyed_objects() {
    let walk = MotionData::new(vec![AnimData::with_range(0x0300_0002, 1, 5, 30.0)])
        .with_velocity(Vec3::new(0.0, 3.12, 0.0));
    let table = MotionTable {
        id: 0x0900_0001,
        default_style: 0x8000_003D,
        style_defaults: vec![(0x8000_003D, 0x4100_0003)],
        cycles: vec![(0x003D_0005, walk.clone())],
        modifiers: vec![],
        links: vec![(0x003D_0003, vec![(0x4500_0005, walk)])],
    };
    let v = serde_json::to_value(&table).expect("serialize");
    assert_eq!(v["id"], "0x09000001");
    assert_eq!(v["default_style"], "0x8000003D");
    assert_eq!(v["style_defaults"], json!({"0x8000003D": "0x41000003"}));
    let cycle = &v["cycles"]["0x003D0005"];
    assert_eq!(cycle["anims"][0]["anim_id"], "0x03000002");
    assert_eq!(cycle["anims"][0]["high_frame"], 5);
    assert_eq!(cycle["velocity"], json!([0.0, 3.12f32, 0.0]));
    assert!(v["links"]["0x003D0003"]["0x45000005"].is_object());
    assert_eq!(round_trip(&table), table);
}

#[test]
fn repeated_keys_survive_in_order() {
    let table = MotionTable {
        cycles: vec![
            (7, MotionData::default()),
            (3, MotionData::default().with_bitfield(1)),
            (7, MotionData::default().with_bitfield(2)),
        ],
        ..MotionTable::default()
    };
    assert_eq!(round_trip(&table), table);
}

#[test]
fn hand_written_ids_accept_numbers_and_names() {
    let v: MotionCommand = serde_json::from_value(json!("WalkForward")).expect("name");
    assert_eq!(v, MotionCommand(0x4500_0005));
    let v: MotionCommand = serde_json::from_value(json!(1_157_627_909u32)).expect("number");
    assert_eq!(v, MotionCommand(0x4500_0005));
    assert_eq!(
        serde_json::to_value(TableKey(0x003D_0003)).expect("key"),
        json!("0x003D0003")
    );
    let bad: Result<MotionCommand, _> = serde_json::from_value(json!("Walkforward"));
    let err = bad.expect_err("misspelled name").to_string();
    assert!(err.contains("Walkforward"), "{err}");
    let big: Result<MotionCommand, _> = serde_json::from_value(json!(1u64 << 40));
    assert!(big.is_err());
}

#[test]
fn hooks_are_tagged_with_their_type_name() {
    let hooks = [
        HookData::Sound {
            sound_id: 0x0A00_0001,
        },
        HookData::AnimationDone,
        HookData::Attack {
            cone: AttackCone {
                part_index: 2,
                radius: 1.5,
                ..AttackCone::default()
            },
        },
        HookData::CreateParticle {
            emitter_info_id: 0x3200_0010,
            part_index: 0,
            offset: Frame::new(Vec3::X, Quat::IDENTITY),
            emitter_id: 4,
        },
    ];
    let anim = Animation {
        id: 0x0300_0009,
        flags: 0,
        num_parts: 0,
        pos_frames: vec![],
        part_frames: vec![AnimationFrame {
            frames: vec![],
            hooks: hooks
                .iter()
                .map(|h| AnimationHook::new(1, h.clone()))
                .collect(),
        }],
    };
    let v = serde_json::to_value(&anim).expect("serialize");
    let hooks_json = &v["part_frames"][0]["hooks"];
    assert_eq!(
        hooks_json[0]["data"],
        json!({"type": "Sound", "sound_id": "0x0A000001"})
    );
    assert_eq!(hooks_json[1]["data"], json!({"type": "AnimationDone"}));
    assert_eq!(hooks_json[3]["data"]["emitter_info_id"], "0x32000010");
    assert_eq!(round_trip(&anim), anim);
}

#[test]
fn a_setup_keeps_its_opaque_body_as_hex() {
    let setup = Setup {
        id: 0x0200_0001,
        parts: vec![0x0100_0001, 0x0100_0002],
        body: vec![0x00, 0xAB, 0x10],
        default_motion_table: 0x0900_0001,
        ..Setup::default()
    };
    let v: Value = serde_json::to_value(&setup).expect("serialize");
    assert_eq!(v["parts"], json!(["0x01000001", "0x01000002"]));
    assert_eq!(v["body"], "00ab10");
    assert_eq!(v["default_motion_table"], "0x09000001");
    assert_eq!(round_trip(&setup), setup);
    let odd: Result<Setup, _> = serde_json::from_value(json!({
        "id": "0x02000001", "flags": 0, "parts": [], "body": "abc",
        "default_animation": 0, "default_script": 0, "default_motion_table": 0,
        "default_sound_table": 0, "default_script_table": 0
    }));
    assert!(odd.is_err(), "an odd number of hex digits is refused");
}
