//! A world of physics objects with stable ids, a clock and a deterministic tick.

use ac_motioninterp::Weenie;
use ac_motiontable::Rules;
use slotmap::new_key_type;

use crate::arena::{Arena, Slot, UNMARKED};

use crate::builder::{BuildError, PhysicsObjBuilder};
use crate::flags::TransientState;
use crate::object::PhysicsObj;
use crate::target::TargetMail;
use crate::tick::SliceRecord;
use crate::weenie::ConfigWeenie;

/// One object's fixed step in [`World::step`]: the parked step when the object is marked,
/// otherwise its full fixed step, `note` (the follower notes) unless the step was idle (an
/// idle object has nothing to note: see `PhysicsObj::park_mark_after_idle`), and its new mark when
/// `PARKING`.
#[inline(always)]
fn step_object<W: Weenie, const PARKING: bool>(
    k: Slot,
    obj: &mut PhysicsObj<W>,
    mark: &mut u8,
    period: f64,
    note: impl FnOnce(Slot, &PhysicsObj<W>),
) {
    let m = *mark;
    if m != UNMARKED {
        obj.parked_step(m, period);
        return;
    }
    if obj.fixed_step(period) {
        if PARKING {
            *mark = obj.park_mark_after_idle();
        }
        return;
    }
    note(k, obj);
    if PARKING && !obj.core.transient.contains(TransientState::ACTIVE) {
        *mark = obj.park_mark_inactive();
    }
}

/// After an object ran: remember it if it posted mail or needs live views next tick (read
/// while its memory is hot, so idle objects cost the world nothing more).
fn note_followers<W: Weenie>(
    k: impl Into<ObjectId> + Copy,
    obj: &PhysicsObj<W>,
    senders: &mut Vec<ObjectId>,
    live: &mut Vec<ObjectId>,
) {
    if obj.has_target_mail() {
        senders.push(k.into());
    }
    if obj.needs_live_views() {
        live.push(k.into());
    }
}

new_key_type! {
    /// A stable handle to an object in a [`World`] (survives other objects' removal).
    pub struct ObjectId;
}

/// A time value the world or an object refused, because it would poison the clock.
#[derive(Debug, Clone, Copy, PartialEq, thiserror::Error)]
pub enum TimeError {
    /// A time step that is not a finite number of seconds ≥ 0, or that would take the clock
    /// past [`MAX_CLOCK`](crate::MAX_CLOCK).
    #[error(
        "time step {0} s is not a finite, non-negative number of seconds keeping the clock within {max} s",
        max = crate::MAX_CLOCK
    )]
    InvalidStep(f64),
    /// A clock value that is not finite or lies beyond ±[`MAX_CLOCK`](crate::MAX_CLOCK).
    #[error("clock value {0} s is not finite or lies beyond ±{max} s", max = crate::MAX_CLOCK)]
    InvalidClock(f64),
}

/// Two step lengths closer than this (seconds) count as equal when [`World::step`] decides
/// whether a fixed step is due. Far below any frame time, far above f64 rounding of a clock that
/// runs for years, so 60 calls of `1.0 / 60.0` are exactly 30 steps.
pub const STEP_TOLERANCE: f64 = 1e-9;

/// Many objects ticked together.
///
/// Why a world: a server runs the same tick for every creature. Objects never interact (there
/// is no collision), so each object's tick depends only on its own state and the shared clock.
/// That makes the serial tick deterministic (slot order) and lets the opt-in parallel tick give
/// bit-identical results: each object is updated by exactly the same code on exactly the same
/// inputs, only on another thread.
///
/// Two ways to advance it:
///
/// * [`World::step`] — fixed steps of the rules' tick rate (1/30 s), with an accumulator: call it
///   with your frame time at any rate and every object slices once per 1/30 s elapsed. Use this
///   unless you need the reference's own stepping.
/// * [`World::tick`] — the reference's clock-driven `update_object` for every object (see
///   [`PhysicsObj::update_object_at`]): objects slice in whole `max_quantum` chunks plus a rest
///   above `min_quantum`, carrying smaller rests. Called at 30 Hz it slices every other call
///   (30 slices of 2/30 s per second).
///
/// All objects of a world follow the world's [`Rules`]; [`World::insert`] refuses an object
/// built with others.
#[derive(Debug)]
pub struct World<W = ConfigWeenie> {
    pub(crate) objects: Arena<PhysicsObj<W>>,
    pub(crate) now: f64,
    last_update: f64,
    accumulator: f64,
    rules: Rules,
    scratch: Vec<SliceRecord>,
    /// Scratch for the mail delivery phase.
    pub(crate) mail: Vec<TargetMail>,
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
    /// Whether [`Self::step`] parks objects (see there); off only in the tests that compare
    /// the parking world with the visiting one.
    pub(crate) parking: bool,
}

