//! The committed seed corpus of the fuzz targets (`fuzz/seeds/TARGET/NAME`), generated here
//! from the project's own sources only: records and DATs from the **synthetic** generator and
//! writer, movement messages from the recorded fixtures in `fixtures/realdata/`. Never retail
//! DAT bytes.
//!
//! Inputs that carry records and then a command script use the framing of the fuzz crate
//! (`fuzz/src/lib.rs`): `[len: u16 LE][record]…[script]`, one script value at a time.

use std::collections::BTreeMap;
use std::path::Path;

use ac_dat::{DatRecord, DatWriter};
use ac_motioninterp::wire::{Movement, encode_to_vec};
use ac_physobj::wire::{GameAction, Message};
use ac_testkit::synthetic::Corpus;
use anyhow::Context;

/// Seeds larger than this are not used: libFuzzer's default input size limit follows the
/// largest seed, and small inputs keep the targets fast.
const MAX_SEED: usize = 4096;
/// Records of each kind taken as seeds.
const PER_KIND: usize = 6;
/// Messages of each kind taken as seeds.
const PER_MESSAGE_KIND: usize = 3;

/// Every seed, by path relative to `fuzz/seeds/` (deterministic).
pub fn generate() -> anyhow::Result<BTreeMap<String, Vec<u8>>> {
    let corpus = Corpus::generate(ac_testkit::synthetic::DEFAULT_SEED);
    let mut seeds = BTreeMap::new();
    let tables = small(&corpus.tables)?;
    let animations = small(&corpus.animations)?;
    let setups = small(&corpus.setups)?;
    for (id, bytes) in &tables {
        seeds.insert(format!("record_motion_table/{id:08X}"), bytes.clone());
    }
    for (id, bytes) in &animations {
        seeds.insert(format!("record_animation/{id:08X}"), bytes.clone());
    }
    for (id, bytes) in &setups {
        seeds.insert(format!("record_setup/{id:08X}"), bytes.clone());
    }
    for (name, bytes) in dats(&corpus, &tables)? {
        seeds.insert(format!("dat_container/{name}"), bytes);
    }
    for (id, bytes) in &tables {
        seeds.insert(format!("resolver/{id:08X}"), resolver_input(bytes));
    }
    for (i, pair) in animations.windows(2).enumerate() {
        seeds.insert(
            format!("sequence/{i}-{:08X}-{:08X}", pair[0].0, pair[1].0),
            sequence_input(&pair[0].1, &pair[1].1),
        );
    }
    for (name, bytes) in wire_seeds()? {
        seeds.insert(name, bytes);
    }
    Ok(seeds)
}

/// Writes [`generate`]'s seeds under `dir`, removing files that are no longer seeds.
pub fn write_all(dir: &Path) -> anyhow::Result<usize> {
    let seeds = generate()?;
    if dir.exists() {
        std::fs::remove_dir_all(dir).with_context(|| format!("clearing {}", dir.display()))?;
    }
    for (name, bytes) in &seeds {
        let path = dir.join(name);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)
                .with_context(|| format!("creating {}", parent.display()))?;
        }
        std::fs::write(&path, bytes).with_context(|| format!("writing {}", path.display()))?;
    }
    Ok(seeds.len())
}

/// Up to [`PER_KIND`] records of at most [`MAX_SEED`] bytes, spread over the sizes present
/// (smallest, largest that fits, and evenly between), as `(id, bytes)` in id order.
fn small<T: DatRecord>(records: &[T]) -> anyhow::Result<Vec<(u32, Vec<u8>)>> {
    let mut fitting = Vec::new();
    for r in records {
        let bytes = r
            .to_bytes()
            .with_context(|| format!("encoding {:08X}", r.id()))?;
        if bytes.len() <= MAX_SEED {
            fitting.push((r.id(), bytes));
        }
    }
    fitting.sort_by_key(|(id, b)| (b.len(), *id));
    let n = fitting.len();
    let mut picked: Vec<(u32, Vec<u8>)> = (0..PER_KIND.min(n))
        .map(|i| fitting[i * (n - 1) / (PER_KIND - 1).max(1)].clone())
        .collect();
    picked.sort_by_key(|(id, _)| *id);
    picked.dedup_by_key(|(id, _)| *id);
    Ok(picked)
}

