//! The MovementManager (ports ACE's `MovementManager`): the object's entry point
//! for movement requests, owning its motion interpreter and its move-to manager.

use std::borrow::Cow;

use ac_motiontable::{Rules, SharedRules};

use crate::error::{MotionInterpError, WeenieError};
use crate::host::MotionHost;
use crate::interp::MotionInterp;
use crate::moveto::{Minterp, MoveToHost, MoveToManager, TargetInfo, WithMoveTo};
use crate::params::{MovementParameters, MovementStruct, MovementType};
use crate::state::{InterpretedMotionState, RawMotionState};

/// Owns the object's [`MotionInterp`] and [`MoveToManager`] and dispatches movement requests
/// to them.
///
/// The interpreter is created lazily, *with* its default state, by the first motion request
/// or [`get_minterp`](Self::get_minterp) (ACE's `PerformMovement`/`get_minterp` path), or
/// explicitly by [`enter_default_state`](Self::enter_default_state). ACE's constructor
/// additionally pre-creates an un-initialised interpreter that `MakeMovementManager(true)`
/// initialises immediately; [`create_interpreter`](Self::create_interpreter) models that.
///
/// ACE creates the move-to manager with the movement manager; here it is allocated by the
/// first move-to or turn-to request (or the one target report an idle manager does not
/// ignore), because most objects never move to anything and it is the largest part of the
/// manager. Until then every call answers exactly as the idle manager ACE created would: an
/// idle manager ignores cancels, slices and landings, and it is created at this manager's clock
/// ([`Self::with_clock`]), so the one it becomes is the one ACE would hold.
///
/// Every interpreter call is made with a host that also reaches the move-to manager, so a
/// motion that cancels move-to (`DoMotion` with CancelMoveTo, `StopCompletely`, a jump) ends
/// the move under way at the point where ACE does.
#[derive(Debug, Clone, Default)]
#[repr(C)]
pub struct MovementManager {
    /// The clock at this manager's creation, where a fresh move-to manager's progress times
    /// start.
    created_at: f64,
    /// The interpreter, or (until one is created) the rules it will be built with.
    interp: InterpSlot,
    /// The move-to manager, once a request needed it (see the type's docs). Last, right after
    /// the interpreter slot whose tag ends it: an object's slice reads that tag (whether the
    /// object has a manager) and this box (whether it has a move-to manager), so the two share
    /// a cache line instead of sitting at the two ends of the manager.
    moveto: Option<Box<MoveToManager>>,
}

/// The movement manager's interpreter slot: the interpreter, or the rules one will be created
/// with. One field instead of an `Option<MotionInterp>` beside the rules: the interpreter holds
/// the same rules (every interpreter of a manager is built from them), so the manager does not
/// keep a second copy.
#[derive(Debug, Clone)]
pub(crate) enum InterpSlot {
    /// No interpreter yet (or it was taken).
    Empty(SharedRules),
    /// The interpreter.
    Filled(MotionInterp),
}

impl Default for InterpSlot {
    fn default() -> Self {
        InterpSlot::Empty(SharedRules::default())
    }
}

impl InterpSlot {
    /// The rules of the interpreter, present or to be created.
    pub(crate) fn rules(&self) -> &SharedRules {
        match self {
            InterpSlot::Empty(rules) => rules,
            InterpSlot::Filled(mi) => mi.shared_rules(),
        }
    }

    /// The interpreter, if one was created.
    pub(crate) fn get(&self) -> Option<&MotionInterp> {
        match self {
            InterpSlot::Empty(_) => None,
            InterpSlot::Filled(mi) => Some(mi),
        }
    }

    /// The interpreter, mutable, if one was created.
    pub(crate) fn get_mut(&mut self) -> Option<&mut MotionInterp> {
        match self {
            InterpSlot::Empty(_) => None,
            InterpSlot::Filled(mi) => Some(mi),
        }
    }

    /// Install `mi` (built with [`Self::rules`]), replacing any interpreter.
    pub(crate) fn insert(&mut self, mi: MotionInterp) -> &mut MotionInterp {
        *self = InterpSlot::Filled(mi);
        match self {
            InterpSlot::Filled(mi) => mi,
            InterpSlot::Empty(_) => unreachable!("filled above"),
        }
    }