impl<W> Default for World<W> {
    /// An empty world under ACE's rules.
    fn default() -> Self {
        Self {
            objects: Arena::default(),
            now: 0.0,
            last_update: 0.0,
            accumulator: 0.0,
            rules: Rules::default(),
            scratch: Vec::new(),
            mail: Vec::new(),
            senders: Vec::new(),
            live: Vec::new(),
            index: Vec::new(),
            index_order: Vec::new(),
            indexed: false,
            in_tick: false,
            parking: true,
        }
    }
}

impl<W: Weenie> World<W> {
    /// An empty world at time 0 whose objects follow `rules` (which also decide where the 30 Hz
    /// gate of [`Self::tick`] sits, quirk `world-tick-gate`).
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

    /// Build the object `builder` describes under the world's rules and add it (its clock is set
    /// to the world's current time). A builder with explicit rules that differ is refused.
    pub fn spawn(&mut self, builder: PhysicsObjBuilder<W>) -> Result<ObjectId, BuildError> {
        match builder.explicit_rules() {
            Some(r) if r != self.rules => Err(BuildError::RulesMismatch),
            _ => self.insert(builder.rules(self.rules).build()),
        }
    }

    /// Add an object built elsewhere (its clock is set to the world's current time); refused
    /// when its rules differ from the world's.
    pub fn insert(&mut self, mut obj: PhysicsObj<W>) -> Result<ObjectId, BuildError> {
        if obj.rules() != self.rules {
            return Err(BuildError::RulesMismatch);
        }
        obj.core.update_time = self.now;
        Ok(self.objects.insert(obj))
    }

    /// Remove an object.
    pub fn remove(&mut self, id: ObjectId) -> Option<PhysicsObj<W>> {
        self.objects.remove(id)
    }

    /// An object by id.
    pub fn get(&self, id: ObjectId) -> Option<&PhysicsObj<W>> {
        self.objects.get(id)
    }

