//! Where the sequence gets its [`Animation`] records from.
//!
//! The player does no IO: it asks an [`AnimationSource`] for an already-decoded animation by id.
//! A node of an [`AnimationCache`]'s animation keeps its position in the cache (the sequence
//! holds the cache, which cannot change while shared); any other animation the sequence holds
//! as the returned `Arc`, so a node stays valid however the source changes.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, RwLock};

use ac_dat::{Animation, DatArchive, DatError, DatErrorKind, DirEntry};

/// A read-only lookup of decoded animations by file id (0x03xxxxxx).
///
/// `Send + Sync` so that objects holding a sequence can be simulated on worker threads.
pub trait AnimationSource: Send + Sync {
    /// The animation `id`, or `None` when it does not exist.
    fn animation(&self, id: u32) -> Option<Arc<Animation>>;

    /// This source as an [`AnimationCache`], when it is one (`None` by default).
    ///
    /// A [`crate::Sequence`] asks once, when it is given the source, and then looks its
    /// animations up in the cache directly instead of through the trait object: the same
    /// answers (it is the same cache), without a virtual call per appended animation.
    /// Only [`AnimationCache`] answers `Some` (itself).
    fn into_cache(self: Arc<Self>) -> Option<Arc<AnimationCache>> {
        None
    }
}

/// An in-memory animation set: the cache a DAT-backed loader fills, and what tests and the
/// scenario runner build from their definitions.
///
/// A `BTreeMap` keeps iteration deterministic (nothing here depends on hash order). Lookups
/// go through a second, open-addressing index over the same animations (a fixed
/// multiplicative hash of the id, linear probing, at most half full), which answers an
/// append's lookup in a few instructions instead of a B-tree descent; it only changes with
/// `&mut self` methods, so a cache shared as an [`AnimationSource`] always answers the same.
///
/// Each animation also has a stable position in the cache, kept in its lookup slot with the id
/// and frame count: a sequence reading from the cache keeps that position in its nodes instead
/// of a counted reference, so appending and removing a node touch no reference count.
#[derive(Debug, Clone, Default)]
pub struct AnimationCache {
    anims: BTreeMap<u32, Arc<Animation>>,
    /// Every animation of `anims`, at the position it got when its id was first inserted (a
    /// replacement takes over its predecessor's position; nothing is ever removed).
    dense: Vec<Arc<Animation>>,
    /// The lookup index: every id of `anims` in the slot it probes to, with its position in
    /// `dense` and frame count; empty or a power of two long, and more than twice as long as
    /// `anims` holds entries.
    slots: Vec<CacheSlot>,
}

/// What the lookup index knows of one animation: its id, its position in the cache and its
/// frame count, so an append finds everything it needs in one slot, without reading the
/// animation itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct CacheSlot {
    /// The animation's id.
    pub(crate) id: u32,
    /// Its position in the cache ([`EMPTY`] for a free slot).
    pub(crate) index: u32,
    /// Its frame count (`Animation::num_frames`).
    pub(crate) frames: u32,
}

/// The `index` of a free slot (no cache holds `u32::MAX` animations: positions stop below it).
const EMPTY: u32 = u32::MAX;

/// A free slot of the lookup index.
const FREE: CacheSlot = CacheSlot {
    id: 0,
    index: EMPTY,
    frames: 0,
};

/// The first slot `id` probes in an index of `2^bits` slots (`bits` ≥ 1): the top bits of
/// the id times the 32-bit golden ratio (Fibonacci hashing), which spreads consecutive ids
/// (the DAT's animation ids are dense in their low bits) evenly.
#[inline]
fn home_slot(id: u32, bits: u32) -> usize {
    (id.wrapping_mul(0x9E37_79B9) >> (32 - bits)) as usize
}

impl AnimationCache {
    /// An empty set.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds (or replaces) an animation under its own `id`.
    pub fn insert(&mut self, anim: Animation) -> Arc<Animation> {
        let arc = Arc::new(anim);
        self.insert_arc(Arc::clone(&arc));
        arc
    }

