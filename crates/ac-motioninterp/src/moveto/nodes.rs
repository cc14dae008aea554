//! The node machine (ACE `MoveToManager.cs`: `BeginNextNode`, `BeginMoveForward`,
//! `HandleMoveToPosition`, `BeginTurnToHeading`, `HandleTurnToHeading`, `UseTime`,
//! `HitGround`, `CheckProgressMade`).

use ac_sequence::aframe::nmath;
use ac_sequence::{AFrameOps, EPSILON};

use super::geometry::{heading_diff, heading_greater, normalize_heading_diff};
use super::host::MoveToHost;
use super::manager::{MoveToManager, MoveToNode};
use super::minterp::Minterp;
use crate::error::WeenieError;
use crate::motion::{TURN_LEFT, TURN_RIGHT};
use crate::params::{MovementParamFlags, MovementParameters, MovementType};

/// Steering: an aux turn starts when the heading is off by more than this (degrees).
pub const STEER_TOLERANCE: f32 = 20.0;
/// Progress window: checks run once more than this many seconds passed since the last one.
pub const PROGRESS_WINDOW: f64 = 1.0;
/// Progress checks fail below this closing speed (m/s).
pub const MIN_PROGRESS_RATE: f64 = 0.25;
/// Above this speed (m/s) the prediction horizon follows the time to arrival.
pub const QUANTUM_UPDATE_SPEED: f32 = 0.1;

impl MoveToManager {
    /// Parameters for the manager's own motions: ACE's `new MovementParameters()` without
    /// CancelMoveTo, with the stored speed and hold key.
    fn motion_params(&self) -> MovementParameters {
        let mut mp = MovementParameters {
            speed: self.params.speed,
            hold_key_to_apply: self.params.hold_key_to_apply,
            ..MovementParameters::default()
        };
        mp.set_cancel_moveto(false);
        mp
    }

    /// `BeginNextNode`: begin the head node; with none left the move is done — a sticky move
    /// then sticks to its target.
    pub(crate) fn begin_next_node<H: MoveToHost + ?Sized>(
        &mut self,
        mi: &mut Minterp<'_>,
        host: &mut H,
    ) {
        match self.pending.front() {
            Some(MoveToNode::Move) => self.begin_move_forward(mi, host),
            Some(MoveToNode::Turn(_)) => self.begin_turn_to_heading(mi, host),
            None => {
                if self.params.flags.contains(MovementParamFlags::STICKY) {
                    let (radius, height, top) = (
                        self.sought_object_radius,
                        self.sought_object_height,
                        self.top_level_object_id,
                    );
                    self.clean_up_and_call_weenie(mi, host, WeenieError::None);
                    host.stick_to(top, radius, height);
                } else {
                    self.clean_up_and_call_weenie(mi, host, WeenieError::None);
                }
            }
        }
    }

    /// `BeginMoveForward`: walk or run (by the walk/run threshold) towards the target, or drop
    /// the node when already in range. Records the starting distance for progress checks.
    fn begin_move_forward<H: MoveToHost + ?Sized>(&mut self, mi: &mut Minterp<'_>, host: &mut H) {
        let dist = self.current_distance(host);
        let c = self.params.get_command(dist);
        if c.motion == 0 {
            self.pending.pop_front();
            self.begin_next_node(mi, host);
            return;
        }
        let mut mp = MovementParameters {
            hold_key_to_apply: c.hold_key,
            speed: self.params.speed,
            ..MovementParameters::default()
        };
        mp.set_cancel_moveto(false);
        let r = mi.do_motion(host, c.motion, &mut mp);
        if r != WeenieError::None {
            self.cancel_move_to(mi, host, r);
            return;
        }
        let now = host.current_time();
        self.current_command = c.motion;
        self.moving_away = c.moving_away;
        self.params.hold_key_to_apply = c.hold_key;
        self.previous_distance = dist;
        self.previous_distance_time = now;
        self.original_distance = dist;
        self.original_distance_time = now;
    }

