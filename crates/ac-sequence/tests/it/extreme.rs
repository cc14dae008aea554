//! Extreme inputs: huge / zero / negative / non-finite quanta, absurd framerates, empty
//! animations and the ACE crash cases. The bar: no panic, no hang, no NaN from finite input.

use ac_motiontable::Rules;
use std::sync::Arc;

use ac_dat::{AnimData, Animation, AnimationFrame, AnimationHook, Frame, HookData};
use ac_sequence::{
    AFrame, AnimationCache, MAX_ADVANCES_PER_UPDATE, MAX_UNSHRUNK_ADVANCES, Sequence, SequenceError,
};
use glam::{Quat, Vec3};

const LINK: u32 = 0x0300_0010;
const CYCLE: u32 = 0x0300_0002;
const EMPTY: u32 = 0x0300_0099;

fn anim(id: u32, frames: usize, pos: bool) -> Animation {
    let mut part_frames = vec![AnimationFrame::default(); frames];
    if let Some(f) = part_frames.first_mut() {
        f.hooks.push(AnimationHook {
            direction: 0,
            data: HookData::AnimationDone,
        });
    }
    Animation {
        id,
        flags: u32::from(pos),
        num_parts: 0,
        pos_frames: if pos {
            vec![
                Frame {
                    origin: Vec3::new(0.0, 0.1, 0.0),
                    orientation: Quat::IDENTITY,
                };
                frames
            ]
        } else {
            Vec::new()
        },
        part_frames,
    }
}

fn source() -> Arc<AnimationCache> {
    let mut c = AnimationCache::new();
    c.insert(anim(LINK, 4, true));
    c.insert(anim(CYCLE, 8, true));
    c.insert(anim(EMPTY, 0, false));
    Arc::new(c)
}

fn data(id: u32, fps: f32) -> AnimData {
    AnimData {
        anim_id: id,
        low_frame: 0,
        high_frame: -1,
        framerate: fps,
    }
}

fn walking(fps: f32) -> Sequence {
    let mut s = Sequence::new(source(), Rules::default());
    s.append_animation(&data(LINK, fps));
    s.append_animation(&data(CYCLE, fps));
    s.set_velocity(Vec3::new(0.0, 3.12, 0.0));
    s.set_omega(Vec3::new(0.0, 0.0, 1.5));
    s
}

fn finite(f: &AFrame) -> bool {
    f.origin.is_finite() && f.orientation.is_finite()
}

fn in_range(s: &Sequence) -> bool {
    let Some(n) = s.curr_node() else { return true };
    let (lo, hi) = (
        n.low_frame().min(n.high_frame()),
        n.low_frame().max(n.high_frame()),
    );
    let f = s.frame_number();
    f >= lo as f32 && f < (hi + 1) as f32
}

fn step(s: &mut Sequence, dt: f32) -> (AFrame, Vec<AnimationHook>) {
    let mut f = AFrame::IDENTITY;
    let mut hooks = Vec::new();
    s.update(dt, Some(&mut f), Some(&mut hooks));
    (f, hooks)
}

#[test]
fn huge_quantum_crosses_many_frames_and_nodes() {
    let mut s = walking(30.0);
    let (f, hooks) = step(&mut s, 1000.0);
    assert!(finite(&f), "{f:?}");
    assert!(in_range(&s));
    // The link ended once (one AnimationDone credit) and the cycle wrapped many times, but only
    // the first wrap happened while the list still started with the link (quirk `extra-anim-done`).
    let done = hooks
        .iter()
        .filter(|h| h.data == HookData::AnimationDone)
        .count();
    assert!(
        done > 100,
        "DAT hooks on frame 0 fire on every wrap: {done}"
    );
    assert_eq!(s.len(), 1, "apricot dropped the played link");
    // 1000 s at 3.12 m/s, integrated per frame boundary (the last frame of each loop skipped).
    assert!(f.origin.y > 1000.0, "{}", f.origin.y);
}

#[test]
fn zero_quantum_changes_nothing() {
    let mut s = walking(30.0);
    let before = (s.frame_number(), s.curr_index());
    let (f, hooks) = step(&mut s, 0.0);
    assert_eq!(f, AFrame::IDENTITY);
    assert!(hooks.is_empty());
    assert_eq!((s.frame_number(), s.curr_index()), before);
}

