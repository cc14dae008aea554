//! The DAT container on arbitrary bytes: open, walk the directory, read and decode every
//! record, the same for an archive in memory and one read from a file by positional reads —
//! which must agree — and run the sweep on the one in memory.

#![no_main]

use std::io::Write as _;
use std::sync::OnceLock;

use ac_dat::{Animation, DatArchive, DatError, DatRecord, MotionTable, Setup};
use libfuzzer_sys::fuzz_target;

/// What an archive gives for one input, rendered so two storages can be compared.
fn walk(dat: Result<DatArchive, DatError>, sweep: bool) -> Vec<String> {
    let dat = match dat {
        Ok(dat) => dat,
        Err(e) => return vec![format!("open: {:?}", e.kind)],
    };
    let mut seen = Vec::new();
    let mut entries = Vec::new();
    let mut walk_ok = true;
    for e in dat.entries() {
        match e {
            Ok(e) => entries.push(e),
            Err(e) => {
                seen.push(format!("walk: {e}"));
                walk_ok = false;
                break;
            }
        }
    }
    // Reading every listed entry is only bounded when the entries fit the file together.
    if let Err(e) = dat.check_total_size(&entries) {
        seen.push(format!("size: {e}"));
        entries.clear();
    }
    for entry in &entries {
        let r = match entry.id {
            id if MotionTable::ID_RANGE.contains(&id) => read::<MotionTable>(&dat, entry),
            id if Animation::ID_RANGE.contains(&id) => read::<Animation>(&dat, entry),
            id if Setup::ID_RANGE.contains(&id) => read::<Setup>(&dat, entry),
            _ => dat.entry_bytes(entry).map(|b| format!("{} bytes", b.len())),
        };
        seen.push(format!(
            "{:08X}: {}",
            entry.id,
            r.unwrap_or_else(|e| e.to_string())
        ));
        // A lookup by id must find what a clean walk listed (or fail loudly). A lookup checks
        // only the nodes on its path, so in a directory the walk reports as broken it may
        // answer from another node (ac-dat's `a_child_entry_repeating_its_separator_…`).
        if let Ok(Some(found)) = dat.entry(entry.id)
            && walk_ok
        {
            assert_eq!(found, *entry, "lookup and walk disagree");
        }
    }
    if !sweep {
        return seen;
    }
    let report = ac_testkit::sweep::sweep(&dat);
    seen.push(format!(
        "sweep: {} directory errors, {} failures, clean {}",
        report.directory_errors.len(),
        report.failures.len(),
        report.is_clean()
    ));
    seen
}

/// Decodes one record; an accepted record must re-encode to its stored bytes.
fn read<T: DatRecord>(dat: &DatArchive, entry: &ac_dat::DirEntry) -> Result<String, DatError> {
    let record: T = dat.read_entry(entry)?;
    let stored = dat.entry_bytes(entry)?;
    let again = record.to_bytes().expect("an accepted record encodes");
    assert_eq!(again, stored, "record {:08X} does not round-trip", entry.id);
    Ok(format!("{} bytes ok", stored.len()))
}

/// One scratch file per fuzzing process.
fn scratch() -> &'static std::path::Path {
    static PATH: OnceLock<std::path::PathBuf> = OnceLock::new();
    PATH.get_or_init(|| {
        let dir = if std::path::Path::new("/dev/shm").is_dir() {
            std::path::PathBuf::from("/dev/shm")
        } else {
            std::env::temp_dir()
        };
        dir.join(format!("acmotion-fuzz-dat-{}.dat", std::process::id()))
    })
}

fuzz_target!(|data: &[u8]| {
    let mut in_memory = walk(DatArchive::from_slice(data), true);
    let path = scratch();
    std::fs::File::create(path)
        .and_then(|mut f| f.write_all(data))
        .expect("write the scratch file");
    let from_file = walk(DatArchive::open(path), false);
    if in_memory.last().is_some_and(|l| l.starts_with("sweep: ")) {
        in_memory.pop();
    }
    assert_eq!(
        in_memory, from_file,
        "in-memory and positional reads disagree"
    );
});
