//! The idle slice: an exact shortcut for an object that nothing can move.
//!
//! A server's world is mostly objects at rest: no animation, no velocity, nothing to correct or
//! follow. The full slice (`UpdateObjectInternal`) still runs every step of its chain for them
//! and arrives, bit for bit, at the frame it started from. [`PhysicsObj::idle_slice`]
//! recognises that case from a handful of fields and writes only what the full slice would
//! change (the slice counter, the cached velocity, the flags it clears), so an idle object costs
//! a few comparisons per tick. Anything it does not recognise goes the full way.

use ac_dat::Frame;
use ac_motioninterp::Weenie;
use glam::{Quat, Vec3};

use crate::arena::UNMARKED;
use crate::flags::{ObjectState, TransientState};
use crate::object::PhysicsObj;
use crate::tick::{SliceOutcome, SliceRecord};

/// The bits of `-0.0`.
const NEG_ZERO: u32 = 0x8000_0000;

/// Whether `x` is not `-0` (every other value, NaN included, passes).
#[inline(always)]
fn not_minus_zero(x: f32) -> bool {
    x.to_bits() != NEG_ZERO
}

/// Whether the frame is a fixed point of the idle slice's arithmetic (see
/// [`PhysicsObj::idle_slice`]): a finite origin without `-0`, and an orientation without `-0`
/// whose squared length, summed as `Quaternion.Normalize` sums it, is exactly 1 (which also
/// makes every component finite and at most 1 in magnitude).
#[inline(always)]
fn is_fixed_frame(f: &Frame) -> bool {
    let o = f.origin;
    let q: Quat = f.orientation;
    o.is_finite()
        & not_minus_zero(o.x)
        & not_minus_zero(o.y)
        & not_minus_zero(o.z)
        & not_minus_zero(q.x)
        & not_minus_zero(q.y)
        & not_minus_zero(q.z)
        & not_minus_zero(q.w)
        & (q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w == 1.0)
}

impl<W: Weenie> PhysicsObj<W> {
    /// One slice of `qf` seconds for an object that nothing can move, or `None` when the object
    /// is not provably idle (then the caller runs the full slice). Only called for an active
    /// object with a cell.
    ///
    /// **Why this is exact.** The object is idle when it is not Hidden, has no position
    /// manager, no cold part (no target tracking, mail, pending stick, move-to completions or
    /// hooks left by a bare sequence update), no move-to manager, an empty motion-table
    /// queue, an empty animation sequence with `+0` velocity and omega and no playback log,
    /// `+0` velocity, acceleration and omega, a finite scale of positive sign, a quantum that
    /// is positive and finite, and a frame that [`is_fixed_frame`]. Then the full slice
    /// computes:
    ///
    /// * the sequence update of an empty list only integrates its velocity/omega into the
    ///   identity offset: `+0 · q = +0`, so the offset stays `Frame::IDENTITY`; scaling it
    ///   (`· scale` on walkable ground, `· 0` otherwise) keeps `+0`; no hook is queued;
    /// * `combine(pos, offset)`: the origin gains `transform(+0, q)`, a sum of signed zeros
    ///   (the matrix entries are finite), and `x + ±0 = x` for every finite `x` except `-0`,
    ///   which the frame does not hold; the orientation is `q · (+0, +0, +0, 1)`, whose every
    ///   component is the original one plus signed zeros: unchanged for a non-zero value, and
    ///   `+0` stays `+0` (a sum starting from `+0` is `-0` only if every term is `-0`, and
    ///   `+0 − (±0) = +0` for `w`);
    /// * `UpdatePhysicsInternal` with zero velocity takes its `m2 <= 0` branch (which
    ///   deactivates an object without movement manager standing on walkable ground), adds
    ///   `+0 · q` to the `+0` velocity, and rotates by `YawPitchRoll(+0, +0, +0)`, which is
    ///   `(+0, +0, +0, 1)` exactly: the same product again, then `Normalize`, whose squared
    ///   length is exactly 1, so it multiplies by `1 / sqrt(1) = 1`;
    /// * the candidate therefore equals the position bit for bit: the origins differ by 0
    ///   (outcome Same, or NoSpheres without spheres), `set_frame` stores the frame it holds
    ///   (a unit orientation is valid under either rule), the cached velocity becomes zero and
    ///   the slice counter advances;
    /// * the targeting, move-to and position-manager steps find nothing to do; the movement
    ///   manager's call refreshes the constraint mirror (false without a position manager)
    ///   and, when the manager exists, consumes a deferred cancel; the completion poll finds
    ///   an empty queue.
    ///
    /// Those writes are all this function makes, so the object, its record and its trace are
    /// those of the full slice (the object tests compare both paths over edge cases).
    #[inline]
    pub(crate) fn idle_slice(&mut self, qf: f32) -> Option<SliceRecord> {
        if !self.is_idle(qf) {
            return None;
        }
        let outcome = self.idle_effects();
        Some(SliceRecord {
            quantum: qf,
            outcome,
            anim: Some(Frame::IDENTITY),
            adjusted: Frame::IDENTITY,
            candidate: self.core.position.frame,
        })
    }

