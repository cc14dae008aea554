//! The object's state apart from its managers, and the physics that act on it alone.

use ac_dat::{AnimationHook, Frame};
use ac_interp_manager::Position;
use ac_motiontable::SharedRules;
use glam::Vec3;

use crate::events::ObjectEvent;
use crate::flags::{ObjectState, TransientState};
use crate::parts::PartArray;
use crate::target::{SelfMail, TargetMail, TargetManager, TargetViews};
use ac_interp_manager::PositionManager;
use ac_motioninterp::WeenieError;
use ac_motiontable::EPSILON;
use ac_sequence::AFrameOps;
use ac_sequence::aframe::nmath;
use std::collections::VecDeque;

/// The contact plane: `normal · p + d = 0`.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Plane {
    /// Surface normal.
    pub normal: Vec3,
    /// Plane distance.
    pub d: f32,
}

/// Everything of the object except its interpreter and position manager.
///
/// Split out so the object can lend itself to those managers as their host (they are separate
/// fields, so a `&mut` to the core and a `&mut` to a manager coexist without re-entrancy).
///
/// Field order is memory order (`repr(C)`), chosen for the world's step, which streams every
/// object once per step and so is bound by the cache lines it touches: first what a walker's
/// slice only reads (`follow` … `initial_updates`), then what it writes (`position` …
/// `deferred_cancel`, adjacent so the step dirties as few lines as possible), then the part
/// array (whose sequence head a slice reads and writes; its motion table manager is cold but
/// for the pending queue's tag), then what a slice never reaches (`weenie` … `contact_d`).
/// [`crate::PhysicsObj`] puts the movement manager after it: a slice reads the move-to box at
/// its start and the `Option` tag at its end, which borders the next object's hot run in the
/// world's array. Every field sits at its natural alignment with no padding; the world's
/// layout test (`walker_hot_fields_are_one_run`) pins the offsets.
#[derive(Debug)]
#[repr(C)]
pub(crate) struct ObjCore<W> {
    /// Target tracking, target mail and move-to completions (created by their first use:
    /// most objects never follow, are never followed and never move to anything).
    pub(crate) follow: Option<Box<Following>>,
    /// The position manager (created by the first correction). The core's own host callbacks
    /// see it only while it is lent to them ([`Self::pm_lent`], inside a movement-manager
    /// call); [`crate::PhysicsObj`]'s position-manager calls take it out while they run.
    pub(crate) pm: Option<Box<PositionManager>>,
    pub(crate) state: ObjectState,
    pub(crate) transient: TransientState,
    pub(crate) omega: Vec3,
    pub(crate) scale: f32,
    pub(crate) num_spheres: i32,
    pub(crate) initial_updates: i32,
    pub(crate) position: Position,
    pub(crate) update_time: f64,
    pub(crate) velocity: Vec3,
    pub(crate) cached_velocity: Vec3,
    /// The object's rarer switches and answers, one bit each (see [`CoreFlags`]).
    flags: CoreFlags,
    /// Cached `PositionManager.IsFullyConstrained()`, refreshed before every interpreter call
    /// (the interpreter sees the core, not the position manager).
    pub(crate) pm_constrained: bool,
    /// A move-to cancel that reached the object while the movement manager was busy.
    pub(crate) deferred_cancel: bool,
    /// `IsAnimating`, maintained by the interpreter (its own byte: every motion reads and
    /// writes it).
    pub(crate) is_animating: bool,
    /// `movement_is_autonomous()` (its own byte: every motion request writes it).
    pub(crate) autonomous: bool,
    /// The scenario host's `IsFullyConstrained()` answer.
    pub(crate) constrained: bool,
    /// The position manager is lent to the core's host callbacks (inside a movement-manager
    /// call; its own byte: every such call writes it twice).
    pub(crate) pm_lent: bool,
    pub(crate) parts: PartArray,
    pub(crate) weenie: Option<W>,
    /// What few objects use (the id, the cylinder, the update stamps, the player distance, a
    /// contact normal other than `0` or `+Z`, the event log), boxed by its first use.
    rare: Option<Box<Rare>>,
    pub(crate) friction: f32,
    /// The contact plane's distance; its normal is told by [`CoreFlags::NORMAL_Z`] and
    /// [`CoreFlags::NORMAL_RARE`] (see [`Self::contact_plane`]).
    contact_d: f32,
}

bitflags::bitflags! {
    /// The object's boolean state, one bit each (was one `bool` field each).
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub(crate) struct CoreFlags: u16 {
        /// The physics layer (`set_velocity` activates).
        const PHYSICS_LAYER = 1 << 3;
        /// The scenario host's "is moving to" answer.
        const MOVING_TO = 1 << 4;
        /// The object has a cell, whose id is the position's `cell_id`.
        const HAS_CELL = 1 << 5;
        /// The contact normal is `(+0, +0, 1)`.
        const NORMAL_Z = 1 << 7;
        /// The contact normal is kept in the rare part (neither `0` nor `+Z`).
        const NORMAL_RARE = 1 << 8;
        /// The acceleration is gravity, `(+0, +0, rules.gravity)` (what `calc_acceleration`
        /// sets when airborne under Gravity).
        const ACCEL_GRAVITY = 1 << 9;
        /// The acceleration is kept in the rare part (a raw setter's value other than `+0`).
        const ACCEL_RARE = 1 << 10;
    }
}

