//! Randomised robustness: arbitrary interleavings of every list operation and update (with
//! arbitrary floats) never panic, never hang and keep the list invariants ACE relies on.

use ac_motiontable::Rules;
use std::sync::Arc;

use ac_dat::{AnimData, Animation, AnimationFrame, AnimationHook, Frame, HookData};
use ac_sequence::{AnimationCache, Sequence};
use glam::{Quat, Vec3};
use proptest::prelude::*;

#[derive(Debug, Clone)]
enum Op {
    Append(u32, i32, i32, f32),
    RemoveCyclic,
    RemoveLinks(u32),
    RemoveAllLinks,
    Clear,
    ClearPhysics,
    Multiply(f32),
    Velocity(f32, f32),
    Omega(f32),
    Update(f32, bool),
}

fn any_f32() -> impl Strategy<Value = f32> {
    prop_oneof![
        4 => -100.0f32..100.0,
        1 => Just(0.0f32),
        1 => Just(-0.0f32),
        1 => Just(1e20f32),
        1 => Just(-1e20f32),
        1 => Just(1e-20f32),
        1 => Just(f32::NAN),
        1 => Just(f32::INFINITY),
        1 => any::<f32>(),
    ]
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        4 => (0u32..5, -3i32..12, -3i32..12, any_f32()).prop_map(|(a, l, h, f)| Op::Append(a, l, h, f)),
        1 => Just(Op::RemoveCyclic),
        1 => (0u32..6).prop_map(Op::RemoveLinks),
        1 => Just(Op::RemoveAllLinks),
        1 => Just(Op::Clear),
        1 => Just(Op::ClearPhysics),
        1 => any_f32().prop_map(Op::Multiply),
        1 => (any_f32(), any_f32()).prop_map(|(x, y)| Op::Velocity(x, y)),
        1 => any_f32().prop_map(Op::Omega),
        5 => (any_f32(), any::<bool>()).prop_map(|(q, f)| Op::Update(q, f)),
    ]
}

fn source() -> Arc<AnimationCache> {
    let mut c = AnimationCache::new();
    for (i, frames) in [0usize, 1, 4, 8].into_iter().enumerate() {
        let mut part_frames = vec![AnimationFrame::default(); frames];
        for (k, pf) in part_frames.iter_mut().enumerate() {
            pf.hooks.push(AnimationHook {
                direction: (k as i32 % 3) - 1,
                data: HookData::AnimationDone,
            });
        }
        c.insert(Animation {
            id: 0x0300_0000 + i as u32,
            flags: u32::from(frames > 1),
            num_parts: 0,
            pos_frames: if frames > 1 {
                vec![
                    Frame {
                        origin: Vec3::new(0.1, 0.2, 0.0),
                        orientation: Quat::from_xyzw(0.0, 0.0, 0.38268343, 0.9238795),
                    };
                    frames
                ]
            } else {
                Vec::new()
            },
            part_frames,
        });
    }
    Arc::new(c)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]
    #[test]
    fn random_scripts_keep_invariants(ops in proptest::collection::vec(op(), 1..60)) {
        let mut s = Sequence::new(source(), Rules::default());
        let mut hooks = Vec::new();
        for op in ops {
            match op {
                // Id 4 is missing from the source: an empty node (quirk `missing-animation-node`).
                Op::Append(a, l, h, f) => {
                    s.append_animation(&AnimData { anim_id: 0x0300_0000 + a, low_frame: l, high_frame: h, framerate: f });
                }
                Op::RemoveCyclic => s.remove_cyclic_anims(),
                Op::RemoveLinks(n) => s.remove_link_animations(n),
                Op::RemoveAllLinks => s.remove_all_link_animations(),
                Op::Clear => s.clear_animations(),
                Op::ClearPhysics => s.clear_physics(),
                Op::Multiply(r) => s.multiply_cyclic_animation_framerate(r),
                Op::Velocity(x, y) => s.set_velocity(Vec3::new(x, y, 0.0)),
                Op::Omega(z) => s.set_omega(Vec3::new(0.0, 0.0, z)),
                Op::Update(q, with_frame) => {
                    let mut f = Frame::IDENTITY;
                    s.update(q, with_frame.then_some(&mut f), Some(&mut hooks));
                    hooks.clear();
                }
            }
            let n = s.len() as i32;
            prop_assert_eq!(s.nodes().count() as i32, n);
            if n > 0 {
                // What ACE relies on (it would throw otherwise): a non-empty list always has a
                // play head and a cyclic marker.
                prop_assert!((0..n).contains(&s.curr_index()));
                prop_assert!((0..n).contains(&s.first_cyclic_index()));
            } else {
                prop_assert_eq!((s.curr_index(), s.first_cyclic_index()), (-1, -1));
            }
        }
    }
}

/// A sequence seen only through the motion table seam's required methods: its
/// `add_motion_data` and `transition` are the seam's provided ones (the plain calls).
struct Plain<'a>(&'a mut Sequence);

