//! Property tests of the wire forms: random values round-trip, and random or mutated bytes
//! never panic — every buffer the decoder accepts re-encodes to exactly the same bytes.
//!
//! Case counts follow `PROPTEST_CASES` (256 by default); a long run:
//! `PROPTEST_CASES=100000 cargo nextest run --release -p ac-motioninterp wire_fuzz`.

use ac_motioninterp::wire::{
    DecodeError, EncodeError, InterpretedMotionFlags, InterpretedMotionStatePack, MoveToParameters,
    Movement, MovementData, MovementDataFlags, Origin, RawMotionFlags, RawMotionStatePack,
    TurnToParameters, decode_exact, encode_to_vec,
};
use ac_motioninterp::{
    ActionNode, HoldKey, InterpretedMotionState, MovementParamFlags, RawMotionState,
};
use glam::Vec3;
use proptest::prelude::*;

fn command() -> impl Strategy<Value = u32> {
    let ids: Vec<u32> = ac_motiontable::command::all_motions()
        .map(|(_, id)| id)
        .collect();
    proptest::sample::select(ids)
}

/// Any bit pattern, NaNs and infinities included.
fn float() -> impl Strategy<Value = f32> {
    prop_oneof![
        any::<u32>().prop_map(f32::from_bits),
        Just(1.0f32),
        Just(-0.0f32),
    ]
}

fn hold_key() -> impl Strategy<Value = HoldKey> {
    prop_oneof![
        Just(HoldKey::Invalid),
        Just(HoldKey::None),
        Just(HoldKey::Run)
    ]
}

fn actions() -> impl Strategy<Value = Vec<ActionNode>> {
    proptest::collection::vec(
        (command(), float(), 0..=0x7FFFi32, any::<bool>()).prop_map(
            |(action, speed, stamp, autonomous)| ActionNode {
                action,
                speed,
                stamp,
                autonomous,
            },
        ),
        0..4,
    )
}

fn interpreted() -> impl Strategy<Value = InterpretedMotionStatePack> {
    (
        0u32..0x80,
        (command(), command(), command(), command()),
        (float(), float(), float()),
        actions(),
    )
        .prop_map(|(bits, (style, fwd, side, turn), (fs, ss, ts), actions)| {
            InterpretedMotionStatePack {
                flags: InterpretedMotionFlags::from_bits_retain(bits),
                state: InterpretedMotionState {
                    current_style: style,
                    forward_command: fwd,
                    forward_speed: fs,
                    sidestep_command: side,
                    sidestep_speed: ss,
                    turn_command: turn,
                    turn_speed: ts,
                    actions: actions.into(),
                },
            }
        })
}

fn raw() -> impl Strategy<Value = RawMotionStatePack> {
    (
        0u32..0x800,
        (hold_key(), hold_key(), hold_key(), hold_key()),
        (any::<u32>(), any::<u32>(), any::<u32>(), any::<u32>()),
        (float(), float(), float()),
        actions(),
    )
        .prop_map(|(bits, keys, ids, speeds, actions)| RawMotionStatePack {
            flags: RawMotionFlags::from_bits_retain(bits),
            state: RawMotionState {
                actions: actions.into(),
                current_hold_key: keys.0,
                current_style: ids.0,
                forward_command: ids.1,
                forward_hold_key: keys.1,
                forward_speed: speeds.0,
                sidestep_command: ids.2,
                sidestep_hold_key: keys.2,
                sidestep_speed: speeds.1,
                turn_command: ids.3,
                turn_hold_key: keys.3,
                turn_speed: speeds.2,
            },
        })
}

fn origin() -> impl Strategy<Value = Origin> {
    (any::<u32>(), float(), float(), float()).prop_map(|(cell_id, x, y, z)| Origin {
        cell_id,
        origin: Vec3::new(x, y, z),
    })
}

fn move_to() -> impl Strategy<Value = MoveToParameters> {
    (any::<u32>(), proptest::array::uniform6(float())).prop_map(|(bits, f)| MoveToParameters {
        flags: MovementParamFlags::from_bits_retain(bits),
        distance_to_object: f[0],
        min_distance: f[1],
        fail_distance: f[2],
        speed: f[3],
        walk_run_threshold: f[4],
        desired_heading: f[5],
    })
}

