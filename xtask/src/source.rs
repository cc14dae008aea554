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
                let Cached { bytes, digest } = cached_synthetic_dat(*seed)?;
                let info = SourceInfo::Synthetic {
                    seed: format!("0x{seed:016X}"),
                    digest: format!("0x{digest:016X}"),
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

/// A synthetic DAT image and its digest (`ac_testkit::synthetic::digest`).
struct Cached {
    bytes: Vec<u8>,
    digest: u64,
}

/// The synthetic DAT image of `seed`, from a cache under `target/synthetic/cache/` when this
/// build of the running program already generated it (generating it was most of a warm
/// `cargo xtask sweep`).
///
/// The cache key is the seed and the identity of the running executable (its size and
/// modification time): any change to the generator rebuilds the program, which then misses
/// the cache. The image's digest is kept beside it (`.digest`, hex): hashing 14 MB byte by
/// byte was a tenth of a warm `cargo xtask snapshots`. A cache that cannot be read or written
/// is ignored; each file is written under a temporary name and renamed, so a concurrent reader
/// sees all of it or nothing, and the digest is written after the image, so a digest file
/// always belongs to the image beside it.
fn cached_synthetic_dat(seed: u64) -> anyhow::Result<Cached> {
    let generate = || -> anyhow::Result<Cached> {
        let bytes = synthetic::synthetic_dat(seed).context("generating the synthetic DAT image")?;
        let digest = synthetic::digest(&bytes);
        Ok(Cached { bytes, digest })
    };
    let Some(path) = synthetic_cache_path(seed) else {
        return generate();
    };
    let digest_path = path.with_extension("digest");
    if let Ok(bytes) = std::fs::read(&path) {
        let digest = std::fs::read_to_string(&digest_path)
            .ok()
            .and_then(|hex| u64::from_str_radix(hex.trim(), 16).ok())
            .unwrap_or_else(|| synthetic::digest(&bytes));
        return Ok(Cached { bytes, digest });
    }
    let cached = generate()?;
    if let Some(dir) = path.parent() {
        // One image per build: drop the ones older builds left.
        if let Ok(old) = std::fs::read_dir(dir) {
            for entry in old.flatten() {
                let _ = std::fs::remove_file(entry.path());
            }
        }
        let write = |to: &std::path::Path, bytes: &[u8]| {
            let tmp = to.with_extension(format!("tmp{}", std::process::id()));
            std::fs::write(&tmp, bytes).and_then(|()| std::fs::rename(&tmp, to))
        };
        let _ = std::fs::create_dir_all(dir)
            .and_then(|()| write(&path, &cached.bytes))
            .and_then(|()| write(&digest_path, format!("{:016x}\n", cached.digest).as_bytes()));
    }
    Ok(cached)
}

/// Where [`cached_synthetic_dat`] keeps the image of `seed` for the running executable.
fn synthetic_cache_path(seed: u64) -> Option<PathBuf> {
    let exe = std::fs::metadata(std::env::current_exe().ok()?).ok()?;
    let modified = exe
        .modified()
        .ok()?
        .duration_since(std::time::UNIX_EPOCH)
        .ok()?
        .as_nanos();
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/synthetic/cache");
    Some(dir.join(format!(
        "portal-{seed:016x}-{:x}-{modified:x}.dat",
        exe.len()
    )))
}

#[cfg(test)]
mod cache_tests {
    use super::*;

    /// The cache hands back the image the generator makes and its digest, on a miss and on a
    /// hit.
    #[test]
    fn cached_image_is_the_generated_one() {
        let seed = synthetic::DEFAULT_SEED;
        let fresh = synthetic::synthetic_dat(seed).expect("generate");
        let digest = synthetic::digest(&fresh);
        for _ in ["miss or hit", "hit"] {
            let cached = cached_synthetic_dat(seed).expect("synthetic DAT");
            assert!(cached.bytes == fresh);
            assert_eq!(cached.digest, digest);
        }
    }
}
