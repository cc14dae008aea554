//! The **synthetic** portal corpus: a deterministic, seeded stand-in for the retail
//! `client_portal.dat`, which is not available here and must never be committed.
//!
//! [`Corpus::generate`] builds exactly [`TABLE_COUNT`] (436) motion tables plus every animation
//! and setup they reference, shaped like retail: the totals of cycles,
//! modifiers, link source groups and link destinations, and the numbers of tables with a
//! velocity, an omega or a bitfield-1 MotionData, are planned to equal the published retail
//! counts ([`targets`]); the largest table is the humanoid [`HUMANOID_TABLE_ID`] with 366 cycles
//! and 962 link destinations.
//!
//! The tables are coherent, not noise. They use real MotionCommand ids ([`commands`]):
//! humanoid tables with NonCombat and several combat styles; Ready / WalkForward / RunForward /
//! TurnRight / SideStepRight / Falling / Dead / Crouch / Sitting / Sleeping cycles; links from
//! each style's default substate to its other substates, actions and other styles, and back
//! (the back links are also what the resolver finds with reversed keys at negative speed);
//! style-wide links; turn and sidestep modifiers, style-specific and style-less; creature tables
//! with a few styles and actions; turner tables (omega only) and static-object tables with
//! a handful of cycles and no physics. Animations exist for every AnimData, with frame counts
//! that fit the frame ranges and hooks (Sound, SoundTable, Attack, AnimationDone,
//! DefaultScript, Ethereal, CallPES, CreateParticle).
//!
//! Objects move the way retail tables move them: locomotion (walk, run, sidestep, turn) by the
//! velocity and omega of the cycles' MotionData at the interpreter's animation speeds (walk
//! 3.12 m/s, run 4 m/s, sidestep 1.25 m/s at rate 1), with no pos frames on those animations;
//! pos frames only on special motions (the stagger reactions). Turn and sidestep cycles are
//! restricted (bitfield 0x2), so from Ready they turn or step in place and while walking or
//! running they overlay the gait as modifiers.
//!
//! How it is built, one module per step: `plan` decides what every table contains (kinds, ids,
//! styles, cycles, actions, then the modifier, link-group and destination counts shared out so
//! the totals come out exactly); `tables` realises each plan as MotionData and a setup;
//! `animations` hands out an animation per distinct use and builds it (part frames, root
//! motion, hooks); `rng` is the random source.
//!
//! Determinism: a SplitMix64 generator (no RNG crate: the sequence must never change under a
//! dependency update) and only IEEE-exact float operations (+, −, ×, ÷, sqrt), so the bytes are
//! identical on every machine. The DAT's version string says it is synthetic.

mod animations;
pub mod commands;
mod plan;
mod rng;
mod tables;

use ac_dat::motion::*;
use ac_dat::*;

use self::animations::AnimRegistry;
use self::rng::{Rng, mix};

/// The default seed (`cargo xtask fixtures` without `--seed`).
pub const DEFAULT_SEED: u64 = 0x0004_4115_A40A_A5A1;
/// The humanoid (player-like) table: the largest, with NonCombat and 15 combat styles.
pub const HUMANOID_TABLE_ID: u32 = 0x0900_0001;
/// The setup whose default motion table is [`HUMANOID_TABLE_ID`].
pub const HUMANOID_SETUP_ID: u32 = 0x0200_0001;
/// Number of motion tables in the corpus (as in retail).
pub const TABLE_COUNT: usize = 436;
/// The label every synthetic artefact carries.
pub const LABEL: &str = "synthetic";

/// The retail totals the corpus is planned to match (a published sweep of the retail DAT).
pub mod targets {
    /// Total cycles.
    pub const CYCLES: usize = 18_451;
    /// Total modifiers.
    pub const MODIFIERS: usize = 1_222;
    /// Total link source groups.
    pub const LINK_SOURCES: usize = 14_481;
    /// Total link destinations.
    pub const LINK_DESTINATIONS: usize = 42_537;
    /// Tables with at least one velocity.
    pub const TABLES_WITH_VELOCITY: usize = 273;
    /// Tables with at least one omega.
    pub const TABLES_WITH_OMEGA: usize = 301;
    /// Tables with at least one bitfield-1 MotionData.
    pub const TABLES_WITH_CLEAR_MODIFIERS: usize = 50;
    /// Cycles of the largest table.
    pub const LARGEST_CYCLES: usize = 366;
    /// Link destinations of the largest table.
    pub const LARGEST_LINK_DESTINATIONS: usize = 962;
}

