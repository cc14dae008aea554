//! Serde helpers that write ids the way a person reads them: `"0x0900_0001"`-style hex strings.
//!
//! Enabled by the `serde` feature. Every file id, motion id and table key of the records is a
//! `u32` that people compare with hex dumps, packet logs and other tools, all of which print
//! hex; JSON numbers would show `150994945` for `0x09000001`. So ids serialize as
//! `"0x%08X"` strings, and the records' maps (a motion table's cycles, modifiers, links and
//! style defaults) serialize as JSON objects keyed by those strings, in file order.
//!
//! Reading accepts what writing produces and, for hand-written input, a JSON number or any
//! token [`MotionCommand`]'s `FromStr` takes (`"0x45000005"`,
//! `"1157627909"`, `"WalkForward"`). A map may repeat a key: entries are kept in document order,
//! exactly as a record keeps repeated keys (the resolver's "last one wins" applies later).
//!
//! Use the modules with `#[serde(with = "…")]` on your own fields:
//!
//! ```
//! # #[cfg(feature = "serde")] {
//! #[derive(serde::Serialize, serde::Deserialize)]
//! struct Row {
//!     #[serde(with = "ac_dat::serde_hex")]
//!     table: u32,
//! }
//! let json = serde_json::to_string(&Row { table: 0x0900_0001 }).unwrap();
//! assert_eq!(json, r#"{"table":"0x09000001"}"#);
//! # }
//! ```

use std::fmt;
use std::marker::PhantomData;

use serde::de::{self, MapAccess, SeqAccess, Visitor};
use serde::ser::{SerializeMap, SerializeSeq};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::motion::{MotionCommand, TableKey};

/// Writes `id` as `"0x%08X"`.
pub fn serialize<S: Serializer>(id: &u32, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(&format_args!("0x{id:08X}"))
}

/// Reads an id written by [`serialize`], a JSON number, or a motion name.
pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<u32, D::Error> {
    d.deserialize_any(IdVisitor)
}

struct IdVisitor;

impl Visitor<'_> for IdVisitor {
    type Value = u32;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an id: a \"0x…\" hex string, a motion name or a u32")
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<u32, E> {
        u32::try_from(v).map_err(|_| E::custom(format_args!("id {v} does not fit in a u32")))
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<u32, E> {
        u32::try_from(v).map_err(|_| E::custom(format_args!("id {v} does not fit in a u32")))
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<u32, E> {
        v.parse::<MotionCommand>().map(|m| m.0).map_err(E::custom)
    }
}

/// A `u32` that (de)serializes through this module: the key and value type of the maps.
#[derive(Clone, Copy)]
struct Hex(u32);

impl Serialize for Hex {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        serialize(&self.0, s)
    }
}

impl<'de> Deserialize<'de> for Hex {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        deserialize(d).map(Hex)
    }
}

impl Serialize for MotionCommand {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        serialize(&self.0, s)
    }
}

impl<'de> Deserialize<'de> for MotionCommand {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        deserialize(d).map(MotionCommand)
    }
}

impl Serialize for TableKey {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        serialize(&self.0, s)
    }
}

impl<'de> Deserialize<'de> for TableKey {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        deserialize(d).map(TableKey)
    }
}

/// A list of ids (a setup's parts) as a JSON array of hex strings.
pub mod seq {
    use super::*;

    /// Writes every id as `"0x%08X"`.
    pub fn serialize<S: Serializer>(ids: &[u32], s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(ids.len()))?;
        for &id in ids {
            seq.serialize_element(&Hex(id))?;
        }
        seq.end()
    }

    /// Reads an array of ids.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<u32>, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Vec<u32>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an array of ids")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut a: A) -> Result<Vec<u32>, A::Error> {
                let mut out = Vec::with_capacity(a.size_hint().unwrap_or(0).min(4096));
                while let Some(Hex(id)) = a.next_element()? {
                    out.push(id);
                }
                Ok(out)
            }
        }
        d.deserialize_seq(V)
    }
}

/// `(key, value)` entries in file order as a JSON object keyed by hex strings (a motion
/// table's cycles and modifiers).
pub mod map {
    use super::*;