/// What few objects use, boxed by its first use (an object nobody follows by id, that no
/// server message stamps and that stands on flat ground or none has none).
#[derive(Debug)]
struct Rare {
    /// The object id (0 without the box).
    id: u32,
    /// Distance to the player (`f32::MAX` without the box).
    player_distance: f32,
    /// Cylinder radius (`GetRadius()`: move-to distances, sticky gaps; 0 without the box).
    radius: f32,
    /// Cylinder height (`GetHeight()`: move-to distances; 0 without the box).
    height: f32,
    /// The contact normal while [`CoreFlags::NORMAL_RARE`] is set.
    contact_normal: Vec3,
    /// The acceleration while [`CoreFlags::ACCEL_RARE`] is set.
    acceleration: Vec3,
    /// `UpdateTimes`: the stamps of the updates the object has seen (see `apply`); all zero
    /// until the first is set. Read through [`ObjCore::stamps`].
    update_times: crate::apply::UpdateTimes,
    /// The trace event log (`reference-host` feature).
    #[cfg(feature = "reference-host")]
    events: EventLog,
}

impl Default for Rare {
    fn default() -> Self {
        Self {
            id: 0,
            player_distance: f32::MAX,
            radius: 0.0,
            height: 0.0,
            contact_normal: Vec3::ZERO,
            acceleration: Vec3::ZERO,
            update_times: crate::apply::UpdateTimes::default(),
            #[cfg(feature = "reference-host")]
            events: EventLog::default(),
        }
    }
}

/// The trace event log of the reference host: whether logging is on, and what it logged
/// (kept when logging is switched off, until taken).
#[cfg(feature = "reference-host")]
#[derive(Debug, Default)]
pub(crate) struct EventLog {
    pub(crate) on: bool,
    pub(crate) events: Vec<ObjectEvent>,
}

/// The object's cold state: what only following, being followed or moving to something uses,
/// kept out of line so that an object doing none of these carries one pointer for it.
#[derive(Debug, Default)]
pub(crate) struct Following {
    /// Target tracking (created by the first `set_target` or follower).
    pub(crate) tm: Option<TargetManager>,
    /// The target manager's `LastUpdateTime`, mirrored so the per-slice report throttle
    /// reads one field.
    pub(crate) tm_handled_at: f64,
    /// What the object sees of the others it follows.
    pub(crate) views: TargetViews,
    /// Target reports for the object itself, settled after the call that produced them.
    pub(crate) inbox: VecDeque<SelfMail>,
    /// Mail for other objects, delivered by the owner of the objects.
    pub(crate) outbox: Vec<TargetMail>,
    /// A `StickTo` the move-to manager asked for, run after its call returns.
    pub(crate) pending_stick: Option<(u32, f32, f32)>,
    /// How nested target reports currently are.
    pub(crate) report_nesting: u32,
    /// Ends of move-tos not yet drained (`OnMoveComplete`).
    pub(crate) move_completions: Vec<WeenieError>,
    /// Animation hooks a bare sequence update queued (the reference host's `update`), run
    /// first by the next `process_hooks` or slice; a tick's own hooks never stay on the
    /// object (it lends the thread's buffer).
    pub(crate) hooks: Vec<AnimationHook>,
}

impl<W> ObjCore<W> {
    /// The cold state, created on first use.
    pub(crate) fn following(&mut self) -> &mut Following {
        self.follow.get_or_insert_with(Box::default)
    }

    /// The rare part, created on first use.
    fn rare_mut(&mut self) -> &mut Rare {
        self.rare.get_or_insert_with(Box::default)
    }

    /// The update stamps (all zero until the first one is set).
    pub(crate) fn stamps(&self) -> &crate::apply::UpdateTimes {
        static ZERO: crate::apply::UpdateTimes = crate::apply::UpdateTimes([0; 9]);
        self.rare.as_deref().map_or(&ZERO, |r| &r.update_times)
    }

    /// The update stamps, boxed on first use.
    pub(crate) fn stamps_mut(&mut self) -> &mut crate::apply::UpdateTimes {
        &mut self.rare_mut().update_times
    }

    /// The object id (0 until one is set).
    #[inline]
    pub(crate) fn id(&self) -> u32 {
        self.rare.as_deref().map_or(0, |r| r.id)
    }

    /// Set the object id (an id of 0 on an object without the rare part boxes nothing).
    pub(crate) fn set_id(&mut self, id: u32) {
        if id != 0 || self.rare.is_some() {
            self.rare_mut().id = id;
        }
    }

