//! Integration tests of `ac-motiontable` (one binary, one module per area).

mod command;
mod explain;
mod fuzz;
mod literal;
mod manager;
mod queue_literal;
mod resolver;
mod robustness;
mod scenarios;
mod snapshots;
mod state;
mod timing;
mod tracing;
mod util;