/// The generated corpus: records in id order, ready to be written or used in memory.
#[derive(Debug, Clone)]
pub struct Corpus {
    /// The seed it was generated from.
    pub seed: u64,
    /// Motion tables (0x09……), in id order.
    pub tables: Vec<MotionTable>,
    /// Every animation the tables reference (0x03……), in id order.
    pub animations: Vec<Animation>,
    /// One setup per table (0x02……), in id order.
    pub setups: Vec<Setup>,
}

impl Corpus {
    /// Generates the corpus for `seed` (deterministic; a fraction of a second).
    pub fn generate(seed: u64) -> Self {
        generate(seed)
    }

    /// A table by id.
    pub fn table(&self, id: u32) -> Option<&MotionTable> {
        self.tables.iter().find(|t| t.id == id)
    }

    /// An animation by id.
    pub fn animation(&self, id: u32) -> Option<&Animation> {
        self.animations
            .binary_search_by_key(&id, |a| a.id)
            .ok()
            .map(|i| &self.animations[i])
    }

    /// The humanoid table ([`HUMANOID_TABLE_ID`]).
    pub fn humanoid(&self) -> Option<&MotionTable> {
        self.table(HUMANOID_TABLE_ID)
    }

    /// A writer holding every record (plus the Iteration record) and a version string that
    /// labels the DAT as synthetic.
    pub fn writer(&self) -> Result<DatWriter, DatError> {
        let mut w = DatWriter::new();
        w.version_string(&format!(
            "acmotion SYNTHETIC client_portal.dat - generated, not retail data (seed 0x{:016X})",
            self.seed
        ));
        w.add_iteration_record();
        for t in &self.tables {
            w.add_record(t)?;
        }
        for a in &self.animations {
            w.add_record(a)?;
        }
        for s in &self.setups {
            w.add_record(s)?;
        }
        Ok(w)
    }

    /// The DAT image.
    pub fn to_dat(&self) -> Result<Vec<u8>, DatError> {
        self.writer()?.build()
    }
}

/// The default-seed corpus, generated once per process and shared (snapshot tests and
/// tools of the higher crates use it).
pub fn default_corpus() -> &'static Corpus {
    static CORPUS: std::sync::OnceLock<Corpus> = std::sync::OnceLock::new();
    CORPUS.get_or_init(|| Corpus::generate(DEFAULT_SEED))
}

/// The default-seed humanoid table ([`HUMANOID_TABLE_ID`]).
pub fn humanoid_table() -> MotionTable {
    default_corpus()
        .humanoid()
        .cloned()
        .unwrap_or_else(|| MotionTable::new(HUMANOID_TABLE_ID, NON_COMBAT))
}

/// Every default-seed motion table, in id order.
pub fn motion_tables() -> Vec<MotionTable> {
    default_corpus().tables.clone()
}

/// Every default-seed animation, in id order.
pub fn animations() -> Vec<Animation> {
    default_corpus().animations.clone()
}

/// FNV-1a 64 of a DAT image: a dependency-free digest that tells two synthetic images apart
/// (tools print it beside the seed; a test pins the default image's).
pub fn digest(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xCBF2_9CE4_8422_2325u64, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01B3)
    })
}

/// Generates the synthetic DAT image for `seed`.
pub fn synthetic_dat(seed: u64) -> Result<Vec<u8>, DatError> {
    Corpus::generate(seed).to_dat()
}

/// Plan every table, realise the tables (which registers their animations), then build the
/// animations and one setup per table.
fn generate(seed: u64) -> Corpus {
    let (plans, families) = plan::plan_tables(&mut Rng(seed));
    let mut registry = AnimRegistry::new(seed);
    let tables: Vec<MotionTable> = plans
        .iter()
        .map(|p| {
            let mut rng = Rng(mix(seed, u64::from(p.id)));
            tables::realise(p, &mut registry, &families, &mut rng)
        })
        .collect();
    let animations = registry.animations(&families);
    let setups = plans
        .iter()
        .zip(&tables)
        .map(|(p, t)| tables::setup(p, t, &families))
        .collect();
    Corpus {
        seed,
        tables,
        animations,
        setups,
    }
}
