//! Synthetic corpus (in progress).
