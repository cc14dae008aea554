//! A world of physics objects with stable ids and a deterministic tick.

use ac_motiontable::Rules;
use rayon::prelude::*;
use slotmap::{SlotMap, new_key_type};

use crate::object::{PhysicsObj, SliceRecord};

new_key_type! {
    /// A stable handle to an object in a [`World`] (survives other objects' removal).
    pub struct ObjectId;
}

/// Many objects ticked together.
///
/// Why a world: a server runs the same tick for every creature. Objects never interact (there
/// is no collision), so each object's tick depends only on its own state and the shared clock.
/// That makes the serial tick deterministic (slot order) and lets the opt-in parallel tick give
/// bit-identical results: each object is updated by exactly the same code on exactly the same
/// inputs, only on another thread.
#[derive(Debug, Default)]
pub struct World {
    objects: SlotMap<ObjectId, PhysicsObj>,
    now: f64,
    last_update: f64,
    rules: Rules,
    scratch: Vec<SliceRecord>,
}

impl World {
    /// An empty world at time 0 under `rules` (which decide where the 30 Hz gate sits, quirk
    /// `world-tick-gate`; each object's own slicing follows the object's rules).
    pub fn new(rules: Rules) -> Self {
        Self {
            rules,
            ..Self::default()
        }
    }

    /// The world's rules.
    pub fn rules(&self) -> Rules {
        self.rules
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

    /// Whether this tick passes the world-level gate. With [`Rules::global_tick_gate`] (retail,
    /// quirk `world-tick-gate`) the 30 Hz gate is global, as in the retail client's
    /// `CPhysics::UseTime`: a tick less than `min_quantum` after the last world update updates
    /// no object. Under ACE's rules every object gates itself and this always passes.
    fn gate(&mut self) -> bool {
        if self.rules.global_tick_gate {
            if self.now - self.last_update < f64::from(self.rules.min_quantum) {
                return false;
            }
            self.last_update = self.now;
        }
        true
    }

    /// Advance the clock by `dt` and run every object's clock-driven `update_object`, one after
    /// the other in slot order. Slice records are discarded (events stay in each object's log
    /// unless logging is off: drain them or turn logging off for long runs).
    pub fn tick(&mut self, dt: f64) {
        self.now += dt;
        if !self.gate() {
            return;
        }
        let now = self.now;
        for obj in self.objects.values_mut() {
            self.scratch.clear();
            obj.update_object_at(now, &mut self.scratch);
        }
        self.scratch.clear();
    }

    /// The same as [`Self::tick`] on rayon's thread pool. Objects are independent, so the result
    /// is bit-identical to the serial tick.
    pub fn tick_parallel(&mut self, dt: f64) {
        self.now += dt;
        if !self.gate() {
            return;
        }
        let now = self.now;
        let mut objs: Vec<&mut PhysicsObj> = self.objects.values_mut().collect();
        objs.par_iter_mut().for_each_init(Vec::new, |scratch, obj| {
            scratch.clear();
            obj.update_object_at(now, scratch);
        });
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
