//! Bad-input errors (FORMAT.md §9): the 1-based line and a free-form message.

use std::fmt;

/// A scenario the runner refuses: printed as `scenario line N: <message>`, exit status 2.
///
/// Every parse and every precondition check produces one of these instead of panicking, so
/// a bad file is always reported at the offending line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScenarioError {
    /// 1-based line number in the scenario file.
    pub line: usize,
    /// What is wrong, for a human.
    pub message: String,
}

impl ScenarioError {
    /// An error at `line`.
    pub fn new(line: usize, message: impl Into<String>) -> Self {
        Self {
            line,
            message: message.into(),
        }
    }
}

impl fmt::Display for ScenarioError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "scenario line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for ScenarioError {}

/// Result of a value or line parser: the message gets its line number from the caller.
pub type ParseResult<T> = Result<T, String>;