    /// Adds (or replaces) an already shared animation under its own `id`.
    ///
    /// A cache holds at most `u32::MAX - 1` distinct ids in its index (one per position);
    /// past that an id is kept but not found (far beyond any DAT's 65,536 animation ids).
    pub fn insert_arc(&mut self, anim: Arc<Animation>) {
        let id = anim.id;
        let frames = anim.num_frames();
        if self.anims.insert(id, Arc::clone(&anim)).is_some() {
            // Replaced: the id already has a slot and a position.
            if let Some(i) = self.find_slot(id)
                && let Some(slot) = self.slots.get_mut(i)
            {
                slot.frames = frames;
                if let Some(held) = self.dense.get_mut(slot.index as usize) {
                    *held = anim;
                }
            }
            return;
        }
        let Ok(index) = u32::try_from(self.dense.len()) else {
            return;
        };
        if index == EMPTY {
            return;
        }
        self.dense.push(anim);
        let slot = CacheSlot { id, index, frames };
        if self.anims.len() * 2 >= self.slots.len() {
            self.rebuild_index();
        } else {
            self.place(slot);
        }
    }

    /// `log2` of the index length (the index is never empty when this is asked).
    fn index_bits(&self) -> u32 {
        self.slots.len().trailing_zeros()
    }

    /// The animation `id` through the index (the same answer as `anims.get(&id)`).
    #[inline]
    pub(crate) fn get(&self, id: u32) -> Option<&Arc<Animation>> {
        self.at(self.find(id)?.index)
    }

    /// The index slot of `id`: its position in the cache and its frame count.
    #[inline]
    pub(crate) fn find(&self, id: u32) -> Option<CacheSlot> {
        self.slots.get(self.find_slot(id)?).copied()
    }

    /// The animation at a position the index gave (see [`Self::find`]).
    #[inline(always)]
    pub(crate) fn at(&self, index: u32) -> Option<&Arc<Animation>> {
        self.dense.get(index as usize)
    }

    /// Every animation, at the position the index gives it (see [`Self::find`]).
    pub(crate) fn animations(&self) -> &[Arc<Animation>] {
        &self.dense
    }

    /// The position of the slot holding `id` (`None` when the id is not indexed).
    #[inline]
    fn find_slot(&self, id: u32) -> Option<usize> {
        if self.slots.is_empty() {
            return None;
        }
        let mask = self.slots.len() - 1;
        let mut i = home_slot(id, self.index_bits());
        // At most half the slots are taken, so the probe meets an empty slot; bounding it by
        // the length anyway keeps the loop finite whatever happens.
        for _ in 0..self.slots.len() {
            let slot = self.slots.get(i)?;
            if slot.index == EMPTY {
                return None;
            }
            if slot.id == id {
                return Some(i);
            }
            i = (i + 1) & mask;
        }
        None
    }

    /// Puts a new id into the first free slot of its probe sequence (the index has room).
    fn place(&mut self, new: CacheSlot) {
        let mask = self.slots.len() - 1;
        let mut i = home_slot(new.id, self.index_bits());
        for _ in 0..self.slots.len() {
            match self.slots.get_mut(i) {
                Some(slot) if slot.index == EMPTY => {
                    *slot = new;
                    return;
                }
                Some(_) => i = (i + 1) & mask,
                None => return,
            }
        }
    }

    /// Rebuilds the index at four times the entry count (rounded up to a power of two, at
    /// least 8 slots), in position order.
    fn rebuild_index(&mut self) {
        let len = (self.anims.len() * 4).next_power_of_two().max(8);
        self.slots = vec![FREE; len];
        let held: Vec<CacheSlot> = (0u32..)
            .zip(&self.dense)
            .map(|(index, a)| CacheSlot {
                id: a.id,
                index,
                frames: a.num_frames(),
            })
            .collect();
        for slot in held {
            self.place(slot);
        }
    }

    /// Number of animations held.
    pub fn len(&self) -> usize {
        self.anims.len()
    }

    /// Whether no animation is held.
    pub fn is_empty(&self) -> bool {
        self.anims.is_empty()
    }

    /// The held ids in ascending order.
    pub fn ids(&self) -> impl Iterator<Item = u32> + '_ {
        self.anims.keys().copied()
    }
}

