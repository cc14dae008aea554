//! The motion interpreter (ports ACE's `MotionInterp`).

mod remote;
mod server;
mod store;

#[cfg(feature = "tracing")]
use ac_motiontable::MotionCommand;
use ac_motiontable::command::{is_action, is_chat_emote};
use ac_motiontable::motion::stance::NON_COMBAT;
use ac_motiontable::motion::{
    CROUCH, DEAD, FALLING, READY, RUN_FORWARD, SIDE_STEP_LEFT, SIDE_STEP_RIGHT, SITTING, SLEEPING,
    TURN_LEFT, TURN_RIGHT, WALK_BACKWARDS, WALK_FORWARD,
};
use ac_motiontable::{EPSILON, Rules, SharedRules, gating};
use glam::Vec3;

use crate::error::{MotionInterpError, WeenieError};
use crate::host::{MotionCompletion, MotionHost, Weenie};
use crate::params::{HoldKey, MovementParameters, MovementStruct, MovementType};
use crate::pending::{JumpBlock, PendingMotions};
use crate::state::{HoldKeys, InterpCore, InterpretedMotionState, RawCore, RawMotionState};
use store::{Cold, RingMeta, RingSlots};

/// ACE `BackwardsFactor` (f32 0x3F266666): WalkBackwards → WalkForward × −0.65.
pub const BACKWARDS_FACTOR: f32 = f32::from_bits(0x3F26_6666);
/// ACE `MaxSidestepAnimRate`: running sidestep speed clamp.
pub const MAX_SIDESTEP_ANIM_RATE: f32 = 3.0;
/// ACE `RunAnimSpeed`: forward speed of the run cycle at rate 1 (m/s).
pub const RUN_ANIM_SPEED: f32 = 4.0;
/// ACE `RunTurnFactor`: turn speed multiplier while running.
pub const RUN_TURN_FACTOR: f32 = 1.5;
/// ACE `SidestepAnimSpeed`: sidestep speed of the sidestep cycle (m/s).
pub const SIDESTEP_ANIM_SPEED: f32 = 1.25;
/// ACE `SidestepFactor`.
pub const SIDESTEP_FACTOR: f32 = 0.5;
/// ACE `WalkAnimSpeed` (f32 0x4047AE14).
pub const WALK_ANIM_SPEED: f32 = f32::from_bits(0x4047_AE14);
/// `DoMotion` refuses an Action when this many are already queued.
pub const MAX_ACTIONS: usize = 6;
/// ACE `CurrentSpeedFactor`: initialised to 1 and never changed.
const CURRENT_SPEED_FACTOR: f32 = 1.0;

/// One entry of the interpreter's pending-motion queue (ACE `MotionNode`). It completes in
/// lock-step with the MotionTableManager's queue: positionally, ids are never compared (quirk
/// `positional-motion-done`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MotionNode {
    /// Caller's context id (from the parameters).
    pub context_id: i32,
    /// The motion queued (Ready for every stop).
    pub motion: u32,
    /// What `jump_is_allowed` answers while this entry heads a queue of more than one:
    /// `None` or `YouCantJumpFromThisPosition`, the only two the interpreter queues.
    pub jump_error_code: WeenieError,
}

/// The motion interpreter (ACE `MotionInterp`): turns key-level commands into canonical
/// per-axis motions, gates them on ground contact, drives the motion table through a
/// [`MotionHost`] and keeps the pending-motion queue.
///
/// Created without state (like ACE's `MotionInterp.Create`); [`enter_default_state`]
/// creates the raw/interpreted states and the queue. Methods that ACE would run on null
/// states return [`MotionInterpError::NotInitialized`] instead.
///
/// [`enter_default_state`]: MotionInterp::enter_default_state
///
/// 104 bytes: the two states are kept without their action lists (the raw hold keys in one
/// byte), and the actions, a pending queue longer than four or of mixed context ids, and a
/// non-zero `ServerActionStamp` live in one box created by their first use (see the `store`
/// module); the accessors show the same states, queue and stamp.
#[derive(Clone)]
pub struct MotionInterp {
    rules: SharedRules,
    /// Both states' actions and a spilled pending queue; `None` while all are empty.
    cold: Option<Box<Cold>>,
    raw: RawCore,
    /// The raw state's hold keys.
    raw_keys: HoldKeys,
    interp: InterpCore,
    /// The inline pending motions (see [`RingMeta`] for their length and jump blocks).
    ring: RingSlots,
    ring_meta: RingMeta,
    /// `Initted`, which is also "the states and the queue exist": both are set by
    /// `enter_default_state` and nothing clears them.
    initted: bool,
    standing_long_jump: bool,
    jump_extent: f32,
    my_run_rate: f32,
}

impl std::fmt::Debug for MotionInterp {
    /// Printed field by field as before the compact storage: the states and the queue as
    /// their public types print.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MotionInterp")
            .field("rules", &self.rules)
            .field("initted", &self.initted)
            .field("has_state", &self.initted)
            .field("raw", &self.raw_snapshot())
            .field("interp", &self.interp_snapshot())
            .field("pending", &self.pending_snapshot())
            .field("standing_long_jump", &self.standing_long_jump)
            .field("jump_extent", &self.jump_extent)
            .field("server_action_stamp", &self.server_action_stamp())
            .field("my_run_rate", &self.my_run_rate)
            .finish()
    }
}

impl Default for MotionInterp {
    fn default() -> Self {
        MotionInterp::new(Rules::default())
    }
}

#[inline]
fn weenie_is_non_creature(w: Option<&dyn Weenie>) -> bool {
    w.is_some_and(|w| !w.is_creature())
}

/// A motion request's answer at the public boundary: a refusal is an `Err`, and using the
/// interpreter before `enter_default_state` (which ACE does not survive) is refused with
/// `NoMotionInterpreter` before anything runs.
#[inline]
fn flatten(r: Result<WeenieError, MotionInterpError>) -> Result<(), WeenieError> {
    match r {
        Ok(e) => e.into_result(),
        Err(MotionInterpError::NotInitialized) => Err(WeenieError::NoMotionInterpreter),
    }
}

fn vec_is_zero(v: Vec3) -> bool {
    v.x.abs() < EPSILON && v.y.abs() < EPSILON && v.z.abs() < EPSILON
}

impl MotionInterp {
    /// A fresh interpreter without state (ACE `MotionInterp.Create`; its
    /// `apply_current_movement` calls are no-ops while not initted).
    pub fn new(rules: Rules) -> MotionInterp {
        MotionInterp::with_shared_rules(SharedRules::new(rules))
    }

    /// [`Self::new`] with rules already shared (no interning).
    pub(crate) fn with_shared_rules(rules: SharedRules) -> MotionInterp {
        MotionInterp {
            rules,
            initted: false,
            cold: None,
            raw: RawCore::DEFAULT,
            raw_keys: HoldKeys::DEFAULT,
            interp: InterpCore::DEFAULT,
            ring: RingSlots::EMPTY,
            ring_meta: RingMeta::EMPTY,
            standing_long_jump: false,
            jump_extent: 0.0,
            my_run_rate: 1.0,
        }
    }

    // ----- read-only views -------------------------------------------------------------

