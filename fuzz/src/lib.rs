//! Shared pieces of the acmotion fuzz targets: how a target draws records, commands and numbers
//! from the fuzzer's bytes.
//!
//! An input that carries records and then a command script is framed as
//! `[len: u16 LE][record bytes] … [script bytes]`: [`Input::chunk`] takes one record, and the
//! commands read what is left one value at a time. Running out of bytes ends the script, so
//! every input is valid and mutations of the length prefix just move the boundary. The seed
//! corpus (`cargo xtask fuzz --seeds`) writes the same framing.

/// A cursor over the fuzzer's bytes that never fails: reads past the end give `None`.
#[derive(Debug, Clone)]
pub struct Input<'a> {
    bytes: &'a [u8],
}

impl<'a> Input<'a> {
    /// A cursor at the start of `bytes`.
    pub fn new(bytes: &'a [u8]) -> Self {
        Self { bytes }
    }

    /// Whether every byte has been read.
    pub fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }

    /// The next `n` bytes, or `None` (nothing consumed) when fewer remain.
    pub fn take(&mut self, n: usize) -> Option<&'a [u8]> {
        if n > self.bytes.len() {
            return None;
        }
        let (head, tail) = self.bytes.split_at(n);
        self.bytes = tail;
        Some(head)
    }

    /// One byte.
    pub fn u8(&mut self) -> Option<u8> {
        self.take(1).map(|b| b[0])
    }

    /// A little-endian `u16`.
    pub fn u16(&mut self) -> Option<u16> {
        self.take(2).map(|b| u16::from_le_bytes([b[0], b[1]]))
    }

    /// A little-endian `u32`.
    pub fn u32(&mut self) -> Option<u32> {
        self.take(4)
            .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }

    /// A record: a `u16` length, then that many bytes (fewer if the input ends first).
    pub fn chunk(&mut self) -> Option<&'a [u8]> {
        let len = usize::from(self.u16()?).min(self.bytes.len());
        self.take(len)
    }

    /// A float: usually one of [`INTERESTING_F32`] (one byte), else raw bits (five bytes).
    pub fn f32(&mut self) -> Option<f32> {
        let tag = self.u8()?;
        match INTERESTING_F32.get(usize::from(tag)) {
            Some(&v) => Some(v),
            None => self.u32().map(f32::from_bits),
        }
    }

    /// A signed frame index: small values (one byte after the tag) or raw (four bytes).
    pub fn i32(&mut self) -> Option<i32> {
        let tag = self.u8()?;
        match tag {
            0..=0x7F => Some(i32::from(tag) - 16),
            0x80 => Some(i32::MIN),
            0x81 => Some(i32::MAX),
            _ => self.u32().map(|v| v as i32),
        }
    }

    /// A motion id: usually an index into `known` (two bytes), else a raw id (six bytes).
    pub fn motion(&mut self, known: &Motions) -> Option<u32> {
        let k = self.u16()?;
        if k & 0x8000 == 0 {
            Some(known.pick(usize::from(k)))
        } else {
            self.u32()
        }
    }
}

/// The floats a mutation should find with one byte: ordinary speeds and time steps, signs,
/// zero, and the values that break arithmetic.
pub const INTERESTING_F32: [f32; 24] = [
    1.0,
    -1.0,
    0.5,
    2.0,
    0.0,
    -0.0,
    1.0 / 30.0,
    0.1,
    0.25,
    3.0,
    -0.5,
    30.0,
    -30.0,
    1e-7,
    1e9,
    -1e9,
    f32::NAN,
    f32::INFINITY,
    f32::NEG_INFINITY,
    f32::MAX,
    f32::MIN,
    f32::MIN_POSITIVE,
    f32::EPSILON,
    1e30,
];

