//! Whole movement messages (`ac_physobj::wire::Message`) on arbitrary bytes: a decode never
//! panics, and an accepted message re-encodes to exactly its bytes and prints its canonical
//! text.

#![no_main]

use ac_physobj::wire::Message;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(msg) = Message::decode(data) {
        let text = msg.to_string();
        let again = msg.encode().expect("an accepted message encodes");
        assert_eq!(again, data, "`{text}` does not round-trip");
    }
});
