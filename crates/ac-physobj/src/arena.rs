//! The world's object store: a slot map whose slots can be walked in parallel.
//!
//! Keys, slot order, slot reuse and versions are exactly those of `slotmap::SlotMap` (which
//! this replaces inside [`crate::World`]; [`ObjectId`] stays a slot-map key): slot 0 is a
//! sentinel, a key is a slot index and an odd version, a removed slot's version turns even and
//! goes to the head of a free list that the next insert takes first. What differs is the
//! layout: the versions live in their own dense vector, so walking the objects reads one
//! `u32` per slot besides the objects themselves, and the slots are a plain slice that rayon
//! splits without first collecting a list of references (which, for 100,000 objects, was a
//! serial pass over the whole world in every parallel step).
//!
//! Each slot also carries a mark, a byte the world's fixed step keeps about the object (see
//! `World::step`: whether it is parked). The arena guarantees one thing about it: a mark is
//! [`UNMARKED`] whenever the object may have changed since the world set it, because every
//! accessor that hands out `&mut T` (or stores or removes one) clears the marks of the slots
//! it reaches. Only [`Arena::for_each_marked_mut`] and [`Arena::par_for_each_marked_mut`], the
//! world's step, lend an object together with its mark and leave the mark to the caller.

use slotmap::{Key, KeyData};

use crate::world::ObjectId;

/// A slot: an object, or a link in the free list.
#[derive(Debug)]
enum Entry<T> {
    Occupied(T),
    Vacant { next_free: u32 },
}

/// The mark of a slot whose object may have changed (see the module docs).
pub(crate) const UNMARKED: u8 = 0;

/// A slot map of `T` keyed by [`ObjectId`], iterated in slot order.
#[derive(Debug)]
pub(crate) struct Arena<T> {
    /// Per slot: odd while occupied, even while vacant (slot 0, the sentinel, is 0).
    versions: Vec<u32>,
    /// Per slot, the same length as `versions`.
    entries: Vec<Entry<T>>,
    /// Per slot, the same length as `versions`: the world's mark (see the module docs).
    marks: Vec<u8>,
    /// The first vacant slot to reuse, or `entries.len()` when there is none.
    free_head: u32,
    len: usize,
}

impl<T> Default for Arena<T> {
    fn default() -> Self {
        Self {
            versions: vec![0],
            entries: vec![Entry::Vacant { next_free: 0 }],
            marks: vec![UNMARKED],
            free_head: 1,
            len: 0,
        }
    }
}

/// The key of slot `idx` at `version`.
fn key(idx: usize, version: u32) -> ObjectId {
    KeyData::from_ffi((u64::from(version) << 32) | idx as u64).into()
}

/// A live slot's index and version, made into its key only when asked (the world's step
/// needs the key of the few objects it notes).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Slot {
    idx: usize,
    version: u32,
}

impl From<Slot> for ObjectId {
    #[inline(always)]
    fn from(s: Slot) -> ObjectId {
        key(s.idx, s.version)
    }
}

/// Slot index and version of a key.
fn split(k: ObjectId) -> (usize, u32) {
    let ffi = k.data().as_ffi();
    ((ffi & 0xFFFF_FFFF) as usize, (ffi >> 32) as u32)
}

impl<T> Arena<T> {
    /// Number of objects.
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// Whether there is no object.
    pub(crate) fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Store `value` in the most recently freed slot, or a new one; its key.
    ///
    /// # Panics
    ///
    /// When `u32::MAX` slots are in use (as `SlotMap` does).
    pub(crate) fn insert(&mut self, value: T) -> ObjectId {
        let idx = self.free_head as usize;
        if idx < self.entries.len() {
            let version = self.versions[idx] | 1;
            let Entry::Vacant { next_free } = self.entries[idx] else {
                unreachable!("the free list links vacant slots only");
            };
            self.free_head = next_free;
            self.entries[idx] = Entry::Occupied(value);
            self.versions[idx] = version;
            self.marks[idx] = UNMARKED;
            self.len += 1;
            return key(idx, version);
        }
        assert!(self.entries.len() < u32::MAX as usize, "World is full");
        self.entries.push(Entry::Occupied(value));
        self.versions.push(1);
        self.marks.push(UNMARKED);
        self.free_head = self.entries.len() as u32;
        self.len += 1;
        key(idx, 1)
    }

    /// Every slot's mark (tests look at them).
    #[cfg(test)]
    pub(crate) fn marks(&self) -> &[u8] {
        &self.marks
    }

    /// The slot index of `k` when it names a live object.
    fn slot(&self, k: ObjectId) -> Option<usize> {
        let (idx, version) = split(k);
        (self.versions.get(idx) == Some(&version) && version & 1 == 1).then_some(idx)
    }

    /// Remove the object `k` names.
    pub(crate) fn remove(&mut self, k: ObjectId) -> Option<T> {
        let idx = self.slot(k)?;
        let old = std::mem::replace(
            &mut self.entries[idx],
            Entry::Vacant {
                next_free: self.free_head,
            },
        );
        self.free_head = idx as u32;
        self.versions[idx] = self.versions[idx].wrapping_add(1);
        self.marks[idx] = UNMARKED;
        self.len -= 1;
        match old {
            Entry::Occupied(v) => Some(v),
            Entry::Vacant { .. } => None,
        }
    }

