//! Number and value formatting of the trace (docs/scenarios.md, "The trace").
//!
//! The trace is written in place: every value is appended to one [`Trace`] buffer, which the
//! runner hands to its output after each line and then reuses. Nothing here allocates per value
//! or per line, and floats do not go through `core::fmt` ([`super::float`]).

use glam::{Quat, Vec3};
use std::fmt::Write as _;

/// How numbers print: `<f>` is Rust's shortest round-trip `{}` for f32; with `option bits=1`
/// every `<f>` is followed by `#xxxxxxxx` (its IEEE bits, lowercase hex).
#[derive(Debug, Clone, Copy, Default)]
pub struct Fmt {
    /// `option bits=1` in effect.
    pub bits: bool,
}

const UPPER_HEX: &[u8; 16] = b"0123456789ABCDEF";
const LOWER_HEX: &[u8; 16] = b"0123456789abcdef";

/// The trace text being written, with the number format in effect.
///
/// Every method appends and returns `self`, so a line reads as it prints:
/// `t.str("  offset origin=").vec3(o).str(" orient=").quat(q).nl()`.
#[derive(Debug, Default)]
pub struct Trace {
    text: String,
    /// The number format (`option bits=`).
    pub fmt: Fmt,
}

impl Trace {
    /// The text written since the last [`Self::clear`].
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// The end of the text written so far, in bytes: where [`Self::truncate`] can cut back to.
    pub fn end(&self) -> usize {
        self.text.len()
    }

    /// Forgets the text, keeping the buffer.
    pub fn clear(&mut self) {
        self.text.clear();
    }

    /// Drops what was written after byte `len` (a step that turned out to be bad input).
    pub fn truncate(&mut self, len: usize) {
        self.text.truncate(len);
    }

    /// The text, consuming the writer.
    pub fn into_string(self) -> String {
        self.text
    }

    /// Literal text.
    pub fn str(&mut self, s: &str) -> &mut Self {
        self.text.push_str(s);
        self
    }

    /// One character (cheaper than a one-letter [`Self::str`]: no copy call).
    pub fn ch(&mut self, c: char) -> &mut Self {
        self.text.push(c);
        self
    }

    /// End of line.
    pub fn nl(&mut self) -> &mut Self {
        self.text.push('\n');
        self
    }

    /// `<f>`: the shortest round-trip decimal, then `#xxxxxxxx` under `option bits=1`.
    pub fn f32(&mut self, x: f32) -> &mut Self {
        super::float::push_f32(&mut self.text, x);
        if self.fmt.bits {
            self.text.push('#');
            self.hex_digits(x.to_bits(), 8, LOWER_HEX);
        }
        self
    }

    /// `<x>,<y>,<z>`
    pub fn vec3(&mut self, v: Vec3) -> &mut Self {
        self.f32(v.x).ch(',').f32(v.y).ch(',').f32(v.z)
    }

    /// A quaternion as `<w>,<x>,<y>,<z>`.
    pub fn quat(&mut self, q: Quat) -> &mut Self {
        self.f32(q.w)
            .ch(',')
            .f32(q.x)
            .ch(',')
            .f32(q.y)
            .ch(',')
            .f32(q.z)
    }

    /// A frame as `<x>,<y>,<z>/<w>,<x>,<y>,<z>` (slice lines).
    pub fn frame(&mut self, origin: Vec3, orientation: Quat) -> &mut Self {
        self.vec3(origin).ch('/').quat(orientation)
    }

    /// A decimal integer.
    pub fn int(&mut self, v: impl itoa::Integer) -> &mut Self {
        self.text.push_str(itoa::Buffer::new().format(v));
        self
    }

    /// `0x%08X`
    pub fn hex8(&mut self, v: u32) -> &mut Self {
        self.text.push_str("0x");
        self.hex_digits(v, 8, UPPER_HEX)
    }

    /// `0x%X` (state bits: uppercase, no padding).
    pub fn hex(&mut self, v: u32) -> &mut Self {
        self.text.push_str("0x");
        self.upper_hex(v, 1)
    }

    /// `%0<width>X`: uppercase hex digits, at least `width` of them, no prefix.
    pub fn upper_hex(&mut self, v: u32, width: usize) -> &mut Self {
        self.hex_digits(v, width, UPPER_HEX)
    }

