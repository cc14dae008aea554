//! A world of physics objects with stable ids and a deterministic tick.

use ac_motiontable::Fidelity;
use rayon::prelude::*;
use slotmap::{SlotMap, new_key_type};

use crate::object::{MIN_QUANTUM, PhysicsObj, SliceRecord};

new_key_type! {
    /// A stable handle to an object in a [`World`] (survives other objects' removal).
    pub struct ObjectId;
}

/// Many objects ticked together.
///
/// Why a world: a server runs the same tick for every creature. Objects do not collide; the
/// only interaction is target tracking (one object moving to, turning to or sticking to
/// another), which the world carries between ticks' phases (see [`Self::tick`]). So each
/// object's tick depends only on its own state, its views and the shared clock. That makes the
/// serial tick deterministic (slot order) and lets the opt-in parallel tick give bit-identical
/// results: each object is updated by exactly the same code on exactly the same inputs, only on
/// another thread.
///
/// The world is also the registry of ACE ids ([`Self::find`], `GetObjectA`): run a call on
/// one object with [`Self::with_object`] so it sees the others and its mail is delivered.
#[derive(Debug, Default)]
pub struct World {
    pub(crate) objects: SlotMap<ObjectId, PhysicsObj>,
    pub(crate) now: f64,
    last_update: f64,
    fidelity: Fidelity,
    scratch: Vec<SliceRecord>,
    /// Scratch for the mail delivery phase.
    pub(crate) mail: Vec<crate::target::TargetMail>,
    /// Objects that posted target mail not delivered yet.
    pub(crate) senders: Vec<ObjectId>,
    /// Objects that need live views at the start of the next tick.
    pub(crate) live: Vec<ObjectId>,
    /// ACE ids → objects, sorted (id, slot order), valid during a tick's phases.
    pub(crate) index: Vec<(u32, usize, ObjectId)>,
    /// The (id, key) pairs in slot order the index was built from.
    pub(crate) index_order: Vec<(u32, ObjectId)>,
    /// Whether [`Self::index`] is current.
    pub(crate) indexed: bool,
    /// Whether a tick's phases are running (the id index is worth building).
    pub(crate) in_tick: bool,
}

/// After an object ran: remember it if it posted mail or needs live views next tick (read
/// while its memory is hot, so idle objects cost the world nothing more).
fn note_followers(
    k: ObjectId,
    obj: &PhysicsObj,
    senders: &mut Vec<ObjectId>,
    live: &mut Vec<ObjectId>,
) {
    if obj.has_target_mail() {
        senders.push(k);
    }
    if obj.needs_live_views() {
        live.push(k);
    }
}

/// `world[id]`: the object (panics on a removed id, like indexing a slot map).
impl std::ops::Index<ObjectId> for World {
    type Output = PhysicsObj;
    fn index(&self, id: ObjectId) -> &PhysicsObj {
        &self.objects[id]
    }
}

/// `world[id]`, mutable (panics on a removed id).
impl std::ops::IndexMut<ObjectId> for World {
    fn index_mut(&mut self, id: ObjectId) -> &mut PhysicsObj {
        &mut self.objects[id]
    }
}

impl World {
    /// An empty world at time 0.
    pub fn new() -> Self {
        Self::default()
    }

    /// Add an object; its clock is set to the world's current time.
    pub fn insert(&mut self, mut obj: PhysicsObj) -> ObjectId {
        obj.set_update_time(self.now);
        self.objects.insert(obj)
    }

    /// Remove an object.
    pub fn remove(&mut self, id: ObjectId) -> Option<PhysicsObj> {
        self.objects.remove(id)
    }

    /// An object by id.
    pub fn get(&self, id: ObjectId) -> Option<&PhysicsObj> {
        self.objects.get(id)
    }

    /// An object by id, mutable.
    pub fn get_mut(&mut self, id: ObjectId) -> Option<&mut PhysicsObj> {
        self.objects.get_mut(id)
    }

    /// Number of objects.
    pub fn len(&self) -> usize {
        self.objects.len()
    }

    /// Whether the world holds no object.
    pub fn is_empty(&self) -> bool {
        self.objects.is_empty()
    }

    /// The world clock (seconds).
    pub fn now(&self) -> f64 {
        self.now
    }

