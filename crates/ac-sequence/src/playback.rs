//! The playback log: what the play head went through *inside* each [`Sequence::update`].
//!
//! A caller sees the anim list only between updates, but one update can play a whole link: a
//! 3-frame link at 30 fps lasts 0.1 s, so a 0.1 s tick can enter it, play it and leave it,
//! and the list read after the tick no longer holds it (`apricot` dropped it). Tools that
//! draw or explain playback (a timeline, an inspector) need those stretches, with their
//! times. The log records, per update, the list as it stood when the update began, then every
//! stretch of time the head spent in one node ([`PlaySpan`]) and every hook it fired with the
//! moment it fired ([`PlayedHook`]).
//!
//! Off by default ([`Sequence::set_playback_logging`]); when off it costs one branch per update
//! and per node transition. Times are *sequence time*: the sum of the `dt` of every update
//! since logging was turned on (an update with a negative `dt` plays backwards and moves this
//! clock back). The log only observes: the same updates give bit-identical results with the
//! log on or off.
//!
//! [`Sequence::update`]: crate::Sequence::update
//! [`Sequence::set_playback_logging`]: crate::Sequence::set_playback_logging

use std::ops::Range;

use ac_dat::{AnimationHook, HOOK_DIR_BACKWARD, HOOK_DIR_BOTH, HOOK_DIR_FORWARD};
use glam::Vec3;

use crate::node::AnimSequenceNode;
use crate::sequence::NodeId;

/// One node of the anim list as it stood when an update began.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LoggedNode {
    /// The node's handle (stable while the node lives; never reused by another node).
    pub node: NodeId,
    /// The animation it plays.
    pub anim_id: u32,
    /// Frames per second (negative plays backwards).
    pub framerate: f32,
    /// The first frame of its range.
    pub low_frame: i32,
    /// The last frame of its range.
    pub high_frame: i32,
    /// Whether it belongs to the cyclic tail (`false`: a link, played once).
    pub cyclic: bool,
}

/// One update: when it started, how long it was, and the list it started from.
#[derive(Debug, Clone, PartialEq)]
pub struct LoggedUpdate {
    /// Sequence time at the start of the update (seconds).
    pub start: f64,
    /// The update's time step (seconds; negative plays backwards).
    pub dt: f32,
    /// The anim list at the start, as a range of [`PlaybackLog::nodes`].
    pub nodes: Range<usize>,
    /// The index in that list of the node under the play head, if any.
    pub curr: Option<usize>,
    /// The play head's frame number at the start.
    pub frame: f32,
    /// The sequence velocity during the update (the motion table's, m/s in the object's frame).
    pub velocity: Vec3,
    /// The sequence omega during the update (radians/s).
    pub omega: Vec3,
    /// Whether a bound of [`Sequence::update`](crate::Sequence::update) cut the update short
    /// (its rest of `dt` was dropped).
    pub truncated: bool,
}

/// A stretch of time the play head spent in one node during one update.
///
/// An update makes one span per node it touches: the node the head was in, then one per node
/// transition (a link finishing, the cycle wrapping).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PlaySpan {
    /// The update it belongs to (an index into [`PlaybackLog::updates`]).
    pub update: usize,
    /// The node.
    pub node: NodeId,
    /// The animation it plays.
    pub anim_id: u32,
    /// Whether the node belongs to the cyclic tail (`false`: a link).
    pub cyclic: bool,
    /// The node's framerate (frames per second).
    pub framerate: f32,
    /// Sequence time when the head entered this stretch (seconds).
    pub start: f64,
    /// Sequence time when it left (equal to `start` plus the time consumed; below `start` when
    /// playing backwards).
    pub end: f64,
    /// The frame number at the start of the stretch.
    pub frame_from: f32,
    /// The frame number at its end (clamped to the node's range when the node finished).
    pub frame_to: f32,
    /// Whether the node finished here and the head moved on to the next node.
    pub finished: bool,
    /// The root motion of the stretch: how far the offset frame's origin moved while the head was
    /// in it (pos frames plus sequence velocity, in the frame of the update's start; zero when the
    /// update had no offset frame). The pos frame applied on entering a node counts towards the
    /// node entered.
    pub root_motion: Vec3,
}

