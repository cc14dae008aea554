//! Property test: random tables and random request scripts never panic, hang or blow up.

use ac_dat::{AnimData, MotionData, MotionTable};
use ac_motiontable::Rules;
use ac_motiontable::command::cycle_key;
use ac_motiontable::motion::*;
use ac_motiontable::{
    MotionCompletion, MotionTableManager, MovementType, RecordingSequence, Resolver,
};
use glam::Vec3;
use proptest::prelude::*;

const STYLES: [u32; 3] = [0x8000_003D, 0x8000_003E, 0x8000_003C];
pub const MOTIONS: [u32; 12] = [
    READY,
    WALK_FORWARD,
    RUN_FORWARD,
    TURN_RIGHT,
    SIDE_STEP_RIGHT,
    FALLING,
    CROUCH,
    TWITCH1,
    TWITCH2,
    JUMP,
    0x8000_003D,
    0x8000_003E,
];

pub fn md_strategy() -> impl Strategy<Value = MotionData> {
    (0u8..4, 0usize..3, -2.0f32..2.0, -2.0f32..2.0).prop_map(|(bitfield, n, v, w)| MotionData {
        bitfield,
        flags: 3,
        anims: (0..n)
            .map(|i| AnimData::new(0x0300_0000 + i as u32))
            .collect(),
        velocity: Vec3::new(0.0, v, 0.0),
        omega: Vec3::new(0.0, 0.0, w),
    })
}

pub fn table_strategy() -> impl Strategy<Value = MotionTable> {
    let motion = || prop::sample::select(MOTIONS.to_vec());
    let style = || prop::sample::select(STYLES.to_vec());
    (
        style(),
        prop::collection::vec((style(), motion()), 0..4),
        prop::collection::vec((style(), motion(), md_strategy()), 0..10),
        prop::collection::vec((prop::bool::ANY, style(), motion(), md_strategy()), 0..6),
        prop::collection::vec(
            (style(), prop::option::of(motion()), motion(), md_strategy()),
            0..14,
        ),
    )
        .prop_map(|(ds, sds, cycles, mods, links)| {
            let mut t = MotionTable {
                id: 0x0900_0042,
                default_style: ds,
                style_defaults: sds,
                ..MotionTable::default()
            };
            t.cycles = cycles
                .into_iter()
                .map(|(s, m, d)| (cycle_key(s, m), d))
                .collect();
            t.modifiers = mods
                .into_iter()
                .map(|(styled, s, m, d)| {
                    (
                        if styled {
                            cycle_key(s, m)
                        } else {
                            m & 0xFF_FFFF
                        },
                        d,
                    )
                })
                .collect();
            for (s, from, to, d) in links {
                let outer = from.map_or(s << 16, |f| cycle_key(s, f));
                match t.links.iter_mut().find(|(k, _)| *k == outer) {
                    Some((_, v)) => v.push((to, d)),
                    None => t.links.push((outer, vec![(to, d)])),
                }
            }
            t
        })
}

#[derive(Debug, Clone)]
enum Op {
    Perform(u8, u32, f32),
    Done(bool),
    Poll,
    EnterWorld,
    ExitWorld,
    Init,
}

fn op_strategy() -> impl Strategy<Value = Op> {
    let speed = prop_oneof![
        Just(1.0f32),
        Just(0.0),
        Just(-0.65),
        Just(f32::NAN),
        Just(f32::INFINITY),
        -3.0f32..3.0
    ];
    prop_oneof![
        6 => (0u8..4, prop::sample::select(MOTIONS.to_vec()), speed).prop_map(|(k, m, s)| Op::Perform(k, m, s)),
        3 => prop::bool::ANY.prop_map(Op::Done),
        1 => Just(Op::Poll),
        1 => Just(Op::EnterWorld),
        1 => Just(Op::ExitWorld),
        1 => Just(Op::Init),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn random_tables_and_scripts_terminate(
        table in table_strategy(),
        ops in prop::collection::vec(op_strategy(), 1..40),
        retail in prop::bool::ANY,
    ) {
        let rules = if retail { Rules::retail() } else { Rules::ace() };
        let mut m = MotionTableManager::new(Some(Resolver::new(table, rules)), rules);
        let mut seq = RecordingSequence::new();
        let mut out: Vec<MotionCompletion> = Vec::new();
        m.initialize_state(&mut seq);
        for op in ops {
            match op {
                Op::Perform(k, mo, s) => {
                    let kind = [MovementType::InterpretedCommand, MovementType::StopInterpretedCommand,
                        MovementType::StopCompletely, MovementType::RawCommand][k as usize];
                    let _ = m.perform_movement(kind, mo, s, &mut seq);
                }
                Op::Done(ok) => m.animation_done(ok, &mut out),
                Op::Poll => m.use_time(&mut out),
                Op::EnterWorld => m.handle_enter_world(&mut seq, &mut out),
                Op::ExitWorld => m.handle_exit_world(&mut out),
                Op::Init => m.initialize_state(&mut seq),
            }
            prop_assert!(seq.ops().len() < 2_000_000);
            prop_assert!(m.state().modifiers().len() < 10_000);
        }
    }
}

/// Naive lookups over the record (last entry wins, like a C# dictionary overwrite).
fn naive_last<T>(v: &[(u32, T)], key: u32) -> Option<&T> {
    v.iter().rev().find(|(k, _)| *k == key).map(|(_, x)| x)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn indexed_lookups_equal_naive_lookups(table in table_strategy(), probe in prop::collection::vec(any::<u32>(), 8)) {
        let r = Resolver::new(table.clone(), Rules::default());
        let mut keys: Vec<u32> = probe;
        keys.extend(table.cycles.iter().map(|e| e.0));
        keys.extend(table.modifiers.iter().map(|e| e.0));
        keys.extend(table.links.iter().map(|e| e.0));
        keys.extend(table.style_defaults.iter().map(|e| e.0));
        for &k in &keys {
            prop_assert_eq!(r.cycle(k), naive_last(&table.cycles, k));
            prop_assert_eq!(r.modifier(k), naive_last(&table.modifiers, k));
            prop_assert_eq!(r.style_default(k), naive_last(&table.style_defaults, k).copied());
            let outer = naive_last(&table.links, k);
            prop_assert_eq!(r.links_from(k).is_some(), outer.is_some());
            if let Some(inner) = outer {
                for &(to, _) in inner {
                    prop_assert_eq!(r.link(k, to), naive_last(inner, to));
                }
                prop_assert_eq!(r.link(k, 0xDEAD_BEEF), naive_last(inner, 0xDEAD_BEEF));
            }
        }
    }
}
