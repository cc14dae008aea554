//! `AnimSequenceNode`: one entry of the sequence's anim list (`Animation/AnimSequenceNode.cs`).
//!
//! A sequence stores its nodes as [`Node`]s, which name their animation by its position in
//! the sequence's animation cache (or mark it as held by the sequence itself) instead of
//! holding a counted reference: appending and removing a node then touch no reference count
//! (an atomic operation each). [`AnimSequenceNode`] is a node as read, with its animation.

use std::sync::Arc;

use ac_dat::{AnimData, Animation, AnimationFrame};

use crate::aframe::{AFrame, EPSILON};

/// How a node plays its animation: the signed framerate and the frame range.
///
/// The frame range is resolved once, at construction (ACE `set_animation_id`); afterwards only
/// [`Play::multiply_framerate`] changes it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Play {
    framerate: f32,
    low_frame: i32,
    high_frame: i32,
}

impl Play {
    /// The range `data` asks for in an animation of `frames` frames, clamped exactly like
    /// ACE's `set_animation_id`, in this order:
    ///
    /// 1. `high < 0` → `NumFrames - 1`;
    /// 2. `low >= NumFrames` → `NumFrames - 1`;
    /// 3. `high >= NumFrames` → `NumFrames - 1`;
    /// 4. `low > high` → `high = low`.
    ///
    /// `NumFrames - 1` is computed in u32 and reinterpreted as i32 (a 0-frame animation gives
    /// −1), and the comparisons mix `int` with `uint`, which C# evaluates in 64 bits.
    #[inline(always)]
    pub(crate) fn new(data: &AnimData, frames: u32) -> Self {
        let last = frames.wrapping_sub(1) as i32;
        let n64 = i64::from(frames);
        let mut low = data.low_frame;
        let mut high = data.high_frame;
        if high < 0 {
            high = last;
        }
        if i64::from(low) >= n64 {
            low = last;
        }
        if i64::from(high) >= n64 {
            high = last;
        }
        if low > high {
            high = low;
        }
        Self {
            framerate: data.framerate,
            low_frame: low,
            high_frame: high,
        }
    }

    /// `high + 1 - EPSILON` in ACE's evaluation order: the int sum (unchecked) is converted to
    /// f32, then EPSILON is subtracted in f32 (high 9 → 9.9998).
    fn high_end(&self) -> f32 {
        self.high_frame.wrapping_add(1) as f32 - EPSILON
    }

    /// `get_starting_frame()`: `low` when playing forward (framerate ≥ 0), just below
    /// `high + 1` when playing backwards.
    #[inline]
    pub(crate) fn starting_frame(&self) -> f32 {
        if self.framerate >= 0.0 {
            self.low_frame as f32
        } else {
            self.high_end()
        }
    }

    /// `get_ending_frame()`: just below `high + 1` forward, `low` backwards.
    pub(crate) fn ending_frame(&self) -> f32 {
        if self.framerate >= 0.0 {
            self.high_end()
        } else {
            self.low_frame as f32
        }
    }

    /// `multiply_framerate(m)`: a negative multiplier swaps `low` and `high`, then the
    /// framerate is scaled.
    pub(crate) fn multiply_framerate(&mut self, multiplier: f32) {
        if multiplier < 0.0 {
            std::mem::swap(&mut self.low_frame, &mut self.high_frame);
        }
        self.framerate *= multiplier;
    }
}

/// The mark of a node whose animation the sequence holds itself (found by the node's serial)
/// rather than its cache: no cache position is this large.
pub(crate) const HELD: u32 = u32::MAX;

/// One node as a [`crate::Sequence`] stores it: where its animation is, how it is played and
/// the node's handle serial; 20 bytes, and no reference count to touch when it is made or
/// dropped.
#[derive(Debug, Clone)]
pub(crate) struct Node {
    /// The animation's position in the sequence's cache, or [`HELD`].
    pub(crate) anim: u32,
    pub(crate) play: Play,
    /// The node's handle in the sequence that holds it (see [`crate::NodeId`]).
    pub(crate) serial: u32,
}

impl Node {
    /// The handle serial a sequence gave this node.
    #[inline]
    pub(crate) fn serial(&self) -> u32 {
        self.serial
    }

    /// Signed playback rate in frames per second.
    #[inline]
    pub(crate) fn framerate(&self) -> f32 {
        self.play.framerate
    }