    /// Whether a slice of `qf` seconds is idle (see [`Self::idle_slice`]). The tests that
    /// fail first for a moving object come first; the rest are combined without branches.
    #[inline(always)]
    pub(crate) fn is_idle(&self, qf: f32) -> bool {
        let core = &self.core;
        let seq = &core.parts.sequence;
        if !seq.is_empty() || core.pm.is_some() || core.follow.is_some() {
            return false;
        }
        let bits = |v: Vec3| v.x.to_bits() | v.y.to_bits() | v.z.to_bits();
        let zeros = bits(core.velocity)
            // No stored acceleration means +0 (a stored +0 only goes the full way).
            | u32::from(core.acceleration_is_stored())
            | bits(core.omega)
            | bits(seq.velocity())
            | bits(seq.omega());
        (zeros == 0)
            & (qf > 0.0)
            & qf.is_finite()
            & !core.state.contains(ObjectState::HIDDEN)
            & core.scale.is_finite()
            & core.scale.is_sign_positive()
            & is_fixed_frame(&core.position.frame)
            && seq.playback_log().is_none()
            && core.parts.manager.pending().is_empty()
            && self
                .mm
                .as_ref()
                .is_none_or(|mm| mm.move_to_manager_if_created().is_none())
    }

    /// What an idle slice writes (see [`Self::idle_slice`]); returns its outcome.
    #[inline(always)]
    pub(crate) fn idle_effects(&mut self) -> SliceOutcome {
        let has_mm = self.mm.is_some();
        let core = &mut self.core;
        // UpdatePhysicsInternal's `m2 <= 0` branch, and NoSpheres' own test: the same condition.
        if !has_mm && core.transient.contains(TransientState::ON_WALKABLE) {
            core.transient.remove(TransientState::ACTIVE);
        }
        core.cached_velocity = Vec3::ZERO;
        core.initial_updates = core.initial_updates.wrapping_add(1);
        // `with_mm`'s `sync_constraint` (no position manager), then `UseTime` without a move-to
        // manager, which only takes the deferred cancel.
        core.pm_constrained = false;
        if has_mm {
            core.deferred_cancel = false;
        }
        if core.num_spheres != 0 {
            SliceOutcome::Same
        } else {
            SliceOutcome::NoSpheres
        }
    }
}

/// A parked object's mark: inactive, its fixed step only advances its clock (see
/// [`PhysicsObj::park_mark_inactive`]).
pub(crate) const PARKED_CLOCK: u8 = 1;
/// A parked object's mark: active and idle, its fixed step only advances its clock and its
/// slice counter (see [`PhysicsObj::park_mark_after_idle`]).
pub(crate) const PARKED_IDLE: u8 = 2;