    /// The rules this interpreter was built with.
    pub fn rules(&self) -> Rules {
        self.rules.get()
    }
    /// The shared rules handle (the movement manager reads its interpreter's).
    pub(crate) fn shared_rules(&self) -> &SharedRules {
        &self.rules
    }
    /// `Initted`: set by `enter_default_state`.
    pub fn initted(&self) -> bool {
        self.initted
    }
    /// `StandingLongJump`: a jump charged while standing still; forward/sidestep input then
    /// only updates the state until take-off.
    pub fn standing_long_jump(&self) -> bool {
        self.standing_long_jump
    }
    /// `JumpExtent`: the charge of the jump in flight (0 after take-off).
    pub fn jump_extent(&self) -> f32 {
        self.jump_extent
    }
    /// `MyRunRate`: the last RunForward speed re-applied (fallback run rate).
    pub fn my_run_rate(&self) -> f32 {
        self.my_run_rate
    }
    /// `CurrentSpeedFactor` (always 1 in ACE: nothing sets it, so it is a constant here).
    pub fn current_speed_factor(&self) -> f32 {
        CURRENT_SPEED_FACTOR
    }
    /// `ServerActionStamp`: newest action stamp replayed by `move_to_interpreted_state`.
    pub fn server_action_stamp(&self) -> i32 {
        self.stamp()
    }
    /// The raw state, once `enter_default_state` created it. A copy (since issue 15 the
    /// interpreter keeps its states in a compact form; this was a reference before): its
    /// actions are copied too, the only allocation, and only when there are any.
    pub fn raw_state(&self) -> Option<RawMotionState> {
        self.initted.then(|| self.raw_snapshot())
    }
    /// The interpreted state, once `enter_default_state` created it. A copy, as
    /// [`Self::raw_state`].
    pub fn interpreted_state(&self) -> Option<InterpretedMotionState> {
        self.initted.then(|| self.interp_snapshot())
    }
    /// The pending-motion queue (head first), once `enter_default_state` created it. A copy
    /// (since issue 15; a reference before), which allocates only while more than four
    /// motions, or motions of differing context ids, are pending. It reads by value: `len`,
    /// `iter`, `front`, `back`, `get`.
    pub fn pending_motions(&self) -> Option<PendingMotions> {
        self.initted.then(|| self.pending_snapshot())
    }
    /// `motions_pending()`: whether the queue is non-empty (false before the default state).
    pub fn motions_pending(&self) -> bool {
        self.initted && !self.pending_is_empty()
    }
    /// `InqStyle()`: the interpreted stance.
    pub fn inq_style(&self) -> Result<u32, MotionInterpError> {
        self.ensure()?;
        Ok(self.interp.current_style)
    }

    #[inline]
    fn ensure(&self) -> Result<(), MotionInterpError> {
        if self.initted {
            Ok(())
        } else {
            Err(MotionInterpError::NotInitialized)
        }
    }

    // ----- host plumbing ---------------------------------------------------------------

    fn add_to_queue<H: MotionHost + ?Sized>(
        &mut self,
        host: &mut H,
        context_id: i32,
        motion: u32,
        block: JumpBlock,
    ) {
        self.pending_push(context_id, motion, block);
        host.set_animating(true);
    }

    /// Replay completions the host collected, in ACE's order (see [`MotionHost`]). The
    /// callers test for none first (the common poll), so that case costs no call.
    #[inline(never)]
    fn replay<H: MotionHost + ?Sized>(&mut self, host: &mut H, done: Vec<MotionCompletion>) {
        for c in done {
            host.motion_done_event(c.motion, c.success);
            // Before the default state ACE would crash here; the completion is just dropped.
            let _ = self.motion_done(host, c.success);
            host.weenie_motion_done(c.motion, c.success);
        }
    }

    fn remove_link_animations<H: MotionHost + ?Sized>(&mut self, host: &mut H) {
        let mut done = Vec::new();
        host.remove_link_animations(&mut done);
        if !done.is_empty() {
            self.replay(host, done);
        }
    }

    /// Inlined: every request ends with this poll, and the host's test of its head (the
    /// usual answer: nothing completed) costs less than the call.
    #[inline(always)]
    fn check_for_completed_motions<H: MotionHost + ?Sized>(&mut self, host: &mut H) {
        let mut done = Vec::new();
        host.check_for_completed_motions(&mut done);
        if !done.is_empty() {
            self.replay(host, done);
        }
    }

    // ----- entry points ----------------------------------------------------------------

    /// `PerformMovement`: dispatch by type, then poll the table manager for completed motions.
    /// Move-to and invalid types answer `GeneralMovementFailure` without polling.
    pub fn perform_movement<H: MotionHost + ?Sized>(
        &mut self,
        host: &mut H,
        mvs: &MovementStruct,
    ) -> Result<(), WeenieError> {
        self.perform_motion(host, mvs.movement_type, mvs.motion, &mvs.params)
    }

    /// [`Self::perform_movement`] with the request's fields passed apart: the motion commands
    /// read only the type, the motion and the parameters of a [`MovementStruct`], so
    /// `perform_motion(h, kind, motion, &params)` answers and acts exactly as
    /// `perform_movement(h, &MovementStruct::new(kind, motion, params))`, without building
    /// the request.
    pub fn perform_motion<H: MotionHost + ?Sized>(
        &mut self,
        host: &mut H,
        kind: MovementType,
        motion: u32,
        params: &MovementParameters,
    ) -> Result<(), WeenieError> {
        flatten(self.perform_movement_value(host, kind, motion, params))
    }

    #[inline]
    fn perform_movement_value<H: MotionHost + ?Sized>(
        &mut self,
        host: &mut H,
        kind: MovementType,
        motion: u32,
        params: &MovementParameters,
    ) -> Result<WeenieError, MotionInterpError> {
        let r = match kind {
            MovementType::RawCommand => self.do_motion_value(host, motion, params)?,
            MovementType::InterpretedCommand => {
                self.do_interpreted_motion_value(host, motion, params)?
            }
            MovementType::StopRawCommand => self.stop_motion_value(host, motion, params)?,
            MovementType::StopInterpretedCommand => {
                self.stop_interpreted_motion_value(host, motion, params)?
            }
            MovementType::StopCompletely => self.stop_completely_value(host)?,
            _ => return Ok(WeenieError::GeneralMovementFailure),
        };
        self.check_for_completed_motions(host);
        Ok(r)
    }

    /// `DoMotion`: a raw (key-level) motion. Cancels move-to, applies the hold key,
    /// canonicalises ([`adjust_motion`](Self::adjust_motion)), refuses crouch/sit/sleep/chat
    /// emotes outside NonCombat (testing the *original* id) and a 7th action, then runs
    /// `DoInterpretedMotion` with a `CopySome` of the parameters (quirk `motion-params-copy`:
    /// retail copies everything) and on success records the original id in the raw state.
    pub fn do_motion<H: MotionHost + ?Sized>(
        &mut self,
        host: &mut H,
        motion: u32,
        params: &MovementParameters,
    ) -> Result<(), WeenieError> {
        flatten(self.do_motion_value(host, motion, params))
    }

