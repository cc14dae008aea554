//! The world as the registry of its objects' ACE ids: what objects see of each other, and the
//! delivery of their target mail (see [`crate::target`]).

use ac_motioninterp::TargetStatus;

use crate::moveto::TargetObject;
use crate::object::PhysicsObj;
use crate::target::{TargetMail, TargetView};
use crate::world::{ObjectId, World};

/// Slot index of a key: the order the world iterates its objects in (slot maps keep the index
/// in the low 32 bits of a key's FFI form).
fn slot_of(k: ObjectId) -> u32 {
    use slotmap::Key as _;
    (k.data().as_ffi() & 0xFFFF_FFFF) as u32
}

/// Mail rounds one delivery runs before it leaves the rest for the next (a guard against
/// objects that keep answering each other; ACE's chains end after one or two rounds).
pub const MAX_MAIL_ROUNDS: usize = 64;

impl World {
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
            position: *o.position(),
            velocity: o.cached_velocity(),
        })
    }

    /// Object `id` as the target of a move-to or turn-to (its id, cylinder and view).
    pub fn target_object(&self, id: u32) -> Option<TargetObject> {
        let o = self.objects.get(self.find(id)?)?;
        Some(TargetObject {
            id,
            radius: o.radius(),
            height: o.height(),
            view: TargetView {
                position: *o.position(),
                velocity: o.cached_velocity(),
            },
        })
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
        f: impl FnOnce(&mut PhysicsObj) -> R,
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

    /// Set the world clock and every object's clock to `t` (a scenario's `time=`).
    pub fn set_clock(&mut self, t: f64) {
        self.now = t;
        for o in self.objects.values_mut() {
            o.set_update_time(t);
        }
    }

    /// Remove an object as ACE's exit-world does: it stops following, its followers are told
    /// (`ExitWorld`), and the mail is delivered before it goes.
    pub fn remove_notifying(&mut self, key: ObjectId) -> Option<PhysicsObj> {
        self.with_object(key, |o| {
            o.clear_target_on_exit();
            o.notify_voyeurs(TargetStatus::ExitWorld);
        })?;
        self.objects.remove(key)
    }
}
