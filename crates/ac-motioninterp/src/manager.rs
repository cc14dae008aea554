//! The MovementManager (ports ACE's `MovementManager`): the object's entry point
//! for movement requests.

use ac_motiontable::Rules;

use crate::error::{MotionInterpError, WeenieError};
use crate::host::MotionHost;
use crate::interp::MotionInterp;
use crate::params::{MovementStruct, MovementType};
use crate::state::{InterpretedMotionState, RawMotionState};

/// Owns the object's [`MotionInterp`] and dispatches movement requests to it.
///
/// The interpreter is created lazily, *with* its default state, by the first motion request
/// or [`get_minterp`](Self::get_minterp) (ACE's `PerformMovement`/`get_minterp` path), or
/// explicitly by [`enter_default_state`](Self::enter_default_state). ACE's constructor
/// additionally pre-creates an un-initialised interpreter that `MakeMovementManager(true)`
/// initialises immediately; [`create_interpreter`](Self::create_interpreter) models that.
///
/// There is no MoveToManager yet: move-to and turn-to requests are refused with
/// `GeneralMovementFailure`, and `UseTime`/`HitGround` have nothing of it to drive.
#[derive(Debug, Clone, Default)]
pub struct MovementManager {
    rules: Rules,
    interp: Option<MotionInterp>,
}

impl MovementManager {
    /// A manager without an interpreter yet; interpreters it creates use `rules`.
    pub fn new(rules: Rules) -> MovementManager {
        MovementManager {
            rules,
            interp: None,
        }
    }

    /// Drop the interpreter (the next motion request re-creates it with its default state).
    pub fn take_interpreter(&mut self) -> Option<MotionInterp> {
        self.interp.take()
    }

    /// The interpreter, if one was created.
    pub fn interpreter(&self) -> Option<&MotionInterp> {
        self.interp.as_ref()
    }

    /// Mutable access to the interpreter, if one was created (no creation).
    pub fn interpreter_mut(&mut self) -> Option<&mut MotionInterp> {
        self.interp.as_mut()
    }

    /// Install a fresh interpreter without state (ACE's `MotionInterp.Create`, before
    /// `enter_default_state`), built with this manager's rules; replaces any previous one.
    pub fn create_interpreter(&mut self) -> &mut MotionInterp {
        self.interp.insert(MotionInterp::new(self.rules))
    }

    /// The rules this manager builds its interpreter with.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// `get_minterp` / `EnterDefaultState` helper: the interpreter, created and put in its
    /// default state first if missing.
    pub fn get_minterp<H: MotionHost + ?Sized>(&mut self, host: &mut H) -> &mut MotionInterp {
        let rules = self.rules;
        self.interp.get_or_insert_with(|| {
            let mut mi = MotionInterp::new(rules);
            mi.enter_default_state(host);
            mi
        })
    }

    /// `EnterDefaultState`: create the interpreter if missing and (re-)enter its default
    /// state.
    pub fn enter_default_state<H: MotionHost + ?Sized>(&mut self, host: &mut H) {
        let rules = self.rules;
        let mi = self.interp.get_or_insert_with(|| MotionInterp::new(rules));
        mi.enter_default_state(host);
    }

    /// `PerformMovement`: activate the object, then hand motion commands to the interpreter
    /// (creating it with its default state first). Move-to/turn-to (not modelled yet) and
    /// `Invalid` are refused with `GeneralMovementFailure`.
    pub fn perform_movement<H: MotionHost + ?Sized>(
        &mut self,
        host: &mut H,
        mvs: &MovementStruct,
    ) -> Result<(), WeenieError> {
        host.set_active(true);
        match mvs.movement_type {
            MovementType::RawCommand
            | MovementType::InterpretedCommand
            | MovementType::StopRawCommand
            | MovementType::StopInterpretedCommand
            | MovementType::StopCompletely => {
                let mi = self.get_minterp(host);
                mi.perform_movement(host, mvs)
            }
            // ACE hands these to the MoveToManager, which is not modelled yet.
            MovementType::MoveToObject
            | MovementType::MoveToPosition
            | MovementType::TurnToObject
            | MovementType::TurnToHeading
            | MovementType::Invalid => Err(WeenieError::GeneralMovementFailure),
        }
    }

    /// `HitGround`: forwarded to the interpreter (the MoveToManager would follow).
    pub fn hit_ground<H: MotionHost + ?Sized>(&mut self, host: &mut H) {
        if let Some(mi) = self.interp.as_mut() {
            mi.hit_ground(host);
        }
    }

    /// `LeaveGround`: forwarded to the interpreter.
    pub fn leave_ground<H: MotionHost + ?Sized>(
        &mut self,
        host: &mut H,
    ) -> Result<(), MotionInterpError> {
        match self.interp.as_mut() {
            Some(mi) => mi.leave_ground(host),
            None => Ok(()),
        }
    }

    /// `MotionDone(motion, ok)`: forwarded to the interpreter (which ignores the id).
    pub fn motion_done<H: MotionHost + ?Sized>(
        &mut self,
        host: &mut H,
        _motion: u32,
        success: bool,
    ) -> Result<(), MotionInterpError> {
        match self.interp.as_mut() {
            Some(mi) => mi.motion_done(host, success),
            None => Ok(()),
        }
    }

    /// `HandleExitWorld`: forwarded to the interpreter.
    pub fn handle_exit_world<H: MotionHost + ?Sized>(
        &mut self,
        host: &mut H,
    ) -> Result<(), MotionInterpError> {
        match self.interp.as_mut() {
            Some(mi) => mi.handle_exit_world(host),
            None => Ok(()),
        }
    }

    /// `ReportExhaustion`: forwarded to the interpreter.
    pub fn report_exhaustion<H: MotionHost + ?Sized>(&mut self, host: &mut H) {
        if let Some(mi) = self.interp.as_mut() {
            mi.report_exhaustion(host);
        }
    }

    /// `motions_pending`: whether the interpreter has pending motions.
    pub fn motions_pending(&self) -> bool {
        self.interp.as_ref().is_some_and(|mi| mi.motions_pending())
    }

    /// `InqInterpretedMotionState`: the interpreted state (creating the interpreter with its
    /// default state if missing).
    pub fn inq_interpreted_motion_state<H: MotionHost + ?Sized>(
        &mut self,
        host: &mut H,
    ) -> Option<&InterpretedMotionState> {
        self.get_minterp(host).interpreted_state()
    }

    /// `InqRawMotionState`: the raw state (creating the interpreter if missing).
    pub fn inq_raw_motion_state<H: MotionHost + ?Sized>(
        &mut self,
        host: &mut H,
    ) -> Option<&RawMotionState> {
        self.get_minterp(host).raw_state()
    }

    /// `move_to_interpreted_state`: forwarded (creating the interpreter if missing).
    pub fn move_to_interpreted_state<H: MotionHost + ?Sized>(
        &mut self,
        host: &mut H,
        state: &InterpretedMotionState,
    ) -> Result<bool, MotionInterpError> {
        self.get_minterp(host)
            .move_to_interpreted_state(host, state)
    }

    /// `SetWeenieObject`: the host's weenie changed; the interpreter re-applies its movement.
    pub fn weenie_changed<H: MotionHost + ?Sized>(&mut self, host: &mut H) {
        if let Some(mi) = self.interp.as_mut() {
            mi.weenie_changed(host);
        }
    }

    /// `UseTime`: drives only the MoveToManager in ACE, so nothing to do yet.
    pub fn use_time(&mut self) {}
}
