//! `AFrame`: a position + orientation, with the exact System.Numerics arithmetic ACE uses.
//!
//! ACE's physics is written against `System.Numerics` (`Vector3`, `Quaternion`,
//! `Matrix4x4`). Traces recorded from ACE are compared bit for bit, so every operation here is
//! written out component by component in the order of System.Numerics' *scalar* code,
//! never through glam's SIMD quaternion helpers (whose `Quat * Vec3`, `Quat * Quat` and
//! normalisation use different formulas or fused operations and round differently).
//!
//! glam types are only used as plain storage: `Vec3` arithmetic (`+`, `-`, `* f32`) is
//! component-wise and rounds exactly like System.Numerics, quaternions are read through
//! `.x/.y/.z/.w` and rebuilt with [`Quat::from_xyzw`] (which stores the values as given).
//!
//! The module is public because every crate above the sequence (the interpreter, the
//! position managers, the physics object) composes frames the same way.

use glam::{Quat, Vec3};

/// ACE's `PhysicsGlobals.EPSILON` (0.0002f), defined once in `ac-motiontable` (the lowest
/// layer that compares against it) and re-exported here beside the math that uses it.
pub use ac_motiontable::EPSILON;

/// Scalar System.Numerics primitives: the one math module of the stack. The layers above
/// (interpreter, position correction, physics object) use these and the [`AFrameOps`]
/// methods, never copies of their own.
///
/// Plain `Vec3` arithmetic (`+`, `-`, `* f32`, `/ f32`, `==`, `dot`) needs no helper: glam's
/// operators work per component in the same order and round exactly like System.Numerics.
///
/// [`AFrameOps`]: super::AFrameOps
pub mod nmath {
    use glam::{Quat, Vec3};

    /// `Quaternion.Multiply(a, b)` / `a * b` (Hamilton product, .NET addition order).
    #[inline]
    pub fn quat_mul(a: Quat, b: Quat) -> Quat {
        let (q1x, q1y, q1z, q1w) = (a.x, a.y, a.z, a.w);
        let (q2x, q2y, q2z, q2w) = (b.x, b.y, b.z, b.w);
        let cx = q1y * q2z - q1z * q2y;
        let cy = q1z * q2x - q1x * q2z;
        let cz = q1x * q2y - q1y * q2x;
        let dot = q1x * q2x + q1y * q2y + q1z * q2z;
        Quat::from_xyzw(
            q1x * q2w + q2x * q1w + cx,
            q1y * q2w + q2y * q1w + cy,
            q1z * q2w + q2z * q1w + cz,
            q1w * q2w - dot,
        )
    }

    /// `Quaternion.Normalize(q)`: multiply every component by `1 / sqrt(|q|²)`.
    #[inline]
    pub fn quat_normalize(q: Quat) -> Quat {
        let ls = q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w;
        let inv = 1.0 / ls.sqrt();
        Quat::from_xyzw(q.x * inv, q.y * inv, q.z * inv, q.w * inv)
    }

    /// `Quaternion.Inverse(q)`: the conjugate divided by `|q|²` (via a reciprocal multiply).
    #[inline]
    pub fn quat_inverse(q: Quat) -> Quat {
        let ls = q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w;
        let inv = 1.0 / ls;
        Quat::from_xyzw(-q.x * inv, -q.y * inv, -q.z * inv, q.w * inv)
    }

    /// `Quaternion.Conjugate(q)`: `(-x, -y, -z, w)` (a zero component becomes `-0`).
    #[inline]
    pub fn quat_conjugate(q: Quat) -> Quat {
        Quat::from_xyzw(-q.x, -q.y, -q.z, q.w)
    }

    /// `Quaternion.Length()`: `sqrt(x² + y² + z² + w²)`.
    #[inline]
    pub fn quat_length(q: Quat) -> f32 {
        (q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w).sqrt()
    }