impl ac_motiontable::AnimSequence for Plain<'_> {
    fn clear_physics(&mut self) {
        self.0.clear_physics();
    }
    fn clear_animations(&mut self) {
        self.0.clear_animations();
    }
    fn remove_cyclic_anims(&mut self) {
        self.0.remove_cyclic_anims();
    }
    fn remove_link_animations(&mut self, n: u32) {
        self.0.remove_link_animations(n);
    }
    fn remove_all_link_animations(&mut self) {
        self.0.remove_all_link_animations();
    }
    fn append_animation(&mut self, anim: &AnimData) {
        self.0.append_animation(anim);
    }
    fn set_velocity(&mut self, velocity: Vec3) {
        self.0.set_velocity(velocity);
    }
    fn set_omega(&mut self, omega: Vec3) {
        self.0.set_omega(omega);
    }
    fn combine_physics(&mut self, velocity: Vec3, omega: Vec3) {
        self.0.combine_physics(velocity, omega);
    }
    fn subtract_physics(&mut self, velocity: Vec3, omega: Vec3) {
        self.0.subtract_physics(velocity, omega);
    }
    fn multiply_cyclic_animation_framerate(&mut self, rate: f32) {
        self.0.multiply_cyclic_animation_framerate(rate);
    }
    fn has_anims(&self) -> bool {
        self.0.has_anims()
    }
}

/// Everything observable of a sequence, floats as bits (NaN payloads and signed zeros
/// included).
fn snapshot(s: &mut Sequence) -> (Vec<u64>, Vec<ac_sequence::NodeId>) {
    let bits = |v: Vec3| [v.x, v.y, v.z].map(|f| u64::from(f.to_bits()));
    let mut out = vec![
        s.len() as u64,
        s.curr_index() as u64,
        s.first_cyclic_index() as u64,
        u64::from(s.frame_number().to_bits()),
        u64::from(s.take_missing_animation().unwrap_or(0)),
    ];
    out.extend(bits(s.velocity()));
    out.extend(bits(s.omega()));
    for n in s.nodes() {
        out.extend([
            u64::from(n.anim_id()),
            u64::from(n.framerate().to_bits()),
            n.low_frame() as u64,
            n.high_frame() as u64,
        ]);
    }
    (out, s.node_ids().collect())
}

fn motion_data() -> impl Strategy<Value = ac_dat::MotionData> {
    let anim = (0u32..5, -3i32..12, -3i32..12, any_f32()).prop_map(|(a, l, h, f)| AnimData {
        anim_id: 0x0300_0000 + a,
        low_frame: l,
        high_frame: h,
        framerate: f,
    });
    (
        proptest::collection::vec(anim, 0..4),
        (any_f32(), any_f32()),
        any_f32(),
    )
        .prop_map(|(anims, (vx, vy), wz)| ac_dat::MotionData {
            anims: anims.into(),
            velocity: Vec3::new(vx, vy, 1.0),
            omega: Vec3::new(0.0, 0.0, wz),
            ..ac_dat::MotionData::default()
        })
}

/// Runs a script of list operations on a sequence.
fn run_ops(s: &mut Sequence, ops: &[Op]) {
    let mut hooks = Vec::new();
    for op in ops {
        match *op {
            Op::Append(a, l, h, f) => {
                s.append_animation(&AnimData {
                    anim_id: 0x0300_0000 + a,
                    low_frame: l,
                    high_frame: h,
                    framerate: f,
                });
            }
            Op::RemoveCyclic => s.remove_cyclic_anims(),
            Op::RemoveLinks(n) => s.remove_link_animations(n),
            Op::RemoveAllLinks => s.remove_all_link_animations(),
            Op::Clear => s.clear_animations(),
            Op::ClearPhysics => s.clear_physics(),
            Op::Multiply(r) => s.multiply_cyclic_animation_framerate(r),
            Op::Velocity(x, y) => s.set_velocity(Vec3::new(x, y, 0.0)),
            Op::Omega(z) => s.set_omega(Vec3::new(0.0, 0.0, z)),
            Op::Update(q, with_frame) => {
                let mut f = Frame::IDENTITY;
                s.update(q, with_frame.then_some(&mut f), Some(&mut hooks));
                hooks.clear();
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]
    /// `Sequence`'s own `add_motion_data` and `transition` (one call, the link's velocity and
    /// omega never written) end in the state the seam's provided calls leave, after any
    /// script, for any data and speeds (NaN, infinities and signed zeros included), under
    /// either missing-animation rule.
    #[test]
    fn one_call_motion_edits_match_the_plain_calls(
        ops in proptest::collection::vec(op(), 0..30),
        link in motion_data(),
        cycle in motion_data(),
        (ls, cs) in (any_f32(), any_f32()),
        retail in any::<bool>(),
        after in proptest::collection::vec(op(), 0..8),
    ) {
        use ac_motiontable::AnimSequence;
        let rules = if retail { Rules::retail() } else { Rules::ace() };
        let mut base = Sequence::new(source(), rules);
        run_ops(&mut base, &ops);

        let (mut fast, mut plain) = (base.clone(), base.clone());
        AnimSequence::transition(&mut fast, &link, ls, &cycle, cs);
        Plain(&mut plain).transition(&link, ls, &cycle, cs);
        run_ops(&mut fast, &after);
        run_ops(&mut plain, &after);
        prop_assert_eq!(snapshot(&mut fast), snapshot(&mut plain));

        let (mut fast, mut plain) = (base.clone(), base);
        AnimSequence::add_motion_data(&mut fast, &link, ls);
        Plain(&mut plain).add_motion_data(&link, ls);
        AnimSequence::add_motion_data(&mut fast, &cycle, cs);
        Plain(&mut plain).add_motion_data(&cycle, cs);
        run_ops(&mut fast, &after);
        run_ops(&mut plain, &after);
        prop_assert_eq!(snapshot(&mut fast), snapshot(&mut plain));
    }
}
