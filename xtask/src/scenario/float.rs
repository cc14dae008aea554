//! `<f>` of the trace written without `core::fmt`: Rust's `{}` text of an f32, from `zmij`'s
//! shortest round-trip digits.
//!
//! Why: a long trace is mostly floats, and `{}` through the formatting machinery cost more than
//! the simulation it prints. `zmij` finds the same shortest digits as the standard library but
//! lays them out differently (`1e+30`, `1.0`) and, when the value lies exactly halfway between
//! two shortest candidates, keeps the even one where the standard library rounds up. This
//! module re-lays the digits and applies the standard library's tie rule, so the text is
//! byte-for-byte `format!("{x}")`, which the tests check on random bit patterns, integers and
//! a range holding ties. Integers below 2²⁴ take a shortcut (their text is the integer). The
//! code as it stands was also compared with `format!` once on every non-negative bit pattern
//! (2³¹, 0 mismatches); a negative value prints as `-` and its magnitude in both.

/// Appends `x` exactly as `format!("{x}")` would: the shortest decimal that reads back to the
/// same f32, never in exponent form (`0.00000014999999`, `4294967300`), `-0` for negative zero,
/// `NaN`, `inf`, `-inf`.
pub fn push_f32(out: &mut String, x: f32) {
    if x.is_nan() {
        out.push_str("NaN");
        return;
    }
    if x.is_infinite() {
        out.push_str(if x < 0.0 { "-inf" } else { "inf" });
        return;
    }
    if x.is_sign_negative() {
        out.push('-');
    }
    if x.trunc() == x && x.abs() < EXACT_INTEGERS {
        // Every integer of this range is an f32, so the nearest ones are a unit or less away
        // and no shorter decimal reads back to `x`: its text is the integer (also `0`, `-0`).
        out.push_str(itoa::Buffer::new().format(x.abs() as u32));
        return;
    }
    let (digits, exp) = shortest_digits(x.abs());
    let mut text = itoa::Buffer::new();
    let digits = text.format(digits);
    lay_out(out, digits, exp);
}

/// 2²⁴: below it every integer is exactly representable (the 24-bit significand).
const EXACT_INTEGERS: f32 = 16_777_216.0;

/// The shortest round-trip decimal of a finite, non-negative `x` as `digits × 10^exp`, `digits`
/// without trailing zeros, a tie rounded up as the standard library does.
fn shortest_digits(x: f32) -> (u64, i32) {
    let mut zmij = zmij::Buffer::new();
    let (mut digits, mut exp) = parse_decimal(zmij.format_finite(x).as_bytes());
    if digits != 0 && halfway_above(x, digits, exp) {
        digits += 1;
        while digits % 10 == 0 {
            digits /= 10;
            exp += 1;
        }
    }
    (digits, exp)
}

/// Reads `zmij`'s unsigned text (`123.45`, `0.001`, `1.5e-7`, `3.4028235e+38`) as its significant
/// digits and the power of ten that scales them.
fn parse_decimal(text: &[u8]) -> (u64, i32) {
    let (mut digits, mut zeros, mut fraction_len, mut in_fraction) = (0u64, 0i32, 0i32, false);
    let mut exp = 0i32;
    let mut i = 0;
    while i < text.len() {
        match text[i] {
            b'.' => in_fraction = true,
            b'e' => {
                exp = parse_exponent(&text[i + 1..]);
                break;
            }
            c => {
                fraction_len += i32::from(in_fraction);
                if c == b'0' {
                    // Leading zeros are dropped; zeros after a digit wait for the next one.
                    zeros += i32::from(digits != 0);
                } else {
                    digits = digits * 10u64.pow(zeros as u32 + 1) + u64::from(c - b'0');
                    zeros = 0;
                }
            }
        }
        i += 1;
    }
    (digits, exp - fraction_len + zeros)
}

/// `+38`, `-7`, `30`.
fn parse_exponent(text: &[u8]) -> i32 {
    let (negative, digits) = match text.split_first() {
        Some((b'-', rest)) => (true, rest),
        Some((b'+', rest)) => (false, rest),
        _ => (false, text),
    };
    let e = digits
        .iter()
        .fold(0i32, |e, &c| e * 10 + i32::from(c - b'0'));
    if negative { -e } else { e }
}

