//! `PhysicsObj`: one simulated object, its tick, its physics and its host glue.

use ac_dat::{AnimationHook, Frame};
use ac_interp_manager::Position;
use ac_motiontable::{EPSILON, Fidelity};
use ac_sequence::AFrameOps;
use ac_sequence::aframe::nmath;
use glam::Vec3;

use ac_interp_manager::{InterpolationManager, MoveOrTeleportAction, PositionManager};
use ac_motioninterp::{
    HoldKey, MotionInterp, MovementManager, MovementParameters, MovementStruct, MovementType,
    WeenieError,
};

use crate::events::ObjectEvent;
use crate::flags::{ObjectState, TransientState};
use crate::host::{ImHost, get_minterp};
use crate::parts::{MotionCompletion, PartArray};
use crate::weenie::ConfigWeenie;

/// ACE `PhysicsGlobals.MinQuantum` / `TickRate` (1/30 s as f32), widened to f64 where compared
/// with the double-precision clock.
pub const MIN_QUANTUM: f32 = 1.0 / 30.0;
/// ACE `PhysicsGlobals.MaxQuantum` (0.1 s; ACE notes 0.2 "is buggy with MoveToManager turning").
pub const MAX_QUANTUM: f32 = 0.1;
/// Retail `MAX_QUANTUM` (0.2 s; retail-vs-ace item 15), used with [`Fidelity::Retail`].
pub const RETAIL_MAX_QUANTUM: f32 = 0.2;
/// ACE `PhysicsGlobals.HugeQuantum`: longer gaps are dropped, not simulated.
pub const HUGE_QUANTUM: f64 = 2.0;
/// Speed limit of `set_velocity` and of the physics integration (`MaxVelocity`).
pub const MAX_VELOCITY: f32 = 50.0;
/// Gravity acceleration along -Z.
pub const GRAVITY_ACCEL: f32 = -9.8;
/// Below this squared speed (0.25²) a moving body snaps to rest (`SmallVelocitySquared`).
pub const SMALL_VELOCITY_SQUARED: f32 = 0.0625;
/// `SetPosition` flags used by blips and the 96-unit rule: Teleport | SendPositionEvent | Slide.
pub const SET_POSITION_FLAGS: u32 = 0x1012;

/// The contact plane: `normal · p + d = 0`.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Plane {
    /// Surface normal.
    pub normal: Vec3,
    /// Plane distance.
    pub d: f32,
}

/// What one slice (`UpdateObjectInternal`) did with the candidate position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SliceOutcome {
    /// Not active or no cell: nothing ran.
    Inactive,
    /// The candidate origin is within EPSILON of the old one on every axis: only the rotation is
    /// taken (spec ODD-16).
    Same,
    /// The candidate was accepted (no collision: see the crate docs).
    Moved,
    /// The object has no collision spheres: translation discarded, rotation kept (ODD-30).
    NoSpheres,
}

impl SliceOutcome {
    /// The trace word (FORMAT-physics.md §6.2).
    pub fn as_str(self) -> &'static str {
        match self {
            SliceOutcome::Inactive => "inactive",
            SliceOutcome::Same => "same",
            SliceOutcome::Moved => "moved",
            SliceOutcome::NoSpheres => "no_spheres",
        }
    }
}

/// The record of one slice, as FORMAT-physics.md §6.2 prints it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SliceRecord {
    /// The slice quantum (the f64 quantum cast to f32).
    pub quantum: f32,
    /// What happened.
    pub outcome: SliceOutcome,
    /// The sequence's offset right after `Sequence.Update`, before scaling (`None` when Hidden).
    pub anim: Option<Frame>,
    /// The offset after scaling/zeroing and position correction.
    pub adjusted: Frame,
    /// The frame after combine, physics and `process_hooks`, before heading changes and placement.
    pub candidate: Frame,
}

impl SliceRecord {
    fn inactive(q: f32) -> Self {
        Self {
            quantum: q,
            outcome: SliceOutcome::Inactive,
            anim: None,
            adjusted: Frame::IDENTITY,
            candidate: Frame::IDENTITY,
        }
    }
}

/// The result of one `update_object` call.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct UpdateResult {
    /// ACE's return value: whether the call stepped (a gap between 1/30 s and 2 s).
    pub ran: bool,
    /// How many slices ran.
    pub slices: u32,
}

/// Everything of the object except its interpreter and position manager.
///
/// Split out so the object can lend itself to those managers as their host (they are separate
/// fields, so a `&mut` to the core and a `&mut` to a manager coexist without re-entrancy).
#[derive(Debug)]
pub(crate) struct ObjCore {
    pub(crate) parts: PartArray,
    pub(crate) weenie: Option<ConfigWeenie>,
    pub(crate) state: ObjectState,
    pub(crate) transient: TransientState,
    pub(crate) position: Position,
    pub(crate) cell: Option<u32>,
    pub(crate) velocity: Vec3,
    pub(crate) acceleration: Vec3,
    pub(crate) omega: Vec3,
    pub(crate) cached_velocity: Vec3,
    pub(crate) scale: f32,
    pub(crate) friction: f32,
    pub(crate) contact_plane: Plane,
    pub(crate) initial_updates: i32,
    pub(crate) num_spheres: i32,
    pub(crate) radius: f32,
    pub(crate) is_animating: bool,
    pub(crate) autonomous: bool,
    pub(crate) constrained: bool,
    /// Cached `PositionManager.IsFullyConstrained()`, refreshed before every interpreter call
    /// (the interpreter sees the core, not the position manager).
    pub(crate) pm_constrained: bool,
    pub(crate) physics_layer: bool,
    pub(crate) fidelity: Fidelity,
    pub(crate) id: u32,
    pub(crate) player_distance: f32,
    pub(crate) moving_to: bool,
    pub(crate) teleport_stamp: i32,
    pub(crate) update_time: f64,
    pub(crate) log_events: bool,
    pub(crate) hooks: Vec<AnimationHook>,
    pub(crate) events: Vec<ObjectEvent>,
}

impl ObjCore {
    #[inline]
    pub(crate) fn log(&mut self, e: ObjectEvent) {
        if self.log_events {
            self.events.push(e);
        }
    }

    /// Host `set_velocity` (FORMAT-physics.md §2.3).
    pub(crate) fn set_velocity(&mut self, v: Vec3) {
        if v != self.velocity {
            self.velocity = v;
            let len = nmath::length(self.velocity);
            if len > MAX_VELOCITY {
                self.velocity = self.velocity / len * MAX_VELOCITY;
            }
        }
        if self.physics_layer && !self.state.contains(ObjectState::STATIC) {
            self.transient.insert(TransientState::ACTIVE);
        }
        self.log(ObjectEvent::SetVelocity);
    }

    /// Host `set_local_velocity`: rotate into world space by the current orientation.
    pub(crate) fn set_local_velocity(&mut self, v: Vec3) {
        let g = nmath::transform(v, self.position.frame.orientation);
        self.set_velocity(g);
    }

    /// The flag half of `set_on_walkable`: sets the bit, logs, and returns the previous value.
    /// The caller handles the interpreter edge and then [`Self::calc_acceleration`].
    pub(crate) fn set_on_walkable_flag(&mut self, b: bool) -> bool {
        let prev = self.transient.contains(TransientState::ON_WALKABLE);
        self.transient.set(TransientState::ON_WALKABLE, b);
        self.log(ObjectEvent::SetOnWalkable(b));
        prev
    }

