//! Builds a DAT image from files.

use super::*;

/// One file queued for writing.
#[derive(Debug, Clone)]
struct Pending {
    meta: DirEntry,
    data: Vec<u8>,
}

/// Builds a valid portal DAT: zeroed header block, one contiguous block chain per file (last
/// `next` = 0, rest of the block zeroed), a bulk-loaded B-tree with at most 61 entries per
/// node and zeroed unused slots, the file padded to whole blocks plus one spare block (GDLE's
/// strict bounds check), and `file_size` equal to the real length.
///
/// Output depends only on the files and header fields given — never on insertion order.
#[derive(Debug, Clone)]
pub struct DatWriter {
    preamble: Vec<u8>,
    header: DatHeader,
    files: Vec<Pending>,
}

/// Default flags word of an entry: version 2, uncompressed.
pub const DEFAULT_ENTRY_FLAGS: u32 = 0x0002_0000;

impl Default for DatWriter {
    fn default() -> Self {
        Self::new()
    }
}

impl DatWriter {
    /// A portal writer (block size 1024, data set 1, master map 0x25000000, engine pack 110,
    /// minor version 6657 — the retail end-of-retail values).
    pub fn new() -> Self {
        let mut preamble = vec![0u8; HEADER_OFFSET];
        preamble[0x100..0x104].copy_from_slice(&[0x00, 0x50, 0x4C, 0x00]);
        Self {
            preamble,
            header: DatHeader {
                magic: MAGIC,
                block_size: 1024,
                file_size: 0,
                data_set: 1,
                data_subset: 0,
                free_head: 0,
                free_tail: 0,
                free_count: 0,
                btree_root: 0,
                new_lru: 0,
                old_lru: 0,
                use_lru: 0,
                master_map_id: 0x2500_0000,
                engine_pack_version: 110,
                game_pack_version: 0,
                major_version: [0; 16],
                minor_version: 6657,
            },
            files: Vec::new(),
        }
    }

    /// A writer that copies `dat`'s first 0x140 bytes (version string, journal) and header
    /// fields, so rewriting every entry of a DAT this crate wrote reproduces it exactly.
    pub fn like(dat: &DatArchive) -> Self {
        let mut w = Self::new();
        w.preamble.copy_from_slice(dat.preamble());
        w.header = dat.header().clone();
        w
    }

    /// Sets the ASCII version string at offset 0 (truncated to 255 bytes).
    pub fn version_string(&mut self, s: &str) -> &mut Self {
        let b = s.as_bytes();
        let n = b.len().min(255);
        self.preamble[..256].fill(0);
        self.preamble[..n].copy_from_slice(&b[..n]);
        self
    }

    /// Sets the block size (at least 16; 1024 for portal, 256 for cell).
    pub fn block_size(&mut self, bs: u32) -> &mut Self {
        self.header.block_size = bs;
        self
    }

    /// Queues a file with default entry metadata (version 2, date 0, iteration 0).
    pub fn add_file(&mut self, id: u32, data: Vec<u8>) -> &mut Self {
        let flags = if id == 0xFFFF_0001 {
            0x0001_0000
        } else {
            DEFAULT_ENTRY_FLAGS
        };
        self.add_file_with(
            DirEntry {
                flags,
                id,
                offset: 0,
                size: 0,
                date: 0,
                iteration: 0,
            },
            data,
        )
    }

    /// Queues a file keeping `meta`'s flags word, date and iteration (offset and size are
    /// recomputed).
    pub fn add_file_with(&mut self, meta: DirEntry, data: Vec<u8>) -> &mut Self {
        self.files.push(Pending { meta, data });
        self
    }

    /// Serialises and queues a record under its own id.
    pub fn add_record<T: DatRecord>(&mut self, record: &T) -> Result<&mut Self, DatError> {
        let bytes = record
            .to_bytes()
            .map_err(|e| DatError::new(Some(record.id()), 0, e.into()))?;
        Ok(self.add_file(record.id(), bytes))
    }

    /// Queues the optional Iteration record 0xFFFF0001 (`[1, -1, 1]`, `ver_` 1).
    pub fn add_iteration_record(&mut self) -> &mut Self {
        let data = [1i32, -1, 1].iter().flat_map(|v| v.to_le_bytes()).collect();
        self.add_file(0xFFFF_0001, data)
    }

    /// Number of queued files.
    pub fn len(&self) -> usize {
        self.files.len()
    }

    /// Whether no file is queued.
    pub fn is_empty(&self) -> bool {
        self.files.is_empty()
    }

