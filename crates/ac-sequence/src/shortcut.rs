//! Exact shortcuts for the per-frame arithmetic of the frame walk.
//!
//! A walking creature's sequence crosses about one frame boundary per 1/30 s slice, and at
//! each one ACE combines the offset frame with a pos frame and integrates the sequence
//! velocity/omega (a quaternion product, a rotation and a normalisation). For the common
//! case — the offset frame still has the identity orientation, the pos frame is a pure
//! translation and the sequence does not turn — most of that arithmetic provably returns its
//! input. The functions here take the short way exactly then, and only then; every result is
//! bit for bit the one of the general [`AFrameOps`] operation (the tests compare them over
//! signed zeros, infinities, NaNs and random values; a NaN is any NaN, as Rust leaves its
//! payload unspecified).
//!
//! The identity orientation means the bit pattern `(+0, +0, +0, 1)`: that is what a fresh
//! offset frame holds (`AFrame::IDENTITY`), and it stays so while every step keeps it.

use glam::{Quat, Vec3};

use crate::aframe::{AFrame, AFrameOps};

/// Whether `q` is exactly the identity quaternion `(+0, +0, +0, 1)` (a negative zero or any
/// other value is not): `+0` is the only `f32` whose bits are all zero. The four bit patterns
/// are compared as two 64-bit pairs (the same test; adjacent components load together).
#[inline(always)]
pub(crate) fn is_identity(q: Quat) -> bool {
    let pair = |lo: f32, hi: f32| u64::from(lo.to_bits()) | (u64::from(hi.to_bits()) << 32);
    pair(q.x, q.y) == 0 && pair(q.z, q.w) == u64::from(1.0f32.to_bits()) << 32
}

/// `Vector3.Transform(v, identity)` with the identity's matrix entries written in: `1` on the
/// diagonal and `+0` elsewhere (what the general formula computes them to be), summed in the
/// same order. Multiplying by the `+0`s is kept: it turns an infinity into NaN and decides the
/// sign of a zero sum exactly as the general formula does.
#[inline]
fn transform_by_identity(v: Vec3) -> Vec3 {
    Vec3::new(
        v.x * 1.0 + v.y * 0.0 + v.z * 0.0,
        v.x * 0.0 + v.y * 1.0 + v.z * 0.0,
        v.x * 0.0 + v.y * 0.0 + v.z * 1.0,
    )
}

/// `*f = AFrame::combine(f, b)`.
///
/// Short way: when both orientations are the identity, the product `identity · identity` is
/// the identity again (every cross term is `+0 ± +0 = +0` and `w = 1·1 − (+0) = 1`), so only
/// the origin moves, by `b`'s origin rotated by the identity.
#[inline(always)]
pub(crate) fn combine_into(f: &mut AFrame, b: &AFrame) {
    if is_identity(f.orientation) && is_identity(b.orientation) {
        f.origin += transform_by_identity(b.origin);
    } else {
        *f = AFrame::combine(f, b);
    }
}

/// `f.subtract(b)`.
///
/// Short way: with both orientations the identity, `inverse(identity)` is `(−0, −0, −0, 1)`
/// and `identity · (−0, −0, −0, 1)` rounds back to `(+0, +0, +0, 1)` (each component sums
/// `+0` with a `−0`, which is `+0`; `w = 1 − (−0) = 1`), so only the origin moves.
#[inline]
pub(crate) fn subtract_into(f: &mut AFrame, b: &AFrame) {
    if is_identity(f.orientation) && is_identity(b.orientation) {
        f.origin -= transform_by_identity(b.origin);
    } else {
        f.subtract(b);
    }
}

/// `f.rotate(w)` (ACE `AFrame.Rotate(Vector3)`).
///
/// Short way: a zero angular displacement (every component `±0`) on the identity orientation
/// leaves the orientation as it is. The displacement taken to global space is `±0` on every
/// axis (a signed zero times a finite matrix entry, summed), the yaw/pitch/roll quaternion of
/// signed-zero angles is `(±0, ±0, ±0, 1)` (`sin ±0 = ±0`, `cos ±0 = 1`), the product
/// `identity · (±0, ±0, ±0, 1)` is `(+0, +0, +0, 1)` because each component starts from the
/// `+0` of `0 · 1` and `+0` plus any zero is `+0` (and `w = 1 − (±0) = 1`), and normalising
/// the identity divides by `sqrt(1) = 1`. A NaN displacement is not zero and goes the long way.
#[inline(always)]
pub(crate) fn rotate_into(f: &mut AFrame, w: Vec3) {
    if w == Vec3::ZERO && is_identity(f.orientation) {
        return;
    }
    f.rotate(w);
}

