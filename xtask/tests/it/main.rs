//! Integration tests of the `xtask` binary: the scenario runner, the conformance command, the
//! snapshot catalogue and the code generator's check mode; and the tidy checks of the
//! repository's text.

mod codegen;
mod conformance;
mod robustness;
mod scenario_cli;
mod snapshots;
mod tidy;
mod tools;
