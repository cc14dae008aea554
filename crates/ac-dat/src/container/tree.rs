//! The B-tree directory: decoded nodes, a small cache of them, lookups and
//! the in-order range walk.
//!
//! Every node read is checked on its own (entry count, ids strictly ascending) and against the
//! range its parent gives it, so a corrupt directory reports
//! [`DatErrorKind::TreeOutOfOrder`] from a lookup as well as from a walk.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::{Arc, RwLock};

use super::{
    BRANCHES, DRW_FILL, DatArchive, DirEntry, ENTRY_SIZE, MAX_DEPTH, MAX_ENTRIES, NODE_SIZE,
};
use crate::error::{DatError, DatErrorKind};

/// A decoded B-tree node.
#[derive(Debug, Clone)]
pub(super) struct Node {
    pub(super) offset: u32,
    pub(super) branches: [u32; BRANCHES],
    pub(super) entries: Vec<DirEntry>,
    /// The entry in the first unused slot, when the count leaves one (checked by walks for a
    /// lowered count, see [`DatErrorKind::HiddenEntry`]).
    pub(super) first_unused: Option<DirEntry>,
}

impl Node {
    pub(super) fn is_leaf(&self) -> bool {
        self.branches[0] == 0 || self.branches[0] == DRW_FILL
    }

    /// Decodes a node's bytes, checking the entry count and the order of its ids.
    pub(super) fn decode(offset: u32, raw: &[u8]) -> Result<Self, DatError> {
        let u = |o: usize| u32::from_le_bytes([raw[o], raw[o + 1], raw[o + 2], raw[o + 3]]);
        let mut branches = [0u32; BRANCHES];
        for (i, b) in branches.iter_mut().enumerate() {
            *b = u(4 * i);
        }
        let count = u(0xF8);
        if count as usize > MAX_ENTRIES {
            return Err(DatError::new(
                None,
                u64::from(offset),
                DatErrorKind::BadEntryCount(count),
            ));
        }
        let entry = |i: usize| {
            let o = 0xFC + ENTRY_SIZE * i;
            DirEntry::parse(&raw[o..o + ENTRY_SIZE])
        };
        let entries: Vec<DirEntry> = (0..count as usize).map(entry).collect();
        if let Some(w) = entries.windows(2).find(|w| w[0].id >= w[1].id) {
            return Err(DatError::new(
                Some(w[1].id),
                u64::from(offset),
                DatErrorKind::TreeOutOfOrder {
                    prev: w[0].id,
                    next: w[1].id,
                },
            ));
        }
        let first_unused = (entries.len() < MAX_ENTRIES).then(|| entry(entries.len()));
        Ok(Self {
            offset,
            branches,
            entries,
            first_unused,
        })
    }

    /// Checks that every id lies strictly inside `(low, high)`, the range the parent gives
    /// this node (`None` = unbounded).
    pub(super) fn check_range(&self, low: Option<u32>, high: Option<u32>) -> Result<(), DatError> {
        let (Some(first), Some(last)) = (self.entries.first(), self.entries.last()) else {
            return Ok(());
        };
        let bad = |prev: u32, next: u32, id: u32| {
            Err(DatError::new(
                Some(id),
                u64::from(self.offset),
                DatErrorKind::TreeOutOfOrder { prev, next },
            ))
        };
        if let Some(lo) = low
            && first.id <= lo
        {
            return bad(lo, first.id, first.id);
        }
        if let Some(hi) = high
            && last.id >= hi
        {
            return bad(last.id, hi, last.id);
        }
        Ok(())
    }
}

/// Decoded nodes by offset, shared by every reader of one archive.
///
/// Lookups start at the root and descend through the same few inner nodes, so keeping them
/// decoded saves a read (a system call for a file on disk) and a decode per level. The cache
/// holds at most [`NodeCache::CAPACITY`] nodes and keeps the first ones it meets, which are
/// the root and the levels below it; leaves beyond that are read each time.
#[derive(Debug, Default)]
pub(super) struct NodeCache {
    nodes: RwLock<BTreeMap<u32, Arc<Node>>>,
}

