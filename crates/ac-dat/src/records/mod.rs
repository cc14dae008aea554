//! Typed portal records. Field layouts follow `dat-format-spec.md` §3.

mod animation;
mod motion_table;

pub use animation::*;
pub use motion_table::*;
