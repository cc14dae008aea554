//! `PhysicsObj`: one simulated object and the API a game, server or tool drives it with.

use ac_interp_manager::{MoveOrTeleportAction, Position, PositionManager};
use ac_motioninterp::{
    MotionInterp, MovementManager, MovementParameters, MovementStruct, MovementType, Weenie,
    WeenieError,
};
#[cfg(feature = "tracing")]
use ac_motiontable::MotionCommand;
use ac_motiontable::Rules;
use ac_sequence::AFrameOps;
use glam::Vec3;

use crate::builder::PhysicsObjBuilder;
use crate::core::{ObjCore, Plane};
use crate::events::ObjectEvent;
use crate::flags::{ObjectState, TransientState};
use crate::host::{ImHost, get_minterp};
use crate::parts::PartArray;
use crate::tick::{SliceRecord, UpdateResult};
use crate::weenie::ConfigWeenie;
use crate::world::TimeError;

/// Whether `kind` is a move-to or turn-to request (movement types 6–9), which
/// [`PhysicsObj::perform_movement`] hands to the move-to path.
fn is_move_to(kind: MovementType) -> bool {
    matches!(
        kind,
        MovementType::MoveToObject
            | MovementType::MoveToPosition
            | MovementType::TurnToObject
            | MovementType::TurnToHeading
    )
}

/// `SetPosition` flags used by blips and the 96-unit rule: Teleport | SendPositionEvent | Slide.
pub const SET_POSITION_FLAGS: u32 = 0x1012;

/// One physics object: its animation (part array), its movement interpreter, its position
/// corrections, its flags, and the tick that moves it.
///
/// Build one with [`PhysicsObj::builder`] (or [`PhysicsObj::new`] from a [`PartArray`]), drive it
/// with [`do_motion`](Self::do_motion) and friends, and advance it with
/// [`update_object`](Self::update_object) / [`update_object_at`](Self::update_object_at) — or put
/// it in a [`World`](crate::World), whose [`step`](crate::World::step) takes care of the time
/// slicing rules.
///
/// `W` is the game object the interpreter asks about the character (run rate, jump velocity, …):
/// [`ConfigWeenie`] by default, or a server's own type implementing
/// [`Weenie`](ac_motioninterp::Weenie). The object is generic over it, so the calls are static.
///
/// **There is no collision.** A moved candidate position is always accepted as computed: the
/// object is placed exactly at it, its cell id does not change, and nothing stops it going
/// through the ground. Contact, OnWalkable, the contact plane and the acceleration never change
/// on their own; the caller sets them ([`set_on_walkable`](Self::set_on_walkable),
/// [`land_on_flat_ground`](Self::land_on_flat_ground)). This is the reference's own stand-in for
/// collision, so motion matches ACE whenever ACE's transition would not have collided.
///
/// With the `reference-host` cargo feature the object also exposes the conformance runner's
/// surface: direct interpreter and interpolation calls (`mi_*`, `im_*`), raw setters and the
/// per-call event log.
// Field order is memory order: the core, whose hot fields come first (see `ObjCore`), then
// the movement manager, so that the byte of it a walker's slice reads at its end (`Option`'s
// tag) borders the next object's hot fields in the world's array.
#[derive(Debug)]
#[repr(C)]
pub struct PhysicsObj<W = ConfigWeenie> {
    pub(crate) core: ObjCore<W>,
    pub(crate) mm: Option<MovementManager>,
}

impl PhysicsObj<ConfigWeenie> {
    /// A builder for a ready object: motion table, animations, rules, weenie and placement
    /// (see [`PhysicsObjBuilder`]).
    pub fn builder() -> PhysicsObjBuilder<ConfigWeenie> {
        PhysicsObjBuilder::new()
    }
}

impl<W: Weenie> PhysicsObj<W> {
    /// A fresh object around a part array, with an optional weenie: State Gravity,
    /// TransientState Contact|OnWalkable, a cell with id 0, identity position, zero velocities,
    /// scale 1, friction 0.95, one collision sphere, no interpreter yet (the first motion
    /// creates it). The object takes the part array's [`Rules`] and gives them to every manager
    /// it creates.
    pub fn new(parts: PartArray, weenie: Option<W>) -> Self {
        Self {
            core: ObjCore::new(parts, weenie),
            mm: None,
        }
    }

