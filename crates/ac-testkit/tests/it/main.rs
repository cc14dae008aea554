//! Integration tests of `ac-testkit` (one binary, one module per concern).

mod synthetic;
