//! What a sequence shares with every sequence built from the same animation source and rules.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError, Weak};

use ac_dat::Animation;
use ac_motiontable::{Rules, SharedRules};

use crate::provider::{AnimationCache, AnimationSource, CacheSlot};

/// A sequence's animation source and rules, behind one shared handle ([`SharedEnv`]).
pub(crate) struct Env {
    /// The source as given.
    pub(crate) source: Arc<dyn AnimationSource>,
    /// The same source when it is an [`AnimationCache`] (looked up without a virtual call).
    cache: Option<Arc<AnimationCache>>,
    /// The cache's animations by position (empty without a cache), kept here so that reading
    /// a node's animation, once or more per update, is one bounds-checked load from the
    /// environment rather than a walk through the optional cache handle. A copy is exact: the
    /// cache behind the shared handle never changes.
    anims: Box<[Arc<Animation>]>,
    /// The rules.
    pub(crate) rules: SharedRules,
}

impl Env {
    /// Where the animation `id` is when the source is a cache holding it: its position in
    /// the cache and its frame count (`None` otherwise: the source is not a cache, or does
    /// not have it).
    #[inline(always)]
    pub(crate) fn cached(&self, id: u32) -> Option<CacheSlot> {
        self.cache.as_deref()?.find(id)
    }

    /// The animation at a position [`Self::cached`] gave (`None` for any other number, e.g.
    /// a node's mark for an animation it holds itself).
    #[inline(always)]
    pub(crate) fn cached_at(&self, index: u32) -> Option<&Arc<Animation>> {
        self.anims.get(index as usize)
    }

    /// Whether `other` reads from the very same cache (so positions in it mean the same).
    pub(crate) fn same_cache(&self, other: &Env) -> bool {
        match (&self.cache, &other.cache) {
            (Some(a), Some(b)) => Arc::ptr_eq(a, b),
            _ => false,
        }
    }

    /// The animation `id`: what `source.animation(id)` answers (when the source is a cache,
    /// `cache` is that same cache, and its `animation` is `get(id).cloned()`).
    #[inline(always)]
    pub(crate) fn animation(&self, id: u32) -> Option<Arc<Animation>> {
        match &self.cache {
            Some(c) => c.get(id).cloned(),
            None => self.source.animation(id),
        }
    }
}

/// An [`Env`] shared by every sequence built from the same source (the same allocation) under
/// equal rules: one 8-byte handle per sequence instead of a 16-byte trait object and an 8-byte
/// rules handle.
///
/// [`SharedEnv::new`] interns through a table of weak references keyed by the addresses of
/// the source and of the (interned) rules, so sequences of one world share one `Env`, and an
/// `Env` nobody uses any more is freed (with its hold on the source).
#[derive(Clone)]
pub(crate) struct SharedEnv(Arc<Env>);

/// The interning table: `(source address, rules address)` → the live `Env` for them, plus the
/// number of entries after the last sweep of dead ones.
type Table = (HashMap<(usize, usize), Weak<Env>>, usize);

/// The interning table of [`SharedEnv::new`].
static INTERNED: Mutex<Option<Table>> = Mutex::new(None);

impl SharedEnv {
    /// The shared environment of `source` under `rules`.
    pub(crate) fn new(source: Arc<dyn AnimationSource>, rules: SharedRules) -> Self {
        let key = (
            Arc::as_ptr(&source).cast::<()>() as usize,
            std::ptr::from_ref::<Rules>(&*rules) as usize,
        );
        // A poisoned table is still a valid map of weak references.
        let mut guard = INTERNED.lock().unwrap_or_else(PoisonError::into_inner);
        let (table, swept) = guard.get_or_insert_with(|| (HashMap::new(), 0));
        // A live entry holds its source and rules, so their addresses cannot have been reused:
        // an entry that upgrades is for this very source and rules (checked anyway).
        if let Some(env) = table.get(&key).and_then(Weak::upgrade)
            && Arc::ptr_eq(&env.source, &source)
            && env.rules == rules
        {
            return SharedEnv(env);
        }
        if table.len() >= 2 * *swept + 64 {
            table.retain(|_, w| w.strong_count() > 0);
            *swept = table.len();
        }
        let cache = Arc::clone(&source).into_cache();
        let anims = cache
            .as_deref()
            .map_or_else(Box::default, |c| c.animations().into());
        let env = Arc::new(Env {
            source,
            cache,
            anims,
            rules,
        });
        table.insert(key, Arc::downgrade(&env));
        SharedEnv(env)
    }
}

