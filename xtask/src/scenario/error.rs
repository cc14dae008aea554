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
///
/// Names that cannot be within the limit are skipped before the distance is computed (see
/// [`LowercaseName::may_be_within`]), so an error on a long garbage token costs a few cheap
/// comparisons per name rather than a quadratic distance each.
fn closest_motion_names(name: &str) -> Vec<&'static str> {
    let wanted = LowercaseName::new(name.to_ascii_lowercase());
    let limit = (wanted.chars / 3).max(1);
    let mut scored: Vec<(usize, &'static str)> = lowercase_motion_names()
        .iter()
        .filter(|(lower, _)| lower.may_be_within(&wanted, limit))
        .map(|(lower, n)| (strsim::damerau_levenshtein(&wanted.text, &lower.text), *n))
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

/// A lowercase name with what a quick lower bound on its edit distance needs.
struct LowercaseName {
    text: String,
    /// Length in chars (the distance counts chars).
    chars: usize,
    /// How many of its chars fall in each of 128 buckets (`char as u32 % 128`; exact for ASCII).
    histogram: [u16; 128],
}

impl LowercaseName {
    fn new(text: String) -> Self {
        let mut histogram = [0u16; 128];
        let mut chars = 0;
        for c in text.chars() {
            let bucket = &mut histogram[(u32::from(c) % 128) as usize];
            *bucket = bucket.saturating_add(1);
            chars += 1;
        }
        Self {
            text,
            chars,
            histogram,
        }
    }

    /// False when the Damerau–Levenshtein distance to `other` is surely above `limit`.
    ///
    /// Two lower bounds: the difference in length (an edit changes it by at most one), and half
    /// the size of the difference between the two multisets of chars (an insertion or deletion
    /// changes it by one, a substitution by two, a swap not at all). Sharing buckets between
    /// chars only lowers the second bound, so it stays a bound.
    fn may_be_within(&self, other: &Self, limit: usize) -> bool {
        if self.chars.abs_diff(other.chars) > limit {
            return false;
        }
        let differing: usize = self
            .histogram
            .iter()
            .zip(&other.histogram)
            .map(|(&a, &b)| usize::from(a.abs_diff(b)))
            .sum();
        differing.div_ceil(2) <= limit
    }
}

/// Every `MotionCommand` and `MotionStance` member name with its lowercase form, built once.
fn lowercase_motion_names() -> &'static [(LowercaseName, &'static str)] {
    static NAMES: std::sync::OnceLock<Vec<(LowercaseName, &'static str)>> =
        std::sync::OnceLock::new();
    NAMES.get_or_init(|| {
        ac_motiontable::command::all_motions()
            .map(|(n, _)| n)
            .chain(ac_motiontable::command::stance::ALL.iter().map(|&(n, _)| n))
            .map(|n| (LowercaseName::new(n.to_ascii_lowercase()), n))
            .collect()
    })
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
        assert_eq!(
            unknown_motion(&"Ready".repeat(400)),
            format!("unknown motion name `{}`", "Ready".repeat(400))
        );
    }

    /// The quick filter never drops a name the distance itself would keep.
    #[test]
    fn the_quick_filter_is_a_lower_bound() {
        let names = lowercase_motion_names();
        let mut tokens: Vec<String> = Vec::new();
        for (lower, _) in names.iter().step_by(7) {
            let t = &lower.text;
            tokens.push(t.clone());
            tokens.push(t[1..].to_string());
            tokens.push(format!("{t}xy"));
            tokens.push(t.chars().rev().collect());
            tokens.push(t.replacen('a', "e", 2));
            let mut swapped: Vec<char> = t.chars().collect();
            swapped.swap(0, 1);
            tokens.push(swapped.into_iter().collect());
        }
        tokens.extend(["é", "readyé", "wälkforward", ""].map(String::from));
        let mut kept = 0;
        for token in tokens {
            let wanted = LowercaseName::new(token);
            let limit = (wanted.chars / 3).max(1);
            for (lower, _) in names {
                if strsim::damerau_levenshtein(&wanted.text, &lower.text) <= limit {
                    assert!(lower.may_be_within(&wanted, limit), "{}", wanted.text);
                    kept += 1;
                }
            }
        }
        assert!(
            kept > 100,
            "the test reaches names within the limit ({kept})"
        );
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