    /// The rules every layer of this object follows (those of its part array).
    pub fn rules(&self) -> Rules {
        self.core.rules().get()
    }

    // ------------------------------------------------------------------ state

    /// The position (cell id and frame).
    pub fn position(&self) -> &Position {
        &self.core.position
    }
    /// The compass heading of the position frame (0 = +Y, clockwise, degrees).
    pub fn heading(&self) -> f32 {
        self.core.position.frame.get_heading()
    }
    /// World-space velocity (m/s).
    pub fn velocity(&self) -> Vec3 {
        self.core.velocity
    }
    /// The object's own angular velocity (radians/s; x is passed as yaw, z as roll, as in ACE).
    pub fn omega(&self) -> Vec3 {
        self.core.omega
    }
    /// Acceleration (gravity when airborne).
    pub fn acceleration(&self) -> Vec3 {
        self.core.acceleration()
    }
    /// The cell id, or `None` when the object has no cell (then it does not tick).
    pub fn cell(&self) -> Option<u32> {
        self.core.cell()
    }
    /// `State` bits.
    pub fn state(&self) -> ObjectState {
        self.core.state
    }
    /// `TransientState` bits (Active, Contact, OnWalkable, …).
    pub fn transient(&self) -> TransientState {
        self.core.transient
    }
    /// The game object, if any.
    pub fn weenie(&self) -> Option<&W> {
        self.core.weenie.as_ref()
    }
    /// The game object, mutable.
    pub fn weenie_mut(&mut self) -> Option<&mut W> {
        self.core.weenie.as_mut()
    }
    /// The part array: the animation sequence and the motion-table manager.
    pub fn parts(&self) -> &PartArray {
        &self.core.parts
    }
    /// The motion interpreter (raw and interpreted motion state, pending motions), once the
    /// first motion request created it.
    #[doc(alias = "minterp")]
    #[doc(alias = "get_minterp")]
    pub fn movement_interpreter(&self) -> Option<&MotionInterp> {
        self.mm.as_ref().and_then(MovementManager::interpreter)
    }
    /// The position manager (interpolation, sticky, constraint), once a correction created it.
    pub fn position_manager(&self) -> Option<&PositionManager> {
        self.core.pm.as_deref()
    }
    /// Turns the animation [playback log](ac_sequence::playback) on (empty, its clock at 0) or
    /// off: every stretch the play head spends in a node and every hook it fires, timed *inside*
    /// each tick, for tools that draw playback (a [`Recorder`](crate::recording::Recorder) does
    /// this for you). Off by default; it only observes.
    pub fn set_playback_logging(&mut self, on: bool) {
        self.core.parts.sequence.set_playback_logging(on);
    }
    /// The playback log, while logging is on.
    pub fn playback_log(&self) -> Option<&ac_sequence::PlaybackLog> {
        self.core.parts.sequence.playback_log()
    }
    /// Takes what the playback log holds and keeps logging into an empty log whose clock
    /// continues; `None` while logging is off.
    pub fn take_playback_log(&mut self) -> Option<ac_sequence::PlaybackLog> {
        self.core.parts.sequence.take_playback_log()
    }
    /// ACE `IsMovingOrAnimating`: animating, a link still playing, or any velocity.
    pub fn is_moving_or_animating(&self) -> bool {
        self.core.is_animating
            || !self.core.parts.sequence.is_first_cyclic()
            || self.core.cached_velocity != Vec3::ZERO
            || self.core.velocity != Vec3::ZERO
    }

    // ------------------------------------------------------------------ motion

    /// Start motion `motion` (a [`motion`](ac_motiontable::motion) id: walk, run, turn, an
    /// emote, a stance, …) as the player's keys would (ACE `PhysicsObj.DoMotion`): marks the
    /// movement autonomous and runs it through the movement manager, creating the interpreter
    /// on first use.
    ///
    /// A refusal (`CantCrouchInCombat`, `TooManyActions`, …) is an `Err`; a speed, or a game
    /// object's run rate, that is not finite or exceeds [`MAX_SPEED`](crate::MAX_SPEED) in
    /// magnitude is refused with `GeneralMovementFailure` before anything runs.
    pub fn do_motion(
        &mut self,
        motion: u32,
        params: &MovementParameters,
    ) -> Result<(), WeenieError> {
        self.autonomous_command(MovementType::RawCommand, motion, params)
    }