impl std::ops::Deref for SharedEnv {
    type Target = Env;
    #[inline(always)]
    fn deref(&self) -> &Env {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_sources_and_rules_share_one_env() {
        let src: Arc<dyn AnimationSource> = Arc::new(AnimationCache::new());
        let a = SharedEnv::new(Arc::clone(&src), SharedRules::new(Rules::ace()));
        let b = SharedEnv::new(Arc::clone(&src), SharedRules::new(Rules::ace()));
        assert!(Arc::ptr_eq(&a.0, &b.0));
        assert!(a.cache.is_some());
        let c = SharedEnv::new(Arc::clone(&src), SharedRules::new(Rules::retail()));
        assert!(!Arc::ptr_eq(&a.0, &c.0));
        let other: Arc<dyn AnimationSource> = Arc::new(crate::NoAnimations);
        let d = SharedEnv::new(other, SharedRules::new(Rules::ace()));
        assert!(!Arc::ptr_eq(&a.0, &d.0));
        assert!(d.cache.is_none());
    }

    /// The cache shortcut answers what the trait object answers, for every id (present or
    /// not), and a source that merely wraps a cache takes the trait object's way.
    #[test]
    fn the_cache_shortcut_answers_what_the_source_answers() {
        let mut c = AnimationCache::new();
        for i in 0..40u32 {
            c.insert(Animation {
                id: 0x0300_0000 + i * 7,
                ..Animation::default()
            });
        }
        let c = Arc::new(c);
        let src: Arc<dyn AnimationSource> = c.clone();
        let wrapped: Arc<dyn AnimationSource> = Arc::new(Arc::clone(&c));
        let fast = SharedEnv::new(src.clone(), SharedRules::new(Rules::ace()));
        let slow = SharedEnv::new(wrapped, SharedRules::new(Rules::ace()));
        assert!(fast.cache.is_some());
        assert!(slow.cache.is_none());
        for id in (0x0300_0000..0x0300_0200).chain([0, u32::MAX]) {
            let want = src.animation(id).map(|a| Arc::as_ptr(&a));
            assert_eq!(
                fast.animation(id).map(|a| Arc::as_ptr(&a)),
                want,
                "{id:08X}"
            );
            assert_eq!(
                slow.animation(id).map(|a| Arc::as_ptr(&a)),
                want,
                "{id:08X}"
            );
        }
    }

    #[test]
    fn a_dropped_env_frees_its_source() {
        let src: Arc<dyn AnimationSource> = Arc::new(AnimationCache::new());
        let weak = Arc::downgrade(&src);
        let env = SharedEnv::new(src, SharedRules::new(Rules::ace()));
        assert!(weak.upgrade().is_some());
        drop(env);
        assert!(weak.upgrade().is_none());
    }

    #[test]
    fn many_distinct_sources_do_not_pile_up() {
        for _ in 0..1_000 {
            let src: Arc<dyn AnimationSource> = Arc::new(crate::NoAnimations);
            drop(SharedEnv::new(src, SharedRules::new(Rules::ace())));
        }
        let src: Arc<dyn AnimationSource> = Arc::new(crate::NoAnimations);
        let env = SharedEnv::new(src, SharedRules::new(Rules::ace()));
        assert!(env.source.animation(0x0300_0001).is_none());
        // Dead entries are swept as the table grows (other tests may add a few live ones).
        let len = INTERNED
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .as_ref()
            .map_or(0, |t| t.0.len());
        assert!(len < 500, "{len} entries");
    }
}