fn turn_to() -> impl Strategy<Value = TurnToParameters> {
    (any::<u32>(), float(), float()).prop_map(|(bits, speed, desired_heading)| TurnToParameters {
        flags: MovementParamFlags::from_bits_retain(bits),
        speed,
        desired_heading,
    })
}

fn movement_data() -> impl Strategy<Value = MovementData> {
    let movement = prop_oneof![
        (interpreted(), proptest::option::of(any::<u32>())).prop_map(|(state, sticky_object)| {
            Movement::InterpretedState {
                state,
                sticky_object,
            }
        }),
        (any::<u32>(), origin(), move_to(), float()).prop_map(
            |(target, origin, params, run_rate)| {
                Movement::MoveToObject {
                    target,
                    origin,
                    params,
                    run_rate,
                }
            }
        ),
        (origin(), move_to(), float()).prop_map(|(origin, params, run_rate)| {
            Movement::MoveToPosition {
                origin,
                params,
                run_rate,
            }
        }),
        (any::<u32>(), float(), turn_to()).prop_map(|(target, desired_heading, params)| {
            Movement::TurnToObject {
                target,
                desired_heading,
                params,
            }
        }),
        turn_to().prop_map(|params| Movement::TurnToHeading { params }),
    ];
    (any::<u8>(), command(), movement).prop_map(|(flags, style, movement)| {
        let mut flags = MovementDataFlags::from_bits_retain(flags);
        if let Movement::InterpretedState { sticky_object, .. } = &movement {
            flags.set(MovementDataFlags::STICK_TO_OBJECT, sticky_object.is_some());
        }
        MovementData {
            flags,
            style,
            movement,
        }
    })
}

/// A buffer edit: overwrite, drop or insert a byte, or cut the tail.
#[derive(Debug, Clone)]
enum Edit {
    Set(usize, u8),
    Remove(usize),
    Insert(usize, u8),
    Truncate(usize),
}

fn edits() -> impl Strategy<Value = Vec<Edit>> {
    let edit = prop_oneof![
        (any::<usize>(), any::<u8>()).prop_map(|(i, b)| Edit::Set(i, b)),
        any::<usize>().prop_map(Edit::Remove),
        (any::<usize>(), any::<u8>()).prop_map(|(i, b)| Edit::Insert(i, b)),
        any::<usize>().prop_map(Edit::Truncate),
    ];
    proptest::collection::vec(edit, 1..4)
}

fn apply(mut bytes: Vec<u8>, edits: &[Edit]) -> Vec<u8> {
    for e in edits {
        let n = bytes.len();
        match *e {
            Edit::Set(i, b) if n > 0 => bytes[i % n] = b,
            Edit::Remove(i) if n > 0 => {
                bytes.remove(i % n);
            }
            Edit::Insert(i, b) => bytes.insert(i % (n + 1), b),
            Edit::Truncate(i) => bytes.truncate(i % (n + 1)),
            _ => {}
        }
    }
    bytes
}

/// Decoding never panics; whatever it accepts re-encodes to the same bytes.
fn check_bytes<T>(bytes: &[u8]) -> Result<(), TestCaseError>
where
    T: for<'a> binrw::BinRead<Args<'a> = ()> + for<'a> binrw::BinWrite<Args<'a> = ()>,
{
    match decode_exact::<T>(bytes, "fuzz") {
        Ok(v) => prop_assert_eq!(encode_to_vec(&v).unwrap(), bytes),
        Err(e) => prop_assert!(e.offset() <= bytes.len() as u64, "{e}"),
    }
    Ok(())
}

