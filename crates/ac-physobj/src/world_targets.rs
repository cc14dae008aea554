//! The world as the registry of its objects' ACE ids: what objects see of each other, and the
//! delivery of their target mail (see [`crate::target`]).

use ac_motioninterp::TargetStatus;

use crate::moveto::{MoveComplete, TargetObject};
use crate::object::PhysicsObj;
use crate::target::{TargetMail, TargetView};
use crate::world::{ObjectId, World};
use ac_interp_manager::Position;
use ac_motioninterp::Weenie;
use ac_motioninterp::{MovementParameters, WeenieError};

/// Slot index of a key: the order the world iterates its objects in (slot maps keep the index
/// in the low 32 bits of a key's FFI form).
fn slot_of(k: ObjectId) -> u32 {
    use slotmap::Key as _;
    (k.data().as_ffi() & 0xFFFF_FFFF) as u32
}

/// Mail rounds one delivery runs before it leaves the rest for the next (a guard against
/// objects that keep answering each other; ACE's chains end after one or two rounds).
pub const MAX_MAIL_ROUNDS: usize = 64;

impl<W: Weenie> World<W> {
    /// The object whose ACE id (`PhysicsObj::id`) is `id`: the first in slot order (ACE's
    /// `GetObjectA`).
    pub fn find(&self, id: u32) -> Option<ObjectId> {
        if self.indexed {
            let i = self.index.partition_point(|&(k, _, _)| k < id);
            return self.index.get(i).filter(|e| e.0 == id).map(|e| e.2);
        }
        self.objects
            .iter()
            .find(|(_, o)| o.id() == id)
            .map(|(k, _)| k)
    }

    /// Build the id index a tick's phases look objects up in (ids do not change during a
    /// tick). Reuses its buffer: no allocation once warm.
    pub(crate) fn build_index(&mut self) {
        if self.indexed {
            return;
        }
        // Ids rarely change between ticks: compare with the last build before sorting again.
        let unchanged = self.index_order.len() == self.objects.len()
            && self
                .objects
                .iter()
                .zip(&self.index_order)
                .all(|((k, o), &(id, key))| k == key && o.id() == id);
        if !unchanged {
            self.index_order.clear();
            self.index_order
                .extend(self.objects.iter().map(|(k, o)| (o.id(), k)));
            self.index.clear();
            self.index.extend(
                self.index_order
                    .iter()
                    .enumerate()
                    .map(|(seq, &(id, k))| (id, seq, k)),
            );
            self.index.sort_unstable_by_key(|&(id, seq, _)| (id, seq));
        }
        self.indexed = true;
    }

    /// What object `id` looks like to the others (`None`: no such object).
    pub fn view_of(&self, id: u32) -> Option<TargetView> {
        let o = self.objects.get(self.find(id)?)?;
        Some(TargetView {
            position: o.core.position,
            velocity: o.core.cached_velocity,
        })
    }

    /// Object `id` as the target of a move-to or turn-to (its id, cylinder and view).
    pub fn target_object(&self, id: u32) -> Option<TargetObject> {
        let o = self.objects.get(self.find(id)?)?;
        Some(o.as_target())
    }

    /// Refresh what object `key` sees of the objects it follows.
    pub fn refresh_views(&mut self, key: ObjectId) {
        let Some(o) = self.objects.get(key) else {
            return;
        };
        let own = o.id();
        let ids = o.watched_ids();
        let mut views = [(0u32, None); 3];
        for (slot, id) in views.iter_mut().zip(ids) {
            if id != 0 && id != own {
                *slot = (id, self.view_of(id));
            }
        }
        if let Some(o) = self.objects.get_mut(key) {
            for (id, v) in views {
                if id != 0 {
                    o.set_view(id, v);
                }
            }
        }
    }

    /// The first phases of a tick or fixed step: a fresh id index on first use, and the live
    /// views refreshed.
    pub(crate) fn begin_phases(&mut self) {
        self.indexed = false;
        self.in_tick = true;
        self.refresh_live_views();
    }

    /// The last phase: deliver the mail the objects posted.
    pub(crate) fn end_phases(&mut self) {
        self.deliver_posted_mail();
        self.indexed = false;
        self.in_tick = false;
    }

    /// Build the id index when a tick's phases need it; calls between ticks look objects up
    /// one by one instead (a handful of lookups does not pay for a sort).
    fn index_for_tick(&mut self) {
        if self.in_tick {
            self.build_index();
        }
    }

    /// The first phase of a tick: refresh the views of the objects that need them live (see
    /// `PhysicsObj::needs_live_views`), as noted when they last ran.
    pub(crate) fn refresh_live_views(&mut self) {
        if self.live.is_empty() {
            return;
        }
        self.live.sort_unstable_by_key(|&k| slot_of(k));
        self.live.dedup();
        self.index_for_tick();
        for i in 0..self.live.len() {
            let k = self.live[i];
            self.refresh_views(k);
        }
        self.live.clear();
    }

