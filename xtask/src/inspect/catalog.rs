//! The DAT the inspector serves: its motion tables (read once at start-up) and its animations
//! (read on first use, through the DAT-backed source of `ac-sequence`).

use std::collections::BTreeMap;
use std::sync::Arc;

use ac_dat::MotionTable;
use ac_sequence::{AnimationSource, DatAnimations};
use ac_testkit::sweep::{self, TableStats};

use crate::source::{DatSource, Opened, SourceInfo};

/// One motion table of the DAT: its statistics, or why it does not parse.
#[derive(Debug, Clone)]
pub struct Entry {
    /// The table, when it parses.
    pub table: Result<Arc<MotionTable>, String>,
    /// Its counts (zero when it does not parse).
    pub stats: TableStats,
}

/// The loaded DAT.
pub struct Catalog {
    /// Where it came from.
    pub source: SourceInfo,
    /// Every motion table listed in the directory, by id.
    pub tables: BTreeMap<u32, Entry>,
    /// Problems of the directory itself (what was listed before them is served).
    pub directory_errors: Vec<String>,
    /// The DAT's animations.
    pub animations: Arc<dyn AnimationSource>,
}

impl std::fmt::Debug for Catalog {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Catalog")
            .field("source", &self.source)
            .field("tables", &self.tables.len())
            .finish_non_exhaustive()
    }
}

impl Catalog {
    /// Opens the DAT and reads its motion tables. A table that does not parse is kept with its
    /// error (the page shows it); a DAT that cannot be opened at all is an error.
    pub fn load(source: &DatSource) -> anyhow::Result<Self> {
        let Opened { dat, info: source } = source.open()?;
        let plan = sweep::plan(&dat);
        let tables = plan
            .tables
            .iter()
            .map(|e| {
                let outcome = sweep::load_table(&dat, e);
                let entry = match outcome.result {
                    Ok(t) => Entry {
                        stats: TableStats::of(&t),
                        table: Ok(Arc::new(t)),
                    },
                    Err(message) => Entry {
                        stats: TableStats {
                            id: e.id,
                            ..TableStats::default()
                        },
                        table: Err(message),
                    },
                };
                (e.id, entry)
            })
            .collect();
        Ok(Self {
            source,
            tables,
            directory_errors: plan.directory_errors,
            animations: Arc::new(DatAnimations::new(dat)),
        })
    }

    /// Table `id`, or a message saying why there is none.
    pub fn table(&self, id: u32) -> Result<&Arc<MotionTable>, String> {
        match self.tables.get(&id) {
            Some(Entry { table: Ok(t), .. }) => Ok(t),
            Some(Entry { table: Err(e), .. }) => {
                Err(format!("motion table 0x{id:08X} does not parse: {e}"))
            }
            None => Err(format!(
                "there is no motion table 0x{id:08X} in this DAT ({} tables, 0x{:08X}..0x{:08X})",
                self.tables.len(),
                self.tables.keys().next().copied().unwrap_or(0),
                self.tables.keys().next_back().copied().unwrap_or(0)
            )),
        }
    }
}