impl<W: Weenie> PhysicsObj<W> {
    /// The mark of an object whose fixed step (`World::step`: [`Self::fixed_step`], then the
    /// world's follower notes) just took the idle slice: what every later step with the same
    /// period (the world's, which never changes) will do to it, [`PARKED_IDLE`] (the object is
    /// still Active) or [`PARKED_CLOCK`] (the slice deactivated it).
    ///
    /// **Why this is exact.** Before the slice the object had a cell, was not Frozen and
    /// [`Self::is_idle`]; [`Self::idle_effects`] wrote the cached velocity `+0`, the
    /// constraint mirror false, the deferred cancel false (with a movement manager), the slice
    /// counter, and cleared Active only without a movement manager on walkable ground. None of
    /// those fields is an input of `is_idle` (nor is the clock), nor of the cell, Frozen,
    /// movement-manager and walkable tests. So, still Active, the next step takes the idle
    /// slice again, and each of its writes but the slice counter stores the value the field
    /// already holds: the step adds one to the counter and the period to the clock. An idle
    /// object has no cold part and no position or move-to manager, so it has no target mail
    /// and needs no live views: the world notes nothing. Deactivated, see
    /// [`Self::park_mark_inactive`] (whose follower test is false for the same reason).
    ///
    /// Either way the next step changes only the clock (and the counter), which none of the
    /// tests above reads, so the same holds for every later step — until something else
    /// changes the object, which the world's arena sees: that takes a `&mut` to the object
    /// through an accessor that clears the mark.
    #[inline(always)]
    pub(crate) fn park_mark_after_idle(&self) -> u8 {
        if self.core.transient.contains(TransientState::ACTIVE) {
            PARKED_IDLE
        } else {
            PARKED_CLOCK
        }
    }

    /// The mark of an object that is not Active after its fixed step: [`PARKED_CLOCK`] when it
    /// has no target mail and needs no live views (the world would note it), else `UNMARKED`.
    ///
    /// **Why this is exact.** `fixed_step` clears Active (no change) when there is no cell or
    /// the object is Frozen, and otherwise slices only an Active object; either way it then
    /// adds the period to the clock, and nothing else changes. Neither follower test reads the
    /// clock, so the same holds for every later step until a `&mut` access clears the mark
    /// (see [`Self::park_mark_after_idle`]).
    #[inline]
    pub(crate) fn park_mark_inactive(&self) -> u8 {
        if self.has_target_mail() || self.needs_live_views() {
            UNMARKED
        } else {
            PARKED_CLOCK
        }
    }

    /// The fixed step of `period` seconds of an object marked `mark` ([`PARKED_CLOCK`] or
    /// [`PARKED_IDLE`], see [`Self::park_mark_after_idle`] and [`Self::park_mark_inactive`]):
    /// exactly the writes that step makes, and its trace event.
    #[inline(always)]
    pub(crate) fn parked_step(&mut self, mark: u8, period: f64) {
        // Without a branch: `mark >> 1` is 1 for an idle object's slice, 0 for a clock's.
        const _: () = assert!(PARKED_IDLE >> 1 == 1 && PARKED_CLOCK >> 1 == 0);
        self.core.initial_updates = self.core.initial_updates.wrapping_add(i32::from(mark >> 1));
        if mark == PARKED_IDLE {
            trace_event!(
                trace,
                quantum = ?(period as f32),
                outcome = if self.core.num_spheres != 0 {
                    SliceOutcome::Same
                } else {
                    SliceOutcome::NoSpheres
                }
                .as_str(),
                origin = ?self.core.position.frame.origin,
                "slice"
            );
        }
        self.core.update_time += period;
    }
}

#[cfg(test)]
mod tests {
    use ac_interp_manager::Position;

    use super::*;
    use crate::tick::SliceOutcome;

    /// One 30 Hz slice, as `World::step` cuts it.
    const Q: f64 = 1.0 / 30.0;

    /// The full slice behind `run_slice`'s gate, never the shortcut.
    fn full(o: &mut PhysicsObj) -> SliceRecord {
        if !o.core.transient.contains(TransientState::ACTIVE) || o.core.cell().is_none() {
            return SliceRecord {
                quantum: Q as f32,
                outcome: SliceOutcome::Inactive,
                anim: None,
                adjusted: Frame::IDENTITY,
                candidate: Frame::IDENTITY,
            };
        }
        o.full_slice(Q, Q as f32)
    }

    /// Slices `a` with the shortcut where it applies and `b` the full way, `n` times, and
    /// checks that both objects and records stay identical (Debug output, so signed zeros
    /// count); returns how many slices took the shortcut.
    fn compare(make: impl Fn() -> PhysicsObj, n: usize) -> usize {
        let (mut a, mut b) = (make(), make());
        let mut shortcuts = 0;
        for i in 0..n {
            let gate = a.core.transient.contains(TransientState::ACTIVE) && a.core.cell().is_some();
            let ra = match gate.then(|| a.idle_slice(Q as f32)).flatten() {
                Some(r) => {
                    shortcuts += 1;
                    r
                }
                None => full(&mut a),
            };
            let rb = full(&mut b);
            assert_eq!(format!("{ra:?}"), format!("{rb:?}"), "record of slice {i}");
            assert_eq!(format!("{a:?}"), format!("{b:?}"), "object after slice {i}");
        }
        shortcuts
    }