    #[inline(always)]
    fn do_motion_value<H: MotionHost + ?Sized>(
        &mut self,
        host: &mut H,
        motion: u32,
        params: &MovementParameters,
    ) -> Result<WeenieError, MotionInterpError> {
        let r = self.do_motion_decide(host, motion, params);
        trace_event!(debug, motion = ?MotionCommand(motion), speed = ?params.speed, result = ?r, "DoMotion");
        r
    }

    #[inline(always)]
    fn do_motion_decide<H: MotionHost + ?Sized>(
        &mut self,
        host: &mut H,
        motion: u32,
        params: &MovementParameters,
    ) -> Result<WeenieError, MotionInterpError> {
        self.ensure()?;
        let mut q = if self.rules.copy_all_motion_params {
            *params
        } else {
            MovementParameters::copy_some(params)
        };
        let mut cur = motion;
        if params.cancel_moveto() {
            host.cancel_moveto_from(self);
        }
        if params.set_hold_key() {
            self.set_hold_key_inner(host, params.hold_key_to_apply, params.cancel_moveto());
        }
        self.adjust_motion_inner(host, &mut cur, &mut q.speed, params.hold_key_to_apply);
        if self.interp.current_style != NON_COMBAT {
            match motion {
                CROUCH => return Ok(WeenieError::CantCrouchInCombat),
                SITTING => return Ok(WeenieError::CantSitInCombat),
                SLEEPING => return Ok(WeenieError::CantLieDownInCombat),
                _ => {}
            }
            if is_chat_emote(motion) {
                return Ok(WeenieError::CantChatEmoteInCombat);
            }
        }
        if is_action(motion) && self.interp_actions().len() >= MAX_ACTIONS {
            return Ok(WeenieError::TooManyActions);
        }
        let r = self.do_interpreted_body(host, cur, &q);
        if r == WeenieError::None && params.modify_raw_state() {
            self.raw_apply_motion(motion, params);
        }
        Ok(r)
    }

    /// `DoInterpretedMotion`: a canonical motion. When contact allows it, the table is
    /// driven (Dead first flushes link animations) and on success one pending motion is
    /// queued with its jump error; airborne, only the state changes (actions are refused with
    /// `YouCantJumpWhileInTheAir`). A standing long jump swallows forward/sidestep motions.
    pub fn do_interpreted_motion<H: MotionHost + ?Sized>(
        &mut self,
        host: &mut H,
        motion: u32,
        params: &MovementParameters,
    ) -> Result<(), WeenieError> {
        flatten(self.do_interpreted_motion_value(host, motion, params))
    }

    fn do_interpreted_motion_value<H: MotionHost + ?Sized>(
        &mut self,
        host: &mut H,
        motion: u32,
        params: &MovementParameters,
    ) -> Result<WeenieError, MotionInterpError> {
        self.ensure()?;
        Ok(self.do_interpreted_inner(host, motion, params))
    }

    /// [`Self::do_interpreted_body`] out of line, for the callers other than `DoMotion`.
    fn do_interpreted_inner<H: MotionHost + ?Sized>(
        &mut self,
        host: &mut H,
        m: u32,
        p: &MovementParameters,
    ) -> WeenieError {
        self.do_interpreted_body(host, m, p)
    }

    /// `DoInterpretedMotion`'s body. Inlined into `DoMotion` (the hot player path), which
    /// then pays no second call frame; the other callers take it through
    /// [`Self::do_interpreted_inner`]. `path` names the branch taken for the log only.
    #[inline(always)]
    #[cfg_attr(not(feature = "tracing"), allow(unused_variables, unused_assignments))]
    fn do_interpreted_body<H: MotionHost + ?Sized>(
        &mut self,
        host: &mut H,
        m: u32,
        p: &MovementParameters,
    ) -> WeenieError {
        let mut r = WeenieError::None;
        let path;
        if self.contact_allows_move(host, m) {
            if self.standing_long_jump && gating::suppresses_standing_long_jump(m) {
                path = "standing long jump: state only";
                if p.modify_interpreted_state() {
                    self.interp_apply_motion(m, p);
                }
            } else {
                path = "motion table";
                if m == DEAD {
                    self.remove_link_animations(host);
                }
                r = host.do_interpreted_motion(m, p);
                if r == WeenieError::None {
                    let je = if p.disable_jump_during_link() {
                        JumpBlock::Blocked
                    } else {
                        let mut je = self.jump_block(m);
                        if je == JumpBlock::Allowed && !is_action(m) {
                            je = self.jump_block(self.interp.forward_command);
                        }
                        je
                    };
                    self.add_to_queue(host, p.context_id, m, je);
                    if p.modify_interpreted_state() {
                        self.interp_apply_motion(m, p);
                    }
                }
            }
        } else if is_action(m) {
            path = "airborne: actions refused";
            r = WeenieError::YouCantJumpWhileInTheAir;
        } else {
            path = "airborne: state only";
            if p.modify_interpreted_state() {
                self.interp_apply_motion(m, p);
            }
        }
        if !host.has_cell() {
            self.remove_link_animations(host);
        }
        trace_event!(debug, motion = ?MotionCommand(m), speed = ?p.speed, path, result = ?r, "DoInterpretedMotion");
        r
    }

    /// `StopMotion`: cancel move-to, canonicalise, `StopInterpretedMotion`, and on success
    /// remove the original id from the raw state. (No `SetHoldKey` here, as in ACE.)
    pub fn stop_motion<H: MotionHost + ?Sized>(
        &mut self,
        host: &mut H,
        motion: u32,
        params: &MovementParameters,
    ) -> Result<(), WeenieError> {
        flatten(self.stop_motion_value(host, motion, params))
    }

    #[inline(always)]
    fn stop_motion_value<H: MotionHost + ?Sized>(
        &mut self,
        host: &mut H,
        motion: u32,
        params: &MovementParameters,
    ) -> Result<WeenieError, MotionInterpError> {
        let r = self.stop_motion_decide(host, motion, params);
        trace_event!(debug, motion = ?MotionCommand(motion), result = ?r, "StopMotion");
        r
    }

    #[inline(always)]
    fn stop_motion_decide<H: MotionHost + ?Sized>(
        &mut self,
        host: &mut H,
        motion: u32,
        params: &MovementParameters,
    ) -> Result<WeenieError, MotionInterpError> {
        self.ensure()?;
        if params.cancel_moveto() {
            host.cancel_moveto_from(self);
        }
        let mut cur = motion;
        let mut q = if self.rules.copy_all_motion_params {
            *params
        } else {
            MovementParameters::copy_some(params)
        };
        self.adjust_motion_inner(host, &mut cur, &mut q.speed, params.hold_key_to_apply);
        let r = self.stop_interpreted_body(host, cur, &q);
        if r == WeenieError::None && params.modify_raw_state() {
            self.raw.remove_motion(motion);
        }
        Ok(r)
    }

    /// `StopInterpretedMotion`: stop a canonical motion; on success queue a Ready pending
    /// motion and update the interpreted state. Airborne, only the state changes.
    pub fn stop_interpreted_motion<H: MotionHost + ?Sized>(
        &mut self,
        host: &mut H,
        motion: u32,
        params: &MovementParameters,
    ) -> Result<(), WeenieError> {
        flatten(self.stop_interpreted_motion_value(host, motion, params))
    }

