//! The parking world ([`World::step`] with parked objects) against the visiting one (every
//! object tested and stepped every time), over random mixes of objects and of calls through
//! every world API between the steps.

use std::sync::Arc;

use ac_dat::Frame;
use ac_motioninterp::{MovementParameters, MovementStruct, MovementType};
use ac_motiontable::{Resolver, Rules};
use ac_sequence::{AnimationCache, AnimationSource};
use ac_testkit::walk_run;
use glam::{Quat, Vec3};
use proptest::prelude::*;

use crate::arena::UNMARKED;
use crate::flags::ObjectState;
use crate::object::PhysicsObj;
use crate::weenie::ConfigWeenie;
use crate::world::{ObjectId, World};
use ac_interp_manager::Position;

const WALK_FORWARD: u32 = 0x4500_0005;
const READY: u32 = 0x4100_0003;

/// The table and animations, built once per test.
struct Shared {
    resolver: Resolver,
    animations: Arc<dyn AnimationSource>,
}

impl Shared {
    fn new() -> Self {
        Self {
            resolver: Resolver::new(walk_run::table(), Rules::default()),
            animations: Arc::new(
                walk_run::animations()
                    .into_iter()
                    .collect::<AnimationCache>(),
            ),
        }
    }

    fn at(x: f32, y: f32) -> Position {
        Position::new(
            walk_run::CELL,
            Frame {
                origin: Vec3::new(x, y, 0.0),
                orientation: Quat::IDENTITY,
            },
        )
    }

    /// An object of kind `kind` (see [`KINDS`]) with ACE id `id`.
    fn make(&self, kind: u8, id: u32) -> PhysicsObj {
        let creature = || {
            PhysicsObj::builder()
                .resolver(self.resolver.clone())
                .animations(Arc::clone(&self.animations))
                .weenie(ConfigWeenie {
                    run_rate: Some(walk_run::RUN_RATE),
                    ..ConfigWeenie::default()
                })
                .id(id)
                .cylinder(0.5, 1.8)
                .position(Self::at(10.0 + id as f32, 20.0))
        };
        match kind % KINDS {
            // Static, without position: the 100k static world's objects.
            0 => PhysicsObj::builder().id(id).build(),
            // Static at a position.
            1 => PhysicsObj::builder()
                .id(id)
                .position(Self::at(5.0, id as f32))
                .heading(id as f32 * 7.0)
                .build(),
            // Standing at Ready.
            2 => creature().build(),
            // Walking.
            3 => {
                let mut o = creature().heading(id as f32 * 11.0).build();
                let _ = o.do_motion(WALK_FORWARD, &MovementParameters::default());
                o
            }
            // Sliding to rest on the ground.
            4 => {
                let mut o = PhysicsObj::builder()
                    .id(id)
                    .position(Self::at(1.0, 2.0))
                    .build();
                o.land_on_flat_ground(0.0);
                o.set_velocity(Vec3::new(0.5, -0.25, 0.0));
                o
            }
            // Frozen.
            5 => {
                let mut o = PhysicsObj::builder().id(id).build();
                o.set_state_flag(ObjectState::FROZEN, true);
                o
            }
            // Hidden.
            6 => {
                let mut o = creature().build();
                o.set_state_flag(ObjectState::HIDDEN, true);
                o
            }
            // Inactive.
            _ => {
                let mut o = PhysicsObj::builder()
                    .id(id)
                    .position(Self::at(3.0, 3.0))
                    .build();
                let _ = o.set_active(false);
                o
            }
        }
    }
}

/// How many kinds [`Shared::make`] knows.
const KINDS: u8 = 8;

/// Time steps the ops choose from: 1/30 s, 1/60 s, half a step, several steps, a dropped gap.
const DTS: [f64; 5] = [1.0 / 30.0, 1.0 / 60.0, 0.05, 0.2, 2.5];