    /// See [`AnimSequenceNode::starting_frame`].
    #[inline]
    pub(crate) fn starting_frame(&self) -> f32 {
        self.play.starting_frame()
    }

    /// See [`AnimSequenceNode::ending_frame`].
    pub(crate) fn ending_frame(&self) -> f32 {
        self.play.ending_frame()
    }

    /// See [`AnimSequenceNode::multiply_framerate`].
    pub(crate) fn multiply_framerate(&mut self, multiplier: f32) {
        self.play.multiply_framerate(multiplier);
    }

    /// This node read with its animation.
    #[inline(always)]
    pub(crate) fn with<'a>(&self, anim: &'a Arc<Animation>) -> AnimSequenceNode<'a> {
        AnimSequenceNode {
            anim,
            play: self.play,
        }
    }
}

/// One animation queued in a [`crate::Sequence`], as read: the animation data plus the frame
/// range and signed framerate it is played with.
///
/// A copy: changing it ([`Self::multiply_framerate`]) does not change the sequence.
#[derive(Clone, Copy)]
pub struct AnimSequenceNode<'a> {
    anim: &'a Arc<Animation>,
    play: Play,
}

impl std::fmt::Debug for AnimSequenceNode<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AnimSequenceNode")
            .field("anim", &self.anim)
            .field("framerate", &self.play.framerate)
            .field("low_frame", &self.play.low_frame)
            .field("high_frame", &self.play.high_frame)
            .finish()
    }
}

impl<'a> AnimSequenceNode<'a> {
    /// Builds a node from an [`AnimData`] reference and the loaded animation, clamping the frame
    /// range exactly like ACE's `set_animation_id`, in this order:
    ///
    /// 1. `high < 0` → `NumFrames - 1`;
    /// 2. `low >= NumFrames` → `NumFrames - 1`;
    /// 3. `high >= NumFrames` → `NumFrames - 1`;
    /// 4. `low > high` → `high = low`.
    ///
    /// `NumFrames - 1` is computed in u32 and reinterpreted as i32 (a 0-frame animation gives
    /// −1), and the comparisons mix `int` with `uint`, which C# evaluates in 64 bits.
    pub fn new(data: &AnimData, anim: &'a Arc<Animation>) -> Self {
        Self {
            anim,
            play: Play::new(data, anim.num_frames()),
        }
    }

