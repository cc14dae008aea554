//! Integration tests of the `xtask` binary: the scenario runner and the conformance command.

mod conformance;
mod robustness;
mod scenario_cli;
