//! Small binrw helpers shared by the record codecs.
//!
//! Every record implements binrw's `BinRead`/`BinWrite` by hand rather than by derive: the
//! layouts have data-dependent alignment and conditional fields, and every count must be
//! checked against the bytes that remain *before* anything is allocated.

use std::cell::Cell;

use binrw::io::{Read, Seek, SeekFrom, Write};
use binrw::{BinResult, Endian};
use glam::{Quat, Vec3};

use crate::error::{RecordError, RecordErrorKind};

pub(crate) const LE: Endian = Endian::Little;

/// What the record decoders read from. Every `BinRead` impl wraps its stream in [`Stream`];
/// [`parse_exact`] reads a payload in memory through [`Bytes`], which hands out fixed-size
/// fields without going through `io` (the decoders spent most of their time there). Both
/// give the same values and the same errors at the same positions: the fast paths only
/// answer when every byte asked for is there, and leave anything else to the stream.
pub(crate) trait Source: Read + Seek {
    /// The next `N` bytes, advancing past them, if all of them are there; `None` (without
    /// moving) otherwise, or when this source has no fast path.
    #[inline]
    fn take<const N: usize>(&mut self) -> Option<[u8; N]> {
        None
    }

    /// Bytes left between the current position and the end of the stream.
    #[inline]
    fn remaining(&mut self) -> BinResult<u64> {
        let pos = self.stream_position()?;
        let end = self.seek(SeekFrom::End(0))?;
        self.seek(SeekFrom::Start(pos))?;
        Ok(end.saturating_sub(pos))
    }
}

/// Any `Read + Seek` stream, as a [`Source`] without fast paths.
pub(crate) struct Stream<'r, R>(pub(crate) &'r mut R);

impl<R: Read> Read for Stream<'_, R> {
    #[inline]
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        self.0.read(buf)
    }
    #[inline]
    fn read_exact(&mut self, buf: &mut [u8]) -> std::io::Result<()> {
        self.0.read_exact(buf)
    }
}

impl<R: Seek> Seek for Stream<'_, R> {
    #[inline]
    fn seek(&mut self, pos: SeekFrom) -> std::io::Result<u64> {
        self.0.seek(pos)
    }
    #[inline]
    fn stream_position(&mut self) -> std::io::Result<u64> {
        self.0.stream_position()
    }
}

impl<R: Read + Seek> Source for Stream<'_, R> {}

/// A payload in memory: a `Cursor` (which does everything the fast paths do not) with
/// fixed-size reads straight from the slice.
pub(crate) struct Bytes<'a>(binrw::io::Cursor<&'a [u8]>);

impl<'a> Bytes<'a> {
    pub(crate) fn new(bytes: &'a [u8]) -> Self {
        Self(binrw::io::Cursor::new(bytes))
    }

    pub(crate) fn position(&self) -> u64 {
        self.0.position()
    }
}

impl Read for Bytes<'_> {
    #[inline]
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        self.0.read(buf)
    }
    #[inline]
    fn read_exact(&mut self, buf: &mut [u8]) -> std::io::Result<()> {
        self.0.read_exact(buf)
    }
}

impl Seek for Bytes<'_> {
    #[inline]
    fn seek(&mut self, pos: SeekFrom) -> std::io::Result<u64> {
        self.0.seek(pos)
    }
    #[inline]
    fn stream_position(&mut self) -> std::io::Result<u64> {
        Ok(self.0.position())
    }
}

impl Source for Bytes<'_> {
    #[inline]
    fn take<const N: usize>(&mut self) -> Option<[u8; N]> {
        let pos = self.0.position();
        let bytes: &[u8] = self.0.get_ref();
        let start = usize::try_from(pos).ok()?;
        let b: [u8; N] = bytes.get(start..start.checked_add(N)?)?.try_into().ok()?;
        self.0.set_position(pos + N as u64);
        Some(b)
    }

    #[inline]
    fn remaining(&mut self) -> BinResult<u64> {
        // As the seeks would answer: a position past the end leaves nothing.
        Ok((self.0.get_ref().len() as u64).saturating_sub(self.0.position()))
    }
}

