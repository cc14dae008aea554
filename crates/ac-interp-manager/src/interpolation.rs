//! `InterpolationManager`: the server-position queue and the per-tick pull towards its head.
//!
//! # Which rules, and why in both fidelity modes
//!
//! ACE's InterpolationManager is dead code (quirk `dead-interpolation-manager`): its queue is never
//! constructed, `UseTime` dereferences an empty queue, its blip scan starts out of range and the
//! correction it computes is written to a by-value parameter, so it never moves the object.
//! Reproducing that would mean "crash or do nothing", which no caller can use, so this crate
//! implements the retail client's working manager in **both** `Fidelity` modes (the
//! conformance traces follow these rules in both modes; `docs/quirks.md`, "Position correction"):
//!
//! * `interp-offset-replaced`: the clamped correction **replaces** the tick's offset frame (origin and rotation),
//!   computed like retail's `Position::subtract2`: relative rotation plus a landblock-aware
//!   global-to-local origin;
//! * `interp-keep-heading`: `InterpolateTo` stores `keep_heading` in the member (near branch only);
//!   `adjust_offset` zeroes the correction's heading when it is set, and the far branch uses
//!   the possibly stale member;
//! * `interp-near-success`: a failed 5-frame progress audit within 0.2 units completes the node as a success;
//! * `interp-empty-queue-blip`: `UseTime` with an empty queue and a positive fail counter blips to `blip_to`, and the
//!   backward scan for the last position node before a jump/velocity tail is well-formed;
//! * `interp-progress-inclusive`: the progress test is `>= EPSILON` (ACE: `>`; no f32
//!   distance difference can tell them apart);
//! * `indoor-blip-local-player`: the 25-unit indoor blip distance is only for the local player (see
//!   [`InterpHost::is_local_player`]); every other indoor object uses 20.
//!
//! All constants are identical in ACE and retail: fallback speed 7.5, "close" 0.05,
//! 5-frame / 30 % audit, fail counter > 3, 20-node cap, blip distances 100 / 20 (25).
//!
//! Numeric types follow the reference: distances, `original_distance` and `progress_quantum`
//! are f32, the quantum is f64, the cap `max_speed * quantum` is f64 and narrowed to f32 only
//! for the scale factor.

use std::collections::VecDeque;

use ac_dat::Frame;
use glam::Vec3;

use crate::host::InterpHost;
use crate::node::{InterpolationNode, NodeType};
use crate::position::Position;
use ac_motiontable::EPSILON;
use ac_sequence::AFrameOps;
use ac_sequence::aframe::nmath;

/// `BIG_DISTANCE` / `LargeDistance`: "no baseline yet" value of `original_distance`.
pub const LARGE_DISTANCE: f32 = 999_999.0;
/// `MAX_INTERPOLATED_VELOCITY`: correction speed used when the object's max speed is ~0.
pub const MAX_INTERPOLATED_VELOCITY: f32 = 7.5;
/// A node closer than this is reached.
pub const CLOSE_DISTANCE: f32 = 0.05;
/// Most position nodes the near branch of `InterpolateTo` keeps (older ones are dropped).
pub const MAX_QUEUE_LEN: usize = 20;
/// The progress audit runs every this many frames.
pub const AUDIT_FRAMES: i32 = 5;
/// Minimum fraction of the allowed distance an audit period must close.
pub const MIN_PROGRESS_RATIO: f32 = 0.3;
/// Retail: a failed audit this close (f64 compare) still completes the node as a success.
pub const AUDIT_SUCCESS_DISTANCE: f64 = 0.2;
/// More failed nodes than this make `UseTime` blip.
pub const MAX_FAILED_NODES: i32 = 3;
/// Fail counter value set by a far position (forces a blip on the next `UseTime`).
pub const FAR_FAIL_COUNT: i32 = 4;
/// Blip distance outdoors (`cell & 0xFFFF < 0x100`).
pub const OUTDOOR_BLIP_DISTANCE: f32 = 100.0;
/// Blip distance indoors for any object but the local player.
pub const INDOOR_BLIP_DISTANCE: f32 = 20.0;
/// Blip distance indoors for the local player.
pub const PLAYER_INDOOR_BLIP_DISTANCE: f32 = 25.0;

