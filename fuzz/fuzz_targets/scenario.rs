//! The conformance scenario parser and runner on arbitrary text: a trace or a
//! `scenario line N:` error naming a line of the input, never a panic or a hang.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let outcome = xtask::scenario::run_text(&text);
    if let Some(err) = outcome.error {
        let lines = text.lines().count();
        assert!(
            err.line >= 1 && err.line <= lines,
            "{err} (the input has {lines} lines)"
        );
    }
});
