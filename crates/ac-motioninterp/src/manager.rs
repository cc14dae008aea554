//! The MovementManager (ports ACE's `MovementManager`): the object's entry point
//! for movement requests, owning its motion interpreter and its move-to manager.

use ac_motiontable::{Rules, SharedRules};

use crate::error::{MotionInterpError, WeenieError};
use crate::host::MotionHost;
use crate::interp::MotionInterp;
use crate::moveto::{Minterp, MoveToHost, MoveToManager, TargetInfo, WithMoveTo};
use crate::params::{MovementStruct, MovementType};
use crate::state::{InterpretedMotionState, RawMotionState};

/// Owns the object's [`MotionInterp`] and [`MoveToManager`] and dispatches movement requests
/// to them.
///
/// The interpreter is created lazily, *with* its default state, by the first motion request
/// or [`get_minterp`](Self::get_minterp) (ACE's `PerformMovement`/`get_minterp` path), or
/// explicitly by [`enter_default_state`](Self::enter_default_state). ACE's constructor
/// additionally pre-creates an un-initialised interpreter that `MakeMovementManager(true)`
/// initialises immediately; [`create_interpreter`](Self::create_interpreter) models that. The
/// move-to manager exists from the start, idle.
///
/// Every interpreter call is made with a host that also reaches the move-to manager, so a
/// motion that cancels move-to (`DoMotion` with CancelMoveTo, `StopCompletely`, a jump) ends
/// the move under way at the point where ACE does.
#[derive(Debug, Clone, Default)]
pub struct MovementManager {
    rules: SharedRules,
    interp: Option<MotionInterp>,
    moveto: MoveToManager,
}

impl MovementManager {
    /// A manager without an interpreter yet; interpreters it creates use `rules`. Its
    /// move-to manager is created at clock 0 (see [`Self::with_clock`]).
    pub fn new(rules: Rules) -> MovementManager {
        MovementManager::with_clock(rules, 0.0)
    }

    /// [`Self::new`] at clock `now` (seconds): the fresh move-to manager's progress times.
    pub fn with_clock(rules: Rules, now: f64) -> MovementManager {
        MovementManager::with_shared_rules(SharedRules::new(rules), now)
    }

