//! Integration tests of `ac-sequence` (one binary, modules per topic).

mod harness;
mod scenarios;