/// `GetAutonomyBlipDistance`: how far a new server position may be before it is "far".
pub fn autonomy_blip_distance(position: &Position, is_local_player: bool) -> f32 {
    if position.is_outdoors() {
        OUTDOOR_BLIP_DISTANCE
    } else if is_local_player {
        PLAYER_INDOOR_BLIP_DISTANCE
    } else {
        INDOOR_BLIP_DISTANCE
    }
}

/// The interpolation queue and its progress bookkeeping (one per object, inside the
/// [`crate::PositionManager`]).
#[derive(Debug, Clone)]
pub struct InterpolationManager {
    queue: VecDeque<InterpolationNode>,
    keep_heading: bool,
    frame_counter: i32,
    original_distance: f32,
    progress_quantum: f32,
    node_fail_counter: i32,
    blip_to: Position,
}

impl Default for InterpolationManager {
    fn default() -> Self {
        Self::new()
    }
}

impl InterpolationManager {
    /// A fresh manager: empty queue, counters 0, `original_distance`
    /// 999999, `keep_heading` false, `blip_to` cell 0 identity.
    pub fn new() -> Self {
        Self {
            // Not pre-sized: most objects hold one to three nodes, and growth happens only
            // in InterpolateTo/push (network events), never in the per-slice calls.
            queue: VecDeque::new(),
            keep_heading: false,
            frame_counter: 0,
            original_distance: LARGE_DISTANCE,
            progress_quantum: 0.0,
            node_fail_counter: 0,
            blip_to: Position::ZERO,
        }
    }

    // ---------------------------------------------------------------- read-only state

