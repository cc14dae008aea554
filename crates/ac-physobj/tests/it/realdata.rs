//! The recorded message sessions of `fixtures/realdata/` (MIT, provenance in its README).

use std::path::PathBuf;

use ac_physobj::wire::Message;

/// One recorded message.
pub struct Record {
    /// Session file stem.
    pub session: String,
    /// Message number in the session.
    pub idx: u64,
    /// `c2s` or `s2c`.
    pub dir: String,
    /// When it was recorded (seconds since the session started).
    pub t_rel: f64,
    /// The whole message, opcode included.
    pub bytes: Vec<u8>,
    /// The canonical text the independent decoder printed.
    pub canonical: String,
}

impl Record {
    /// `session idx N` for assertion messages.
    pub fn name(&self) -> String {
        format!("{} idx {}", self.session, self.idx)
    }

    /// The decoded message (the round-trip test proves this succeeds for every record).
    pub fn message(&self) -> Message {
        Message::decode(&self.bytes).unwrap_or_else(|e| panic!("{}: {e}", self.name()))
    }
}

/// The session files, sorted by name.
pub const SESSIONS: [&str; 2] = ["combat-mode-while-moving", "first-login-walk-jump"];

/// Every record of `session`, in recording order.
pub fn session(session: &str) -> Vec<Record> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../fixtures/realdata")
        .join(format!("{session}.jsonl"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .map(|line| {
            let v: serde_json::Value = serde_json::from_str(line).expect("a JSON object per line");
            let hex = v["payload_hex"].as_str().expect("payload_hex");
            Record {
                session: session.to_owned(),
                idx: v["idx"].as_u64().expect("idx"),
                dir: v["dir"].as_str().expect("dir").to_owned(),
                t_rel: v["t_rel"].as_f64().expect("t_rel"),
                bytes: (0..hex.len())
                    .step_by(2)
                    .map(|i| u8::from_str_radix(&hex[i..i + 2], 16).expect("hex"))
                    .collect(),
                canonical: v["decode"].as_str().expect("decode").to_owned(),
            }
        })
        .collect()
}
