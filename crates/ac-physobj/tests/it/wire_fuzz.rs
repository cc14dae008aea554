//! Random and mutated messages never panic, and whatever decodes re-encodes to the same
//! bytes. Mutations start from the recorded messages.
//!
//! Case counts follow `PROPTEST_CASES` (256 by default); a long run:
//! `PROPTEST_CASES=100000 cargo nextest run --release -p ac-physobj wire_fuzz`.

use std::sync::LazyLock;

use ac_physobj::wire::Message;
use proptest::prelude::*;

use crate::realdata::{SESSIONS, session};

static RECORDED: LazyLock<Vec<Vec<u8>>> = LazyLock::new(|| {
    SESSIONS
        .iter()
        .flat_map(|s| session(s))
        .map(|r| r.bytes)
        .collect()
});

/// A buffer edit: overwrite, drop or insert a byte, or cut the tail.
#[derive(Debug, Clone)]
enum Edit {
    Set(usize, u8),
    Remove(usize),
    Insert(usize, u8),
    Truncate(usize),
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        4 => (any::<usize>(), any::<u8>()).prop_map(|(i, b)| Edit::Set(i, b)),
        1 => any::<usize>().prop_map(Edit::Remove),
        1 => (any::<usize>(), any::<u8>()).prop_map(|(i, b)| Edit::Insert(i, b)),
        1 => any::<usize>().prop_map(Edit::Truncate),
    ]
}

fn apply(mut bytes: Vec<u8>, edits: &[Edit]) -> Vec<u8> {
    for e in edits {
        let n = bytes.len();
        match *e {
            Edit::Set(i, b) if n > 0 => bytes[i % n] = b,
            Edit::Remove(i) if n > 0 => {
                bytes.remove(i % n);
            }
            Edit::Insert(i, b) => bytes.insert(i % (n + 1), b),
            Edit::Truncate(i) => bytes.truncate(i % (n + 1)),
            _ => {}
        }
    }
    bytes
}

fn check(bytes: &[u8]) -> Result<(), TestCaseError> {
    match Message::decode(bytes) {
        Ok(m) => {
            prop_assert_eq!(m.encode().unwrap(), bytes);
            let _ = m.to_string();
        }
        Err(e) => prop_assert!(e.offset() <= bytes.len() as u64, "{e}"),
    }
    Ok(())
}

proptest! {
    #[test]
    fn mutated_recorded_messages_never_panic(
        pick in any::<prop::sample::Index>(),
        edits in proptest::collection::vec(edit(), 1..4),
    ) {
        let bytes = pick.get(&RECORDED).clone();
        check(&apply(bytes, &edits))?;
    }

    #[test]
    fn random_messages_never_panic(
        op in prop_oneof![
            Just(0xF7B1u32), Just(0xF74C), Just(0xF748), Just(0xF74E), Just(0xF745), any::<u32>()
        ],
        action in prop_oneof![Just(0xF61Cu32), Just(0xF753), Just(0xF61B), any::<u32>()],
        tail in proptest::collection::vec(any::<u8>(), 0..160),
    ) {
        let mut bytes = op.to_le_bytes().to_vec();
        if op == 0xF7B1 {
            bytes.extend([0, 0, 0, 0]);
            bytes.extend(action.to_le_bytes());
        }
        bytes.extend(tail);
        check(&bytes)?;
    }
}
