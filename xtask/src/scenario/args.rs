//! Argument reading for one line: positional tokens and `key=value` options.

use super::error::ParseResult;

/// The arguments of a line after its keyword.
///
/// Tokens without `=` are positional, in order; tokens with `=` are options. Every option key
/// must be in the line's allowed set, and a key given twice keeps its last value.
pub struct LineArgs<'a> {
    positional: Vec<&'a str>,
    options: Vec<(&'a str, &'a str)>,
}

impl<'a> LineArgs<'a> {
    /// Splits `tokens` (the line without its keyword) and rejects unknown option keys.
    pub fn new(tokens: &[&'a str], allowed: &[&str]) -> ParseResult<Self> {
        let mut positional = Vec::new();
        let mut options = Vec::new();
        for &t in tokens {
            match t.split_once('=') {
                Some((k, v)) => {
                    if !allowed.contains(&k) {
                        return Err(format!("unknown option key `{k}`"));
                    }
                    options.push((k, v));
                }
                None => positional.push(t),
            }
        }
        Ok(Self {
            positional,
            options,
        })
    }

    /// Positional argument `i`, or a "missing" error naming `what`.
    pub fn req(&self, i: usize, what: &str) -> ParseResult<&'a str> {
        self.positional
            .get(i)
            .copied()
            .ok_or_else(|| format!("missing argument <{what}>"))
    }

    /// Positional argument `i` when present.
    pub fn opt(&self, i: usize) -> Option<&'a str> {
        self.positional.get(i).copied()
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
        self.options
            .iter()
            .rev()
            .find(|(k, _)| *k == key)
            .map(|(_, v)| *v)
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
