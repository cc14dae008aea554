//! Integration tests of `ac-motiontable` (one binary, one module per area).

mod scenarios;