    /// [`Self::with_clock`] with rules already shared (the owner's, no interning).
    pub fn with_shared_rules(rules: SharedRules, now: f64) -> MovementManager {
        MovementManager {
            moveto: MoveToManager::new(*rules, now),
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

    /// Mutable access to the interpreter, if one was created (no creation). Calls made on it
    /// directly do not reach the move-to manager; use [`Self::with_interp`] for that.
    pub fn interpreter_mut(&mut self) -> Option<&mut MotionInterp> {
        self.interp.as_mut()
    }

    /// Install a fresh interpreter without state (ACE's `MotionInterp.Create`, before
    /// `enter_default_state`), built with this manager's rules; replaces any previous one.
    pub fn create_interpreter(&mut self) -> &mut MotionInterp {
        self.interp
            .insert(MotionInterp::with_shared_rules(self.rules.clone()))
    }

    /// The rules this manager builds its interpreter with.
    pub fn rules(&self) -> Rules {
        self.rules.get()
    }

    /// The move-to manager.
    pub fn move_to_manager(&self) -> &MoveToManager {
        &self.moveto
    }

    /// `IsMovingTo` as far as this manager knows: a move or turn is under way.
    pub fn is_moving_to(&self) -> bool {
        self.moveto.is_moving_to()
    }

    /// `get_minterp` / `EnterDefaultState` helper: the interpreter, created and put in its
    /// default state first if missing.
    pub fn get_minterp<H: MotionHost + ?Sized>(&mut self, host: &mut H) -> &mut MotionInterp {
        let rules = &self.rules;
        self.interp.get_or_insert_with(|| {
            let mut mi = MotionInterp::with_shared_rules(rules.clone());
            mi.enter_default_state(host);
            mi
        })
    }

    /// Run `f` on the interpreter (if one exists) with a host that reaches the move-to
    /// manager: the way to call interpreter methods directly.
    pub fn with_interp<H: MoveToHost + ?Sized, R>(
        &mut self,
        host: &mut H,
        f: impl FnOnce(&mut MotionInterp, &mut dyn MotionHost) -> R,
    ) -> Option<R> {
        self.run_interp(host, false, |mi, h| f(mi, h))
    }

    /// The interpreter call behind every routed entry point: create the interpreter (with its
    /// default state) when `create` asks for it, lend it the move-to-aware host, then deliver a
    /// cancel the host deferred and nothing consumed.
    fn run_interp<H: MoveToHost + ?Sized, R>(
        &mut self,
        host: &mut H,
        create: bool,
        f: impl FnOnce(&mut MotionInterp, &mut WithMoveTo<'_, H>) -> R,
    ) -> Option<R> {
        if create {
            self.get_minterp(host);
        }
        let mi = self.interp.as_mut()?;
        let r = f(
            mi,
            &mut WithMoveTo {
                host: &mut *host,
                moveto: &mut self.moveto,
            },
        );
        if host.take_deferred_cancel() {
            self.cancel_move_to(host, WeenieError::ActionCancelled);
        }
        Some(r)
    }

    /// Run a move-to manager step with the interpreter slot lent to it. A cancel deferred
    /// during the step met an idle manager in ACE (the manager only stops completely when
    /// idle), so it is dropped.
    fn run_moveto<H: MoveToHost + ?Sized, R>(
        &mut self,
        host: &mut H,
        f: impl FnOnce(&mut MoveToManager, &mut Minterp<'_>, &mut H) -> R,
    ) -> R {
        let r = f(
            &mut self.moveto,
            &mut Minterp::Slot(&mut self.interp, &self.rules),
            host,
        );
        let _ = host.take_deferred_cancel();
        r
    }

    /// `EnterDefaultState`: create the interpreter if missing and (re-)enter its default
    /// state.
    pub fn enter_default_state<H: MoveToHost + ?Sized>(&mut self, host: &mut H) {
        let rules = &self.rules;
        self.interp
            .get_or_insert_with(|| MotionInterp::with_shared_rules(rules.clone()));
        self.run_interp(host, false, |mi, h| mi.enter_default_state(h));
    }

    /// `PerformMovement`: activate the object, then hand motion commands to the interpreter
    /// (creating it with its default state first) and the move-to kinds to the move-to
    /// manager (which always accepts; how the move ends arrives through
    /// [`MoveToHost::move_complete`]). `Invalid` is refused with `GeneralMovementFailure`.
    pub fn perform_movement<H: MoveToHost + ?Sized>(
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
            | MovementType::StopCompletely => self
                .run_interp(host, true, |mi, h| mi.perform_movement(h, mvs))
                .unwrap_or(Err(WeenieError::NoMotionInterpreter)),
            MovementType::MoveToObject
            | MovementType::MoveToPosition
            | MovementType::TurnToObject
            | MovementType::TurnToHeading => self
                .run_moveto(host, |m, mi, h| m.perform_movement(mi, h, mvs))
                .into_result(),
            MovementType::Invalid => Err(WeenieError::GeneralMovementFailure),
        }
    }

    /// `CancelMoveTo(status)`: end the move under way with `status` (nothing when idle).
    pub fn cancel_move_to<H: MoveToHost + ?Sized>(&mut self, host: &mut H, status: WeenieError) {
        self.run_moveto(host, |m, mi, h| m.cancel_move_to(mi, h, status));
    }

    /// `HandleUpdateTarget(info)`: a target report for the move-to manager.
    pub fn handle_update_target<H: MoveToHost + ?Sized>(
        &mut self,
        host: &mut H,
        info: &TargetInfo,
    ) {
        self.run_moveto(host, |m, mi, h| m.handle_update_target(mi, h, info));
    }

    /// `UseTime`: one slice of the move-to manager (the interpreter has no per-slice work).
    pub fn use_time<H: MoveToHost + ?Sized>(&mut self, host: &mut H) {
        self.run_moveto(host, |m, mi, h| m.use_time(mi, h));
    }

    /// `HitGround`: the interpreter first, then the move-to manager (which re-begins its
    /// head node).
    pub fn hit_ground<H: MoveToHost + ?Sized>(&mut self, host: &mut H) {
        self.run_interp(host, false, |mi, h| mi.hit_ground(h));
        self.run_moveto(host, |m, mi, h| m.hit_ground(mi, h));
    }

    /// `LeaveGround`: forwarded to the interpreter.
    pub fn leave_ground<H: MoveToHost + ?Sized>(
        &mut self,
        host: &mut H,
    ) -> Result<(), MotionInterpError> {
        self.run_interp(host, false, |mi, h| mi.leave_ground(h))
            .unwrap_or(Ok(()))
    }

    /// `MotionDone(motion, ok)`: forwarded to the interpreter (which ignores the id).
    pub fn motion_done<H: MoveToHost + ?Sized>(
        &mut self,
        host: &mut H,
        _motion: u32,
        success: bool,
    ) -> Result<(), MotionInterpError> {
        self.run_interp(host, false, |mi, h| mi.motion_done(h, success))
            .unwrap_or(Ok(()))
    }

    /// `HandleExitWorld`: forwarded to the interpreter.
    pub fn handle_exit_world<H: MoveToHost + ?Sized>(
        &mut self,
        host: &mut H,
    ) -> Result<(), MotionInterpError> {
        self.run_interp(host, false, |mi, h| mi.handle_exit_world(h))
            .unwrap_or(Ok(()))
    }

    /// `ReportExhaustion`: forwarded to the interpreter.
    pub fn report_exhaustion<H: MoveToHost + ?Sized>(&mut self, host: &mut H) {
        self.run_interp(host, false, |mi, h| mi.report_exhaustion(h));
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

    /// `move_to_interpreted_state`: forwarded (creating the interpreter if missing); its
    /// `cancel_moveto` reaches the move-to manager.
    pub fn move_to_interpreted_state<H: MoveToHost + ?Sized>(
        &mut self,
        host: &mut H,
        state: &InterpretedMotionState,
    ) -> Result<bool, MotionInterpError> {
        self.run_interp(host, true, |mi, h| mi.move_to_interpreted_state(h, state))
            .unwrap_or(Ok(false))
    }

    /// `SetWeenieObject`: the host's weenie changed; the interpreter re-applies its movement.
    pub fn weenie_changed<H: MoveToHost + ?Sized>(&mut self, host: &mut H) {
        self.run_interp(host, false, |mi, h| mi.weenie_changed(h));
    }
}