    /// Remove the interpreter, keeping its rules for the next one.
    pub(crate) fn take(&mut self) -> Option<MotionInterp> {
        let rules = self.rules().clone();
        match std::mem::replace(self, InterpSlot::Empty(rules)) {
            InterpSlot::Empty(_) => None,
            InterpSlot::Filled(mi) => Some(mi),
        }
    }

    /// `get_minterp()`: the interpreter, created with these rules and put in its default state
    /// first if missing.
    #[inline]
    pub(crate) fn get_or_create<H: MotionHost + ?Sized>(
        &mut self,
        host: &mut H,
    ) -> &mut MotionInterp {
        if let InterpSlot::Empty(_) = self {
            self.create(host);
        }
        match self {
            InterpSlot::Filled(mi) => mi,
            InterpSlot::Empty(_) => unreachable!("filled above"),
        }
    }

    /// [`Self::get_or_create`]'s creation, once per interpreter (kept out of line).
    #[cold]
    #[inline(never)]
    fn create<H: MotionHost + ?Sized>(&mut self, host: &mut H) {
        let mut mi = MotionInterp::with_shared_rules(self.rules().clone());
        mi.enter_default_state(host);
        *self = InterpSlot::Filled(mi);
    }
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
            interp: InterpSlot::Empty(rules),
            moveto: None,
            created_at: now,
        }
    }

    /// Drop the interpreter (the next motion request re-creates it with its default state).
    pub fn take_interpreter(&mut self) -> Option<MotionInterp> {
        self.interp.take()
    }

    /// The interpreter, if one was created.
    pub fn interpreter(&self) -> Option<&MotionInterp> {
        self.interp.get()
    }

    /// Mutable access to the interpreter, if one was created (no creation). Calls made on it
    /// directly do not reach the move-to manager; use [`Self::with_interp`] for that.
    pub fn interpreter_mut(&mut self) -> Option<&mut MotionInterp> {
        self.interp.get_mut()
    }

    /// Install a fresh interpreter without state (ACE's `MotionInterp.Create`, before
    /// `enter_default_state`), built with this manager's rules; replaces any previous one.
    pub fn create_interpreter(&mut self) -> &mut MotionInterp {
        let mi = MotionInterp::with_shared_rules(self.interp.rules().clone());
        self.interp.insert(mi)
    }

    /// The rules this manager builds its interpreter with.
    pub fn rules(&self) -> Rules {
        self.interp.rules().get()
    }

    /// The move-to manager. Before any request needed one it is the idle manager created with
    /// this manager (built on the fly, the state ACE's would hold); see
    /// [`Self::move_to_manager_if_created`] for a borrow without that cost.
    pub fn move_to_manager(&self) -> Cow<'_, MoveToManager> {
        match self.moveto.as_deref() {
            Some(m) => Cow::Borrowed(m),
            None => Cow::Owned(self.fresh_move_to_manager()),
        }
    }

    /// The move-to manager, once a move-to or turn-to request created it (`None`: it is still
    /// the idle manager [`Self::move_to_manager`] shows).
    pub fn move_to_manager_if_created(&self) -> Option<&MoveToManager> {
        self.moveto.as_deref()
    }

    /// `IsMovingTo` as far as this manager knows: a move or turn is under way.
    pub fn is_moving_to(&self) -> bool {
        self.moveto
            .as_deref()
            .is_some_and(MoveToManager::is_moving_to)
    }

    /// The idle move-to manager ACE creates with the movement manager.
    fn fresh_move_to_manager(&self) -> MoveToManager {
        MoveToManager::new(**self.interp.rules(), self.created_at)
    }

    /// `get_minterp` / `EnterDefaultState` helper: the interpreter, created and put in its
    /// default state first if missing.
    pub fn get_minterp<H: MotionHost + ?Sized>(&mut self, host: &mut H) -> &mut MotionInterp {
        self.interp.get_or_create(host)
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
        let mi = self.interp.get_mut()?;
        let r = f(
            mi,
            &mut WithMoveTo {
                host: &mut *host,
                moveto: self.moveto.as_deref_mut(),
            },
        );
        if host.take_deferred_cancel() {
            self.cancel_move_to(host, WeenieError::ActionCancelled);
        }
        Some(r)
    }

    /// Run a move-to manager step with the interpreter slot lent to it, creating the manager
    /// first if it does not exist yet. A cancel deferred during the step met an idle manager
    /// in ACE (the manager only stops completely when idle), so it is dropped.
    fn run_moveto<H: MoveToHost + ?Sized, R>(
        &mut self,
        host: &mut H,
        f: impl FnOnce(&mut MoveToManager, &mut Minterp<'_>, &mut H) -> R,
    ) -> R {
        if self.moveto.is_none() {
            self.moveto = Some(Box::new(self.fresh_move_to_manager()));
        }
        let moveto = self.moveto.as_deref_mut().expect("created above");
        let r = f(moveto, &mut Minterp::Slot(&mut self.interp), host);
        let _ = host.take_deferred_cancel();
        r
    }

    /// [`Self::run_moveto`] for a step an idle manager ignores (it returns before changing
    /// anything): without a manager the step is skipped, as the fresh manager would skip it,
    /// and only the deferred cancel is dropped.
    ///
    /// Inlined so that the common case, no manager (every slice of an object that never moved
    /// to anything), costs the caller a test and the dropped cancel, not a call.
    #[inline]
    fn run_moveto_if_created<H: MoveToHost + ?Sized>(
        &mut self,
        host: &mut H,
        f: impl FnOnce(&mut MoveToManager, &mut Minterp<'_>, &mut H),
    ) {
        match self.moveto.as_deref_mut() {
            Some(moveto) => Self::run_created_moveto(moveto, &mut self.interp, host, f),
            None => _ = host.take_deferred_cancel(),
        }
    }

    /// [`Self::run_moveto_if_created`] with a manager.
    #[inline(never)]
    fn run_created_moveto<H: MoveToHost + ?Sized>(
        moveto: &mut MoveToManager,
        interp: &mut InterpSlot,
        host: &mut H,
        f: impl FnOnce(&mut MoveToManager, &mut Minterp<'_>, &mut H),
    ) {
        f(moveto, &mut Minterp::Slot(interp), host);
        let _ = host.take_deferred_cancel();
    }

    /// `EnterDefaultState`: create the interpreter if missing and (re-)enter its default
    /// state.
    pub fn enter_default_state<H: MoveToHost + ?Sized>(&mut self, host: &mut H) {
        if self.interp.get().is_none() {
            let mi = MotionInterp::with_shared_rules(self.interp.rules().clone());
            self.interp.insert(mi);
        }
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
        match mvs.movement_type {
            MovementType::RawCommand
            | MovementType::InterpretedCommand
            | MovementType::StopRawCommand
            | MovementType::StopInterpretedCommand
            | MovementType::StopCompletely => {
                self.perform_motion(host, mvs.movement_type, mvs.motion, &mvs.params)
            }
            _ => self.perform_movement_other(host, mvs),
        }
    }

    /// [`Self::perform_movement`] for a motion command given by its fields: a motion command
    /// reads only the type, the motion and the parameters of a [`MovementStruct`], so
    /// `perform_motion(h, kind, motion, &params)` answers and acts exactly as
    /// `perform_movement(h, &MovementStruct::new(kind, motion, params))`, without building the
    /// request. Any other kind (a move-to, `Invalid`) is handed to `perform_movement` with
    /// such a request.
    pub fn perform_motion<H: MoveToHost + ?Sized>(
        &mut self,
        host: &mut H,
        kind: MovementType,
        motion: u32,
        params: &MovementParameters,
    ) -> Result<(), WeenieError> {
        match kind {
            MovementType::RawCommand
            | MovementType::InterpretedCommand
            | MovementType::StopRawCommand
            | MovementType::StopInterpretedCommand
            | MovementType::StopCompletely => {
                host.set_active(true);
                self.run_interp(host, true, |mi, h| {
                    mi.perform_motion(h, kind, motion, params)
                })
                .unwrap_or(Err(WeenieError::NoMotionInterpreter))
            }
            _ => self.perform_movement_other(host, &MovementStruct::new(kind, motion, *params)),
        }
    }

    /// [`Self::perform_movement`] past the motion commands: the move-to kinds and `Invalid`.
    #[inline(never)]
    fn perform_movement_other<H: MoveToHost + ?Sized>(
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
        self.run_moveto_if_created(host, |m, mi, h| m.cancel_move_to(mi, h, status));
    }

    /// `HandleUpdateTarget(info)`: a target report for the move-to manager.
    pub fn handle_update_target<H: MoveToHost + ?Sized>(
        &mut self,
        host: &mut H,
        info: &TargetInfo,
    ) {
        if MoveToManager::idle_ignores_update(info) {
            self.run_moveto_if_created(host, |m, mi, h| m.handle_update_target(mi, h, info));
        } else {
            self.run_moveto(host, |m, mi, h| m.handle_update_target(mi, h, info));
        }
    }

    /// `UseTime`: one slice of the move-to manager (the interpreter has no per-slice work).
    #[inline]
    pub fn use_time<H: MoveToHost + ?Sized>(&mut self, host: &mut H) {
        self.run_moveto_if_created(host, |m, mi, h| m.use_time(mi, h));
    }

    /// `HitGround`: the interpreter first, then the move-to manager (which re-begins its
    /// head node).
    pub fn hit_ground<H: MoveToHost + ?Sized>(&mut self, host: &mut H) {
        self.run_interp(host, false, |mi, h| mi.hit_ground(h));
        self.run_moveto_if_created(host, |m, mi, h| m.hit_ground(mi, h));
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

    /// [`Self::motion_done`]'s common case, with the host itself (not the move-to-aware
    /// host a routed call lends): when the interpreter exists and
    /// [`MotionInterp::motion_done_common`] applies, it runs (true); otherwise nothing changes
    /// (false: call [`Self::motion_done`]). Exact: that case makes one host call,
    /// `set_animating`, which the move-to-aware host forwards unchanged, and defers no cancel,
    /// so the routed call would do the same and then deliver only a cancel the host had
    /// deferred before (a caller that may hold one must use the routed call).
    #[inline]
    pub fn motion_done_common<H: MotionHost + ?Sized>(&mut self, host: &mut H) -> bool {
        match self.interp.get_mut() {
            Some(mi) => mi.motion_done_common(host),
            None => false,
        }
    }

    /// [`Self::motion_done_common`] for up to `max` completions in one pass
    /// ([`MotionInterp::motion_done_common_batch`]): answers how many it took (0 without an
    /// interpreter or when the head is not the common case); the caller replays the rest.
    /// Exact for the same reason as `motion_done_common`: its only host calls are
    /// `set_animating`, and it defers no cancel.
    #[inline]
    pub fn motion_done_common_batch<H: MotionHost + ?Sized>(
        &mut self,
        host: &mut H,
        max: usize,
    ) -> usize {
        match self.interp.get_mut() {
            Some(mi) => mi.motion_done_common_batch(host, max),
            None => 0,
        }
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
        self.interp.get().is_some_and(|mi| mi.motions_pending())
    }

    /// `InqInterpretedMotionState`: the interpreted state (creating the interpreter with its
    /// default state if missing).
    pub fn inq_interpreted_motion_state<H: MotionHost + ?Sized>(
        &mut self,
        host: &mut H,
    ) -> Option<InterpretedMotionState> {
        self.get_minterp(host).interpreted_state()
    }

    /// `InqRawMotionState`: the raw state (creating the interpreter if missing).
    pub fn inq_raw_motion_state<H: MotionHost + ?Sized>(
        &mut self,
        host: &mut H,
    ) -> Option<RawMotionState> {
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

#[cfg(test)]
mod layout_tests {
    use super::*;
    use std::mem::{offset_of, size_of};

    /// The move-to box ends the manager, right after the interpreter slot (whose tag an
    /// object's slice reads with it), and the field order costs no bytes.
    #[test]
    fn the_move_to_box_ends_the_manager_without_padding() {
        assert_eq!(offset_of!(MovementManager, created_at), 0);
        assert_eq!(offset_of!(MovementManager, interp), 8);
        assert_eq!(
            offset_of!(MovementManager, moveto),
            8 + size_of::<InterpSlot>()
        );
        assert_eq!(size_of::<MovementManager>(), 16 + size_of::<InterpSlot>());
        assert_eq!(
            size_of::<Option<MovementManager>>(),
            size_of::<MovementManager>()
        );
    }
}

#[cfg(all(test, feature = "testing"))]
mod tests {
    //! The lazy move-to manager answers as the eager one ACE creates: every step the movement
    //! manager skips while it has none leaves a fresh manager, the interpreter and the host
    //! untouched.

    use ac_sequence::Position;

    use super::*;
    use crate::moveto::TargetStatus;
    use crate::testing::RecordingHost;

    const CREATED_AT: f64 = 2.5;

    fn reports() -> Vec<TargetInfo> {
        let mut out = Vec::new();
        for status in TargetStatus::ALL {
            for object_id in [0, 7, 9] {
                out.push(TargetInfo {
                    object_id,
                    status,
                    target_position: Some(Position::ZERO),
                    interpolated_position: Some(Position::ZERO),
                    ..TargetInfo::default()
                });
            }
        }
        out
    }

    /// Hosts differing in what the skipped steps read: contact, id, clock.
    fn hosts() -> Vec<RecordingHost> {
        let mut out = Vec::new();
        for contact in [true, false] {
            for id in [0, 7] {
                out.push(RecordingHost {
                    contact,
                    id,
                    now: 9.0,
                    ..RecordingHost::default()
                });
            }
        }
        out
    }

    /// Runs `step` on an eager fresh manager and checks it changed nothing.
    fn assert_idle_no_op(
        host: &RecordingHost,
        step: impl Fn(&mut MoveToManager, &mut Minterp<'_>, &mut RecordingHost),
    ) {
        let rules = SharedRules::new(Rules::ace());
        let fresh = MoveToManager::new(*rules, CREATED_AT);
        let mut eager = fresh.clone();
        let mut interp = InterpSlot::Empty(rules.clone());
        let mut h = host.clone();
        step(&mut eager, &mut Minterp::Slot(&mut interp), &mut h);
        assert_eq!(eager, fresh, "the idle manager changed");
        assert!(
            interp.get().is_none(),
            "the idle manager created an interpreter"
        );
        assert!(
            h.events.is_empty(),
            "the idle manager called the host: {:?}",
            h.events
        );
    }

    #[test]
    fn every_step_skipped_without_a_manager_is_a_no_op_on_a_fresh_one() {
        for host in hosts() {
            assert_idle_no_op(&host, |m, mi, h| m.use_time(mi, h));
            assert_idle_no_op(&host, |m, mi, h| m.hit_ground(mi, h));
            for status in [WeenieError::ActionCancelled, WeenieError::ObjectGone] {
                assert_idle_no_op(&host, |m, mi, h| m.cancel_move_to(mi, h, status));
            }
            for info in reports()
                .iter()
                .filter(|i| MoveToManager::idle_ignores_update(i))
            {
                assert_idle_no_op(&host, |m, mi, h| m.handle_update_target(mi, h, info));
            }
        }
    }

    #[test]
    fn a_report_about_object_zero_can_change_an_idle_manager() {
        // The one report `idle_ignores_update` lets through does reach an idle manager: for
        // an object with id 0 it completes a move at once.
        let rules = SharedRules::new(Rules::ace());
        let fresh = MoveToManager::new(*rules, CREATED_AT);
        let info = TargetInfo {
            status: TargetStatus::TimedOut,
            ..TargetInfo::default()
        };
        assert!(!MoveToManager::idle_ignores_update(&info));
        let mut eager = fresh.clone();
        let mut interp = InterpSlot::Empty(rules.clone());
        let mut host = RecordingHost {
            now: 9.0,
            ..RecordingHost::default()
        };
        eager.handle_update_target(&mut Minterp::Slot(&mut interp), &mut host, &info);
        assert_ne!(eager, fresh);

        let mut lazy = MovementManager::with_clock(Rules::ace(), CREATED_AT);
        let mut host = RecordingHost {
            now: 9.0,
            ..RecordingHost::default()
        };
        lazy.handle_update_target(&mut host, &info);
        assert_eq!(lazy.move_to_manager_if_created(), Some(&eager));
    }

    #[test]
    fn a_manager_never_asked_for_a_move_shows_the_one_created_with_it() {
        for mut host in hosts() {
            let mut mm = MovementManager::with_clock(Rules::ace(), CREATED_AT);
            mm.enter_default_state(&mut host);
            let mvs = MovementStruct::new(
                MovementType::RawCommand,
                crate::motion::WALK_FORWARD,
                crate::MovementParameters::default(),
            );
            let _ = mm.perform_movement(&mut host, &mvs);
            mm.use_time(&mut host);
            mm.hit_ground(&mut host);
            mm.cancel_move_to(&mut host, WeenieError::ActionCancelled);
            for info in reports()
                .iter()
                .filter(|i| MoveToManager::idle_ignores_update(i))
            {
                mm.handle_update_target(&mut host, info);
            }
            let stop = MovementStruct::new(
                MovementType::StopCompletely,
                0,
                crate::MovementParameters::default(),
            );
            let _ = mm.perform_movement(&mut host, &stop);
            assert!(mm.move_to_manager_if_created().is_none());
            assert!(!mm.is_moving_to());
            assert_eq!(
                *mm.move_to_manager(),
                MoveToManager::new(Rules::ace(), CREATED_AT)
            );
        }
    }

    #[test]
    fn perform_motion_acts_as_perform_movement_of_the_same_request() {
        use crate::motion::{READY, RUN_FORWARD, TURN_LEFT, WALK_BACKWARDS, WALK_FORWARD};
        let kinds = [
            MovementType::Invalid,
            MovementType::RawCommand,
            MovementType::InterpretedCommand,
            MovementType::StopRawCommand,
            MovementType::StopInterpretedCommand,
            MovementType::StopCompletely,
            MovementType::MoveToObject,
            MovementType::MoveToPosition,
            MovementType::TurnToObject,
            MovementType::TurnToHeading,
        ];
        let params = [
            crate::MovementParameters::default(),
            crate::MovementParameters {
                speed: -0.5,
                desired_heading: 90.0,
                context_id: 3,
                hold_key_to_apply: crate::HoldKey::Run,
                ..crate::MovementParameters::default()
            },
        ];
        let mut checked = 0;
        for host in hosts() {
            // Scripts of three requests, each made both ways on twin managers.
            for &k1 in &kinds {
                for &k2 in &kinds {
                    for (m, p) in [WALK_FORWARD, TURN_LEFT, READY, WALK_BACKWARDS, RUN_FORWARD]
                        .into_iter()
                        .zip(params.iter().cycle())
                    {
                        let mut a = MovementManager::with_clock(Rules::ace(), CREATED_AT);
                        let mut b = a.clone();
                        let (mut ha, mut hb) = (host.clone(), host.clone());
                        for kind in [k1, k2, MovementType::StopRawCommand] {
                            let ra = a.perform_movement(&mut ha, &MovementStruct::new(kind, m, *p));
                            let rb = b.perform_motion(&mut hb, kind, m, p);
                            assert_eq!(ra, rb, "{kind:?} {m:#x}");
                            assert_eq!(format!("{a:?}"), format!("{b:?}"), "{kind:?} {m:#x}");
                            assert_eq!(ha.events, hb.events, "{kind:?} {m:#x}");
                            checked += 1;
                        }
                    }
                }
            }
        }
        assert!(checked > 1000);
    }

    #[test]
    fn a_move_to_request_creates_the_manager_at_the_creation_clock() {
        let mut host = RecordingHost {
            id: 7,
            now: 9.0,
            ..RecordingHost::default()
        };
        let mut mm = MovementManager::with_clock(Rules::ace(), CREATED_AT);
        let p = crate::MovementParameters {
            desired_heading: 90.0,
            ..crate::MovementParameters::default()
        };
        let mvs = MovementStruct::new(MovementType::TurnToHeading, 0, p);
        mm.perform_movement(&mut host, &mvs).expect("accepted");
        let m = mm
            .move_to_manager_if_created()
            .expect("created by the request");
        assert!(m.is_moving_to());
        // A turn to heading only queues its node: the progress times are still the creation
        // clock's, as in the manager ACE created with the movement manager.
        assert_eq!(m.previous_distance_time(), CREATED_AT);
        assert_eq!(m.original_distance_time(), CREATED_AT);
    }
}