proptest! {
    #[test]
    fn movement_data_round_trips(md in movement_data()) {
        let bytes = md.encode().unwrap();
        let back = MovementData::decode(&bytes).unwrap();
        prop_assert_eq!(back.encode().unwrap(), bytes);
        prop_assert_eq!(back.to_string(), md.to_string());
    }

    #[test]
    fn raw_state_round_trips(pack in raw()) {
        let bytes = encode_to_vec(&pack).unwrap();
        let back: RawMotionStatePack = decode_exact(&bytes, "raw").unwrap();
        prop_assert_eq!(encode_to_vec(&back).unwrap(), bytes);
        prop_assert_eq!(back.to_string(), pack.to_string());
    }

    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..80)) {
        check_bytes::<MovementData>(&bytes)?;
        check_bytes::<RawMotionStatePack>(&bytes)?;
        check_bytes::<InterpretedMotionStatePack>(&bytes)?;
    }

    #[test]
    fn mutated_movement_data_never_panics(md in movement_data(), edits in edits()) {
        let bytes = apply(md.encode().unwrap(), &edits);
        check_bytes::<MovementData>(&bytes)?;
    }

    #[test]
    fn mutated_raw_state_never_panics(pack in raw(), edits in edits()) {
        let bytes = apply(encode_to_vec(&pack).unwrap(), &edits);
        check_bytes::<RawMotionStatePack>(&bytes)?;
    }
}

#[test]
fn a_huge_action_count_is_refused_before_allocating() {
    // Raw state: no fields, 2^21 - 1 actions promised, none present.
    let bytes = 0xFFFF_F800u32.to_le_bytes();
    let err = decode_exact::<RawMotionStatePack>(&bytes, "raw").unwrap_err();
    assert_eq!(
        err,
        DecodeError::CountExceedsBuffer {
            field: "RawMotionState.actions",
            offset: 4,
            count: 0x1F_FFFF,
            min_bytes: 0x1F_FFFF * 8,
            remaining: 0,
        }
    );
}

#[test]
fn unknown_movement_types_and_commands_name_field_and_offset() {
    let err = MovementData::decode(&[5, 0, 0x3D, 0]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "`MovementData.movement_type` at byte 0: movement type 5 is not valid in MovementData"
    );
    let err = MovementData::decode(&[0, 0, 0xFF, 0xFF, 0, 0, 0, 0]).unwrap_err();
    assert!(matches!(
        err,
        DecodeError::UnknownCommand {
            field: "MovementData.style",
            offset: 2,
            index: 0xFFFF
        }
    ));
    let err = MovementData::decode(&[0, 0, 0x3D, 0, 0, 0, 0, 0, 0xAA]).unwrap_err();
    assert_eq!(
        err,
        DecodeError::TrailingBytes {
            field: "MovementData",
            offset: 8,
            count: 1
        }
    );
}

#[test]
fn non_zero_padding_is_refused_not_rewritten() {
    // Interpreted state with a style: 4 + 4 + 2 bytes, then 2 bytes of padding.
    let mut bytes = vec![0, 0, 0x3D, 0, 0x01, 0, 0, 0, 0x3C, 0, 0, 0];
    assert!(MovementData::decode(&bytes).is_ok());
    bytes[11] = 7;
    assert_eq!(
        MovementData::decode(&bytes).unwrap_err(),
        DecodeError::NonZeroPad {
            field: "InterpretedMotionState",
            offset: 10,
            bytes: vec![0, 7]
        }
    );
}

#[test]
fn unencodable_values_are_refused() {
    let mut state = InterpretedMotionState::default();
    let pack = |state: InterpretedMotionState| MovementData {
        flags: MovementDataFlags::empty(),
        style: ac_motioninterp::motion::stance::NON_COMBAT,
        movement: Movement::InterpretedState {
            state: InterpretedMotionStatePack::new(state),
            sticky_object: None,
        },
    };
    state.current_style = 0x8000_0000; // MotionStance.Invalid has no command index
    assert_eq!(
        pack(state.clone()).encode().unwrap_err(),
        EncodeError::UnknownCommand {
            field: "InterpretedMotionState.current_style",
            id: 0x8000_0000
        }
    );
    state.current_style = ac_motioninterp::motion::stance::NON_COMBAT;
    state.actions.push(ActionNode {
        action: 0x1000_0051,
        speed: 1.0,
        stamp: 0x8000,
        autonomous: false,
    });
    assert!(matches!(
        pack(state).encode().unwrap_err(),
        EncodeError::StampOutOfRange { stamp: 0x8000, .. }
    ));
    let mut md = pack(InterpretedMotionState::default());
    md.flags = MovementDataFlags::STICK_TO_OBJECT;
    assert_eq!(
        md.encode().unwrap_err(),
        EncodeError::FlagMismatch {
            field: "MovementData.sticky_object",
            flag_set: true
        }
    );
}
