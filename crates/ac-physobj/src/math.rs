//! Scalar frame and quaternion math in the exact operation order of System.Numerics.
//!
//! Why a separate module: the conformance traces were recorded from ACE, which uses the scalar
//! `System.Numerics` formulas (spec Appendix A, FORMAT-physics.md §5). glam's own `Quat * Vec3`,
//! `normalize` and fused SIMD paths round differently, so every operation whose result reaches a
//! trace is written out component by component here, evaluated left to right, with no fused
//! multiply-add. Angles that ACE computes in `double` (`Math.Atan2`, `Math.Sin`, ...) use the f64
//! functions on widened f32 arguments, cast back to f32, exactly as the reference does.

use ac_dat::Frame;
use glam::{Quat, Vec3};

/// ACE `PhysicsGlobals.EPSILON`: the small-distance threshold used by frame equality, heading
/// normalisation and the small-velocity snap.
pub const EPSILON: f32 = 0.0002;

/// `dot(a, b) = a.x*b.x + a.y*b.y + a.z*b.z`, summed left to right (FORMAT-physics §5 notation).
#[inline]
pub fn dot(a: Vec3, b: Vec3) -> f32 {
    a.x * b.x + a.y * b.y + a.z * b.z
}

/// `|v| = (f32) sqrt(dot(v, v))`.
#[inline]
pub fn length(v: Vec3) -> f32 {
    dot(v, v).sqrt()
}

/// Component-wise division by a scalar (`Vector3 / float` divides; it does not multiply by the
/// reciprocal, which would round differently).
#[inline]
pub fn div(v: Vec3, s: f32) -> Vec3 {
    Vec3::new(v.x / s, v.y / s, v.z / s)
}

/// Component-wise `v * s`.
#[inline]
pub fn mul(v: Vec3, s: f32) -> Vec3 {
    Vec3::new(v.x * s, v.y * s, v.z * s)
}

/// Component-wise `a + b`.
#[inline]
pub fn add(a: Vec3, b: Vec3) -> Vec3 {
    Vec3::new(a.x + b.x, a.y + b.y, a.z + b.z)
}

/// Component-wise `a - b`.
#[inline]
pub fn sub(a: Vec3, b: Vec3) -> Vec3 {
    Vec3::new(a.x - b.x, a.y - b.y, a.z - b.z)
}

/// Component-wise `==` (so `-0 == 0`, and a NaN component is never equal), like C#'s
/// `Vector3 ==` that `set_velocity` and the Sledding test use.
#[inline]
pub fn vec_eq(a: Vec3, b: Vec3) -> bool {
    a.x == b.x && a.y == b.y && a.z == b.z
}

/// `Quaternion.Multiply(a, b)` (Hamilton product a·b) in .NET's evaluation order.
#[inline]
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

/// `Quaternion.Normalize`: every component times `1 / sqrt(x²+y²+z²+w²)`.
#[inline]
pub fn quat_normalize(q: Quat) -> Quat {
    let ls = q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w;
    let inv = 1.0f32 / ls.sqrt();
    Quat::from_xyzw(q.x * inv, q.y * inv, q.z * inv, q.w * inv)
}

/// `Quaternion.Conjugate`.
#[inline]
pub fn quat_conjugate(q: Quat) -> Quat {
    Quat::from_xyzw(-q.x, -q.y, -q.z, q.w)
}

/// `Vector3.Transform(v, q)`: rotate `v` by `q` with the scalar formula of Appendix A.
#[inline]
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

/// `Matrix4x4.CreateFromQuaternion` (FORMAT-physics §2.2 formulas).
#[inline]
pub fn rot_matrix(q: Quat) -> RotMatrix {
    let (x, y, z, w) = (q.x, q.y, q.z, q.w);
    let xx = x * x;
    let yy = y * y;
    let zz = z * z;
    let xy = x * y;
    let wz = z * w;
    let xz = z * x;
    let wy = y * w;
    let yz = y * z;
    let wx = x * w;
    RotMatrix {
        m1: [1.0 - 2.0 * (yy + zz), 2.0 * (xy + wz), 2.0 * (xz - wy)],
        m2: [2.0 * (xy - wz), 1.0 - 2.0 * (zz + xx), 2.0 * (yz + wx)],
        m3: [2.0 * (xz + wy), 2.0 * (yz - wx), 1.0 - 2.0 * (yy + xx)],
    }
}