    /// `calc_acceleration` (FORMAT-physics.md §5.5).
    pub(crate) fn calc_acceleration(&mut self) {
        if self
            .transient
            .contains(TransientState::CONTACT | TransientState::ON_WALKABLE)
        {
            self.omega = Vec3::ZERO;
            self.acceleration = Vec3::ZERO;
        } else if self.state.contains(ObjectState::GRAVITY) {
            self.acceleration = Vec3::new(0.0, 0.0, GRAVITY_ACCEL);
        } else {
            self.acceleration = Vec3::ZERO;
        }
    }

    /// `set_active(on)`.
    pub(crate) fn set_active(&mut self, on: bool) -> bool {
        if on {
            if self.state.contains(ObjectState::STATIC) {
                return false;
            }
            self.transient.insert(TransientState::ACTIVE);
        } else {
            self.transient.remove(TransientState::ACTIVE);
        }
        true
    }

    /// `set_frame(f)` (FORMAT-physics.md §5.6): a valid origin with an invalid quaternion zeroes
    /// the quaternion (ACE; spec ODD-26 / retail O17 keeps non-NaN quaternions).
    pub(crate) fn set_frame(&mut self, mut f: Frame) {
        let origin_ok = nmath::vec_is_valid(f.origin);
        let q_ok = if self.fidelity.is_retail() {
            let q = f.orientation;
            !(q.x.is_nan() || q.y.is_nan() || q.z.is_nan() || q.w.is_nan())
        } else {
            nmath::quat_is_valid(f.orientation)
        };
        if origin_ok && !q_ok {
            f.orientation = glam::Quat::from_xyzw(0.0, 0.0, 0.0, 0.0);
        }
        self.position.frame = f;
    }

    /// `SetPosition`/`SetPositionSimple` as the reference host does it: always succeeds; the cell
    /// id becomes `p.cell_id` (creating the cell), then `set_frame`.
    pub(crate) fn set_position(&mut self, p: &Position, flags: u32) {
        self.log(ObjectEvent::SetPosition {
            cell: p.cell_id,
            flags,
        });
        self.position.cell_id = p.cell_id;
        self.cell = Some(p.cell_id);
        self.set_frame(p.frame);
    }

    /// `calc_friction(q, v2)` (FORMAT-physics.md §5.4).
    fn calc_friction(&mut self, qf: f32, m2: f32) {
        if !self.transient.contains(TransientState::ON_WALKABLE) {
            return;
        }
        let n = self.contact_plane.normal;
        let angle = self.velocity.dot(n);
        if angle >= 0.25 {
            return;
        }
        self.velocity -= n * angle;
        let mut f = self.friction;
        if self.state.contains(ObjectState::SLEDDING) {
            if m2 < 1.5625 {
                f = 1.0;
            } else if m2 >= 6.25 && n.z > 0.999_995_36 {
                f = 0.2;
            }
        }
        let k = ((1.0f32 - f) as f64).powf(qf as f64) as f32;
        self.velocity *= k;
    }

    /// `UpdatePhysicsInternal(qf, frame)` (FORMAT-physics.md §5.3).
    pub(crate) fn update_physics(&mut self, qf: f32, frame: &mut Frame, has_mm: bool) {
        let mut m2 = self.velocity.dot(self.velocity);
        if m2 <= 0.0 {
            if !has_mm && self.transient.contains(TransientState::ON_WALKABLE) {
                self.transient.remove(TransientState::ACTIVE);
            }
        } else {
            if m2 > MAX_VELOCITY * MAX_VELOCITY {
                let len = nmath::length(self.velocity);
                self.velocity = self.velocity / len * MAX_VELOCITY;
                m2 = MAX_VELOCITY * MAX_VELOCITY;
            }
            self.calc_friction(qf, m2);
            if m2 - SMALL_VELOCITY_SQUARED < EPSILON {
                self.velocity = Vec3::ZERO;
            }
            let a = self.acceleration * 0.5 * qf * qf;
            let step = a + self.velocity * qf;
            frame.origin += step;
        }
        self.velocity += self.acceleration * qf;
        let w = Vec3::new(self.omega.x * qf, self.omega.y * qf, self.omega.z * qf);
        frame.grotate(w);
    }
}

thread_local! {
    /// Per-thread hook buffer lent to the object for the duration of a tick, so an object does
    /// not keep a hook buffer of its own (hooks are 64 bytes each; a walking cycle queues
    /// several per tick). Hooks never outlive the tick that queued them except through
    /// [`PhysicsObj::update_sequence`], which uses the object's own list.
    static HOOK_SCRATCH: std::cell::Cell<Vec<AnimationHook>> = const { std::cell::Cell::new(Vec::new()) };
}

thread_local! {
    /// Per-thread buffer for the manager's completions (filled and replayed within one call).
    static COMPLETION_SCRATCH: std::cell::Cell<Vec<MotionCompletion>> = const { std::cell::Cell::new(Vec::new()) };
}

/// The AlignPath / Sledding heading: `set_vector_heading(v / |v|)`. The reference divides by
/// the length before `set_vector_heading` normalises again; both roundings show in the result.
fn face_along(frame: &mut Frame, v: Vec3) {
    frame.set_vector_heading(v / nmath::length(v));
}

/// Take the thread's completion buffer (a nested call simply gets a fresh one).
fn take_completion_buffer() -> Vec<MotionCompletion> {
    COMPLETION_SCRATCH.with(|c| c.take())
}

/// Lend the thread's hook buffer to `core.hooks` (keeping any hooks already pending) and return
/// the object's own buffer, to be handed back by [`return_hook_buffer`].
fn borrow_hook_buffer(core: &mut ObjCore) -> Vec<AnimationHook> {
    let mut own = std::mem::take(&mut core.hooks);
    let mut lent = HOOK_SCRATCH.with(|c| c.take());
    lent.append(&mut own);
    core.hooks = lent;
    own
}

/// Give the lent buffer back to the thread and restore the object's own (empty) buffer.
fn return_hook_buffer(core: &mut ObjCore, own: Vec<AnimationHook>) {
    let mut lent = std::mem::replace(&mut core.hooks, own);
    // process_hooks has cleared it; anything left is kept on the object.
    if !lent.is_empty() {
        core.hooks.append(&mut lent);
    }
    HOOK_SCRATCH.with(|c| c.set(lent));
}

/// One physics object: part array, interpreter, position manager, flags and the tick.
///
/// **There is no collision.** A moved candidate position is always accepted as computed: the
/// object is placed exactly at it, its cell id does not change, and nothing stops it going
/// through the ground. Contact, OnWalkable, the contact plane and the acceleration never change
/// on their own; the caller sets them ([`PhysicsObj::set_on_walkable`], the raw setters, or
/// [`PhysicsObj::land_on_flat_ground`]). This is exactly the reference host's collision stand-in
/// (FORMAT-physics.md §7), so traces match ACE whenever ACE's transition would not have collided.
///
/// The object is also the scenario corpus's "reference host" (FORMAT.md §6): it implements the
/// host traits of the lower crates and records every host event it performs, in call order, in
/// an event log the caller drains ([`PhysicsObj::take_events`]).
#[derive(Debug)]
pub struct PhysicsObj {
    pub(crate) core: ObjCore,
    pub(crate) mm: Option<MovementManager>,
    pub(crate) pm: Option<Box<PositionManager>>,
}