    /// Distance to the player, for MoveOrTeleport's 96-unit rule (`f32::MAX` until set).
    pub(crate) fn player_distance(&self) -> f32 {
        self.rare.as_deref().map_or(f32::MAX, |r| r.player_distance)
    }

    /// Set the distance to the player.
    pub(crate) fn set_player_distance(&mut self, d: f32) {
        if d.to_bits() != f32::MAX.to_bits() || self.rare.is_some() {
            self.rare_mut().player_distance = d;
        }
    }

    /// The acceleration (gravity when airborne): `+0`, gravity under the object's rules, or a
    /// raw setter's value, each told by a flag (stored bit for bit: the rules never change).
    #[inline(always)]
    pub(crate) fn acceleration(&self) -> Vec3 {
        if !self.acceleration_is_stored() {
            Vec3::ZERO
        } else {
            self.acceleration_stored()
        }
    }

    /// Whether the acceleration is stored (gravity or a raw setter's value): false says it is
    /// `(+0, +0, +0)`; true says nothing more (gravity under rules whose gravity is `+0` is
    /// stored and zero), so a test for a zero acceleration may treat true as "not zero" only
    /// where that errs on the safe side.
    #[inline(always)]
    pub(crate) fn acceleration_is_stored(&self) -> bool {
        self.flags
            .intersects(CoreFlags::ACCEL_GRAVITY | CoreFlags::ACCEL_RARE)
    }

    /// [`Self::acceleration`] when it is not `+0`.
    #[inline(never)]
    fn acceleration_stored(&self) -> Vec3 {
        if self.flags.contains(CoreFlags::ACCEL_GRAVITY) {
            Vec3::new(0.0, 0.0, self.rules().gravity)
        } else if self.flags.contains(CoreFlags::ACCEL_RARE) {
            self.rare.as_deref().map_or(Vec3::ZERO, |r| r.acceleration)
        } else {
            Vec3::ZERO
        }
    }

    /// Set the acceleration as is (the reference host's raw setter): `(+0, +0, +0)` takes no
    /// room, any other value goes into the rare part.
    #[cfg_attr(not(any(test, feature = "reference-host")), allow(dead_code))]
    pub(crate) fn set_acceleration(&mut self, a: Vec3) {
        self.flags
            .remove(CoreFlags::ACCEL_GRAVITY | CoreFlags::ACCEL_RARE);
        if (a.x.to_bits() | a.y.to_bits() | a.z.to_bits()) != 0 {
            self.flags.insert(CoreFlags::ACCEL_RARE);
            self.rare_mut().acceleration = a;
        }
    }

    /// The cylinder radius (0 until set).
    #[inline]
    pub(crate) fn radius(&self) -> f32 {
        self.rare.as_deref().map_or(0.0, |r| r.radius)
    }

    /// The cylinder height (0 until set).
    #[inline]
    pub(crate) fn height(&self) -> f32 {
        self.rare.as_deref().map_or(0.0, |r| r.height)
    }

    /// Set the cylinder radius (`+0` on an object without the rare part boxes nothing).
    pub(crate) fn set_radius(&mut self, r: f32) {
        if r.to_bits() != 0 || self.rare.is_some() {
            self.rare_mut().radius = r;
        }
    }

    /// Set the cylinder height (`+0` on an object without the rare part boxes nothing).
    pub(crate) fn set_height(&mut self, h: f32) {
        if h.to_bits() != 0 || self.rare.is_some() {
            self.rare_mut().height = h;
        }
    }

    /// The contact plane.
    #[cfg_attr(not(feature = "reference-host"), allow(dead_code))]
    pub(crate) fn contact_plane(&self) -> Plane {
        Plane {
            normal: self.contact_normal(),
            d: self.contact_d,
        }
    }

    /// The contact plane's normal: `+Z` and `0` are told by a flag, any other is in the rare
    /// part (all stored bit for bit).
    #[inline]
    pub(crate) fn contact_normal(&self) -> Vec3 {
        if self.flags.contains(CoreFlags::NORMAL_Z) {
            Vec3::Z
        } else if self.flags.contains(CoreFlags::NORMAL_RARE) {
            self.rare
                .as_deref()
                .map_or(Vec3::ZERO, |r| r.contact_normal)
        } else {
            Vec3::ZERO
        }
    }

    /// Set the contact plane (kept bit for bit: only the exact bits of `+Z` and `+0` take the
    /// flags, any other normal, `-0` components included, goes into the rare part).
    pub(crate) fn set_contact_plane(&mut self, p: Plane) {
        let bits = |v: Vec3| [v.x.to_bits(), v.y.to_bits(), v.z.to_bits()];
        self.contact_d = p.d;
        self.flags
            .remove(CoreFlags::NORMAL_Z | CoreFlags::NORMAL_RARE);
        if bits(p.normal) == bits(Vec3::Z) {
            self.flags.insert(CoreFlags::NORMAL_Z);
        } else if bits(p.normal) != [0; 3] {
            self.flags.insert(CoreFlags::NORMAL_RARE);
            self.rare_mut().contact_normal = p.normal;
        }
    }

