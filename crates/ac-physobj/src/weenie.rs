//! A configurable game object (weenie) for objects that have no game logic behind them.

use ac_motioninterp::Weenie;

/// A weenie whose answers are plain configuration values.
///
/// Why: the interpreter asks its game object a handful of questions (is it a creature, its run
/// rate, its jump velocity and stamina cost). A server plugs in its own game object; tests,
/// examples, the [`crate::World`] and the scenario runner use this one, whose answers are set
/// directly. `OnMotionDone` is not a method here (the reference host logs it as an event when
/// the object has a weenie).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ConfigWeenie {
    /// `IsCreature`.
    pub creature: bool,
    /// `InqRunRate`: `Some(rate)`, or `None` to let the interpreter fall back to its own rate.
    pub run_rate: Option<f32>,
    /// `InqJumpVelocity`: the take-off vertical speed, or `None` (vertical speed 0).
    pub jump_velocity: Option<f32>,
    /// `CanJump(extent)`.
    pub can_jump: bool,
    /// `JumpStaminaCost(extent, cost)`: the cost returned (0 by default, which makes
    /// `jump_is_allowed` fail with GeneralMovementFailure until it is set, as in the reference).
    pub jump_stamina_cost: f32,
}

impl Default for ConfigWeenie {
    /// The scenario object's defaults: a creature with no run rate, no jump velocity, can jump,
    /// cost 0 (quirk `zero-stamina-jump`).
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

impl Weenie for ConfigWeenie {
    fn is_creature(&self) -> bool {
        self.creature
    }
    fn run_rate(&self) -> Option<f32> {
        self.run_rate
    }
    fn jump_velocity(&self, _extent: f32) -> Option<f32> {
        self.jump_velocity
    }
    fn can_jump(&self, _extent: f32) -> bool {
        self.can_jump
    }
    fn jump_stamina_cost(&self, _extent: f32, _stamina_cost: i32) -> f32 {
        self.jump_stamina_cost
    }
}
