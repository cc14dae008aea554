//! [`AnimList`]: the animations of a [`MotionData`](super::MotionData), one of them inline.

use std::fmt;
use std::ops::{Deref, DerefMut};

use super::AnimData;

/// The animations of a [`MotionData`](super::MotionData), in play order: a list of
/// [`AnimData`] that keeps a single animation inline and only puts two or more on the heap.
///
/// Almost every MotionData of a motion table plays one animation, so a table of thousands of
/// them decodes (and drops) without an allocation each. It reads as a slice (`Deref` to
/// `[AnimData]`: `len`, `iter`, indexing, `first`, `for a in &list`); build it from a `Vec`
/// (`vec.into()`), by `collect`, or with [`AnimList::push`]. Two lists are equal when their
/// animations are; `Debug` prints the slice and serde (feature `serde`) reads and writes a
/// sequence, exactly as a `Vec<AnimData>` does.
#[derive(Clone, Default)]
pub struct AnimList(Repr);

#[derive(Clone)]
enum Repr {
    /// Exactly one animation.
    One(AnimData),
    /// Any other number (an empty `Vec` does not allocate).
    Many(Vec<AnimData>),
}

impl Default for Repr {
    fn default() -> Self {
        Repr::Many(Vec::new())
    }
}

impl AnimList {
    /// An empty list.
    pub const fn new() -> Self {
        Self(Repr::Many(Vec::new()))
    }

    /// A list of the single animation `a` (no allocation).
    pub const fn one(a: AnimData) -> Self {
        Self(Repr::One(a))
    }

    /// An empty list with room for `n` animations (allocates only for two or more).
    pub fn with_capacity(n: usize) -> Self {
        if n <= 1 {
            Self::new()
        } else {
            Self(Repr::Many(Vec::with_capacity(n)))
        }
    }

    /// The animations as a slice.
    #[inline]
    pub fn as_slice(&self) -> &[AnimData] {
        match &self.0 {
            Repr::One(a) => std::slice::from_ref(a),
            Repr::Many(v) => v,
        }
    }

    /// The animations as a mutable slice.
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [AnimData] {
        match &mut self.0 {
            Repr::One(a) => std::slice::from_mut(a),
            Repr::Many(v) => v,
        }
    }

    /// Appends `a` (the first animation of an empty list without a reserved capacity is kept
    /// inline).
    pub fn push(&mut self, a: AnimData) {
        match &mut self.0 {
            Repr::Many(v) if v.is_empty() && v.capacity() == 0 => self.0 = Repr::One(a),
            Repr::Many(v) => v.push(a),
            Repr::One(first) => self.0 = Repr::Many(vec![*first, a]),
        }
    }

    /// The animations as a `Vec`.
    pub fn into_vec(self) -> Vec<AnimData> {
        match self.0 {
            Repr::One(a) => vec![a],
            Repr::Many(v) => v,
        }
    }
}

impl Deref for AnimList {
    type Target = [AnimData];
    #[inline]
    fn deref(&self) -> &[AnimData] {
        self.as_slice()
    }
}

impl DerefMut for AnimList {
    #[inline]
    fn deref_mut(&mut self) -> &mut [AnimData] {
        self.as_mut_slice()
    }
}

impl From<Vec<AnimData>> for AnimList {
    /// The list of `v`'s animations (a single one moves inline and `v`'s buffer is freed).
    fn from(v: Vec<AnimData>) -> Self {
        match v.as_slice() {
            [a] => Self::one(*a),
            _ => Self(Repr::Many(v)),
        }
    }
}

impl From<AnimList> for Vec<AnimData> {
    fn from(l: AnimList) -> Self {
        l.into_vec()
    }
}

impl FromIterator<AnimData> for AnimList {
    fn from_iter<I: IntoIterator<Item = AnimData>>(iter: I) -> Self {
        let mut l = Self::new();
        l.extend(iter);
        l
    }
}

impl Extend<AnimData> for AnimList {
    fn extend<I: IntoIterator<Item = AnimData>>(&mut self, iter: I) {
        for a in iter {
            self.push(a);
        }
    }
}

impl<'a> IntoIterator for &'a AnimList {
    type Item = &'a AnimData;
    type IntoIter = std::slice::Iter<'a, AnimData>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

impl<'a> IntoIterator for &'a mut AnimList {
    type Item = &'a mut AnimData;
    type IntoIter = std::slice::IterMut<'a, AnimData>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_mut_slice().iter_mut()
    }
}

impl IntoIterator for AnimList {
    type Item = AnimData;
    type IntoIter = std::vec::IntoIter<AnimData>;
    fn into_iter(self) -> Self::IntoIter {
        self.into_vec().into_iter()
    }
}

impl PartialEq for AnimList {
    fn eq(&self, other: &Self) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl PartialEq<[AnimData]> for AnimList {
    fn eq(&self, other: &[AnimData]) -> bool {
        self.as_slice() == other
    }
}

impl PartialEq<Vec<AnimData>> for AnimList {
    fn eq(&self, other: &Vec<AnimData>) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl fmt::Debug for AnimList {
    /// As the slice (the same text as a `Vec<AnimData>`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.as_slice().fmt(f)
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for AnimList {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.as_slice())
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for AnimList {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Vec::<AnimData>::deserialize(d).map(Self::from)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn a(id: u32) -> AnimData {
        AnimData::new(id)
    }

    #[test]
    fn reads_like_the_vec_it_was_built_from() {
        for n in 0..5u32 {
            let v: Vec<AnimData> = (0..n).map(a).collect();
            let from_vec = AnimList::from(v.clone());
            let collected: AnimList = v.iter().copied().collect();
            let mut pushed = AnimList::with_capacity(n as usize);
            for &x in &v {
                pushed.push(x);
            }
            for l in [&from_vec, &collected, &pushed] {
                assert_eq!(l.as_slice(), v.as_slice());
                assert_eq!(*l, v);
                assert_eq!(format!("{l:?}"), format!("{v:?}"));
                assert_eq!(l.clone().into_vec(), v);
                assert_eq!(l.iter().count(), n as usize);
            }
            assert_eq!(from_vec, collected);
        }
    }

    #[test]
    fn one_animation_is_inline_and_the_list_is_no_larger_than_a_vec() {
        assert!(matches!(AnimList::from(vec![a(1)]).0, Repr::One(_)));
        assert!(matches!(
            [a(1)].into_iter().collect::<AnimList>().0,
            Repr::One(_)
        ));
        assert!(matches!(AnimList::from(vec![a(1), a(2)]).0, Repr::Many(_)));
        assert_eq!(
            std::mem::size_of::<AnimList>(),
            std::mem::size_of::<Vec<AnimData>>()
        );
    }

    #[test]
    fn changes_in_place() {
        let mut l = AnimList::one(a(1));
        l[0].framerate = -30.0;
        for x in &mut l {
            x.low_frame = 2;
        }
        l.push(a(3));
        assert_eq!(
            l.as_slice(),
            [AnimData::with_range(1, 2, -1, -30.0), a(3)].as_slice()
        );
    }
}
