//! Where a [`super::DatArchive`]'s bytes come from: positional reads of an open file (the
//! default), a private copy in memory, or a memory map (opt-in, `unsafe`).
//!
//! Every read goes through [`Storage::read_at`], which either fills the whole buffer or fails
//! with a typed error; a file that shrinks while it is open gives
//! [`DatErrorKind::Truncated`], never a signal.

use std::borrow::Cow;
use std::fs::File;
use std::path::Path;

use crate::error::{DatError, DatErrorKind, TruncatedPart};

/// The bytes behind an archive.
pub(super) enum Storage {
    /// An open file read with positional reads (`pread`): nothing is mapped, so another program
    /// truncating or rewriting the file cannot kill this one.
    File(File),
    /// A read-only memory map (see [`super::DatArchive::open_mapped`]).
    Mapped(memmap2::Mmap),
    /// The whole image in memory.
    Owned(Vec<u8>),
}

impl Storage {
    /// The bytes `offset..offset + len`, borrowed when they are in memory and read from the file
    /// otherwise. `file_len` is the length the archive was opened with; a range beyond it is a
    /// caller bug guarded by the callers' block checks, reported as truncation all the same.
    pub(super) fn read_at(&self, offset: u64, len: usize) -> Result<Cow<'_, [u8]>, DatError> {
        let truncated = |file_len: u64| {
            DatError::new(
                None,
                offset,
                DatErrorKind::Truncated {
                    file_len,
                    what: TruncatedPart::Block(offset),
                    needed: offset + len as u64,
                },
            )
        };
        match self {
            Storage::Owned(v) => slice(v, offset, len)
                .map(Cow::Borrowed)
                .ok_or_else(|| truncated(v.len() as u64)),
            Storage::Mapped(m) => slice(m, offset, len)
                .map(Cow::Borrowed)
                .ok_or_else(|| truncated(m.len() as u64)),
            Storage::File(f) => {
                let mut buf = vec![0u8; len];
                match read_exact_at(f, &mut buf, offset) {
                    Ok(()) => Ok(Cow::Owned(buf)),
                    Err(e) if e.kind() == std::io::ErrorKind::UnexpectedEof => {
                        // The file shrank since it was opened: say how long it is now.
                        let now = f.metadata().map_or(0, |m| m.len());
                        Err(truncated(now))
                    }
                    Err(source) => Err(DatError::new(
                        None,
                        offset,
                        DatErrorKind::Io { op: "read", source },
                    )),
                }
            }
        }
    }

    /// Whether reads are free (the bytes are in memory): chain reads then need no batching.
    pub(super) fn in_memory(&self) -> bool {
        !matches!(self, Storage::File(_))
    }
}

fn slice(bytes: &[u8], offset: u64, len: usize) -> Option<&[u8]> {
    let start = usize::try_from(offset).ok()?;
    bytes.get(start..start.checked_add(len)?)
}

/// Opens `path` for reading and checks that it is a regular file; returns it and its length.
pub(super) fn open_file(path: &Path) -> Result<(File, u64), DatError> {
    let at_path = |kind| DatError::whole_file(kind).with_path(path);
    let meta = std::fs::metadata(path).map_err(|source| {
        at_path(match source.kind() {
            std::io::ErrorKind::NotFound => DatErrorKind::NoSuchFile,
            _ => DatErrorKind::Io { op: "open", source },
        })
    })?;
    if meta.is_dir() {
        return Err(at_path(DatErrorKind::IsDirectory));
    }
    if !meta.is_file() {
        return Err(at_path(DatErrorKind::NotAFile));
    }
    let file = File::open(path).map_err(|source| match source.kind() {
        std::io::ErrorKind::NotFound => at_path(DatErrorKind::NoSuchFile),
        _ => at_path(DatErrorKind::Io { op: "open", source }),
    })?;
    let len = file
        .metadata()
        .map_err(|source| at_path(DatErrorKind::Io { op: "open", source }))?
        .len();
    Ok((file, len))
}

/// Reads the whole of an open file into memory.
pub(super) fn read_all(mut file: File, len: u64, path: &Path) -> Result<Vec<u8>, DatError> {
    use std::io::Read;
    let mut bytes = Vec::with_capacity(usize::try_from(len).unwrap_or(0));
    file.read_to_end(&mut bytes).map_err(|source| {
        DatError::whole_file(DatErrorKind::Io { op: "read", source }).with_path(path)
    })?;
    Ok(bytes)
}

/// Maps an open file read-only.
///
/// # Safety
/// The caller guarantees that the file is not truncated or modified while the map lives (see
/// [`super::DatArchive::open_mapped`]).
#[allow(unsafe_code)]
pub(super) unsafe fn map_file(file: &File, path: &Path) -> Result<memmap2::Mmap, DatError> {
    // SAFETY: forwarded to the caller (the map is read-only and private; every access is
    // bounds-checked against the length it had when mapped).
    unsafe { memmap2::Mmap::map(file) }.map_err(|source| {
        DatError::whole_file(DatErrorKind::Io { op: "map", source }).with_path(path)
    })
}

#[cfg(unix)]
fn read_exact_at(f: &File, buf: &mut [u8], offset: u64) -> std::io::Result<()> {
    std::os::unix::fs::FileExt::read_exact_at(f, buf, offset)
}

#[cfg(windows)]
fn read_exact_at(f: &File, mut buf: &mut [u8], mut offset: u64) -> std::io::Result<()> {
    use std::os::windows::fs::FileExt;
    while !buf.is_empty() {
        match f.seek_read(buf, offset) {
            Ok(0) => return Err(std::io::ErrorKind::UnexpectedEof.into()),
            Ok(n) => {
                buf = &mut buf[n..];
                offset += n as u64;
            }
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(())
}

#[cfg(not(any(unix, windows)))]
fn read_exact_at(_: &File, _: &mut [u8], _: u64) -> std::io::Result<()> {
    Err(std::io::Error::new(
        std::io::ErrorKind::Unsupported,
        "positional reads are not available on this platform; use DatArchive::open_in_memory",
    ))
}
