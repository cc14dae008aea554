//! The world as the registry of its objects' ACE ids: what objects see of each other, and the
//! delivery of their target mail (see [`crate::target`]).

use ac_motioninterp::TargetStatus;

use crate::moveto::TargetObject;
use crate::object::PhysicsObj;
use crate::target::{TargetMail, TargetView};
use crate::world::{ObjectId, World};

/// Mail rounds one delivery runs before it leaves the rest for the next (a guard against
/// objects that keep answering each other; ACE's chains end after one or two rounds).
pub const MAX_MAIL_ROUNDS: usize = 64;

impl World {
    /// The object whose ACE id (`PhysicsObj::id`) is `id`: the first in slot order (ACE's
    /// `GetObjectA`).
    pub fn find(&self, id: u32) -> Option<ObjectId> {
        self.objects
            .iter()
            .find(|(_, o)| o.id() == id)
            .map(|(k, _)| k)
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

    /// Refresh every object's views (the first phase of a tick).
    pub(crate) fn refresh_all_views(&mut self) {
        self.keys.clear();
        self.keys.extend(self.objects.keys());
        for i in 0..self.keys.len() {
            let k = self.keys[i];
            if self.objects[k].watched_ids().iter().any(|&id| id != 0) {
                self.refresh_views(k);
            }
        }
    }

    /// Deliver the target mail every object posted, in slot order of the senders and in the
    /// order each posted it; replies those deliveries cause are delivered in further rounds.
    /// A recipient sees fresh views of the objects it follows when a report reaches it.
    pub fn deliver_mail(&mut self) {
        for _ in 0..MAX_MAIL_ROUNDS {
            self.mail.clear();
            for o in self.objects.values_mut() {
                if o.has_target_mail() {
                    o.take_target_mail(&mut self.mail);
                }
            }
            if self.mail.is_empty() {
                return;
            }
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
                }
            }
        }
    }

    /// Run `f` on one object as a member of this world: its views are refreshed first and the
    /// mail it (and anyone it reached) posted is delivered afterwards. `None` for a stale key.
    pub fn with_object<R>(
        &mut self,
        key: ObjectId,
        f: impl FnOnce(&mut PhysicsObj) -> R,
    ) -> Option<R> {
        self.refresh_views(key);
        let r = f(self.objects.get_mut(key)?);
        self.deliver_mail();
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
