//! Hand-derived traces of the list rules, the frame stepping and the quirks that were checked
//! against ACE itself.

use ac_motiontable::Rules;
use std::sync::Arc;

use ac_dat::{AnimData, Animation, AnimationFrame, AnimationHook, Frame, HookData};
use ac_motiontable::AnimSequence;
use ac_sequence::{AFrame, AnimationCache, Sequence};
use glam::{Quat, Vec3};

fn anim_with_pos(id: u32, pos: &[f32]) -> Animation {
    Animation {
        id,
        flags: 1,
        num_parts: 0,
        pos_frames: pos
            .iter()
            .map(|&y| Frame {
                origin: Vec3::new(0.0, y, 0.0),
                orientation: Quat::IDENTITY,
            })
            .collect(),
        part_frames: vec![AnimationFrame::default(); pos.len()],
    }
}

fn plain(id: u32, frames: usize) -> Animation {
    Animation {
        id,
        part_frames: vec![AnimationFrame::default(); frames],
        ..Animation::default()
    }
}

fn d(id: u32) -> AnimData {
    AnimData::new(id)
}

fn done_count(h: &[AnimationHook]) -> usize {
    h.iter()
        .filter(|h| h.data == HookData::AnimationDone)
        .count()
}

#[test]
fn odd7_last_frame_pos_frame_is_never_applied() {
    // Quirk `skip-last-frame` as checked against ACE: pos frames 1/10/100/1000 on frames 0-3 of a 4-frame link
    // contribute only 1+10+100 when played through.
    let mut c = AnimationCache::new();
    c.insert(anim_with_pos(0x0300_0001, &[1.0, 10.0, 100.0, 1000.0]));
    c.insert(plain(0x0300_0002, 8));
    let mut s = Sequence::new(Arc::new(c), Rules::default());
    s.append_animation(&d(0x0300_0001));
    s.append_animation(&d(0x0300_0002));
    let mut f = AFrame::IDENTITY;
    let mut hooks = Vec::new();
    // 4/30 s: the link is left exactly at its end; the next node has no pos frames.
    s.update(0.2, Some(&mut f), Some(&mut hooks));
    assert_eq!(f.origin.y, 111.0);
    assert_eq!(done_count(&hooks), 1);
}

#[test]
fn odd28_extra_animation_done_when_the_cycle_wraps_in_the_same_update() {
    // 0.3 s through a 4-frame link into a 2-frame cycle queues three AnimationDone hooks.
    let mut c = AnimationCache::new();
    c.insert(plain(0x0300_0001, 4));
    c.insert(plain(0x0300_0002, 2));
    let mut s = Sequence::new(Arc::new(c), Rules::default());
    s.append_animation(&d(0x0300_0001));
    s.append_animation(&d(0x0300_0002));
    let mut hooks = Vec::new();
    s.update(0.3, None, Some(&mut hooks));
    assert_eq!(done_count(&hooks), 3);
    assert_eq!(s.len(), 1);
    // Without links left, wrapping the cycle credits nothing.
    hooks.clear();
    s.update(0.3, None, Some(&mut hooks));
    assert_eq!(done_count(&hooks), 0);
}

