//! ACE `WeenieError` codes used by the motion code and `MovementType`.
//!
//! They live in this crate because the MotionTableManager is the lowest layer that returns them;
//! `ac-motioninterp` and the host reuse the same enum so every layer reports ACE's names and codes.

use std::fmt;

/// The result code of a movement request (ACE `WeenieError`, the subset the physics code uses).
///
/// `Display` prints the form the scenario traces use, `Name(0xXXXX)` (e.g. `NoMtableData(0x0043)`).
///
/// ACE passes these around as values, `None` meaning success, and so do the layers below the
/// user boundary (a pending motion stores one as its jump error). Public entry points answer
/// `Result<(), WeenieError>` instead ([`WeenieError::into_result`]). The type is `#[must_use]`:
/// a refusal silently dropped is a bug.
#[must_use = "a WeenieError other than `None` is a refusal; handle it or drop it with `let _ =`"]
#[repr(u32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum WeenieError {
    /// Success.
    #[default]
    None = 0x0000,
    /// No motion table / MotionTableManager / MovementManager.
    NoAnimationTable = 0x0007,
    /// MotionInterp or MoveToManager without a physics object.
    NoPhysicsObject = 0x0008,
    /// MoveToManager without a motion interpreter.
    NoMotionInterpreter = 0x000B,
    /// Action while contact forbids it; jump while airborne.
    YouCantJumpWhileInTheAir = 0x0024,
    /// A move-to was cancelled.
    ActionCancelled = 0x0036,
    /// MoveToManager: the target object is gone.
    ObjectGone = 0x0037,
    /// MoveToManager: no target object.
    NoObject = 0x0038,
    /// MoveToManager: the mover teleported.
    ITeleported = 0x003C,
    /// MoveToManager: charged too far.
    YouChargedTooFar = 0x003D,
    /// MoveToManager: too tired.
    YouAreTooTiredToDoThat = 0x003E,
    /// `DoMotion(Crouch)` outside NonCombat.
    CantCrouchInCombat = 0x003F,
    /// `DoMotion(Sitting)` outside NonCombat.
    CantSitInCombat = 0x0040,
    /// `DoMotion(Sleeping)` outside NonCombat.
    CantLieDownInCombat = 0x0041,
    /// `DoMotion` of a ChatEmote-class id outside NonCombat.
    CantChatEmoteInCombat = 0x0042,
    /// The motion table could not resolve the request (`PerformMovement`).
    NoMtableData = 0x0043,
    /// Chat emote while not standing (not produced by the motion core).
    CantChatEmoteNotStanding = 0x0044,
    /// `DoMotion(Action)` with 6 or more actions already queued.
    TooManyActions = 0x0045,
    /// Catch-all movement failure.
    GeneralMovementFailure = 0x0047,
    /// The current motion forbids jumping.
    YouCantJumpFromThisPosition = 0x0048,
    /// Too encumbered to jump.
    CantJumpLoadedDown = 0x0049,
}

impl WeenieError {
    /// Every variant, in code order.
    pub const ALL: [WeenieError; 21] = [
        Self::None,
        Self::NoAnimationTable,
        Self::NoPhysicsObject,
        Self::NoMotionInterpreter,
        Self::YouCantJumpWhileInTheAir,
        Self::ActionCancelled,
        Self::ObjectGone,
        Self::NoObject,
        Self::ITeleported,
        Self::YouChargedTooFar,
        Self::YouAreTooTiredToDoThat,
        Self::CantCrouchInCombat,
        Self::CantSitInCombat,
        Self::CantLieDownInCombat,
        Self::CantChatEmoteInCombat,
        Self::NoMtableData,
        Self::CantChatEmoteNotStanding,
        Self::TooManyActions,
        Self::GeneralMovementFailure,
        Self::YouCantJumpFromThisPosition,
        Self::CantJumpLoadedDown,
    ];

    /// The ACE numeric code.
    pub fn code(self) -> u32 {
        self as u32
    }

    /// The ACE enum member name.
    pub fn name(self) -> &'static str {
        match self {
            Self::None => "None",
            Self::NoAnimationTable => "NoAnimationTable",
            Self::NoPhysicsObject => "NoPhysicsObject",
            Self::NoMotionInterpreter => "NoMotionInterpreter",
            Self::YouCantJumpWhileInTheAir => "YouCantJumpWhileInTheAir",
            Self::ActionCancelled => "ActionCancelled",
            Self::ObjectGone => "ObjectGone",
            Self::NoObject => "NoObject",
            Self::ITeleported => "ITeleported",
            Self::YouChargedTooFar => "YouChargedTooFar",
            Self::YouAreTooTiredToDoThat => "YouAreTooTiredToDoThat",
            Self::CantCrouchInCombat => "CantCrouchInCombat",
            Self::CantSitInCombat => "CantSitInCombat",
            Self::CantLieDownInCombat => "CantLieDownInCombat",
            Self::CantChatEmoteInCombat => "CantChatEmoteInCombat",
            Self::NoMtableData => "NoMtableData",
            Self::CantChatEmoteNotStanding => "CantChatEmoteNotStanding",
            Self::TooManyActions => "TooManyActions",
            Self::GeneralMovementFailure => "GeneralMovementFailure",
            Self::YouCantJumpFromThisPosition => "YouCantJumpFromThisPosition",
            Self::CantJumpLoadedDown => "CantJumpLoadedDown",
        }
    }

    /// The variant with ACE code `code`, if it is one of the codes above.
    pub fn from_code(code: u32) -> Option<Self> {
        Self::ALL.iter().copied().find(|e| e.code() == code)
    }

    /// Whether this is `None` (success).
    pub fn is_ok(self) -> bool {
        self == Self::None
    }

    /// The public-boundary shape: `None` is `Ok(())`, every other code a refusal `Err(self)`.
    pub fn into_result(self) -> Result<(), WeenieError> {
        if self.is_ok() { Ok(()) } else { Err(self) }
    }

    /// The reference's value shape of a result: `Ok(())` is `None` (what a trace prints as
    /// `None(0x0000)`), a refusal is itself.
    pub fn from_result(r: Result<(), WeenieError>) -> WeenieError {
        match r {
            Ok(()) => WeenieError::None,
            Err(e) => e,
        }
    }
}

impl fmt::Display for WeenieError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}(0x{:04X})", self.name(), self.code())
    }
}

/// A refusal is an error (`?` works with `Box<dyn Error>` and `anyhow`). `None` only appears as
/// an error value if someone builds `Err(WeenieError::None)` by hand.
impl std::error::Error for WeenieError {}

/// ACE `MovementType`: which kind of movement request a
/// `PerformMovement` carries. The MotionTableManager handles the interpreted/stop kinds and
/// answers `None` for the rest.
#[repr(u8)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum MovementType {
    /// No movement.
    #[default]
    Invalid = 0,
    /// `MotionInterp.DoMotion`.
    RawCommand = 1,
    /// `DoInterpretedMotion` / `MotionTableManager.PerformMovement`.
    InterpretedCommand = 2,
    /// `MotionInterp.StopMotion`.
    StopRawCommand = 3,
    /// `StopInterpretedMotion` / `MotionTableManager.PerformMovement`.
    StopInterpretedCommand = 4,
    /// `StopCompletely`.
    StopCompletely = 5,
    /// MoveToManager.
    MoveToObject = 6,
    /// MoveToManager.
    MoveToPosition = 7,
    /// MoveToManager.
    TurnToObject = 8,
    /// MoveToManager.
    TurnToHeading = 9,
}