/// One step of sequence velocity/omega with the step already scaled: `origin += dv`, then
/// [`rotate_into`] by `dw` (ACE `apply_physics` computes `velocity * q` and `omega * q` for
/// every step; a walk computes them once, which gives the same values).
#[inline(always)]
pub(crate) fn integrate(f: &mut AFrame, dv: Vec3, dw: Vec3) {
    f.origin += dv;
    rotate_into(f, dw);
}

/// [`combine_into`]`(f, b)` then, with a step, [`integrate`]`(f, dv, dw)`: one boundary of a
/// forward walk. The orientation is tested once: the short way of the combine keeps the
/// identity, so the rotation's short way then only depends on `dw`.
#[inline(always)]
pub(crate) fn combine_and_integrate(f: &mut AFrame, b: &AFrame, step: Option<(Vec3, Vec3)>) {
    if is_identity(f.orientation) && is_identity(b.orientation) {
        f.origin += transform_by_identity(b.origin);
        if let Some((dv, dw)) = step {
            f.origin += dv;
            // `f` still has the identity orientation: `rotate_into`'s test is `dw == 0`.
            if dw != Vec3::ZERO {
                f.rotate(dw);
            }
        }
    } else {
        *f = AFrame::combine(f, b);
        if let Some((dv, dw)) = step {
            integrate(f, dv, dw);
        }
    }
}