    /// `Vector3.Transform(v, q)`: rotate `v` by `q` with the .NET scalar formula (which differs
    /// from glam's cross-product form in the last bits, and also for non-unit quaternions).
    #[inline]
    pub fn transform(v: Vec3, q: Quat) -> Vec3 {
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

    /// The inverse rotation of [`transform`] as ACE computes it in `GlobalToLocalVec`: `v` times
    /// the *transposed* rotation matrix of `q`, `local.x = ((v.x*M11 + v.y*M12) + v.z*M13) + 0`,
    /// etc. (not `transform(v, conjugate(q))`, which rounds differently).
    #[inline]
    pub fn inverse_transform(v: Vec3, q: Quat) -> Vec3 {
        let m = matrix_from_quat(q);
        let t = [
            [m[0][0], m[1][0], m[2][0]],
            [m[0][1], m[1][1], m[2][1]],
            [m[0][2], m[1][2], m[2][2]],
        ];
        transform_by_matrix(v, &t)
    }

    /// The rotation part of `Matrix4x4.CreateFromQuaternion(q)` as rows `[M1x, M2x, M3x]`
    /// (System.Numerics uses row vectors: `v' = v · M`).
    #[inline]
    pub fn matrix_from_quat(q: Quat) -> [[f32; 3]; 3] {
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

    /// `Vector3.Transform(v, M)` for an affine matrix with zero translation: `v · M + 0`.
    ///
    /// The trailing `+ M4x` (zero) is kept on purpose: it turns a `-0` component into `+0`
    /// exactly like .NET does.
    #[inline]
    pub fn transform_by_matrix(v: Vec3, m: &[[f32; 3]; 3]) -> Vec3 {
        Vec3::new(
            v.x * m[0][0] + v.y * m[1][0] + v.z * m[2][0] + 0.0,
            v.x * m[0][1] + v.y * m[1][1] + v.z * m[2][1] + 0.0,
            v.x * m[0][2] + v.y * m[1][2] + v.z * m[2][2] + 0.0,
        )
    }

    /// `sin`/`cos` of a half angle. `sin(±0) = ±0` and `cos(±0) = 1` exactly, so the zero
    /// case (every tick without turning) skips the libm calls without changing a bit.
    #[inline]
    fn half_sin_cos(angle: f32) -> (f32, f32) {
        let half = angle * 0.5;
        if half == 0.0 {
            (half, 1.0)
        } else {
            (half.sin(), half.cos())
        }
    }

    /// `Quaternion.CreateFromYawPitchRoll(yaw, pitch, roll)` = qY(yaw)·qX(pitch)·qZ(roll).
    #[inline]
    pub fn yaw_pitch_roll(yaw: f32, pitch: f32, roll: f32) -> Quat {
        let (sr, cr) = half_sin_cos(roll);
        let (sp, cp) = half_sin_cos(pitch);
        let (sy, cy) = half_sin_cos(yaw);
        Quat::from_xyzw(
            cy * sp * cr + sy * cp * sr,
            sy * cp * cr - cy * sp * sr,
            cy * cp * sr - sy * sp * cr,
            cy * cp * cr + sy * sp * sr,
        )
    }

    /// `Vector3.Length()`: `sqrt(x² + y² + z²)`.
    #[inline]
    pub fn length(v: Vec3) -> f32 {
        (v.x * v.x + v.y * v.y + v.z * v.z).sqrt()
    }

    /// The physics object's validity test of an orientation: no NaN component and a length
    /// within 0.001 of 1 (looser than [`AFrameOps::is_valid`]'s `5 * EPSILON`).
    ///
    /// [`AFrameOps::is_valid`]: super::AFrameOps::is_valid
    #[inline]
    pub fn quat_is_valid(q: Quat) -> bool {
        if q.x.is_nan() || q.y.is_nan() || q.z.is_nan() || q.w.is_nan() {
            return false;
        }
        (quat_length(q) - 1.0).abs() <= 0.001
    }

    /// No NaN component.
    #[inline]
    pub fn vec_is_valid(v: Vec3) -> bool {
        !(v.x.is_nan() || v.y.is_nan() || v.z.is_nan())
    }

    /// ACE `FloatExtensions.ToRadians`: `(float)(Math.PI / 180.0 * angle)` in double.
    #[inline]
    pub fn to_radians(deg: f32) -> f32 {
        (std::f64::consts::PI / 180.0 * f64::from(deg)) as f32
    }

    /// ACE `FloatExtensions.ToDegrees`: `(float)(180.0 / Math.PI * rads)` in double.
    #[inline]
    pub fn to_degrees(rad: f32) -> f32 {
        (180.0 / std::f64::consts::PI * f64::from(rad)) as f32
    }
}

use nmath::*;

/// A position and orientation in ACE's sense (`Physics/Animation/AFrame.cs`).
///
/// This is the shared record type [`ac_dat::Frame`] (plain `Copy` data, used for pos frames,
/// part frames and positions by every layer); the ACE operations on it come from the
/// [`AFrameOps`] extension trait. ACE's by-reference `AFrame` objects become values: the
/// in-place operations take `&mut self`. The orientation is *not* kept normalised
/// automatically — ACE only normalises inside the rotate operations, and pos frames from the DAT
/// are used as read.
pub type AFrame = ac_dat::Frame;

/// ACE's `AFrame` operations on [`AFrame`] (= [`ac_dat::Frame`]), with System.Numerics
/// rounding. Bring it into scope (`use ac_sequence::AFrameOps;`) to call them.
pub trait AFrameOps: Sized {
    /// A frame from its parts (stored as given).
    fn new(origin: Vec3, orientation: Quat) -> Self;
    /// `AFrame.Combine(a, b)`: `b` expressed in `a`'s space — origin `a.o + rot(a.q, b.o)`,
    /// orientation `a.q · b.q`. Returns a new frame (ACE allocates one).
    fn combine(a: &Self, b: &Self) -> Self;
    /// `AFrame.Combine(a, b, scale)`: like [`AFrameOps::combine`] with `b`'s origin scaled first.
    fn combine_scaled(a: &Self, b: &Self, scale: Vec3) -> Self;
    /// `AFrame.Subtract(f)` in place: `origin -= rot(f.q, f.o)`, `q = q · inverse(f.q)`.
    ///
    /// Quirk `frame-subtract`: this rotates the subtrahend's origin by its *own* orientation, so it is not
    /// the inverse of [`AFrameOps::combine`]; reverse playback relies on exactly this form.
    fn subtract(&mut self, f: &Self);
    /// `AFrame.GRotate(v)`: `q = normalize(q · YawPitchRoll(v.x, v.y, v.z))`.
    ///
    /// Quirk `grotate-axes`: ACE feeds `v.x` as *yaw* (about Y), `v.y` as pitch (about X) and `v.z` as roll
    /// (about Z); kept for parity (only `z` is non-zero when turning).
    fn grotate(&mut self, v: Vec3);
    /// `AFrame.Rotate(Vector3 w)`: rotate by the local angular displacement `w` (radians):
    /// `w` is taken to global space through the current orientation, then
    /// [`AFrameOps::grotate`].
    fn rotate(&mut self, w: Vec3);
    /// `AFrame.Rotate(Quaternion r)`: `q = normalize(r · q)`.
    fn rotate_by(&mut self, r: Quat);
    /// `AFrame.set_rotate(q)`: store `normalize(q)`.
    fn set_rotate(&mut self, q: Quat);
    /// `LocalToGlobalVec(v)`: rotate a direction from this frame's space to its parent's.
    fn local_to_global_vec(&self, v: Vec3) -> Vec3;
    /// `LocalToGlobal(p)`: a point in this frame's space to its parent's.
    fn local_to_global(&self, p: Vec3) -> Vec3;
    /// `GlobalToLocalVec(v)`: rotate a direction into this frame's space. ACE builds the
    /// rotation matrix and multiplies by its transpose; reproduced literally.
    fn global_to_local_vec(&self, v: Vec3) -> Vec3;
    /// `GlobalToLocal(p)`: a parent-space point into this frame's space.
    fn global_to_local(&self, p: Vec3) -> Vec3;
    /// `AFrame.Equals`: origins equal within [`EPSILON`] per axis.
    ///
    /// Quirk `frame-equals-origin-only`: ACE compares the other frame's orientation with *itself*, so orientation only
    /// matters when it is not finite.
    fn ace_equals(&self, other: &Self) -> bool;
    /// `AFrame.IsValid()`: no NaN in the origin, and a unit orientation within `5 * EPSILON`.
    fn is_valid(&self) -> bool;
    /// `AFrame.get_heading()`: compass heading in degrees, 0 = +Y, 90 = +X, in `[0, 360)`
    /// (C# float `%`). `atan2` runs in double as in ACE.
    fn get_heading(&self) -> f32;
    /// `AFrame.set_heading(deg)`: face the compass heading `deg`, keeping the tilt term ACE
    /// keeps (`M23 + M13`).
    fn set_heading(&mut self, degrees: f32);
    /// `AFrame.set_vector_heading(v)`: face along `v` (ignored when `|v| < EPSILON`).
    fn set_vector_heading(&mut self, heading: Vec3);
}

impl AFrameOps for AFrame {
    fn new(origin: Vec3, orientation: Quat) -> Self {
        Self {
            origin,
            orientation,
        }
    }

    #[inline]
    fn combine(a: &Self, b: &Self) -> Self {
        Self {
            origin: a.origin + transform(b.origin, a.orientation),
            orientation: quat_mul(a.orientation, b.orientation),
        }
    }

    #[inline]
    fn combine_scaled(a: &Self, b: &Self, scale: Vec3) -> Self {
        Self {
            origin: a.origin + transform(b.origin * scale, a.orientation),
            orientation: quat_mul(a.orientation, b.orientation),
        }
    }

    #[inline]
    fn subtract(&mut self, f: &Self) {
        self.origin -= transform(f.origin, f.orientation);
        self.orientation = quat_mul(self.orientation, quat_inverse(f.orientation));
    }

    #[inline]
    fn grotate(&mut self, v: Vec3) {
        let r = yaw_pitch_roll(v.x, v.y, v.z);
        self.orientation = quat_normalize(quat_mul(self.orientation, r));
    }

    #[inline]
    fn rotate(&mut self, w: Vec3) {
        let angles = transform(w, self.orientation);
        self.grotate(angles);
    }

    #[inline]
    fn rotate_by(&mut self, r: Quat) {
        self.orientation = quat_normalize(quat_mul(r, self.orientation));
    }

    #[inline]
    fn set_rotate(&mut self, q: Quat) {
        self.orientation = quat_normalize(q);
    }

    #[inline]
    fn local_to_global_vec(&self, v: Vec3) -> Vec3 {
        transform(v, self.orientation)
    }

    #[inline]
    fn local_to_global(&self, p: Vec3) -> Vec3 {
        self.origin + self.local_to_global_vec(p)
    }

    #[inline]
    fn global_to_local_vec(&self, v: Vec3) -> Vec3 {
        inverse_transform(v, self.orientation)
    }

    #[inline]
    fn global_to_local(&self, p: Vec3) -> Vec3 {
        self.global_to_local_vec(p - self.origin)
    }

    fn ace_equals(&self, other: &Self) -> bool {
        let d = other.origin - self.origin;
        if !(d.x.abs() <= EPSILON && d.y.abs() <= EPSILON && d.z.abs() <= EPSILON) {
            return false;
        }
        // `|x - x| <= EPSILON` holds exactly when `x` is finite.
        let q = other.orientation;
        q.x.is_finite() && q.y.is_finite() && q.z.is_finite() && q.w.is_finite()
    }

    fn is_valid(&self) -> bool {
        let o = self.origin;
        if o.x.is_nan() || o.y.is_nan() || o.z.is_nan() {
            return false;
        }
        let q = self.orientation;
        if q.x.is_nan() || q.y.is_nan() || q.z.is_nan() || q.w.is_nan() {
            return false;
        }
        let len = quat_length(q);
        !len.is_nan() && (len - 1.0).abs() <= EPSILON * 5.0
    }

    fn get_heading(&self) -> f32 {
        let m = matrix_from_quat(self.orientation);
        let h = f64::from(m[1][1]).atan2(f64::from(m[1][0])) as f32;
        (450.0 - to_degrees(h)) % 360.0
    }

    fn set_heading(&mut self, degrees: f32) {
        let rads = to_radians(degrees);
        let m = matrix_from_quat(self.orientation);
        let heading = Vec3::new(
            f64::from(rads).sin() as f32,
            f64::from(rads).cos() as f32,
            m[1][2] + m[0][2],
        );
        self.set_vector_heading(heading);
    }

    fn set_vector_heading(&mut self, heading: Vec3) {
        let dist = length(heading);
        if dist < EPSILON {
            return;
        }
        let n = heading * (1.0 / dist);
        let zdeg = 450.0 - to_degrees(f64::from(n.y).atan2(f64::from(n.x)) as f32);
        let zrot = -to_radians(zdeg % 360.0);
        let xrot = f64::from(n.z).asin() as f32;
        self.set_rotate(yaw_pitch_roll(xrot, 0.0, zrot));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn combine_with_identity_keeps_origin_and_turns_minus_zero_positive() {
        let a = AFrame::new(Vec3::new(-0.0, 1.0, 2.0), Quat::IDENTITY);
        let c = AFrame::combine(&a, &AFrame::IDENTITY);
        assert_eq!(c.origin, Vec3::new(0.0, 1.0, 2.0));
        assert!(c.origin.x.is_sign_positive());
        assert_eq!(c.orientation, Quat::IDENTITY);
    }

    #[test]
    fn subtract_undoes_translation_only_frames() {
        let mut a = AFrame::new(Vec3::new(1.0, 2.0, 3.0), Quat::IDENTITY);
        a.subtract(&AFrame::new(Vec3::new(1.0, 2.0, 3.0), Quat::IDENTITY));
        assert_eq!(a.origin, Vec3::ZERO);
        assert_eq!(a.orientation, Quat::IDENTITY);
    }

    #[test]
    fn rotate_about_z_quarter_turn() {
        let mut f = AFrame::IDENTITY;
        f.rotate(Vec3::new(0.0, 0.0, std::f32::consts::FRAC_PI_2));
        // Roll (about Z) by +90°: +X goes to +Y.
        let v = f.local_to_global_vec(Vec3::X);
        assert!((v.x).abs() < 1e-6 && (v.y - 1.0).abs() < 1e-6);
        let back = f.global_to_local_vec(v);
        assert!((back.x - 1.0).abs() < 1e-6 && back.y.abs() < 1e-6);
    }

    #[test]
    fn heading_round_trip() {
        let mut f = AFrame::IDENTITY;
        assert_eq!(f.get_heading(), 90.0 - 90.0 + 0.0);
        f.set_heading(90.0);
        assert!((f.get_heading() - 90.0).abs() < 1e-3, "{}", f.get_heading());
    }

    #[test]
    fn heading_90_and_0_match_the_reference_bits() {
        // Heading 90 gives w = -z = 0.7071068, the f32 above FRAC_1_SQRT_2 (0.70710677).
        let mut f = AFrame::IDENTITY;
        f.set_heading(90.0);
        assert_eq!(f.orientation.w.to_string(), "0.7071068");
        assert_eq!(f.orientation.z.to_string(), "-0.7071068");
        assert_eq!(f.get_heading(), 90.0);
        // Heading 0 is the identity with a negative-zero z.
        f.set_heading(0.0);
        assert_eq!(f.orientation.w, 1.0);
        assert!(f.orientation.z == 0.0 && f.orientation.z.is_sign_negative());
    }

    #[test]
    fn conjugate_and_inverse_transform_undo_their_counterparts() {
        let q = quat_mul(quat_conjugate(Quat::IDENTITY), Quat::IDENTITY);
        assert_eq!(q.w, 1.0);
        assert!(q.x == 0.0 && q.x.is_sign_positive());
        let q = quat_normalize(yaw_pitch_roll(0.3, 0.0, 1.1));
        let v = Vec3::new(1.0, 2.0, 3.0);
        assert!((inverse_transform(transform(v, q), q) - v).length() < 1e-5);
        assert!(quat_is_valid(q) && !quat_is_valid(Quat::from_xyzw(0.0, 0.0, 0.0, 2.0)));
        assert!(vec_is_valid(v) && !vec_is_valid(Vec3::new(f32::NAN, 0.0, 0.0)));
    }

    #[test]
    fn ace_equals_ignores_orientation() {
        let a = AFrame::IDENTITY;
        let b = AFrame::new(
            Vec3::new(0.0001, 0.0, 0.0),
            Quat::from_xyzw(0.0, 0.0, 1.0, 0.0),
        );
        assert!(a.ace_equals(&b));
        let c = AFrame::new(Vec3::new(0.001, 0.0, 0.0), Quat::IDENTITY);
        assert!(!a.ace_equals(&c));
    }
}
