//! Little-endian field readers and writers that name the field in their errors, plus the
//! 4-byte alignment every movement message uses.
//!
//! Public so the wire forms of the crates above (positions, message framing) read the same
//! way. Alignment is counted from stream position 0, which must be the start of the message
//! (its opcode) — or of a standalone MovementData blob.

use binrw::BinResult;
use binrw::io::{Read, Seek, SeekFrom, Write};
use glam::Vec3;

use super::error::{DecodeError, EncodeError};

/// Bytes left between the current position and the end of the stream.
pub fn remaining<S: Seek>(s: &mut S) -> BinResult<u64> {
    let pos = s.stream_position()?;
    let end = s.seek(SeekFrom::End(0))?;
    s.seek(SeekFrom::Start(pos))?;
    Ok(end.saturating_sub(pos))
}

/// Read `N` bytes of `field`, or fail with [`DecodeError::Truncated`] at the field's start.
pub fn read_array<const N: usize, R: Read + Seek>(
    r: &mut R,
    field: &'static str,
) -> BinResult<[u8; N]> {
    let offset = r.stream_position()?;
    let mut b = [0u8; N];
    match r.read_exact(&mut b) {
        Ok(()) => Ok(b),
        Err(e) if e.kind() == std::io::ErrorKind::UnexpectedEof => {
            r.seek(SeekFrom::Start(offset))?;
            let remaining = remaining(r)?;
            Err(DecodeError::Truncated {
                field,
                offset,
                needed: N as u64,
                remaining,
            }
            .into_binrw())
        }
        Err(e) => Err(e.into()),
    }
}

/// Read a `u8`.
pub fn read_u8<R: Read + Seek>(r: &mut R, field: &'static str) -> BinResult<u8> {
    Ok(read_array::<1, R>(r, field)?[0])
}

/// Read a little-endian `u16`.
pub fn read_u16<R: Read + Seek>(r: &mut R, field: &'static str) -> BinResult<u16> {
    Ok(u16::from_le_bytes(read_array(r, field)?))
}

/// Read a little-endian `u32`.
pub fn read_u32<R: Read + Seek>(r: &mut R, field: &'static str) -> BinResult<u32> {
    Ok(u32::from_le_bytes(read_array(r, field)?))
}

/// Read a little-endian `f32` (bits kept exactly, NaN payloads included).
pub fn read_f32<R: Read + Seek>(r: &mut R, field: &'static str) -> BinResult<f32> {
    Ok(f32::from_bits(read_u32(r, field)?))
}

/// Read three `f32`s (x, y, z) of `field`.
pub fn read_vec3<R: Read + Seek>(r: &mut R, field: &'static str) -> BinResult<Vec3> {
    Ok(Vec3::new(
        read_f32(r, field)?,
        read_f32(r, field)?,
        read_f32(r, field)?,
    ))
}

/// Read `n` bytes (already checked against the buffer by [`check_count`]).
pub fn read_bytes<R: Read + Seek>(r: &mut R, n: u64, field: &'static str) -> BinResult<Vec<u8>> {
    check_count(r, field, n, 1)?;
    let mut v = vec![0u8; n as usize];
    r.read_exact(&mut v)?;
    Ok(v)
}

/// Fail unless `count` elements of at least `min_size` bytes each fit in what remains, so a
/// count never drives an allocation larger than the buffer.
pub fn check_count<S: Seek>(
    s: &mut S,
    field: &'static str,
    count: u64,
    min_size: u64,
) -> BinResult<()> {
    let remaining = remaining(s)?;
    let min_bytes = count.saturating_mul(min_size);
    if min_bytes > remaining {
        let offset = s.stream_position()?;
        return Err(DecodeError::CountExceedsBuffer {
            field,
            offset,
            count,
            min_bytes,
            remaining,
        }
        .into_binrw());
    }
    Ok(())
}

/// Bytes of padding needed at stream position `pos` to reach a multiple of 4.
pub fn pad_len(pos: u64) -> u64 {
    (4 - pos % 4) % 4
}

/// Consume the padding to the next multiple of 4, which must be zero.
pub fn read_pad<R: Read + Seek>(r: &mut R, field: &'static str) -> BinResult<()> {
    let offset = r.stream_position()?;
    let n = pad_len(offset);
    let mut b = [0u8; 3];
    let b = &mut b[..n as usize];
    if r.read_exact(b).is_err() {
        r.seek(SeekFrom::Start(offset))?;
        let remaining = remaining(r)?;
        return Err(DecodeError::Truncated {
            field,
            offset,
            needed: n,
            remaining,
        }
        .into_binrw());
    }
    if b.iter().any(|&x| x != 0) {
        return Err(DecodeError::NonZeroPad {
            field,
            offset,
            bytes: b.to_vec(),
        }
        .into_binrw());
    }
    Ok(())
}

/// Fail with [`DecodeError::TrailingBytes`] unless the stream is at its end.
pub fn expect_end<S: Seek>(s: &mut S, field: &'static str) -> BinResult<()> {
    let count = remaining(s)?;
    if count != 0 {
        let offset = s.stream_position()?;
        return Err(DecodeError::TrailingBytes {
            field,
            offset,
            count,
        }
        .into_binrw());
    }
    Ok(())
}

/// Write a `u8`.
pub fn write_u8<W: Write>(w: &mut W, v: u8) -> BinResult<()> {
    Ok(w.write_all(&[v])?)
}

/// Write a little-endian `u16`.
pub fn write_u16<W: Write>(w: &mut W, v: u16) -> BinResult<()> {
    Ok(w.write_all(&v.to_le_bytes())?)
}

/// Write a little-endian `u32`.
pub fn write_u32<W: Write>(w: &mut W, v: u32) -> BinResult<()> {
    Ok(w.write_all(&v.to_le_bytes())?)
}

/// Write a little-endian `f32` (its exact bits).
pub fn write_f32<W: Write>(w: &mut W, v: f32) -> BinResult<()> {
    write_u32(w, v.to_bits())
}

/// Write three `f32`s (x, y, z).
pub fn write_vec3<W: Write>(w: &mut W, v: Vec3) -> BinResult<()> {
    for x in v.to_array() {
        write_f32(w, x)?;
    }
    Ok(())
}

/// Write zero padding to the next multiple of 4 (counted from stream position 0).
pub fn write_pad<W: Write + Seek>(w: &mut W) -> BinResult<()> {
    let n = pad_len(w.stream_position()?);
    Ok(w.write_all(&[0u8; 3][..n as usize])?)
}

/// Fail with [`EncodeError::CountTooLarge`] unless `count <= max`.
pub fn check_encodable_count(field: &'static str, count: usize, max: u64) -> BinResult<()> {
    if count as u64 > max {
        return Err(EncodeError::CountTooLarge {
            field,
            count: count as u64,
            max,
        }
        .into_binrw());
    }
    Ok(())
}
