//! The playback log: stretches inside an update, hook times, and that logging changes nothing.

use std::sync::Arc;

use ac_dat::{AnimData, Animation, AnimationFrame, AnimationHook, Frame, HookData};
use ac_motiontable::Rules;
use ac_sequence::{AFrame, AnimationCache, Sequence};
use glam::{Quat, Vec3};
use proptest::prelude::*;

const LINK: u32 = 0x0300_0010;
const CYCLE: u32 = 0x0300_0002;

/// A 3-frame link (0.1 s at 30 fps) with a sound on frame 1 and root motion on every frame,
/// then an 8-frame cycle with a footstep on frame 4.
fn source() -> Arc<AnimationCache> {
    let step = Frame {
        origin: Vec3::new(0.0, 0.05, 0.0),
        orientation: Quat::IDENTITY,
    };
    let sound = |sound_id| AnimationHook {
        direction: 1,
        data: HookData::Sound { sound_id },
    };
    let mut link_frames = vec![AnimationFrame::default(); 3];
    link_frames[1].hooks.push(sound(0x0A00_0001));
    let mut cycle_frames = vec![AnimationFrame::default(); 8];
    cycle_frames[4].hooks.push(sound(0x0A00_0002));
    let link = Animation {
        id: LINK,
        flags: 1,
        num_parts: 0,
        pos_frames: vec![step; 3],
        part_frames: link_frames,
    };
    let cycle = Animation {
        id: CYCLE,
        flags: 0,
        num_parts: 0,
        pos_frames: Vec::new(),
        part_frames: cycle_frames,
    };
    Arc::new([link, cycle].into_iter().collect())
}

fn walking() -> Sequence {
    let mut s = Sequence::new(source(), Rules::default());
    s.append_animation(&AnimData::new(LINK));
    s.append_animation(&AnimData::new(CYCLE));
    s.set_velocity(Vec3::new(0.0, 3.0, 0.0));
    s
}

#[test]
fn a_link_played_inside_one_update_is_logged() {
    let mut s = walking();
    s.set_playback_logging(true);
    let mut off = AFrame::IDENTITY;
    let mut hooks = Vec::new();
    s.update(0.3, Some(&mut off), Some(&mut hooks));
    // After the update the link is gone from the list…
    assert_eq!(s.nodes().map(|n| n.anim_id()).collect::<Vec<_>>(), [CYCLE]);
    let log = s.playback_log().expect("logging is on");
    // …but the log saw the list it started from and the head's path through it.
    let u = &log.updates()[0];
    let start: Vec<_> = log
        .nodes_of(u)
        .iter()
        .map(|n| (n.anim_id, n.cyclic))
        .collect();
    assert_eq!(start, [(LINK, false), (CYCLE, true)]);
    assert_eq!((u.start, u.dt, u.curr), (0.0, 0.3, Some(0)));
    assert_eq!(u.velocity, Vec3::new(0.0, 3.0, 0.0));
    let spans = log.spans();
    assert_eq!(spans.len(), 2, "{spans:#?}");
    let (link, cycle) = (&spans[0], &spans[1]);
    assert_eq!(
        (link.anim_id, link.cyclic, link.finished),
        (LINK, false, true)
    );
    assert_eq!(
        (cycle.anim_id, cycle.cyclic, cycle.finished),
        (CYCLE, true, false)
    );
    // The link's range is 0..=2: it lasts 3 frames (quirk `skip-last-frame` parks the head at
    // the start of the last frame, but the time of that frame is still consumed) and the cycle
    // gets the rest.
    assert!((link.end - 3.0 / 30.0).abs() < 1e-6, "{link:?}");
    assert_eq!(link.start, 0.0);
    assert_eq!(cycle.start, link.end);
    assert!((cycle.end - 0.3).abs() < 1e-6, "{cycle:?}");
    assert_eq!((link.frame_from, link.frame_to), (0.0, 2.0));
    // Root motion: the link's pos frames go to the link; the cycle's entry has none, but the
    // sequence velocity moves the offset in both.
    assert!(link.root_motion.y > 0.1, "{link:?}");
    let total = link.root_motion + cycle.root_motion;
    assert!(
        (total - off.origin).length() < 1e-5,
        "{total} vs {}",
        off.origin
    );
    // Hooks: the link's sound when frame 1 is left (t = 2/30), its AnimationDone at its end,
    // the cycle's footstep when frame 4 is left.
    let fired: Vec<_> = log
        .hooks()
        .iter()
        .map(|h| (h.anim_id, h.frame, h.hook.data.name()))
        .collect();
    assert_eq!(
        fired,
        [
            (LINK, Some(1), "Sound"),
            (LINK, None, "AnimationDone"),
            (CYCLE, Some(4), "Sound"),
        ]
    );
    let times: Vec<f64> = log.hooks().iter().map(|h| h.time).collect();
    assert!((times[0] - 2.0 / 30.0).abs() < 1e-6, "{times:?}");
    assert_eq!(times[1], link.end);
    assert!(
        (times[2] - (link.end + 5.0 / 30.0)).abs() < 1e-6,
        "{times:?}"
    );
    // The hooks the caller received are the same, in the same order.
    assert_eq!(hooks.len(), log.hooks().len());
    assert!((log.clock() - 0.3).abs() < 1e-6);
}

