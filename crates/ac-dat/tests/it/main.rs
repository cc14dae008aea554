//! Integration tests of `ac-dat` (one binary, one module per concern).

mod container;
mod known_answers;
mod proptests;