impl PlaySpan {
    /// Seconds the head spent in this stretch (always ≥ 0).
    pub fn duration(&self) -> f64 {
        (self.end - self.start).abs()
    }
}

/// A hook the head fired, and when.
#[derive(Debug, Clone, PartialEq)]
pub struct PlayedHook {
    /// Sequence time at which the head crossed the hook's frame (seconds).
    pub time: f64,
    /// The animation whose frame carried it.
    pub anim_id: u32,
    /// The frame that carried it; `None` for the synthetic `AnimationDone` the sequence queues
    /// when a node ends while the list still starts with a link.
    pub frame: Option<i32>,
    /// The hook.
    pub hook: AnimationHook,
}

/// The record of every update since logging was turned on (see the module docs).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PlaybackLog {
    clock: f64,
    updates: Vec<LoggedUpdate>,
    nodes: Vec<LoggedNode>,
    spans: Vec<PlaySpan>,
    hooks: Vec<PlayedHook>,
}

impl PlaybackLog {
    /// An empty log whose clock reads `clock` seconds.
    pub fn starting_at(clock: f64) -> Self {
        Self {
            clock,
            ..Self::default()
        }
    }

    /// Sequence time now: the start plus the `dt` of every logged update.
    pub fn clock(&self) -> f64 {
        self.clock
    }

    /// The updates, in order.
    pub fn updates(&self) -> &[LoggedUpdate] {
        &self.updates
    }

    /// Every logged list node; [`LoggedUpdate::nodes`] indexes into it.
    pub fn nodes(&self) -> &[LoggedNode] {
        &self.nodes
    }

    /// The list an update started from.
    pub fn nodes_of(&self, update: &LoggedUpdate) -> &[LoggedNode] {
        self.nodes.get(update.nodes.clone()).unwrap_or(&[])
    }

    /// The stretches the head played, in order.
    pub fn spans(&self) -> &[PlaySpan] {
        &self.spans
    }

    /// The hooks fired, in order.
    pub fn hooks(&self) -> &[PlayedHook] {
        &self.hooks
    }

    /// Whether nothing was logged yet.
    pub fn is_empty(&self) -> bool {
        self.updates.is_empty()
    }

    /// Starts an update: records the list it starts from.
    pub(crate) fn begin(
        &mut self,
        dt: f32,
        nodes: impl Iterator<Item = LoggedNode>,
        head: (Option<usize>, f32),
        physics: (Vec3, Vec3),
    ) {
        let ((curr, frame), (velocity, omega)) = (head, physics);
        let first = self.nodes.len();
        self.nodes.extend(nodes);
        self.updates.push(LoggedUpdate {
            start: self.clock,
            dt,
            nodes: first..self.nodes.len(),
            curr,
            frame,
            velocity,
            omega,
            truncated: false,
        });
    }

    /// Ends the update `begin` started: advances the clock by its `dt`.
    pub(crate) fn end(&mut self, truncated: bool) {
        if let Some(u) = self.updates.last_mut() {
            u.truncated = truncated;
            self.clock = u.start + f64::from(u.dt);
        }
    }

    /// Records one stretch; `elapsed` is the update time consumed before it, `consumed` the time
    /// it took (both signed like `dt`). `fired` holds the hooks the walk over its frames queued,
    /// in order (without the `AnimationDone` of a finished node).
    pub(crate) fn span(&mut self, stretch: Stretch<'_>, fired: &[AnimationHook]) {
        let Stretch {
            id,
            node,
            cyclic,
            elapsed,
            consumed,
            frame_from,
            frame_to,
            finished,
            root_motion,
        } = stretch;
        let start = self.update_start() + f64::from(elapsed);
        let end = start + f64::from(consumed);
        let framerate = node.framerate();
        self.spans.push(PlaySpan {
            update: self.updates.len().saturating_sub(1),
            node: id,
            anim_id: node.anim_id(),
            cyclic,
            framerate,
            start,
            end,
            frame_from,
            frame_to,
            finished,
            root_motion,
        });
        self.attribute_hooks(&node, start, end, frame_from, frame_to, fired);
    }

