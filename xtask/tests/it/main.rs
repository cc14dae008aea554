//! Integration tests of the `xtask` binary: the scenario runner, the conformance command and
//! the snapshot catalogue.

mod conformance;
mod robustness;
mod scenario_cli;
mod snapshots;