/// Wraps a [`RecordErrorKind`] into a binrw error at the current position.
pub(crate) fn custom<S: Seek>(s: &mut S, kind: RecordErrorKind) -> binrw::Error {
    let pos = s.stream_position().unwrap_or(0);
    binrw::Error::Custom {
        pos,
        err: Box::new(kind),
    }
}

/// Bytes left between the current position and the end of the stream.
#[inline]
pub(crate) fn remaining<S: Source>(s: &mut S) -> BinResult<u64> {
    s.remaining()
}

/// Fails unless `count` elements of at least `min_size` bytes each fit in what remains.
pub(crate) fn check_count<S: Source>(
    s: &mut S,
    what: &'static str,
    count: u64,
    min_size: u64,
) -> BinResult<()> {
    let rem = remaining(s)?;
    let min_bytes = count.saturating_mul(min_size);
    if min_bytes > rem {
        return Err(custom(
            s,
            RecordErrorKind::CountTooLarge {
                what,
                count,
                min_bytes,
                remaining: rem,
            },
        ));
    }
    Ok(())
}

/// Heap a decoded record may hold per byte of its stored form, on top of [`MEMORY_SLACK`].
///
/// Lists are checked against the bytes that remain before they are allocated, but an element
/// can be much larger in memory than on disk (a frame of an animation without parts: 4 bytes
/// stored, 48 in memory). Real records stay well below this (animations about 2×, motion tables
/// at most 8× when every MotionData is empty), so a record that would need more is degenerate
/// and is refused with [`RecordErrorKind::MemoryBudgetExceeded`] instead of turning a 16 MB
/// record into 190 MB of heap on every thread that reads it.
pub const MEMORY_PER_STORED_BYTE: u64 = 8;

/// Heap every record may hold whatever its size (small records of few elements have a large
/// ratio of fixed overhead).
pub const MEMORY_SLACK: u64 = 64 * 1024;

/// The heap one record's decoding may still allocate (see [`MEMORY_PER_STORED_BYTE`]).
///
/// Created from the payload length by each top-level record reader and passed down to the
/// readers of its nested lists.
#[derive(Debug)]
pub(crate) struct AllocBudget {
    stored: u64,
    budget: u64,
    used: Cell<u64>,
}

impl AllocBudget {
    /// A budget for a record whose stored form is the rest of the stream.
    pub(crate) fn for_rest<S: Source>(s: &mut S) -> BinResult<Self> {
        let stored = remaining(s)?;
        Ok(Self {
            stored,
            budget: stored
                .saturating_mul(MEMORY_PER_STORED_BYTE)
                .saturating_add(MEMORY_SLACK),
            used: Cell::new(0),
        })
    }

    /// Checks a list of `count` elements of `T` against the remaining bytes (each element
    /// stores at least `min_size` bytes) and against the budget, charges it, and returns an
    /// empty vector with that capacity.
    pub(crate) fn list<T, S: Source>(
        &self,
        s: &mut S,
        what: &'static str,
        count: u64,
        min_size: u64,
    ) -> BinResult<Vec<T>> {
        check_count(s, what, count, min_size)?;
        self.charge(s, what, count, std::mem::size_of::<T>() as u64)?;
        // check_count bounded `count` by the stream length, so it fits a usize.
        Ok(Vec::with_capacity(count as usize))
    }

    /// Charges `count` elements of `elem_size` bytes.
    pub(crate) fn charge<S: Seek>(
        &self,
        s: &mut S,
        what: &'static str,
        count: u64,
        elem_size: u64,
    ) -> BinResult<()> {
        let needed = self
            .used
            .get()
            .saturating_add(count.saturating_mul(elem_size));
        if needed > self.budget {
            return Err(custom(
                s,
                RecordErrorKind::MemoryBudgetExceeded {
                    what,
                    count,
                    needed,
                    budget: self.budget,
                    stored: self.stored,
                },
            ));
        }
        self.used.set(needed);
        Ok(())
    }
}