impl PhysicsObj {
    /// A fresh object (FORMAT.md §5, FORMAT-physics.md §2.1) around a part array, with an optional
    /// weenie: State Gravity, TransientState Contact|OnWalkable, a cell with id 0, identity
    /// position, zero velocities, scale 1, friction 0.95, one collision sphere, no interpreter.
    pub fn new(parts: PartArray, weenie: Option<ConfigWeenie>) -> Self {
        Self {
            core: ObjCore {
                parts,
                weenie,
                state: ObjectState::GRAVITY,
                transient: TransientState::CONTACT | TransientState::ON_WALKABLE,
                position: Position::ZERO,
                cell: Some(0),
                velocity: Vec3::ZERO,
                acceleration: Vec3::ZERO,
                omega: Vec3::ZERO,
                cached_velocity: Vec3::ZERO,
                scale: 1.0,
                friction: 0.95,
                contact_plane: Plane::default(),
                initial_updates: 0,
                num_spheres: 1,
                radius: 0.0,
                is_animating: false,
                autonomous: false,
                constrained: false,
                pm_constrained: false,
                physics_layer: false,
                fidelity: Fidelity::Ace,
                id: 0,
                player_distance: f32::MAX,
                moving_to: false,
                teleport_stamp: 0,
                update_time: 0.0,
                log_events: true,
                hooks: Vec::new(),
                events: Vec::new(),
            },
            mm: None,
            pm: None,
        }
    }

    // ------------------------------------------------------------------ configuration

    /// Which behaviour to reproduce where ACE and the retail client differ.
    pub fn fidelity(&self) -> Fidelity {
        self.core.fidelity
    }
    /// Set the fidelity of the object layer: slicing rules (retail-vs-ace item 15), `set_frame`
    /// validity (O17), `get_minterp` activation (O15), and the fidelity of interpreters and
    /// position managers created afterwards. The sequence and the motion table keep the fidelity
    /// they were built with ([`PartArray::with_fidelity`]).
    pub fn set_fidelity(&mut self, f: Fidelity) {
        self.core.fidelity = f;
    }
    /// Whether the physics layer is on (FORMAT-physics.md §1): when on, `set_velocity` also
    /// activates the object (as ACE's PhysicsObj does). Off reproduces the animation-only reference
    /// host of FORMAT.md §6, where velocity changes never touch Active.
    pub fn physics_layer(&self) -> bool {
        self.core.physics_layer
    }
    /// Switch the physics layer on or off (see [`Self::physics_layer`]).
    pub fn set_physics_layer(&mut self, on: bool) {
        self.core.physics_layer = on;
    }
    /// Whether host events are recorded (default true). A world of many objects that never
    /// reads the log turns it off so the log does not grow.
    pub fn set_event_logging(&mut self, on: bool) {
        self.core.log_events = on;
    }

    // ------------------------------------------------------------------ event log

