//! The library half of `xtask`: the conformance scenario runner.
//!
//! The binary (`cargo xtask …`) is the user-facing side; the scenario runner is also a library
//! so that the fuzz targets under `fuzz/` (a separate workspace that the main one never builds)
//! can drive the parser and the runner on arbitrary text. Nothing else is exported.

pub mod scenario;