/// `Math.Floor(x)` in double, as ACE compares frame numbers, without a call into libm
/// (the baseline x86-64 target has no rounding instruction).
///
/// Exact for every `f32`: below 2²² in magnitude, adding and subtracting 1.5 · 2²³ rounds
/// the value to the nearest integer exactly (the sum's unit in the last place is 1), a result
/// above the value steps down by one, and `copysign` restores the sign of a zero result
/// (`floor(−0.0) = −0.0`, `floor(−0.3) = −1`); larger magnitudes, infinities and NaN go to the
/// library floor (frame numbers never get there).
#[inline]
pub(crate) fn floor64(x: f32) -> f64 {
    const LIMIT: f32 = 4_194_304.0; // 2^22
    const ROUND: f32 = 12_582_912.0; // 1.5 * 2^23
    if x.abs() < LIMIT {
        let r = (x + ROUND) - ROUND;
        let f = if r > x { r - 1.0 } else { r };
        f64::from(f.copysign(x))
    } else {
        f64::from(x).floor()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The bit pattern of a frame, every NaN read as one value: Rust does not specify NaN
    /// payloads (LLVM may pick either operand's), so neither does the general code, and the
    /// traces print every NaN alike.
    fn bits(f: &AFrame) -> [u32; 7] {
        let (o, q) = (f.origin, f.orientation);
        [o.x, o.y, o.z, q.x, q.y, q.z, q.w].map(|c| if c.is_nan() { u32::MAX } else { c.to_bits() })
    }

    /// Values that stress the short ways: signed zeros, infinities, NaN, tiny and huge
    /// magnitudes, and ordinary numbers.
    const SPECIAL: [f32; 12] = [
        0.0,
        -0.0,
        1.0,
        -1.0,
        0.1,
        -3.5,
        f32::INFINITY,
        f32::NEG_INFINITY,
        f32::NAN,
        f32::MIN_POSITIVE,
        1e-40,
        3.0e38,
    ];

    /// A small deterministic generator (xorshift) for random frames.
    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> f32 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            match self.0 % 8 {
                0 => SPECIAL[(self.0 >> 8) as usize % SPECIAL.len()],
                _ => ((self.0 >> 11) as f64 / (1u64 << 53) as f64 * 8.0 - 4.0) as f32,
            }
        }
        fn vec(&mut self) -> Vec3 {
            Vec3::new(self.next(), self.next(), self.next())
        }
        fn quat(&mut self) -> Quat {
            if self.0.is_multiple_of(3) {
                Quat::IDENTITY
            } else {
                Quat::from_xyzw(self.next(), self.next(), self.next(), self.next())
            }
        }
        fn frame(&mut self) -> AFrame {
            AFrame::new(self.vec(), self.quat())
        }
    }

    fn zeros() -> impl Iterator<Item = Vec3> {
        (0..8).map(|s| {
            let z = |bit: u32| if s & bit != 0 { -0.0 } else { 0.0 };
            Vec3::new(z(1), z(2), z(4))
        })
    }

    #[test]
    fn identity_means_the_exact_bits() {
        assert!(is_identity(Quat::IDENTITY));
        assert!(!is_identity(Quat::from_xyzw(-0.0, 0.0, 0.0, 1.0)));
        assert!(!is_identity(Quat::from_xyzw(0.0, 0.0, 0.0, -1.0)));
        assert!(!is_identity(Quat::from_xyzw(0.0, 0.0, f32::NAN, 1.0)));
    }

    #[test]
    fn combine_and_subtract_match_the_general_operations() {
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        for _ in 0..20_000 {
            let a = rng.frame();
            let b = rng.frame();
            let mut fast = a;
            combine_into(&mut fast, &b);
            assert_eq!(bits(&fast), bits(&AFrame::combine(&a, &b)), "{a:?} + {b:?}");
            let mut fast = a;
            subtract_into(&mut fast, &b);
            let mut slow = a;
            slow.subtract(&b);
            assert_eq!(bits(&fast), bits(&slow), "{a:?} - {b:?}");
        }
    }

    #[test]
    fn combine_of_translations_keeps_the_identity() {
        let mut f = AFrame::IDENTITY;
        for v in zeros().chain([Vec3::new(0.0, 0.1, 0.0), Vec3::new(-0.0, 3.0, -2.0)]) {
            let b = AFrame::new(v, Quat::IDENTITY);
            let expect = AFrame::combine(&f, &b);
            combine_into(&mut f, &b);
            assert_eq!(bits(&f), bits(&expect));
            assert!(is_identity(f.orientation));
        }
    }

    #[test]
    fn combine_and_integrate_matches_the_two_steps() {
        let mut rng = Rng(0x0123_4567_89AB_CDEF);
        for k in 0..20_000u32 {
            let a = if k % 2 == 0 {
                AFrame::new(rng.vec(), Quat::IDENTITY)
            } else {
                rng.frame()
            };
            let b = if k % 3 != 0 {
                AFrame::new(rng.vec(), Quat::IDENTITY)
            } else {
                rng.frame()
            };
            let dw = if k % 4 < 2 {
                zeros().nth(k as usize % 8).unwrap_or(Vec3::ZERO)
            } else {
                rng.vec()
            };
            let step = (k % 5 != 0).then(|| (rng.vec(), dw));
            let mut fast = a;
            combine_and_integrate(&mut fast, &b, step);
            let mut slow = a;
            combine_into(&mut slow, &b);
            if let Some((dv, dw)) = step {
                slow.origin += dv;
                slow.rotate(dw);
            }
            assert_eq!(bits(&fast), bits(&slow), "{a:?} + {b:?} then {step:?}");
        }
    }

    #[test]
    fn rotate_matches_the_general_operation() {
        let mut rng = Rng(0xD1B5_4A32_D192_ED03);
        for _ in 0..20_000 {
            let f = rng.frame();
            let w = if rng.0.is_multiple_of(2) {
                zeros().nth((rng.0 >> 3) as usize % 8).unwrap_or(Vec3::ZERO)
            } else {
                rng.vec()
            };
            let mut fast = f;
            rotate_into(&mut fast, w);
            let mut slow = f;
            slow.rotate(w);
            assert_eq!(bits(&fast), bits(&slow), "{f:?} rotate {w:?}");
        }
        // Every signed-zero displacement on the identity, scaled by every sign of quantum.
        for w in zeros() {
            for q in [1.0f32 / 30.0, -1.0 / 30.0, 0.0, -0.0, 5000.0] {
                let mut slow = AFrame::IDENTITY;
                slow.rotate(w * q);
                let mut fast = AFrame::IDENTITY;
                rotate_into(&mut fast, w * q);
                assert_eq!(bits(&fast), bits(&slow));
            }
        }
    }

    #[test]
    fn floor_matches_the_library_floor() {
        let mut rng = Rng(0x2545_F491_4F6C_DD1D);
        let check = |x: f32| {
            let (ours, lib) = (floor64(x), f64::from(x).floor());
            assert_eq!(ours.to_bits(), lib.to_bits(), "floor({x:e})");
        };
        for x in SPECIAL {
            check(x);
            check(-x);
        }
        for i in -70_000..70_000 {
            let x = i as f32 / 64.0;
            check(x);
            check(f32::from_bits(x.to_bits().wrapping_add(1)));
            check(f32::from_bits(x.to_bits().wrapping_sub(1)));
        }
        for e in 0..40 {
            let p = (1u64 << e) as f32;
            for x in [p, -p, p - 0.5, -p + 0.5] {
                check(x);
                check(f32::from_bits(x.to_bits() + 1));
                check(f32::from_bits(x.to_bits() - 1));
            }
        }
        for _ in 0..200_000 {
            check(f32::from_bits(rng.0 as u32));
            rng.next();
        }
    }
}
