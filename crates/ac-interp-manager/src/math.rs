//! Scalar System.Numerics math, in the exact operation order the reference uses.
//!
//! Why a module of its own: position correction combines quaternion products, vector rotations,
//! the transposed-matrix "global to local" conversion and the heading helpers, and the
//! conformance traces compare their results bit for bit. glam's operators use other formulas
//! (and SIMD), so every primitive here is written out component by component following
//! `ace-physics-spec.md` Appendix A and `FORMAT-physics.md` 2.2/5.7: one IEEE f32 operation at a
//! time, left to right, no fused multiply-add.
//!
//! The heading helpers (`get_heading`, `set_heading`, `set_vector_heading`) are public so that
//! the object layer (`ac-physobj`) can use the very same code for its own `set_heading` op and
//! AlignPath/Sledding headings: one implementation, one rounding behaviour.

use ac_dat::Frame;
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

/// `Vector3.Length`: `sqrt(dot(v, v))` in f32.
#[inline]
pub fn length(v: Vec3) -> f32 {
    dot(v, v).sqrt()
}

/// `Quaternion.Multiply(a, b)` (Hamilton product `a·b`), System.Numerics component order.
pub fn quat_mul(a: Quat, b: Quat) -> Quat {
    let cx = a.y * b.z - a.z * b.y;
    let cy = a.z * b.x - a.x * b.z;
    let cz = a.x * b.y - a.y * b.x;
    let d = a.x * b.x + a.y * b.y + a.z * b.z;
    Quat::from_xyzw(
        a.x * b.w + b.x * a.w + cx,
        a.y * b.w + b.y * a.w + cy,
        a.z * b.w + b.z * a.w + cz,
        a.w * b.w - d,
    )
}

/// `Quaternion.Conjugate(q)`: `(-x, -y, -z, w)` (a zero component becomes `-0`).
#[inline]
pub fn quat_conj(q: Quat) -> Quat {
    Quat::from_xyzw(-q.x, -q.y, -q.z, q.w)
}

/// `Quaternion.Normalize(q)`: every component times `1 / sqrt(x²+y²+z²+w²)` (f32).
pub fn quat_normalize(q: Quat) -> Quat {
    let ls = q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w;
    let inv = 1.0f32 / ls.sqrt();
    Quat::from_xyzw(q.x * inv, q.y * inv, q.z * inv, q.w * inv)
}

/// `Vector3.Transform(v, q)`: rotate `v` by `q` with the scalar matrix-style formula
/// (Appendix A), not glam's cross-product form.
pub fn rotate(v: Vec3, q: Quat) -> Vec3 {
    let x2 = q.x + q.x;
    let y2 = q.y + q.y;
    let z2 = q.z + q.z;
    let wx2 = q.w * x2;
    let wy2 = q.w * y2;
    let wz2 = q.w * z2;
    let xx2 = q.x * x2;
    let xy2 = q.x * y2;
    let xz2 = q.x * z2;
    let yy2 = q.y * y2;
    let yz2 = q.y * z2;
    let zz2 = q.z * z2;
    Vec3::new(
        v.x * (1.0 - yy2 - zz2) + v.y * (xy2 - wz2) + v.z * (xz2 + wy2),
        v.x * (xy2 + wz2) + v.y * (1.0 - xx2 - zz2) + v.z * (yz2 - wx2),
        v.x * (xz2 - wy2) + v.y * (yz2 + wx2) + v.z * (1.0 - xx2 - yy2),
    )
}

/// The rotation matrix `Matrix4x4.CreateFromQuaternion(q)` (row-vector convention), as
/// `[[M11, M12, M13], [M21, M22, M23], [M31, M32, M33]]`.
pub fn rotation_matrix(q: Quat) -> [[f32; 3]; 3] {
    let xx = q.x * q.x;
    let yy = q.y * q.y;
    let zz = q.z * q.z;
    let xy = q.x * q.y;
    let wz = q.z * q.w;
    let xz = q.z * q.x;
    let wy = q.y * q.w;
    let yz = q.y * q.z;
    let wx = q.x * q.w;
    [
        [1.0 - 2.0 * (yy + zz), 2.0 * (xy + wz), 2.0 * (xz - wy)],
        [2.0 * (xy - wz), 1.0 - 2.0 * (zz + xx), 2.0 * (yz + wx)],
        [2.0 * (xz + wy), 2.0 * (yz - wx), 1.0 - 2.0 * (yy + xx)],
    ]
}