/// `AFrame.GlobalToLocalVec`: `v` times the transposed rotation matrix of `q`
/// (FORMAT-physics §2.2: `local.x = ((v.x*M11 + v.y*M12) + v.z*M13) + 0`, ...).
#[inline]
pub fn to_local(q: Quat, v: Vec3) -> Vec3 {
    let m = rot_matrix(q);
    Vec3::new(
        ((v.x * m.m1[0] + v.y * m.m1[1]) + v.z * m.m1[2]) + 0.0,
        ((v.x * m.m2[0] + v.y * m.m2[1]) + v.z * m.m2[2]) + 0.0,
        ((v.x * m.m3[0] + v.y * m.m3[1]) + v.z * m.m3[2]) + 0.0,
    )
}

/// `Quaternion.CreateFromYawPitchRoll(yaw, pitch, roll)` with single-precision sine and cosine of
/// the f32 half angles (Rust's `f32::sin`/`cos` call the same glibc `sinf`/`cosf` as .NET on Linux).
#[inline]
pub fn yaw_pitch_roll(yaw: f32, pitch: f32, roll: f32) -> Quat {
    let hr = roll * 0.5;
    let sr = hr.sin();
    let cr = hr.cos();
    let hp = pitch * 0.5;
    let sp = hp.sin();
    let cp = hp.cos();
    let hy = yaw * 0.5;
    let sy = hy.sin();
    let cy = hy.cos();
    Quat::from_xyzw(
        cy * sp * cr + sy * cp * sr,
        sy * cp * cr - cy * sp * sr,
        cy * cp * sr - sy * sp * cr,
        cy * cp * cr + sy * sp * sr,
    )
}

/// `AFrame.Combine(a, b)`: `b` (local to `a`) expressed in `a`'s parent space.
#[inline]
pub fn combine(a: &Frame, b: &Frame) -> Frame {
    Frame {
        origin: add(a.origin, rotate(b.origin, a.orientation)),
        orientation: quat_mul(a.orientation, b.orientation),
    }
}

/// `AFrame.GRotate(w)`: `q = Normalize(q * YawPitchRoll(w.x, w.y, w.z))` (spec ODD-24: ACE passes
/// `(x, y, z)` as `(yaw, pitch, roll)`).
#[inline]
pub fn grotate(frame: &mut Frame, w: Vec3) {
    frame.orientation = quat_normalize(quat_mul(frame.orientation, yaw_pitch_roll(w.x, w.y, w.z)));
}

/// `ToDegrees`: `(f32)((f64)180 / π * (f64)r)`.
#[inline]
pub fn to_degrees(r: f32) -> f32 {
    (180.0f64 / std::f64::consts::PI * r as f64) as f32
}

/// `ToRadians`: `(f32)(π / (f64)180 * (f64)d)`.
#[inline]
pub fn to_radians(d: f32) -> f32 {
    (std::f64::consts::PI / 180.0f64 * d as f64) as f32
}

/// `AFrame.set_vector_heading(h)` (FORMAT-physics §5.7): face `h`; a vector shorter than
/// [`EPSILON`] leaves the orientation unchanged.
pub fn set_vector_heading(frame: &mut Frame, h: Vec3) {
    let len = length(h);
    if len < EPSILON {
        return;
    }
    let n = mul(h, 1.0f32 / len);
    let zdeg = 450.0f32 - to_degrees((n.y as f64).atan2(n.x as f64) as f32);
    let zrot = -to_radians(zdeg % 360.0f32);
    let xrot = (n.z as f64).asin() as f32;
    frame.orientation = quat_normalize(yaw_pitch_roll(xrot, 0.0, zrot));
}

/// `set_vector_heading(v / |v|)`: the AlignPath / Sledding heading (normalised by division first).
pub fn heading_from(frame: &mut Frame, v: Vec3) {
    let n = div(v, length(v));
    set_vector_heading(frame, n);
}

/// `AFrame.set_heading(degrees)`: compass heading (0 = +Y, clockwise), keeping the tilt term
/// `M23 + M13` of the current orientation.
pub fn set_heading(frame: &mut Frame, degrees: f32) {
    let r = to_radians(degrees);
    let m = rot_matrix(frame.orientation);
    let h = Vec3::new(
        (r as f64).sin() as f32,
        (r as f64).cos() as f32,
        m.m2[2] + m.m1[2],
    );
    set_vector_heading(frame, h);
}

/// `AFrame.get_heading()`: `(450 - deg(atan2(M22, M21))) % 360`.
pub fn get_heading(frame: &Frame) -> f32 {
    let m = rot_matrix(frame.orientation);
    let h = (m.m2[1] as f64).atan2(m.m2[0] as f64) as f32;
    (450.0f32 - to_degrees(h)) % 360.0f32
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