    fn stop_interpreted_motion_value<H: MotionHost + ?Sized>(
        &mut self,
        host: &mut H,
        motion: u32,
        params: &MovementParameters,
    ) -> Result<WeenieError, MotionInterpError> {
        self.ensure()?;
        Ok(self.stop_interpreted_inner(host, motion, params))
    }

    /// [`Self::stop_interpreted_body`] out of line, for the callers other than `StopMotion`.
    fn stop_interpreted_inner<H: MotionHost + ?Sized>(
        &mut self,
        host: &mut H,
        m: u32,
        p: &MovementParameters,
    ) -> WeenieError {
        self.stop_interpreted_body(host, m, p)
    }

    /// `StopInterpretedMotion`'s body, inlined into `StopMotion` as
    /// [`Self::do_interpreted_body`] is into `DoMotion`. `path` names the branch taken for the
    /// log only.
    #[inline(always)]
    #[cfg_attr(not(feature = "tracing"), allow(unused_variables, unused_assignments))]
    fn stop_interpreted_body<H: MotionHost + ?Sized>(
        &mut self,
        host: &mut H,
        m: u32,
        p: &MovementParameters,
    ) -> WeenieError {
        let mut r = WeenieError::None;
        let path;
        if self.contact_allows_move(host, m) {
            if self.standing_long_jump && gating::suppresses_standing_long_jump(m) {
                path = "standing long jump: state only";
                if p.modify_interpreted_state() {
                    self.interp.remove_motion(m);
                }
            } else {
                path = "motion table";
                r = host.stop_interpreted_motion(m, p);
                if r == WeenieError::None {
                    self.add_to_queue(host, p.context_id, READY, JumpBlock::Allowed);
                    if p.modify_interpreted_state() {
                        self.interp.remove_motion(m);
                    }
                }
            }
        } else {
            path = "airborne: state only";
            if p.modify_interpreted_state() {
                self.interp.remove_motion(m);
            }
        }
        if !host.has_cell() {
            self.remove_link_animations(host);
        }
        trace_event!(debug, motion = ?MotionCommand(m), path, result = ?r, "StopInterpretedMotion");
        r
    }

    /// `StopCompletely`: cancel move-to, reset both states' axes to Ready / no sidestep /
    /// no turn, stop the table, and queue a Ready pending motion *unconditionally* (its jump
    /// error from the forward motion before the reset) — quirk `stop-completely-queues`.
    pub fn stop_completely<H: MotionHost + ?Sized>(
        &mut self,
        host: &mut H,
    ) -> Result<(), WeenieError> {
        flatten(self.stop_completely_value(host))
    }

    fn stop_completely_value<H: MotionHost + ?Sized>(
        &mut self,
        host: &mut H,
    ) -> Result<WeenieError, MotionInterpError> {
        self.ensure()?;
        host.cancel_moveto_from(self);
        let je = self.jump_block(self.interp.forward_command);
        self.raw.forward_command = READY;
        self.raw.forward_speed = 1.0;
        self.raw.sidestep_command = 0;
        self.raw.turn_command = 0;
        self.interp.forward_command = READY;
        self.interp.forward_speed = 1.0;
        self.interp.sidestep_command = 0;
        self.interp.turn_command = 0;
        host.stop_completely_internal();
        trace_event!(debug, jump_error = ?je.error(), "StopCompletely");
        self.add_to_queue(host, 0, READY, je);
        if !host.has_cell() {
            self.remove_link_animations(host);
        }
        Ok(WeenieError::None)
    }

    // ----- canonicalisation ------------------------------------------------------------

    /// `adjust_motion`: canonicalise a key-level motion for creatures (and weenie-less
    /// objects): WalkBackwards → WalkForward × −0.65, TurnLeft → TurnRight × −1,
    /// SideStepLeft → SideStepRight × −1, every sidestep × 1.2479999, then
    /// [`apply_run_to_command`](Self::apply_run_to_command) when the hold key (or, if
    /// `Invalid`, the current one) is Run. RunForward is returned untouched.
    pub fn adjust_motion<H: MotionHost + ?Sized>(
        &self,
        host: &H,
        motion: &mut u32,
        speed: &mut f32,
        hold_key: HoldKey,
    ) -> Result<(), MotionInterpError> {
        self.ensure()?;
        self.adjust_motion_inner(host, motion, speed, hold_key);
        Ok(())
    }

    fn adjust_motion_inner<H: MotionHost + ?Sized>(
        &self,
        host: &H,
        motion: &mut u32,
        speed: &mut f32,
        hold_key: HoldKey,
    ) {
        if weenie_is_non_creature(host.weenie()) {
            return;
        }
        match *motion {
            RUN_FORWARD => return,
            WALK_BACKWARDS => {
                *motion = WALK_FORWARD;
                *speed *= -BACKWARDS_FACTOR;
            }
            TURN_LEFT => {
                *motion = TURN_RIGHT;
                *speed *= -1.0;
            }
            SIDE_STEP_LEFT => {
                *motion = SIDE_STEP_RIGHT;
                *speed *= -1.0;
            }
            _ => {}
        }
        if *motion == SIDE_STEP_RIGHT {
            *speed *= SIDESTEP_FACTOR * (WALK_ANIM_SPEED / SIDESTEP_ANIM_SPEED);
        }
        let hold = if hold_key == HoldKey::Invalid {
            self.raw_keys.current()
        } else {
            hold_key
        };
        if hold == HoldKey::Run {
            self.apply_run_to_command(host, motion, speed);
        }
    }

    /// `apply_run_to_command`: WalkForward with a positive speed becomes RunForward, and
    /// forward speed is scaled by the run rate; turns × 1.5; sidesteps × the run rate,
    /// clamped to ±3. The run rate is the weenie's `InqRunRate`, else `MyRunRate`, and 1.0
    /// with no weenie (quirk `run-promotion-rate`, which retail shares).
    pub fn apply_run_to_command<H: MotionHost + ?Sized>(
        &self,
        host: &H,
        motion: &mut u32,
        speed: &mut f32,
    ) {
        let mut rate = 1.0f32;
        if let Some(w) = host.weenie() {
            rate = w.run_rate().unwrap_or(self.my_run_rate);
        }
        match *motion {
            WALK_FORWARD => {
                if *speed > 0.0 {
                    *motion = RUN_FORWARD;
                }
                *speed *= rate;
            }
            TURN_RIGHT => *speed *= RUN_TURN_FACTOR,
            SIDE_STEP_RIGHT => {
                *speed *= rate;
                if MAX_SIDESTEP_ANIM_RATE < speed.abs() {
                    *speed = if *speed > 0.0 {
                        MAX_SIDESTEP_ANIM_RATE
                    } else {
                        -MAX_SIDESTEP_ANIM_RATE
                    };
                }
            }
            _ => {}
        }
    }

    // ----- re-applying the movement state ----------------------------------------------

