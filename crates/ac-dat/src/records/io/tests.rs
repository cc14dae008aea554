//! The in-memory decoding path ([`Bytes`], what `parse` uses) against the stream path (every
//! `BinRead` impl over a `Cursor`, what `parse` used before): same values, same errors at the
//! same offsets, on real records and on truncated and corrupted copies of them.

use super::*;
use crate::{Animation, MotionTable, Setup};

/// `parse_exact` as it was: the record's `BinRead` over a `Cursor`.
fn parse_through_stream<T>(bytes: &[u8]) -> Result<T, RecordError>
where
    T: for<'a> binrw::BinRead<Args<'a> = ()>,
{
    let record_id = bytes
        .get(0..4)
        .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
        .unwrap_or(0);
    let mut cur = binrw::io::Cursor::new(bytes);
    match T::read_options(&mut cur, LE, ()) {
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

/// Both paths on `bytes` and on copies cut short or with one byte changed, at enough places
/// to reach every field kind of the record.
fn agree<T>(bytes: &[u8]) -> usize
where
    T: Decode
        + for<'a> binrw::BinRead<Args<'a> = ()>
        + for<'a> binrw::BinWrite<Args<'a> = ()>
        + std::fmt::Debug,
{
    let mut checked = 0;
    let mut check = |b: &[u8]| {
        // Decoded values compare by their encoding: a corrupted float may be a NaN.
        let encoded = |r: Result<T, RecordError>| r.map(|v| write_vec(&v, 0));
        assert_eq!(
            encoded(parse_exact::<T>(b)),
            encoded(parse_through_stream::<T>(b)),
            "{b:02X?}"
        );
        checked += 1;
    };
    check(bytes);
    let stride = (bytes.len() / 300).max(1);
    for cut in (0..bytes.len())
        .step_by(stride)
        .chain(bytes.len().saturating_sub(40)..bytes.len())
    {
        check(&bytes[..cut]);
    }
    let mut longer = bytes.to_vec();
    longer.extend([0, 1, 2]);
    check(&longer);
    for at in (0..bytes.len()).step_by(stride) {
        for v in [0x00, 0x01, 0x05, 0x0D, 0x80, 0xFF] {
            let mut b = bytes.to_vec();
            b[at] = v;
            check(&b);
        }
    }
    checked
}

#[test]
fn in_memory_decoding_matches_the_stream_path() {
    let corpus = ac_testkit::synthetic::default_corpus();
    let mut checked = 0;
    for t in corpus.tables.iter().take(3) {
        checked += agree::<MotionTable>(&t.to_bytes().expect("table bytes"));
    }
    // Animations with hooks (every hook type the corpus carries) and with pos frames.
    let with_hooks = corpus
        .animations
        .iter()
        .filter(|a| a.part_frames.iter().any(|f| !f.hooks.is_empty()))
        .take(6);
    let with_pos = corpus
        .animations
        .iter()
        .filter(|a| a.has_pos_frames())
        .take(2);
    for a in with_hooks.chain(with_pos) {
        checked += agree::<Animation>(&a.to_bytes().expect("animation bytes"));
    }
    for s in corpus.setups.iter().take(2) {
        checked += agree::<Setup>(&s.to_bytes().expect("setup bytes"));
    }
    assert!(checked > 10_000, "{checked}");
}
