//! Static DAT queries used by game logic to time and measure motions: animation and
//! cycle lengths, run/turn speed, animation distance, default-script and attack-frame lookups.
//!
//! These port ACE's `MotionTable` static helpers and the `ACE.DatLoader` `MotionTable` methods
//! they call, including their quirks (quirk `timing-helpers`: `high − low` frame counts, no style-wide fallback
//! in `GetAnimData`, low/high ignored by the distance and attack-frame walks) and their IEEE
//! results: a zero framerate or speed yields `±inf`/`NaN` exactly as the C# float division does.
//! ACE reads the table by id (0 → 0 / null); here the caller holds the [`Resolver`] and answers 0
//! itself when it has no table.

use std::collections::{BTreeMap, HashMap};

use ac_dat::{AnimData, Animation, AnimationHook, MotionData};
use glam::Vec3;

use crate::Resolver;
use crate::command::{cycle_key, is_style, link_outer_key, style_link_key};
use crate::motion::{READY, RUN_FORWARD, TURN_RIGHT};

/// `AnimationHookType.Attack`.
pub const HOOK_TYPE_ATTACK: u32 = 3;
/// `AnimationHookType.DefaultScript`.
pub const HOOK_TYPE_DEFAULT_SCRIPT: u32 = 17;

/// Where the timing helpers read animations from (a DAT cache, an in-memory map, ...).
pub trait AnimationLookup {
    /// The animation with file id `id`, if available.
    fn animation(&self, id: u32) -> Option<&Animation>;
}

impl AnimationLookup for BTreeMap<u32, Animation> {
    fn animation(&self, id: u32) -> Option<&Animation> {
        self.get(&id)
    }
}

impl<S: std::hash::BuildHasher> AnimationLookup for HashMap<u32, Animation, S> {
    fn animation(&self, id: u32) -> Option<&Animation> {
        self.get(&id)
    }
}

impl AnimationLookup for [Animation] {
    fn animation(&self, id: u32) -> Option<&Animation> {
        self.iter().find(|a| a.id == id)
    }
}

/// DatLoader `GetAnimationLength(AnimData)`: `(high − low) / |framerate|` seconds, where a `high`
/// of −1 or beyond the animation means `NumFrames` — so an explicit `high` counts one frame fewer
/// than the −1 form (quirk `timing-helpers`). A missing animation counts as 0 frames (ACE would
/// throw: quirk `timing-missing-animation`).
pub fn anim_data_length(anim: &AnimData, anims: &(impl AnimationLookup + ?Sized)) -> f32 {
    let nf = anims
        .animation(anim.anim_id)
        .map_or(0, Animation::num_frames);
    let mut high = anim.high_frame;
    if anim.high_frame == -1 {
        high = nf as i32;
    }
    if i64::from(high) > i64::from(nf) {
        high = nf as i32;
    }
    let frames = high.wrapping_sub(anim.low_frame);
    frames as f32 / anim.framerate.abs()
}

impl Resolver {
    /// DatLoader `GetAnimData(stance, motion, current)`: the anims of
    /// `Links[(stance << 16) | (current & 0xFFFFF)][motion]`, falling back to the style-wide map
    /// only when the outer map exists but lacks `motion` (quirk `timing-helpers`); empty when nothing matches.
    pub fn anim_data(&self, stance: u32, motion: u32, current: u32) -> &[AnimData] {
        let outer = (stance << 16) | (current & 0xF_FFFF);
        if self.links_from(outer).is_none() {
            return &[];
        }
        if let Some(md) = self.link(outer, motion) {
            return &md.anims;
        }
        self.link(style_link_key(stance), motion)
            .map_or(&[], |md| &md.anims)
    }

    /// DatLoader `GetAnimationLength(stance, motion, current)`: Σ [`anim_data_length`] over
    /// [`Self::anim_data`]; `current` defaults to `StyleDefaults[stance]` (or `Invalid` = 0).
    pub fn animation_length_from(
        &self,
        stance: u32,
        motion: u32,
        current: Option<u32>,
        anims: &(impl AnimationLookup + ?Sized),
    ) -> f32 {
        let current = current.unwrap_or_else(|| self.style_default(stance).unwrap_or(0));
        let mut len = 0.0f32;
        for a in self.anim_data(stance, motion, current) {
            len += anim_data_length(a, anims);
        }
        len
    }

    /// `MotionTable.GetAnimationLength(mt, stance, motion, speed)`: the link out of the stance's
    /// default substate into `motion`, divided by `speed` (0 → `inf`/`NaN` like C#).
    pub fn animation_length(
        &self,
        stance: u32,
        motion: u32,
        speed: f32,
        anims: &(impl AnimationLookup + ?Sized),
    ) -> f32 {
        self.animation_length_from(stance, motion, None, anims) / speed
    }

    /// `MotionTable.GetAnimationLength(mt, stance, current, motion, speed)`: for a style change
    /// from a substate other than Ready, first the `current → Ready` link, then the link into
    /// `motion` (each divided by `speed`).
    pub fn animation_length_between(
        &self,
        stance: u32,
        current: u32,
        motion: u32,
        speed: f32,
        anims: &(impl AnimationLookup + ?Sized),
    ) -> f32 {
        let mut current = current;
        let mut len = 0.0f32;
        if is_style(motion) && current != READY {
            len += self.animation_length_from(stance, READY, Some(current), anims) / speed;
            current = READY;
        }
        len += self.animation_length_from(stance, motion, Some(current), anims) / speed;
        len
    }