/// Small DATs from the writer: empty, and one table with its animations and a setup at two
/// block sizes.
fn dats(corpus: &Corpus, tables: &[(u32, Vec<u8>)]) -> anyhow::Result<Vec<(String, Vec<u8>)>> {
    let mut out = vec![("empty".to_string(), DatWriter::new().build()?)];
    let Some(table) = tables
        .first()
        .and_then(|(id, _)| corpus.tables.iter().find(|t| t.id == *id))
    else {
        return Ok(out);
    };
    for block_size in [256, 1024] {
        let mut w = DatWriter::new();
        w.block_size(block_size);
        w.add_record(table)?;
        for md in table.motion_data() {
            for ad in &md.anims {
                if let Some(anim) = corpus.animations.iter().find(|a| a.id == ad.anim_id)
                    && w.len() < 8
                {
                    w.add_record(anim)?;
                }
            }
        }
        if let Some(setup) = corpus.setups.first() {
            w.add_record(setup)?;
        }
        out.push((format!("{:08X}-block{block_size}", table.id), w.build()?));
    }
    Ok(out)
}

/// `[len][bytes]`.
fn chunk(out: &mut Vec<u8>, bytes: &[u8]) {
    let len = u16::try_from(bytes.len()).unwrap_or(u16::MAX);
    out.extend_from_slice(&len.to_le_bytes());
    out.extend_from_slice(&bytes[..usize::from(len)]);
}

/// A table, the Ace fidelity byte, and a script: every kind of command on the first motions
/// the table mentions, at ordinary speeds.
fn resolver_input(table: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    chunk(&mut out, table);
    out.push(0);
    for k in 0u16..6 {
        // InterpretedCommand motion k at speed 1.0 (float tag 0), then poll and one AnimDone.
        out.push(0);
        out.extend_from_slice(&k.to_le_bytes());
        out.push(0);
        out.extend_from_slice(&[4, 3]);
    }
    // Stop motion 1 at speed 1.0; stop completely; queue motion 2 waiting for 1 anim; enter
    // world; the resolver alone; default state; exit world.
    out.extend_from_slice(&[1, 1, 0, 0, 2, 8, 2, 0, 1, 5, 9, 3, 0, 2, 10, 1, 0, 0, 11, 6]);
    out
}

/// Two animations, then appends of each (frames 0..last at 30 fps, and reversed), updates of
/// 1/30 s, a link removal, a framerate change and more updates.
fn sequence_input(a: &[u8], b: &[u8]) -> Vec<u8> {
    let mut out = vec![2];
    chunk(&mut out, a);
    chunk(&mut out, b);
    // Append: op 0, pick, low (tag 16 = 0), high (tag 15 = -1), framerate (tag 11 = 30.0).
    out.extend_from_slice(&[0, 0, 16, 15, 11]);
    out.extend_from_slice(&[0, 1, 16, 15, 12]);
    for _ in 0..8 {
        out.extend_from_slice(&[3, 6]);
    }
    out.extend_from_slice(&[5, 1, 7, 1]);
    for _ in 0..8 {
        out.extend_from_slice(&[3, 6]);
    }
    out
}

