//! Number and value formatting of the trace (docs/scenarios.md, "The trace").

use glam::{Quat, Vec3};
use std::fmt::Write as _;

/// How numbers print: `<f>` is Rust's shortest round-trip `{}` for f32; with `option bits=1`
/// every `<f>` is followed by `#xxxxxxxx` (its IEEE bits, lowercase hex).
#[derive(Debug, Clone, Copy, Default)]
pub struct Fmt {
    /// `option bits=1` in effect.
    pub bits: bool,
}

impl Fmt {
    /// `<f>`
    pub fn f(&self, x: f32) -> String {
        if self.bits {
            format!("{x}#{:08x}", x.to_bits())
        } else {
            format!("{x}")
        }
    }

    /// `<x>,<y>,<z>`
    pub fn v3(&self, v: Vec3) -> String {
        format!("{},{},{}", self.f(v.x), self.f(v.y), self.f(v.z))
    }

    /// A quaternion as `<w>,<x>,<y>,<z>`.
    pub fn q(&self, q: Quat) -> String {
        format!(
            "{},{},{},{}",
            self.f(q.w),
            self.f(q.x),
            self.f(q.y),
            self.f(q.z)
        )
    }

    /// A frame as `<x>,<y>,<z>/<w>,<x>,<y>,<z>` (slice lines).
    pub fn frame(&self, origin: Vec3, orientation: Quat) -> String {
        format!("{}/{}", self.v3(origin), self.q(orientation))
    }
}

/// `0x%08X`
pub fn hex8(v: u32) -> String {
    format!("0x{v:08X}")
}

/// `0x%X` (state bits: uppercase, no padding).
pub fn hex(v: u32) -> String {
    format!("0x{v:X}")
}

/// `<b>`: `0` or `1`.
pub fn b(v: bool) -> &'static str {
    if v { "1" } else { "0" }
}

/// HoldKey names (`Invalid`, `None`, `Run`), or the decimal value.
pub fn hold_key(v: u32) -> String {
    match v {
        0 => "Invalid".into(),
        1 => "None".into(),
        2 => "Run".into(),
        n => n.to_string(),
    }
}

/// A list joined by spaces, or `-` when empty.
pub fn list_or_dash(items: impl IntoIterator<Item = String>) -> String {
    let mut out = String::new();
    for (i, it) in items.into_iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        let _ = write!(out, "{it}");
    }
    if out.is_empty() { "-".into() } else { out }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floats_print_like_the_reference() {
        let f = Fmt::default();
        assert_eq!(f.f(1.0), "1");
        assert_eq!(f.f(-0.0), "-0");
        assert_eq!(f.f(-0.65), "-0.65");
        assert_eq!(f.f(1.0919999), "1.0919999");
        assert_eq!(f.f(0.000_000_149_999_99), "0.00000014999999");
        assert_eq!(f.f(4_294_967_300.0), "4294967300");
        assert_eq!(f.f(f32::NAN), "NaN");
        assert_eq!(f.f(f32::NEG_INFINITY), "-inf");
        let bits = Fmt { bits: true };
        assert_eq!(bits.f(1.0), "1#3f800000");
        assert_eq!(
            bits.v3(Vec3::new(0.0, -1.0, 0.5)),
            "0#00000000,-1#bf800000,0.5#3f000000"
        );
    }

    #[test]
    fn hex_and_lists() {
        assert_eq!(hex8(0x3D), "0x0000003D");
        assert_eq!(hex(0x4400), "0x4400");
        assert_eq!(hex(0), "0x0");
        assert_eq!(list_or_dash(Vec::<String>::new()), "-");
        assert_eq!(list_or_dash(["a".to_string(), "b".to_string()]), "a b");
        assert_eq!(hold_key(2), "Run");
    }
}
