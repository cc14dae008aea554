//! Every retail-recorded MovementData blob decodes, re-encodes byte-identically and prints the
//! canonical text stored beside it.
//!
//! The blobs (137 distinct, carried by 9,567 objects) are data exported from retail captures
//! under AGPL-3.0, so they are not in this repository: the test reads
//! `../shared/realdata/movement-data.tsv` next to the workspace. In CI (`CI=true`) the file must
//! be there; elsewhere its absence skips the test with a message.

use std::path::PathBuf;

use ac_motioninterp::wire::{InterpretedMotionStatePack, Movement, MovementData};

const EXPECTED_ROWS: usize = 137;

/// The TSV, or `None` (with the reason printed) when it is absent outside CI.
fn load_tsv() -> Option<String> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/realdata/movement-data.tsv");
    match std::fs::read_to_string(&path) {
        Ok(text) => Some(text),
        Err(e) if std::env::var("CI").as_deref() == Ok("true") => {
            panic!("CI=true but {} is unreadable: {e}", path.display())
        }
        Err(e) => {
            println!(
                "skipped: the recorded MovementData blobs are not here ({}: {e})",
                path.display()
            );
            None
        }
    }
}

struct Row {
    bytes: Vec<u8>,
    canonical: String,
}

fn rows(text: &str) -> Vec<Row> {
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().expect("header").split('\t').collect();
    let col = |name: &str| header.iter().position(|h| *h == name).expect(name);
    let (hex, canon) = (col("blob_hex"), col("canonical"));
    lines
        .map(|line| {
            let cols: Vec<&str> = line.split('\t').collect();
            Row {
                bytes: hex_bytes(cols[hex]),
                canonical: cols[canon].to_owned(),
            }
        })
        .collect()
}

fn hex_bytes(s: &str) -> Vec<u8> {
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).expect("hex"))
        .collect()
}

#[test]
fn every_recorded_blob_round_trips_with_its_canonical_text() {
    let Some(text) = load_tsv() else { return };
    let rows = rows(&text);
    assert_eq!(rows.len(), EXPECTED_ROWS);
    let mut by_type = std::collections::BTreeMap::new();
    for row in &rows {
        let md =
            MovementData::decode(&row.bytes).unwrap_or_else(|e| panic!("{}: {e}", row.canonical));
        assert_eq!(md.encode().unwrap(), row.bytes, "{}", row.canonical);
        assert_eq!(md.to_string(), row.canonical);
        *by_type
            .entry(md.movement.movement_type() as u8)
            .or_insert(0) += 1;
    }
    // 65 interpreted states, 20 MoveToObject, 49 MoveToPosition, 3 TurnToObject.
    assert_eq!(
        by_type.into_iter().collect::<Vec<_>>(),
        [(0, 65), (6, 20), (7, 49), (8, 3)]
    );
}

#[test]
fn every_recorded_blob_rejects_a_missing_or_extra_byte() {
    let Some(text) = load_tsv() else { return };
    for row in rows(&text) {
        let short = &row.bytes[..row.bytes.len() - 1];
        assert!(MovementData::decode(short).is_err(), "{}", row.canonical);
        let mut long = row.bytes.clone();
        long.push(0);
        assert!(MovementData::decode(&long).is_err(), "{}", row.canonical);
    }
}

/// Retail servers send exactly the fields that differ from the defaults; the pack's
/// constructor follows that rule, so re-packing a decoded state gives the recorded flags.
#[test]
fn retail_interpreted_flags_are_the_changed_fields() {
    let Some(text) = load_tsv() else { return };
    let mut checked = 0;
    for row in rows(&text) {
        let md = MovementData::decode(&row.bytes).unwrap();
        if let Movement::InterpretedState { state, .. } = md.movement {
            let repacked = InterpretedMotionStatePack::new(state.state.clone());
            assert_eq!(repacked.flags, state.flags, "{}", row.canonical);
            checked += 1;
        }
    }
    assert_eq!(checked, 65);
}