/// Whether the positive, finite `x` is exactly `(digits + ½) × 10^exp`: a tie that `zmij`
/// rounded down to the even candidate and the standard library rounds up.
///
/// `x = m × 2^e` exactly. With `m = odd × 2^a`, the equation
/// `odd × 2^(a+e) = (2·digits + 1) × 5^exp × 2^(exp−1)` holds iff the powers of two agree
/// (`a + e = exp − 1`) and the odd parts agree: `odd = (2·digits + 1) × 5^exp` when `exp ≥ 0`,
/// `odd × 5^−exp = 2·digits + 1` when `exp < 0`. An overflow means the sides differ.
fn halfway_above(x: f32, digits: u64, exp: i32) -> bool {
    let bits = x.to_bits();
    let biased = (bits >> 23) & 0xFF;
    let fraction = u64::from(bits & 0x7F_FFFF);
    let (m, e) = if biased == 0 {
        (fraction, -149)
    } else {
        (fraction | 0x80_0000, biased as i32 - 150)
    };
    let a = m.trailing_zeros() as i32;
    if a + e != exp - 1 {
        return false;
    }
    let odd = u128::from(m >> a);
    let twice_plus_one = u128::from(2 * digits + 1);
    let power = |p: i32| 5u128.checked_pow(p.unsigned_abs());
    if exp >= 0 {
        power(exp).and_then(|p| twice_plus_one.checked_mul(p)) == Some(odd)
    } else {
        power(exp).and_then(|p| odd.checked_mul(p)) == Some(twice_plus_one)
    }
}

/// Writes `digits × 10^exp` in plain decimal: `0.000ddd`, `dd.ddd` or `ddd000`.
fn lay_out(out: &mut String, digits: &str, exp: i32) {
    const ZEROS: &str = "0000000000000000000000000000000000000000000000";
    let len = digits.len() as i32;
    let point = len + exp; // digits before the decimal point
    if point <= 0 {
        out.push_str("0.");
        out.push_str(&ZEROS[..point.unsigned_abs() as usize]);
        out.push_str(digits);
    } else if point < len {
        let (int, frac) = digits.split_at(point as usize);
        out.push_str(int);
        out.push('.');
        out.push_str(frac);
    } else {
        out.push_str(digits);
        out.push_str(&ZEROS[..exp as usize]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn text(x: f32) -> String {
        let mut s = String::new();
        push_f32(&mut s, x);
        s
    }

    #[test]
    fn special_values_and_layouts() {
        for x in [
            0.0,
            -0.0,
            1.0,
            -0.65,
            3.12,
            100.0,
            123_456.7,
            4_294_967_300.0,
            16_777_215.0,
            16_777_216.0,
            -16_777_218.0,
            1e7,
            1e30,
            0.001,
            1e-5,
            0.000_000_149_999_99,
            f32::MIN_POSITIVE,
            f32::from_bits(1),
            f32::MAX,
            f32::MIN,
            f32::NAN,
            -f32::NAN,
            f32::INFINITY,
            f32::NEG_INFINITY,
        ] {
            assert_eq!(text(x), format!("{x}"), "{:#010x}", x.to_bits());
        }
    }

    /// Exact ties between two shortest candidates: the standard library rounds up, `zmij` to
    /// even (1.00390625 prints as 1.0039063).
    #[test]
    fn ties_round_up_like_the_standard_library() {
        let mut ties = 0;
        for bits in (0x3f80_0000u32..0x3f90_0000).step_by(0x100) {
            for x in [f32::from_bits(bits), -f32::from_bits(bits)] {
                let (digits, exp) = {
                    let mut z = zmij::Buffer::new();
                    parse_decimal(z.format_finite(x.abs()).as_bytes())
                };
                ties += usize::from(halfway_above(x.abs(), digits, exp));
                assert_eq!(text(x), format!("{x}"), "{:#010x}", x.to_bits());
            }
        }
        assert!(ties > 0, "the range holds ties");
        assert_eq!(text(1.0 + 1.0 / 256.0), "1.0039063");
    }

    proptest! {
        #[test]
        fn any_bit_pattern_prints_like_display(bits in any::<u32>()) {
            let x = f32::from_bits(bits);
            prop_assert_eq!(text(x), format!("{x}"));
        }

        #[test]
        fn integers_print_like_display(n in -(1i32 << 25)..(1 << 25)) {
            let x = n as f32;
            prop_assert_eq!(text(x), format!("{x}"));
        }

        #[test]
        fn short_decimals_print_like_display(n in -1_000_000i32..1_000_000, scale in 0u32..12) {
            let x = n as f32 / 10f32.powi(scale as i32);
            prop_assert_eq!(text(x), format!("{x}"));
        }
    }
}
