//! Errors of the interpreter.
//!
//! ACE reports motion outcomes as `WeenieError` *values* (they are also stored as the jump
//! error of a pending motion), so those are ordinary return values; [`MotionInterpError`] is
//! for misuse that makes ACE crash.

pub use ac_motiontable::WeenieError;

/// Misuse of the interpreter that ACE does not survive (quirk
/// `interpreter-before-default-state`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum MotionInterpError {
    /// The interpreter was used between `MotionInterp::new` and `enter_default_state`: its
    /// raw/interpreted states and pending-motion queue do not exist yet. ACE dereferences
    /// null here (case `mi_before_enter_default_state`); the port refuses before touching
    /// anything, so no host call and no event happens.
    #[error("motion interpreter used before enter_default_state")]
    NotInitialized,
}
