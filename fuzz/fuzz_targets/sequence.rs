//! The animation sequence player on animations parsed from the input, driven by a script of
//! appends (frame ranges and framerates drawn from the input), updates and list edits: no
//! panic, no hang, and each update stays within the player's documented work bounds.
//!
//! An update costs the frame boundaries it crosses, up to `MAX_BOUNDARIES_PER_UPDATE` (2^24):
//! seconds for one input when framerate × time step is huge. Those extremes have their own
//! tests in `ac-sequence` (`tests/it/extreme.rs`); here an update whose largest
//! framerate × time step exceeds [`MAX_FRAMES_PER_UPDATE`] is skipped (NaN still runs), and the
//! script ends once its updates together have done [`MAX_WORK_PER_INPUT`] units of work
//! (boundaries plus node transitions, as [`ac_sequence::UpdateWork`] counts them), so an input
//! stays fast and the campaign reaches its executions. Each boundary costs a pos frame, hooks
//! and a rotation; without the second bound 128 operations of 256 frames each took about a
//! millisecond instrumented.
//!
//! No update runs while a node's range is inverted (low frame above high frame, e.g. after a
//! negative framerate multiplier). Such a node hands back more time than it was given, so a
//! list cycling through it never runs out of time (quirk `negative-multiplier-stall`; the
//! reference recurses until its stack overflows). This target found a case where the player's
//! stall guard let one update run to `MAX_ADVANCES_PER_UPDATE` (about half a second
//! instrumented); the guard now stops it after `MAX_UNSHRUNK_ADVANCES`, pinned by
//! `extreme::reversed_range_against_a_negative_quantum_stops_at_the_stall_guard` in
//! `ac-sequence`. The skip stays so this target spends its executions elsewhere; the list edits
//! still run on such nodes here.

#![no_main]

use std::sync::Arc;

use ac_dat::{AnimData, Animation, AnimationHook};
use ac_motiontable::Rules;
use ac_sequence::{
    AFrame, AnimationCache, MAX_ADVANCES_PER_UPDATE, MAX_BOUNDARIES_PER_UPDATE, Sequence,
};
use acmotion_fuzz::Input;
use glam::Vec3;
use libfuzzer_sys::fuzz_target;

/// Operations per input.
const MAX_OPS: usize = 128;

/// Frames an update may cross at most (see the crate docs).
const MAX_FRAMES_PER_UPDATE: f32 = 256.0;

/// Boundaries plus transitions all updates of one input may do together (see the crate docs).
const MAX_WORK_PER_INPUT: u64 = 1024;

fn vec3(input: &mut Input<'_>) -> Option<Vec3> {
    Some(Vec3::new(input.f32()?, input.f32()?, input.f32()?))
}

fuzz_target!(|data: &[u8]| {
    let mut input = Input::new(data);
    let Some(count) = input.u8() else { return };
    let mut cache = AnimationCache::new();
    let mut ids = Vec::new();
    for _ in 0..count % 4 {
        let Some(bytes) = input.chunk() else { return };
        if let Ok(anim) = Animation::parse(bytes) {
            ids.push(anim.id);
            cache.insert(anim);
        }
    }
    if ids.is_empty() {
        return;
    }
    let mut seq = Sequence::new(Arc::new(cache), Rules::ace());
    let mut frame = AFrame::IDENTITY;
    let mut hooks: Vec<AnimationHook> = Vec::new();
    let mut spent: u64 = 0;
    for _ in 0..MAX_OPS {
        let Some(op) = input.u8() else { break };
        match op % 10 {
            0..=2 => {
                let Some(pick) = input.u8() else { break };
                let anim_id = ids[usize::from(pick) % ids.len()];
                let (Some(low), Some(high), Some(framerate)) =
                    (input.i32(), input.i32(), input.f32())
                else {
                    break;
                };
                let _ = seq.append_animation(&AnimData::with_range(anim_id, low, high, framerate));
            }
            3 | 4 => {
                let Some(dt) = input.f32() else { break };
                let fastest = seq.nodes().map(|n| n.framerate().abs()).fold(0.0, f32::max);
                let inverted = seq.nodes().any(|n| n.low_frame() > n.high_frame());
                if fastest * dt.abs() > MAX_FRAMES_PER_UPDATE || inverted {
                    continue;
                }
                hooks.clear();
                let work = seq.update(dt, Some(&mut frame), Some(&mut hooks));
                assert!(work.advances <= MAX_ADVANCES_PER_UPDATE, "{work:?}");
                assert!(work.boundaries <= MAX_BOUNDARIES_PER_UPDATE, "{work:?}");
                spent += work.boundaries + u64::from(work.advances);
                if spent >= MAX_WORK_PER_INPUT {
                    break;
                }
            }
            5 => {
                let Some(n) = input.u8() else { break };
                seq.remove_link_animations(u32::from(n % 8));
            }
            6 => seq.remove_all_link_animations(),
            7 => {
                let Some(rate) = input.f32() else { break };
                seq.multiply_cyclic_animation_framerate(rate);
            }
            8 => {
                let (Some(v), Some(w)) = (vec3(&mut input), vec3(&mut input)) else {
                    break;
                };
                if op & 0x10 == 0 {
                    seq.combine_physics(v, w);
                } else {
                    seq.subtract_physics(v, w);
                }
            }
            _ => match op & 0x30 {
                0x00 => seq.remove_cyclic_anims(),
                0x10 => seq.clear_animations(),
                0x20 => seq.clear_physics(),
                _ => seq.clear(),
            },
        }
    }
    let _ = seq.take_missing_animation();
});
