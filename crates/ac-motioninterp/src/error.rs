//! Errors of the interpreter.
//!
//! ACE reports motion outcomes as `WeenieError` *values* (they are also stored as the jump
//! error of a pending motion), so those are ordinary return values; [`MotionInterpError`] is
//! for misuse that makes ACE crash.

/// ACE `WeenieError` codes the motion code produces (`motion-constants.md` §7).
///
/// Temporary local definition with the shape requested from `ac-motiontable` (REQUESTS.md);
/// replaced by a re-export of `ac_motiontable::WeenieError` once that lands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[repr(u32)]
pub enum WeenieError {
    /// Success.
    #[default]
    None = 0x00,
    /// No motion table / manager.
    NoAnimationTable = 0x07,
    /// No physics object.
    NoPhysicsObject = 0x08,
    /// No motion interpreter.
    NoMotionInterpreter = 0x0B,
    /// Action requested while airborne; or jump while airborne.
    YouCantJumpWhileInTheAir = 0x24,
    /// Move-to cancelled.
    ActionCancelled = 0x36,
    /// Crouch refused outside NonCombat.
    CantCrouchInCombat = 0x3F,
    /// Sit refused outside NonCombat.
    CantSitInCombat = 0x40,
    /// Sleep refused outside NonCombat.
    CantLieDownInCombat = 0x41,
    /// Chat emote refused outside NonCombat.
    CantChatEmoteInCombat = 0x42,
    /// The motion table has no data for the motion.
    NoMtableData = 0x43,
    /// Six actions already queued.
    TooManyActions = 0x45,
    /// Generic refusal.
    GeneralMovementFailure = 0x47,
    /// The current motion forbids jumping.
    YouCantJumpFromThisPosition = 0x48,
    /// Too encumbered to jump.
    CantJumpLoadedDown = 0x49,
}

impl WeenieError {
    /// The numeric code.
    pub fn code(self) -> u32 {
        self as u32
    }
}

/// Misuse of the interpreter that ACE does not survive (`ace-exception-cases.md`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum MotionInterpError {
    /// The interpreter was used between `MotionInterp::new` and `enter_default_state`: its
    /// raw/interpreted states and pending-motion queue do not exist yet. ACE dereferences
    /// null here (case `mi_before_enter_default_state`); the port refuses before touching
    /// anything, so no host call and no event happens.
    #[error("motion interpreter used before enter_default_state")]
    NotInitialized,
}
