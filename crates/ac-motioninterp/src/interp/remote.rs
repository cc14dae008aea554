//! The two interpreter fields a server's MovementData sets directly on an object it moves
//! (besides the interpreted state itself, see
//! [`move_to_interpreted_state`](MotionInterp::move_to_interpreted_state)).

use super::MotionInterp;

impl MotionInterp {
    /// Adopt the run rate a move-to or turn-to message carries (`MyRunRate`).
    ///
    /// Why: a server moving a creature sends its run rate with every MoveToObject and
    /// MoveToPosition, so that a client animates the run at the creature's speed. The rate is
    /// what the interpreter promotes a walk with whenever its game object has no run rate of
    /// its own ([`Weenie::run_rate`](crate::Weenie::run_rate) answering `None`). A rate that
    /// is not a finite number is ignored: it would poison every later speed.
    pub fn set_my_run_rate(&mut self, rate: f32) {
        if rate.is_finite() {
            self.my_run_rate = rate;
        }
    }

    /// Set `StandingLongJump` as a server's MovementData flags it: the mover is charging a
    /// jump while standing, so forward and sidestep motions only update its state until it
    /// takes off.
    pub fn set_standing_long_jump(&mut self, on: bool) {
        self.standing_long_jump = on;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ac_motiontable::Rules;

    #[test]
    fn a_run_rate_that_is_not_a_number_is_ignored() {
        let mut mi = MotionInterp::new(Rules::default());
        mi.set_my_run_rate(2.5);
        assert_eq!(mi.my_run_rate(), 2.5);
        mi.set_my_run_rate(f32::NAN);
        mi.set_my_run_rate(f32::INFINITY);
        assert_eq!(mi.my_run_rate(), 2.5);
        mi.set_standing_long_jump(true);
        assert!(mi.standing_long_jump());
        mi.set_standing_long_jump(false);
        assert!(!mi.standing_long_jump());
    }
}