    fn uses_interpreted_path<H: MotionHost + ?Sized>(&self, host: &H) -> bool {
        let w = host.weenie();
        if self.rules.raw_path_local_player {
            // Quirk `raw-path-predicate`: raw only for the local player (or no weenie) moving
            // autonomously.
            let player_or_none = w.is_none_or(|w| w.is_the_player());
            !(player_or_none && host.movement_is_autonomous())
        } else {
            weenie_is_non_creature(w) || !host.movement_is_autonomous()
        }
    }

    /// `apply_current_movement`: re-issue the whole movement state (no-op until initted),
    /// from the interpreted state for non-creatures and non-autonomous movement, else from
    /// the raw state.
    pub fn apply_current_movement<H: MotionHost + ?Sized>(
        &mut self,
        host: &mut H,
        cancel_moveto: bool,
        allow_jump: bool,
    ) {
        if !self.initted {
            return;
        }
        if self.uses_interpreted_path(host) {
            trace_event!(
                trace,
                allow_jump,
                "apply_current_movement: from the interpreted state"
            );
            self.apply_interpreted_inner(host, cancel_moveto, allow_jump);
        } else {
            trace_event!(
                trace,
                allow_jump,
                "apply_current_movement: from the raw state"
            );
            self.apply_raw_inner(host, cancel_moveto, allow_jump);
        }
    }

    /// `apply_raw_movement`: copy the raw axes into the interpreted state, canonicalise each
    /// with its own hold key, then [`apply_interpreted_movement`](Self::apply_interpreted_movement).
    pub fn apply_raw_movement<H: MotionHost + ?Sized>(
        &mut self,
        host: &mut H,
        cancel_moveto: bool,
        allow_jump: bool,
    ) -> Result<(), MotionInterpError> {
        self.ensure()?;
        self.apply_raw_inner(host, cancel_moveto, allow_jump);
        Ok(())
    }

    fn apply_raw_inner<H: MotionHost + ?Sized>(
        &mut self,
        host: &mut H,
        cancel_moveto: bool,
        allow_jump: bool,
    ) {
        self.interp.current_style = self.raw.current_style;
        let axes = [
            (
                self.raw.forward_command,
                self.raw.forward_speed,
                self.raw_keys.get(HoldKeys::FORWARD),
            ),
            (
                self.raw.sidestep_command,
                self.raw.sidestep_speed,
                self.raw_keys.get(HoldKeys::SIDESTEP),
            ),
            (
                self.raw.turn_command,
                self.raw.turn_speed,
                self.raw_keys.get(HoldKeys::TURN),
            ),
        ];
        let mut out = [(0u32, 0f32); 3];
        for (i, &(mut c, mut s, hold)) in axes.iter().enumerate() {
            self.adjust_motion_inner(host, &mut c, &mut s, hold);
            out[i] = (c, s);
        }
        (self.interp.forward_command, self.interp.forward_speed) = out[0];
        (self.interp.sidestep_command, self.interp.sidestep_speed) = out[1];
        (self.interp.turn_command, self.interp.turn_speed) = out[2];
        self.apply_interpreted_inner(host, cancel_moveto, allow_jump);
    }

    /// `apply_interpreted_movement`: re-issue style, forward (or Falling when contact
    /// forbids it; Ready during a standing long jump), sidestep (or its stop) and turn (or
    /// its stop) as independent `DoInterpretedMotion` calls with `modify_interpreted_state`
    /// off and `disable_jump_during_link = !allow_jump`.
    pub fn apply_interpreted_movement<H: MotionHost + ?Sized>(
        &mut self,
        host: &mut H,
        cancel_moveto: bool,
        allow_jump: bool,
    ) -> Result<(), MotionInterpError> {
        self.ensure()?;
        self.apply_interpreted_inner(host, cancel_moveto, allow_jump);
        Ok(())
    }

    fn apply_interpreted_inner<H: MotionHost + ?Sized>(
        &mut self,
        host: &mut H,
        cancel_moveto: bool,
        allow_jump: bool,
    ) {
        let mut p = MovementParameters::default();
        p.set_set_hold_key(false);
        p.set_modify_interpreted_state(false);
        p.set_cancel_moveto(cancel_moveto);
        p.set_disable_jump_during_link(!allow_jump);
        if self.interp.forward_command == RUN_FORWARD {
            self.my_run_rate = self.interp.forward_speed;
        }
        let style = self.interp.current_style;
        let _ = self.do_interpreted_inner(host, style, &p);
        if self.contact_allows_move(host, self.interp.forward_command) {
            if !self.standing_long_jump {
                p.speed = self.interp.forward_speed;
                let fwd = self.interp.forward_command;
                let _ = self.do_interpreted_inner(host, fwd, &p);
                if self.interp.sidestep_command != 0 {
                    p.speed = self.interp.sidestep_speed;
                    let side = self.interp.sidestep_command;
                    let _ = self.do_interpreted_inner(host, side, &p);
                } else {
                    let _ = self.stop_interpreted_inner(host, SIDE_STEP_RIGHT, &p);
                }
            } else {
                p.speed = 1.0;
                let _ = self.do_interpreted_inner(host, READY, &p);
                let _ = self.stop_interpreted_inner(host, SIDE_STEP_RIGHT, &p);
            }
        } else {
            p.speed = 1.0;
            let _ = self.do_interpreted_inner(host, FALLING, &p);
        }
        if self.interp.turn_command != 0 {
            p.speed = self.interp.turn_speed;
            let turn = self.interp.turn_command;
            let _ = self.do_interpreted_inner(host, turn, &p);
        } else {
            // Straight to the object: no contact / long-jump checks (the retail client does the
            // same, with the same id).
            let r = host.stop_interpreted_motion(TURN_RIGHT, &p);
            if r == WeenieError::None {
                self.add_to_queue(host, p.context_id, READY, JumpBlock::Allowed);
                if p.modify_interpreted_state() {
                    self.interp.remove_motion(TURN_RIGHT);
                }
            }
            if !host.has_cell() {
                self.remove_link_animations(host);
            }
        }
    }

    // ----- contact and jumping ---------------------------------------------------------

    /// `contact_allows_move`: Dead, Falling and the turns always; non-creatures and
    /// gravity-less objects always; otherwise only with Contact and OnWalkable.
    pub fn contact_allows_move<H: MotionHost + ?Sized>(&self, host: &H, motion: u32) -> bool {
        if gating::contact_always_allows(motion) {
            return true;
        }
        if weenie_is_non_creature(host.weenie()) {
            return true;
        }
        if !host.has_gravity() {
            return true;
        }
        if !host.in_contact() {
            return false;
        }
        host.on_walkable()
    }

    /// `motion_allows_jump`: `YouCantJumpFromThisPosition` for the motions
    /// [`Rules::motion_allows_jump`] refuses (the blocked ranges plus Falling in ACE, Fallen in
    /// retail: quirk `jump-blocked-fall`).
    pub fn motion_allows_jump(&self, m: u32) -> WeenieError {
        self.jump_block(m).error()
    }

    /// [`Self::motion_allows_jump`] as the queue stores it.
    #[inline]
    fn jump_block(&self, m: u32) -> JumpBlock {
        if self.rules.motion_allows_jump(m) {
            JumpBlock::Allowed
        } else {
            JumpBlock::Blocked
        }
    }