    /// Objects in slot order.
    pub fn iter(&self) -> impl Iterator<Item = (ObjectId, &PhysicsObj)> {
        self.objects.iter()
    }

    /// The world's fidelity: with [`Fidelity::Retail`] the 30 Hz gate is global, as in the
    /// retail client's `CPhysics::UseTime` (retail-vs-ace item 15): a tick less than 1/30 s after
    /// the last world update updates no object. With `Ace` every object gates itself. (Each
    /// object's own slicing follows the object's fidelity.)
    pub fn set_fidelity(&mut self, f: Fidelity) {
        self.fidelity = f;
    }

    /// Whether this tick passes the world-level gate (always with `Ace`).
    fn gate(&mut self) -> bool {
        if self.fidelity.is_retail() {
            if self.now - self.last_update < f64::from(MIN_QUANTUM) {
                return false;
            }
            self.last_update = self.now;
        }
        true
    }

    /// Advance the clock by `dt` and run every object's clock-driven `update_object`, one after
    /// the other in slot order. Slice records are discarded (events stay in each object's log
    /// unless logging is off: drain them or turn logging off for long runs).
    ///
    /// Objects that follow others (move-to, sticky) interact through target reports, in three
    /// phases: the views of the objects that need them live are refreshed, every object ticks
    /// (seeing the others as they were at the start of the tick), then the target mail is
    /// delivered in slot order of the senders. ACE delivers a report the moment it is sent, in the middle of
    /// the sender's tick; here it arrives at the end of the tick, so the world's result does
    /// not depend on the order objects tick in (and the parallel tick is bit-identical).
    pub fn tick(&mut self, dt: f64) {
        self.now += dt;
        if !self.gate() {
            return;
        }
        let now = self.now;
        // Ids may have changed between ticks; the index is rebuilt (or checked) on first use.
        self.indexed = false;
        self.in_tick = true;
        self.refresh_live_views();
        for (k, obj) in self.objects.iter_mut() {
            self.scratch.clear();
            obj.update_object_at(now, &mut self.scratch);
            note_followers(k, obj, &mut self.senders, &mut self.live);
        }
        self.scratch.clear();
        self.deliver_posted_mail();
        self.indexed = false;
        self.in_tick = false;
    }

    /// The same as [`Self::tick`] on rayon's thread pool. During the object phase objects are
    /// independent (they read only their own views), so the result is bit-identical to the
    /// serial tick.
    pub fn tick_parallel(&mut self, dt: f64) {
        self.now += dt;
        if !self.gate() {
            return;
        }
        let now = self.now;
        self.indexed = false;
        self.in_tick = true;
        self.refresh_live_views();
        let mut objs: Vec<(ObjectId, &mut PhysicsObj)> = self.objects.iter_mut().collect();
        objs.par_iter_mut()
            .for_each_init(Vec::new, |scratch, (_, obj)| {
                scratch.clear();
                obj.update_object_at(now, scratch);
            });
        for (k, obj) in objs {
            note_followers(k, obj, &mut self.senders, &mut self.live);
        }
        self.deliver_posted_mail();
        self.indexed = false;
        self.in_tick = false;
    }

    /// A 64-bit FNV-1a digest of every object's observable physics state (position, velocity,
    /// flags, cached velocity, sequence velocity), in slot order: a cheap fingerprint for
    /// determinism tests.
    pub fn digest(&self) -> u64 {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        let mut eat = |w: u32| {
            for b in w.to_le_bytes() {
                h ^= b as u64;
                h = h.wrapping_mul(0x0000_0100_0000_01b3);
            }
        };
        for (_, o) in self.objects.iter() {
            let p = o.position();
            eat(p.cell_id);
            for f in [
                p.frame.origin.x,
                p.frame.origin.y,
                p.frame.origin.z,
                p.frame.orientation.x,
                p.frame.orientation.y,
                p.frame.orientation.z,
                p.frame.orientation.w,
            ] {
                eat(f.to_bits());
            }
            for v in [
                o.velocity(),
                o.cached_velocity(),
                o.omega(),
                o.acceleration(),
            ] {
                eat(v.x.to_bits());
                eat(v.y.to_bits());
                eat(v.z.to_bits());
            }
            eat(o.state().bits());
            eat(o.transient().bits());
            eat(o.initial_updates() as u32);
        }
        h
    }
}