    /// Makes one variant's object (twice: one for each path).
    type Make = Box<dyn Fn() -> PhysicsObj>;

    fn at(origin: Vec3, orientation: Quat) -> impl Fn() -> PhysicsObj {
        move || {
            PhysicsObj::builder()
                .position(Position::new(
                    0xA9B4_0021,
                    Frame {
                        origin,
                        orientation,
                    },
                ))
                .build()
        }
    }

    #[test]
    fn a_static_object_takes_the_shortcut_and_matches_the_full_slice() {
        let make = at(Vec3::new(100.0, 100.0, 0.0), Quat::IDENTITY);
        assert_eq!(compare(&make, 10), 10);
    }

    #[test]
    fn every_variant_matches_the_full_slice() {
        let odd = Quat::from_xyzw(0.0, -0.0, 0.6, 0.8);
        let long = Quat::from_xyzw(0.1, 0.2, 0.3, 0.95);
        let cases: Vec<(&str, Make)> = vec![
            (
                "minus zero origin",
                Box::new(at(Vec3::new(-0.0, 1.0, 0.0), Quat::IDENTITY)),
            ),
            (
                "minus zero orientation",
                Box::new(at(Vec3::new(1.0, 1.0, 0.0), odd)),
            ),
            (
                "non-unit orientation",
                Box::new(at(Vec3::new(1.0, 1.0, 0.0), long)),
            ),
            (
                "heading",
                Box::new(|| PhysicsObj::builder().heading(37.0).build()),
            ),
            (
                "no spheres",
                Box::new(|| {
                    let mut o = at(Vec3::ONE, Quat::IDENTITY)();
                    o.core.num_spheres = 0;
                    o
                }),
            ),
            (
                "no movement manager",
                Box::new(|| {
                    let mut o = at(Vec3::ONE, Quat::IDENTITY)();
                    o.mm = None;
                    o
                }),
            ),
            (
                "no movement manager, no spheres",
                Box::new(|| {
                    let mut o = at(Vec3::ONE, Quat::IDENTITY)();
                    o.mm = None;
                    o.core.num_spheres = 0;
                    o
                }),
            ),
            (
                "stale flags",
                Box::new(|| {
                    let mut o = at(Vec3::ONE, Quat::IDENTITY)();
                    o.core.deferred_cancel = true;
                    o.core.pm_constrained = true;
                    o.core.cached_velocity = Vec3::new(1.0, -0.0, 2.0);
                    o
                }),
            ),
            (
                "negative scale",
                Box::new(|| {
                    let mut o = at(Vec3::ONE, Quat::IDENTITY)();
                    o.core.scale = -1.0;
                    o
                }),
            ),
            (
                "minus zero velocity",
                Box::new(|| {
                    let mut o = at(Vec3::ONE, Quat::IDENTITY)();
                    o.core.velocity = Vec3::new(0.0, -0.0, 0.0);
                    o
                }),
            ),
            (
                "airborne",
                Box::new(|| PhysicsObj::builder().airborne().build()),
            ),
            (
                "moving",
                Box::new(|| {
                    let mut o = at(Vec3::ONE, Quat::IDENTITY)();
                    o.set_velocity(Vec3::new(0.5, 0.0, 0.0));
                    o
                }),
            ),
            (
                "hidden",
                Box::new(|| {
                    let mut o = at(Vec3::ONE, Quat::IDENTITY)();
                    o.set_state_flag(ObjectState::HIDDEN, true);
                    o
                }),
            ),
        ];
        let mut total = 0;
        for (name, make) in &cases {
            let n = compare(make, 40);
            eprintln!("{name}: {n} shortcuts");
            total += n;
        }
        // Some variants are idle (the stale flags, no movement manager), the others must go
        // the full way at least until they settle.
        assert!(total > 0);
    }
}