    /// Records the `AnimationDone` a finished node queued, at the end of its stretch.
    pub(crate) fn animation_done(&mut self, hook: &AnimationHook) {
        if let Some(s) = self.spans.last() {
            self.hooks.push(PlayedHook {
                time: s.end,
                anim_id: s.anim_id,
                frame: None,
                hook: hook.clone(),
            });
        }
    }

    fn update_start(&self) -> f64 {
        self.updates.last().map_or(self.clock, |u| u.start)
    }

    /// Gives each fired hook the moment the head crossed its frame. The walk visits the frames
    /// from `floor(from)` towards `floor(to)` (exclusive) that hold data and queues, per frame,
    /// the hooks whose direction matches (or is `Both`) in DAT order, so the fired list splits
    /// into per-frame runs in that order. Frame `i` is left going forward when the frame number
    /// reaches `i + 1`, going backward when it drops below `i`.
    fn attribute_hooks(
        &mut self,
        node: &AnimSequenceNode<'_>,
        start: f64,
        end: f64,
        from: f32,
        to: f32,
        fired: &[AnimationHook],
    ) {
        if fired.is_empty() {
            return;
        }
        let (lo_t, hi_t) = (start.min(end), start.max(end));
        let forward = to >= from;
        let dir = if forward {
            HOOK_DIR_FORWARD
        } else {
            HOOK_DIR_BACKWARD
        };
        let fr = f64::from(node.framerate());
        let at = |boundary: i64| {
            if fr == 0.0 || !fr.is_finite() {
                end
            } else {
                (start + (boundary as f64 - f64::from(from)) / fr).clamp(lo_t, hi_t)
            }
        };
        let (first, target) = (f64::from(from).floor() as i64, f64::from(to).floor() as i64);
        let data = node.frames_with_data().max(0);
        // Only frames holding data carry hooks, so the visit is at most one pass over them.
        let frames: Box<dyn Iterator<Item = i64>> = if forward {
            Box::new(first.max(0)..target.min(data))
        } else {
            Box::new(((target + 1).max(0)..=first.min(data - 1)).rev())
        };
        let mut rest = fired;
        for frame in frames {
            if rest.is_empty() {
                break;
            }
            let carried = i32::try_from(frame)
                .ok()
                .and_then(|i| node.part_frame(i))
                .map_or(0, |pf| {
                    pf.hooks
                        .iter()
                        .filter(|h| h.direction == HOOK_DIR_BOTH || h.direction == dir)
                        .count()
                });
            let boundary = if forward { frame + 1 } else { frame };
            let (now, later) = rest.split_at(carried.min(rest.len()));
            for hook in now {
                self.hooks.push(PlayedHook {
                    time: at(boundary),
                    anim_id: node.anim_id(),
                    frame: i32::try_from(frame).ok(),
                    hook: hook.clone(),
                });
            }
            rest = later;
        }
        // Whatever could not be placed (a walk cut short by a bound) fires at the end.
        for hook in rest {
            self.hooks.push(PlayedHook {
                time: end,
                anim_id: node.anim_id(),
                frame: None,
                hook: hook.clone(),
            });
        }
    }
}

/// What [`PlaybackLog::span`] needs to know about one stretch.
pub(crate) struct Stretch<'a> {
    pub id: NodeId,
    pub node: AnimSequenceNode<'a>,
    pub cyclic: bool,
    pub elapsed: f32,
    pub consumed: f32,
    pub frame_from: f32,
    pub frame_to: f32,
    pub finished: bool,
    pub root_motion: Vec3,
}