    /// An object by id, mutable.
    pub fn get_mut(&mut self, id: ObjectId) -> Option<&mut PhysicsObj<W>> {
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
    pub fn iter(&self) -> impl Iterator<Item = (ObjectId, &PhysicsObj<W>)> {
        self.objects.iter()
    }

    /// Objects in slot order, mutable.
    pub fn iter_mut(&mut self) -> impl Iterator<Item = (ObjectId, &mut PhysicsObj<W>)> {
        self.objects.iter_mut()
    }

    /// Advance the clock by `dt` seconds (any value ≥ 0, e.g. your frame time) and run every
    /// due fixed step: one slice of the rules' tick period (1/30 s) per object, in slot order.
    /// The time not yet stepped carries into the next call, so 60 calls of 1/60 s, 30 calls of
    /// 1/30 s and one call of 1 s all run exactly 30 steps. As in the reference, a gap above
    /// `huge_quantum` (2 s) is dropped rather than simulated. Returns the number of steps run.
    ///
    /// A negative or non-finite `dt`, or one taking the clock past [`MAX_CLOCK`](crate::MAX_CLOCK),
    /// is refused and changes nothing.
    ///
    /// Objects at rest cost the step next to nothing: after an object's step, the world
    /// remembers (one byte per slot) when the next steps can only advance its clock and, for
    /// an active idle object, its slice counter (`PhysicsObj::park_mark_after_idle` and `park_mark_inactive` say when and why),
    /// and until anything takes the object mutably (`get_mut`, `iter_mut`, indexing, mail,
    /// views, moves, messages) it makes just those two writes instead of testing the object
    /// again. Every object's state is the one the full test would give, bit for bit.
    pub fn step(&mut self, dt: f64) -> Result<u32, TimeError> {
        if self.parking {
            self.step_objects::<true>(dt)
        } else {
            self.step_objects::<false>(dt)
        }
    }

    /// [`Self::step`], parking objects or not.
    fn step_objects<const PARKING: bool>(&mut self, dt: f64) -> Result<u32, TimeError> {
        self.run_fixed_steps(dt, |w, period| {
            let (senders, live) = (&mut w.senders, &mut w.live);
            w.objects.for_each_marked_mut(|k, obj, mark| {
                step_object::<W, PARKING>(k, obj, mark, period, |k, obj| {
                    note_followers(k, obj, senders, live);
                });
            });
        })
    }

    /// The clock and accumulator of [`Self::step`]; `objects_step` slices every object once.
    fn run_fixed_steps(
        &mut self,
        dt: f64,
        mut objects_step: impl FnMut(&mut Self, f64),
    ) -> Result<u32, TimeError> {
        self.advance_clock(dt)?;
        if dt > self.rules.huge_quantum {
            self.accumulator = 0.0;
            for obj in self.objects.values_mut() {
                obj.core.update_time = self.now;
            }
            return Ok(0);
        }
        let period = self.step_period();
        self.accumulator += dt;
        let mut steps = 0;
        while self.accumulator + STEP_TOLERANCE >= period {
            self.accumulator -= period;
            self.begin_phases();
            objects_step(self, period);
            self.end_phases();
            steps += 1;
        }
        Ok(steps)
    }

    /// The length of one [`Self::step`]: the tick period of the rules' `min_quantum` (1/30 s),
    /// exact in f64.
    pub fn step_period(&self) -> f64 {
        1.0 / (1.0 / f64::from(self.rules.min_quantum)).round()
    }

    /// Advance the clock by `dt` and run every object's clock-driven `update_object` (the
    /// reference's stepping, see the type docs), one after the other in slot order. Slice records
    /// are discarded. A `dt` that [`Self::step`] refuses is refused here too and changes nothing.
    pub fn tick(&mut self, dt: f64) -> Result<(), TimeError> {
        self.advance_clock(dt)?;
        if !self.gate() {
            return Ok(());
        }
        let now = self.now;
        self.begin_phases();
        for (k, obj) in self.objects.iter_mut() {
            self.scratch.clear();
            obj.slice_until(now, &mut self.scratch);
            note_followers(k, obj, &mut self.senders, &mut self.live);
        }
        self.scratch.clear();
        self.end_phases();
        Ok(())
    }

    /// Check `dt` and move the clock.
    fn advance_clock(&mut self, dt: f64) -> Result<(), TimeError> {
        let now = self.now + dt;
        if !dt.is_finite() || dt < 0.0 || !crate::limits::is_valid_clock(now) {
            return Err(TimeError::InvalidStep(dt));
        }
        self.now = now;
        Ok(())
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
                o.core.cached_velocity,
                o.omega(),
                o.acceleration(),
            ] {
                eat(v.x.to_bits());
                eat(v.y.to_bits());
                eat(v.z.to_bits());
            }
            eat(o.state().bits());
            eat(o.transient().bits());
            eat(o.core.initial_updates as u32);
        }
        h
    }
}

/// How many slots a thread of the parallel step takes at a time: enough that taking the next
/// chunk costs nothing next to the objects' ticks, few enough (about 200 chunks in 100,000
/// slots) that a thread joining late still finds work and both threads finish together.
const PAR_CHUNK_SLOTS: usize = 512;

/// The followers a parallel pass noted, gathered under a lock (rarely taken: only objects
/// with mail or live views push). Order does not matter: both lists are sorted by slot and
/// deduplicated before use.
struct Noted {
    senders: Vec<ObjectId>,
    live: Vec<ObjectId>,
}