    /// The queued nodes, head first.
    pub fn nodes(&self) -> impl ExactSizeIterator<Item = &InterpolationNode> + '_ {
        self.queue.iter()
    }

    /// Number of queued nodes.
    pub fn len(&self) -> usize {
        self.queue.len()
    }

    /// Whether the queue is empty.
    pub fn is_empty(&self) -> bool {
        self.queue.is_empty()
    }

    /// `IsInterpolating`: the queue is non-empty.
    pub fn is_interpolating(&self) -> bool {
        !self.queue.is_empty()
    }

    /// The `keep_heading` member (set by the near branch of `InterpolateTo`).
    pub fn keep_heading(&self) -> bool {
        self.keep_heading
    }

    /// Frames since the last progress audit.
    pub fn frame_counter(&self) -> i32 {
        self.frame_counter
    }

    /// Distance to the head node at the start of the current audit period.
    pub fn original_distance(&self) -> f32 {
        self.original_distance
    }

    /// Time accumulated in the current audit period (f32 sum of the quanta).
    pub fn progress_quantum(&self) -> f32 {
        self.progress_quantum
    }

    /// Failed-node counter (`> 3` forces a blip).
    pub fn node_fail_counter(&self) -> i32 {
        self.node_fail_counter
    }

    /// Where an empty-queue blip goes (the last failed node's position).
    pub fn blip_to(&self) -> &Position {
        &self.blip_to
    }

    // ---------------------------------------------------------------- operations

    /// `InterpolateTo(p, keep_heading)`: queue a server position.
    ///
    /// Near (within the blip distance of the tail position node, or of the object when the tail
    /// is not a position node): drop trailing position nodes already within 0.05 of `p`, cap the
    /// queue at 20 by dropping the head, store `keep` in the member and append (with our heading
    /// when `keep`). If the object is already within 0.05 of `p`: take `p`'s heading unless
    /// `keep`, and stop interpolating. Far: append without de-dup or cap (heading from the
    /// *member*, quirk `interp-keep-heading`) and set the fail counter to 4 so the next `UseTime` blips.
    pub fn interpolate_to<H: InterpHost + ?Sized>(
        &mut self,
        host: &mut H,
        p: &Position,
        keep: bool,
    ) {
        let obj = host.position();
        let reference = match self.queue.back() {
            Some(tail) if tail.is_position() => tail.position,
            _ => obj,
        };
        let blip_distance = autonomy_blip_distance(&obj, host.is_local_player());
        if blip_distance >= reference.distance(p) {
            if obj.distance(p) > CLOSE_DISTANCE {
                while let Some(tail) = self.queue.back() {
                    if !tail.is_position() || tail.position.distance(p) >= CLOSE_DISTANCE {
                        break;
                    }
                    self.queue.pop_back();
                }
                while self.queue.len() >= MAX_QUEUE_LEN {
                    self.queue.pop_front();
                }
                self.keep_heading = keep;
                self.queue
                    .push_back(InterpolationNode::position(self.heading_node(&obj, p)));
            } else {
                if !keep {
                    let mut frame = obj.frame;
                    frame.set_heading(p.frame.get_heading());
                    host.set_frame(frame);
                }
                self.stop_interpolating();
            }
        } else {
            self.queue
                .push_back(InterpolationNode::position(self.heading_node(&obj, p)));
            self.node_fail_counter = FAR_FAIL_COUNT;
        }
    }

    /// A copy of `p`, turned to the object's heading when the `keep_heading` member is set.
    fn heading_node(&self, obj: &Position, p: &Position) -> Position {
        let mut node = *p;
        if self.keep_heading {
            node.frame.set_heading(obj.frame.get_heading());
        }
        node
    }

    /// Append a velocity node (no cap, no de-dup). Retail queues these from movement events;
    /// `UseTime` applies the velocity when the node reaches the head.
    pub fn push_velocity(&mut self, velocity: Vec3) {
        self.queue.push_back(InterpolationNode::velocity(velocity));
    }

    /// Append a jump node with the given extent (no cap, no de-dup).
    pub fn push_jump(&mut self, extent: f32) {
        self.queue.push_back(InterpolationNode::jump(extent));
    }

    /// `StopInterpolating()`: clear the queue and the counters;
    /// `keep_heading` and `blip_to` are kept.
    pub fn stop_interpolating(&mut self) {
        self.queue.clear();
        self.frame_counter = 0;
        self.progress_quantum = 0.0;
        self.node_fail_counter = 0;
        self.original_distance = LARGE_DISTANCE;
    }

    /// `NodeCompleted(success)`: pop the head; a new position head
    /// starts a new audit baseline; a failure whose next node is not a position node (or that
    /// empties the queue) remembers the failed node as `blip_to`; a success that empties the
    /// queue stops interpolating.
    pub fn node_completed<H: InterpHost + ?Sized>(&mut self, host: &H, success: bool) {
        self.frame_counter = 0;
        self.progress_quantum = 0.0;
        let old = self.queue.pop_front();
        if let Some(new_head) = self.queue.front() {
            if new_head.is_position() {
                self.original_distance = host.position().distance(&new_head.position);
            } else if let (false, Some(old)) = (success, old) {
                self.blip_to = old.position;
            }
        } else {
            self.original_distance = LARGE_DISTANCE;
            if success {
                self.stop_interpolating();
            } else if let Some(old) = old {
                self.blip_to = old.position;
            }
        }
    }

    /// `UseTime()`, run once per slice after placement.
    ///
    /// With more than three failures (or an empty queue and at least one failure) the object
    /// blips: to the tail if it is a position node; with a jump/velocity tail, to the last
    /// position node before it, then the tail's velocity is applied; with no such node (or an
    /// empty queue) to `blip_to`. Otherwise a velocity head sets the velocity and completes, and
    /// a jump head completes.
    pub fn use_time<H: InterpHost + ?Sized>(&mut self, host: &mut H) {
        if self.node_fail_counter > MAX_FAILED_NODES || self.queue.is_empty() {
            if self.node_fail_counter <= 0 {
                return;
            }
            let (target, velocity) = match self.queue.back() {
                None => (self.blip_to, None),
                Some(tail) if tail.is_position() => (tail.position, None),
                Some(tail) => {
                    let before_tail = self.queue.len() - 1;
                    match self
                        .queue
                        .iter()
                        .take(before_tail)
                        .rev()
                        .find(|n| n.is_position())
                    {
                        Some(n) => (n.position, Some(tail.velocity)),
                        None => (self.blip_to, None),
                    }
                }
            };
            host.set_position_simple(&target);
            if let Some(v) = velocity {
                host.set_velocity(v);
            }
            self.stop_interpolating();
            return;
        }
        let Some(head) = self.queue.front() else {
            return;
        };
        match head.node_type {
            NodeType::Velocity => {
                let v = head.velocity;
                host.set_velocity(v);
                self.node_completed(host, true);
            }
            NodeType::Jump => self.node_completed(host, true),
            NodeType::Position => {}
        }
    }

    /// `adjust_offset(off, q)`: pull the object towards the head position node by replacing
    /// the slice's offset frame `off` (quirk `interp-offset-replaced`).
    ///
    /// Skipped without Contact, with an empty queue or a jump/velocity head. A head within 0.05
    /// completes (offset untouched). Every 5th frame the progress since the last audit must be
    /// at least `EPSILON` and 30 % of `max_speed * time` (unless `sticky_target != 0`); a failed
    /// audit within 0.2 completes the node as a success, otherwise counts a failure and drops
    /// it (offset untouched either way). Otherwise `off` becomes the offset to the head in the
    /// object's local frame (relative rotation included), its translation capped at
    /// `max_speed * q`, its heading zeroed when `keep_heading` is set. `max_speed` is twice the
    /// adjusted max speed, or 7.5 when that is below `EPSILON`.
    pub fn adjust_offset<H: InterpHost + ?Sized>(
        &mut self,
        host: &mut H,
        off: &mut Frame,
        quantum: f64,
        sticky_target: u32,
    ) {
        let Some(head) = self.queue.front().copied() else {
            return;
        };
        if !host.has_contact() || !head.is_position() {
            return;
        }
        let obj = host.position();
        let dist = obj.distance(&head.position);
        if dist < CLOSE_DISTANCE {
            self.node_completed(host, true);
            return;
        }
        let max_speed = Self::max_speed(host);
        self.frame_counter = self.frame_counter.saturating_add(1);
        self.progress_quantum += quantum as f32;
        if self.frame_counter >= AUDIT_FRAMES {
            let progress = self.original_distance - dist;
            if sticky_target != 0
                || (progress >= EPSILON
                    && progress / self.progress_quantum / max_speed >= MIN_PROGRESS_RATIO)
            {
                self.frame_counter = 0;
                self.progress_quantum = 0.0;
                self.original_distance = dist;
            } else {
                if f64::from(dist) < AUDIT_SUCCESS_DISTANCE {
                    self.node_completed(host, true);
                } else {
                    self.node_fail_counter = self.node_fail_counter.saturating_add(1);
                    self.node_completed(host, false);
                }
                return;
            }
        }

        let mut adj = subtract2(&head.position, &obj);
        let step = f64::from(max_speed) * quantum;
        let m = nmath::length(adj.origin);
        if m <= CLOSE_DISTANCE {
            self.node_completed(host, true);
        }
        if f64::from(m) > step {
            adj.origin *= step as f32 / m;
        }
        if self.keep_heading {
            adj.set_heading(0.0);
        }
        *off = adj;
    }

    /// The correction speed cap: `2 * adjusted_max_speed`, 7.5 when below `EPSILON`.
    fn max_speed<H: InterpHost + ?Sized>(host: &mut H) -> f32 {
        let s = host.adjusted_max_speed().map_or(0.0, |a| a * 2.0);
        if s < EPSILON {
            MAX_INTERPOLATED_VELOCITY
        } else {
            s
        }
    }
}

/// Retail `Position::subtract2(target, obj)`: the frame that, combined onto `obj`'s frame,
/// lands on `target`: orientation `Normalize(conj(obj.q) * target.q)`, origin the
/// landblock-aware offset to `target` (its origin plus its rotated zero local point) converted
/// into `obj`'s local axes.
pub fn subtract2(target: &Position, obj: &Position) -> Frame {
    let orientation = nmath::quat_normalize(nmath::quat_mul(
        nmath::quat_conjugate(obj.frame.orientation),
        target.frame.orientation,
    ));
    let block = Position::block_offset(obj.cell_id, target.cell_id);
    let target_point = target.frame.origin + nmath::transform(Vec3::ZERO, target.frame.orientation);
    let global = (block + target_point) - obj.frame.origin;
    Frame {
        origin: nmath::inverse_transform(global, obj.frame.orientation),
        orientation,
    }
}
