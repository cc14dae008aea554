//! Integration tests of `ac-sequence` (one binary, modules per topic).

mod dat_source;
mod extreme;
mod harness;
mod model;
mod playback;
mod random_ops;
mod scenarios;
mod trace;