    /// `HandleMoveToPosition`: one tick of a move node. Steer with aux turns (not while an
    /// animation is pending), check progress, arrive (stop, next node) or give up beyond the
    /// fail distance, and keep the target's prediction horizon near the time to arrival.
    fn handle_move_to_position<H: MoveToHost + ?Sized>(
        &mut self,
        mi: &mut Minterp<'_>,
        host: &mut H,
    ) {
        let start = host.position();
        let mut mp = self.motion_params();
        if !host.is_animating() {
            let mut heading =
                MovementParameters::get_desired_heading(self.current_command, self.moving_away)
                    + start.heading_to(&self.current_target_position);
            if heading >= 360.0 {
                heading -= 360.0;
            }
            let diff = normalize_heading_diff(heading - host.position().frame.get_heading());
            if diff > STEER_TOLERANCE && diff < 360.0 - STEER_TOLERANCE {
                let turn = if diff >= 180.0 { TURN_LEFT } else { TURN_RIGHT };
                if turn != self.aux_command {
                    let _ = mi.do_motion(host, turn, &mut mp);
                    self.aux_command = turn;
                }
            } else {
                // ACE server addition: snap to the heading when a steering turn ends.
                if self.aux_command != 0 {
                    host.set_heading(heading);
                }
                self.stop_aux_command(mi, host, &mut mp);
            }
        } else {
            self.stop_aux_command(mi, host, &mut mp);
        }

        let dist = self.current_distance(host);
        if !self.check_progress_made(host, dist) {
            if !host.is_interpolating() && !host.is_animating() {
                self.fail_progress_count += 1;
            }
        } else {
            // ACE server addition: without spheres, passing the closest point counts as arrival.
            let mut in_range = false;
            if !self.params.flags.contains(MovementParamFlags::USE_SPHERES) {
                in_range = dist < 1.0 && self.previous_distance < dist;
                self.previous_distance = dist;
                self.previous_distance_time = host.current_time();
            }
            self.fail_progress_count = 0;
            let arrived = if self.moving_away {
                dist >= self.params.min_distance
            } else {
                dist <= self.params.distance_to_object
            };
            if arrived || in_range {
                self.pending.pop_front();
                let cur = self.current_command;
                let _ = mi.stop_motion(host, cur, &mut mp);
                self.current_command = 0;
                self.stop_aux_command(mi, host, &mut mp);
                self.begin_next_node(mi, host);
            } else if self
                .starting_position
                .is_some_and(|s| s.distance(&host.position()) > self.params.fail_distance)
            {
                self.cancel_move_to(mi, host, WeenieError::YouChargedTooFar);
            }
        }

        if self.top_level_object_id != 0 && self.movement_type != MovementType::Invalid {
            let speed = nmath::length(host.cached_velocity());
            if speed > QUANTUM_UPDATE_SPEED {
                let t = dist / speed;
                if (f64::from(t) - host.target_quantum()).abs() > 1.0 {
                    host.set_target_quantum(f64::from(t));
                }
            }
        }
    }

    /// `BeginTurnToHeading`: turn right or left (the shorter way) towards the head node's
    /// heading, or drop the node when already facing it. Waits while an animation is pending.
    fn begin_turn_to_heading<H: MoveToHost + ?Sized>(
        &mut self,
        mi: &mut Minterp<'_>,
        host: &mut H,
    ) {
        if host.is_animating() {
            return;
        }
        let Some(head) = self.pending.front().copied() else {
            return;
        };
        let diff = heading_diff(
            head.heading(),
            host.position().frame.get_heading(),
            TURN_RIGHT,
        );
        let turn = if diff <= 180.0 {
            if diff > EPSILON {
                Some(TURN_RIGHT)
            } else {
                None
            }
        } else if diff + EPSILON <= 360.0 {
            Some(TURN_LEFT)
        } else {
            None
        };
        let Some(turn) = turn else {
            self.pending.pop_front();
            self.begin_next_node(mi, host);
            return;
        };
        let mut mp = self.motion_params();
        let r = mi.do_motion(host, turn, &mut mp);
        if r != WeenieError::None {
            self.cancel_move_to(mi, host, r);
            return;
        }
        self.current_command = turn;
        // A heading *difference*, compared with headings by the next progress test.
        self.previous_heading = diff;
    }

