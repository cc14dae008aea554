//! Spelling of values in the canonical text (one line per structure, `key=value`, fields in
//! wire order): floats as Rust's `{:?}` of the `f32` — the shortest decimal that reads back to
//! the same bits — and NaN with its bits, ids as fixed-width upper-case hex.

use std::fmt;

use glam::Vec3;

use super::commands::command_index;

/// An `f32` as the canonical text spells it: `{:?}` (`1.0`, `-0.0`, `3.4028235e38`), NaN as
/// `NaN(0xBITS)` so distinct NaNs stay distinct.
#[derive(Debug, Clone, Copy)]
pub struct F32Text(pub f32);

impl fmt::Display for F32Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_nan() {
            write!(f, "NaN(0x{:08X})", self.0.to_bits())
        } else {
            write!(f, "{:?}", self.0)
        }
    }
}

/// A vector as `(x,y,z)` in [`F32Text`] spelling.
#[derive(Debug, Clone, Copy)]
pub struct Vec3Text(pub Vec3);

impl fmt::Display for Vec3Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let v = self.0;
        write!(f, "({},{},{})", F32Text(v.x), F32Text(v.y), F32Text(v.z))
    }
}

/// A command id as its 16-bit wire index (`0x003D`); an id outside the command table (which
/// cannot be encoded) shows all 32 bits instead (`0x80000000`).
#[derive(Debug, Clone, Copy)]
pub struct CommandIndexText(pub u32);

impl fmt::Display for CommandIndexText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match command_index(self.0) {
            Some(i) => write!(f, "0x{i:04X}"),
            None => write!(f, "0x{:08X}", self.0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floats_read_back_to_their_bits() {
        for (v, s) in [
            (1.0f32, "1.0"),
            (-0.0, "-0.0"),
            (f32::MAX, "3.4028235e38"),
            (1e-5, "1e-5"),
            (0.4, "0.4"),
            (f32::INFINITY, "inf"),
        ] {
            assert_eq!(F32Text(v).to_string(), s);
        }
        assert_eq!(
            F32Text(f32::from_bits(0x7FC0_0001)).to_string(),
            "NaN(0x7FC00001)"
        );
    }

    #[test]
    fn commands_print_their_index() {
        assert_eq!(CommandIndexText(0x4400_0007).to_string(), "0x0007");
        assert_eq!(CommandIndexText(0x8000_0000).to_string(), "0x80000000");
    }
}
