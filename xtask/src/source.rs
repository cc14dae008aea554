//! Where a command's portal DAT comes from: `--dat PATH`, else `$AC_PORTAL_DAT`, else the
//! **synthetic** corpus generated in memory (never retail data; labelled so everywhere).
//!
//! Every command that reads a DAT (`sweep`, `tables`, `table`, `explain`, the scenario line
//! `table ID from-dat`) resolves its source here, so they agree on the order of precedence and
//! on how the source is named in text and JSON.

use std::path::PathBuf;

use ac_dat::DatArchive;
use ac_testkit::synthetic;
use anyhow::Context as _;

/// A portal DAT source.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DatSource {
    /// The synthetic corpus for `seed`, generated in memory.
    Synthetic {
        /// Generator seed.
        seed: u64,
    },
    /// A user's DAT file.
    File(PathBuf),
}

/// How a source is named in JSON output: `{"kind":"synthetic","seed":"0x…","digest":"0x…"}` or
/// `{"kind":"file","path":"…"}`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum SourceInfo {
    /// The synthetic corpus.
    Synthetic {
        /// Generator seed, `0x%016X`.
        seed: String,
        /// FNV-1a 64 of the generated image, `0x%016X` (`ac_testkit::synthetic::digest`).
        digest: String,
    },
    /// A DAT file.
    File {
        /// The path as given.
        path: String,
    },
}

/// An opened DAT and the facts about its source.
pub struct Opened {
    /// The archive.
    pub dat: DatArchive,
    /// The source's JSON description.
    pub info: SourceInfo,
}

impl DatSource {
    /// `dat`, else `$AC_PORTAL_DAT` (when set and non-empty), else the default synthetic
    /// corpus.
    pub fn resolve(dat: Option<PathBuf>) -> Self {
        let path = dat.or_else(|| {
            std::env::var_os("AC_PORTAL_DAT")
                .filter(|p| !p.is_empty())
                .map(PathBuf::from)
        });
        match path {
            Some(p) => DatSource::File(p),
            None => DatSource::Synthetic {
                seed: synthetic::DEFAULT_SEED,
            },
        }
    }

    /// Opens the archive (generating the synthetic image when needed). Errors name the file.
    pub fn open(&self) -> anyhow::Result<Opened> {
        match self {
            DatSource::Synthetic { seed } => {
                let bytes = synthetic::synthetic_dat(*seed)
                    .context("generating the synthetic DAT image")?;
                let info = SourceInfo::Synthetic {
                    seed: format!("0x{seed:016X}"),
                    digest: format!("0x{:016X}", synthetic::digest(&bytes)),
                };
                let dat = DatArchive::from_vec(bytes).context("opening the synthetic DAT image")?;
                Ok(Opened { dat, info })
            }
            // The error names the path.
            DatSource::File(p) => Ok(Opened {
                dat: DatArchive::open(p)?,
                info: SourceInfo::File {
                    path: p.display().to_string(),
                },
            }),
        }
    }
}

impl SourceInfo {
    /// A short name for error messages: `the synthetic DAT (seed 0x…)` or the path.
    pub fn name(&self) -> String {
        match self {
            SourceInfo::Synthetic { seed, .. } => format!("the synthetic DAT (seed {seed})"),
            SourceInfo::File { path } => path.clone(),
        }
    }
}

impl std::fmt::Display for SourceInfo {
    /// The `source:` line of the text outputs.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SourceInfo::Synthetic { seed, digest } => write!(
                f,
                "synthetic corpus (seed {seed}, digest {digest}, generated in memory; not retail data - set AC_PORTAL_DAT or --dat to read a real DAT)"
            ),
            SourceInfo::File { path } => f.write_str(path),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_explicit_path_wins() {
        let s = DatSource::resolve(Some("/x/client_portal.dat".into()));
        assert_eq!(s, DatSource::File("/x/client_portal.dat".into()));
    }

    #[test]
    fn the_synthetic_source_names_its_seed_and_digest() {
        let opened = DatSource::Synthetic {
            seed: synthetic::DEFAULT_SEED,
        }
        .open()
        .expect("synthetic DAT");
        let json = serde_json::to_value(&opened.info).expect("serialize");
        assert_eq!(json["kind"], "synthetic");
        assert_eq!(json["seed"], format!("0x{:016X}", synthetic::DEFAULT_SEED));
        assert!(json["digest"].as_str().is_some_and(|d| d.len() == 18));
        assert!(opened.info.to_string().contains("not retail data"));
    }
}