    /// Deliver the target mail every object posted (a scan of the whole world: after calls
    /// made on objects directly rather than through [`Self::with_object`]).
    pub fn deliver_mail(&mut self) {
        self.indexed = false;
        self.senders.clear();
        self.senders.extend(
            self.objects
                .iter()
                .filter(|(_, o)| o.has_target_mail())
                .map(|(k, _)| k),
        );
        self.deliver_posted_mail();
        self.indexed = false;
    }

    /// Deliver the mail of the noted senders, in slot order of the senders and in the order
    /// each posted it; replies those deliveries cause are delivered in further rounds. A
    /// recipient sees fresh views of the objects it follows when a report reaches it.
    pub(crate) fn deliver_posted_mail(&mut self) {
        if self.senders.is_empty() {
            return;
        }
        self.index_for_tick();
        for _ in 0..MAX_MAIL_ROUNDS {
            if self.senders.is_empty() {
                break;
            }
            self.senders.sort_unstable_by_key(|&k| slot_of(k));
            self.senders.dedup();
            self.mail.clear();
            for i in 0..self.senders.len() {
                if let Some(o) = self.objects.get_mut(self.senders[i]) {
                    o.take_target_mail(&mut self.mail);
                }
            }
            self.senders.clear();
            for i in 0..self.mail.len() {
                let m = self.mail[i];
                let Some(k) = self.find(m.recipient()) else {
                    continue;
                };
                if matches!(m, TargetMail::Report { .. }) {
                    self.refresh_views(k);
                }
                if let Some(o) = self.objects.get_mut(k) {
                    o.deliver_target_mail(&m);
                    if o.has_target_mail() {
                        self.senders.push(k);
                    }
                    if o.needs_live_views() {
                        self.live.push(k);
                    }
                }
            }
        }
        self.senders.clear();
    }

    /// Run `f` on one object as a member of this world: its views are refreshed first and the
    /// mail it (and anyone it reached) posted is delivered afterwards. `None` for a stale key.
    pub fn with_object<R>(
        &mut self,
        key: ObjectId,
        f: impl FnOnce(&mut PhysicsObj<W>) -> R,
    ) -> Option<R> {
        // Ids may have changed since the last call: look up without a stale index.
        self.indexed = false;
        self.refresh_views(key);
        let o = self.objects.get_mut(key)?;
        let r = f(o);
        if o.has_target_mail() {
            self.senders.push(key);
        }
        if o.needs_live_views() {
            self.live.push(key);
        }
        self.deliver_posted_mail();
        self.indexed = false;
        Some(r)
    }

    // ------------------------------------------------------------------ move-to (user API)

