//! How a move-to chooses its motion from the distance (ACE `MovementParameters.get_command`,
//! `towards_and_away`, `get_desired_heading`).

use ac_motiontable::Rules;
use ac_sequence::EPSILON;

use crate::motion::{RUN_FORWARD, WALK_BACKWARDS, WALK_FORWARD};
use crate::params::{HoldKey, MovementParamFlags, MovementParameters};

/// What a move-to should do at a given distance: the forward motion (0 = nothing to do),
/// the hold key that makes it a walk or a run, and whether it moves away from the target.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveCommand {
    /// `WalkForward`, `WalkBackwards` or 0.
    pub motion: u32,
    /// `Run` or `None`.
    pub hold_key: HoldKey,
    /// Moving away from the target (desired heading turned round).
    pub moving_away: bool,
}

/// ACE's MovementParameters walk/run threshold default (1 m beyond the arrival distance).
pub const ACE_WALK_RUN_THRESHOLD: f32 = 1.0;
/// The retail client's default walk/run threshold (15 m).
pub const RETAIL_WALK_RUN_THRESHOLD: f32 = 15.0;

impl MovementParameters {
    /// The parameters a move-to starts from (ACE `new MovementParameters()`).
    ///
    /// With ACE's rules this is [`MovementParameters::default`]. The retail client's
    /// constructor differs in two defaults (quirk `move-to-defaults`,
    /// [`Rules::retail_move_to_defaults`]): CanCharge off (flag word 0x1EE0F) and a walk/run
    /// threshold of 15 m instead of 1 m, so retail move-tos built from defaults walk unless
    /// they are more than 15 m beyond the arrival distance. Nothing else in the move-to layer
    /// is evidenced to differ (the manager never reads CanCharge).
    pub fn move_to_defaults(rules: &Rules) -> MovementParameters {
        let mut p = MovementParameters::default();
        if rules.retail_move_to_defaults {
            p.flags.remove(MovementParamFlags::CAN_CHARGE);
            p.walk_run_threshold = RETAIL_WALK_RUN_THRESHOLD;
        }
        p
    }

    /// ACE `get_command(dist, heading, …)`: the motion for a target `dist` away. The heading
    /// argument of the reference is unused and not taken.
    ///
    /// MoveTowards (or neither direction flag) walks forward while farther than
    /// `distance_to_object`; with MoveAway as well it backs off when within `min_distance`
    /// ([`Self::towards_and_away`]). MoveAway alone walks forward (turned away) while nearer
    /// than `min_distance`. It runs when CanRun and either CanWalk is off or the distance
    /// beyond `distance_to_object` exceeds `walk_run_threshold`.
    pub fn get_command(&self, dist: f32) -> MoveCommand {
        let towards = self.flags.contains(MovementParamFlags::MOVE_TOWARDS);
        let away = self.flags.contains(MovementParamFlags::MOVE_AWAY);
        let mut c = MoveCommand {
            motion: 0,
            hold_key: HoldKey::Invalid,
            moving_away: false,
        };
        if towards || !away {
            if away {
                (c.motion, c.moving_away) = self.towards_and_away(dist, c.moving_away);
            } else if dist > self.distance_to_object {
                c.motion = WALK_FORWARD;
                c.moving_away = false;
            }
        } else if dist < self.min_distance {
            c.motion = WALK_FORWARD;
            c.moving_away = true;
        }
        let can_run = self.flags.contains(MovementParamFlags::CAN_RUN);
        let can_walk = self.flags.contains(MovementParamFlags::CAN_WALK);
        c.hold_key =
            if can_run && (!can_walk || dist - self.distance_to_object > self.walk_run_threshold) {
                HoldKey::Run
            } else {
                HoldKey::None
            };
        c
    }

    /// ACE `towards_and_away`: forward while farther than `distance_to_object`, backwards
    /// (moving away) once within `EPSILON` of `min_distance` or nearer, else nothing. Returns
    /// the motion and the moving-away flag (`moving_away` is kept when nothing is chosen).
    pub fn towards_and_away(&self, dist: f32, moving_away: bool) -> (u32, bool) {
        if dist > self.distance_to_object {
            (WALK_FORWARD, false)
        } else if dist - self.min_distance < EPSILON {
            (WALK_BACKWARDS, true)
        } else {
            (0, moving_away)
        }
    }

    /// ACE `get_desired_heading(motion, moving_away)`: the heading offset from the direction
    /// of the target that a motion needs: 0 walking or running towards, 180 away;
    /// reversed for WalkBackwards; 0 for anything else.
    pub fn get_desired_heading(motion: u32, moving_away: bool) -> f32 {
        match motion {
            RUN_FORWARD | WALK_FORWARD if moving_away => 180.0,
            WALK_BACKWARDS if !moving_away => 180.0,
            _ => 0.0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn walks_then_runs_by_the_threshold() {
        let p = MovementParameters::default();
        let c = p.get_command(1.0);
        assert_eq!((c.motion, c.hold_key), (WALK_FORWARD, HoldKey::None));
        let c = p.get_command(1.7);
        assert_eq!((c.motion, c.hold_key), (WALK_FORWARD, HoldKey::Run));
        assert_eq!(p.get_command(0.6).motion, 0, "arrived");
    }

    #[test]
    fn move_away_only_turns_round() {
        let mut p = MovementParameters::default();
        p.flags.remove(MovementParamFlags::MOVE_TOWARDS);
        p.flags.insert(MovementParamFlags::MOVE_AWAY);
        p.min_distance = 5.0;
        let c = p.get_command(2.0);
        assert_eq!((c.motion, c.moving_away), (WALK_FORWARD, true));
        assert_eq!(p.get_command(5.0).motion, 0);
        assert_eq!(
            MovementParameters::get_desired_heading(WALK_FORWARD, true),
            180.0
        );
    }

    #[test]
    fn towards_and_away_backs_off_at_min_distance() {
        let mut p = MovementParameters::default();
        p.flags.insert(MovementParamFlags::MOVE_AWAY);
        p.min_distance = 1.0;
        p.distance_to_object = 3.0;
        assert_eq!(p.get_command(0.5).motion, WALK_BACKWARDS);
        assert_eq!(p.get_command(2.0).motion, 0);
        assert_eq!(p.get_command(4.0).motion, WALK_FORWARD);
    }

    #[test]
    fn retail_defaults_walk_longer() {
        let p = MovementParameters::move_to_defaults(&Rules::retail());
        assert_eq!(p.flags.bits(), 0x1EE0F);
        assert_eq!(p.get_command(10.0).hold_key, HoldKey::None);
        assert_eq!(
            MovementParameters::move_to_defaults(&Rules::ace()),
            MovementParameters::default()
        );
    }
}