#[test]
fn the_clock_runs_across_updates_and_take_keeps_it() {
    let mut s = walking();
    s.set_playback_logging(true);
    for _ in 0..3 {
        s.update(0.05, None, None);
    }
    let log = s.take_playback_log().expect("logging is on");
    assert_eq!(log.updates().len(), 3);
    assert!((log.clock() - 0.15).abs() < 1e-6);
    // No hook buffer: nothing fired, nothing logged as fired.
    assert!(log.hooks().is_empty());
    s.update(0.05, None, None);
    let next = s.playback_log().expect("still on");
    assert_eq!(next.updates().len(), 1);
    assert_eq!(next.updates()[0].start, log.clock());
    s.set_playback_logging(false);
    assert!(s.playback_log().is_none());
    assert!(s.take_playback_log().is_none());
}

#[test]
fn an_empty_list_logs_the_update_and_no_span() {
    let mut s = Sequence::new(source(), Rules::default());
    s.set_playback_logging(true);
    s.update(0.1, None, None);
    let log = s.playback_log().expect("on");
    assert_eq!(log.updates().len(), 1);
    assert!(log.spans().is_empty() && log.nodes().is_empty());
}

proptest! {
    /// Logging only observes: the same updates give bit-identical offsets, hooks and lists.
    #[test]
    fn logging_changes_nothing(dts in proptest::collection::vec(-0.3f32..0.5, 1..20)) {
        let (mut a, mut b) = (walking(), walking());
        b.set_playback_logging(true);
        let (mut fa, mut fb) = (AFrame::IDENTITY, AFrame::IDENTITY);
        let (mut ha, mut hb) = (Vec::new(), Vec::new());
        for dt in dts {
            let wa = a.update(dt, Some(&mut fa), Some(&mut ha));
            let wb = b.update(dt, Some(&mut fb), Some(&mut hb));
            prop_assert_eq!(wa, wb);
            prop_assert_eq!(format!("{a:?}"), format!("{b:?}"));
        }
        prop_assert_eq!(fa.origin.to_array().map(f32::to_bits), fb.origin.to_array().map(f32::to_bits));
        prop_assert_eq!(ha, hb);
        // Spans tile each update's time: the first starts with the update, each starts where
        // the previous one ended, the last ends with the update.
        let log = b.playback_log().expect("on");
        for (i, u) in log.updates().iter().enumerate() {
            let spans: Vec<_> = log.spans().iter().filter(|s| s.update == i).collect();
            let Some(first) = spans.first() else { continue };
            prop_assert_eq!(first.start, u.start);
            for w in spans.windows(2) {
                prop_assert_eq!(w[1].start, w[0].end);
            }
            let end = spans.last().map_or(u.start, |s| s.end);
            prop_assert!((end - (u.start + f64::from(u.dt))).abs() < 1e-5, "{} vs {}", end, u.start + f64::from(u.dt));
        }
    }
}