/// One call on both worlds; `usize`s pick among the live keys.
#[derive(Debug, Clone)]
enum Op {
    Step(usize),
    StepParallel(usize),
    Tick(usize),
    /// `get_mut` (or `world[k]`) and one of several changes.
    Touch(usize, u8),
    IterMut,
    Remove(usize),
    Insert(u8),
    MoveTo(usize, usize),
    TurnToHeading(usize),
    Cancel(usize),
    Perform(usize, bool),
    Drain,
    DeliverMail,
    WithObject(usize),
}

fn op() -> impl Strategy<Value = Op> {
    let k = any::<usize>;
    prop_oneof![
        6 => (0..DTS.len()).prop_map(Op::Step),
        3 => (0..DTS.len()).prop_map(Op::StepParallel),
        1 => (0..DTS.len()).prop_map(Op::Tick),
        3 => (k(), 0..8u8).prop_map(|(i, c)| Op::Touch(i, c)),
        1 => Just(Op::IterMut),
        1 => k().prop_map(Op::Remove),
        1 => (0..KINDS).prop_map(Op::Insert),
        1 => (k(), k()).prop_map(|(a, b)| Op::MoveTo(a, b)),
        1 => k().prop_map(Op::TurnToHeading),
        1 => k().prop_map(Op::Cancel),
        1 => (k(), any::<bool>()).prop_map(|(i, s)| Op::Perform(i, s)),
        2 => Just(Op::Drain),
        1 => Just(Op::DeliverMail),
        1 => k().prop_map(Op::WithObject),
    ]
}

/// One world under test: its keys in insertion order, and the next ACE id.
struct Run {
    w: World,
    keys: Vec<ObjectId>,
}

impl Run {
    fn new(shared: &Shared, kinds: &[u8], parking: bool) -> Self {
        let mut w = World::new(Rules::default());
        w.parking = parking;
        let keys = kinds
            .iter()
            .enumerate()
            .map(|(i, &k)| w.insert(shared.make(k, i as u32 + 1)).expect("same rules"))
            .collect();
        Self { w, keys }
    }

    fn key(&self, i: usize) -> Option<ObjectId> {
        (!self.keys.is_empty()).then(|| self.keys[i % self.keys.len()])
    }

