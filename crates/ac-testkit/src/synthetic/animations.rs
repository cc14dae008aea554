//! The animations the tables reference: ids handed out on first use, frame counts, part
//! frames with a small wobble, root motion and hooks.

use std::collections::BTreeMap;

use ac_dat::motion::*;
use ac_dat::*;
use glam::{Quat, Vec3};

use super::commands::*;
use super::plan::{Families, Kind};
use super::rng::{Rng, mix};

/// What an animation is for; part of its identity, so a walk cycle and the link into walking
/// are different animations.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Role {
    Cycle,
    LinkIn,
    LinkOut,
    Action,
    StyleSwitch,
}

/// What makes two AnimData share an animation: family, style group, motion and role.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(super) struct AnimKey {
    /// The body family.
    pub(super) family: u32,
    /// The style group ([`sgroup`]; style switches combine two).
    pub(super) sgroup: u32,
    /// The motion it animates.
    pub(super) motion: u32,
    /// What it is for.
    pub(super) role: Role,
}

/// An animation's id and frame count, fixed when it is first asked for.
#[derive(Debug, Clone, Copy)]
pub(super) struct AnimSpec {
    /// Animation id (0x03……).
    pub(super) id: u32,
    /// Frame count.
    pub(super) frames: u32,
}

/// Every animation the tables ask for, keyed by [`AnimKey`]: the first request of a key gets
/// the next id and a frame count hashed from the key.
pub(super) struct AnimRegistry {
    seed: u64,
    map: BTreeMap<AnimKey, AnimSpec>,
    next_id: u32,
}

impl AnimRegistry {
    /// An empty registry whose ids start at 0x03000001.
    pub(super) fn new(seed: u64) -> Self {
        Self {
            seed,
            map: BTreeMap::new(),
            next_id: 0x0300_0001,
        }
    }

    /// Every registered animation, built, in id order.
    pub(super) fn animations(&self, fam: &Families) -> Vec<Animation> {
        let mut animations: Vec<Animation> = self
            .map
            .iter()
            .map(|(k, s)| make_animation(self.seed, k, s, fam))
            .collect();
        animations.sort_by_key(|a| a.id);
        animations
    }

    /// The animation for `key`, registering it on first use.
    pub(super) fn get(&mut self, key: AnimKey) -> AnimSpec {
        if let Some(s) = self.map.get(&key) {
            return *s;
        }
        let h = mix(
            self.seed,
            u64::from(key.family) << 40
                ^ u64::from(key.sgroup) << 32
                ^ u64::from(key.motion)
                ^ (key.role as u64) << 56,
        );
        let (base, span) = match key.role {
            Role::Cycle => (10, 21),
            Role::LinkIn | Role::LinkOut => (4, 9),
            Role::Action => (15, 26),
            Role::StyleSwitch => (6, 9),
        };
        let spec = AnimSpec {
            id: self.next_id,
            frames: base + (h % span) as u32,
        };
        self.next_id += 1;
        self.map.insert(key, spec);
        spec
    }
}

/// The style group of an animation: NonCombat 0, humanoid combat styles share four groups,
/// other kinds one.
pub(super) fn sgroup(kind: Kind, style: u32) -> u32 {
    if style == NON_COMBAT {
        return 0;
    }
    match kind {
        Kind::Humanoid | Kind::HumanoidVariant => {
            1 + COMBAT_STYLES.iter().position(|&s| s == style).unwrap_or(0) as u32 % 4
        }
        _ => 1,
    }
}

/// The unit quaternion `(a, b, c, 1)` normalised, with IEEE-exact operations only.
fn unit_quat(a: f32, b: f32, c: f32) -> Quat {
    let n = (1.0 + a * a + b * b + c * c).sqrt();
    Quat::from_xyzw(a / n, b / n, c / n, 1.0 / n)
}

/// The animation registered as `k` with `s`: part frames, root motion, then hooks.
fn make_animation(seed: u64, k: &AnimKey, s: &AnimSpec, fam: &Families) -> Animation {
    let mut rng = Rng(mix(seed, u64::from(s.id)));
    let parts = fam.parts[k.family as usize];
    let speed = fam.speed[k.family as usize];
    let mut anim = Animation {
        id: s.id,
        flags: 0,
        num_parts: parts,
        pos_frames: Vec::new(),
        part_frames: part_frames(&mut rng, parts, s.frames),
    };
    if let Some(step) = root_motion(k, speed) {
        anim.flags |= Animation::POS_FRAMES;
        anim.pos_frames = vec![step; s.frames as usize];
    }
    add_hooks(&mut anim, k, &mut rng, speed);
    if anim.part_frames.iter().any(|pf| !pf.hooks.is_empty()) {
        anim.flags |= Animation::HAS_HOOKS;
    }
    anim
}

