//! Integration tests of `ac-interp-manager` (one binary, modules per topic).

mod alloc;
mod fuzz;
mod host;
mod interp;
mod others;
mod replay;