#[test]
fn negative_quantum_plays_backwards_and_wraps_to_the_last_node() {
    let mut s = walking(30.0);
    let (f, hooks) = step(&mut s, -0.05);
    assert!(finite(&f));
    // From frame 0 of the link, going back crosses its start immediately: the head moves to the
    // previous node, which wraps to the list's last node (the cycle) at its ending frame; apricot
    // then drops the link in front of it.
    assert_eq!(s.curr_node().map(|n| n.anim_id()), Some(CYCLE));
    assert_eq!(s.len(), 1);
    assert!(in_range(&s));
    assert!(!hooks.is_empty());
    for _ in 0..100 {
        let (f, _) = step(&mut s, -0.37);
        assert!(finite(&f));
        assert!(in_range(&s));
    }
}

#[test]
fn enormous_framerate_terminates_without_nan() {
    for fps in [1e20f32, -1e20, f32::MAX, -f32::MAX] {
        let mut s = walking(fps);
        for dt in [0.1f32, 1.0, -0.1, 1e-30, 1e30] {
            let (f, hooks) = step(&mut s, dt);
            assert!(finite(&f), "fps {fps} dt {dt}: {f:?}");
            assert!(hooks.len() <= 3 * MAX_ADVANCES_PER_UPDATE as usize);
        }
    }
}

#[test]
fn tiny_framerate_barely_moves() {
    let mut s = walking(1e-20);
    for _ in 0..1000 {
        let (f, hooks) = step(&mut s, 0.1);
        assert!(finite(&f));
        assert!(hooks.is_empty());
    }
    assert_eq!(s.curr_index(), 0);
    assert_eq!(s.curr_frame_number(), 0);
}

#[test]
fn empty_animation_never_advances() {
    let mut s = Sequence::new(source(), Rules::default());
    s.append_animation(&data(EMPTY, 30.0));
    let n = s.curr_node().expect("node");
    assert_eq!((n.low_frame(), n.high_frame()), (-1, -1));
    for dt in [0.1f32, 5.0, -3.0, 1e9] {
        let (f, _) = step(&mut s, dt);
        assert!(finite(&f));
    }
    assert_eq!(s.len(), 1);
}

#[test]
fn negative_multiplier_does_not_recurse_forever() {
    // Quirk `negative-multiplier-stall` (seq_negative_multiplier_recursion): the swapped node (low > high,
    // negative framerate) never consumes time; ACE overflows its stack.
    let mut s = Sequence::new(source(), Rules::default());
    s.append_animation(&data(LINK, 30.0));
    s.append_animation(&AnimData {
        anim_id: CYCLE,
        low_frame: 2,
        high_frame: 6,
        framerate: 30.0,
    });
    s.multiply_cyclic_animation_framerate(-1.0);
    let c = s.nodes().last().expect("cycle");
    assert_eq!(
        (c.low_frame(), c.high_frame(), c.framerate()),
        (6, 2, -30.0)
    );
    let (f, hooks) = step(&mut s, 0.2);
    assert!(finite(&f));
    assert!(
        hooks.len() < 100,
        "bounded by the stall guard: {}",
        hooks.len()
    );
    let (f, _) = step(&mut s, 0.2);
    assert!(finite(&f));
}

#[test]
fn non_finite_quantum_is_harmless() {
    for dt in [f32::NAN, f32::INFINITY, f32::NEG_INFINITY] {
        let mut s = walking(30.0);
        let mut f = AFrame::IDENTITY;
        let mut hooks = Vec::new();
        s.update(dt, Some(&mut f), Some(&mut hooks));
        s.update(0.1, Some(&mut f), Some(&mut hooks));
        assert!(s.len() <= 2);
    }
}

#[test]
fn remove_links_from_an_empty_list_is_a_no_op() {
    // Quirk `remove-links-empty` (seq_remove_link_empty): ACE throws a NullReferenceException.
    let mut s = Sequence::new(source(), Rules::default());
    s.remove_link_animations(2);
    s.remove_link_animations(u32::MAX);
    s.remove_all_link_animations();
    s.remove_cyclic_anims();
    assert!(s.is_empty());
    assert_eq!((s.first_cyclic_index(), s.curr_index()), (-1, -1));
}

