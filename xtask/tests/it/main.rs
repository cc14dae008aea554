//! Integration tests of the `xtask` binary: the scenario runner, the conformance command, the
//! snapshot catalogue and the code generator's check mode.

mod codegen;
mod conformance;
mod robustness;
mod scenario_cli;
mod snapshots;