/// `frames` frames of `parts` part transforms: a random rest pose, stacked 0.1 apart in z,
/// with a small wobble of position and orientation per frame.
fn part_frames(rng: &mut Rng, parts: u32, frames: u32) -> Vec<AnimationFrame> {
    let base: Vec<Vec3> = (0..parts)
        .map(|p| {
            Vec3::new(
                rng.signed_unit() * 0.25,
                rng.signed_unit() * 0.25,
                p as f32 * 0.1,
            )
        })
        .collect();
    (0..frames)
        .map(|_| {
            let frames = base
                .iter()
                .map(|o| {
                    let wobble = Vec3::new(
                        o.x + rng.signed_unit() * 0.01,
                        o.y + rng.signed_unit() * 0.01,
                        o.z,
                    );
                    let q = unit_quat(
                        rng.signed_unit() * 0.2,
                        rng.signed_unit() * 0.2,
                        rng.signed_unit() * 0.2,
                    );
                    Frame::new(wobble, q)
                })
                .collect();
            AnimationFrame {
                frames,
                hooks: Vec::new(),
            }
        })
        .collect()
}

/// The per-frame root motion (pos frame) of the animation, if it has one.
///
/// As in retail, locomotion moves an object through the velocity and omega of the cycles'
/// MotionData, not through pos frames (which would add the same displacement a second time),
/// so walk, run, sidestep and turn animations have none. Pos frames belong to the special
/// motions that displace the body on their own; here the stagger reactions step back or
/// forward 2 cm a frame.
fn root_motion(k: &AnimKey, speed: f32) -> Option<Frame> {
    let step = match (k.role, k.motion) {
        (Role::Action, STAGGER_BACKWARD) => -0.02 * speed,
        (Role::Action, STAGGER_FORWARD) => 0.02 * speed,
        _ => return None,
    };
    Some(Frame::new(Vec3::new(0.0, step, 0.0), Quat::IDENTITY))
}

/// Hooks by role and motion: footstep sounds on walk and run cycles, a particle script on
/// hover, death sound and script on the link into Dead, ethereal toggles on On/Off, and on
/// actions an attack cone with its sound (attacks), a breath particle (BreatheFlame) and now
/// and then an AnimationDone at the end.
fn add_hooks(anim: &mut Animation, k: &AnimKey, rng: &mut Rng, speed: f32) {
    let f = anim.num_frames();
    let parts = anim.num_parts;
    let last = f as usize - 1;
    let sound = 0x0A00_0000 + k.family * 256 + (k.motion & 0xFF);
    match (k.role, k.motion) {
        (Role::Cycle, WALK_FORWARD | RUN_FORWARD) => {
            anim.push_hook(
                0,
                AnimationHook::new(HOOK_DIR_BOTH, HookData::Sound { sound_id: sound }),
            );
            anim.push_hook(
                f as usize / 2,
                AnimationHook::new(
                    HOOK_DIR_BOTH,
                    HookData::Sound {
                        sound_id: sound + 1,
                    },
                ),
            );
        }
        (Role::Cycle, HOVER) => {
            anim.push_hook(
                0,
                AnimationHook::new(
                    HOOK_DIR_FORWARD,
                    HookData::CallPES {
                        pes_id: 0x3300_0001 + k.family,
                        pause: 0.5,
                    },
                ),
            );
        }
        (Role::LinkIn, DEAD) => {
            anim.push_hook(
                0,
                AnimationHook::new(HOOK_DIR_FORWARD, HookData::SoundTable { sound_type: 0x0F }),
            );
            anim.push_hook(
                last,
                AnimationHook::new(HOOK_DIR_FORWARD, HookData::DefaultScript),
            );
        }
        (Role::LinkIn, ON | OFF) => {
            let ethereal = u32::from(k.motion == ON);
            anim.push_hook(
                0,
                AnimationHook::new(HOOK_DIR_BOTH, HookData::Ethereal { ethereal }),
            );
        }
        (Role::Action, m) => {
            let mid = f as usize / 2;
            if is_attack(m) {
                let cone = AttackCone {
                    part_index: parts.saturating_sub(1).min(12),
                    left_x: -0.5,
                    left_y: 0.75,
                    right_x: 0.5,
                    right_y: 0.75,
                    radius: 1.25 * speed,
                    height: 0.75,
                };
                anim.push_hook(
                    mid,
                    AnimationHook::new(HOOK_DIR_FORWARD, HookData::Attack { cone }),
                );
                anim.push_hook(
                    mid,
                    AnimationHook::new(HOOK_DIR_FORWARD, HookData::SoundTable { sound_type: 0x36 }),
                );
            }
            if m == 0x1000_006D {
                anim.push_hook(
                    mid,
                    AnimationHook::new(
                        HOOK_DIR_FORWARD,
                        HookData::CreateParticle {
                            emitter_info_id: 0x3200_0001 + k.family,
                            part_index: 0,
                            offset: Frame::new(Vec3::new(0.0, 0.5, 0.25), Quat::IDENTITY),
                            emitter_id: 1,
                        },
                    ),
                );
            }
            if rng.below(3) == 0 {
                anim.push_hook(
                    last,
                    AnimationHook::new(HOOK_DIR_FORWARD, HookData::AnimationDone),
                );
            }
        }
        _ => {}
    }
}
