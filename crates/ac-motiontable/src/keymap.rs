//! [`KeyMap`]: the resolver's lookup index, a hash table built once per motion table.
//!
//! A resolver call makes three to six lookups (style default, cycle, links), so they decide
//! much of its cost. A sorted list answers in `log2(n)` dependent compares; this table answers
//! in one multiply, one shift and (at half load, almost always) one compare. It is built once
//! when the [`crate::Resolver`] is made and shared by every object using the table.

/// An open-addressing table from `u64` keys to `u32` values: no removal, no growth, at most
/// half full (so a probe always ends at an empty slot), linear probing. Always at least two
/// slots, so a lookup needs no test for an empty table.
#[derive(Debug, Clone)]
pub(crate) struct KeyMap {
    /// `(key, value)`; [`EMPTY`] marks a free slot.
    slots: Box<[(u64, u32)]>,
    /// `64 − log2(slots.len())`: the hash keeps the product's high bits (Fibonacci hashing).
    shift: u32,
}

/// The value of a free slot (an index of a motion table never reaches it).
const EMPTY: u32 = u32::MAX;

/// Knuth's multiplicative constant, 2⁶⁴ / φ.
const FIBONACCI: u64 = 0x9E37_79B9_7F4A_7C15;

impl KeyMap {
    /// The map of `entries`; a key given twice keeps its last value (dictionary overwrite).
    pub(crate) fn new(entries: impl ExactSizeIterator<Item = (u64, u32)>) -> Self {
        let capacity = (entries.len() * 2).next_power_of_two().max(2);
        let mut map = KeyMap {
            slots: vec![(0, EMPTY); capacity].into_boxed_slice(),
            shift: 64 - capacity.trailing_zeros(),
        };
        for (key, value) in entries {
            assert_ne!(value, EMPTY, "a motion table index fits below u32::MAX");
            let i = map.slot(key);
            map.slots[i] = (key, value);
        }
        map
    }

    /// The slot holding `key`, or the empty slot where it would go.
    #[inline]
    fn slot(&self, key: u64) -> usize {
        let mask = self.slots.len() - 1;
        let mut i = (key.wrapping_mul(FIBONACCI) >> self.shift) as usize;
        loop {
            let (k, v) = self.slots[i];
            if v == EMPTY || k == key {
                return i;
            }
            i = (i + 1) & mask;
        }
    }

    /// The value of `key`.
    #[inline]
    pub(crate) fn get(&self, key: u64) -> Option<u32> {
        let (_, v) = self.slots[self.slot(key)];
        (v != EMPTY).then_some(v)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_every_key_and_only_those() {
        let keys: Vec<u64> = (0..200u64).map(|i| (i << 16) | (i * 7)).collect();
        let map = KeyMap::new(keys.iter().enumerate().map(|(i, &k)| (k, i as u32)));
        for (i, &k) in keys.iter().enumerate() {
            assert_eq!(map.get(k), Some(i as u32));
        }
        assert_eq!(map.get(1), None);
        assert_eq!(map.get(u64::MAX), None);
    }

    #[test]
    fn a_repeated_key_keeps_the_last_value() {
        let map = KeyMap::new([(5, 1), (9, 2), (5, 3)].into_iter());
        assert_eq!(map.get(5), Some(3));
        assert_eq!(map.get(9), Some(2));
    }

    #[test]
    fn an_empty_map_finds_nothing() {
        let empty = KeyMap::new(std::iter::empty());
        assert_eq!(
            empty.slots.len(),
            2,
            "an empty map still has its free slots"
        );
        assert_eq!(empty.get(0), None);
        assert_eq!(empty.get(u64::MAX), None);
    }
}
