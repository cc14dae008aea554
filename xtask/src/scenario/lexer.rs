//! Lexical rules and value parsers (docs/scenarios.md, "Lines and tokens", "Values").
//!
//! Every parser returns a message instead of panicking; the line parsers attach the line
//! number. Nothing here knows about motion behaviour: motion names resolve through the
//! command-id tables of `ac-motiontable`.

use super::error::ParseResult;
use glam::Vec3;

/// Cuts the comment off a line (a `#`, unless it starts a raw-bits float).
///
/// The first `#` starts a comment unless it is a raw-bits float literal: a `#` directly
/// preceded by `=`, `,` or `:` and directly followed by a hex digit.
pub fn strip_comment(line: &str) -> &str {
    let b = line.as_bytes();
    if !b.contains(&b'#') {
        return line; // most lines: one fast scan
    }
    for (i, &c) in b.iter().enumerate() {
        if c != b'#' {
            continue;
        }
        let raw = i > 0
            && matches!(b[i - 1], b'=' | b',' | b':')
            && b.get(i + 1).is_some_and(u8::is_ascii_hexdigit);
        if !raw {
            return &line[..i];
        }
    }
    line
}

/// Splits a line (comment removed) on spaces and tabs, dropping empty tokens.
pub fn tokenize(line: &str) -> Vec<&str> {
    let mut tokens = Vec::new();
    tokenize_into(line, &mut tokens);
    tokens
}

/// [`tokenize`] into `tokens` (cleared first), so that a caller reading many lines reuses one
/// vector. Splits on bytes: both separators are ASCII, so every cut is a character boundary.
pub fn tokenize_into<'a>(line: &'a str, tokens: &mut Vec<&'a str>) {
    let is_separator = |c: &u8| *c == b' ' || *c == b'\t';
    tokens.clear();
    let line = strip_comment(line);
    let bytes = line.as_bytes();
    let mut end = 0;
    while end < bytes.len() {
        let start = end + bytes[end..].iter().take_while(|c| is_separator(c)).count();
        end = start
            + bytes[start..]
                .iter()
                .take_while(|c| !is_separator(c))
                .count();
        if start < end {
            tokens.push(&line[start..end]);
        }
    }
}

fn hex_digits(s: &str) -> Option<&str> {
    s.strip_prefix("0x").or_else(|| s.strip_prefix("0X"))
}

/// `u32`: `0x`/`0X` + hex digits, or decimal digits.
pub fn parse_u32(s: &str) -> ParseResult<u32> {
    if let Some(h) = hex_digits(s) {
        if !h.is_empty() && h.bytes().all(|c| c.is_ascii_hexdigit()) {
            return u32::from_str_radix(h, 16)
                .map_err(|_| format!("hex number out of range: `{s}`"));
        }
        return Err(format!("malformed hex number `{s}`"));
    }
    if !s.is_empty() && s.bytes().all(|c| c.is_ascii_digit()) {
        return s.parse().map_err(|_| format!("number out of range: `{s}`"));
    }
    Err(format!("malformed unsigned number `{s}`"))
}

/// `i32`: `0x…` (the 32-bit pattern reinterpreted as signed) or an optionally signed decimal.
pub fn parse_i32(s: &str) -> ParseResult<i32> {
    if hex_digits(s).is_some() {
        return parse_u32(s).map(|u| u as i32);
    }
    let digits = s.strip_prefix(['-', '+']).unwrap_or(s);
    if !digits.is_empty() && digits.bytes().all(|c| c.is_ascii_digit()) {
        return s
            .parse()
            .map_err(|_| format!("integer out of range: `{s}`"));
    }
    Err(format!("malformed integer `{s}`"))
}

