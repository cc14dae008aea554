//! How the move-to manager reaches its sibling interpreter.

use crate::error::WeenieError;
use crate::host::MotionHost;
use crate::interp::MotionInterp;
use crate::manager::InterpSlot;
use crate::params::{MovementParameters, MovementStruct, MovementType};

/// The interpreter as the move-to manager reaches it (ACE `PhysicsObj.get_minterp()`): the
/// movement manager's slot, where a missing interpreter is created with its default state on
/// first use; or, when an interpreter call re-entered the manager (a `cancel_moveto` from
/// `DoMotion`), that interpreter itself.
pub(crate) enum Minterp<'a> {
    /// The movement manager's slot (which holds the rules of an interpreter created in it).
    Slot(&'a mut InterpSlot),
    /// The interpreter that is calling back.
    Live(&'a mut MotionInterp),
}

impl Minterp<'_> {
    /// `get_minterp()`: the interpreter, created and put in its default state if missing.
    pub(crate) fn get<H: MotionHost + ?Sized>(&mut self, host: &mut H) -> &mut MotionInterp {
        match self {
            Minterp::Live(mi) => mi,
            Minterp::Slot(slot) => slot.get_or_create(host),
        }
    }

    /// `_DoMotion(motion, params)`: canonicalise with `adjust_motion` (which may rewrite the
    /// caller's speed, as ACE's by-reference parameters do), then `DoInterpretedMotion`.
    /// An interpreter that never entered its default state answers `NoMotionInterpreter`.
    pub(crate) fn do_motion<H: MotionHost + ?Sized>(
        &mut self,
        host: &mut H,
        motion: u32,
        params: &mut MovementParameters,
    ) -> WeenieError {
        match self.adjusted(host, motion, params) {
            Some((mi, m)) => as_value(mi.do_interpreted_motion(host, m, params)),
            None => WeenieError::NoMotionInterpreter,
        }
    }

    /// `_StopMotion(motion, params)`: as [`Self::do_motion`] with `StopInterpretedMotion`.
    pub(crate) fn stop_motion<H: MotionHost + ?Sized>(
        &mut self,
        host: &mut H,
        motion: u32,
        params: &mut MovementParameters,
    ) -> WeenieError {
        match self.adjusted(host, motion, params) {
            Some((mi, m)) => as_value(mi.stop_interpreted_motion(host, m, params)),
            None => WeenieError::NoMotionInterpreter,
        }
    }

    /// The interpreter and `motion` canonicalised by `adjust_motion` (which may rewrite
    /// `params.speed`), or `None` when the interpreter has no state to adjust against.
    fn adjusted<H: MotionHost + ?Sized>(
        &mut self,
        host: &mut H,
        motion: u32,
        params: &mut MovementParameters,
    ) -> Option<(&mut MotionInterp, u32)> {
        let mi = self.get(host);
        let mut m = motion;
        mi.adjust_motion(host, &mut m, &mut params.speed, params.hold_key_to_apply)
            .ok()?;
        Some((mi, m))
    }

    /// The interpreter's part of `PhysicsObj.StopCompletely()`: `PerformMovement(StopCompletely)`
    /// (which ends with a completion poll). The caller has activated the object.
    pub(crate) fn stop_completely<H: MotionHost + ?Sized>(&mut self, host: &mut H) {
        let mvs = MovementStruct::new(
            MovementType::StopCompletely,
            0,
            MovementParameters::default(),
        );
        let _ = self.get(host).perform_movement(host, &mvs);
    }
}

/// A motion's answer as the reference's value (`None` for success).
fn as_value(r: Result<(), WeenieError>) -> WeenieError {
    r.err().unwrap_or(WeenieError::None)
}
