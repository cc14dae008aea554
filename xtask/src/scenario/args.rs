//! Argument reading for one line: positional tokens and `key=value` options.

use super::error::ParseResult;

/// The arguments of a line after its keyword.
///
/// Tokens without `=` are positional, in order; tokens with `=` are options. Every option key
/// must be in the line's allowed set, and a key given twice keeps its last value. The tokens
/// are looked up where they are (a line has a handful), so reading a line allocates nothing.
pub struct LineArgs<'a> {
    tokens: &'a [&'a str],
}

impl<'a> LineArgs<'a> {
    /// Checks `tokens` (the line without its keyword): unknown option keys are rejected.
    pub fn new(tokens: &'a [&'a str], allowed: &[&str]) -> ParseResult<Self> {
        for &t in tokens {
            if let Some((k, _)) = t.split_once('=')
                && !allowed.contains(&k)
            {
                return Err(format!("unknown option key `{k}`"));
            }
        }
        Ok(Self { tokens })
    }

    fn positional(&self) -> impl Iterator<Item = &'a str> + '_ {
        // A byte loop: tokens are short, and `str::contains` sets up a search.
        let is_option = |t: &&str| t.bytes().any(|c| c == b'=');
        self.tokens.iter().copied().filter(move |t| !is_option(t))
    }

    /// Positional argument `i`, or a "missing" error naming `what`.
    pub fn req(&self, i: usize, what: &str) -> ParseResult<&'a str> {
        self.opt(i)
            .ok_or_else(|| format!("missing argument <{what}>"))
    }

    /// Positional argument `i` when present.
    pub fn opt(&self, i: usize) -> Option<&'a str> {
        self.positional().nth(i)
    }

    /// Parsed positional argument `i`, or `default` when absent.
    pub fn opt_or<T>(
        &self,
        i: usize,
        default: T,
        parse: impl Fn(&str) -> ParseResult<T>,
    ) -> ParseResult<T> {
        self.opt(i).map_or(Ok(default), parse)
    }

    /// The last value of option `key`, if given.
    pub fn get(&self, key: &str) -> Option<&'a str> {
        self.tokens
            .iter()
            .rev()
            .filter_map(|t| t.split_once('='))
            .find(|(k, _)| *k == key)
            .map(|(_, v)| v)
    }

    /// Parsed option `key`, or `default` when absent.
    pub fn get_or<T>(
        &self,
        key: &str,
        default: T,
        parse: impl Fn(&str) -> ParseResult<T>,
    ) -> ParseResult<T> {
        match self.get(key) {
            Some(v) => parse(v).map_err(|e| format!("{key}: {e}")),
            None => Ok(default),
        }
    }

    /// Parsed option `key` when given.
    pub fn get_opt<T>(
        &self,
        key: &str,
        parse: impl Fn(&str) -> ParseResult<T>,
    ) -> ParseResult<Option<T>> {
        self.get(key)
            .map(|v| parse(v).map_err(|e| format!("{key}: {e}")))
            .transpose()
    }

    /// An optional argument that may be written positionally (at index `i`) or as `key=value`
    /// (the corpus writes `animation_done 0` for the documented `success=`); the option wins
    /// when both are given.
    pub fn pos_or_key<T>(
        &self,
        i: usize,
        key: &str,
        default: T,
        parse: impl Fn(&str) -> ParseResult<T>,
    ) -> ParseResult<T> {
        match self.get(key) {
            Some(_) => self.get_or(key, default, parse),
            None => self.opt_or(i, default, parse),
        }
    }
}
