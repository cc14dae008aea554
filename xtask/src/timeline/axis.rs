//! Axis ticks at round numbers.

/// Tick values covering `lo..=hi` at a round step (1, 2 or 5 × 10ⁿ) giving about `target`
/// ticks. A degenerate or non-finite range gives its one end.
pub fn ticks(lo: f64, hi: f64, target: usize) -> Vec<f64> {
    if !(lo.is_finite() && hi.is_finite()) || hi <= lo {
        return if lo.is_finite() { vec![lo] } else { Vec::new() };
    }
    let raw = (hi - lo) / target.max(1) as f64;
    let exp = raw.log10().floor() as i32;
    let mag = 10f64.powi(exp);
    // The round step nearest the raw one (in ratio), so the count stays near `target`.
    let m = [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .min_by(|a, b| {
            let off = |m: f64| (m * mag / raw).ln().abs();
            off(*a).total_cmp(&off(*b))
        })
        .unwrap_or(1.0);
    let step = m * mag;
    // i·m scaled by the power of ten in one rounding (0.6, not 3 × 0.2 = 0.6000000000000001).
    let value = |i: i64| {
        let units = i as f64 * m;
        if exp >= 0 {
            units * mag
        } else {
            units / 10f64.powi(-exp)
        }
    };
    let first = (lo / step - 1e-9).ceil() as i64;
    let last = (hi / step + 1e-9).floor() as i64;
    (first..=last.min(first + 1000)).map(value).collect()
}

/// A tick label with as many decimals as the step needs.
pub fn label(v: f64, ticks: &[f64]) -> String {
    let step = match ticks {
        [a, b, ..] => (b - a).abs(),
        _ => 1.0,
    };
    let decimals = if step >= 1.0 {
        0
    } else {
        (-step.log10()).ceil().clamp(0.0, 6.0) as usize
    };
    format!("{v:.decimals$}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_steps() {
        assert_eq!(ticks(0.0, 1.0, 5), [0.0, 0.2, 0.4, 0.6, 0.8, 1.0]);
        assert_eq!(ticks(0.0, 10.0, 5), [0.0, 2.0, 4.0, 6.0, 8.0, 10.0]);
        assert_eq!(ticks(-1.2, 3.9, 5), [-1.0, 0.0, 1.0, 2.0, 3.0]);
        assert_eq!(ticks(0.0, 0.0, 5), [0.0]);
        assert!(ticks(f64::NAN, 1.0, 5).is_empty());
        let t = ticks(0.0, 0.3, 3);
        assert_eq!(t, [0.0, 0.1, 0.2, 0.3]);
        assert_eq!(label(0.1, &t), "0.1");
        assert_eq!(label(2.0, &[0.0, 2.0]), "2");
    }
}