fn eof<S: Seek>(s: &mut S, needed: u64) -> binrw::Error {
    custom(s, RecordErrorKind::UnexpectedEof { needed })
}

#[inline]
pub(crate) fn read_bytes<const N: usize, R: Source>(r: &mut R) -> BinResult<[u8; N]> {
    match r.take::<N>() {
        Some(b) => Ok(b),
        None => read_bytes_from_stream(r),
    }
}

/// [`read_bytes`] through `io` (a stream, or too few bytes left).
#[cold]
fn read_bytes_from_stream<const N: usize, R: Source>(r: &mut R) -> BinResult<[u8; N]> {
    let mut b = [0u8; N];
    match r.read_exact(&mut b) {
        Ok(()) => Ok(b),
        Err(e) if e.kind() == std::io::ErrorKind::UnexpectedEof => Err(eof(r, N as u64)),
        Err(e) => Err(e.into()),
    }
}

#[inline]
pub(crate) fn r_u8<R: Source>(r: &mut R) -> BinResult<u8> {
    Ok(read_bytes::<1, R>(r)?[0])
}
#[inline]
pub(crate) fn r_u16<R: Source>(r: &mut R) -> BinResult<u16> {
    Ok(u16::from_le_bytes(read_bytes::<2, R>(r)?))
}
#[inline]
pub(crate) fn r_u32<R: Source>(r: &mut R) -> BinResult<u32> {
    Ok(u32::from_le_bytes(read_bytes::<4, R>(r)?))
}
#[inline]
pub(crate) fn r_i32<R: Source>(r: &mut R) -> BinResult<i32> {
    Ok(i32::from_le_bytes(read_bytes::<4, R>(r)?))
}
#[inline]
pub(crate) fn r_f32<R: Source>(r: &mut R) -> BinResult<f32> {
    Ok(f32::from_le_bytes(read_bytes::<4, R>(r)?))
}
#[inline]
pub(crate) fn r_vec3<R: Source>(r: &mut R) -> BinResult<Vec3> {
    let b = read_bytes::<12, R>(r)?;
    Ok(Vec3::new(f(&b, 0), f(&b, 4), f(&b, 8)))
}
/// Reads a quaternion stored W, X, Y, Z.
#[inline]
pub(crate) fn r_quat<R: Source>(r: &mut R) -> BinResult<Quat> {
    let b = read_bytes::<16, R>(r)?;
    Ok(Quat::from_xyzw(f(&b, 4), f(&b, 8), f(&b, 12), f(&b, 0)))
}

#[inline]
pub(crate) fn f(b: &[u8], at: usize) -> f32 {
    f32::from_le_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]])
}

/// Skips to the next multiple of 4 from the payload start (stream position 0). The padding
/// must be zero: the writer could not reproduce anything else.
#[inline]
pub(crate) fn align4_read<R: Source>(r: &mut R) -> BinResult<()> {
    let pos = r.stream_position()?;
    let pad = (4 - pos % 4) % 4;
    for _ in 0..pad {
        let b = r_u8(r)?;
        if b != 0 {
            r.seek(SeekFrom::Current(-1))?;
            return Err(custom(r, RecordErrorKind::NonZeroPadding(b)));
        }
    }
    Ok(())
}