#[test]
fn worked_forward_trace_of_spec_d6() {
    // Link L (10 frames), cycle C (20 frames), both 30 fps, velocity V; ticks of 0.1 s.
    let mut c = AnimationCache::new();
    c.insert(plain(0x0300_0010, 10));
    c.insert(plain(0x0300_0020, 20));
    let mut s = Sequence::new(Arc::new(c), Rules::default());
    s.append_animation(&d(0x0300_0010));
    s.append_animation(&d(0x0300_0020));
    s.set_velocity(Vec3::new(0.0, 3.0, 0.0));
    let mut hooks = Vec::new();
    let mut total = 0.0f32;
    for tick in 1..=3 {
        let mut f = AFrame::IDENTITY;
        s.update(0.1, Some(&mut f), Some(&mut hooks));
        total += f.origin.y;
        assert_eq!(s.curr_index(), 0, "tick {tick}");
        assert!(hooks.is_empty());
    }
    assert_eq!(s.frame_number(), 9.0);
    assert!((total - 0.9).abs() < 1e-5, "9 boundaries × 0.1: {total}");
    let mut f = AFrame::IDENTITY;
    s.update(0.1, Some(&mut f), Some(&mut hooks));
    assert_eq!(done_count(&hooks), 1);
    assert_eq!(s.len(), 1, "apricot removed the link");
    assert_eq!(s.curr_index(), 0);
    assert!((s.frame_number() - 2.0).abs() < 1e-4);
    // L9 skipped; entry into C applies one frame of velocity, then C0 and C1: 3 × 0.1.
    assert!((f.origin.y - 0.3).abs() < 1e-5, "{}", f.origin.y);
}

#[test]
fn remove_cyclic_moves_the_head_back_to_the_previous_node() {
    let mut c = AnimationCache::new();
    c.insert(plain(0x0300_0001, 5));
    c.insert(plain(0x0300_0002, 10));
    let mut s = Sequence::new(Arc::new(c), Rules::default());
    s.append_animation(&d(0x0300_0001));
    s.append_animation(&d(0x0300_0002));
    s.remove_all_link_animations();
    assert_eq!((s.len(), s.curr_index(), s.frame_number()), (1, 0, 0.0));
    s.remove_cyclic_anims();
    assert_eq!(
        (s.len(), s.curr_index(), s.first_cyclic_index()),
        (0, -1, -1)
    );
    assert_eq!(s.frame_number(), 0.0);

    s.append_animation(&d(0x0300_0001));
    s.append_animation(&d(0x0300_0002));
    s.update(0.2, None, None); // onto the cycle, link still listed? no: apricot dropped it
    s.append_animation(&d(0x0300_0001)); // now [C, L2]; head on C
    assert_eq!(s.first_cyclic_index(), 1);
    s.remove_cyclic_anims(); // removes only L2
    assert_eq!((s.len(), s.curr_index(), s.first_cyclic_index()), (1, 0, 0));
}

#[test]
fn remove_link_animations_jumps_the_head_to_the_cycle() {
    let mut c = AnimationCache::new();
    for i in 1..=4 {
        c.insert(plain(0x0300_0000 + i, 6));
    }
    let mut s = Sequence::new(Arc::new(c), Rules::default());
    for i in 1..=4 {
        s.append_animation(&AnimData {
            framerate: -30.0,
            ..d(0x0300_0000 + i)
        });
    }
    // [1 2 3 4*], head on 1.
    s.remove_link_animations(2); // removes 3 then 2
    let ids: Vec<u32> = s.nodes().map(|n| n.anim_id()).collect();
    assert_eq!(ids, [0x0300_0001, 0x0300_0004]);
    assert_eq!(s.curr_index(), 0);
    s.remove_link_animations(5); // removes 1, the head: it jumps to the cycle's starting frame
    assert_eq!((s.len(), s.curr_index()), (1, 0));
    assert_eq!(s.frame_number(), 6.0f32 - ac_sequence::EPSILON);
}

#[test]
fn resolver_seam_drives_the_sequence() {
    fn drive(seq: &mut impl AnimSequence) {
        seq.clear_physics();
        seq.remove_cyclic_anims();
        seq.append_animation(&AnimData::new(0x0300_0001));
        seq.set_velocity(Vec3::new(0.0, 4.0, 0.0));
        seq.combine_physics(Vec3::new(1.0, 0.0, 0.0), Vec3::new(0.0, 0.0, 1.5));
        seq.subtract_physics(Vec3::new(0.5, 0.0, 0.0), Vec3::ZERO);
        seq.multiply_cyclic_animation_framerate(2.0);
    }
    let mut c = AnimationCache::new();
    c.insert(plain(0x0300_0001, 5));
    let mut s = Sequence::new(Arc::new(c), Rules::default());
    drive(&mut s);
    assert!(AnimSequence::has_anims(&s));
    assert_eq!(s.velocity(), Vec3::new(0.5, 4.0, 0.0));
    assert_eq!(s.omega(), Vec3::new(0.0, 0.0, 1.5));
    assert_eq!(s.curr_node().map(|n| n.framerate()), Some(60.0));
}