    /// `jump_charge_is_allowed`: the weenie must be able to jump, and the forward motion
    /// must not be Fallen or Crouch..=Sleeping.
    pub fn jump_charge_is_allowed<H: MotionHost + ?Sized>(
        &self,
        host: &H,
    ) -> Result<(), WeenieError> {
        flatten(self.jump_charge_is_allowed_value(host))
    }

    fn jump_charge_is_allowed_value<H: MotionHost + ?Sized>(
        &self,
        host: &H,
    ) -> Result<WeenieError, MotionInterpError> {
        self.ensure()?;
        Ok(self.jump_charge_inner(host))
    }

    fn jump_charge_inner<H: MotionHost + ?Sized>(&self, host: &H) -> WeenieError {
        if host.weenie().is_some_and(|w| !w.can_jump(self.jump_extent)) {
            return WeenieError::CantJumpLoadedDown;
        }
        if !gating::jump_charge_allowed(self.interp.forward_command) {
            return WeenieError::YouCantJumpFromThisPosition;
        }
        WeenieError::None
    }

    /// `charge_jump`: `CantJumpLoadedDown` (0x49) when the weenie cannot jump,
    /// `YouCantJumpFromThisPosition` (0x48) from Falling or Crouch..<Sleeping (ACE's inconsistent
    /// boundaries; retail blocks Fallen and Crouch..=Sleeping: quirk `charge-jump-ranges`), else
    /// `Ok` — and standing still on walkable ground starts a standing long jump.
    pub fn charge_jump<H: MotionHost + ?Sized>(&mut self, host: &H) -> Result<(), WeenieError> {
        flatten(self.charge_jump_value(host))
    }

    fn charge_jump_value<H: MotionHost + ?Sized>(
        &mut self,
        host: &H,
    ) -> Result<WeenieError, MotionInterpError> {
        self.ensure()?;
        if host.weenie().is_some_and(|w| !w.can_jump(self.jump_extent)) {
            return Ok(WeenieError::CantJumpLoadedDown);
        }
        let f = self.interp.forward_command;
        if !self.rules.charge_jump_allowed(f) {
            return Ok(WeenieError::YouCantJumpFromThisPosition);
        }
        if host.in_contact()
            && host.on_walkable()
            && f == READY
            && self.interp.sidestep_command == 0
            && self.interp.turn_command == 0
        {
            self.standing_long_jump = true;
        }
        Ok(WeenieError::None)
    }

    /// `jump_is_allowed`: on the ground (or without gravity / as a non-creature / without a
    /// weenie in ACE): refused when fully constrained, by the head pending motion's jump
    /// error when more than one is pending, by `jump_charge_is_allowed`, by the forward
    /// motion, and — with a weenie — when `JumpStaminaCost` is 0 (ACE's weenie always says 0,
    /// quirk `zero-stamina-jump`). Airborne: `YouCantJumpWhileInTheAir`. Retail requires
    /// ground contact even without a weenie (quirk `jump-gate-no-weenie`) and checks the head
    /// whenever one exists (quirk `jump-pending-head`).
    pub fn jump_is_allowed<H: MotionHost + ?Sized>(
        &self,
        host: &H,
        extent: f32,
        stamina_cost: i32,
    ) -> Result<(), WeenieError> {
        flatten(self.jump_is_allowed_value(host, extent, stamina_cost))
    }

    fn jump_is_allowed_value<H: MotionHost + ?Sized>(
        &self,
        host: &H,
        extent: f32,
        stamina_cost: i32,
    ) -> Result<WeenieError, MotionInterpError> {
        self.ensure()?;
        let w = host.weenie();
        let grounded = host.in_contact() && host.on_walkable();
        let gate = if self.rules.no_weenie_jump_needs_ground {
            weenie_is_non_creature(w) || !host.has_gravity() || grounded
        } else {
            w.is_none_or(|w| !w.is_creature()) || !host.has_gravity() || grounded
        };
        if !gate {
            return Ok(WeenieError::YouCantJumpWhileInTheAir);
        }
        if host.is_fully_constrained() {
            return Ok(WeenieError::GeneralMovementFailure);
        }
        let min_len = if self.rules.any_pending_head_blocks_jump {
            1
        } else {
            2
        };
        if self.pending_len() >= min_len
            && let Some((_, JumpBlock::Blocked)) = self.pending_front()
        {
            return Ok(JumpBlock::Blocked.error());
        }
        let mut e = self.jump_charge_inner(host);
        if e == WeenieError::None {
            e = self.motion_allows_jump(self.interp.forward_command);
            if e == WeenieError::None
                && w.is_some_and(|w| w.jump_stamina_cost(extent, stamina_cost) == 0.0)
            {
                e = WeenieError::GeneralMovementFailure;
            }
        }
        Ok(e)
    }

    /// `jump`: cancel move-to; if allowed, remember the extent and leave walkable ground
    /// (which runs `LeaveGround` when the object was on it); otherwise drop a standing long
    /// jump.
    pub fn jump<H: MotionHost + ?Sized>(
        &mut self,
        host: &mut H,
        extent: f32,
        stamina_cost: i32,
    ) -> Result<(), WeenieError> {
        flatten(self.jump_value(host, extent, stamina_cost))
    }

    fn jump_value<H: MotionHost + ?Sized>(
        &mut self,
        host: &mut H,
        extent: f32,
        stamina_cost: i32,
    ) -> Result<WeenieError, MotionInterpError> {
        self.ensure()?;
        host.cancel_moveto_from(self);
        let r = self.jump_is_allowed_value(host, extent, stamina_cost)?;
        trace_event!(debug, extent = ?extent, result = ?r, "Jump");
        if r == WeenieError::None {
            self.jump_extent = extent;
            if host.set_on_walkable(false) {
                self.leave_ground(host)?;
            }
        } else {
            self.standing_long_jump = false;
        }
        Ok(r)
    }

    // ----- ground transitions and velocities -------------------------------------------

    /// `HitGround`: for creatures with gravity, flush link animations (completing every
    /// pending motion with success = false) and re-apply the movement state.
    pub fn hit_ground<H: MotionHost + ?Sized>(&mut self, host: &mut H) {
        if weenie_is_non_creature(host.weenie()) || !host.has_gravity() {
            return;
        }
        self.remove_link_animations(host);
        self.apply_current_movement(host, false, true);
    }

    /// `LeaveGround`: for creatures with gravity, set the take-off velocity, end the standing
    /// long jump, flush link animations and re-apply the movement state (which drives the
    /// sequence to Falling).
    pub fn leave_ground<H: MotionHost + ?Sized>(
        &mut self,
        host: &mut H,
    ) -> Result<(), MotionInterpError> {
        if weenie_is_non_creature(host.weenie()) || !host.has_gravity() {
            return Ok(());
        }
        self.ensure()?;
        let v = self.leave_ground_velocity_inner(host);
        host.set_local_velocity(v);
        self.standing_long_jump = false;
        self.jump_extent = 0.0;
        self.remove_link_animations(host);
        self.apply_current_movement(host, false, true);
        Ok(())
    }