    /// The object `k` names.
    pub(crate) fn get(&self, k: ObjectId) -> Option<&T> {
        match &self.entries[self.slot(k)?] {
            Entry::Occupied(v) => Some(v),
            Entry::Vacant { .. } => None,
        }
    }

    /// The object `k` names, mutable (its mark cleared).
    pub(crate) fn get_mut(&mut self, k: ObjectId) -> Option<&mut T> {
        let idx = self.slot(k)?;
        self.marks[idx] = UNMARKED;
        match &mut self.entries[idx] {
            Entry::Occupied(v) => Some(v),
            Entry::Vacant { .. } => None,
        }
    }

    /// Objects with their keys, in slot order.
    pub(crate) fn iter(&self) -> impl Iterator<Item = (ObjectId, &T)> {
        self.versions
            .iter()
            .zip(&self.entries)
            .enumerate()
            .filter_map(|(i, (&v, e))| match e {
                Entry::Occupied(o) => Some((key(i, v), o)),
                Entry::Vacant { .. } => None,
            })
    }

    /// Objects with their keys, in slot order, mutable (every mark cleared).
    pub(crate) fn iter_mut(&mut self) -> impl Iterator<Item = (ObjectId, &mut T)> {
        self.marks.fill(UNMARKED);
        self.versions
            .iter()
            .zip(&mut self.entries)
            .enumerate()
            .filter_map(|(i, (&v, e))| match e {
                Entry::Occupied(o) => Some((key(i, v), o)),
                Entry::Vacant { .. } => None,
            })
    }

    /// The objects `pick` selects, with their keys, in slot order, mutable (the marks of the
    /// selected cleared, the others' kept).
    pub(crate) fn iter_mut_picked(
        &mut self,
        pick: impl Fn(&T) -> bool,
    ) -> impl Iterator<Item = (ObjectId, &mut T)> {
        self.versions
            .iter()
            .zip(&mut self.entries)
            .zip(&mut self.marks)
            .enumerate()
            .filter_map(move |(i, ((&v, e), m))| match e {
                Entry::Occupied(o) if pick(o) => {
                    *m = UNMARKED;
                    Some((key(i, v), o))
                }
                _ => None,
            })
    }

    /// Objects in slot order, mutable (every mark cleared).
    pub(crate) fn values_mut(&mut self) -> impl Iterator<Item = &mut T> {
        self.marks.fill(UNMARKED);
        self.entries.iter_mut().filter_map(|e| match e {
            Entry::Occupied(o) => Some(o),
            Entry::Vacant { .. } => None,
        })
    }
}

impl<T> Arena<T> {
    /// Run `f` on every object with its key and its mark, in slot order; the marks are `f`'s
    /// to keep (the world's step).
    #[inline]
    pub(crate) fn for_each_marked_mut(&mut self, mut f: impl FnMut(Slot, &mut T, &mut u8)) {
        for (i, ((&v, e), m)) in self
            .versions
            .iter()
            .zip(&mut self.entries)
            .zip(&mut self.marks)
            .enumerate()
        {
            if let Entry::Occupied(o) = e {
                f(Slot { idx: i, version: v }, o, m);
            }
        }
    }
}

impl<T: Send> Arena<T> {
    /// [`Self::for_each_marked_mut`] on rayon's pool, in no particular order: the slots are
    /// split into chunks of `chunk` without a serial pass over them first (see
    /// [`share_chunks`] for who runs them).
    pub(crate) fn par_for_each_marked_mut(
        &mut self,
        chunk: usize,
        f: impl Fn(Slot, &mut T, &mut u8) + Sync + Send,
    ) {
        let chunks = self
            .versions
            .chunks(chunk)
            .zip(self.entries.chunks_mut(chunk))
            .zip(self.marks.chunks_mut(chunk))
            .enumerate();
        share_chunks(chunks, |(c, ((versions, entries), marks))| {
            let first = c * chunk;
            for (j, ((&v, e), m)) in versions.iter().zip(entries).zip(marks).enumerate() {
                if let Entry::Occupied(o) = e {
                    f(
                        Slot {
                            idx: first + j,
                            version: v,
                        },
                        o,
                        m,
                    );
                }
            }
        });
    }

    /// Run `f` on every object with its key, on rayon's pool (every mark cleared): the slots
    /// are split into chunks of `chunk` without a serial pass over them first (see
    /// [`share_chunks`] for who runs them).
    pub(crate) fn par_for_each_mut(
        &mut self,
        chunk: usize,
        f: impl Fn(ObjectId, &mut T) + Sync + Send,
    ) {
        self.marks.fill(UNMARKED);
        let chunks = self
            .versions
            .chunks(chunk)
            .zip(self.entries.chunks_mut(chunk))
            .enumerate();
        share_chunks(chunks, |(c, (versions, entries))| {
            let first = c * chunk;
            for (j, (&v, e)) in versions.iter().zip(entries).enumerate() {
                if let Entry::Occupied(o) = e {
                    f(key(first + j, v), o);
                }
            }
        });
    }
}