    /// Apply `op`; what it returned, as text.
    fn apply(&mut self, shared: &Shared, op: &Op) -> String {
        let params = MovementParameters::default();
        match *op {
            Op::Step(d) => format!("{:?}", self.w.step(DTS[d])),
            Op::StepParallel(d) => format!("{:?}", self.w.step_parallel(DTS[d])),
            Op::Tick(d) => format!("{:?}", self.w.tick(DTS[d])),
            Op::Touch(i, change) => {
                let Some(k) = self.key(i) else {
                    return String::new();
                };
                let Some(o) = self.w.get_mut(k) else {
                    return "stale".into();
                };
                match change {
                    0 => {}
                    1 => o.set_velocity(Vec3::new(0.0, 1.0, 0.5)),
                    2 => return format!("{:?}", o.do_motion(WALK_FORWARD, &params)),
                    3 => return format!("{:?}", o.stop_motion(WALK_FORWARD, &params)),
                    4 => return format!("{:?}", o.do_motion(READY, &params)),
                    5 => o.set_heading(90.0),
                    6 => {
                        let f = o.state().contains(ObjectState::FROZEN);
                        o.set_state_flag(ObjectState::FROZEN, !f);
                    }
                    _ => return format!("{}", o.set_active(true)),
                }
                String::new()
            }
            Op::IterMut => {
                // Taking every object mutably, changing none.
                self.w.iter_mut().count().to_string()
            }
            Op::Remove(i) => {
                let Some(k) = self.key(i) else {
                    return String::new();
                };
                self.keys.retain(|&x| x != k);
                format!("{:?}", self.w.remove_notifying(k).map(|o| o.id()))
            }
            Op::Insert(kind) => {
                let id = 100 + self.w.len() as u32;
                let k = self.w.insert(shared.make(kind, id)).expect("same rules");
                self.keys.push(k);
                String::new()
            }
            Op::MoveTo(a, b) => match (self.key(a), self.key(b)) {
                (Some(a), Some(b)) => format!(
                    "{:?}",
                    self.w
                        .move_to_object(a, b, ac_motioninterp::MoveToOptions::default())
                ),
                _ => String::new(),
            },
            Op::TurnToHeading(i) => match self.key(i) {
                Some(k) => format!(
                    "{:?}",
                    self.w
                        .turn_to_heading(k, 45.0, ac_motioninterp::MoveToOptions::default())
                ),
                None => String::new(),
            },
            Op::Cancel(i) => match self.key(i) {
                Some(k) => format!("{:?}", self.w.cancel_move_to(k)),
                None => String::new(),
            },
            Op::Perform(i, stop) => match self.key(i) {
                Some(k) => {
                    let mvs = if stop {
                        MovementStruct::new(MovementType::StopCompletely, 0, params)
                    } else {
                        MovementStruct::new(MovementType::InterpretedCommand, WALK_FORWARD, params)
                    };
                    format!("{:?}", self.w.perform_movement(k, &mvs))
                }
                None => String::new(),
            },
            Op::Drain => {
                let mut out = Vec::new();
                self.w.drain_move_completions(&mut out);
                format!("{out:?}")
            }
            Op::DeliverMail => {
                self.w.deliver_mail();
                String::new()
            }
            Op::WithObject(i) => match self.key(i) {
                Some(k) => format!("{:?}", self.w.with_object(k, |o| o.is_moving_to())),
                None => String::new(),
            },
        }
    }

    /// Every object's full state (Debug: signed zeros and every field count) and the digest.
    fn state(&self) -> (Vec<String>, u64) {
        (
            self.w.iter().map(|(k, o)| format!("{k:?} {o:?}")).collect(),
            self.w.digest(),
        )
    }

    /// How many objects are parked.
    fn parked(&self) -> usize {
        self.w
            .objects
            .marks()
            .iter()
            .filter(|&&m| m != UNMARKED)
            .count()
    }
}

/// Runs `ops` on a parking and a visiting world of `kinds`, comparing both after every op;
/// returns how many objects were parked, summed over the ops.
fn compare(kinds: &[u8], ops: &[Op]) -> usize {
    let shared = Shared::new();
    let mut a = Run::new(&shared, kinds, true);
    let mut b = Run::new(&shared, kinds, false);
    let mut parked = 0;
    for (n, op) in ops.iter().enumerate() {
        let ra = a.apply(&shared, op);
        let rb = b.apply(&shared, op);
        assert_eq!(ra, rb, "result of op {n} {op:?}");
        assert_eq!(a.keys, b.keys);
        let (sa, da) = a.state();
        let (sb, db) = b.state();
        for (x, y) in sa.iter().zip(&sb) {
            assert_eq!(x, y, "an object after op {n} {op:?}");
        }
        assert_eq!(sa.len(), sb.len());
        assert_eq!(da, db, "digest after op {n} {op:?}");
        assert_eq!(b.parked(), 0, "the visiting world parks nothing");
        parked += a.parked();
    }
    parked
}