#[test]
fn renderer_sees_the_current_part_frame_or_the_placement_frame() {
    let mut c = AnimationCache::new();
    let mut a = plain(0x0300_0001, 3);
    for (i, pf) in a.part_frames.iter_mut().enumerate() {
        pf.frames.push(Frame {
            origin: Vec3::splat(i as f32),
            orientation: Quat::IDENTITY,
        });
    }
    c.insert(a);
    let mut s = Sequence::new(Arc::new(c), Rules::default());
    let placement = AnimationFrame {
        frames: vec![Frame::IDENTITY; 2],
        hooks: Vec::new(),
    };
    s.set_placement_frame(Some(placement), 0x65);
    assert_eq!(s.curr_part_frames().len(), 2);
    s.append_animation(&d(0x0300_0001));
    s.update(0.05, None, None);
    assert_eq!(s.curr_frame_number(), 1);
    assert_eq!(s.curr_part_frames()[0].origin, Vec3::splat(1.0));
}

#[test]
fn clones_are_independent_and_keep_handles() {
    let mut c = AnimationCache::new();
    c.insert(plain(0x0300_0001, 4));
    c.insert(plain(0x0300_0002, 6));
    let mut s = Sequence::new(Arc::new(c), Rules::default());
    s.append_animation(&d(0x0300_0001));
    let cyc = s.append_animation(&d(0x0300_0002)).expect("appended");
    let mut t = s.clone();
    assert_eq!(t.first_cyclic(), Some(cyc));
    t.update(0.5, None, None);
    assert_eq!(t.len(), 1);
    assert_eq!(s.len(), 2, "the original did not move");
    assert_eq!(s.frame_number(), 0.0);

    let mut empty = Sequence::default();
    empty.set_velocity(Vec3::new(1.0, 0.0, 0.0));
    let mut f = AFrame::IDENTITY;
    empty.update(0.5, Some(&mut f), None);
    assert_eq!(f.origin, Vec3::new(0.5, 0.0, 0.0));
    assert!(empty.append_animation(&d(0x0300_0001)).is_some());
    assert_eq!(empty.take_missing_animation(), Some(0x0300_0001));
}

#[test]
fn grotate_feeds_x_as_yaw_and_y_as_pitch() {
    // Quirk `grotate-axes`: (x, y, z) are yaw (about Y), pitch (about X) and roll (about Z).
    use ac_sequence::AFrameOps;
    let quarter = std::f32::consts::FRAC_PI_2;
    let close = |a: Vec3, b: Vec3| (a - b).abs().max_element() < 1e-6;

    let mut yaw = AFrame::IDENTITY;
    yaw.grotate(Vec3::new(quarter, 0.0, 0.0));
    assert!(
        close(yaw.local_to_global_vec(Vec3::Y), Vec3::Y),
        "x turns about Y"
    );
    assert!(close(yaw.local_to_global_vec(Vec3::X), Vec3::NEG_Z));

    let mut pitch = AFrame::IDENTITY;
    pitch.grotate(Vec3::new(0.0, quarter, 0.0));
    assert!(
        close(pitch.local_to_global_vec(Vec3::X), Vec3::X),
        "y turns about X"
    );
    assert!(close(pitch.local_to_global_vec(Vec3::Y), Vec3::Z));

    let mut roll = AFrame::IDENTITY;
    roll.grotate(Vec3::new(0.0, 0.0, quarter));
    assert!(
        close(roll.local_to_global_vec(Vec3::Z), Vec3::Z),
        "z turns about Z"
    );
    assert!(close(roll.local_to_global_vec(Vec3::X), Vec3::Y));
}
