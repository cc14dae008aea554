//! [`RecordingSequence`]: an [`AnimSequence`] that records what the resolver asks for.
//!
//! It lets a resolution be inspected, tested and snapshotted without the real player
//! (`ac-sequence`). Besides the operation log it keeps a small *model* of the sequence — the
//! appended anim refs, the first-cyclic position, velocity and omega — following ACE's list
//! rules, because the resolver's speed-only fast path asks `has_anims()`.
//! The model does no frame clamping and no playback.

use std::fmt;

use ac_dat::AnimData;
use glam::Vec3;

use crate::AnimSequence;

/// One operation the resolver or manager issued on the sequence.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum SeqOp {
    /// `clear_physics()`.
    ClearPhysics,
    /// `clear_animations()`.
    ClearAnimations,
    /// `remove_cyclic_anims()`.
    RemoveCyclicAnims,
    /// `remove_link_animations(n)`.
    RemoveLinkAnimations(u32),
    /// `remove_all_link_animations()`.
    RemoveAllLinkAnimations,
    /// `append_animation(anim)` (framerate already scaled).
    AppendAnimation(AnimData),
    /// `set_velocity(v)`.
    SetVelocity(Vec3),
    /// `set_omega(w)`.
    SetOmega(Vec3),
    /// `combine_physics(v, w)`.
    CombinePhysics(Vec3, Vec3),
    /// `subtract_physics(v, w)`.
    SubtractPhysics(Vec3, Vec3),
    /// `multiply_cyclic_animation_framerate(rate)`.
    MultiplyCyclicFramerate(f32),
}

fn v3(v: Vec3) -> String {
    format!("{},{},{}", v.x, v.y, v.z)
}

impl fmt::Display for SeqOp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SeqOp::ClearPhysics => f.write_str("clear_physics"),
            SeqOp::ClearAnimations => f.write_str("clear_animations"),
            SeqOp::RemoveCyclicAnims => f.write_str("remove_cyclic_anims"),
            SeqOp::RemoveLinkAnimations(n) => write!(f, "remove_link_animations {n}"),
            SeqOp::RemoveAllLinkAnimations => f.write_str("remove_all_link_animations"),
            SeqOp::AppendAnimation(a) => write!(
                f,
                "append 0x{:08X} lo={} hi={} fps={}",
                a.anim_id, a.low_frame, a.high_frame, a.framerate
            ),
            SeqOp::SetVelocity(v) => write!(f, "set_velocity {}", v3(*v)),
            SeqOp::SetOmega(v) => write!(f, "set_omega {}", v3(*v)),
            SeqOp::CombinePhysics(v, w) => {
                write!(f, "combine_physics vel={} omega={}", v3(*v), v3(*w))
            }
            SeqOp::SubtractPhysics(v, w) => {
                write!(f, "subtract_physics vel={} omega={}", v3(*v), v3(*w))
            }
            SeqOp::MultiplyCyclicFramerate(r) => write!(f, "multiply_cyclic_framerate {r}"),
        }
    }
}

/// A sequence stand-in that logs every operation and models the node list.
#[derive(Debug, Clone, Default)]
pub struct RecordingSequence {
    ops: Vec<SeqOp>,
    nodes: Vec<AnimData>,
    first_cyclic: Option<usize>,
    velocity: Vec3,
    omega: Vec3,
}

impl RecordingSequence {
    /// An empty sequence with an empty log.
    pub fn new() -> Self {
        Self::default()
    }

    /// The operations issued so far, oldest first.
    pub fn ops(&self) -> &[SeqOp] {
        &self.ops
    }

    /// Take the log, leaving it empty (the model is kept).
    pub fn take_ops(&mut self) -> Vec<SeqOp> {
        std::mem::take(&mut self.ops)
    }

    /// The modelled node list (anim refs as appended, framerates as multiplied).
    pub fn nodes(&self) -> &[AnimData] {
        &self.nodes
    }

    /// Position of the first cyclic node in [`Self::nodes`], if any.
    pub fn first_cyclic(&self) -> Option<usize> {
        self.first_cyclic
    }

    /// Number of link nodes (before the first cyclic node).
    pub fn link_count(&self) -> usize {
        self.first_cyclic.unwrap_or(0)
    }

    /// The modelled sequence velocity.
    pub fn velocity(&self) -> Vec3 {
        self.velocity
    }

    /// The modelled sequence omega.
    pub fn omega(&self) -> Vec3 {
        self.omega
    }

    fn remove_links(&mut self, n: u64) {
        for _ in 0..n {
            match self.first_cyclic {
                Some(fc) if fc > 0 => {
                    self.nodes.remove(fc - 1);
                    self.first_cyclic = Some(fc - 1);
                }
                _ => return,
            }
        }
    }
}

impl AnimSequence for RecordingSequence {
    fn clear_physics(&mut self) {
        self.ops.push(SeqOp::ClearPhysics);
        self.velocity = Vec3::ZERO;
        self.omega = Vec3::ZERO;
    }

    fn clear_animations(&mut self) {
        self.ops.push(SeqOp::ClearAnimations);
        self.nodes.clear();
        self.first_cyclic = None;
    }

    fn remove_cyclic_anims(&mut self) {
        self.ops.push(SeqOp::RemoveCyclicAnims);
        if let Some(fc) = self.first_cyclic {
            self.nodes.truncate(fc);
        }
        // ACE: FirstCyclic = AnimList.Last afterwards (the last link until the next append).
        self.first_cyclic = self.nodes.len().checked_sub(1);
    }

    fn remove_link_animations(&mut self, n: u32) {
        self.ops.push(SeqOp::RemoveLinkAnimations(n));
        self.remove_links(u64::from(n));
    }

    fn remove_all_link_animations(&mut self) {
        self.ops.push(SeqOp::RemoveAllLinkAnimations);
        self.remove_links(u64::MAX);
    }

    fn append_animation(&mut self, anim: &AnimData) {
        self.ops.push(SeqOp::AppendAnimation(*anim));
        self.nodes.push(*anim);
        self.first_cyclic = Some(self.nodes.len() - 1);
    }

    fn set_velocity(&mut self, velocity: Vec3) {
        self.ops.push(SeqOp::SetVelocity(velocity));
        self.velocity = velocity;
    }

    fn set_omega(&mut self, omega: Vec3) {
        self.ops.push(SeqOp::SetOmega(omega));
        self.omega = omega;
    }

    fn combine_physics(&mut self, velocity: Vec3, omega: Vec3) {
        self.ops.push(SeqOp::CombinePhysics(velocity, omega));
        self.velocity += velocity;
        self.omega += omega;
    }

    fn subtract_physics(&mut self, velocity: Vec3, omega: Vec3) {
        self.ops.push(SeqOp::SubtractPhysics(velocity, omega));
        self.velocity -= velocity;
        self.omega -= omega;
    }

    fn multiply_cyclic_animation_framerate(&mut self, rate: f32) {
        self.ops.push(SeqOp::MultiplyCyclicFramerate(rate));
        if let Some(fc) = self.first_cyclic {
            for n in &mut self.nodes[fc..] {
                // ACE `AnimSequenceNode.multiply_framerate`: a negative rate swaps the range.
                if rate < 0.0 {
                    std::mem::swap(&mut n.low_frame, &mut n.high_frame);
                }
                n.framerate *= rate;
            }
        }
    }

    fn has_anims(&self) -> bool {
        !self.nodes.is_empty()
    }
}
