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
