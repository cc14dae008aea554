//! A configurable game object (weenie) for objects that have no game logic behind them.

/// A weenie whose answers are plain configuration values (FORMAT.md §5).
///
/// Why: the interpreter asks its game object a handful of questions (is it a creature, its run
/// rate, its jump velocity and stamina cost). A server plugs in its own game object; tests,
/// examples, the [`crate::World`] and the scenario runner use this one, whose answers are set
/// directly. `OnMotionDone` is not a method here: the object logs it as
/// [`crate::ObjectEvent::WeenieMotionDone`] when it has a weenie.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ConfigWeenie {
    /// `IsCreature`.
    pub creature: bool,
    /// `InqRunRate`: `Some(rate)` answers true with that rate; `None` answers false and leaves the
    /// caller's rate alone.
    pub run_rate: Option<f32>,
    /// `InqJumpVelocity`: `Some(v)` answers true with `v`; `None` writes 0 and answers false.
    pub jump_velocity: Option<f32>,
    /// `CanJump(extent)`.
    pub can_jump: bool,
    /// `JumpStaminaCost(extent, cost)`: the cost returned (0 by default, which makes
    /// `jump_is_allowed` fail with GeneralMovementFailure until it is set, as in the reference).
    pub jump_stamina_cost: f32,
}

impl Default for ConfigWeenie {
    /// FORMAT.md §5 defaults: a creature with no run rate, no jump velocity, can jump, cost 0.
    fn default() -> Self {
        Self {
            creature: true,
            run_rate: None,
            jump_velocity: None,
            can_jump: true,
            jump_stamina_cost: 0.0,
        }
    }
}

impl ConfigWeenie {
    /// `InqRunRate(ref rate)`.
    pub fn inq_run_rate(&self, rate: &mut f32) -> bool {
        match self.run_rate {
            Some(r) => {
                *rate = r;
                true
            }
            None => false,
        }
    }

    /// `InqJumpVelocity(extent, out v)`.
    pub fn inq_jump_velocity(&self, _extent: f32, v: &mut f32) -> bool {
        match self.jump_velocity {
            Some(j) => {
                *v = j;
                true
            }
            None => {
                *v = 0.0;
                false
            }
        }
    }
}
