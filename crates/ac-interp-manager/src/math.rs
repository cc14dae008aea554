//! Scalar System.Numerics math, in the exact operation order the reference uses.
//!
//! Why a module of its own: position correction combines quaternion products, vector rotations,
//! the transposed-matrix "global to local" conversion and the heading helpers, and the
//! conformance traces compare their results bit for bit. glam's operators use other formulas
//! (and SIMD), so every primitive here is written out component by component following
//! `ace-physics-spec.md` Appendix A and `FORMAT-physics.md` 2.2/5.7: one IEEE f32 operation at a
//! time, left to right, no fused multiply-add.
//!
//! The quaternion/vector primitives and the heading helpers are re-exports of (or thin wrappers
//! around) `ac_sequence::aframe`, the single canonical implementation; the object layer
//! (`ac-physobj`) uses the same code: one implementation, one rounding behaviour.

use ac_dat::Frame;
use ac_sequence::AFrameOps;
use glam::{Quat, Vec3};

/// `PhysicsGlobals.EPSILON` (0.0002, f32): the "too small to matter" threshold used by the
/// progress audit and the vector-heading guard.
pub const EPSILON: f32 = 0.0002;

/// Component-wise `a + b` (one f32 add per axis).
#[inline]
pub fn add(a: Vec3, b: Vec3) -> Vec3 {
    Vec3::new(a.x + b.x, a.y + b.y, a.z + b.z)
}

/// Component-wise `a - b` (one f32 subtraction per axis).
#[inline]
pub fn sub(a: Vec3, b: Vec3) -> Vec3 {
    Vec3::new(a.x - b.x, a.y - b.y, a.z - b.z)
}

/// `v * s` for a scalar `s`, component-wise.
#[inline]
pub fn scale(v: Vec3, s: f32) -> Vec3 {
    Vec3::new(v.x * s, v.y * s, v.z * s)
}

/// `dot(a, b) = a.x*b.x + a.y*b.y + a.z*b.z`, summed left to right.
#[inline]
pub fn dot(a: Vec3, b: Vec3) -> f32 {
    a.x * b.x + a.y * b.y + a.z * b.z
}

// The System.Numerics primitives below are the canonical ones from `ac_sequence::aframe`
// (operation-for-operation identical to the copies that used to live here).
pub use ac_sequence::aframe::nmath::{
    length, matrix_from_quat as rotation_matrix, quat_mul, quat_normalize, to_degrees, to_radians,
    transform as rotate, yaw_pitch_roll,
};

/// `Quaternion.Conjugate(q)`: `(-x, -y, -z, w)` (a zero component becomes `-0`).
#[inline]
pub fn quat_conj(q: Quat) -> Quat {
    Quat::from_xyzw(-q.x, -q.y, -q.z, q.w)
}

/// Global → local vector conversion through the transposed rotation matrix
/// (`FORMAT-physics.md` 2.2): `local.x = ((v.x*M11 + v.y*M12) + v.z*M13) + 0`, etc.
/// Delegates to [`AFrameOps::global_to_local_vec`].
#[inline]
pub fn global_to_local(q: Quat, v: Vec3) -> Vec3 {
    Frame::new(Vec3::ZERO, q).global_to_local_vec(v)
}

/// `AFrame.get_heading()`: compass heading in degrees of the orientation's forward (+Y) axis,
/// `(450 - deg(atan2(M22, M21))) % 360`. 0 = north (+Y), 90 = east (+X), clockwise.
#[inline]
pub fn get_heading(q: Quat) -> f32 {
    Frame::new(Vec3::ZERO, q).get_heading()
}

/// `AFrame.set_vector_heading(h)` (`FORMAT-physics.md` 5.7): orientation facing `h`, with
/// pitch from `h.z`. Leaves the frame unchanged when `|h| < EPSILON`.
#[inline]
pub fn set_vector_heading(frame: &mut Frame, h: Vec3) {
    frame.set_vector_heading(h);
}

/// `AFrame.set_heading(deg)`: face compass heading `deg`, keeping the pitch term
/// `M23 + M13` of the current orientation (`FORMAT-physics.md` 5.7).
#[inline]
pub fn set_heading(frame: &mut Frame, deg: f32) {
    frame.set_heading(deg);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn heading_90_matches_trace() {
        // FORMAT-physics 5.7: heading 90 gives 0.7071068,0,0,-0.7071068 (w,x,y,z).
        let mut f = Frame::IDENTITY;
        set_heading(&mut f, 90.0);
        // Not FRAC_1_SQRT_2 (0.70710677): the trace value is the next f32 up.
        assert_eq!(format!("{}", f.orientation.w), "0.7071068");
        assert_eq!(format!("{}", f.orientation.z), "-0.7071068");
        assert_eq!(get_heading(f.orientation), 90.0);
    }

    #[test]
    fn heading_0_gives_negative_zero_z() {
        let mut f = Frame::IDENTITY;
        set_heading(&mut f, 0.0);
        assert_eq!(f.orientation.w, 1.0);
        assert!(f.orientation.z == 0.0 && f.orientation.z.is_sign_negative());
    }

    #[test]
    fn conj_identity_product_is_positive_identity() {
        let q = quat_mul(quat_conj(Quat::IDENTITY), Quat::IDENTITY);
        assert_eq!(q.w, 1.0);
        assert!(q.x == 0.0 && q.x.is_sign_positive());
    }

    #[test]
    fn global_to_local_inverts_rotation() {
        let q = yaw_pitch_roll(0.0, 0.0, 0.7);
        let v = Vec3::new(1.0, 2.0, 3.0);
        let back = global_to_local(q, rotate(v, q));
        assert!((back - v).length() < 1e-5);
    }
}
