//! What ACE's server does with the raw motion state a player's client sends (MoveToState).

use super::MotionInterp;
use crate::error::{MotionInterpError, WeenieError};
use crate::host::MotionHost;
use crate::motion::READY;
use crate::state::RawMotionState;

impl MotionInterp {
    /// Adopt a client's raw motion state the way ACE's server does on a MoveToState
    /// (`Player.OnMoveToState_ServerMethod`, the default path):
    ///
    /// 1. copy the state whole with [`RawMotionState::set_state`] (style 0 → NonCombat,
    ///    forward 0 → Ready, zero speeds → 1; the action list is not copied);
    /// 2. if the message flags a standing long jump, forward becomes Ready and the sidestep
    ///    is cleared — the jump charge keeps the player in place;
    /// 3. jumping is allowed unless the *current* interpreted forward motion forbids it
    ///    ([`motion_allows_jump`](Self::motion_allows_jump));
    /// 4. [`apply_raw_movement`](Self::apply_raw_movement) with `cancel_moveto` set, which
    ///    re-derives the interpreted state from the raw one and re-issues it.
    ///
    /// The interpreted state afterwards is what ACE echoes to other clients in its
    /// UpdateMotion (every recorded MoveToState/echo pair agrees).
    pub fn apply_client_raw_state<H: MotionHost + ?Sized>(
        &mut self,
        host: &mut H,
        raw: &RawMotionState,
        standing_long_jump: bool,
    ) -> Result<(), MotionInterpError> {
        self.ensure()?;
        self.raw.set_state(&mut self.raw_keys, raw);
        if standing_long_jump {
            self.raw.forward_command = READY;
            self.raw.sidestep_command = 0;
        }
        let allow_jump = self.motion_allows_jump(self.interp.forward_command) == WeenieError::None;
        self.apply_raw_inner(host, true, allow_jump);
        Ok(())
    }
}