    /// Stop motion `motion` (ACE `PhysicsObj.StopMotion`); see [`Self::do_motion`].
    pub fn stop_motion(
        &mut self,
        motion: u32,
        params: &MovementParameters,
    ) -> Result<(), WeenieError> {
        self.autonomous_command(MovementType::StopRawCommand, motion, params)
    }

    /// ACE `PhysicsObj.DoMotion`/`StopMotion`: mark the movement autonomous, then perform it.
    fn autonomous_command(
        &mut self,
        kind: MovementType,
        motion: u32,
        params: &MovementParameters,
    ) -> Result<(), WeenieError> {
        self.core.autonomous = true;
        self.perform_motion(kind, motion, params)
    }

    /// Whether a movement request may run: its `speed` and the game object's run rate (which
    /// multiplies it when running) are finite and within [`MAX_SPEED`](crate::MAX_SPEED).
    pub(crate) fn speeds_are_valid(&self, speed: f32) -> bool {
        let run_rate = self.weenie().and_then(Weenie::run_rate);
        crate::limits::is_valid_speed(speed) && run_rate.is_none_or(crate::limits::is_valid_speed)
    }

    /// Stop every motion: back to the stance's default (Ready), no turn, no sidestep.
    pub fn stop_completely(&mut self) -> Result<(), WeenieError> {
        self.perform_motion(
            MovementType::StopCompletely,
            0,
            &MovementParameters::default(),
        )
    }

    /// ACE `MovementManager.PerformMovement`: activates the object, creates the interpreter (with
    /// its default state) when missing, and runs the request — a motion command, or a move-to /
    /// turn-to (movement types 6–9, e.g. decoded from the network; see
    /// [`Self::move_to_object`] and friends for the typed calls). Speeds and run rates beyond
    /// the API's bounds are refused with `GeneralMovementFailure` (see [`Self::do_motion`]).
    pub fn perform_movement(&mut self, mvs: &MovementStruct) -> Result<(), WeenieError> {
        if is_move_to(mvs.movement_type) {
            return self.perform_move_to_request(mvs);
        }
        self.perform_motion(mvs.movement_type, mvs.motion, &mvs.params)
    }

    /// [`Self::perform_movement`] of a request given by its fields: a motion command reads only
    /// the type, the motion and the parameters of a [`MovementStruct`], so this answers and
    /// acts exactly as `perform_movement(&MovementStruct::new(kind, motion, *params))`,
    /// without building the ~128-byte request (the do/stop path of every key press).
    #[inline(always)]
    fn perform_motion(
        &mut self,
        kind: MovementType,
        motion: u32,
        params: &MovementParameters,
    ) -> Result<(), WeenieError> {
        if is_move_to(kind) {
            return self.perform_move_to_request(&MovementStruct::new(kind, motion, *params));
        }
        // The interpreter's and motion table's events nest under the request that caused them.
        let _span = trace_span!(
            debug_span,
            "perform_movement",
            object = self.core.id(),
            kind = ?kind,
            motion = ?MotionCommand(motion),
        );
        if !self.speeds_are_valid(params.speed) {
            return Err(WeenieError::GeneralMovementFailure);
        }
        if self.mm.is_none() {
            self.create_movement_manager();
        }
        self.with_mm(|mm, core| mm.perform_motion(core, kind, motion, params))
            .unwrap_or(Err(WeenieError::NoMotionInterpreter))
    }

    /// The movement manager a first request creates (without its interpreter: the request
    /// creates that, with its default state). Out of line: once per object.
    #[cold]
    #[inline(never)]
    fn create_movement_manager(&mut self) {
        self.mm = Some(MovementManager::with_shared_rules(
            self.core.rules().clone(),
            self.core.update_time,
        ));
    }

    /// [`Self::perform_movement`] of a move-to or turn-to request (movement types 6–9).
    #[inline(never)]
    fn perform_move_to_request(&mut self, mvs: &MovementStruct) -> Result<(), WeenieError> {
        let _span = trace_span!(
            debug_span,
            "perform_movement",
            object = self.core.id(),
            kind = ?mvs.movement_type,
            motion = ?MotionCommand(mvs.motion),
        );
        if !self.speeds_are_valid(mvs.params.speed) {
            return Err(WeenieError::GeneralMovementFailure);
        }
        self.perform_move_to(mvs)
    }