impl AnimationCache {
    /// Decodes every animation record (ids `0x03000000..=0x0300FFFF`) of a portal DAT.
    ///
    /// Fails on the first unreadable directory entry or record: a DAT-wide preload is a set-up
    /// step, where a corrupt file should be reported, not half-loaded. For lazy loading that
    /// tolerates bad records use [`DatAnimations`]. The directory is checked before anything
    /// is read ([`DatArchive::check_total_size`]), so the cost is bounded by the file's size
    /// whatever the entries claim.
    pub fn load_all(dat: &DatArchive) -> Result<Self, DatError> {
        let entries: Vec<DirEntry> = dat.entries_of::<Animation>().collect::<Result<_, _>>()?;
        dat.check_total_size(&entries)?;
        let mut c = Self::new();
        for entry in &entries {
            c.insert(dat.read_entry::<Animation>(entry)?);
        }
        Ok(c)
    }
}

impl FromIterator<Animation> for AnimationCache {
    fn from_iter<T: IntoIterator<Item = Animation>>(iter: T) -> Self {
        let mut c = Self::new();
        for a in iter {
            c.insert(a);
        }
        c
    }
}

impl AnimationSource for AnimationCache {
    #[inline]
    fn animation(&self, id: u32) -> Option<Arc<Animation>> {
        self.get(id).cloned()
    }

    fn into_cache(self: Arc<Self>) -> Option<Arc<AnimationCache>> {
        Some(self)
    }
}

/// A lazily loading animation source over a portal DAT: each id is decoded on first use and
/// cached (including misses), so a sequence never decodes the same record twice.
///
/// A record that fails to decode counts as missing (the sequence then reports it through
/// [`crate::Sequence::take_missing_animation`]); the error is kept for
/// [`DatAnimations::errors`]. Lock poisoning is ignored (the cache holds plain data).
///
/// The archive is opened by the caller; with [`DatArchive::open`] (positional reads) nothing
/// is mapped for the life of the world, and a file changed underneath yields errors, not a
/// signal. Since every id is decoded once, the bytes read over the source's life are bounded
/// by the file's capacity: a directory whose animation entries share blocks (so that their
/// sizes add up to more) is refused from that point on ([`DatErrorKind::Overcommitted`]).
pub struct DatAnimations {
    dat: DatArchive,
    cache: RwLock<BTreeMap<u32, Option<Arc<Animation>>>>,
    errors: RwLock<Vec<(u32, String)>>,
    bytes_read: AtomicU64,
    records_read: AtomicUsize,
}

impl std::fmt::Debug for DatAnimations {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DatAnimations")
            .field("dat", &self.dat)
            .field("cached", &self.cached_len())
            .finish()
    }
}

impl DatAnimations {
    /// Wraps an opened DAT.
    pub fn new(dat: DatArchive) -> Self {
        Self {
            dat,
            cache: RwLock::new(BTreeMap::new()),
            errors: RwLock::new(Vec::new()),
            bytes_read: AtomicU64::new(0),
            records_read: AtomicUsize::new(0),
        }
    }

    /// Reads one entry, charging its size to the source's lifetime budget first.
    fn load(&self, entry: &DirEntry) -> Result<Animation, DatError> {
        let claimed = self
            .bytes_read
            .fetch_add(u64::from(entry.size), Ordering::Relaxed)
            + u64::from(entry.size);
        let entries = self.records_read.fetch_add(1, Ordering::Relaxed) + 1;
        let capacity = self.dat.capacity();
        if claimed > capacity {
            return Err(DatError::for_id(
                entry.id,
                DatErrorKind::Overcommitted {
                    entries,
                    claimed,
                    capacity,
                },
            ));
        }
        self.dat.read_entry::<Animation>(entry)
    }

    /// The underlying archive.
    pub fn archive(&self) -> &DatArchive {
        &self.dat
    }

    /// Number of ids looked up so far (hits and misses).
    pub fn cached_len(&self) -> usize {
        self.cache.read().unwrap_or_else(|e| e.into_inner()).len()
    }

    /// Decode errors met so far, as `(id, message)` in the order they happened.
    pub fn errors(&self) -> Vec<(u32, String)> {
        self.errors
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }
}