/// Whether `s` looks like a plain decimal literal (`1`, `-0.65`, `1.5e-3`, `.5`), so that
/// Rust's float parser never sees words such as `inf` or `nan`.
fn is_decimal(s: &str) -> bool {
    /// The ASCII digits at the start of `b`, and what follows them.
    fn digits(b: &[u8]) -> (usize, &[u8]) {
        let n = b.iter().take_while(|c| c.is_ascii_digit()).count();
        (n, &b[n..])
    }
    /// `b` without a leading sign.
    fn unsigned(b: &[u8]) -> &[u8] {
        match b {
            [b'-' | b'+', rest @ ..] => rest,
            _ => b,
        }
    }
    let (int, rest) = digits(unsigned(s.as_bytes()));
    let (frac, rest) = match rest {
        [b'.', rest @ ..] => digits(rest),
        _ => (0, rest),
    };
    if int + frac == 0 {
        return false;
    }
    match rest {
        [] => true,
        [b'e' | b'E', exponent @ ..] => {
            let (n, rest) = digits(unsigned(exponent));
            n > 0 && rest.is_empty()
        }
        _ => false,
    }
}

/// `f32`: a decimal rounded to the nearest f32, or raw bits `#xxxxxxxx` (8 hex digits).
pub fn parse_f32(s: &str) -> ParseResult<f32> {
    if let Some(h) = s.strip_prefix('#') {
        if h.len() == 8 && h.bytes().all(|c| c.is_ascii_hexdigit()) {
            return u32::from_str_radix(h, 16)
                .map(f32::from_bits)
                .map_err(|_| format!("malformed raw-bits float `{s}`"));
        }
        return Err(format!(
            "malformed raw-bits float `{s}` (need # and 8 hex digits)"
        ));
    }
    if is_decimal(s) {
        return s.parse().map_err(|_| format!("malformed number `{s}`"));
    }
    Err(format!("malformed number `{s}`"))
}

/// `f64`: a decimal (only `update_object` / `physics_update` take one).
pub fn parse_f64(s: &str) -> ParseResult<f64> {
    if is_decimal(s) {
        return s.parse().map_err(|_| format!("malformed number `{s}`"));
    }
    Err(format!("malformed number `{s}`"))
}

/// `bool`: `1 true yes on` / `0 false no off`, case-insensitive.
pub fn parse_bool(s: &str) -> ParseResult<bool> {
    match s.to_ascii_lowercase().as_str() {
        "1" | "true" | "yes" | "on" => Ok(true),
        "0" | "false" | "no" | "off" => Ok(false),
        _ => Err(format!("malformed boolean `{s}`")),
    }
}

/// Exactly `n` comma-separated f32s.
pub fn parse_floats<const N: usize>(s: &str) -> ParseResult<[f32; N]> {
    let parts: Vec<&str> = s.split(',').collect();
    if parts.len() != N {
        return Err(format!("expected {N} comma-separated numbers, got `{s}`"));
    }
    let mut out = [0.0f32; N];
    for (o, p) in out.iter_mut().zip(parts) {
        *o = parse_f32(p)?;
    }
    Ok(out)
}

/// `vec3`: `x,y,z`.
pub fn parse_vec3(s: &str) -> ParseResult<Vec3> {
    parse_floats::<3>(s).map(Vec3::from_array)
}

/// A quaternion written `qw,qx,qy,qz` (stored as written, never normalized).
pub fn parse_quat(s: &str) -> ParseResult<[f32; 4]> {
    parse_floats::<4>(s)
}

/// `motion`: a token starting with a digit is a u32, otherwise a `MotionCommand` /
/// `MotionStance` name.
pub fn parse_motion(s: &str) -> ParseResult<u32> {
    if s.as_bytes().first().is_some_and(u8::is_ascii_digit) {
        return parse_u32(s);
    }
    super::names::motion_by_name(s).ok_or_else(|| super::error::unknown_motion(s))
}

/// An anim ref `id[:low[:high[:fps]]]` with defaults 0, -1, 30 (no clamping at parse time).
pub fn parse_anim_ref(s: &str) -> ParseResult<ac_dat::AnimData> {
    let parts: Vec<&str> = s.split(':').collect();
    if parts.is_empty() || parts.len() > 4 {
        return Err(format!("malformed anim ref `{s}`"));
    }
    let mut ad = ac_dat::AnimData::new(parse_u32(parts[0])?);
    if let Some(p) = parts.get(1) {
        ad.low_frame = parse_i32(p)?;
    }
    if let Some(p) = parts.get(2) {
        ad.high_frame = parse_i32(p)?;
    }
    if let Some(p) = parts.get(3) {
        ad.framerate = parse_f32(p)?;
    }
    Ok(ad)
}