    /// `HandleTurnToHeading`: one tick of a turn node. Once the heading has passed the node's,
    /// snap to it exactly, stop turning and begin the next node; otherwise count progress.
    fn handle_turn_to_heading<H: MoveToHost + ?Sized>(
        &mut self,
        mi: &mut Minterp<'_>,
        host: &mut H,
    ) {
        let cur = self.current_command;
        if cur != TURN_RIGHT && cur != TURN_LEFT {
            self.begin_turn_to_heading(mi, host);
            return;
        }
        let Some(head) = self.pending.front().copied() else {
            return;
        };
        let heading = host.position().frame.get_heading();
        if heading_greater(heading, head.heading(), cur) {
            self.fail_progress_count = 0;
            host.set_heading(head.heading());
            self.pending.pop_front();
            let mut mp = MovementParameters {
                hold_key_to_apply: self.params.hold_key_to_apply,
                ..MovementParameters::default()
            };
            mp.set_cancel_moveto(false);
            let _ = mi.stop_motion(host, cur, &mut mp);
            self.current_command = 0;
            self.begin_next_node(mi, host);
            return;
        }
        let diff = heading_diff(heading, self.previous_heading, cur);
        self.previous_heading = heading;
        if diff > EPSILON && diff < 180.0 {
            self.fail_progress_count = 0;
        } else if !host.is_interpolating() && !host.is_animating() {
            self.fail_progress_count += 1;
        }
    }

    /// `CheckProgressMade(dist)`: once more than a second has passed since the last passed
    /// check, the object must have closed (or, moving away, opened) the distance at 0.25 m/s
    /// since then and since the node began.
    fn check_progress_made<H: MoveToHost + ?Sized>(&mut self, host: &H, dist: f32) -> bool {
        let now = host.current_time();
        let dt = now - self.previous_distance_time;
        if dt > PROGRESS_WINDOW {
            let closed = if self.moving_away {
                dist - self.previous_distance
            } else {
                self.previous_distance - dist
            };
            if f64::from(closed) / dt < MIN_PROGRESS_RATE {
                return false;
            }
            self.previous_distance = dist;
            self.previous_distance_time = now;
            let closed = if self.moving_away {
                dist - self.original_distance
            } else {
                self.original_distance - dist
            };
            if f64::from(closed) / (now - self.original_distance_time) < MIN_PROGRESS_RATE {
                return false;
            }
        }
        true
    }

    /// `stop_aux_command`: stop the steering turn, if any.
    fn stop_aux_command<H: MoveToHost + ?Sized>(
        &mut self,
        mi: &mut Minterp<'_>,
        host: &mut H,
        mp: &mut MovementParameters,
    ) {
        if self.aux_command != 0 {
            let aux = self.aux_command;
            let _ = mi.stop_motion(host, aux, mp);
            self.aux_command = 0;
        }
    }

    /// `UseTime`: one slice of the head node, only in contact and only while a move is known
    /// (a node left over from a cleanup with no target and no move type is ignored).
    pub(crate) fn use_time<H: MoveToHost + ?Sized>(&mut self, mi: &mut Minterp<'_>, host: &mut H) {
        if !host.in_contact() {
            return;
        }
        let Some(head) = self.pending.front().copied() else {
            return;
        };
        if self.top_level_object_id != 0
            || self.movement_type != MovementType::Invalid
            || self.initialized
        {
            match head {
                MoveToNode::Move => self.handle_move_to_position(mi, host),
                MoveToNode::Turn(_) => self.handle_turn_to_heading(mi, host),
            }
        }
    }

    /// `HitGround`: landing re-begins the head node (its motion was only recorded while
    /// airborne).
    pub(crate) fn hit_ground<H: MoveToHost + ?Sized>(
        &mut self,
        mi: &mut Minterp<'_>,
        host: &mut H,
    ) {
        if self.movement_type != MovementType::Invalid {
            self.begin_next_node(mi, host);
        }
    }
}