    /// The events logged so far, oldest first.
    pub fn events(&self) -> &[ObjectEvent] {
        &self.core.events
    }
    /// Take the events logged so far (the log is left empty).
    pub fn take_events(&mut self) -> Vec<ObjectEvent> {
        std::mem::take(&mut self.core.events)
    }
    /// Drain the events logged so far, keeping the log's allocation.
    pub fn drain_events(&mut self) -> std::vec::Drain<'_, ObjectEvent> {
        self.core.events.drain(..)
    }

    // ------------------------------------------------------------------ read-only views

    /// The part array (sequence + motion-table manager).
    pub fn parts(&self) -> &PartArray {
        &self.core.parts
    }
    /// Mutable part array, for table-layer and sequence ops that drive the manager's state and
    /// the sequence directly (FORMAT.md §7.2, §7.4). Completions of direct manager calls are not
    /// routed; use the object's methods for routed calls.
    pub fn parts_mut(&mut self) -> &mut PartArray {
        &mut self.core.parts
    }
    /// The weenie, if any.
    pub fn weenie(&self) -> Option<&ConfigWeenie> {
        self.core.weenie.as_ref()
    }
    /// The weenie, mutable (its answers are configuration).
    pub fn weenie_mut(&mut self) -> Option<&mut ConfigWeenie> {
        self.core.weenie.as_mut()
    }
    /// `State` bits.
    pub fn state(&self) -> ObjectState {
        self.core.state
    }
    /// `TransientState` bits.
    pub fn transient(&self) -> TransientState {
        self.core.transient
    }
    /// The position (cell id and frame).
    pub fn position(&self) -> &Position {
        &self.core.position
    }
    /// The cell id, or `None` when the object has no cell.
    pub fn cell(&self) -> Option<u32> {
        self.core.cell
    }
    /// World-space velocity.
    pub fn velocity(&self) -> Vec3 {
        self.core.velocity
    }
    /// Acceleration (gravity when airborne).
    pub fn acceleration(&self) -> Vec3 {
        self.core.acceleration
    }
    /// The object's own angular velocity (radians/s; x is passed as yaw, z as roll: ODD-24).
    pub fn omega(&self) -> Vec3 {
        self.core.omega
    }
    /// Velocity measured over the last moved slice.
    pub fn cached_velocity(&self) -> Vec3 {
        self.core.cached_velocity
    }
    /// Root-motion scale.
    pub fn scale(&self) -> f32 {
        self.core.scale
    }
    /// Friction coefficient.
    pub fn friction(&self) -> f32 {
        self.core.friction
    }
    /// The contact plane.
    pub fn contact_plane(&self) -> Plane {
        self.core.contact_plane
    }
    /// How many slices ended without translation (`same` / `no_spheres`).
    pub fn initial_updates(&self) -> i32 {
        self.core.initial_updates
    }
    /// Number of collision spheres (0 selects the no-spheres branch of the slice).
    pub fn num_spheres(&self) -> i32 {
        self.core.num_spheres
    }
    /// `IsAnimating`: maintained by the interpreter.
    pub fn is_animating(&self) -> bool {
        self.core.is_animating
    }
    /// `movement_is_autonomous()`.
    pub fn is_autonomous(&self) -> bool {
        self.core.autonomous
    }
    /// `IsFullyConstrained()` as the host answers it.
    pub fn is_constrained(&self) -> bool {
        self.core.constrained
    }
    /// Whether the movement manager (interpreter) exists (`mm` in the trace).
    pub fn has_movement_manager(&self) -> bool {
        self.mm.is_some()
    }
    /// Object id (no effect on the rules; the object is never the local player).
    pub fn id(&self) -> u32 {
        self.core.id
    }
    /// Distance to the player, for MoveOrTeleport's 96-unit rule.
    pub fn player_distance(&self) -> f32 {
        self.core.player_distance
    }
    /// What "is moving to" answers.
    pub fn moving_to(&self) -> bool {
        self.core.moving_to
    }
    /// The teleport timestamp.
    pub fn teleport_stamp(&self) -> i32 {
        self.core.teleport_stamp
    }
    /// Animation hooks queued by the sequence and not yet processed.
    pub fn pending_hooks(&self) -> &[AnimationHook] {
        &self.core.hooks
    }
    /// The object's clock: time of its last `update_object` ([`Self::update_object_at`]).
    pub fn update_time(&self) -> f64 {
        self.core.update_time
    }

    // ------------------------------------------------------------------ raw setters (`set`)

    /// Set `State` raw (no side effects).
    pub fn set_state_raw(&mut self, s: ObjectState) {
        self.core.state = s;
    }
    /// Set `TransientState` raw (no side effects).
    pub fn set_transient_raw(&mut self, t: TransientState) {
        self.core.transient = t;
    }
    /// Set the position directly (no validity check, no event). If the object has a cell, its id
    /// follows the position's cell id.
    pub fn set_position_raw(&mut self, p: Position) {
        self.core.position = p;
        if self.core.cell.is_some() {
            self.core.cell = Some(p.cell_id);
        }
    }
    /// Give the object a cell (with the position's cell id) or remove it.
    pub fn set_has_cell(&mut self, on: bool) {
        self.core.cell = on.then_some(self.core.position.cell_id);
    }
    /// Set the velocity as is: no clamp, no event, no activation.
    pub fn set_velocity_raw(&mut self, v: Vec3) {
        self.core.velocity = v;
    }
    /// Set the acceleration.
    pub fn set_acceleration_raw(&mut self, a: Vec3) {
        self.core.acceleration = a;
    }
    /// Set the object's omega (`set_omega`).
    pub fn set_omega(&mut self, w: Vec3) {
        self.core.omega = w;
    }
    /// Set the cached velocity.
    pub fn set_cached_velocity_raw(&mut self, v: Vec3) {
        self.core.cached_velocity = v;
    }
    /// Set the root-motion scale.
    pub fn set_scale(&mut self, s: f32) {
        self.core.scale = s;
    }
    /// Set the friction coefficient.
    pub fn set_friction(&mut self, f: f32) {
        self.core.friction = f;
    }
    /// Set the contact plane.
    pub fn set_contact_plane(&mut self, p: Plane) {
        self.core.contact_plane = p;
    }
    /// Set the cylinder radius (used by sticky distances only).
    pub fn set_radius(&mut self, r: f32) {
        self.core.radius = r;
    }
    /// The cylinder radius.
    pub fn radius(&self) -> f32 {
        self.core.radius
    }
    /// Set the number of collision spheres.
    pub fn set_num_spheres(&mut self, n: i32) {
        self.core.num_spheres = n;
    }
    /// Set the `movement_is_autonomous()` answer.
    pub fn set_autonomous(&mut self, on: bool) {
        self.core.autonomous = on;
    }
    /// Set the `IsFullyConstrained()` answer.
    pub fn set_constrained(&mut self, on: bool) {
        self.core.constrained = on;
    }
    /// Set the object id.
    pub fn set_id(&mut self, id: u32) {
        self.core.id = id;
    }
    /// Set the distance to the player.
    pub fn set_player_distance(&mut self, d: f32) {
        self.core.player_distance = d;
    }
    /// Set the "is moving to" answer.
    pub fn set_moving_to(&mut self, on: bool) {
        self.core.moving_to = on;
    }
    /// Set the teleport timestamp.
    pub fn set_teleport_stamp(&mut self, t: i32) {
        self.core.teleport_stamp = t;
    }
    /// Set the object's clock.
    pub fn set_update_time(&mut self, t: f64) {
        self.core.update_time = t;
    }
    /// Set or clear one `State` bit.
    pub fn set_state_flag(&mut self, flag: ObjectState, on: bool) {
        self.core.state.set(flag, on);
    }
    /// Set or clear one `TransientState` bit.
    pub fn set_transient_flag(&mut self, flag: TransientState, on: bool) {
        self.core.transient.set(flag, on);
    }

    // ------------------------------------------------------------------ host calls

    /// Host `set_velocity(v)`: clamp to 50, activate when the physics layer is on, log.
    pub fn set_velocity(&mut self, v: Vec3) {
        self.core.set_velocity(v);
    }
    /// Host `set_local_velocity(v)`: rotate by the orientation, then `set_velocity`.
    pub fn set_local_velocity(&mut self, v: Vec3) {
        self.core.set_local_velocity(v);
    }
    /// `calc_acceleration()`.
    pub fn calc_acceleration(&mut self) {
        self.core.calc_acceleration();
    }
    /// `set_active(on)`: false when asked to activate a Static object.
    pub fn set_active(&mut self, on: bool) -> bool {
        self.core.set_active(on)
    }
    /// `set_frame(f)` with ACE's validity rule.
    pub fn set_frame(&mut self, f: Frame) {
        self.core.set_frame(f);
    }
    /// `set_heading(degrees)` on the position frame, then `set_frame`.
    pub fn set_heading(&mut self, degrees: f32) {
        let mut f = self.core.position.frame;
        f.set_heading(degrees);
        self.core.set_frame(f);
    }
    /// `SetPositionSimple(p, slide)` as the reference host does it (always succeeds): logs
    /// `set_position` with flags 0x1012, the cell id becomes `p.cell_id` (creating the cell), then
    /// `set_frame`.
    pub fn set_position_simple(&mut self, p: &Position) {
        self.core.set_position(p, SET_POSITION_FLAGS);
    }
    /// The compass heading of the position frame (0 = +Y, clockwise, degrees).
    pub fn heading(&self) -> f32 {
        self.core.position.frame.get_heading()
    }

    /// Host `set_on_walkable(b)`: set the flag and log; on an edge, the movement manager's
    /// `LeaveGround` / `HitGround` (which reach the interpreter); then `calc_acceleration`.
    pub fn set_on_walkable(&mut self, b: bool) {
        self.sync_constraint();
        let prev = self.core.set_on_walkable_flag(b);
        if let Some(mm) = self.mm.as_mut() {
            if prev && !b {
                let _ = mm.leave_ground(&mut self.core);
            } else if !prev && b {
                mm.hit_ground(&mut self.core);
            }
        }
        self.core.calc_acceleration();
    }

    /// Convenience for examples and tests (not part of ACE): land on flat ground at height `z`
    /// — sets Contact, the plane `0,0,1,-z`, then `set_on_walkable(true)` (HitGround on an edge).
    pub fn land_on_flat_ground(&mut self, z: f32) {
        self.core.transient.insert(TransientState::CONTACT);
        self.core.contact_plane = Plane {
            normal: Vec3::Z,
            d: -z,
        };
        self.set_on_walkable(true);
    }

    // ------------------------------------------------------------------ hooks and completions

    /// Replay completions (FORMAT.md §6): for each, log `motion_done`, run the interpreter's
    /// `MotionDone`, then log `weenie_motion_done` when there is a weenie. The buffer goes back
    /// to the thread.
    fn replay_completions(&mut self, comps: Vec<MotionCompletion>) {
        for c in &comps {
            self.core.log(ObjectEvent::MotionDone {
                motion: c.motion,
                success: c.success,
            });
            if let Some(mm) = self.mm.as_mut() {
                // Before `enter_default_state` ACE would dereference null; dropped here.
                let _ = mm.motion_done(&mut self.core, c.motion, c.success);
            }
            if self.core.weenie.is_some() {
                self.core.log(ObjectEvent::WeenieMotionDone {
                    motion: c.motion,
                    success: c.success,
                });
            }
        }
        COMPLETION_SCRATCH.with(|cell| {
            let mut comps = comps;
            comps.clear();
            cell.set(comps);
        });
    }

    /// `Hook_AnimDone` → `MotionTableManager.AnimationDone(true)`, completions replayed.
    fn hook_anim_done(&mut self) {
        let mut buf = take_completion_buffer();
        buf.clear();
        self.core.parts.manager.animation_done(true, &mut buf);
        self.replay_completions(buf);
    }

    /// Host `process_hooks()`: each queued hook is logged, then executed (`AnimationDone` runs the
    /// completion chain; every other type does nothing); then the list is cleared. The length is
    /// re-read each iteration, so hooks queued while processing run in the same pass.
    pub fn process_hooks(&mut self) {
        let mut i = 0;
        while i < self.core.hooks.len() {
            let (t, d) = {
                let h = &self.core.hooks[i];
                (h.data.type_id(), h.direction)
            };
            self.core.log(ObjectEvent::AnimHook {
                hook_type: t,
                direction: d,
            });
            if t == 4 {
                self.hook_anim_done();
            }
            i += 1;
        }
        self.core.hooks.clear();
    }

    /// Host `CheckForCompletedMotions()` (also `HandleMovement()` = the manager's `UseTime`):
    /// completes zero-anim head entries, replaying them.
    pub fn check_for_completed_motions(&mut self) {
        let mut buf = take_completion_buffer();
        buf.clear();
        self.core
            .parts
            .manager
            .check_for_completed_motions(&mut buf);
        self.replay_completions(buf);
    }

    /// `HandleMovement()`: the manager's `UseTime` (= `CheckForCompletedMotions`).
    pub fn handle_movement(&mut self) {
        self.check_for_completed_motions();
    }

    /// Host `RemoveLinkAnimations()`: logs, then `manager.HandleEnterWorld(seq)`, completions
    /// replayed.
    pub fn remove_link_animations(&mut self) {
        self.core.log(ObjectEvent::RemoveLinkAnimations);
        let mut buf = take_completion_buffer();
        buf.clear();
        let parts = &mut self.core.parts;
        parts
            .manager
            .handle_enter_world(&mut parts.sequence, &mut buf);
        self.replay_completions(buf);
    }

    /// `AnimationDone(success)` on the manager with the completions routed (the scenario's
    /// direct `animation_done` op reaches the object's `MotionDone` the same way).
    pub fn animation_done(&mut self, success: bool) {
        let mut buf = take_completion_buffer();
        buf.clear();
        self.core.parts.manager.animation_done(success, &mut buf);
        self.replay_completions(buf);
    }

    /// `manager.HandleExitWorld()` with the completions routed.
    pub fn handle_exit_world(&mut self) {
        let mut buf = take_completion_buffer();
        buf.clear();
        self.core.parts.manager.handle_exit_world(&mut buf);
        self.replay_completions(buf);
    }

    // ------------------------------------------------------------------ animation-only tick

    /// FORMAT.md §7.4 `tick(q)`: (1) if not Hidden, `Sequence.Update(q, frame)` on a fresh
    /// identity frame; (2) `process_hooks()`; (3) `HandleMovement()`. Returns the offset frame
    /// (identity when Hidden skipped the update).
    pub fn anim_tick(&mut self, q: f32) -> Frame {
        let own = borrow_hook_buffer(&mut self.core);
        let frame = self.anim_tick_inner(q);
        return_hook_buffer(&mut self.core, own);
        frame
    }

    fn anim_tick_inner(&mut self, q: f32) -> Frame {
        let mut frame = Frame::IDENTITY;
        if !self.core.state.contains(ObjectState::HIDDEN) {
            let core = &mut self.core;
            core.parts
                .sequence
                .update(q, Some(&mut frame), Some(&mut core.hooks));
        }
        self.process_hooks();
        self.handle_movement();
        frame
    }

    /// FORMAT.md §7.4 `update_object(dt)` (animation-only host): `None` when skipped (dt below
    /// 1/30 or above 2), else the offsets of the [`Self::anim_tick`] slices, appended to `out`.
    pub fn anim_update_object(&mut self, dt: f64, out: &mut Vec<Frame>) -> Option<u32> {
        let tick = MIN_QUANTUM as f64;
        let maxq = MAX_QUANTUM as f64;
        if dt < tick || dt > HUGE_QUANTUM {
            return None;
        }
        let mut dt = dt;
        let mut n = 0;
        while dt > maxq {
            out.push(self.anim_tick(MAX_QUANTUM));
            n += 1;
            dt -= maxq;
        }
        if dt > tick {
            out.push(self.anim_tick(dt as f32));
            n += 1;
        }
        Some(n)
    }

    // ------------------------------------------------------------------ physics tick

    /// One slice: ACE `UpdateObjectInternal(q)` with the collision stand-in (FORMAT-physics.md
    /// §5.2 and FORMAT-interp.md §4), `q` in seconds as f64.
    pub fn slice(&mut self, q: f64) -> SliceRecord {
        let qf = q as f32;
        if !self.core.transient.contains(TransientState::ACTIVE) || self.core.cell.is_none() {
            return SliceRecord::inactive(qf);
        }
        let own = borrow_hook_buffer(&mut self.core);
        let r = self.slice_inner(q, qf);
        return_hook_buffer(&mut self.core, own);
        r
    }

    fn slice_inner(&mut self, q: f64, qf: f32) -> SliceRecord {
        let pos = self.core.position.frame;
        let hidden = self.core.state.contains(ObjectState::HIDDEN);
        let mut off = Frame::IDENTITY;
        let anim = if !hidden {
            let core = &mut self.core;
            core.parts
                .sequence
                .update(qf, Some(&mut off), Some(&mut core.hooks));
            let a = off;
            if core.transient.contains(TransientState::ON_WALKABLE) {
                off.origin *= core.scale;
            } else {
                off.origin *= 0.0;
            }
            Some(a)
        } else {
            None
        };
        self.adjust_offset(&mut off, q);
        let adjusted = off;

        let mut cand = Frame::combine(&pos, &off);
        if !hidden {
            let has_mm = self.mm.is_some();
            self.core.update_physics(qf, &mut cand, has_mm);
        }
        self.process_hooks();
        let candidate = cand;

        let outcome = if self.core.num_spheres != 0 {
            let dx = (cand.origin.x - pos.origin.x).abs();
            let dy = (cand.origin.y - pos.origin.y).abs();
            let dz = (cand.origin.z - pos.origin.z).abs();
            if dx <= EPSILON && dy <= EPSILON && dz <= EPSILON {
                self.core.cached_velocity = Vec3::ZERO;
                self.core.set_frame(cand);
                self.core.initial_updates = self.core.initial_updates.wrapping_add(1);
                SliceOutcome::Same
            } else {
                if self.core.state.contains(ObjectState::ALIGN_PATH) {
                    let d = cand.origin - pos.origin;
                    face_along(&mut cand, d);
                } else if self.core.state.contains(ObjectState::SLEDDING)
                    && self.core.velocity != Vec3::ZERO
                {
                    let v = self.core.velocity;
                    face_along(&mut cand, v);
                }
                // `0 + origin` first, as the reference does: it turns a `-0` component into `+0`.
                let moved = (Vec3::ZERO + cand.origin) - pos.origin;
                self.core.cached_velocity = moved / qf;
                self.core.set_frame(cand);
                SliceOutcome::Moved
            }
        } else {
            if self.mm.is_none() && self.core.transient.contains(TransientState::ON_WALKABLE) {
                self.core.transient.remove(TransientState::ACTIVE);
            }
            self.core.set_frame(Frame {
                origin: pos.origin,
                orientation: cand.orientation,
            });
            self.core.cached_velocity = Vec3::ZERO;
            self.core.initial_updates = self.core.initial_updates.wrapping_add(1);
            SliceOutcome::NoSpheres
        };

        // ACE: movement_manager.UseTime() (the MoveToManager, not modelled), then
        // part_array.HandleMovement() (the completion poll), then position_manager.UseTime().
        if let Some(mm) = self.mm.as_mut() {
            mm.use_time();
        }
        self.handle_movement();
        self.position_manager_use_time();

        SliceRecord {
            quantum: qf,
            outcome,
            anim,
            adjusted,
            candidate,
        }
    }

    fn adjust_offset(&mut self, off: &mut Frame, q: f64) {
        if let Some(pm) = self.pm.as_mut() {
            let mut host = ImHost {
                core: &mut self.core,
                mm: &mut self.mm,
            };
            pm.adjust_offset(&mut host, off, q);
        }
    }

    fn position_manager_use_time(&mut self) {
        if let Some(pm) = self.pm.as_mut() {
            let mut host = ImHost {
                core: &mut self.core,
                mm: &mut self.mm,
            };
            pm.use_time(&mut host);
        }
    }

    /// ACE `update_object` driven by an elapsed time `dt` (FORMAT-physics.md §5.1), slices
    /// appended to `out`. Nothing is carried over: a rest of at most 1/30 s is not simulated (the
    /// clock-driven [`Self::update_object_at`] carries it instead).
    ///
    /// With [`Fidelity::Retail`] the retail quantum rules apply (retail-vs-ace item 15): dt ≤ ε
    /// does nothing, dt ≤ 0.2 is one slice with no minimum, longer gaps step in 0.2 chunks and a
    /// rest above 1/30; gaps above 2 s are dropped in both modes.
    pub fn update_object(&mut self, dt: f64, out: &mut Vec<SliceRecord>) -> UpdateResult {
        let (r, _) = self.update_object_inner(dt, out);
        r
    }

    /// Returns the result and the simulated time (for the clock carry).
    fn update_object_inner(&mut self, dt: f64, out: &mut Vec<SliceRecord>) -> (UpdateResult, f64) {
        let mut res = UpdateResult::default();
        if self.core.cell.is_none() || self.core.state.contains(ObjectState::FROZEN) {
            self.core.transient.remove(TransientState::ACTIVE);
            return (res, 0.0);
        }
        let tick = MIN_QUANTUM as f64;
        if dt > HUGE_QUANTUM {
            return (res, dt);
        }
        let mut consumed = 0.0f64;
        let mut dt = dt;
        if self.core.fidelity.is_retail() {
            let maxq = RETAIL_MAX_QUANTUM as f64;
            if dt <= f64::from(EPSILON) {
                return (res, dt);
            }
            if dt <= maxq {
                out.push(self.slice(dt));
                res.slices = 1;
                res.ran = true;
                return (res, dt);
            }
            while dt > maxq {
                out.push(self.slice(maxq));
                res.slices += 1;
                consumed += maxq;
                dt -= maxq;
            }
            if dt > tick {
                out.push(self.slice(dt));
                res.slices += 1;
                consumed += dt;
            }
            res.ran = true;
            return (res, consumed);
        }
        if dt < tick {
            return (res, 0.0);
        }
        let maxq = MAX_QUANTUM as f64;
        while dt > maxq {
            out.push(self.slice(maxq));
            res.slices += 1;
            consumed += maxq;
            dt -= maxq;
        }
        if dt > tick {
            out.push(self.slice(dt));
            res.slices += 1;
            consumed += dt;
        }
        res.ran = true;
        (res, consumed)
    }

    /// Clock-driven `update_object`: `dt = now - update_time`; gaps above 2 s are dropped (the
    /// clock jumps to `now`); otherwise the clock advances by the simulated time only, so an
    /// unconsumed rest (≤ 1/30 s) carries into the next call, as in ACE.
    pub fn update_object_at(&mut self, now: f64, out: &mut Vec<SliceRecord>) -> UpdateResult {
        let dt = now - self.core.update_time;
        let (r, consumed) = self.update_object_inner(dt, out);
        if dt > HUGE_QUANTUM {
            self.core.update_time = now;
        } else {
            self.core.update_time += consumed;
        }
        r
    }

    // ------------------------------------------------------------------ sequence / manager ops

    /// FORMAT.md §7.4 `update`: `Sequence.Update(q, frame)` on a fresh identity frame (or a null
    /// frame when `with_frame` is false); hooks stay queued. Returns the frame when there was one.
    pub fn update_sequence(&mut self, q: f32, with_frame: bool) -> Option<Frame> {
        let core = &mut self.core;
        if with_frame {
            let mut f = Frame::IDENTITY;
            core.parts
                .sequence
                .update(q, Some(&mut f), Some(&mut core.hooks));
            Some(f)
        } else {
            core.parts.sequence.update(q, None, Some(&mut core.hooks));
            None
        }
    }

    /// `manager.HandleEnterWorld(seq)` called directly (no `remove_link_animations` event), with
    /// its completions routed like every other completion.
    pub fn handle_enter_world(&mut self) {
        let mut buf = take_completion_buffer();
        buf.clear();
        let parts = &mut self.core.parts;
        parts
            .manager
            .handle_enter_world(&mut parts.sequence, &mut buf);
        self.replay_completions(buf);
    }

    // ------------------------------------------------------------------ movement manager

    /// The movement manager, if created.
    pub fn movement_manager(&self) -> Option<&MovementManager> {
        self.mm.as_ref()
    }
    /// The motion interpreter, if created.
    pub fn minterp(&self) -> Option<&MotionInterp> {
        self.mm.as_ref().and_then(MovementManager::interpreter)
    }

    /// FORMAT.md §7.5 `mi_create`: `MotionInterp.Create(object, weenie)` registered as the
    /// object's interpreter (a movement manager holding it). Its state stays null until
    /// [`Self::mi_enter_default_state`]. Replaces any previous interpreter.
    pub fn mi_create(&mut self) {
        let f = self.core.fidelity;
        let mut m = MovementManager::new(f);
        m.set_interpreter(MotionInterp::new(f));
        self.mm = Some(m);
    }

    /// `get_minterp()`: the interpreter, creating the movement manager (event
    /// `make_movement_manager`) and entering the default state when missing (ODD-23 activation).
    pub fn get_minterp(&mut self) -> Option<&MotionInterp> {
        get_minterp(&mut self.core, &mut self.mm).interpreter()
    }

    /// Run `f` on the interpreter with the object as its host; `None` without an interpreter.
    fn with_mi<R>(&mut self, f: impl FnOnce(&mut MotionInterp, &mut ObjCore) -> R) -> Option<R> {
        self.sync_constraint();
        let mi = self
            .mm
            .as_mut()
            .and_then(MovementManager::interpreter_mut)?;
        Some(f(mi, &mut self.core))
    }

    /// Map an interpreter result: misuse before `enter_default_state` (which ACE does not
    /// survive) and a missing interpreter both answer `NoMotionInterpreter`.
    fn mi_err<E>(r: Option<Result<WeenieError, E>>) -> WeenieError {
        match r {
            Some(Ok(e)) => e,
            _ => WeenieError::NoMotionInterpreter,
        }
    }

    /// `enter_default_state()`.
    pub fn mi_enter_default_state(&mut self) {
        self.with_mi(|mi, h| mi.enter_default_state(h));
    }
    /// `MotionInterp.DoMotion` called directly (as FORMAT.md's `mi_do_motion`).
    pub fn mi_do_motion(&mut self, motion: u32, p: &MovementParameters) -> WeenieError {
        Self::mi_err(self.with_mi(|mi, h| mi.do_motion(h, motion, p)))
    }
    /// `MotionInterp.DoInterpretedMotion`.
    pub fn mi_do_interpreted_motion(&mut self, motion: u32, p: &MovementParameters) -> WeenieError {
        Self::mi_err(self.with_mi(|mi, h| mi.do_interpreted_motion(h, motion, p)))
    }
    /// `MotionInterp.StopMotion`.
    pub fn mi_stop_motion(&mut self, motion: u32, p: &MovementParameters) -> WeenieError {
        Self::mi_err(self.with_mi(|mi, h| mi.stop_motion(h, motion, p)))
    }
    /// `MotionInterp.StopInterpretedMotion`.
    pub fn mi_stop_interpreted_motion(
        &mut self,
        motion: u32,
        p: &MovementParameters,
    ) -> WeenieError {
        Self::mi_err(self.with_mi(|mi, h| mi.stop_interpreted_motion(h, motion, p)))
    }
    /// `MotionInterp.StopCompletely`.
    pub fn mi_stop_completely(&mut self) -> WeenieError {
        Self::mi_err(self.with_mi(|mi, h| mi.stop_completely(h)))
    }
    /// `MotionInterp.PerformMovement` (ends with the host's `CheckForCompletedMotions`).
    pub fn mi_perform_movement(
        &mut self,
        kind: MovementType,
        motion: u32,
        p: &MovementParameters,
    ) -> WeenieError {
        let mvs = MovementStruct::new(kind, motion, *p);
        Self::mi_err(self.with_mi(|mi, h| mi.perform_movement(h, &mvs)))
    }
    /// `apply_current_movement(cancel_moveto, allow_jump)`.
    pub fn mi_apply_current_movement(&mut self, cancel_moveto: bool, allow_jump: bool) {
        self.with_mi(|mi, h| mi.apply_current_movement(h, cancel_moveto, allow_jump));
    }
    /// `apply_raw_movement(cancel_moveto, allow_jump)`.
    pub fn mi_apply_raw_movement(&mut self, cancel_moveto: bool, allow_jump: bool) {
        self.with_mi(|mi, h| mi.apply_raw_movement(h, cancel_moveto, allow_jump));
    }
    /// `apply_interpreted_movement(cancel_moveto, allow_jump)`.
    pub fn mi_apply_interpreted_movement(&mut self, cancel_moveto: bool, allow_jump: bool) {
        self.with_mi(|mi, h| mi.apply_interpreted_movement(h, cancel_moveto, allow_jump));
    }
    /// `MotionInterp.MotionDone(success)` called directly (no events of its own).
    pub fn mi_motion_done(&mut self, success: bool) {
        self.with_mi(|mi, h| mi.motion_done(h, success));
    }
    /// `HitGround()` called directly: no flag changes.
    pub fn mi_hit_ground(&mut self) {
        self.with_mi(|mi, h| mi.hit_ground(h));
    }
    /// `LeaveGround()` called directly: no flag changes.
    pub fn mi_leave_ground(&mut self) {
        self.with_mi(|mi, h| mi.leave_ground(h));
    }
    /// `jump(extent, stamina)`.
    pub fn mi_jump(&mut self, extent: f32, stamina: i32) -> WeenieError {
        Self::mi_err(self.with_mi(|mi, h| mi.jump(h, extent, stamina)))
    }
    /// `charge_jump()`: the int it returns (`NoMotionInterpreter`'s code 11 on misuse).
    pub fn mi_charge_jump(&mut self) -> i32 {
        match self.with_mi(|mi, h| mi.charge_jump(h)) {
            Some(Ok(v)) => v,
            _ => WeenieError::NoMotionInterpreter.code() as i32,
        }
    }
    /// `jump_is_allowed(extent, stamina)`.
    pub fn mi_jump_is_allowed(&mut self, extent: f32, stamina: i32) -> WeenieError {
        Self::mi_err(self.with_mi(|mi, h| mi.jump_is_allowed(h, extent, stamina)))
    }
    /// `set_hold_run(val, cancel_moveto)`.
    pub fn mi_set_hold_run(&mut self, val: i32, cancel_moveto: bool) {
        self.with_mi(|mi, h| mi.set_hold_run(h, val, cancel_moveto));
    }
    /// `SetHoldKey(key, cancel_moveto)`.
    pub fn mi_set_hold_key(&mut self, key: HoldKey, cancel_moveto: bool) {
        self.with_mi(|mi, h| mi.set_hold_key(h, key, cancel_moveto));
    }
    /// `ReportExhaustion()`.
    pub fn mi_report_exhaustion(&mut self) {
        self.with_mi(|mi, h| mi.report_exhaustion(h));
    }
    /// `MotionInterp.HandleExitWorld()`.
    pub fn mi_handle_exit_world(&mut self) {
        self.with_mi(|mi, h| mi.handle_exit_world(h));
    }
    /// `get_state_velocity()` (zero without an initialised interpreter).
    pub fn mi_state_velocity(&mut self) -> Vec3 {
        match self.with_mi(|mi, h| mi.get_state_velocity(h)) {
            Some(Ok(v)) => v,
            _ => Vec3::ZERO,
        }
    }
    /// `(get_max_speed(), get_adjusted_max_speed())` (zeros without an initialised interpreter).
    pub fn mi_max_speeds(&mut self) -> (f32, f32) {
        self.with_mi(|mi, h| {
            let m = mi.get_max_speed(h);
            let a = mi.get_adjusted_max_speed(h).unwrap_or(0.0);
            (m, a)
        })
        .unwrap_or((0.0, 0.0))
    }
    /// `get_leave_ground_velocity()` (zero without an initialised interpreter).
    pub fn mi_leave_ground_velocity(&mut self) -> Vec3 {
        match self.with_mi(|mi, h| mi.get_leave_ground_velocity(h)) {
            Some(Ok(v)) => v,
            _ => Vec3::ZERO,
        }
    }
    /// `is_standing_still()`.
    pub fn mi_is_standing_still(&mut self) -> bool {
        matches!(
            self.with_mi(|mi, h| mi.is_standing_still(h)),
            Some(Ok(true))
        )
    }
    /// `motion_allows_jump(motion)`.
    pub fn mi_motion_allows_jump(&mut self, motion: u32) -> WeenieError {
        self.with_mi(|mi, _| mi.motion_allows_jump(motion))
            .unwrap_or(WeenieError::NoMotionInterpreter)
    }
    /// `contact_allows_move(motion)`.
    pub fn mi_contact_allows_move(&mut self, motion: u32) -> bool {
        self.with_mi(|mi, h| mi.contact_allows_move(h, motion))
            .unwrap_or(false)
    }

    /// Refresh the interpreter's view of `IsFullyConstrained` from the position manager.
    fn sync_constraint(&mut self) {
        self.core.pm_constrained = self
            .pm
            .as_deref()
            .is_some_and(PositionManager::is_fully_constrained);
    }

    /// `MovementManager.PerformMovement(mvs)`: activates the object, creates the interpreter
    /// (with its default state) when missing, and runs the movement. This is the product entry
    /// point (ACE `PhysicsObj.DoMotion` & co. route through it); move-to and turn-to requests are
    /// not modelled and answer `GeneralMovementFailure`.
    pub fn perform_movement(&mut self, mvs: &MovementStruct) -> WeenieError {
        if self.mm.is_none() {
            self.mm = Some(MovementManager::new(self.core.fidelity));
        }
        self.sync_constraint();
        match self.mm.as_mut() {
            Some(mm) => mm
                .perform_movement(&mut self.core, mvs)
                .unwrap_or(WeenieError::GeneralMovementFailure),
            None => WeenieError::NoMotionInterpreter,
        }
    }

    /// ACE `PhysicsObj.DoMotion(m, p)`: marks the move autonomous, then
    /// [`Self::perform_movement`] with a raw command.
    pub fn do_motion(&mut self, motion: u32, p: &MovementParameters) -> WeenieError {
        self.core.autonomous = true;
        self.perform_movement(&MovementStruct::new(MovementType::RawCommand, motion, *p))
    }

    /// ACE `PhysicsObj.StopMotion(m, p)`: like [`Self::do_motion`] with a stop.
    pub fn stop_motion(&mut self, motion: u32, p: &MovementParameters) -> WeenieError {
        self.core.autonomous = true;
        self.perform_movement(&MovementStruct::new(
            MovementType::StopRawCommand,
            motion,
            *p,
        ))
    }

    // ------------------------------------------------------------------ position manager

    /// The position manager, if created.
    pub fn position_manager(&self) -> Option<&PositionManager> {
        self.pm.as_deref()
    }
    /// Whether the position manager exists (`pm` in the trace).
    pub fn has_position_manager(&self) -> bool {
        self.pm.is_some()
    }
    /// The interpolation manager, if created.
    pub fn interpolation(&self) -> Option<&InterpolationManager> {
        self.pm.as_deref().and_then(PositionManager::interpolation)
    }

    /// `MakePositionManager()`: create it if missing and activate the object (unless Static).
    fn make_position_manager(&mut self) -> &mut PositionManager {
        if self.pm.is_none() {
            self.pm = Some(Box::new(PositionManager::with_fidelity(self.core.fidelity)));
            let _ = self.core.set_active(true);
        }
        let f = self.core.fidelity;
        self.pm
            .get_or_insert_with(|| Box::new(PositionManager::with_fidelity(f)))
    }

    /// `InterpolateTo(p, keep_heading)`: queue a server position (FORMAT-interp.md §5.3).
    pub fn interpolate_to(&mut self, p: &Position, keep_heading: bool) {
        self.make_position_manager();
        if let Some(pm) = self.pm.as_mut() {
            let mut host = ImHost {
                core: &mut self.core,
                mm: &mut self.mm,
            };
            pm.interpolate_to(&mut host, p, keep_heading);
        }
    }

    /// Queue a velocity node (creates the managers if missing).
    pub fn im_push_velocity(&mut self, v: Vec3) {
        self.make_position_manager().push_velocity(v);
    }
    /// Queue a jump node (creates the managers if missing).
    pub fn im_push_jump(&mut self, extent: f32) {
        self.make_position_manager().push_jump(extent);
    }

    /// The interpolation manager's `UseTime()`; false when there is none.
    pub fn im_use_time(&mut self) -> bool {
        let Some(im) = self
            .pm
            .as_deref_mut()
            .and_then(PositionManager::interpolation_mut)
        else {
            return false;
        };
        let mut host = ImHost {
            core: &mut self.core,
            mm: &mut self.mm,
        };
        im.use_time(&mut host);
        true
    }

    /// The interpolation manager's `NodeCompleted(success)`; false when there is none.
    pub fn im_node_completed(&mut self, success: bool) -> bool {
        let Some(im) = self
            .pm
            .as_deref_mut()
            .and_then(PositionManager::interpolation_mut)
        else {
            return false;
        };
        let host = ImHost {
            core: &mut self.core,
            mm: &mut self.mm,
        };
        im.node_completed(&host, success);
        true
    }

    /// `StopInterpolating()` (nothing without a position manager).
    pub fn stop_interpolating(&mut self) {
        if let Some(pm) = self.pm.as_mut() {
            pm.stop_interpolating();
        }
    }

    /// `IsInterpolating()`.
    pub fn is_interpolating(&self) -> bool {
        self.pm
            .as_deref()
            .is_some_and(PositionManager::is_interpolating)
    }

    /// `teleport_hook`: logs, then unstick, stop interpolating and unconstrain.
    fn teleport_hook(&mut self) {
        self.core.log(ObjectEvent::TeleportHook);
        if let Some(pm) = self.pm.as_mut() {
            let mut host = ImHost {
                core: &mut self.core,
                mm: &mut self.mm,
            };
            pm.unstick(&mut host);
            pm.stop_interpolating();
            pm.unconstrain();
        }
    }

    /// `MoveOrTeleport(p, timestamp, contact)` under the retail rules (FORMAT-interp.md §5.8):
    /// refuse older stamps; teleport when there is no cell or the stamp is newer; otherwise, on
    /// contact, place directly when the player is ≥ 96 away, else interpolate.
    pub fn move_or_teleport(&mut self, p: &Position, contact: bool, timestamp: i32) -> bool {
        let action = ac_interp_manager::move_or_teleport_action(
            self.core.teleport_stamp,
            timestamp,
            self.core.cell.is_some(),
            contact,
            self.core.player_distance,
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
                let keep = self.core.moving_to && self.mm.is_some();
                self.interpolate_to(p, keep);
            }
        }
        action.result()
    }

    /// `ConstrainTo(pos, start, max)`: limit movement to `max` from `pos`, scaling the offset
    /// down beyond `start` (creates the position manager).
    pub fn constrain_to(&mut self, pos: &Position, start_distance: f32, max_distance: f32) {
        self.make_position_manager();
        if let Some(pm) = self.pm.as_mut() {
            let host = ImHost {
                core: &mut self.core,
                mm: &mut self.mm,
            };
            pm.constrain_to(&host, pos, start_distance, max_distance);
        }
    }

    /// `Unconstrain()`.
    pub fn unconstrain(&mut self) {
        if let Some(pm) = self.pm.as_mut() {
            pm.unconstrain();
        }
    }

    /// `StickTo(id, radius, height)`: follow object `id` (creates the position manager). The
    /// target's position arrives through [`Self::handle_update_target`].
    pub fn stick_to(&mut self, id: u32, radius: f32, height: f32) {
        self.make_position_manager();
        if let Some(pm) = self.pm.as_mut() {
            let mut host = ImHost {
                core: &mut self.core,
                mm: &mut self.mm,
            };
            pm.stick_to(&mut host, id, radius, height);
        }
    }

    /// A target-manager report about object `id` (`None`: the target is lost).
    pub fn handle_update_target(&mut self, id: u32, position: Option<&Position>) {
        if let Some(pm) = self.pm.as_mut() {
            let mut host = ImHost {
                core: &mut self.core,
                mm: &mut self.mm,
            };
            pm.handle_update_target(&mut host, id, position);
        }
    }

    /// `Unstick()`.
    pub fn unstick(&mut self) {
        if let Some(pm) = self.pm.as_mut() {
            let mut host = ImHost {
                core: &mut self.core,
                mm: &mut self.mm,
            };
            pm.unstick(&mut host);
        }
    }

    /// ACE `exit_world()` (motion part): the table manager's queue completes with `false`
    /// (replayed), the interpreter drops its pending motions, and the object unsticks.
    pub fn exit_world(&mut self) {
        self.handle_exit_world();
        if let Some(mm) = self.mm.as_mut() {
            let _ = mm.handle_exit_world(&mut self.core);
        }
        self.unstick();
    }

    /// ACE `IsMovingOrAnimating`: animating, a link still playing, or any velocity.
    pub fn is_moving_or_animating(&self) -> bool {
        self.core.is_animating
            || !self.core.parts.sequence.is_first_cyclic()
            || self.core.cached_velocity != Vec3::ZERO
            || self.core.velocity != Vec3::ZERO
    }
}