    /// Writes the entries as an object, in order (a repeated key is written again).
    pub fn serialize<S: Serializer, T: Serialize>(
        entries: &[(u32, T)],
        s: S,
    ) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(entries.len()))?;
        for (k, v) in entries {
            map.serialize_entry(&Hex(*k), v)?;
        }
        map.end()
    }

    /// Reads an object's entries in document order (repeated keys kept).
    pub fn deserialize<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
        d: D,
    ) -> Result<Vec<(u32, T)>, D::Error> {
        d.deserialize_map(EntriesVisitor(PhantomData))
    }

    struct EntriesVisitor<T>(PhantomData<T>);

    impl<'de, T: Deserialize<'de>> Visitor<'de> for EntriesVisitor<T> {
        type Value = Vec<(u32, T)>;
        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("an object keyed by hex ids")
        }
        fn visit_map<A: MapAccess<'de>>(self, mut a: A) -> Result<Self::Value, A::Error> {
            let mut out = Vec::with_capacity(a.size_hint().unwrap_or(0).min(4096));
            while let Some((Hex(k), v)) = a.next_entry::<Hex, T>()? {
                out.push((k, v));
            }
            Ok(out)
        }
    }

    /// A borrowed entry list that serializes through [`serialize`] (a nested map's value).
    pub(crate) struct Ref<'a, T>(pub(crate) &'a [(u32, T)]);

    impl<T: Serialize> Serialize for Ref<'_, T> {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            serialize(self.0, s)
        }
    }

    /// An owned entry list that deserializes through [`deserialize`].
    pub(crate) struct Owned<T>(pub(crate) Vec<(u32, T)>);

    impl<'de, T: Deserialize<'de>> Deserialize<'de> for Owned<T> {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            deserialize(d).map(Owned)
        }
    }
}

/// `(id, id)` pairs (a motion table's style defaults) as an object of hex strings.
pub mod id_map {
    use super::*;

    /// Writes `{"0x8000003D": "0x41000003", …}` in order.
    pub fn serialize<S: Serializer>(entries: &[(u32, u32)], s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(entries.len()))?;
        for &(k, v) in entries {
            map.serialize_entry(&Hex(k), &Hex(v))?;
        }
        map.end()
    }

    /// Reads the pairs in document order.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<(u32, u32)>, D::Error> {
        let pairs: Vec<(u32, Hex)> = map::deserialize(d)?;
        Ok(pairs.into_iter().map(|(k, Hex(v))| (k, v)).collect())
    }
}

/// Nested maps (a motion table's links: outer key → target motion → data) as nested objects.
pub mod nested_map {
    use super::*;

    /// The entry groups of a nested map, in file order.
    pub type Groups<T> = Vec<(u32, Vec<(u32, T)>)>;

    /// Writes `{"0x003D0003": {"0x45000005": …}, …}` in order.
    pub fn serialize<S: Serializer, T: Serialize>(
        groups: &[(u32, Vec<(u32, T)>)],
        s: S,
    ) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(groups.len()))?;
        for (k, inner) in groups {
            map.serialize_entry(&Hex(*k), &map::Ref(inner))?;
        }
        map.end()
    }

    /// Reads the groups and their entries in document order.
    pub fn deserialize<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
        d: D,
    ) -> Result<Groups<T>, D::Error> {
        let groups: Vec<(u32, map::Owned<T>)> = map::deserialize(d)?;
        Ok(groups.into_iter().map(|(k, g)| (k, g.0)).collect())
    }
}

/// Opaque bytes (a setup's undecoded body) as one lowercase hex string.
pub mod bytes {
    use super::*;

    /// Writes `"0a1b…"`.
    pub fn serialize<S: Serializer>(bytes: &[u8], s: S) -> Result<S::Ok, S::Error> {
        struct Digits<'a>(&'a [u8]);
        impl fmt::Display for Digits<'_> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.0.iter().try_for_each(|b| write!(f, "{b:02x}"))
            }
        }
        s.collect_str(&Digits(bytes))
    }

    /// Reads an even-length hex string.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<u8>, D::Error> {
        let text = String::deserialize(d)?;
        if text.len() % 2 != 0 {
            return Err(de::Error::custom("odd number of hex digits"));
        }
        (0..text.len())
            .step_by(2)
            .map(|i| {
                text.get(i..i + 2)
                    .and_then(|pair| u8::from_str_radix(pair, 16).ok())
                    .ok_or_else(|| de::Error::custom(format_args!("bad hex byte at {i}")))
            })
            .collect()
    }
}