/// Every motion command id the project names, then every stance (built once per process).
pub fn named_motions() -> &'static [u32] {
    static NAMED: std::sync::OnceLock<Vec<u32>> = std::sync::OnceLock::new();
    NAMED.get_or_init(|| {
        let mut ids: Vec<u32> = ac_motiontable::command::all_motions()
            .map(|(_, id)| id)
            .collect();
        ids.extend(
            ac_motiontable::command::stance::ALL
                .iter()
                .map(|&(_, id)| id),
        );
        ids
    })
}

/// The motion ids a script picks from: those a table mentions (styles, default substates,
/// link destinations) first, so commands that reach the table's data are cheap to draw, then
/// [`named_motions`].
#[derive(Debug, Clone)]
pub struct Motions {
    table: Vec<u32>,
}

impl Motions {
    /// The ids `table` mentions.
    pub fn of(table: &ac_dat::MotionTable) -> Self {
        let mut ids = vec![table.default_style];
        for &(style, substate) in &table.style_defaults {
            ids.push(style);
            ids.push(substate);
        }
        for (_, group) in &table.links {
            ids.extend(group.iter().map(|&(to, _)| to));
        }
        Self { table: ids }
    }

    /// The `k`-th id (wrapping over the table's ids and the named ones).
    pub fn pick(&self, k: usize) -> u32 {
        let named = named_motions();
        let k = k % (self.table.len() + named.len());
        match self.table.get(k) {
            Some(&id) => id,
            None => named[k - self.table.len()],
        }
    }
}

/// A global allocator that counts live heap bytes and their peak, so a target can check a
/// memory budget by counting rather than by timing or RSS.
pub mod alloc {
    use std::alloc::{GlobalAlloc, Layout, System};
    use std::sync::atomic::{AtomicUsize, Ordering};

    /// The counting allocator: install it with `#[global_allocator]`.
    pub struct Counting;

    static LIVE: AtomicUsize = AtomicUsize::new(0);
    static PEAK: AtomicUsize = AtomicUsize::new(0);

    fn grew(n: usize) {
        let live = LIVE.fetch_add(n, Ordering::Relaxed) + n;
        PEAK.fetch_max(live, Ordering::Relaxed);
    }

    // SAFETY: every call is forwarded unchanged to the system allocator; only counters change.
    unsafe impl GlobalAlloc for Counting {
        unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
            grew(layout.size());
            // SAFETY: the caller's layout contract is passed through.
            unsafe { System.alloc(layout) }
        }
        unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
            grew(layout.size());
            // SAFETY: as above.
            unsafe { System.alloc_zeroed(layout) }
        }
        unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
            LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
            // SAFETY: as above.
            unsafe { System.dealloc(ptr, layout) }
        }
        unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
            if new_size >= layout.size() {
                grew(new_size - layout.size());
            } else {
                LIVE.fetch_sub(layout.size() - new_size, Ordering::Relaxed);
            }
            // SAFETY: as above.
            unsafe { System.realloc(ptr, layout, new_size) }
        }
    }

    /// Runs `f` and returns its result with the peak of live heap bytes it added.
    pub fn peak_during<T>(f: impl FnOnce() -> T) -> (T, usize) {
        let base = LIVE.load(Ordering::Relaxed);
        PEAK.store(base, Ordering::Relaxed);
        let out = f();
        (out, PEAK.load(Ordering::Relaxed).saturating_sub(base))
    }
}

/// The check of every record target: parsing `data` as `T` takes at most the per-record heap
/// budget (counted by [`alloc::Counting`], which the target must install), and an accepted
/// record re-encodes to exactly `data`.
pub fn check_record<T: ac_dat::DatRecord>(data: &[u8]) {
    let (parsed, peak) = alloc::peak_during(|| T::parse(data));
    let budget = ac_dat::MEMORY_PER_STORED_BYTE * data.len() as u64 + ac_dat::MEMORY_SLACK;
    assert!(
        peak as u64 <= budget,
        "parsing took {peak} bytes of heap, budget {budget}"
    );
    if let Ok(record) = parsed {
        let again = record.to_bytes().expect("an accepted record encodes");
        assert_eq!(again, data, "the record does not round-trip");
    }
}
