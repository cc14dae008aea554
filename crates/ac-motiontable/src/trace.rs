//! The crate's `tracing` instrumentation, compiled in only with the `tracing` cargo feature.
//!
//! Without the feature every event site expands to nothing (no atomic load, no branch, and no
//! dependency on `tracing`), so a program that does not log pays nothing for the crate's
//! instrumentation. With it, a site that no subscriber wants still costs a load and a branch
//! (see the crate docs' "Cargo features" section).

/// `trace_event!(debug, field = value, …, "message")` is `tracing::debug!(…)` with the `tracing`
/// feature and nothing at all without it: the arguments are not even evaluated.
macro_rules! trace_event {
    ($level:ident, $($arg:tt)+) => {{
        #[cfg(feature = "tracing")]
        ::tracing::$level!($($arg)+);
    }};
}