    fn hex_digits(&mut self, v: u32, width: usize, alphabet: &[u8; 16]) -> &mut Self {
        let used = (32 - v.leading_zeros() as usize).div_ceil(4);
        for i in (0..used.max(width)).rev() {
            let nibble = if i < 8 { (v >> (4 * i)) & 0xF } else { 0 };
            self.text.push(char::from(alphabet[nibble as usize]));
        }
        self
    }

    /// `<b>`: `0` or `1`.
    pub fn bit(&mut self, v: bool) -> &mut Self {
        self.str(b(v))
    }

    /// A HoldKey by name (`Invalid`, `None`, `Run`), or its decimal value.
    pub fn hold_key(&mut self, v: u32) -> &mut Self {
        match v {
            0 => self.str("Invalid"),
            1 => self.str("None"),
            2 => self.str("Run"),
            n => self.int(n),
        }
    }

    /// An event's trace text, appended directly (no `Formatter` in between).
    pub fn event(&mut self, e: &ac_physobj::ObjectEvent) -> &mut Self {
        let _ = e.write_trace_text(&mut self.text); // appending to a String cannot fail
        self
    }

    /// A value's `Display` text, written in place.
    pub fn display(&mut self, v: impl std::fmt::Display) -> &mut Self {
        let _ = write!(self.text, "{v}");
        self
    }

    /// The items written by `item`, `sep` between them, or `-` when there are none.
    pub fn list_or_dash<I: IntoIterator>(
        &mut self,
        items: I,
        sep: &str,
        mut item: impl FnMut(&mut Self, I::Item),
    ) -> &mut Self {
        let mut empty = true;
        for it in items {
            if !empty {
                self.text.push_str(sep);
            }
            empty = false;
            item(self, it);
        }
        if empty {
            self.text.push('-');
        }
        self
    }
}

/// `<b>`: `0` or `1`.
pub fn b(v: bool) -> &'static str {
    if v { "1" } else { "0" }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn written(bits: bool, f: impl FnOnce(&mut Trace)) -> String {
        let mut t = Trace {
            fmt: Fmt { bits },
            ..Trace::default()
        };
        f(&mut t);
        t.into_string()
    }

    #[test]
    fn floats_print_like_the_reference() {
        let f = |x| written(false, |t| _ = t.f32(x));
        assert_eq!(f(1.0), "1");
        assert_eq!(f(-0.0), "-0");
        assert_eq!(f(-0.65), "-0.65");
        assert_eq!(f(1.0919999), "1.0919999");
        assert_eq!(f(0.000_000_149_999_99), "0.00000014999999");
        assert_eq!(f(4_294_967_300.0), "4294967300");
        assert_eq!(f(f32::NAN), "NaN");
        assert_eq!(f(f32::NEG_INFINITY), "-inf");
        assert_eq!(written(true, |t| _ = t.f32(1.0)), "1#3f800000");
        assert_eq!(
            written(true, |t| _ = t.vec3(Vec3::new(0.0, -1.0, 0.5))),
            "0#00000000,-1#bf800000,0.5#3f000000"
        );
    }

    #[test]
    fn hex_like_printf() {
        for v in [0, 1, 0x3D, 0x4400, 0x8000_003D, u32::MAX] {
            assert_eq!(written(false, |t| _ = t.hex8(v)), format!("0x{v:08X}"));
            assert_eq!(written(false, |t| _ = t.hex(v)), format!("0x{v:X}"));
            assert_eq!(
                written(false, |t| _ = t.upper_hex(v, 4)),
                format!("{v:04X}")
            );
            assert_eq!(
                written(false, |t| _ = t.upper_hex(v, 5)),
                format!("{v:05X}")
            );
        }
    }

    #[test]
    fn lists_and_names() {
        let list = |items: &[u32]| {
            written(false, |t| {
                t.list_or_dash(items, " ", |t, &v| _ = t.int(v));
            })
        };
        assert_eq!(list(&[]), "-");
        assert_eq!(list(&[1, 22]), "1 22");
        assert_eq!(
            written(false, |t| _ = t.hold_key(2).str(",").hold_key(7)),
            "Run,7"
        );
        assert_eq!(
            written(false, |t| _ =
                t.int(-3i32).str(" ").bit(true).str(" ").int(12usize)),
            "-3 1 12"
        );
    }
}
