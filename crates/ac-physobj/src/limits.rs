//! The user API's bounds on time, speed, heading and coordinate values.
//!
//! The reference accepts any float and, given a NaN, an infinity or an absurd magnitude, keeps
//! running with a poisoned clock or position (a NaN position stays NaN; a clock of 1e17 s
//! swallows every later step, since `1e17 + 1/30 == 1e17`). The user API refuses such values
//! with a typed error before anything changes: [`TimeError`](crate::TimeError) for time,
//! `GeneralMovementFailure` for movement requests. The messages the wire layer applies
//! ([`crate::apply`]) are held to the same bounds and refused with
//! [`ApplyError::NotFinite`](crate::apply::ApplyError::NotFinite) or
//! [`ApplyError::OutOfRange`](crate::apply::ApplyError::OutOfRange). The scenario runner's
//! reference-host calls do not pass through these checks, so the conformance traces keep the
//! reference's behaviour.

/// The largest clock value, in seconds, that a [`World`](crate::World) or an object accepts:
/// 2³² s, about 136 years.
///
/// Why this bound: up to it the f64 clock resolves about a microsecond, far below the 1/30 s
/// quantum, so every step still moves it; far beyond it (1e17 s resolves 16 s) steps are lost.
pub const MAX_CLOCK: f64 = 4_294_967_296.0;

/// The largest speed magnitude a movement request or a game object's run rate may have (a
/// speed of 1 plays a motion at its natural rate; retail run rates stay below 5).
///
/// Why this bound: speeds multiply the cycle velocity and the animation frame rate, so an
/// absurd one (`f32::MAX`, 1e17) overflows the position to infinity within a tick. A thousand
/// leaves room for any game's tuning while keeping a day of movement well inside f32.
pub const MAX_SPEED: f32 = 1000.0;

/// The largest heading magnitude, in degrees, a message may carry: one turn either way.
///
/// Why this bound: a compass heading lies in `[0, 360)`; the reference wraps others, but a
/// heading of 1e30 has no meaningful angle left in f32, so more than a turn is not a heading.
pub const MAX_HEADING: f32 = 360.0;

/// The largest coordinate or distance magnitude, in metres, a message may carry (a position's
/// origin, a move-to's target origin, its distances).
///
/// Why this bound: origins are local to a cell (a landblock is 192 m across), so real values
/// stay in the hundreds; up to 10⁵ m f32 still resolves about a centimetre, far beyond it a
/// step of movement no longer changes the position.
pub const MAX_COORDINATE: f32 = 100_000.0;

/// Whether `t` is a clock value the API accepts (finite, `|t| ≤ MAX_CLOCK`).
pub(crate) fn is_valid_clock(t: f64) -> bool {
    t.is_finite() && t.abs() <= MAX_CLOCK
}

/// Whether `speed` is a speed or run rate the API accepts (finite, `|speed| ≤ MAX_SPEED`).
///
/// One comparison says both: a NaN compares false, and an infinity's magnitude exceeds the
/// finite [`MAX_SPEED`], so `|speed| ≤ MAX_SPEED` holds only for finite speeds within it.
#[inline]
pub(crate) fn is_valid_speed(speed: f32) -> bool {
    speed.abs() <= MAX_SPEED
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_comparison_is_the_finite_and_bounded_test() {
        let probes = [
            0.0,
            -0.0,
            1.0,
            -1.5,
            MAX_SPEED,
            -MAX_SPEED,
            f32::from_bits(MAX_SPEED.to_bits() + 1),
            -f32::from_bits(MAX_SPEED.to_bits() + 1),
            f32::MAX,
            f32::MIN,
            f32::INFINITY,
            f32::NEG_INFINITY,
            f32::NAN,
            -f32::NAN,
            f32::from_bits(0x7F80_0001),
            f32::from_bits(0xFFC0_0000),
            f32::MIN_POSITIVE,
            1.0e-45,
        ];
        for s in probes {
            let general = s.is_finite() && s.abs() <= MAX_SPEED;
            assert_eq!(is_valid_speed(s), general, "{s:?} ({:#x})", s.to_bits());
        }
        // Every bit pattern of one exponent band around the bound, and the special ones.
        for bits in (0x4470_0000u32..0x4490_0000)
            .step_by(97)
            .chain(0x7F80_0000..0x7F80_0400)
        {
            for s in [f32::from_bits(bits), -f32::from_bits(bits)] {
                assert_eq!(is_valid_speed(s), s.is_finite() && s.abs() <= MAX_SPEED);
            }
        }
    }
}