/// Messages of every kind from the recorded sessions, and the motion states and
/// `MovementData` inside them (tagged with the `wire_motion` form byte).
fn wire_seeds() -> anyhow::Result<Vec<(String, Vec<u8>)>> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures/realdata");
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .with_context(|| format!("reading {}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
        .collect();
    names.sort();
    let mut per_kind: BTreeMap<String, usize> = BTreeMap::new();
    let mut out = Vec::new();
    for path in names {
        let text = std::fs::read_to_string(&path)
            .with_context(|| format!("reading {}", path.display()))?;
        for (n, line) in text.lines().enumerate() {
            let hex = payload_hex(line)
                .with_context(|| format!("{} line {}: no payload_hex", path.display(), n + 1))?;
            let bytes = crate::decode::parse_bytes(hex)?;
            let msg = Message::decode(&bytes)
                .with_context(|| format!("{} line {}", path.display(), n + 1))?;
            let mut take = |form: Option<u8>, kind: &str, bytes: Vec<u8>| {
                let count = per_kind.entry(kind.to_string()).or_default();
                if *count < PER_MESSAGE_KIND && bytes.len() < MAX_SEED {
                    *count += 1;
                    let (target, data) = match form {
                        Some(f) => ("wire_motion", [vec![f], bytes].concat()),
                        None => ("wire_message", bytes),
                    };
                    out.push((format!("{target}/{kind}-{count}"), data));
                }
            };
            take(None, msg.name(), bytes.clone());
            if let Message::GameAction {
                action: GameAction::MoveToState(m),
                ..
            } = &msg
            {
                take(Some(1), "raw", encode_to_vec(&m.raw)?);
            }
            let data = match &msg {
                Message::UpdateMotion(u) => Some(&u.data),
                _ => None,
            };
            if let Some(md) = data {
                take(Some(0), "movement", md.encode()?);
                match &md.movement {
                    Movement::InterpretedState { state, .. } => {
                        take(Some(2), "interpreted", encode_to_vec(state)?);
                    }
                    Movement::MoveToObject { origin, params, .. }
                    | Movement::MoveToPosition { origin, params, .. } => {
                        take(Some(3), "moveto", encode_to_vec(params)?);
                        take(Some(5), "origin", encode_to_vec(origin)?);
                    }
                    Movement::TurnToObject { params, .. }
                    | Movement::TurnToHeading { params, .. } => {
                        take(Some(4), "turnto", encode_to_vec(params)?);
                    }
                }
            }
        }
    }
    Ok(out)
}

/// The `payload_hex` string of one JSONL record.
fn payload_hex(line: &str) -> Option<&str> {
    let start = line.find("\"payload_hex\": \"")? + "\"payload_hex\": \"".len();
    let len = line[start..].find('"')?;
    Some(&line[start..start + len])
}

#[cfg(test)]
mod tests {
    use super::*;
    use ac_dat::{Animation, MotionTable, Setup};

    /// The committed seeds are what the generator writes (regenerate with
    /// `cargo xtask fuzz --seeds`).
    #[test]
    fn committed_seeds_are_up_to_date() {
        let dir = super::super::fuzz_dir().join("seeds");
        let seeds = generate().expect("generate seeds");
        let mut on_disk = BTreeMap::new();
        for target in std::fs::read_dir(&dir).expect("fuzz/seeds") {
            let target = target.expect("entry").path();
            for f in std::fs::read_dir(&target).expect("target dir") {
                let f = f.expect("entry").path();
                let name = format!(
                    "{}/{}",
                    target.file_name().unwrap_or_default().to_string_lossy(),
                    f.file_name().unwrap_or_default().to_string_lossy()
                );
                on_disk.insert(name, std::fs::read(&f).expect("read seed"));
            }
        }
        assert_eq!(
            on_disk.keys().collect::<Vec<_>>(),
            seeds.keys().collect::<Vec<_>>(),
            "run `cargo xtask fuzz --seeds`"
        );
        for (name, bytes) in &seeds {
            assert!(
                on_disk[name] == *bytes,
                "{name} is stale: run `cargo xtask fuzz --seeds`"
            );
        }
        // Seeds of the record targets are records the parser accepts.
        for (name, bytes) in &seeds {
            if let Some(kind) = name.split('/').next() {
                let ok = match kind {
                    "record_motion_table" => MotionTable::parse(bytes).is_ok(),
                    "record_animation" => Animation::parse(bytes).is_ok(),
                    "record_setup" => Setup::parse(bytes).is_ok(),
                    _ => true,
                };
                assert!(ok, "{name} does not parse");
            }
        }
    }
}