impl AnimationSource for DatAnimations {
    fn animation(&self, id: u32) -> Option<Arc<Animation>> {
        if let Some(hit) = self
            .cache
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .get(&id)
        {
            return hit.clone();
        }
        let loaded = match self.dat.entry(id) {
            Ok(Some(entry)) => match self.load(&entry) {
                Ok(a) => Some(Arc::new(a)),
                Err(e) => {
                    self.errors
                        .write()
                        .unwrap_or_else(|p| p.into_inner())
                        .push((id, e.to_string()));
                    None
                }
            },
            Ok(None) => None,
            Err(e) => {
                self.errors
                    .write()
                    .unwrap_or_else(|p| p.into_inner())
                    .push((id, e.to_string()));
                None
            }
        };
        self.cache
            .write()
            .unwrap_or_else(|e| e.into_inner())
            .insert(id, loaded.clone());
        loaded
    }
}

/// A source with no animations at all (every lookup misses); handy for sequences that are only
/// used for their velocity/omega integration.
#[derive(Debug, Clone, Copy, Default)]
pub struct NoAnimations;

impl AnimationSource for NoAnimations {
    fn animation(&self, _id: u32) -> Option<Arc<Animation>> {
        None
    }
}

impl<S: AnimationSource + ?Sized> AnimationSource for Arc<S> {
    fn animation(&self, id: u32) -> Option<Arc<Animation>> {
        (**self).animation(id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn anim(id: u32, frames: usize) -> Animation {
        Animation {
            id,
            part_frames: vec![ac_dat::AnimationFrame::default(); frames],
            ..Animation::default()
        }
    }

    /// The index answers exactly what the map holds, for dense ids, ids that share their low
    /// bits, replacements, and ids that were never inserted.
    #[test]
    fn index_answers_what_the_map_holds() {
        let mut c = AnimationCache::new();
        assert!(c.animation(0x0300_0001).is_none());
        let mut ids: Vec<u32> = (0..300).map(|i| 0x0300_0000 + i).collect();
        ids.extend((0..64).map(|i| 0x0300_0000 + (i << 16)));
        ids.extend((0..64u32).map(|i| i.wrapping_mul(0x9E37_79B9)));
        let mut x = 0x2545_F491u32;
        for k in 0..2_000usize {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            let id = ids[x as usize % ids.len()];
            c.insert(anim(id, k % 7));
            let probe = ids[(x >> 7) as usize % ids.len()];
            let want = c.anims.get(&probe).map(Arc::as_ptr);
            assert_eq!(
                c.animation(probe).as_ref().map(Arc::as_ptr),
                want,
                "{probe:08X}"
            );
            assert!(c.slots.len() > 2 * c.len());
        }
        for id in ids
            .iter()
            .copied()
            .chain([0, u32::MAX, 0x0300_FFFF, 0x0400_0000])
        {
            let want = c.anims.get(&id).map(Arc::as_ptr);
            assert_eq!(c.animation(id).as_ref().map(Arc::as_ptr), want, "{id:08X}");
        }
        let held = c.slots.iter().filter(|s| s.index != EMPTY).count();
        assert_eq!(held, c.len());
        assert_eq!(c.dense.len(), c.len());
        for s in c.slots.iter().filter(|s| s.index != EMPTY) {
            let a = c.at(s.index).expect("a position the index gave");
            assert_eq!((a.id, a.num_frames()), (s.id, s.frames));
            assert!(Arc::ptr_eq(a, &c.anims[&s.id]));
        }
    }

    #[test]
    fn replacing_an_animation_is_seen_by_lookups() {
        let mut c = AnimationCache::new();
        c.insert(anim(0x0300_0002, 3));
        c.insert(anim(0x0300_0002, 5));
        assert_eq!(c.len(), 1);
        let a = c.animation(0x0300_0002).map(|a| a.part_frames.len());
        assert_eq!(a, Some(5));
        let clone = c.clone();
        assert_eq!(
            clone.animation(0x0300_0002).map(|a| a.part_frames.len()),
            Some(5)
        );
    }
}
