//! Integration tests of `ac-dat` (one binary, one module per concern).

mod known_answers;
mod synthetic;