    /// `get_state_velocity`: local velocity implied by the interpreted state (sidestep on x,
    /// walk/run on y), capped at `RunAnimSpeed × run rate` (Retail caps at 4 with no weenie,
    /// quirk `state-velocity-no-weenie`).
    pub fn get_state_velocity<H: MotionHost + ?Sized>(
        &self,
        host: &H,
    ) -> Result<Vec3, MotionInterpError> {
        self.ensure()?;
        Ok(self.state_velocity_inner(host))
    }

    fn state_velocity_inner<H: MotionHost + ?Sized>(&self, host: &H) -> Vec3 {
        let mut v = Vec3::ZERO;
        if self.interp.sidestep_command == SIDE_STEP_RIGHT {
            v.x = SIDESTEP_ANIM_SPEED * self.interp.sidestep_speed;
        }
        if self.interp.forward_command == WALK_FORWARD {
            v.y = WALK_ANIM_SPEED * self.interp.forward_speed;
        } else if self.interp.forward_command == RUN_FORWARD {
            v.y = RUN_ANIM_SPEED * self.interp.forward_speed;
        }
        let mut rate = self.my_run_rate;
        match host.weenie() {
            Some(w) => {
                // ACE ignores the answer: no rate leaves MyRunRate in place.
                if let Some(r) = w.run_rate() {
                    rate = r;
                }
            }
            None if self.rules.no_weenie_run_rate_one => rate = 1.0,
            None => {}
        }
        let max = RUN_ANIM_SPEED * rate;
        let len = (v.x * v.x + v.y * v.y + v.z * v.z).sqrt();
        if len > max {
            v = Vec3::new(v.x / len, v.y / len, v.z / len);
            v = Vec3::new(v.x * max, v.y * max, v.z * max);
        }
        v
    }

    /// `get_jump_v_z`: 0 below EPSILON extent; 10 with no weenie; else the weenie's
    /// `InqJumpVelocity` for the extent clamped to 1 (0 when it declines).
    pub fn get_jump_v_z<H: MotionHost + ?Sized>(&self, host: &H) -> f32 {
        if self.jump_extent < EPSILON {
            return 0.0;
        }
        let extent = if self.jump_extent > 1.0 {
            1.0
        } else {
            self.jump_extent
        };
        let Some(w) = host.weenie() else {
            return 10.0;
        };
        w.jump_velocity(extent).unwrap_or(0.0)
    }

    /// `get_leave_ground_velocity`: state velocity with the jump's v_z; when that is zero
    /// (every |component| < EPSILON) the object's own velocity in local coordinates.
    pub fn get_leave_ground_velocity<H: MotionHost + ?Sized>(
        &self,
        host: &H,
    ) -> Result<Vec3, MotionInterpError> {
        self.ensure()?;
        Ok(self.leave_ground_velocity_inner(host))
    }

    fn leave_ground_velocity_inner<H: MotionHost + ?Sized>(&self, host: &H) -> Vec3 {
        let mut v = self.state_velocity_inner(host);
        v.z = self.get_jump_v_z(host);
        if vec_is_zero(v) {
            v = host.global_to_local_vec(host.velocity());
        }
        v
    }

    fn run_rate_or_mine<H: MotionHost + ?Sized>(&self, host: &H) -> f32 {
        match host.weenie() {
            Some(w) => w.run_rate().unwrap_or(self.my_run_rate),
            None => 1.0,
        }
    }

    /// `get_max_speed`: `RunAnimSpeed × run rate` (weenie's, else `MyRunRate`; 1 without a
    /// weenie).
    pub fn get_max_speed<H: MotionHost + ?Sized>(&self, host: &H) -> f32 {
        RUN_ANIM_SPEED * self.run_rate_or_mine(host)
    }

    /// `get_adjusted_max_speed`: like [`get_max_speed`](Self::get_max_speed), but while
    /// running the rate is the RunForward speed over `CurrentSpeedFactor`.
    pub fn get_adjusted_max_speed<H: MotionHost + ?Sized>(
        &self,
        host: &H,
    ) -> Result<f32, MotionInterpError> {
        self.ensure()?;
        let mut rate = self.run_rate_or_mine(host);
        if self.interp.forward_command == RUN_FORWARD {
            rate = self.interp.forward_speed / CURRENT_SPEED_FACTOR;
        }
        Ok(rate * 4.0)
    }

    /// `is_standing_still`: on walkable ground, Ready, no sidestep, no turn.
    pub fn is_standing_still<H: MotionHost + ?Sized>(
        &self,
        host: &H,
    ) -> Result<bool, MotionInterpError> {
        self.ensure()?;
        Ok(host.in_contact()
            && host.on_walkable()
            && self.interp.forward_command == READY
            && self.interp.sidestep_command == 0
            && self.interp.turn_command == 0)
    }

    // ----- queue and lifecycle ---------------------------------------------------------

    /// `MotionDone`: one MotionTableManager entry completed. Pops the head pending motion
    /// (positionally, quirk `positional-motion-done`); an Action head first unsticks and pops one action from
    /// both states. `success` is unused, as in ACE.
    pub fn motion_done<H: MotionHost + ?Sized>(
        &mut self,
        host: &mut H,
        _success: bool,
    ) -> Result<(), MotionInterpError> {
        self.ensure()?;
        if self.pending_pop_inline_non_action() {
            host.set_animating(!self.pending_is_empty());
            return Ok(());
        }
        self.motion_done_general(host);
        Ok(())
    }

    /// [`Self::motion_done`]'s common case only: an initted interpreter whose head pending
    /// motion is an inline non-Action entry pops it and sets the host animating while more
    /// are pending (true), exactly as `motion_done` does then; otherwise nothing changes and
    /// the answer is false (call `motion_done`). Its only host call is
    /// [`MotionHost::set_animating`], so a caller may skip what it wraps around a general
    /// call (see `MovementManager::motion_done_common`).
    #[inline]
    pub fn motion_done_common<H: MotionHost + ?Sized>(&mut self, host: &mut H) -> bool {
        if self.initted && self.pending_pop_inline_non_action() {
            host.set_animating(!self.pending_is_empty());
            return true;
        }
        false
    }

    /// [`Self::motion_done_common`] for up to `max` completions in one pass: pops the run of
    /// inline non-Action heads (at most `max`) and answers how many it popped, each with the
    /// `set_animating` call `motion_done_common` makes after its pop (true while more are
    /// pending, so only the last can differ). `n` returned is exactly `n` successive
    /// `motion_done_common` calls answering true (the run stops where the next would answer
    /// false); 0 changes nothing. Why: the object replays a whole drained queue at once
    /// (`RemoveLinkAnimations` completes every pending motion), and one pass over the inline
    /// ring costs less than a call per completion.
    #[inline]
    pub fn motion_done_common_batch<H: MotionHost + ?Sized>(
        &mut self,
        host: &mut H,
        max: usize,
    ) -> usize {
        if !self.initted {
            return 0;
        }
        let n = self.pending_pop_inline_non_actions(max);
        if n != 0 {
            for _ in 1..n {
                host.set_animating(true);
            }
            host.set_animating(!self.pending_is_empty());
        }
        n
    }