    /// The rules every layer of the object follows (the sequence's shared handle: the object
    /// keeps none of its own).
    #[inline(always)]
    pub(crate) fn rules(&self) -> &SharedRules {
        self.parts.sequence.shared_rules()
    }

    /// Whether flag `f` is set.
    #[inline(always)]
    pub(crate) fn flag(&self, f: CoreFlags) -> bool {
        self.flags.contains(f)
    }

    /// Set or clear flag `f`.
    #[cfg_attr(not(any(test, feature = "reference-host")), allow(dead_code))]
    #[inline(always)]
    pub(crate) fn set_flag(&mut self, f: CoreFlags, on: bool) {
        self.flags.set(f, on);
    }

    /// The cell id, or `None` when the object has no cell.
    #[inline(always)]
    pub(crate) fn cell(&self) -> Option<u32> {
        self.flag(CoreFlags::HAS_CELL)
            .then_some(self.position.cell_id)
    }

    /// The event log, if logging was ever switched on.
    #[cfg(feature = "reference-host")]
    pub(crate) fn event_log(&self) -> Option<&EventLog> {
        self.rare.as_deref().map(|r| &r.events)
    }

    /// The event log, boxed on first use.
    #[cfg(feature = "reference-host")]
    pub(crate) fn event_log_mut(&mut self) -> &mut EventLog {
        &mut self.rare_mut().events
    }

    /// The hooks a bare sequence update left queued (none without the cold part).
    #[cfg_attr(not(feature = "reference-host"), allow(dead_code))]
    pub(crate) fn pending_hooks(&self) -> &[AnimationHook] {
        self.follow.as_deref().map_or(&[], |f| &f.hooks)
    }

    /// The fresh-object state (a scenario's `object`): State Gravity,
    /// TransientState Contact|OnWalkable, a cell with id 0, identity position, zero velocities,
    /// scale 1, friction 0.95, one collision sphere, the physics layer on, no event logging.
    pub(crate) fn new(parts: PartArray, weenie: Option<W>) -> Self {
        Self {
            parts,
            weenie,
            state: ObjectState::GRAVITY,
            transient: TransientState::CONTACT | TransientState::ON_WALKABLE,
            position: Position::ZERO,
            velocity: Vec3::ZERO,
            omega: Vec3::ZERO,
            cached_velocity: Vec3::ZERO,
            scale: 1.0,
            friction: 0.95,
            contact_d: 0.0,
            initial_updates: 0,
            num_spheres: 1,
            flags: CoreFlags::PHYSICS_LAYER | CoreFlags::HAS_CELL,
            is_animating: false,
            autonomous: false,
            constrained: false,
            pm_lent: false,
            pm_constrained: false,
            deferred_cancel: false,
            update_time: 0.0,
            follow: None,
            rare: None,
            pm: None,
        }
    }

    /// Whether [`Self::log`] records anything: a caller about to log a run of events tests
    /// this once instead of once per event (always `false` without `reference-host`).
    #[inline(always)]
    pub(crate) fn log_is_on(&self) -> bool {
        #[cfg(feature = "reference-host")]
        return self.rare.as_deref().is_some_and(|r| r.events.on);
        #[cfg(not(feature = "reference-host"))]
        false
    }

    /// Record a host event when the log is on (`reference-host` feature only; otherwise the
    /// call and the event vanish at compile time).
    #[inline(always)]
    pub(crate) fn log(&mut self, e: ObjectEvent) {
        #[cfg(feature = "reference-host")]
        if let Some(r) = self.rare.as_deref_mut()
            && r.events.on
        {
            r.events.events.push(e);
        }
        #[cfg(not(feature = "reference-host"))]
        let _ = e;
    }