    /// Start charging a jump (the interpreter's `charge_jump`, creating it when missing): refused
    /// with `CantJumpLoadedDown` when the weenie cannot jump, `YouCantJumpFromThisPosition` from
    /// a fall, crouch, sit or sleep; standing still on walkable ground it starts a standing long
    /// jump.
    pub fn charge_jump(&mut self) -> Result<(), WeenieError> {
        self.sync_constraint();
        let mi = get_minterp(&mut self.core, &mut self.mm);
        match mi.interpreter_mut() {
            Some(mi) => mi.charge_jump(&self.core),
            None => Err(WeenieError::NoMotionInterpreter),
        }
    }

    /// Jump with a charge of `extent` (0..=1) costing `stamina_cost`: if allowed, the object
    /// leaves the ground (the interpreter's `jump`, creating it when missing). Refusals:
    /// `YouCantJumpWhileInTheAir`, `YouCantJumpFromThisPosition`, `GeneralMovementFailure` (a
    /// weenie whose stamina cost is 0), …
    pub fn jump(&mut self, extent: f32, stamina_cost: i32) -> Result<(), WeenieError> {
        if !extent.is_finite() {
            return Err(WeenieError::GeneralMovementFailure);
        }
        self.get_minterp_routed();
        // The jump cancels a move under way: through the movement manager.
        self.with_mm(|mm, core| mm.with_interp(core, |mi, h| mi.jump(h, extent, stamina_cost)))
            .flatten()
            .unwrap_or(Err(WeenieError::NoMotionInterpreter))
    }

    // ------------------------------------------------------------------ placement and physics

    /// Place the object at `p` (ACE `SetPositionSimple`, which always succeeds without
    /// collision): the cell id becomes `p.cell_id` (giving the object a cell), then the frame is
    /// set with ACE's validity rule (an invalid orientation is zeroed).
    #[doc(alias = "set_position_simple")]
    pub fn set_position(&mut self, p: &Position) {
        self.core.set_position(p, SET_POSITION_FLAGS);
    }
    /// Turn to `degrees` (compass heading: 0 = +Y, clockwise).
    pub fn set_heading(&mut self, degrees: f32) {
        let mut f = self.core.position.frame;
        f.set_heading(degrees);
        self.core.set_frame(f);
    }
    /// Set the world velocity: clamped to `max_velocity`, and the object is activated (unless
    /// Static).
    pub fn set_velocity(&mut self, v: Vec3) {
        self.core.set_velocity(v);
    }
    /// Set the velocity in the object's own frame (rotated by its orientation).
    pub fn set_local_velocity(&mut self, v: Vec3) {
        self.core.set_local_velocity(v);
    }
    /// Set the object's own angular velocity.
    pub fn set_omega(&mut self, w: Vec3) {
        self.core.omega = w;
    }
    /// Stand on flat ground at height `z` (not part of ACE): Contact, the plane `0,0,1,-z`, then
    /// [`Self::set_on_walkable`]`(true)` (which lands the interpreter on an edge).
    pub fn land_on_flat_ground(&mut self, z: f32) {
        self.core.transient.insert(TransientState::CONTACT);
        self.core.set_contact_plane(Plane {
            normal: Vec3::Z,
            d: -z,
        });
        self.set_on_walkable(true);
    }
    /// Set or clear OnWalkable (what a collision system reports): on an edge the movement
    /// manager's `LeaveGround` / `HitGround` run, then the acceleration is recomputed (gravity
    /// when airborne).
    pub fn set_on_walkable(&mut self, on: bool) {
        let prev = self.core.set_on_walkable_flag(on);
        if prev && !on {
            self.with_mm(|mm, core| {
                let _ = mm.leave_ground(core);
            });
        } else if !prev && on {
            // The interpreter lands first, then a move-to re-begins its head node.
            self.with_mm(|mm, core| mm.hit_ground(core));
        }
        self.core.calc_acceleration();
    }
    /// Set or clear one `State` bit (Gravity, Hidden, Static, …), with no side effect.
    pub fn set_state_flag(&mut self, flag: ObjectState, on: bool) {
        self.core.state.set(flag, on);
    }
    /// Activate or deactivate the object (an inactive object does not slice); false when asked
    /// to activate a Static object.
    #[must_use = "false: a Static object refused to activate"]
    pub fn set_active(&mut self, on: bool) -> bool {
        self.core.set_active(on)
    }
    /// The distance to the player, for [`Self::move_or_teleport`]'s 96-unit rule (default: far).
    pub fn set_player_distance(&mut self, d: f32) {
        self.core.set_player_distance(d);
    }