impl NodeCache {
    /// Nodes kept (about 0.5 MB): a retail portal DAT has a few dozen inner nodes.
    const CAPACITY: usize = 256;

    pub(super) fn get(&self, offset: u32) -> Option<Arc<Node>> {
        self.nodes
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .get(&offset)
            .cloned()
    }

    pub(super) fn insert(&self, node: Arc<Node>) {
        let mut nodes = self.nodes.write().unwrap_or_else(|e| e.into_inner());
        if nodes.len() < Self::CAPACITY {
            nodes.insert(node.offset, node);
        }
    }
}

impl DatArchive {
    /// The node at `offset`, from the cache or read and decoded.
    pub(super) fn node(&self, offset: u32) -> Result<Arc<Node>, DatError> {
        if let Some(n) = self.nodes.get(offset) {
            return Ok(n);
        }
        let raw = self.read_chain(None, offset, NODE_SIZE as u32)?;
        let node = Arc::new(Node::decode(offset, &raw)?);
        self.nodes.insert(Arc::clone(&node));
        Ok(node)
    }

    /// Looks `id` up by descending the B-tree, checking each node against the
    /// range its parent gives it.
    pub fn entry(&self, id: u32) -> Result<Option<DirEntry>, DatError> {
        let mut node_off = self.header.btree_root;
        let mut path: Vec<u32> = Vec::new();
        let (mut low, mut high) = (None, None);
        loop {
            if path.contains(&node_off) {
                return Err(DatError::new(
                    Some(id),
                    u64::from(node_off),
                    DatErrorKind::TreeCycle(node_off),
                ));
            }
            if path.len() >= MAX_DEPTH {
                return Err(DatError::new(
                    Some(id),
                    u64::from(node_off),
                    DatErrorKind::TreeTooDeep(MAX_DEPTH),
                ));
            }
            path.push(node_off);
            let node = self.node(node_off).map_err(|e| e.or_file_id(id))?;
            node.check_range(low, high)?;
            let i = node.entries.partition_point(|e| e.id < id);
            if let Some(e) = node.entries.get(i)
                && e.id == id
            {
                return Ok(Some(*e));
            }
            if node.is_leaf() {
                return Ok(None);
            }
            let child = node.branches[i];
            if child == 0 || child == DRW_FILL {
                return Ok(None);
            }
            if i > 0 {
                low = Some(node.entries[i - 1].id);
            }
            if let Some(e) = node.entries.get(i) {
                high = Some(e.id);
            }
            node_off = child;
        }
    }

    /// Whether `e`, found in a node's first unused slot, is an entry the count hides: its id
    /// belongs right there (after `after`, before `before`), its data chain starts at a block
    /// in use, and the record stored there begins with its id. Stale slots in retail nodes fail
    /// one of these (a copy of a neighbour, an id from a split-off sibling, a deleted file's
    /// freed blocks).
    fn hides_entry(&self, e: &DirEntry, after: Option<u32>, before: Option<u32>) -> bool {
        let in_order = after.is_none_or(|a| e.id > a) && before.is_none_or(|b| e.id < b);
        if !in_order || e.id == 0 || e.size < 4 || u64::from(e.size) > self.capacity() {
            return false;
        }
        if self.check_block(None, 0, e.offset).is_err() {
            return false;
        }
        let Ok(head) = self.storage.read_at(u64::from(e.offset), 8) else {
            return false;
        };
        let next = u32::from_le_bytes([head[0], head[1], head[2], head[3]]);
        let first_word = u32::from_le_bytes([head[4], head[5], head[6], head[7]]);
        next & 0x8000_0000 == 0 && first_word == e.id
    }
}

