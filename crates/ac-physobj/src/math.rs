//! Scalar frame and quaternion math in the exact operation order of System.Numerics.
//!
//! Why a separate module: the conformance traces were recorded from ACE, which uses the scalar
//! `System.Numerics` formulas (spec Appendix A, FORMAT-physics.md §5). glam's own `Quat * Vec3`,
//! `normalize` and fused SIMD paths round differently, so every operation whose result reaches a
//! trace is written out component by component here, evaluated left to right, with no fused
//! multiply-add. Angles that ACE computes in `double` (`Math.Atan2`, `Math.Sin`, ...) use the f64
//! functions on widened f32 arguments, cast back to f32, exactly as the reference does.

use ac_dat::Frame;
use ac_sequence::AFrameOps;
use glam::{Quat, Vec3};

// Canonical System.Numerics primitives and heading helpers: `ac_sequence::aframe` (via the
// `ac-interp-manager` wrappers for the headings). Each was operation-for-operation identical
// to the copy that used to live here.
pub use ac_interp_manager::math::{
    EPSILON, add, dot, get_heading as quat_heading, scale as mul, set_heading, set_vector_heading,
    sub,
};
pub use ac_sequence::aframe::nmath::{
    length, quat_mul, quat_normalize, to_degrees, to_radians, transform as rotate, yaw_pitch_roll,
};

/// Component-wise division by a scalar (`Vector3 / float` divides; it does not multiply by the
/// reciprocal, which would round differently).
#[inline]
pub fn div(v: Vec3, s: f32) -> Vec3 {
    Vec3::new(v.x / s, v.y / s, v.z / s)
}

/// Component-wise `==` (so `-0 == 0`, and a NaN component is never equal), like C#'s
/// `Vector3 ==` that `set_velocity` and the Sledding test use.
#[inline]
pub fn vec_eq(a: Vec3, b: Vec3) -> bool {
    a.x == b.x && a.y == b.y && a.z == b.z
}

/// `Quaternion.Conjugate`.
#[inline]
pub fn quat_conjugate(q: Quat) -> Quat {
    Quat::from_xyzw(-q.x, -q.y, -q.z, q.w)
}

/// The rotation matrix of `Matrix4x4.CreateFromQuaternion(q)`, rows M1x..M3x.
#[derive(Debug, Clone, Copy)]
pub struct RotMatrix {
    /// Row 1: M11, M12, M13.
    pub m1: [f32; 3],
    /// Row 2: M21, M22, M23.
    pub m2: [f32; 3],
    /// Row 3: M31, M32, M33.
    pub m3: [f32; 3],
}

/// `Matrix4x4.CreateFromQuaternion` (FORMAT-physics §2.2 formulas), via
/// [`ac_sequence::aframe::nmath::matrix_from_quat`].
#[inline]
pub fn rot_matrix(q: Quat) -> RotMatrix {
    let [m1, m2, m3] = ac_sequence::aframe::nmath::matrix_from_quat(q);
    RotMatrix { m1, m2, m3 }
}

/// `AFrame.GlobalToLocalVec`: `v` times the transposed rotation matrix of `q`
/// (FORMAT-physics §2.2: `local.x = ((v.x*M11 + v.y*M12) + v.z*M13) + 0`, ...).
#[inline]
pub fn to_local(q: Quat, v: Vec3) -> Vec3 {
    ac_interp_manager::math::global_to_local(q, v)
}

/// `AFrame.Combine(a, b)`: `b` (local to `a`) expressed in `a`'s parent space.
#[inline]
pub fn combine(a: &Frame, b: &Frame) -> Frame {
    <Frame as AFrameOps>::combine(a, b)
}

/// `AFrame.GRotate(w)`: `q = Normalize(q * YawPitchRoll(w.x, w.y, w.z))` (spec ODD-24: ACE passes
/// `(x, y, z)` as `(yaw, pitch, roll)`).
#[inline]
pub fn grotate(frame: &mut Frame, w: Vec3) {
    frame.grotate(w);
}

/// `set_vector_heading(v / |v|)`: the AlignPath / Sledding heading (normalised by division first).
pub fn heading_from(frame: &mut Frame, v: Vec3) {
    let n = div(v, length(v));
    set_vector_heading(frame, n);
}

/// `AFrame.get_heading()`: `(450 - deg(atan2(M22, M21))) % 360`.
#[inline]
pub fn get_heading(frame: &Frame) -> f32 {
    quat_heading(frame.orientation)
}

/// FORMAT-physics §5.6 validity of a quaternion: no NaN and `|len - 1| <= 0.001`.
#[inline]
pub fn quat_is_valid(q: Quat) -> bool {
    if q.x.is_nan() || q.y.is_nan() || q.z.is_nan() || q.w.is_nan() {
        return false;
    }
    let len = (q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w).sqrt();
    (len - 1.0).abs() <= 0.001
}

/// No NaN component.
#[inline]
pub fn vec_is_valid(v: Vec3) -> bool {
    !(v.x.is_nan() || v.y.is_nan() || v.z.is_nan())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn heading_zero_is_identity_with_negative_zero() {
        let mut f = Frame::IDENTITY;
        set_heading(&mut f, 0.0);
        assert_eq!(f.orientation.w, 1.0);
        assert_eq!(f.orientation.z, 0.0);
        assert!(f.orientation.z.is_sign_negative());
    }

    #[test]
    fn heading_ninety_faces_x() {
        let mut f = Frame::IDENTITY;
        set_heading(&mut f, 90.0);
        assert_eq!(format!("{}", f.orientation.w), "0.7071068");
        assert_eq!(format!("{}", f.orientation.z), "-0.7071068");
        let fwd = rotate(Vec3::Y, f.orientation);
        assert!((fwd.x - 1.0).abs() < 1e-6);
        assert!((get_heading(&f) - 90.0).abs() < 1e-3);
    }

    #[test]
    fn to_local_undoes_rotate() {
        let q = quat_normalize(yaw_pitch_roll(0.3, 0.0, 1.1));
        let v = Vec3::new(1.0, 2.0, 3.0);
        let back = to_local(q, rotate(v, q));
        assert!((back - v).length() < 1e-5);
    }
}
