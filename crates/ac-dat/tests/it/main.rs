//! Integration tests of `ac-dat` (one binary, one module per concern).

mod container;
mod hostile;
mod known_answers;
mod proptests;
mod serde;