    // ------------------------------------------------------------------ time

    /// Advance the object by an elapsed time `dt` (seconds) with ACE's slicing rules, appending
    /// one record per slice to `out`. Nothing is carried over between calls.
    ///
    /// The quantum rules (from [`Rules`], ACE values in brackets): a gap below `min_quantum`
    /// (1/30 s, as f32) does nothing; longer gaps are cut into `max_quantum` (0.1 s) slices, then
    /// the rest is sliced only if it exceeds `min_quantum`; gaps above `huge_quantum` (2 s) are
    /// dropped. Retail's rules (quirk `update-slicing`) slice any gap up to `max_quantum` whole.
    ///
    /// **Trap:** `update_object(1.0 / 30.0)` never advances an ACE object: 1/30 in f64 is below
    /// 1/30 as f32, and the rest is never carried. Drive objects from a clock
    /// ([`Self::update_object_at`]) or with fixed steps ([`World::step`](crate::World::step)).
    /// Any `dt` is safe: NaN and negative gaps do nothing, infinite ones are dropped.
    pub fn update_object(&mut self, dt: f64, out: &mut Vec<SliceRecord>) -> UpdateResult {
        self.slice_gap(dt, out).0
    }

    /// Advance the object to the clock value `now` (seconds) with ACE's remainder carry: the gap
    /// is `now` minus the object's clock, sliced as by [`Self::update_object`]; the clock then
    /// advances by the simulated time only, so a rest of at most `min_quantum` carries into the
    /// next call, and gaps above `huge_quantum` are dropped (the clock jumps to `now`).
    ///
    /// Called at 30 Hz this slices every *other* call (two 1/30 s calls make one slice of
    /// 2/30 s) — the time is right, the slices are coarse; [`World::step`](crate::World::step)
    /// slices every 30 Hz call. A non-finite `now`, or one beyond ±[`MAX_CLOCK`](crate::MAX_CLOCK),
    /// is refused (it would poison the clock).
    pub fn update_object_at(
        &mut self,
        now: f64,
        out: &mut Vec<SliceRecord>,
    ) -> Result<UpdateResult, TimeError> {
        if !crate::limits::is_valid_clock(now) {
            return Err(TimeError::InvalidClock(now));
        }
        Ok(self.slice_until(now, out))
    }

    // ------------------------------------------------------------------ position correction

    /// `MakePositionManager()`: create it if missing and activate the object (unless Static).
    pub(crate) fn make_position_manager(&mut self) -> &mut PositionManager {
        if self.core.pm.is_none() {
            let _ = self.core.set_active(true);
        }
        let rules = self.core.rules().get();
        self.core
            .pm
            .get_or_insert_with(|| Box::new(PositionManager::new(rules)))
    }

