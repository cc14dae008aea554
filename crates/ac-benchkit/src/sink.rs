//! Where a suite's records go: one JSON object per line in `$ACBENCH_OUT/<suite>.jsonl`.

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::PathBuf;

/// Environment variable naming the directory the records are appended to (set by `cargo xtask
/// bench-report`); unset, records only go to stderr.
pub const ENV_OUT: &str = "ACBENCH_OUT";

pub(crate) struct Sink {
    file: Option<File>,
}

impl Sink {
    pub(crate) fn from_env(suite: &str) -> Sink {
        let file = std::env::var_os(ENV_OUT).map(|dir| {
            let dir = PathBuf::from(dir);
            std::fs::create_dir_all(&dir)
                .unwrap_or_else(|e| panic!("creating {}: {e}", dir.display()));
            let path = dir.join(format!("{}.jsonl", suite.replace('/', "__")));
            OpenOptions::new()
                .create(true)
                .append(true)
                .open(&path)
                .unwrap_or_else(|e| panic!("opening {}: {e}", path.display()))
        });
        Sink { file }
    }

    pub(crate) fn write(&mut self, record: &serde_json::Value) {
        if let Some(f) = &mut self.file {
            writeln!(f, "{record}").expect("writing a benchmark record");
        }
    }
}
