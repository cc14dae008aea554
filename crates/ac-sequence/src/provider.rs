//! Where the sequence gets its [`Animation`] records from.
//!
//! The player does no IO: it asks an [`AnimationSource`] for an already-decoded animation by id
//! and keeps the returned `Arc` in the node, so a node stays valid however the source changes.

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
}

/// An in-memory animation set: the cache a DAT-backed loader fills, and what tests and the
/// scenario runner build from their definitions.
///
/// A `BTreeMap` keeps iteration deterministic (nothing here depends on hash order).
#[derive(Debug, Clone, Default)]
pub struct AnimationCache {
    anims: BTreeMap<u32, Arc<Animation>>,
}

impl AnimationCache {
    /// An empty set.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds (or replaces) an animation under its own `id`.
    pub fn insert(&mut self, anim: Animation) -> Arc<Animation> {
        let arc = Arc::new(anim);
        self.anims.insert(arc.id, Arc::clone(&arc));
        arc
    }

    /// Adds (or replaces) an already shared animation under its own `id`.
    pub fn insert_arc(&mut self, anim: Arc<Animation>) {
        self.anims.insert(anim.id, anim);
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
    fn animation(&self, id: u32) -> Option<Arc<Animation>> {
        self.anims.get(&id).cloned()
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
