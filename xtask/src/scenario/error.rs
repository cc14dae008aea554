//! Bad-input errors (docs/scenarios.md, "Bad input"): the 1-based line and a free-form message, reported with the
//! file and the offending line when they are known.

use std::fmt;
use std::path::{Path, PathBuf};

/// A scenario the runner refuses, with exit status 2.
///
/// Every parse and every precondition check produces one of these instead of panicking, so
/// a bad file is always reported at the offending line. It prints as
///
/// ```text
/// scenario line 7: unknown motion name `Redy` (did you mean `Ready`?)
///   --> fixtures/scenarios/walk.scn:7
///    7 | do_object_motion Redy
/// ```
///
/// The first line is the contract's: an expected-error file holds its `scenario line N:`
/// prefix and leaves everything after it free, which is where the file and the line go.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScenarioError {
    /// 1-based line number in the scenario file.
    pub line: usize,
    /// What is wrong, for a human.
    pub message: String,
    /// The offending line as written (empty when unknown).
    pub text: String,
    /// The scenario file, when the scenario was read from one.
    pub file: Option<PathBuf>,
}

impl ScenarioError {
    /// An error at `line`.
    pub fn new(line: usize, message: impl Into<String>) -> Self {
        Self {
            line,
            message: message.into(),
            text: String::new(),
            file: None,
        }
    }

    /// The error quoting `text`, the offending line.
    #[must_use]
    pub fn with_text(mut self, text: &str) -> Self {
        self.text = text.trim_end_matches('\r').to_owned();
        self
    }

    /// The error located in the scenario file `path`.
    #[must_use]
    pub fn in_file(mut self, path: &Path) -> Self {
        self.file = Some(path.to_path_buf());
        self
    }
}

impl fmt::Display for ScenarioError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "scenario line {}: {}", self.line, self.message)?;
        if let Some(file) = &self.file {
            write!(f, "\n  --> {}:{}", file.display(), self.line)?;
        }
        if !self.text.is_empty() {
            write!(f, "\n{:>4} | {}", self.line, self.text)?;
        }
        Ok(())
    }
}

impl std::error::Error for ScenarioError {}

/// Result of a value or line parser: the message gets its line number from the caller.
pub type ParseResult<T> = Result<T, String>;

/// The message for `name`, which is neither a `MotionCommand` nor a `MotionStance` member,
/// suggesting the closest member names.
pub fn unknown_motion(name: &str) -> String {
    let suggestions = closest_motion_names(name);
    match suggestions.as_slice() {
        [] => format!("unknown motion name `{name}`"),
        [one] => format!("unknown motion name `{name}` (did you mean `{one}`?)"),
        several => format!(
            "unknown motion name `{name}` (did you mean one of {}?)",
            several
                .iter()
                .map(|n| format!("`{n}`"))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

/// At most three motion names nearest to `name`, ignoring case, by Damerau–Levenshtein
/// distance (a swap of two letters counts once); none when even the nearest needs more than a
/// third of `name`'s letters changed.
fn closest_motion_names(name: &str) -> Vec<&'static str> {
    let wanted = name.to_ascii_lowercase();
    let limit = (wanted.chars().count() / 3).max(1);
    let mut scored: Vec<(usize, &'static str)> = ac_motiontable::command::all_motions()
        .map(|(n, _)| n)
        .chain(ac_motiontable::command::stance::ALL.iter().map(|&(n, _)| n))
        .map(|n| {
            (
                strsim::damerau_levenshtein(&wanted, &n.to_ascii_lowercase()),
                n,
            )
        })
        .filter(|&(d, _)| d <= limit)
        .collect();
    scored.sort_unstable();
    scored.dedup();
    let best = scored.first().map_or(0, |&(d, _)| d);
    scored
        .into_iter()
        .take_while(|&(d, _)| d == best)
        .map(|(_, n)| n)
        .take(3)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggests_the_nearest_motion_names() {
        assert_eq!(
            unknown_motion("Redy"),
            "unknown motion name `Redy` (did you mean `Ready`?)"
        );
        assert_eq!(
            unknown_motion("walkforward"),
            "unknown motion name `walkforward` (did you mean `WalkForward`?)"
        );
        assert_eq!(
            unknown_motion("WalkFrowad"),
            "unknown motion name `WalkFrowad` (did you mean `WalkForward`?)"
        );
        assert_eq!(
            unknown_motion("NonComabt"),
            "unknown motion name `NonComabt` (did you mean `NonCombat`?)"
        );
        assert_eq!(unknown_motion("Xyzzy"), "unknown motion name `Xyzzy`");
    }

    #[test]
    fn prints_the_contract_prefix_then_the_place() {
        let e = ScenarioError::new(7, "unknown op `frob`");
        assert_eq!(e.to_string(), "scenario line 7: unknown op `frob`");
        let e = e.with_text("frob 1\r").in_file(Path::new("dir/a.scn"));
        assert_eq!(
            e.to_string(),
            "scenario line 7: unknown op `frob`\n  --> dir/a.scn:7\n   7 | frob 1"
        );
    }
}