    /// The animation played by this node.
    pub fn animation(&self) -> &'a Arc<Animation> {
        self.anim
    }

    /// The animation's file id (what the dump prints as `anim=`).
    pub fn anim_id(&self) -> u32 {
        self.anim.id
    }

    /// Signed playback rate in frames per second (negative plays backwards).
    pub fn framerate(&self) -> f32 {
        self.play.framerate
    }

    /// `get_low_frame()`: first frame of the played range (after clamping / swapping).
    pub fn low_frame(&self) -> i32 {
        self.play.low_frame
    }

    /// `get_high_frame()`: last frame of the played range (after clamping / swapping).
    pub fn high_frame(&self) -> i32 {
        self.play.high_frame
    }

    /// `get_starting_frame()`: where playback enters the node — `low` when playing forward
    /// (framerate ≥ 0), just below `high + 1` when playing backwards.
    #[inline]
    pub fn starting_frame(&self) -> f32 {
        self.play.starting_frame()
    }

    /// `get_ending_frame()`: where playback leaves the node — just below `high + 1` forward,
    /// `low` backwards.
    pub fn ending_frame(&self) -> f32 {
        self.play.ending_frame()
    }

    /// `get_part_frame(i)`: the per-part frame (transforms + hooks) `i`, or `None` outside
    /// `0..NumFrames`.
    pub fn part_frame(&self, index: i32) -> Option<&'a AnimationFrame> {
        usize::try_from(index)
            .ok()
            .and_then(|i| self.anim.part_frames.get(i))
    }

    /// `get_pos_frame(i)`: the root-motion frame `i`, or a fresh identity frame when the index is
    /// outside the pos-frame list (including animations without pos frames).
    pub fn pos_frame(&self, index: i32) -> AFrame {
        usize::try_from(index)
            .ok()
            .and_then(|i| self.anim.pos_frames.get(i))
            .map_or(AFrame::IDENTITY, |f| *f)
    }

    /// Frame indices `0..n` hold a part frame or a pos frame (at most `i32::MAX`); outside them
    /// a boundary has no hook and an identity pos frame.
    #[inline]
    pub(crate) fn frames_with_data(&self) -> i64 {
        let n = self.anim.part_frames.len().max(self.anim.pos_frames.len());
        n.min(i32::MAX as usize) as i64
    }

    /// The number of part frames, read with one load: for indices below `i32::MAX` a bound
    /// no larger than [`Self::frames_with_data`] (equal to it when the animation has no more
    /// pos frames than part frames, the usual case), so the quick update's bound test
    /// against it accepts only steps the test against the frames with data accepts. (A
    /// `Vec`'s length never exceeds `isize::MAX`, so the cast is exact.)
    #[inline]
    pub(crate) fn part_frame_count(&self) -> i64 {
        self.anim.part_frames.len() as i64
    }

    /// Whether the animation carries any pos frame (ACE `Anim.PosFrames.Count > 0`, used by
    /// `advance_to_next_animation`; the per-boundary code combines unconditionally).
    pub fn has_pos_frames(&self) -> bool {
        !self.anim.pos_frames.is_empty()
    }

    /// `multiply_framerate(m)`: a negative multiplier swaps `low` and `high` (so the node plays
    /// the same range in the other direction), then the framerate is scaled.
    ///
    /// Applying −1 to a node swaps its bounds so that `low > high`; ACE then recurses forever
    /// in `update_internal` (see [`crate::Sequence::update`] for the guard).
    pub fn multiply_framerate(&mut self, multiplier: f32) {
        self.play.multiply_framerate(multiplier);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn anim(frames: usize) -> Arc<Animation> {
        Arc::new(Animation {
            id: 0x0300_0001,
            part_frames: vec![AnimationFrame::default(); frames],
            ..Animation::default()
        })
    }

    fn data(low: i32, high: i32, fps: f32) -> AnimData {
        AnimData {
            anim_id: 0x0300_0001,
            low_frame: low,
            high_frame: high,
            framerate: fps,
        }
    }

    #[test]
    fn clamps_in_format_order() {
        let a = anim(10);
        let n = AnimSequenceNode::new(&data(0, -1, 30.0), &a);
        assert_eq!((n.low_frame(), n.high_frame()), (0, 9));
        let a = anim(10);
        let n = AnimSequenceNode::new(&data(12, 3, 30.0), &a);
        assert_eq!((n.low_frame(), n.high_frame()), (9, 9));
        let a = anim(10);
        let n = AnimSequenceNode::new(&data(5, 2, 30.0), &a);
        assert_eq!((n.low_frame(), n.high_frame()), (5, 5));
        let a = anim(10);
        let n = AnimSequenceNode::new(&data(-3, 20, 30.0), &a);
        assert_eq!((n.low_frame(), n.high_frame()), (-3, 9));
    }

    #[test]
    fn zero_frame_animation_gives_minus_one() {
        let a = anim(0);
        let n = AnimSequenceNode::new(&data(0, -1, 30.0), &a);
        assert_eq!((n.low_frame(), n.high_frame()), (-1, -1));
        assert_eq!(n.starting_frame(), -1.0);
    }

    #[test]
    fn starting_and_ending_frames() {
        let a = anim(10);
        let n = AnimSequenceNode::new(&data(0, 9, 30.0), &a);
        assert_eq!(n.starting_frame(), 0.0);
        assert_eq!(n.ending_frame(), 10.0f32 - EPSILON);
        let a = anim(10);
        let n = AnimSequenceNode::new(&data(0, 9, -30.0), &a);
        assert_eq!(n.starting_frame(), 10.0f32 - EPSILON);
        assert_eq!(n.ending_frame(), 0.0);
    }

    #[test]
    fn multiply_negative_swaps() {
        let a = anim(10);
        let mut n = AnimSequenceNode::new(&data(2, 8, 30.0), &a);
        n.multiply_framerate(-2.0);
        assert_eq!(
            (n.low_frame(), n.high_frame(), n.framerate()),
            (8, 2, -60.0)
        );
        n.multiply_framerate(0.0);
        assert_eq!((n.low_frame(), n.high_frame()), (8, 2));
    }

    #[test]
    fn out_of_range_frames() {
        let a = anim(3);
        let n = AnimSequenceNode::new(&data(0, -1, 30.0), &a);
        assert!(n.part_frame(-1).is_none());
        assert!(n.part_frame(3).is_none());
        assert!(n.part_frame(2).is_some());
        assert_eq!(n.pos_frame(0), AFrame::IDENTITY);
    }
}