    /// Builds the DAT image.
    pub fn build(&self) -> Result<Vec<u8>, DatError> {
        let err = |m: String| DatError::new(None, 0, DatErrorKind::Writer(m));
        let bs = self.header.block_size as usize;
        if !(16..=1 << 20).contains(&bs) {
            return Err(DatError::new(
                None,
                HEADER_OFFSET as u64 + 4,
                DatErrorKind::BadBlockSize(self.header.block_size),
            ));
        }
        let mut files: Vec<&Pending> = self.files.iter().collect();
        files.sort_by_key(|f| f.meta.id);
        if let Some(w) = files.windows(2).find(|w| w[0].meta.id == w[1].meta.id) {
            return Err(err(format!("duplicate file id 0x{:08X}", w[0].meta.id)));
        }
        let first_block = HEADER_END.div_ceil(bs) * bs;
        let mut out = vec![0u8; first_block];
        let mut entries = Vec::with_capacity(files.len());
        for f in &files {
            let size = u32::try_from(f.data.len())
                .map_err(|_| err(format!("file 0x{:08X} is larger than 4 GiB", f.meta.id)))?;
            let offset = write_chain(&mut out, bs, &f.data)?;
            let mut meta = f.meta;
            meta.offset = offset;
            meta.size = size;
            meta.flags &= !FLAG_COMPRESSED;
            entries.push(meta);
        }
        let root = build_tree(&mut out, bs, &entries, tree_height(entries.len()))?;
        // One spare zero block at the end (GDLE refuses to read the file's very last byte).
        out.resize(out.len() + bs, 0);
        let mut header = self.header.clone();
        header.btree_root = root;
        header.file_size = u32::try_from(out.len()).map_err(|_| err("DAT exceeds 4 GiB".into()))?;
        out[..HEADER_OFFSET].copy_from_slice(&self.preamble);
        header.write(&mut out);
        Ok(out)
    }
}

/// Appends `data` as a contiguous chain of whole blocks; returns the first block's offset.
fn write_chain(out: &mut Vec<u8>, bs: usize, data: &[u8]) -> Result<u32, DatError> {
    let payload = bs - 4;
    let start = out.len();
    let nblocks = data.len().div_ceil(payload).max(1);
    let end = start + nblocks * bs;
    if end > 0x7FFF_FFFF {
        return Err(DatError::new(
            None,
            start as u64,
            DatErrorKind::Writer(
                "DAT would exceed 2 GiB (block offsets must keep bit 31 clear)".into(),
            ),
        ));
    }
    out.resize(end, 0);
    for (i, chunk) in data.chunks(payload).enumerate() {
        let at = start + i * bs;
        let next = if i + 1 < nblocks { (at + bs) as u32 } else { 0 };
        out[at..at + 4].copy_from_slice(&next.to_le_bytes());
        out[at + 4..at + 4 + chunk.len()].copy_from_slice(chunk);
    }
    Ok(start as u32)
}

/// Height (0 = a single leaf) of the smallest tree that holds `n` entries.
fn tree_height(n: usize) -> u32 {
    let mut h = 0u32;
    let mut cap = MAX_ENTRIES as u128; // 62^(h+1) - 1
    while (n as u128) > cap {
        h += 1;
        cap = (cap + 1) * BRANCHES as u128 - 1;
    }
    h
}

/// Bulk-loads `entries` (sorted, unique) as a subtree of height `h`; returns its offset.
fn build_tree(out: &mut Vec<u8>, bs: usize, entries: &[DirEntry], h: u32) -> Result<u32, DatError> {
    let mut branches = [0u32; BRANCHES];
    let mut own: Vec<DirEntry> = Vec::new();
    // A height above 0 always has more than 61 entries when sizes come from `tree_height` and
    // the even split below; the length test only keeps the arithmetic safe regardless.
    if h == 0 || entries.len() <= MAX_ENTRIES {
        own.extend_from_slice(entries);
    } else {
        let n = entries.len();
        let sub_cap = (BRANCHES as u128).pow(h) - 1; // capacity of a height h-1 subtree
        // Smallest c >= 2 with n + 1 <= c * 62^h... expressed on child capacity.
        let mut c = 2usize;
        while c < BRANCHES && (n as u128) > (c as u128) * sub_cap + (c as u128 - 1) {
            c += 1;
        }
        let in_children = n - (c - 1);
        let base = in_children / c;
        let extra = in_children % c;
        let mut at = 0usize;
        for (i, slot) in branches.iter_mut().enumerate().take(c) {
            let take = base + usize::from(i < extra);
            *slot = build_tree(out, bs, &entries[at..at + take], h - 1)?;
            at += take;
            if i + 1 < c {
                own.push(entries[at]);
                at += 1;
            }
        }
    }
    let mut node = vec![0u8; NODE_SIZE];
    for (i, b) in branches.iter().enumerate() {
        node[4 * i..4 * i + 4].copy_from_slice(&b.to_le_bytes());
    }
    node[0xF8..0xFC].copy_from_slice(&(own.len() as u32).to_le_bytes());
    for (i, e) in own.iter().enumerate() {
        let o = 0xFC + ENTRY_SIZE * i;
        e.write(&mut node[o..o + ENTRY_SIZE]);
    }
    write_chain(out, bs, &node)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tree_height_is_the_smallest_that_fits() {
        assert_eq!(tree_height(0), 0);
        assert_eq!(tree_height(61), 0);
        assert_eq!(tree_height(62), 1);
        assert_eq!(tree_height(62 * 62 - 1), 1);
        assert_eq!(tree_height(62 * 62), 2);
    }

    #[test]
    fn chains_use_exactly_ceil_n_over_payload_blocks() {
        let mut out = vec![0u8; 1024];
        let first = write_chain(&mut out, 1024, &[1u8; 2041]).expect("chain");
        assert_eq!(first, 1024);
        assert_eq!(out.len(), 1024 + 3 * 1024);
        assert_eq!(
            u32::from_le_bytes([out[1024], out[1025], out[1026], out[1027]]),
            2048
        );
        assert_eq!(&out[3072..3076], &[0, 0, 0, 0]);
        assert!(
            out[3072 + 4 + 1..].iter().all(|&b| b == 0),
            "padding zeroed"
        );
    }
}