impl Noted {
    /// The world's lists, lent to a parallel pass.
    fn lend<W>(w: &mut World<W>) -> std::sync::Mutex<Self> {
        std::sync::Mutex::new(Self {
            senders: std::mem::take(&mut w.senders),
            live: std::mem::take(&mut w.live),
        })
    }

    /// Note `obj` (keyed `k`) as [`note_followers`] does, taking the lock only when needed.
    fn note<W: Weenie>(lock: &std::sync::Mutex<Self>, k: impl Into<ObjectId>, obj: &PhysicsObj<W>) {
        let mail = obj.has_target_mail();
        let live = obj.needs_live_views();
        if mail || live {
            let k = k.into();
            // A poisoned lock means another object's tick panicked; its lists are intact.
            let mut n = lock
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            if mail {
                n.senders.push(k);
            }
            if live {
                n.live.push(k);
            }
        }
    }

    /// Give the lists back to the world.
    fn give_back<W>(lock: std::sync::Mutex<Self>, w: &mut World<W>) {
        let n = lock
            .into_inner()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        w.senders = n.senders;
        w.live = n.live;
    }
}

impl<W: Weenie + Send> World<W> {
    /// The same as [`Self::step`] (parked objects included) with every fixed step's objects
    /// sliced on rayon's thread pool. Objects are independent within a step (what they see of each other is refreshed
    /// before it and their mail delivered after it, in slot order), so the result is
    /// bit-identical to the serial step.
    pub fn step_parallel(&mut self, dt: f64) -> Result<u32, TimeError> {
        if self.parking {
            self.step_objects_parallel::<true>(dt)
        } else {
            self.step_objects_parallel::<false>(dt)
        }
    }

    /// [`Self::step_parallel`], parking objects or not.
    fn step_objects_parallel<const PARKING: bool>(&mut self, dt: f64) -> Result<u32, TimeError> {
        self.run_fixed_steps(dt, |w, period| {
            let noted = Noted::lend(w);
            w.objects
                .par_for_each_marked_mut(PAR_CHUNK_SLOTS, |k, obj, mark| {
                    step_object::<W, PARKING>(k, obj, mark, period, |k, obj| {
                        Noted::note(&noted, k, obj);
                    });
                });
            Noted::give_back(noted, w);
        })
    }

    /// The same as [`Self::tick`] on rayon's thread pool. Objects are independent, so the result
    /// is bit-identical to the serial tick.
    pub fn tick_parallel(&mut self, dt: f64) -> Result<(), TimeError> {
        self.advance_clock(dt)?;
        if !self.gate() {
            return Ok(());
        }
        let now = self.now;
        self.begin_phases();
        let noted = Noted::lend(self);
        self.objects.par_for_each_mut(PAR_CHUNK_SLOTS, |k, obj| {
            SLICE_SCRATCH.with(|c| {
                let mut scratch = c.take();
                obj.slice_until(now, &mut scratch);
                scratch.clear();
                c.set(scratch);
            });
            Noted::note(&noted, k, obj);
        });
        Noted::give_back(noted, self);
        self.end_phases();
        Ok(())
    }
}

thread_local! {
    /// Per-thread slice records of [`World::tick_parallel`] (discarded after each object).
    static SLICE_SCRATCH: std::cell::Cell<Vec<SliceRecord>> = const { std::cell::Cell::new(Vec::new()) };
}

#[cfg(test)]
#[path = "world_park_tests.rs"]
mod park_tests;

/// `world[id]`: the object, like `world.get(id)`.
///
/// # Panics
///
/// When `id` was removed (as indexing a slice out of bounds does); use [`World::get`] to ask.
impl<W: Weenie> std::ops::Index<ObjectId> for World<W> {
    type Output = PhysicsObj<W>;
    fn index(&self, id: ObjectId) -> &PhysicsObj<W> {
        &self.objects[id]
    }
}

/// `world[id]`, mutable. Panics like [`Index`](std::ops::Index) when `id` was removed.
impl<W: Weenie> std::ops::IndexMut<ObjectId> for World<W> {
    fn index_mut(&mut self, id: ObjectId) -> &mut PhysicsObj<W> {
        &mut self.objects[id]
    }
}
