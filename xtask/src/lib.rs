//! The library half of `xtask`: the conformance scenario runner and the DAT source it shares
//! with the commands.
//!
//! The binary (`cargo xtask …`) is the user-facing side; the scenario runner is also a library
//! so that the fuzz targets under `fuzz/` (a separate workspace that the main one never builds)
//! can drive the parser and the runner on arbitrary text. `source` comes along because a
//! scenario's `table ID from-dat` line reads the same `--dat` / `AC_PORTAL_DAT` / synthetic
//! source as `sweep`, `tables` and `explain`. Nothing else is exported.

pub mod scenario;
pub mod source;
