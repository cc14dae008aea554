//! Integration tests of `ac-sequence` (one binary, modules per topic).

mod extreme;
mod harness;
mod scenarios;
mod trace;