    /// Run `f` on the position manager with the rest of the object as its host.
    pub(crate) fn with_pm<R>(
        &mut self,
        f: impl FnOnce(&mut PositionManager, &mut ImHost<'_, W>) -> R,
    ) -> Option<R> {
        // Taken out while it runs: the object's own callbacks do not see it then, as before
        // (they see it only when it is lent to them inside a movement-manager call).
        let mut pm = self.core.pm.take()?;
        let mut host = ImHost {
            core: &mut self.core,
            mm: &mut self.mm,
        };
        let r = f(&mut pm, &mut host);
        self.core.pm = Some(pm);
        Some(r)
    }

    /// Queue a server position `p` to move towards (ACE `InterpolateTo`); `keep_heading` keeps
    /// the object's own heading. Creates the position manager.
    pub fn interpolate_to(&mut self, p: &Position, keep_heading: bool) {
        self.make_position_manager();
        self.with_pm(|pm, host| pm.interpolate_to(host, p, keep_heading));
    }

    /// Handle a server position update (ACE `MoveOrTeleport`, retail rules): refuse older stamps
    /// (false); teleport when there is no cell or the stamp is newer; otherwise, on `contact`,
    /// place directly when the player is 96 or more away, else interpolate.
    #[must_use = "false: the update was refused (an older timestamp)"]
    pub fn move_or_teleport(&mut self, p: &Position, contact: bool, timestamp: i32) -> bool {
        self.move_or_teleport_as(p, contact, timestamp).result()
    }

    /// [`Self::move_or_teleport`], answering what it did.
    pub(crate) fn move_or_teleport_as(
        &mut self,
        p: &Position,
        contact: bool,
        timestamp: i32,
    ) -> MoveOrTeleportAction {
        let action = ac_interp_manager::move_or_teleport_action(
            self.core.stamps()[crate::apply::Stamp::Teleport],
            timestamp,
            self.core.cell().is_some(),
            contact,
            self.core.player_distance(),
        );
        trace_event!(
            debug,
            ?action,
            timestamp,
            teleport_stamp = self.core.stamps()[crate::apply::Stamp::Teleport],
            contact,
            "MoveOrTeleport"
        );
        match action {
            MoveOrTeleportAction::Refuse => {}
            MoveOrTeleportAction::Teleport => {
                self.teleport_hook();
                self.core.set_position(p, SET_POSITION_FLAGS);
            }
            MoveOrTeleportAction::Place => {
                self.stop_interpolating();
                self.core.set_position(p, SET_POSITION_FLAGS);
            }
            MoveOrTeleportAction::Interpolate => {
                let keep = self.is_moving_to();
                self.interpolate_to(p, keep);
            }
        }
        action
    }

    /// `teleport_hook`: logs, then unstick, stop interpolating and unconstrain.
    /// `teleport_hook`: logs, cancels a move-to (`ITeleported`), unsticks, stops
    /// interpolating and unconstrains, then stops following and tells the followers
    /// (`Teleported`).
    fn teleport_hook(&mut self) {
        self.core.log(ObjectEvent::TeleportHook);
        self.with_mm(|mm, core| mm.cancel_move_to(core, WeenieError::ITeleported));
        self.with_pm(|pm, host| {
            pm.unstick(host);
            pm.stop_interpolating();
            pm.unconstrain();
        });
        if self.target_manager().is_some() {
            self.core.clear_target_quietly();
            self.notify_voyeurs(ac_motioninterp::TargetStatus::Teleported);
        }
        self.settle_reports();
    }

    /// Drop every queued server position (`StopInterpolating`).
    pub fn stop_interpolating(&mut self) {
        if let Some(pm) = self.core.pm.as_mut() {
            pm.stop_interpolating();
        }
    }

    /// Leash the object to `pos` (`ConstrainTo`): its own movement is scaled down beyond
    /// `start_distance` and stopped at `max_distance`. Creates the position manager.
    pub fn constrain_to(&mut self, pos: &Position, start_distance: f32, max_distance: f32) {
        self.make_position_manager();
        self.with_pm(|pm, host| pm.constrain_to(host, pos, start_distance, max_distance));
    }

    /// Remove the leash (`Unconstrain`).
    pub fn unconstrain(&mut self) {
        if let Some(pm) = self.core.pm.as_mut() {
            pm.unconstrain();
        }
    }

    /// Stick to object `id` (with cylinder radius `radius`) for a second (`StickTo`): each
    /// slice pulls the object towards it. Its position comes from its reports and what the
    /// object sees of it (a [`World`](crate::World) delivers both). Creates the position
    /// manager.
    pub fn stick_to(&mut self, id: u32, radius: f32, height: f32) {
        self.make_position_manager();
        self.with_pm(|pm, host| pm.stick_to(host, id, radius, height));
        self.settle_reports();
    }

    /// Stop following (`Unstick`).
    pub fn unstick(&mut self) {
        self.with_pm(|pm, host| pm.unstick(host));
    }

    /// Leave the world (ACE `exit_world`, motion part): the pending animations complete with
    /// `false`, the interpreter drops its pending motions, and the object unsticks.
    pub fn exit_world(&mut self) {
        self.route_exit_world();
        self.with_mm(|mm, core| {
            let _ = mm.handle_exit_world(core);
        });
        self.unstick();
    }
}
