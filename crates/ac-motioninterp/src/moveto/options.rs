//! [`MoveToOptions`]: the options of a move-to or turn-to as named fields, with the
//! reference's defaults, for callers who do not want to assemble a flag word.

use ac_motiontable::Rules;

use crate::params::{HoldKey, MovementParamFlags, MovementParameters};

/// How a move-to or turn-to should go (the move-to side of ACE's `MovementParameters`).
///
/// [`Default`] is ACE's: walk or run (run when more than [`walk_run_threshold`] beyond the
/// arrival distance), arrive within 0.6 of the target's cylinder, no final turn, not sticky,
/// never give up. [`MoveToOptions::retail`] has the retail client's defaults (a 15 m
/// threshold). Build with the chainable setters or set the fields:
///
/// ```
/// use ac_motioninterp::moveto::MoveToOptions;
///
/// let chase = MoveToOptions::default().run_only().arrive_within(1.5).sticky(true);
/// assert!(!chase.can_walk && chase.sticky);
/// let p = chase.to_params();
/// assert_eq!(p.distance_to_object, 1.5);
/// ```
///
/// The reference never reads CanSidestep, CanWalkBackwards, CanCharge or FailWalk (moving away
/// walks forward turned round); they are kept for the wire and the traces.
///
/// [`walk_run_threshold`]: MoveToOptions::walk_run_threshold
#[derive(Debug, Clone, Copy, PartialEq)]
#[must_use]
pub struct MoveToOptions {
    /// May walk (CanWalk). Off: always run (when `can_run`).
    pub can_walk: bool,
    /// May run (CanRun). Off: always walk.
    pub can_run: bool,
    /// CanSidestep (not read by the manager).
    pub can_sidestep: bool,
    /// CanWalkBackwards (not read by the manager).
    pub can_walk_backwards: bool,
    /// CanCharge (not read by the manager; off in the retail defaults).
    pub can_charge: bool,
    /// FailWalk (not read by the manager).
    pub fail_walk: bool,
    /// Move towards the target (MoveTowards).
    pub move_towards: bool,
    /// Move away from the target until `min_distance` (MoveAway).
    pub move_away: bool,
    /// Measure between the cylinders of the two objects (UseSpheres) rather than between
    /// their positions.
    pub use_spheres: bool,
    /// Stick to the target for a second once arrived (Sticky; MoveToObject and TurnToObject).
    pub sticky: bool,
    /// Stop completely first (StopCompletely; the turn-tos honour it, the moves always stop).
    pub stop_completely: bool,
    /// Turn to this heading at the end: relative to the direction of travel for a
    /// MoveToObject, absolute for a MoveToPosition (UseFinalHeading + DesiredHeading).
    pub final_heading: Option<f32>,
    /// Arrive within this distance (DistanceToObject).
    pub distance_to_object: f32,
    /// Moving away: far enough at this distance (MinDistance).
    pub min_distance: f32,
    /// Give up (`YouChargedTooFar`) once this far from the start (FailDistance).
    pub fail_distance: f32,
    /// Animation speed factor.
    pub speed: f32,
    /// Run when more than this beyond the arrival distance (WalkRunThreshold).
    pub walk_run_threshold: f32,
    /// Hold key of the turns (`Invalid`: the object's current one).
    pub hold_key: HoldKey,
    /// Caller's context id.
    pub context_id: i32,
}

impl Default for MoveToOptions {
    fn default() -> Self {
        MoveToOptions::from_params(&MovementParameters::default())
    }
}

impl MoveToOptions {
    /// The defaults under `rules` ([`MovementParameters::move_to_defaults`]).
    pub fn for_rules(rules: &Rules) -> Self {
        MoveToOptions::from_params(&MovementParameters::move_to_defaults(rules))
    }

    /// The retail client's defaults: CanCharge off, a 15 m walk/run threshold.
    pub fn retail() -> Self {
        MoveToOptions::for_rules(&Rules::retail())
    }

    /// The options a parameter set carries.
    pub fn from_params(p: &MovementParameters) -> Self {
        let f = |flag| p.flags.contains(flag);
        MoveToOptions {
            can_walk: f(MovementParamFlags::CAN_WALK),
            can_run: f(MovementParamFlags::CAN_RUN),
            can_sidestep: f(MovementParamFlags::CAN_SIDESTEP),
            can_walk_backwards: f(MovementParamFlags::CAN_WALK_BACKWARDS),
            can_charge: f(MovementParamFlags::CAN_CHARGE),
            fail_walk: f(MovementParamFlags::FAIL_WALK),
            move_towards: f(MovementParamFlags::MOVE_TOWARDS),
            move_away: f(MovementParamFlags::MOVE_AWAY),
            use_spheres: f(MovementParamFlags::USE_SPHERES),
            sticky: f(MovementParamFlags::STICKY),
            stop_completely: f(MovementParamFlags::STOP_COMPLETELY),
            final_heading: f(MovementParamFlags::USE_FINAL_HEADING).then_some(p.desired_heading),
            distance_to_object: p.distance_to_object,
            min_distance: p.min_distance,
            fail_distance: p.fail_distance,
            speed: p.speed,
            walk_run_threshold: p.walk_run_threshold,
            hold_key: p.hold_key_to_apply,
            context_id: p.context_id,
        }
    }