    /// Walk or run object `mover` to object `target` (ACE `MoveToObject`): it turns towards the
    /// target, moves until within the arrival distance of its cylinder and optionally turns to
    /// a final heading, following the target through its reports as both tick in this world.
    /// The end arrives as a [`MoveComplete`] ([`Self::drain_move_completions`]).
    ///
    /// `options` is a [`MoveToOptions`](ac_motioninterp::MoveToOptions) (or raw
    /// `MovementParameters`). Refused with `NoPhysicsObject` when `mover` is not in the world,
    /// `NoObject` when `target` is not or has no id (objects that others follow need distinct
    /// non-zero ids: the builder's `id`), `GeneralMovementFailure` for non-finite parameters.
    ///
    /// ```
    /// use std::sync::Arc;
    /// use ac_physobj::prelude::*;
    /// use ac_physobj::{MoveToOptions, ObjectId};
    ///
    /// let anims: AnimationCache = ac_testkit::synthetic::animations().into_iter().collect();
    /// let anims: Arc<dyn AnimationSource> = Arc::new(anims);
    /// let table = Arc::new(ac_testkit::synthetic::humanoid_table());
    /// let creature = |id, y| {
    ///     PhysicsObj::builder()
    ///         .motion_table(Arc::clone(&table))
    ///         .animations(Arc::clone(&anims))
    ///         .id(id)
    ///         .cylinder(0.5, 1.8)
    ///         .position(Position::new(0xA9B4_0021, Frame {
    ///             origin: Vec3::new(100.0, y, 0.0),
    ///             orientation: Quat::IDENTITY,
    ///         }))
    /// };
    /// let mut w = World::new(Rules::ace());
    /// let me = w.spawn(creature(1, 100.0))?;
    /// let post = w.spawn(creature(2, 108.0))?;
    /// w.move_to_object(me, post, MoveToOptions::default().sticky(true))?;
    /// let mut ends = Vec::new();
    /// while ends.is_empty() {
    ///     w.step(1.0 / 30.0)?;
    ///     w.drain_move_completions(&mut ends);
    /// }
    /// assert!(ends[0].1.arrived());
    /// assert!(w[me].position().distance(w[post].position()) < 2.0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn move_to_object(
        &mut self,
        mover: ObjectId,
        target: ObjectId,
        options: impl Into<MovementParameters>,
    ) -> Result<(), WeenieError> {
        let t = self.followable(target)?;
        self.with_mover(mover, |o| o.move_to_object(&t, options))
    }

    /// Turn object `mover` in place to face object `target` (ACE `TurnToObject`); see
    /// [`Self::move_to_object`].
    pub fn turn_to_object(
        &mut self,
        mover: ObjectId,
        target: ObjectId,
        options: impl Into<MovementParameters>,
    ) -> Result<(), WeenieError> {
        let t = self.followable(target)?;
        self.with_mover(mover, |o| o.turn_to_object(&t, options))
    }

    /// Walk or run object `mover` to `position` (ACE `MoveToPosition`); see
    /// [`Self::move_to_object`].
    pub fn move_to_position(
        &mut self,
        mover: ObjectId,
        position: &Position,
        options: impl Into<MovementParameters>,
    ) -> Result<(), WeenieError> {
        self.with_mover(mover, |o| o.move_to_position(position, options))
    }

    /// Turn object `mover` in place to compass heading `heading` (ACE `TurnToHeading`); see
    /// [`Self::move_to_object`].
    pub fn turn_to_heading(
        &mut self,
        mover: ObjectId,
        heading: f32,
        options: impl Into<MovementParameters>,
    ) -> Result<(), WeenieError> {
        self.with_mover(mover, |o| o.turn_to_heading(heading, options))
    }

    /// End the move-to or turn-to of `mover` (it reports `ActionCancelled`); `NoPhysicsObject`
    /// when it is not in the world.
    pub fn cancel_move_to(&mut self, mover: ObjectId) -> Result<(), WeenieError> {
        self.with_mover(mover, |o| {
            o.cancel_move_to();
            Ok(())
        })
    }

    /// Run a movement request on `key` as a member of this world — a motion command, or a
    /// move-to / turn-to as decoded from the network (movement types 6–9): a target named by
    /// `object_id` is looked up here. `NoPhysicsObject` when `key` is not in the world.
    pub fn perform_movement(
        &mut self,
        key: ObjectId,
        mvs: &ac_motioninterp::MovementStruct,
    ) -> Result<(), WeenieError> {
        if mvs.object_id != 0 {
            let view = self.view_of(mvs.object_id);
            if let Some(o) = self.objects.get_mut(key) {
                o.set_view(mvs.object_id, view);
            }
        }
        self.with_mover(key, |o| o.perform_movement(mvs))
    }

    /// Append the ends of move-tos and turn-tos since the last call to `out`, in slot order of
    /// the objects and oldest first per object.
    pub fn drain_move_completions(&mut self, out: &mut Vec<(ObjectId, MoveComplete)>) {
        // Only the objects with completions are taken mutably (a parked object stays parked).
        let pending = |o: &PhysicsObj<W>| {
            o.core
                .follow
                .as_deref()
                .is_some_and(|f| !f.move_completions.is_empty())
        };
        for (k, o) in self.objects.iter_mut_picked(pending) {
            out.extend(o.drain_move_completions().map(|c| (k, c)));
        }
    }

    fn followable(&self, target: ObjectId) -> Result<TargetObject, WeenieError> {
        let o = self.objects.get(target).ok_or(WeenieError::NoObject)?;
        if o.core.id() == 0 {
            return Err(WeenieError::NoObject);
        }
        Ok(o.as_target())
    }

    fn with_mover(
        &mut self,
        mover: ObjectId,
        f: impl FnOnce(&mut PhysicsObj<W>) -> Result<(), WeenieError>,
    ) -> Result<(), WeenieError> {
        self.with_object(mover, f)
            .unwrap_or(Err(WeenieError::NoPhysicsObject))
    }

    /// Set the world clock and every object's clock to `t` (a scenario's `time=`).
    #[cfg(feature = "reference-host")]
    pub fn set_clock(&mut self, t: f64) {
        self.now = t;
        for o in self.objects.values_mut() {
            o.core.update_time = t;
        }
    }

    /// Remove an object as ACE's exit-world does: it stops following, its followers are told
    /// (`ExitWorld`), and the mail is delivered before it goes.
    pub fn remove_notifying(&mut self, key: ObjectId) -> Option<PhysicsObj<W>> {
        self.with_object(key, |o| {
            o.clear_target_on_exit();
            o.notify_voyeurs(TargetStatus::ExitWorld);
        })?;
        self.objects.remove(key)
    }
}