#[test]
fn static_and_standing_objects_park_until_touched() {
    let shared = Shared::new();
    let mut r = Run::new(&shared, &[0, 1, 2, 3, 5, 7], true);
    r.w.step(1.0 / 30.0).expect("finite");
    // Static (both), frozen and inactive park; standing and walking animate.
    assert_eq!(r.w.objects.marks()[1..], [2, 2, 0, 0, 1, 1]);
    let k = r.keys[0];
    let before = r.w[k].core.initial_updates;
    r.w.step(1.0 / 10.0).expect("finite");
    assert_eq!(
        r.w[k].core.initial_updates,
        before + 3,
        "parked slices count"
    );
    let _ = r.w.get_mut(k);
    assert_eq!(r.w.objects.marks()[1], UNMARKED, "get_mut clears the mark");
    r.w.step(1.0 / 30.0).expect("finite");
    assert_eq!(r.w.objects.marks()[1], 2);
    r.w[k].set_velocity(Vec3::X);
    r.w.step(1.0 / 30.0).expect("finite");
    assert_eq!(
        r.w.objects.marks()[1],
        UNMARKED,
        "a moving object is visited"
    );
    assert_ne!(r.w[k].position().frame.origin.x, 0.0, "and moves");
}

#[test]
fn a_fixed_mix_matches_the_visiting_world() {
    let kinds: Vec<u8> = (0..24).map(|i| i % KINDS).collect();
    let ops = [
        Op::Step(0),
        Op::Step(3),
        Op::MoveTo(3, 1),
        Op::Step(0),
        Op::StepParallel(3),
        Op::Drain,
        Op::Touch(1, 1),
        Op::Step(0),
        Op::Touch(4, 6),
        Op::Step(1),
        Op::Step(1),
        Op::TurnToHeading(2),
        Op::StepParallel(0),
        Op::Remove(5),
        Op::Insert(0),
        Op::Step(0),
        Op::Tick(0),
        Op::Step(4),
        Op::Step(3),
        Op::Drain,
    ];
    assert!(
        compare(&kinds, &ops) > 0,
        "the parking world parked objects"
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn parking_matches_the_visiting_world(
        kinds in prop::collection::vec(0..KINDS, 1..16),
        ops in prop::collection::vec(op(), 1..40),
    ) {
        compare(&kinds, &ops);
    }
}

/// The object's memory layout that the world's step is tuned to (see `ObjCore` and
/// `PhysicsObj`): the core's fields a walker's slice reads, those it writes and the part array
/// in one run, then the fields no slice reaches, then the movement manager, whose `Option` tag
/// (read by every slice) ends the object next to the following object's run. A reordering that
/// splits the run fails here.
#[test]
fn walker_hot_fields_are_one_run() {
    use crate::core::ObjCore;
    use std::mem::{offset_of, size_of};
    type Core = ObjCore<ConfigWeenie>;
    let mm = size_of::<Option<ac_motioninterp::MovementManager>>();
    // No padding in the core; the movement manager right after it.
    assert_eq!(
        size_of::<Core>(),
        176 + size_of::<crate::parts::PartArray>()
    );
    assert_eq!(offset_of!(PhysicsObj, core), 0);
    assert_eq!(offset_of!(PhysicsObj, mm), size_of::<Core>());
    assert_eq!(
        size_of::<PhysicsObj>(),
        (size_of::<Core>() + mm).next_multiple_of(16)
    );
    // Read by the slice, in order, without padding.
    assert_eq!(offset_of!(Core, follow), 0);
    assert_eq!(offset_of!(Core, pm), 8);
    assert_eq!(offset_of!(Core, scale), 36);
    // Written by the slice, adjacent.
    assert_eq!(offset_of!(Core, position), 48);
    assert_eq!(offset_of!(Core, update_time), 96);
    assert_eq!(offset_of!(Core, velocity), 104);
    assert_eq!(offset_of!(Core, cached_velocity), 116);
    assert_eq!(offset_of!(Core, pm_constrained), 130);
    assert_eq!(offset_of!(Core, deferred_cancel), 131);
    // The part array right after (its sequence head is hot), then the cold tail.
    assert_eq!(offset_of!(Core, pm_lent), 135);
    assert_eq!(offset_of!(Core, parts), 136);
    assert_eq!(
        offset_of!(Core, weenie),
        136 + size_of::<crate::parts::PartArray>()
    );
    assert_eq!(offset_of!(Core, friction), size_of::<Core>() - 8);
}