/// A comma-separated list of anim refs, in order.
pub fn parse_anim_list(s: &str) -> ParseResult<Vec<ac_dat::AnimData>> {
    s.split(',').map(parse_anim_ref).collect()
}

/// `HoldKey`: `Invalid` 0, `None` 1, `Run` 2.
pub fn parse_hold_key(s: &str) -> ParseResult<u32> {
    match s {
        "Invalid" => Ok(0),
        "None" => Ok(1),
        "Run" => Ok(2),
        _ => Err(format!("malformed HoldKey `{s}` (Invalid, None or Run)")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comment_rules() {
        assert_eq!(
            tokenize("set speed=#3f800000 # hi"),
            vec!["set", "speed=#3f800000"]
        );
        assert_eq!(
            tokenize("a vel=0,#bf800000,0"),
            vec!["a", "vel=0,#bf800000,0"]
        );
        assert_eq!(tokenize("a #3f800000"), vec!["a"]);
        assert_eq!(tokenize("a x=#zz"), vec!["a", "x="]);
        assert_eq!(tokenize("\t a\t\tb  "), vec!["a", "b"]);
        assert!(tokenize("   # only a comment").is_empty());
    }

    #[test]
    fn numbers() {
        assert_eq!(parse_u32("0x8000003D"), Ok(0x8000_003D));
        assert_eq!(parse_u32("0X10"), Ok(16));
        assert_eq!(parse_u32("42"), Ok(42));
        assert!(parse_u32("-1").is_err());
        assert!(parse_u32("0x").is_err());
        assert!(parse_u32("0x100000000").is_err());
        assert_eq!(parse_i32("0xFFFFFFFF"), Ok(-1));
        assert_eq!(parse_i32("-7"), Ok(-7));
        assert!(parse_i32("fast").is_err());
        assert_eq!(parse_f32(".5"), Ok(0.5));
        assert_eq!(parse_f32("1.5e-3"), Ok(1.5e-3));
        assert_eq!(parse_f32("#bf800000"), Ok(-1.0));
        assert_eq!(parse_f32("-0").map(f32::to_bits), Ok(0x8000_0000));
        for bad in ["fast", "inf", "nan", "1.2.3", "", "-", "e5", "#3f80"] {
            assert!(parse_f32(bad).is_err(), "{bad}");
        }
        assert_eq!(
            parse_f64("0.03333333507180214"),
            Ok(0.033_333_335_071_802_14)
        );
    }

    #[test]
    fn decimal_literals() {
        for (text, decimal) in [
            ("0", true),
            ("-0.65", true),
            ("+.5", true),
            ("5.", true),
            ("1.e5", true),
            ("1E-07", true),
            ("1e+5", true),
            ("", false),
            (".", false),
            ("+", false),
            ("--1", false),
            ("1e", false),
            ("1e+", false),
            (".e5", false),
            ("1e5.0", false),
            ("1e+-5", false),
            ("1.2.3", false),
            ("0x10", false),
            ("inf", false),
            ("1 ", false),
        ] {
            assert_eq!(is_decimal(text), decimal, "{text:?}");
        }
    }

    #[test]
    fn compound_values() {
        assert_eq!(parse_vec3("1,-2,#3f800000"), Ok(Vec3::new(1.0, -2.0, 1.0)));
        assert!(parse_vec3("1,2").is_err());
        assert!(parse_vec3("1,2,3,4").is_err());
        let r = parse_anim_ref("0x03000040:0:-1:-30").unwrap();
        assert_eq!(
            (r.anim_id, r.low_frame, r.high_frame, r.framerate),
            (0x0300_0040, 0, -1, -30.0)
        );
        let r = parse_anim_ref("7").unwrap();
        assert_eq!((r.low_frame, r.high_frame, r.framerate), (0, -1, 30.0));
        assert!(parse_anim_ref("1:2:3:4:5").is_err());
        assert_eq!(parse_bool("YES"), Ok(true));
        assert_eq!(parse_bool("Off"), Ok(false));
        assert!(parse_bool("2").is_err());
        assert_eq!(parse_hold_key("Run"), Ok(2));
        assert!(parse_hold_key("run").is_err());
    }
}
