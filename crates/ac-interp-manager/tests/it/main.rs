//! Integration tests of `ac-interp-manager` (one binary, modules per topic).

mod fuzz;
mod host;
mod interp;
mod others;
mod replay;