    /// [`Self::motion_done`] past its common case (see `pending_pop_inline_non_action`): a
    /// spilled queue, an Action head or an empty queue.
    #[inline(never)]
    fn motion_done_general<H: MotionHost + ?Sized>(&mut self, host: &mut H) {
        if let Some((motion, _)) = self.pending_front() {
            if is_action(motion) {
                host.unstick_from_object_from(self);
                self.interp_remove_action();
                self.raw_remove_action();
            }
            if self.pending_pop() {
                host.set_animating(!self.pending_is_empty());
            }
        }
    }

    /// `enter_default_state`: fresh raw/interpreted states, the table's default state, a
    /// fresh queue holding one Ready entry (Retail keeps the old entries, quirk
    /// `default-state-queue`), initted, then
    /// `LeaveGround` (even on the ground).
    pub fn enter_default_state<H: MotionHost + ?Sized>(&mut self, host: &mut H) {
        self.reset_states();
        host.initialize_motion_tables();
        if !(self.rules.default_state_keeps_queue && self.initted) {
            self.pending_clear();
        }
        // ACE creates the states here and sets `Initted` after queueing the Ready below;
        // nothing between reads either, so one flag stands for both.
        self.initted = true;
        self.add_to_queue(host, 0, READY, JumpBlock::Allowed);
        // Cannot fail: the state exists now.
        let _ = self.leave_ground(host);
    }

    /// `HandleExitWorld`: drop every pending motion without callbacks, undoing one action
    /// (and unsticking) per Action entry; the object stops animating.
    pub fn handle_exit_world<H: MotionHost + ?Sized>(
        &mut self,
        host: &mut H,
    ) -> Result<(), MotionInterpError> {
        self.ensure()?;
        let actions = self.pending_iter().filter(|n| is_action(n.motion)).count();
        for _ in 0..actions {
            host.unstick_from_object_from(self);
            self.interp_remove_action();
            self.raw_remove_action();
        }
        self.pending_clear();
        host.set_animating(false);
        Ok(())
    }

    fn set_hold_key_inner<H: MotionHost + ?Sized>(
        &mut self,
        host: &mut H,
        key: HoldKey,
        cancel_moveto: bool,
    ) {
        if key == self.raw_keys.current() {
            return;
        }
        match key {
            HoldKey::None if self.raw_keys.current() == HoldKey::Run => {
                self.raw_keys.set(HoldKeys::CURRENT, HoldKey::None);
                self.apply_current_movement(host, cancel_moveto, true);
            }
            // Retail also handles Run (quirk `hold-key-run`); ACE ignores it.
            HoldKey::Run if self.rules.hold_key_run_applies => {
                self.raw_keys.set(HoldKeys::CURRENT, HoldKey::Run);
                self.apply_current_movement(host, cancel_moveto, true);
            }
            _ => {}
        }
    }

    /// `SetHoldKey`: releasing Run (key `None` while Run is held) re-applies the movement;
    /// in ACE nothing else has an effect (Retail also handles `Run`, quirk `hold-key-run`).
    pub fn set_hold_key<H: MotionHost + ?Sized>(
        &mut self,
        host: &mut H,
        key: HoldKey,
        cancel_moveto: bool,
    ) -> Result<(), MotionInterpError> {
        self.ensure()?;
        self.set_hold_key_inner(host, key, cancel_moveto);
        Ok(())
    }

    /// `set_hold_run`: hold (`val != 0`) or release run; when that changes the hold key,
    /// re-apply the movement.
    pub fn set_hold_run<H: MotionHost + ?Sized>(
        &mut self,
        host: &mut H,
        val: i32,
        cancel_moveto: bool,
    ) -> Result<(), MotionInterpError> {
        self.ensure()?;
        if (val == 0) != (self.raw_keys.current() != HoldKey::Run) {
            let key = if val != 0 {
                HoldKey::Run
            } else {
                HoldKey::None
            };
            self.raw_keys.set(HoldKeys::CURRENT, key);
            self.apply_current_movement(host, cancel_moveto, true);
        }
        Ok(())
    }

    /// `ReportExhaustion`: re-apply the movement with jumping disallowed (Retail allows it,
    /// quirk `exhaustion-jump-flag`) — from the raw state with no weenie or for an autonomous creature, else from the
    /// interpreted state. No-op until initted.
    pub fn report_exhaustion<H: MotionHost + ?Sized>(&mut self, host: &mut H) {
        if !self.initted {
            return;
        }
        let raw = if self.rules.raw_path_local_player {
            !self.uses_interpreted_path(host)
        } else {
            let w = host.weenie();
            w.is_none() || (w.is_some_and(|w| w.is_creature()) && host.movement_is_autonomous())
        };
        let allow_jump = self.rules.exhaustion_allows_jump;
        if raw {
            self.apply_raw_inner(host, false, allow_jump);
        } else {
            self.apply_interpreted_inner(host, false, allow_jump);
        }
    }

    /// `SetWeenieObject` / `SetPhysicsObject` tail: the host's weenie changed, so re-apply
    /// the movement (cancelling move-to, jumping allowed).
    pub fn weenie_changed<H: MotionHost + ?Sized>(&mut self, host: &mut H) {
        self.apply_current_movement(host, true, true);
    }

    /// `move_to_interpreted_state`: adopt a server-sent interpreted state: raw style, cancel
    /// move-to, copy the axes, re-apply (jumping allowed if the *old* forward allowed it),
    /// then replay the actions newer than `ServerActionStamp` (15-bit stamp vs ACE's 19-bit
    /// server mask, quirk `action-stamp-mask`) that are creature-owned or autonomous (Retail:
    /// not the local player's own autonomous ones, quirk `action-replay-filter`).
    pub fn move_to_interpreted_state<H: MotionHost + ?Sized>(
        &mut self,
        host: &mut H,
        s: &InterpretedMotionState,
    ) -> Result<bool, MotionInterpError> {
        self.ensure()?;
        self.raw.current_style = s.current_style;
        host.cancel_moveto_from(self);
        let allow = self.motion_allows_jump(self.interp.forward_command) == WeenieError::None;
        self.interp = InterpCore::of(s);
        self.apply_current_movement(host, true, allow);
        let mut p = MovementParameters::default();
        let server_mask = if self.rules.short_server_action_stamp {
            0x7FFF
        } else {
            0x7FFFF
        };
        for a in &s.actions {
            let cur = a.stamp & 0x7FFF;
            let srv = self.stamp() & server_mask;
            let newer = if (cur.wrapping_sub(srv)).unsigned_abs() <= 0x3FFF {
                srv < cur
            } else {
                cur < srv
            };
            if !newer {
                continue;
            }
            let w = host.weenie();
            let replay = if self.rules.replay_skips_local_player {
                w.is_some_and(|w| !w.is_the_player()) || !a.autonomous
            } else {
                w.is_some_and(|w| w.is_creature()) || a.autonomous
            };
            if replay {
                self.set_stamp(a.stamp);
                p.speed = a.speed;
                p.set_autonomous(a.autonomous);
                let _ = self.do_interpreted_inner(host, a.action, &p);
            }
        }
        Ok(true)
    }
}