pub(crate) fn w_bytes<W: Write + Seek>(w: &mut W, b: &[u8]) -> BinResult<()> {
    w.write_all(b)?;
    Ok(())
}
pub(crate) fn w_u8<W: Write + Seek>(w: &mut W, v: u8) -> BinResult<()> {
    w_bytes(w, &[v])
}
pub(crate) fn w_u16<W: Write + Seek>(w: &mut W, v: u16) -> BinResult<()> {
    w_bytes(w, &v.to_le_bytes())
}
pub(crate) fn w_u32<W: Write + Seek>(w: &mut W, v: u32) -> BinResult<()> {
    w_bytes(w, &v.to_le_bytes())
}
pub(crate) fn w_i32<W: Write + Seek>(w: &mut W, v: i32) -> BinResult<()> {
    w_bytes(w, &v.to_le_bytes())
}
pub(crate) fn w_f32<W: Write + Seek>(w: &mut W, v: f32) -> BinResult<()> {
    w_bytes(w, &v.to_le_bytes())
}
pub(crate) fn w_vec3<W: Write + Seek>(w: &mut W, v: Vec3) -> BinResult<()> {
    w_f32(w, v.x)?;
    w_f32(w, v.y)?;
    w_f32(w, v.z)
}
/// Writes a quaternion as W, X, Y, Z.
pub(crate) fn w_quat<W: Write + Seek>(w: &mut W, q: Quat) -> BinResult<()> {
    w_f32(w, q.w)?;
    w_f32(w, q.x)?;
    w_f32(w, q.y)?;
    w_f32(w, q.z)
}
/// Writes zero bytes up to the next multiple of 4 from the payload start.
pub(crate) fn align4_write<W: Write + Seek>(w: &mut W) -> BinResult<()> {
    let pos = w.stream_position()?;
    let pad = (4 - pos % 4) % 4;
    for _ in 0..pad {
        w_u8(w, 0)?;
    }
    Ok(())
}

/// A count that must fit the on-disk field.
pub(crate) fn count_u32<W: Seek>(w: &mut W, what: &str, n: usize) -> BinResult<u32> {
    u32::try_from(n).map_err(|_| {
        custom(
            w,
            RecordErrorKind::Unencodable(format!("{what} count {n} exceeds u32")),
        )
    })
}

/// Converts a binrw error raised while decoding/encoding record `record_id` into a
/// [`RecordError`]; `fallback_pos` is used when binrw did not record a position.
pub(crate) fn to_record_error(e: binrw::Error, record_id: u32, fallback_pos: u64) -> RecordError {
    let (offset, kind) = match e {
        binrw::Error::Custom { pos, err } => match err.downcast::<RecordErrorKind>() {
            Ok(k) => (pos, *k),
            Err(other) => (pos, RecordErrorKind::Other(format!("{other:?}"))),
        },
        binrw::Error::Io(io) if io.kind() == std::io::ErrorKind::UnexpectedEof => {
            (fallback_pos, RecordErrorKind::UnexpectedEof { needed: 1 })
        }
        other => (fallback_pos, RecordErrorKind::Other(other.to_string())),
    };
    RecordError {
        record_id,
        offset,
        kind,
    }
}

/// A top-level record's decoder, over any [`Source`] (its `BinRead` impl reads a [`Stream`]).
pub(crate) trait Decode: Sized {
    /// Decodes the record from the rest of `r`.
    fn decode<R: Source>(r: &mut R, e: Endian) -> BinResult<Self>;
}

/// Parses a whole record payload with `T`'s decoder (what its `BinRead` does), requiring
/// every byte to be used.
pub(crate) fn parse_exact<T: Decode>(bytes: &[u8]) -> Result<T, RecordError> {
    let record_id = bytes
        .get(0..4)
        .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
        .unwrap_or(0);
    let mut cur = Bytes::new(bytes);
    match T::decode(&mut cur, LE) {
        Ok(v) => {
            let used = cur.position();
            let total = bytes.len() as u64;
            if used != total {
                return Err(RecordError {
                    record_id,
                    offset: used,
                    kind: RecordErrorKind::TrailingBytes(total - used),
                });
            }
            Ok(v)
        }
        Err(e) => {
            let pos = cur.position();
            Err(to_record_error(e, record_id, pos))
        }
    }
}

/// Serialises a record with `T`'s `BinWrite` into a fresh buffer (payload offset 0).
pub(crate) fn write_vec<T>(value: &T, record_id: u32) -> Result<Vec<u8>, RecordError>
where
    T: for<'a> binrw::BinWrite<Args<'a> = ()>,
{
    let mut cur = binrw::io::Cursor::new(Vec::new());
    match value.write_options(&mut cur, LE, ()) {
        Ok(()) => Ok(cur.into_inner()),
        Err(e) => {
            let pos = cur.position();
            Err(to_record_error(e, record_id, pos))
        }
    }
}

#[cfg(test)]
mod tests;