/// Run `work` on every item of `chunks`, shared between the calling thread and all but one of
/// rayon's threads, each taking the next chunk from one queue until it is empty.
///
/// Why not a parallel iterator: called from outside the pool, rayon's iterators hand the whole
/// job to the pool and put the calling thread to sleep, so a step waits for the pool's threads
/// to wake, and on a machine busy with other work one of them often wakes only when the other
/// has done everything. Here the calling thread starts on the first chunk at once and the
/// pool's threads join as they wake; a late one costs only the chunks it did not take. The
/// queue is a lock taken once per chunk (hundreds of objects), which is nothing next to the
/// chunk's work.
fn share_chunks<I>(chunks: I, work: impl Fn(I::Item) + Sync)
where
    I: Iterator + Send,
{
    let queue = std::sync::Mutex::new(chunks);
    let run = || {
        loop {
            // A poisoned lock means another thread's chunk panicked; the queue itself is intact
            // and the panic reaches the caller when the scope ends.
            let next = queue
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .next();
            match next {
                Some(item) => work(item),
                None => break,
            }
        }
    };
    let helpers = rayon::current_num_threads().saturating_sub(1);
    rayon::in_place_scope(|s| {
        for _ in 0..helpers {
            s.spawn(|_| run());
        }
        run();
    });
}

impl<T> std::ops::Index<ObjectId> for Arena<T> {
    type Output = T;
    fn index(&self, k: ObjectId) -> &T {
        self.get(k)
            .expect("no object with this ObjectId in the world")
    }
}

impl<T> std::ops::IndexMut<ObjectId> for Arena<T> {
    fn index_mut(&mut self, k: ObjectId) -> &mut T {
        self.get_mut(k)
            .expect("no object with this ObjectId in the world")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use slotmap::SlotMap;

    /// Inserts and removals driven by `ops` give the same keys, the same lookups and the
    /// same slot order as `SlotMap`.
    fn same_as_slotmap(ops: &[(bool, usize)]) {
        let mut a: Arena<u32> = Arena::default();
        let mut s: SlotMap<ObjectId, u32> = SlotMap::with_key();
        let mut keys: Vec<ObjectId> = Vec::new();
        for (n, &(insert, pick)) in ops.iter().enumerate() {
            if insert || keys.is_empty() {
                let ka = a.insert(n as u32);
                let ks = s.insert(n as u32);
                assert_eq!(ka, ks, "key of insert {n}");
                keys.push(ka);
            } else {
                let k = keys[pick % keys.len()];
                assert_eq!(a.remove(k), s.remove(k), "removal {n}");
                assert_eq!(a.get(k), None);
            }
            assert_eq!(a.len(), s.len());
            assert_eq!(a.is_empty(), s.is_empty());
            for &k in &keys {
                assert_eq!(a.get(k), s.get(k));
            }
            let ia: Vec<_> = a.iter().map(|(k, &v)| (k, v)).collect();
            let is: Vec<_> = s.iter().map(|(k, &v)| (k, v)).collect();
            assert_eq!(ia, is, "slot order after op {n}");
        }
        let mut seen = Vec::new();
        let m = std::sync::Mutex::new(&mut seen);
        a.par_for_each_mut(3, |k, v| {
            *v += 1;
            m.lock().expect("not poisoned").push(k);
        });
        seen.sort_by_key(|&k| split(k).0);
        let is: Vec<_> = s.iter().map(|(k, _)| k).collect();
        assert_eq!(seen, is, "the parallel walk visits every object once");
        let va: Vec<_> = a.iter_mut().map(|(_, v)| *v).collect();
        let vs: Vec<_> = s.values_mut().map(|v| *v + 1).collect();
        assert_eq!(va, vs);
        assert_eq!(a.values_mut().count(), s.len());
    }

    #[test]
    fn keys_and_order_match_slotmap() {
        same_as_slotmap(&[(true, 0); 5]);
        same_as_slotmap(&[
            (true, 0),
            (true, 0),
            (true, 0),
            (false, 1),
            (false, 0),
            (true, 0),
            (false, 2),
            (true, 0),
            (true, 0),
            (false, 0),
            (false, 0),
            (false, 0),
            (false, 0),
            (true, 0),
        ]);
        // A pseudo-random mix.
        let mut x = 0x2545_f491_u32;
        let ops: Vec<_> = (0..400)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 17;
                x ^= x << 5;
                (!x.is_multiple_of(3), (x >> 8) as usize)
            })
            .collect();
        same_as_slotmap(&ops);
    }

    #[test]
    fn stale_and_null_keys_find_nothing() {
        let mut a: Arena<u8> = Arena::default();
        let k = a.insert(1);
        assert_eq!(a.remove(k), Some(1));
        assert_eq!(a.remove(k), None);
        let k2 = a.insert(2);
        assert_ne!(k, k2);
        assert_eq!(a.get(k), None);
        assert_eq!(a.get(ObjectId::default()), None);
        assert_eq!(a[k2], 2);
    }
}