    /// The reference's parameter set (the flags not named here keep ACE's defaults).
    pub fn to_params(&self) -> MovementParameters {
        let mut p = MovementParameters::default();
        for (flag, on) in [
            (MovementParamFlags::CAN_WALK, self.can_walk),
            (MovementParamFlags::CAN_RUN, self.can_run),
            (MovementParamFlags::CAN_SIDESTEP, self.can_sidestep),
            (
                MovementParamFlags::CAN_WALK_BACKWARDS,
                self.can_walk_backwards,
            ),
            (MovementParamFlags::CAN_CHARGE, self.can_charge),
            (MovementParamFlags::FAIL_WALK, self.fail_walk),
            (MovementParamFlags::MOVE_TOWARDS, self.move_towards),
            (MovementParamFlags::MOVE_AWAY, self.move_away),
            (MovementParamFlags::USE_SPHERES, self.use_spheres),
            (MovementParamFlags::STICKY, self.sticky),
            (MovementParamFlags::STOP_COMPLETELY, self.stop_completely),
            (
                MovementParamFlags::USE_FINAL_HEADING,
                self.final_heading.is_some(),
            ),
        ] {
            p.flags.set(flag, on);
        }
        p.desired_heading = self.final_heading.unwrap_or(0.0);
        p.distance_to_object = self.distance_to_object;
        p.min_distance = self.min_distance;
        p.fail_distance = self.fail_distance;
        p.speed = self.speed;
        p.walk_run_threshold = self.walk_run_threshold;
        p.hold_key_to_apply = self.hold_key;
        p.context_id = self.context_id;
        p
    }

    /// Always walk.
    pub fn walk_only(mut self) -> Self {
        self.can_walk = true;
        self.can_run = false;
        self
    }

    /// Always run.
    pub fn run_only(mut self) -> Self {
        self.can_walk = false;
        self.can_run = true;
        self
    }

    /// Arrive within `distance`.
    pub fn arrive_within(mut self, distance: f32) -> Self {
        self.distance_to_object = distance;
        self
    }

    /// Move away from the target until `min_distance` away (instead of towards it).
    pub fn away_to(mut self, min_distance: f32) -> Self {
        self.move_away = true;
        self.move_towards = false;
        self.min_distance = min_distance;
        self
    }

    /// Give up once `distance` from the start.
    pub fn give_up_beyond(mut self, distance: f32) -> Self {
        self.fail_distance = distance;
        self
    }

    /// Turn to `heading` at the end (see [`Self::final_heading`](MoveToOptions::final_heading)).
    pub fn final_heading(mut self, heading: f32) -> Self {
        self.final_heading = Some(heading);
        self
    }

    /// Stick to the target once arrived.
    pub fn sticky(mut self, on: bool) -> Self {
        self.sticky = on;
        self
    }

    /// Measure between cylinders (`true`, the default) or positions.
    pub fn use_spheres(mut self, on: bool) -> Self {
        self.use_spheres = on;
        self
    }

    /// Animation speed factor.
    pub fn speed(mut self, speed: f32) -> Self {
        self.speed = speed;
        self
    }

    /// Run when more than `threshold` beyond the arrival distance.
    pub fn walk_run_threshold(mut self, threshold: f32) -> Self {
        self.walk_run_threshold = threshold;
        self
    }
}

impl From<MoveToOptions> for MovementParameters {
    fn from(o: MoveToOptions) -> Self {
        o.to_params()
    }
}

impl From<&MoveToOptions> for MovementParameters {
    fn from(o: &MoveToOptions) -> Self {
        o.to_params()
    }
}

/// So the move-to calls taking `impl Into<MovementParameters>` accept a borrowed set too.
impl From<&MovementParameters> for MovementParameters {
    fn from(p: &MovementParameters) -> Self {
        *p
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_round_trip_the_reference_parameters() {
        assert_eq!(
            MoveToOptions::default().to_params(),
            MovementParameters::default()
        );
        assert_eq!(
            MoveToOptions::retail().to_params(),
            MovementParameters::move_to_defaults(&Rules::retail())
        );
    }

    #[test]
    fn setters_name_the_flags() {
        let p = MoveToOptions::default()
            .run_only()
            .away_to(4.0)
            .final_heading(90.0)
            .to_params();
        assert!(!p.flags.contains(MovementParamFlags::CAN_WALK));
        assert!(p.flags.contains(MovementParamFlags::MOVE_AWAY));
        assert!(!p.flags.contains(MovementParamFlags::MOVE_TOWARDS));
        assert!(p.flags.contains(MovementParamFlags::USE_FINAL_HEADING));
        assert_eq!((p.min_distance, p.desired_heading), (4.0, 90.0));
    }
}
