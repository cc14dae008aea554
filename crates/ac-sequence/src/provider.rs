//! Where the sequence gets its [`Animation`] records from.
//!
//! The player does no IO: it asks an [`AnimationSource`] for an already-decoded animation by id
//! and keeps the returned `Arc` in the node, so a node stays valid however the source changes.

use std::collections::BTreeMap;
use std::sync::Arc;

use ac_dat::Animation;

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