struct Level {
    node: Arc<Node>,
    /// Next entry index to consider.
    i: usize,
    /// Whether child `i` has already been visited.
    child_done: bool,
    /// An entry above the range was met: finish this node after its left child.
    stop: bool,
    /// The parent's separator after this node (`None` for the rightmost path).
    high: Option<u32>,
}

/// In-order, range-pruned B-tree walk returned by [`DatArchive::entries_in_range`].
///
/// Besides the order of the ids, a walk checks each node's first unused slot for an entry its
/// count hides ([`DatErrorKind::HiddenEntry`]).
pub struct EntryIter<'a> {
    dat: &'a DatArchive,
    min: u32,
    max: u32,
    stack: Vec<Level>,
    visited: BTreeSet<u32>,
    last: Option<u32>,
    done: bool,
    pending_error: Option<DatError>,
}

impl<'a> EntryIter<'a> {
    pub(super) fn new(dat: &'a DatArchive, range: std::ops::RangeInclusive<u32>) -> Self {
        let mut it = Self {
            dat,
            min: *range.start(),
            max: *range.end(),
            stack: Vec::new(),
            visited: BTreeSet::new(),
            last: None,
            done: false,
            pending_error: None,
        };
        if range.start() <= range.end() {
            it.push(dat.header.btree_root, None);
        }
        it
    }

    fn push(&mut self, offset: u32, high: Option<u32>) {
        if offset == 0 || offset == DRW_FILL {
            return; // a missing child is skipped (HB behaviour)
        }
        if !self.visited.insert(offset) {
            self.pending_error = Some(DatError::new(
                None,
                u64::from(offset),
                DatErrorKind::TreeCycle(offset),
            ));
            return;
        }
        if self.stack.len() >= MAX_DEPTH {
            self.pending_error = Some(DatError::new(
                None,
                u64::from(offset),
                DatErrorKind::TreeTooDeep(MAX_DEPTH),
            ));
            return;
        }
        let node = match self.dat.node(offset) {
            Ok(node) => node,
            Err(e) => {
                self.pending_error = Some(e);
                return;
            }
        };
        if let Some(hidden) = &node.first_unused
            && self
                .dat
                .hides_entry(hidden, node.entries.last().map(|e| e.id), high)
        {
            self.pending_error = Some(DatError::new(
                Some(hidden.id),
                u64::from(offset),
                DatErrorKind::HiddenEntry {
                    count: node.entries.len() as u32,
                    hidden: hidden.id,
                },
            ));
            return;
        }
        self.stack.push(Level {
            node,
            i: 0,
            child_done: false,
            stop: false,
            high,
        });
    }
}

impl Iterator for EntryIter<'_> {
    type Item = Result<DirEntry, DatError>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if self.done {
                return None;
            }
            if let Some(e) = self.pending_error.take() {
                self.done = true;
                return Some(Err(e));
            }
            let (min, max) = (self.min, self.max);
            let top = self.stack.last_mut()?;
            let count = top.node.entries.len();
            let leaf = top.node.is_leaf();
            if top.stop || top.i > count {
                self.stack.pop();
                continue;
            }
            if top.i == count {
                top.i += 1;
                if !leaf {
                    let (child, high) = (top.node.branches[count], top.high);
                    self.push(child, high);
                }
                continue;
            }
            let e = top.node.entries[top.i];
            if e.id < min {
                top.i += 1;
                continue;
            }
            if !top.child_done {
                top.child_done = true;
                if !leaf {
                    let child = top.node.branches[top.i];
                    self.push(child, Some(e.id));
                    continue;
                }
            }
            if e.id > max {
                top.stop = true;
                continue;
            }
            top.i += 1;
            top.child_done = false;
            let node_off = top.node.offset;
            if let Some(prev) = self.last
                && prev >= e.id
            {
                self.done = true;
                return Some(Err(DatError::new(
                    Some(e.id),
                    u64::from(node_off),
                    DatErrorKind::TreeOutOfOrder { prev, next: e.id },
                )));
            }
            self.last = Some(e.id);
            return Some(Ok(e));
        }
    }
}