/// Global → local vector conversion through the transposed rotation matrix
/// (`FORMAT-physics.md` 2.2): `local.x = ((v.x*M11 + v.y*M12) + v.z*M13) + 0`, etc.
/// The trailing `+ 0` is the matrix's zero translation row and turns a `-0` into `0`.
pub fn global_to_local(q: Quat, v: Vec3) -> Vec3 {
    let m = rotation_matrix(q);
    let row = |r: [f32; 3]| ((v.x * r[0] + v.y * r[1]) + v.z * r[2]) + 0.0;
    Vec3::new(row(m[0]), row(m[1]), row(m[2]))
}

/// `Quaternion.CreateFromYawPitchRoll(yaw, pitch, roll)` with single-precision sine/cosine
/// of the f32 half angles (glibc `sinf`/`cosf` through `f32::sin`/`f32::cos`).
pub fn yaw_pitch_roll(yaw: f32, pitch: f32, roll: f32) -> Quat {
    let half_roll = roll * 0.5;
    let (sr, cr) = (half_roll.sin(), half_roll.cos());
    let half_pitch = pitch * 0.5;
    let (sp, cp) = (half_pitch.sin(), half_pitch.cos());
    let half_yaw = yaw * 0.5;
    let (sy, cy) = (half_yaw.sin(), half_yaw.cos());
    Quat::from_xyzw(
        cy * sp * cr + sy * cp * sr,
        sy * cp * cr - cy * sp * sr,
        cy * cp * sr - sy * sp * cr,
        cy * cp * cr + sy * sp * sr,
    )
}

/// Radians → degrees as the reference does it: `(f32)((f64)180 / π * (f64)r)`.
#[inline]
pub fn to_degrees(r: f32) -> f32 {
    (180.0f64 / std::f64::consts::PI * f64::from(r)) as f32
}

/// Degrees → radians: `(f32)(π / (f64)180 * (f64)d)`.
#[inline]
pub fn to_radians(d: f32) -> f32 {
    (std::f64::consts::PI / 180.0f64 * f64::from(d)) as f32
}

/// `AFrame.get_heading()`: compass heading in degrees of the orientation's forward (+Y) axis,
/// `(450 - deg(atan2(M22, M21))) % 360` (atan2 in f64 on widened f32, C# float `%`).
/// 0 = north (+Y), 90 = east (+X), clockwise.
pub fn get_heading(q: Quat) -> f32 {
    let m = rotation_matrix(q);
    let h = f64::from(m[1][1]).atan2(f64::from(m[1][0])) as f32;
    (450.0f32 - to_degrees(h)) % 360.0f32
}

/// `AFrame.set_vector_heading(h)` (`FORMAT-physics.md` 5.7): orientation facing `h`, with
/// pitch from `h.z`. Leaves the frame unchanged when `|h| < EPSILON`.
pub fn set_vector_heading(frame: &mut Frame, h: Vec3) {
    let len = length(h);
    if len < EPSILON {
        return;
    }
    let n = scale(h, 1.0f32 / len);
    let zdeg = 450.0f32 - to_degrees(f64::from(n.y).atan2(f64::from(n.x)) as f32);
    let zrot = -to_radians(zdeg % 360.0f32);
    let xrot = f64::from(n.z).asin() as f32;
    frame.orientation = quat_normalize(yaw_pitch_roll(xrot, 0.0, zrot));
}

/// `AFrame.set_heading(deg)`: face compass heading `deg`, keeping the pitch term
/// `M23 + M13` of the current orientation (`FORMAT-physics.md` 5.7). Sine and cosine are the
/// f64 functions on the widened f32 angle, cast back to f32.
pub fn set_heading(frame: &mut Frame, deg: f32) {
    let r = f64::from(to_radians(deg));
    let m = rotation_matrix(frame.orientation);
    let v = Vec3::new(r.sin() as f32, r.cos() as f32, m[1][2] + m[0][2]);
    set_vector_heading(frame, v);
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
