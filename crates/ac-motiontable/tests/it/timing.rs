//! Static timing helpers (ACE `MotionTable`'s static queries; quirk `timing-helpers`).

use std::collections::BTreeMap;

use ac_dat::{AnimData, Animation, AnimationFrame, AnimationHook, Frame, HookData};
use ac_motiontable::command::{cycle_key, stance::NON_COMBAT};
use ac_motiontable::motion::*;
use ac_motiontable::{anim_data_length, anim_dist};
use glam::{Quat, Vec3};

use crate::util::*;

fn anim(id: u32, frames: u32, pos: &[Vec3]) -> Animation {
    Animation {
        id,
        flags: u32::from(!pos.is_empty()),
        num_parts: 0,
        pos_frames: pos
            .iter()
            .map(|&o| Frame {
                origin: o,
                orientation: Quat::IDENTITY,
            })
            .collect(),
        part_frames: (0..frames).map(|_| AnimationFrame::default()).collect(),
    }
}

fn lib() -> BTreeMap<u32, Animation> {
    let mut m = BTreeMap::new();
    for (id, n) in [
        (0x100, 10),
        (0x101, 8),
        (0x110, 4),
        (0x120, 5),
        (0x121, 3),
        (0x102, 8),
    ] {
        m.insert(id, anim(id, n, &[]));
    }
    m.insert(
        0x102,
        anim(
            0x102,
            2,
            &[Vec3::new(0.0, 0.5, 0.0), Vec3::new(0.0, 0.5, 0.0)],
        ),
    );
    let mut hooked = anim(0x121, 3, &[]);
    hooked.part_frames[1].hooks.push(AnimationHook {
        direction: 1,
        data: HookData::AnimationDone,
    });
    m.insert(0x121, hooked);
    m
}

#[test]
fn odd21_explicit_high_counts_one_frame_fewer() {
    let l = lib();
    let whole = AnimData::new(0x100);
    let explicit = AnimData {
        high_frame: 9,
        ..whole
    };
    assert_eq!(anim_data_length(&whole, &l), 10.0 / 30.0);
    assert_eq!(anim_data_length(&explicit, &l), 9.0 / 30.0);
    let beyond = AnimData {
        high_frame: 50,
        ..whole
    };
    assert_eq!(anim_data_length(&beyond, &l), 10.0 / 30.0);
    let stopped = AnimData {
        framerate: 0.0,
        ..whole
    };
    assert_eq!(anim_data_length(&stopped, &l), f32::INFINITY);
    let empty = AnimData {
        high_frame: 0,
        ..AnimData::new(0x999)
    };
    assert!(
        anim_data_length(
            &AnimData {
                framerate: 0.0,
                ..empty
            },
            &l
        )
        .is_nan()
    );
}

#[test]
fn animation_and_cycle_lengths() {
    let r = humanoid().build();
    let l = lib();
    let nc = NON_COMBAT;
    // Ready -> Walk link: 0x110, 4 frames.
    assert_eq!(r.animation_length(nc, WALK_FORWARD, 1.0, &l), 4.0 / 30.0);
    assert_eq!(
        r.animation_length(nc, WALK_FORWARD, 2.0, &l),
        4.0 / 30.0 / 2.0
    );
    // Ready -> Twitch1: two anims 5 + 3 frames.
    assert_eq!(
        r.animation_length(nc, TWITCH1, 1.0, &l),
        5.0 / 30.0 + 3.0 / 30.0
    );
    assert_eq!(r.cycle_length(nc, WALK_FORWARD, 1.0, &l), 8.0 / 30.0);
    assert!(r.cycle_length(nc, HOVER, 0.0, &l).is_nan(), "0 / 0 like C#");
    assert_eq!(r.cycle_length(nc, HOVER, 1.0, &l), 0.0);
    // No outer map for the current substate: no style-wide fallback (quirk `timing-helpers`).
    assert!(r.anim_data(nc, WALK_FORWARD, CROUCH).is_empty());
    // Style change from Walk: Walk -> Ready (0x111 missing = 0 frames) + Ready -> Sword (0x130).
    let between = r.animation_length_between(
        nc,
        WALK_FORWARD,
        ac_motiontable::command::stance::SWORD_COMBAT,
        1.0,
        &l,
    );
    assert_eq!(between, 0.0);
    let _ = cycle_key(nc, READY);
}

#[test]
fn run_and_turn_speed() {
    let r = humanoid().build();
    let l = lib();
    // RunForward cycle 0x102: two pos frames of 0.5 -> |(0,1,0)| / 2 * 30 = 15.
    assert_eq!(r.run_speed(&l), 15.0);
    assert_eq!(r.turn_speed(), 1.5);
    let md = r.motion_data(READY, None).expect("ready cycle");
    assert_eq!(anim_dist(md, &l), 0.0);
    assert!(r.link_data(WALK_FORWARD, None).is_some());
    assert!(!r.has_default_script(WALK_FORWARD, NON_COMBAT, &l));
    assert!(r.attack_frames(NON_COMBAT, TWITCH1, &l).is_empty());
}