#[test]
fn missing_animation_is_reported() {
    let mut s = Sequence::new(source(), Rules::default());
    assert_eq!(
        s.try_append_animation(&data(0x0300_7777, 30.0)),
        Err(SequenceError::MissingAnimation(0x0300_7777))
    );
    assert!(s.is_empty());
    s.append_animation(&data(0x0300_7777, 30.0));
    assert_eq!(s.len(), 1, "ACE appends an empty node");
    assert_eq!(s.take_missing_animation(), Some(0x0300_7777));
    assert_eq!(s.take_missing_animation(), None);

    // Retail (quirk `missing-animation-node`) skips the node but still reports the id.
    let mut r = Sequence::new(source(), Rules::retail());
    assert_eq!(r.append_animation(&data(0x0300_7777, 30.0)), None);
    assert!(r.is_empty());
    assert_eq!(r.take_missing_animation(), Some(0x0300_7777));
}

#[test]
fn handles_are_not_reused_after_removal() {
    let mut s = Sequence::new(source(), Rules::default());
    let a = s.append_animation(&data(LINK, 30.0)).expect("appended");
    s.clear_animations();
    let b = s.append_animation(&data(CYCLE, 30.0)).expect("appended");
    assert_ne!(a, b);
    assert!(s.node(a).is_none());
    assert_eq!(s.node(b).map(|n| n.anim_id()), Some(CYCLE));
}

/// The time bomb of a stored range starting at frame −2³¹ played at ≥ 10⁹ frames per second:
/// ACE walks every frame index between (up to 2²⁴ per slice, ~0.8 s). Here each 1/30 s slice
/// costs the frames it crosses inside the animation plus a bounded head for each run outside.
#[test]
fn far_out_of_range_frames_cost_a_bounded_number_of_steps_per_slice() {
    const FRAMES: u64 = 8;
    // Per node pass: at most two runs outside the animation (below 0, past the last frame),
    // each one exact head plus one closing step, and the frames inside.
    let bound = 2 * (ac_sequence::EXACT_OUTSIDE_BOUNDARIES + 1) + FRAMES;
    for fps in [1e9f32, -1e9, 3e9, f32::MAX] {
        for with_frame in [true, false] {
            let mut s = Sequence::new(source(), Rules::default());
            s.append_animation(&AnimData {
                anim_id: CYCLE,
                low_frame: i32::MIN,
                high_frame: -1,
                framerate: fps,
            });
            s.set_velocity(Vec3::new(0.0, 3.12, 0.0));
            s.set_omega(Vec3::new(0.0, 0.0, 1.5));
            let mut skipped = 0;
            for slice in 0..300 {
                let mut f = AFrame::IDENTITY;
                let mut hooks = Vec::new();
                let work = s.update(1.0 / 30.0, with_frame.then_some(&mut f), Some(&mut hooks));
                let per_pass = bound * (u64::from(work.advances) + 1);
                assert!(
                    work.boundaries <= per_pass,
                    "fps {fps} slice {slice}: {work:?} exceeds {per_pass}"
                );
                assert!(finite(&f), "fps {fps} slice {slice}: {f:?}");
                skipped += work.boundaries_skipped;
            }
            assert!(
                skipped > 1 << 24,
                "fps {fps}: the runs outside the animation were really crossed ({skipped})"
            );
        }
    }
}

#[test]
fn reversed_range_against_a_negative_quantum_stops_at_the_stall_guard() {
    // Quirk `negative-multiplier-stall`, found by the `sequence` fuzz target: the whole
    // animation (7..-2 after the swap) played against a negative quantum hands back a leftover
    // that wobbles by a rounding step around the quantum, so a guard comparing each leftover
    // with the previous one kept being reset and the update ran to MAX_ADVANCES_PER_UPDATE.
    let mut s = Sequence::new(source(), Rules::default());
    s.append_animation(&data(LINK, 30.0));
    s.append_animation(&AnimData {
        anim_id: CYCLE,
        low_frame: -2,
        high_frame: -2,
        framerate: 30.0,
    });
    s.multiply_cyclic_animation_framerate(-1.0);
    let c = s.nodes().last().expect("cycle");
    assert_eq!((c.low_frame(), c.high_frame()), (7, -2));
    let mut f = AFrame::IDENTITY;
    let mut hooks = Vec::new();
    for _ in 0..3 {
        let work = s.update(-0.2, Some(&mut f), Some(&mut hooks));
        assert!(
            work.advances <= MAX_UNSHRUNK_ADVANCES + 2,
            "bounded by the stall guard: {work:?}"
        );
        assert!(finite(&f));
    }
}