    /// Host `set_velocity`: store a changed velocity clamped to `max_velocity`, log it, and (with
    /// the physics layer on) activate a non-static object.
    pub(crate) fn set_velocity(&mut self, v: Vec3) {
        if v != self.velocity {
            self.velocity = v;
            let len = nmath::length(self.velocity);
            let max = self.rules().max_velocity;
            if len > max {
                self.velocity = self.velocity / len * max;
            }
        }
        if self.flag(CoreFlags::PHYSICS_LAYER) && !self.state.contains(ObjectState::STATIC) {
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

    /// ACE `calc_acceleration`.
    pub(crate) fn calc_acceleration(&mut self) {
        self.flags
            .remove(CoreFlags::ACCEL_GRAVITY | CoreFlags::ACCEL_RARE);
        if self
            .transient
            .contains(TransientState::CONTACT | TransientState::ON_WALKABLE)
        {
            self.omega = Vec3::ZERO;
        } else if self.state.contains(ObjectState::GRAVITY) {
            self.flags.insert(CoreFlags::ACCEL_GRAVITY);
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

    /// ACE `set_frame(f)`: a valid origin with an invalid quaternion zeroes
    /// the quaternion (ACE; retail keeps non-NaN quaternions: quirk `frame-quaternion-validity`).
    pub(crate) fn set_frame(&mut self, mut f: Frame) {
        let origin_ok = nmath::vec_is_valid(f.origin);
        let q_ok = if self.rules().nan_only_quaternion_check {
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

    /// [`Self::set_frame`] for a caller that may know `f`'s orientation is valid:
    /// `quat_valid` true (only as [`grotate_exact`] returns it) says the orientation has no
    /// NaN and a length within 0.001 of 1, so both quaternion checks pass and `set_frame`
    /// would store `f` unchanged; false runs `set_frame`.
    #[inline(always)]
    pub(crate) fn set_frame_hinted(&mut self, f: Frame, quat_valid: bool) {
        if quat_valid {
            self.position.frame = f;
        } else {
            self.set_frame(f);
        }
    }

    /// `SetPosition`/`SetPositionSimple` as the reference host does it: always succeeds; the cell
    /// id becomes `p.cell_id` (creating the cell), then `set_frame`.
    pub(crate) fn set_position(&mut self, p: &Position, flags: u32) {
        self.log(ObjectEvent::SetPosition {
            cell: p.cell_id,
            flags,
        });
        self.position.cell_id = p.cell_id;
        self.flags.insert(CoreFlags::HAS_CELL);
        self.set_frame(p.frame);
    }

    /// ACE `calc_friction(q, v2)`.
    fn calc_friction(&mut self, qf: f32, m2: f32) {
        if !self.transient.contains(TransientState::ON_WALKABLE) {
            return;
        }
        let n = self.contact_normal();
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

    /// ACE `UpdatePhysicsInternal(qf, frame)`.
    ///
    /// `orientation_exact` is a hint: true only when the caller has already found
    /// [`times_identity_is_exact`]`(frame.orientation)` (the shortcut of [`combine_exact`] tests
    /// the orientation it keeps, and nothing here changes the orientation before the rotation),
    /// so [`grotate_exact`] does not test it again; false always gives the same result.
    /// Returns [`grotate_exact`]'s answer: true only when the new orientation is known valid.
    #[inline(always)]
    pub(crate) fn update_physics(
        &mut self,
        qf: f32,
        frame: &mut Frame,
        has_mm: bool,
        orientation_exact: bool,
    ) -> bool {
        let mut m2 = self.velocity.dot(self.velocity);
        if m2 <= 0.0 {
            if !has_mm && self.transient.contains(TransientState::ON_WALKABLE) {
                self.transient.remove(TransientState::ACTIVE);
            }
        } else {
            let max = self.rules().max_velocity;
            if m2 > max * max {
                let len = nmath::length(self.velocity);
                self.velocity = self.velocity / len * max;
                m2 = max * max;
            }
            self.calc_friction(qf, m2);
            if m2 - self.rules().small_velocity_squared < EPSILON {
                self.velocity = Vec3::ZERO;
            }
            let a = self.acceleration() * 0.5 * qf * qf;
            let step = a + self.velocity * qf;
            frame.origin += step;
        }
        self.velocity += self.acceleration() * qf;
        let w = Vec3::new(self.omega.x * qf, self.omega.y * qf, self.omega.z * qf);
        grotate_exact(frame, w, orientation_exact)
    }
}

/// The bits of `-0.0`.
const NEG_ZERO: u32 = 0x8000_0000;

/// Whether `quat_mul(q, (+0, +0, +0, 1))` is `q` bit for bit: every component finite and none
/// `-0`.
///
/// Why: with `b` the identity, each vector component of the product is
/// `(q.x · 1 + (+0) · q.w) + (q.y · (+0) − q.z · (+0))`: `q.x · 1 = q.x`, and every other term
/// is a signed zero (a finite value times `+0`). Adding a signed zero to a non-zero `q.x`
/// returns `q.x`; to `+0` it returns `+0` (`+0 + −0 = +0` when rounding to nearest). The
/// scalar part is `q.w · 1 − (q.x · (+0) + q.y · (+0) + q.z · (+0))`: `q.w` minus a signed
/// zero, which is `q.w` for a non-zero `q.w` and `+0` for `+0`. Only a `-0` component (which
/// can turn `+0`) or a non-finite one (`∞ · 0` is NaN) would change.
#[inline(always)]
pub(crate) fn times_identity_is_exact(q: glam::Quat) -> bool {
    // On the bits: finite means an exponent that is not all ones.
    const EXP: u32 = 0x7F80_0000;
    let ok = |x: f32| {
        let b = x.to_bits();
        (b & EXP != EXP) & (b != NEG_ZERO)
    };
    ok(q.x) & ok(q.y) & ok(q.z) & ok(q.w)
}

/// Whether `q` is exactly the identity `(+0, +0, +0, 1)`.
#[inline(always)]
pub(crate) fn is_identity(q: glam::Quat) -> bool {
    (q.x.to_bits() | q.y.to_bits() | q.z.to_bits()) == 0 && q.w.to_bits() == 1.0f32.to_bits()
}

/// `Frame::combine(a, b)` with the quaternion product left out when it provably returns
/// `a`'s orientation: `b`'s orientation is the identity (a sequence offset that does not turn)
/// and [`times_identity_is_exact`]`(a.orientation)`. The origin is computed as always.
///
/// Also returns whether the shortcut was taken: then the result's orientation is `a`'s, for
/// which [`times_identity_is_exact`] holds (the hint [`grotate_exact`] takes).
#[inline(always)]
pub(crate) fn combine_exact(a: &Frame, b: &Frame) -> (Frame, bool) {
    if is_identity(b.orientation) && times_identity_is_exact(a.orientation) {
        let f = Frame {
            origin: a.origin + nmath::transform(b.origin, a.orientation),
            orientation: a.orientation,
        };
        (f, true)
    } else {
        (Frame::combine(a, b), false)
    }
}

/// `frame.grotate(w)` with the rotation by `YawPitchRoll(w)` left out when `w` is `(+0, +0, +0)`
/// and [`times_identity_is_exact`]`(frame.orientation)`: then only the normalisation remains.
/// `known_exact` true says the caller has already found [`times_identity_is_exact`] true for
/// this orientation (it is then not tested again); false always gives the same result.
///
/// Returns true only when the shortcut ran on a squared length `ls` in `[0.25, 4]`: then the
/// orientation is `q · (1/√ls)` of finite components, with no NaN, and its length is 1 up to a
/// few roundings (a relative error near 1e-6), far inside `quat_is_valid`'s 0.001 (the hint
/// [`ObjCore::set_frame_hinted`] takes). False says nothing.
///
/// Why: `YawPitchRoll(+0, +0, +0)` is the identity bit for bit (`sin(+0) = +0` and
/// `cos(+0) = 1` exactly, so every vector term is a sum of `+0` products and `w = 1 · 1 · 1 +
/// (+0)`), and the product with the identity returns the orientation (see
/// [`times_identity_is_exact`]). A `-0` or NaN angle goes the general way.
#[inline(always)]
pub(crate) fn grotate_exact(frame: &mut Frame, w: Vec3, known_exact: bool) -> bool {
    if (w.x.to_bits() | w.y.to_bits() | w.z.to_bits()) == 0
        && (known_exact || times_identity_is_exact(frame.orientation))
    {
        // `nmath::quat_normalize`, the same operations in the same order, keeping `ls`.
        let q = frame.orientation;
        let ls = q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w;
        let inv = 1.0 / ls.sqrt();
        frame.orientation = glam::Quat::from_xyzw(q.x * inv, q.y * inv, q.z * inv, q.w * inv);
        (0.25..=4.0).contains(&ls)
    } else {
        frame.grotate(w);
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use glam::Quat;

    /// The same bits, or both NaN (Rust leaves a NaN's payload unspecified).
    fn same(a: f32, b: f32) -> bool {
        a.to_bits() == b.to_bits() || (a.is_nan() && b.is_nan())
    }

    fn same_frame(a: &Frame, b: &Frame) -> bool {
        let (p, q) = (a.origin, b.origin);
        let (r, s) = (a.orientation, b.orientation);
        same(p.x, q.x)
            && same(p.y, q.y)
            && same(p.z, q.z)
            && same(r.x, s.x)
            && same(r.y, s.y)
            && same(r.z, s.z)
            && same(r.w, s.w)
    }

    /// Component values that probe every case of the proofs: signed zeros, ones, non-finite
    /// values, subnormals, and ordinary ones.
    const PROBES: [f32; 12] = [
        0.0,
        -0.0,
        1.0,
        -1.0,
        0.5,
        -0.707_106_77,
        f32::INFINITY,
        f32::NEG_INFINITY,
        f32::NAN,
        1.0e-40,
        -3.5,
        0.923_879_5,
    ];

    /// Quaternions over the probe values (every component from a small LCG over the probes,
    /// plus normalised headings).
    fn quats() -> Vec<Quat> {
        let mut out = Vec::new();
        let mut x = 12_345_u32;
        let mut pick = || {
            x = x.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            PROBES[(x >> 16) as usize % PROBES.len()]
        };
        for _ in 0..4_000 {
            out.push(Quat::from_xyzw(pick(), pick(), pick(), pick()));
        }
        for deg in 0..360 {
            let mut f = Frame::IDENTITY;
            f.set_heading(deg as f32);
            out.push(f.orientation);
            out.push(Quat::from_xyzw(0.0, 0.0, f.orientation.z, f.orientation.w));
        }
        out
    }

    #[cfg(feature = "reference-host")]
    #[test]
    fn the_event_log_is_boxed_by_logging_and_kept_when_switched_off() {
        let mut o = crate::PhysicsObj::builder().build();
        o.set_velocity(Vec3::X);
        assert!(o.events().is_empty());
        assert!(o.core.rare.is_none(), "no log before logging is asked for");
        o.set_event_logging(true);
        o.set_velocity(Vec3::Y);
        assert_eq!(o.events(), &[ObjectEvent::SetVelocity]);
        o.set_event_logging(false);
        o.set_velocity(Vec3::Z);
        assert_eq!(o.events().len(), 1, "switched off: kept, nothing added");
        assert_eq!(o.drain_events().count(), 1);
        assert!(o.take_events().is_empty());
        o.set_event_logging(true);
        o.set_velocity(Vec3::X);
        assert_eq!(o.take_events(), vec![ObjectEvent::SetVelocity]);
    }

    #[test]
    fn the_contact_plane_is_kept_bit_for_bit() {
        let mut o = crate::PhysicsObj::builder().airborne().build();
        let normals = [
            Vec3::ZERO,
            Vec3::Z,
            Vec3::new(-0.0, 0.0, 1.0),
            Vec3::new(0.0, 0.0, -0.0),
            Vec3::new(0.0, 0.6, 0.8),
            Vec3::new(f32::NAN, 0.0, 1.0),
            Vec3::NEG_Z,
        ];
        for (i, &n) in normals.iter().enumerate() {
            for &d in &[0.0, -0.0, -3.5, f32::INFINITY] {
                let p = Plane { normal: n, d };
                o.core.set_contact_plane(p);
                let back = o.core.contact_plane();
                let bits = |v: Vec3| [v.x.to_bits(), v.y.to_bits(), v.z.to_bits()];
                assert_eq!(bits(back.normal), bits(n), "normal {i}");
                assert_eq!(back.d.to_bits(), d.to_bits(), "d of normal {i}");
                assert_eq!(
                    o.core.contact_normal().to_array().map(f32::to_bits),
                    bits(n)
                );
            }
        }
        // The flat-ground plane and the default one box nothing.
        let mut flat = crate::PhysicsObj::builder().build();
        assert!(flat.core.rare.is_none(), "flat ground: no rare part");
        flat.core.set_contact_plane(Plane::default());
        assert!(flat.core.rare.is_none());
        assert_eq!(flat.core.contact_plane(), Plane::default());
    }

    #[test]
    fn the_acceleration_is_kept_bit_for_bit() {
        let mut o = crate::PhysicsObj::builder().build();
        let bits = |v: Vec3| [v.x.to_bits(), v.y.to_bits(), v.z.to_bits()];
        for a in [
            Vec3::ZERO,
            Vec3::new(0.0, 0.0, -9.8),
            Vec3::new(-0.0, 0.0, 0.0),
            Vec3::new(0.0, 0.0, -0.0),
            Vec3::new(1.0, f32::NAN, f32::INFINITY),
        ] {
            o.core.set_acceleration(a);
            assert_eq!(bits(o.core.acceleration()), bits(a), "{a:?}");
        }
        // calc_acceleration: gravity airborne under Gravity, +0 on walkable ground or without.
        for rules in [crate::Rules::default(), crate::Rules::retail()] {
            let mut o = crate::PhysicsObj::builder().rules(rules).build();
            o.core.set_acceleration(Vec3::ONE);
            o.core.transient = TransientState::empty();
            o.core.calc_acceleration();
            assert_eq!(
                bits(o.core.acceleration()),
                bits(Vec3::new(0.0, 0.0, rules.gravity))
            );
            o.core.state.remove(ObjectState::GRAVITY);
            o.core.calc_acceleration();
            assert_eq!(bits(o.core.acceleration()), bits(Vec3::ZERO));
            o.core.state.insert(ObjectState::GRAVITY);
            o.core.transient = TransientState::CONTACT | TransientState::ON_WALKABLE;
            o.core.omega = Vec3::ONE;
            o.core.calc_acceleration();
            assert_eq!(bits(o.core.acceleration()), bits(Vec3::ZERO));
            assert_eq!(o.core.omega, Vec3::ZERO);
        }
    }

    #[test]
    fn the_rare_part_answers_its_defaults_until_boxed() {
        let mut o = crate::PhysicsObj::builder().build();
        assert_eq!(o.core.id(), 0);
        assert_eq!(o.core.player_distance(), f32::MAX);
        assert_eq!(o.core.stamps(), &crate::apply::UpdateTimes::default());
        assert_eq!((o.core.radius(), o.core.height()), (0.0, 0.0));
        o.core.set_id(0);
        o.core.set_player_distance(f32::MAX);
        o.core.set_radius(0.0);
        o.core.set_height(0.0);
        assert!(o.core.rare.is_none(), "defaults box nothing");
        o.core.set_radius(-0.0);
        assert!(o.core.rare.is_some(), "-0 is kept as given");
        assert_eq!(o.core.radius().to_bits(), (-0.0f32).to_bits());
        let mut o = crate::PhysicsObj::builder().build();
        o.core.set_player_distance(12.0);
        assert!(o.core.rare.is_some());
        assert_eq!(o.core.id(), 0, "the other fields keep their defaults");
        assert_eq!(o.core.player_distance(), 12.0);
        o.core.set_id(7);
        assert_eq!(o.core.id(), 7);
        o.core.set_id(0);
        assert_eq!(o.core.id(), 0, "an id of 0 is stored once the box exists");
        assert_eq!(o.core.stamps(), &crate::apply::UpdateTimes::default());
        let built = crate::PhysicsObj::builder()
            .id(42)
            .cylinder(0.5, 1.8)
            .build();
        assert_eq!(built.id(), 42);
        assert_eq!((built.radius(), built.height()), (0.5, 1.8));
    }

    #[test]
    fn the_cell_follows_the_position() {
        let mut o = crate::PhysicsObj::builder().build();
        assert_eq!(o.cell(), Some(0));
        o.set_position(&Position::new(0xA9B4_0021, Frame::IDENTITY));
        assert_eq!(o.cell(), Some(0xA9B4_0021));
        o.core.set_flag(CoreFlags::HAS_CELL, false);
        assert_eq!(o.cell(), None);
        o.core.set_flag(CoreFlags::HAS_CELL, true);
        assert_eq!(o.cell(), Some(0xA9B4_0021));
    }

    #[test]
    fn combine_exact_matches_combine() {
        let offsets = [
            Frame::IDENTITY,
            Frame {
                origin: Vec3::new(0.0, 0.104_166_67, 0.0),
                orientation: Quat::IDENTITY,
            },
            Frame {
                origin: Vec3::new(-0.0, 1.0, f32::INFINITY),
                orientation: Quat::IDENTITY,
            },
            Frame {
                origin: Vec3::new(0.3, -0.2, 0.0),
                orientation: Quat::from_xyzw(-0.0, 0.0, 0.0, 1.0),
            },
            Frame {
                origin: Vec3::ONE,
                orientation: Quat::from_xyzw(0.0, 0.0, 0.382_683_43, 0.923_879_5),
            },
        ];
        let mut shortcuts = 0;
        for q in quats() {
            let a = Frame {
                origin: Vec3::new(100.0, -0.0, 3.5),
                orientation: q,
            };
            for b in &offsets {
                let (fast, kept) = combine_exact(&a, b);
                let slow = Frame::combine(&a, b);
                assert!(
                    same_frame(&fast, &slow),
                    "{a:?} ∘ {b:?}: {fast:?} ≠ {slow:?}"
                );
                let shortcut = is_identity(b.orientation) && times_identity_is_exact(q);
                assert_eq!(kept, shortcut, "{a:?} ∘ {b:?}: the hint");
                // The hint holds: the kept orientation passes the test the hint stands for.
                assert!(!kept || times_identity_is_exact(fast.orientation));
                shortcuts += usize::from(shortcut);
            }
        }
        assert!(
            shortcuts > 1_000,
            "the shortcut was taken {shortcuts} times"
        );
    }

    #[test]
    fn grotate_exact_matches_grotate() {
        let mut valids = 0;
        let angles = [
            Vec3::ZERO,
            Vec3::new(-0.0, 0.0, 0.0),
            Vec3::new(0.0, 0.0, -0.0),
            Vec3::new(0.0, 0.0, 0.05),
            Vec3::new(0.0, f32::NAN, 0.0),
            Vec3::new(1.0e-40, 0.0, 0.0),
        ];
        let mut shortcuts = 0;
        for q in quats() {
            for &w in &angles {
                let mut fast = Frame {
                    origin: Vec3::ZERO,
                    orientation: q,
                };
                let mut slow = fast;
                let mut hinted = fast;
                let valid = grotate_exact(&mut fast, w, false);
                // The hint is only ever given when it is true.
                let valid_hinted = grotate_exact(&mut hinted, w, times_identity_is_exact(q));
                assert_eq!(valid, valid_hinted);
                if valid {
                    // The answer is only true when both of `set_frame`'s checks pass.
                    assert!(nmath::quat_is_valid(fast.orientation), "{q:?} by {w:?}");
                    valids += 1;
                }
                slow.grotate(w);
                assert!(
                    same_frame(&fast, &slow),
                    "{q:?} by {w:?}: {fast:?} ≠ {slow:?}"
                );
                assert!(
                    same_frame(&hinted, &slow),
                    "{q:?} by {w:?} (hinted): {hinted:?} ≠ {slow:?}"
                );
                shortcuts += usize::from(
                    (w.x.to_bits() | w.y.to_bits() | w.z.to_bits()) == 0
                        && times_identity_is_exact(q),
                );
            }
        }
        assert!(shortcuts > 500, "the shortcut was taken {shortcuts} times");
        assert!(valids > 500, "known valid {valids} times");
    }
}