    /// `MotionTable.GetCycleLength(mt, stance, motion, speed)`: Σ anim lengths of
    /// `Cycles[(stance << 16) | (motion & 0xFFFFF)]` (0 when missing), divided by `speed`.
    pub fn cycle_length(
        &self,
        stance: u32,
        motion: u32,
        speed: f32,
        anims: &(impl AnimationLookup + ?Sized),
    ) -> f32 {
        let mut len = 0.0f32;
        if let Some(md) = self.cycle((stance << 16) | (motion & 0xF_FFFF)) {
            for a in &md.anims {
                len += anim_data_length(a, anims);
            }
        }
        len / speed
    }

    /// `MotionTable.GetMotionData(mt, motion, style)`: `Cycles[(style ?? DefaultStyle) << 16 |
    /// motion & 0xFFFFFF]`.
    pub fn motion_data(&self, motion: u32, style: Option<u32>) -> Option<&MotionData> {
        let style = style.unwrap_or(self.default_style());
        self.cycle(cycle_key(style, motion))
    }

    /// `MotionTable.GetLinkData(mt, motion, style)`: the link out of Ready,
    /// `Links[(style ?? DefaultStyle) << 16 | 3][motion]`.
    pub fn link_data(&self, motion: u32, style: Option<u32>) -> Option<&MotionData> {
        let style = style.unwrap_or(self.default_style());
        self.link(link_outer_key(style, READY), motion)
    }

    /// `MotionTable.GetRunSpeed`: [`anim_dist`] of the default style's RunForward cycle, 0 when
    /// missing. (ACE caches it per table id; the value is a pure function of the table.)
    pub fn run_speed(&self, anims: &(impl AnimationLookup + ?Sized)) -> f32 {
        self.motion_data(RUN_FORWARD, None)
            .map_or(0.0, |md| anim_dist(md, anims))
    }

    /// `MotionTable.GetTurnSpeed`: `|omega.z|` of the default style's TurnRight cycle, 0 when
    /// missing.
    pub fn turn_speed(&self) -> f32 {
        self.motion_data(TURN_RIGHT, None)
            .map_or(0.0, |md| md.omega.z.abs())
    }

    /// `MotionTable.HasDefaultScript(mt, motion, style)`: whether any part frame of the anims of
    /// [`Self::link_data`] carries a DefaultScript hook (missing animations are skipped).
    pub fn has_default_script(
        &self,
        motion: u32,
        style: u32,
        anims: &(impl AnimationLookup + ?Sized),
    ) -> bool {
        let Some(md) = self.link_data(motion, Some(style)) else {
            return false;
        };
        md.anims.iter().any(|a| {
            anims.animation(a.anim_id).is_some_and(|an| {
                an.part_frames.iter().any(|f| {
                    f.hooks
                        .iter()
                        .any(|h| h.data.type_id() == HOOK_TYPE_DEFAULT_SCRIPT)
                })
            })
        })
    }

    /// DatLoader `GetAttackFrames(stance, motion)`: every Attack hook in the anims of
    /// `GetAnimData(stance, motion, StyleDefaults[stance])`, walking **every** part frame
    /// (low/high ignored, quirk `timing-helpers`), as `(frame index / total frames, hook)` with the index
    /// cumulative across anims. Missing animations contribute no frames.
    pub fn attack_frames(
        &self,
        stance: u32,
        motion: u32,
        anims: &(impl AnimationLookup + ?Sized),
    ) -> Vec<(f32, AnimationHook)> {
        let current = self.style_default(stance).unwrap_or(0);
        let mut found: Vec<(i32, AnimationHook)> = Vec::new();
        let mut total: i32 = 0;
        for a in self.anim_data(stance, motion, current) {
            let Some(an) = anims.animation(a.anim_id) else {
                continue;
            };
            for f in &an.part_frames {
                for h in &f.hooks {
                    if h.data.type_id() == HOOK_TYPE_ATTACK {
                        found.push((total, h.clone()));
                    }
                }
                total = total.wrapping_add(1);
            }
        }
        found
            .into_iter()
            .map(|(i, h)| (i as f32 / total as f32, h))
            .collect()
    }
}

/// `MotionTable.GetAnimDist(md)`: the length of Σ pos-frame origins over **all** pos frames of
/// all anims (low/high ignored, quirk `timing-helpers`) divided by the number of pos frames, times the first
/// anim's framerate; 0 when the sum has length 0. Missing animations contribute nothing.
pub fn anim_dist(md: &MotionData, anims: &(impl AnimationLookup + ?Sized)) -> f32 {
    let mut offset = Vec3::ZERO;
    let mut total: i32 = 0;
    for a in &md.anims {
        let Some(an) = anims.animation(a.anim_id) else {
            continue;
        };
        for f in &an.pos_frames {
            offset = Vec3::new(
                offset.x + f.origin.x,
                offset.y + f.origin.y,
                offset.z + f.origin.z,
            );
            total = total.wrapping_add(1);
        }
    }
    // System.Numerics Length: sqrt(x*x + y*y + z*z), left to right.
    let dist = (offset.x * offset.x + offset.y * offset.y + offset.z * offset.z).sqrt();
    if dist == 0.0 {
        return 0.0;
    }
    let rate = md.anims.first().map_or(0.0, |a| a.framerate);
    dist / total as f32 * rate
}