/// A source for the fast-path comparison: a link whose pos frames turn, a cycle with
/// translation-only root motion and a hook, a cycle without pos frames, and one with more
/// pos frames than part frames.
fn mixed_source() -> Arc<AnimationCache> {
    let turn = Frame {
        origin: Vec3::new(0.01, 0.05, 0.0),
        orientation: Quat::from_xyzw(0.0, 0.0, 0.099_833_42, 0.995_004_2),
    };
    let step = Frame {
        origin: Vec3::new(0.0, 0.1, -0.0),
        orientation: Quat::IDENTITY,
    };
    let mut cycle_frames = vec![AnimationFrame::default(); 8];
    cycle_frames[4].hooks.push(AnimationHook {
        direction: 1,
        data: HookData::Sound {
            sound_id: 0x0A00_0002,
        },
    });
    let mut cycle_pos = vec![Frame::IDENTITY; 8];
    cycle_pos[0] = step;
    cycle_pos[4] = step;
    let link = Animation {
        id: LINK,
        flags: 1,
        num_parts: 0,
        pos_frames: vec![step, turn, step],
        part_frames: vec![AnimationFrame::default(); 3],
    };
    let cycle = Animation {
        id: CYCLE,
        flags: 1,
        num_parts: 0,
        pos_frames: cycle_pos,
        part_frames: cycle_frames,
    };
    let bare = Animation {
        id: 0x0300_0003,
        part_frames: vec![AnimationFrame::default(); 5],
        ..Animation::default()
    };
    // More pos frames than part frames (the quick update bounds its walk by the part
    // frames, the general loop by both).
    let long_pos = Animation {
        id: 0x0300_0004,
        flags: 1,
        num_parts: 0,
        pos_frames: vec![step, turn, step, turn, step, step],
        part_frames: vec![AnimationFrame::default(); 3],
    };
    Arc::new([link, cycle, bare, long_pos].into_iter().collect())
}

fn frame_bits(f: &AFrame) -> [u32; 7] {
    let (o, q) = (f.origin, f.orientation);
    [o.x, o.y, o.z, q.x, q.y, q.z, q.w].map(f32::to_bits)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1024))]
    /// The usual update's short way (taken without the log) against the general loop (always
    /// taken with the log): walking ticks, wraps, links finishing, odd framerates and time
    /// steps, offsets kept across updates (turning ones too) or fresh, with and without an
    /// offset or a hook list.
    #[test]
    fn the_short_way_matches_the_general_loop(
        anims in proptest::collection::vec((0usize..4, prop_oneof![Just(30.0f32), Just(15.0), Just(-30.0), Just(45.5), Just(1e-4), Just(0.0), -60.0f32..60.0], -1i32..9, -1i32..9), 1..4),
        physics in (prop_oneof![Just(0.0f32), Just(3.12), -4.0f32..4.0], prop_oneof![Just(0.0f32), Just(1.5), -2.0f32..2.0]),
        dts in proptest::collection::vec((prop_oneof![4 => Just(1.0f32 / 30.0), 1 => Just(1.0 / 60.0), 1 => Just(0.1), 1 => Just(0.0), 1 => Just(-1.0 / 30.0), 2 => -0.3f32..0.6], 0u8..8), 1..40),
    ) {
        let ids = [LINK, CYCLE, 0x0300_0003, 0x0300_0004];
        let build = || {
            let mut s = Sequence::new(mixed_source(), Rules::default());
            for &(a, fps, lo, hi) in &anims {
                s.append_animation(&AnimData { anim_id: ids[a], low_frame: lo, high_frame: hi.max(lo.min(0)), framerate: fps });
            }
            s.set_velocity(Vec3::new(0.0, physics.0, 0.0));
            s.set_omega(Vec3::new(0.0, 0.0, physics.1));
            s
        };
        let (mut a, mut b) = (build(), build());
        b.set_playback_logging(true);
        let (mut fa, mut fb) = (AFrame::IDENTITY, AFrame::IDENTITY);
        for (dt, mode) in dts {
            if mode & 1 == 0 {
                fa = AFrame::IDENTITY;
                fb = AFrame::IDENTITY;
            }
            let (mut ha, mut hb) = (Vec::new(), Vec::new());
            let with_frame = mode & 2 == 0;
            let with_hooks = mode & 4 == 0;
            let wa = a.update(dt, with_frame.then_some(&mut fa), with_hooks.then_some(&mut ha));
            let wb = b.update(dt, with_frame.then_some(&mut fb), with_hooks.then_some(&mut hb));
            prop_assert_eq!(wa, wb);
            prop_assert_eq!(frame_bits(&fa), frame_bits(&fb));
            prop_assert_eq!(ha, hb);
            prop_assert_eq!(a.frame_number().to_bits(), b.frame_number().to_bits());
            prop_assert_eq!(a.curr_index(), b.curr_index());
            prop_assert_eq!(a.first_cyclic_index(), b.first_cyclic_index());
            prop_assert_eq!(a.node_ids().collect::<Vec<_>>(), b.node_ids().collect::<Vec<_>>());
        }
    }
}
