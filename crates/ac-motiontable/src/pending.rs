//! The queue of pending motions behind [`crate::MotionTableManager`], with ACE's
//! `remove_redundant_links` at amortised O(1) per append instead of a rescan of the whole list.
//!
//! # Why only the new entry needs scanning
//!
//! ACE's `remove_redundant_links` walks the list from its tail. Entries waiting for no anims
//! are skipped; an action, modifier or other non-substate, non-style entry ends the walk; a
//! substate or style entry runs `remove_redundant_links_inner`, a look back for an equal motion
//! (cut the list after it and stop) or a barrier (stop), and the walk goes on only when the
//! look back found neither. The port keeps the effect and drops the rescans, because:
//!
//! 1. The part of the list before a non-zero entry never changes while that entry stays
//!    non-zero: counts only ever drop to zero, and only for *every* entry after the one kept
//!    by a cut; the other change is completion, which removes entries from the front.
//! 2. So a non-zero entry's look back gives the same answer every time, except that a stop
//!    that has completed (left the front) turns into "found nothing".
//! 3. The first walk after an entry was appended evaluated it first (it was the tail). Had its
//!    look back found an equal motion, the cut would have zeroed the entry itself. So every
//!    non-zero entry still queued has a look back that finds a barrier or nothing, never a cut.
//! 4. Hence only the appended entry's own look back can change anything: when it is zero or
//!    an "other" entry the call changes nothing, else the look back decides, and whatever the
//!    walk does after it only decides where it stops.
//!
//! The look back itself is answered from indexes instead of a walk: a substate entry needs the
//! nearest non-zero entry with the same motion above the nearest non-zero barrier
//! (`0xB0000000` bits); a style entry needs the nearest entry (any count) with the same motion
//! above the nearest non-zero `0x70000000` barrier. The barrier stacks answer in O(1); styles
//! keep their positions per motion; substates are found by walking the non-zero substate
//! entries above the barrier — and those all have different motions (an equal pair with no
//! barrier between would have been cut when the second was appended), so that walk is bounded
//! by the number of distinct substate ids, never by the queue's length.
//!
//! Every index is a stack threaded through the entries themselves: the queue keeps the top
//! of each stack, and each entry the distance back to the entry below it in the stacks it
//! belongs to. Appends push, cuts pop from the top, and completions (which remove the bottom
//! of every stack, the queue's front) only move the queue's head past it, so the bookkeeping
//! is amortised O(1) and costs no allocation beyond the entries' own buffer.
//! `crates/ac-motiontable/tests/it/queue_literal.rs` checks the result call by call against a
//! literal transcription of ACE's rescanning code.

//!
//! # Short queues live inline
//!
//! An object's queue almost always holds one or two motions (a walk waiting for its link; a
//! walk and the stop right after it), so up to [`INLINE`] entries are kept inside the queue
//! itself, with no index and no heap: the look back is then a scan of at most [`INLINE`]
//! entries, the same look back ACE's `remove_redundant_links_inner` makes for the appended
//! entry (by points 1–4 the only one that can change anything). An append that finds the
//! inline entries full moves them into the indexed queue above (boxed, built by appending
//! them again: every index depends only on the live entries' motions and current counts),
//! which the queue then keeps for good, as a `Vec` keeps its capacity.

#[cfg(feature = "tracing")]
use crate::MotionCommand;
use crate::command::{CommandMask, is_modifier, is_style, is_substate};
use crate::{AnimNode, AnimSequence};

/// How many entries a queue holds before it needs its heap-allocated index.
pub(crate) const INLINE: usize = 4;

/// Which branch of `remove_redundant_links` an entry takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Branch {
    /// A substate that is not a modifier: looks back for an equal non-zero entry.
    Substate,
    /// A style (that is not a plain substate): looks back for an equal entry of any count.
    Style,
    /// Anything else ends the walk.
    Other,
}

#[inline]
fn branch(motion: u32) -> Branch {
    if is_substate(motion) && !is_modifier(motion) {
        Branch::Substate
    } else if is_style(motion) {
        Branch::Style
    } else {
        Branch::Other
    }
}

/// The stacks threaded through the entries (indexes into [`Indexed::below`] and
/// [`Indexed::tops`]).
mod stack {
    /// The entries still waiting for anims.
    pub(super) const NONZERO: usize = 0;
    /// The non-zero [`super::Branch::Substate`] entries.
    pub(super) const SUBSTATES: usize = 1;
    /// The non-zero entries that stop a substate's look back.
    pub(super) const SUBSTATE_BARRIERS: usize = 2;
    /// The non-zero entries that stop a style's look back.
    pub(super) const STYLE_BARRIERS: usize = 3;
    /// How many stacks have their top in [`super::Indexed::tops`].
    pub(super) const COUNT: usize = 4;
}

/// Per stack, how many entries back the next member below an entry is; 0 for none (or when
/// the entry is not a member). A member below the front has completed: none.
type Below = [u32; stack::COUNT];

/// The pending motions, head first, and the manager's AnimDone counter.
///
/// 40 bytes: the counter lives in each variant (inline, or in the box once spilled) and the
/// inline length is an enum of the [`INLINE`]` + 1` lengths, whose unused values hold the
/// variant's tag, so the queue needs neither a tag word nor a counter word beside the
/// entries.
#[derive(Debug, Clone, Default)]
pub(crate) struct PendingQueue {
    store: Store,
}

/// Where the entries live: inline while the queue has never held more than [`INLINE`],
/// else in the indexed queue.
#[derive(Debug, Clone)]
enum Store {
    /// The first `len` of `nodes`, head first.
    Inline {
        len: Len,
        /// ACE `AnimationCounter` (see [`crate::MotionTableManager::animation_counter`]).
        counter: u32,
        nodes: [AnimNode; INLINE],
    },
    /// The indexed queue (see the module docs).
    Spilled(Box<Indexed>),
}

/// How many inline entries are live: `0..=INLINE`, as an enum so that the values above
/// [`INLINE`] are free for [`Store`]'s tag.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
enum Len {
    L0,
    L1,
    L2,
    L3,
    L4,
}

/// Every [`Len`], indexed by its value.
const LENS: [Len; INLINE + 1] = [Len::L0, Len::L1, Len::L2, Len::L3, Len::L4];

impl Len {
    /// The length as a number.
    #[inline]
    fn get(self) -> usize {
        self as usize
    }
}

impl Default for Store {
    fn default() -> Self {
        Store::Inline {
            len: Len::L0,
            counter: 0,
            nodes: [AnimNode {
                motion: 0,
                num_anims: 0,
            }; INLINE],
        }
    }
}

/// The pending motions with the indexes of the redundancy rule.
///
/// The entries live in one `Vec` from `head` on (their stack links in `below`, in step); the
/// slots before `head` have completed. Indexes are positions in that `Vec`, stored plus one
/// so that 0 means "none", and an index below `head` means "completed", so a completion moves
/// `head` and touches no index. The completed slots are dropped when the queue empties (the
/// common case: a link finishes and nothing else waits) or, for a queue that never empties,
/// when an append finds the buffer full and at least half of it completed; either way an
/// append is amortised O(1) and the buffer holds at most about twice the entries pending at
/// once. A queue longer than `u32::MAX` entries (some 100 GB) cannot be built.
#[derive(Debug, Clone, Default)]
struct Indexed {
    nodes: Vec<AnimNode>,
    below: Vec<Below>,
    /// The newest [`Branch::Style`] entry (any count) per motion, as index + 1. A list rather
    /// than a map: the styles queued at once are one or two.
    styles: Vec<(u32, u32)>,
    /// The first pending slot.
    head: u32,
    /// ACE `AnimationCounter` (see [`crate::MotionTableManager::animation_counter`]).
    counter: u32,
    /// The top of each stack, as index + 1 (0: empty).
    tops: [u32; stack::COUNT],
}

/// The pending entries, head first (a view of [`crate::MotionTableManager`]'s queue).
#[derive(Debug, Clone, Copy)]
pub struct Pending<'a> {
    nodes: &'a [AnimNode],
}

impl<'a> Pending<'a> {
    /// How many motions are pending.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether nothing is pending.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// The head entry.
    pub fn front(&self) -> Option<&'a AnimNode> {
        self.nodes.first()
    }

    /// The entry at `index` (head = 0).
    pub fn get(&self, index: usize) -> Option<&'a AnimNode> {
        self.nodes.get(index)
    }

    /// The entries, head first.
    pub fn iter(&self) -> PendingIter<'a> {
        PendingIter {
            nodes: self.nodes.iter(),
        }
    }
}

impl<'a> IntoIterator for Pending<'a> {
    type Item = &'a AnimNode;
    type IntoIter = PendingIter<'a>;

    fn into_iter(self) -> PendingIter<'a> {
        self.iter()
    }
}

/// The pending entries, head first (see [`Pending::iter`]).
#[derive(Debug, Clone)]
pub struct PendingIter<'a> {
    nodes: std::slice::Iter<'a, AnimNode>,
}

impl<'a> Iterator for PendingIter<'a> {
    type Item = &'a AnimNode;

    fn next(&mut self) -> Option<&'a AnimNode> {
        self.nodes.next()
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.nodes.size_hint()
    }
}

impl DoubleEndedIterator for PendingIter<'_> {
    fn next_back(&mut self) -> Option<Self::Item> {
        self.nodes.next_back()
    }
}

impl ExactSizeIterator for PendingIter<'_> {}

impl std::ops::Index<usize> for Pending<'_> {
    type Output = AnimNode;

    fn index(&self, index: usize) -> &AnimNode {
        &self.nodes[index]
    }
}

impl PendingQueue {
    /// The pending entries, head first.
    #[inline]
    fn live(&self) -> &[AnimNode] {
        match &self.store {
            Store::Inline { len, nodes, .. } => nodes.get(..len.get()).unwrap_or_default(),
            Store::Spilled(ix) => ix.live(),
        }
    }

    /// The entries, head first.
    pub(crate) fn entries(&self) -> Pending<'_> {
        Pending { nodes: self.live() }
    }

    /// The head entry.
    #[inline]
    pub(crate) fn front(&self) -> Option<AnimNode> {
        self.live().first().copied()
    }

    /// Whether nothing is pending.
    #[inline]
    pub(crate) fn is_empty(&self) -> bool {
        match &self.store {
            Store::Inline { len, .. } => *len == Len::L0,
            Store::Spilled(ix) => ix.is_empty(),
        }
    }

    /// ACE `AnimationCounter`.
    #[inline]
    pub(crate) fn animation_counter(&self) -> u32 {
        match &self.store {
            Store::Inline { counter, .. } => *counter,
            Store::Spilled(ix) => ix.counter,
        }
    }

    /// Sets ACE `AnimationCounter`.
    #[inline]
    pub(crate) fn set_animation_counter(&mut self, value: u32) {
        match &mut self.store {
            Store::Inline { counter, .. } => *counter = value,
            Store::Spilled(ix) => ix.counter = value,
        }
    }

    /// Removes every entry (they all completed) and zeroes the AnimDone counter.
    pub(crate) fn clear(&mut self) {
        match &mut self.store {
            Store::Inline { len, counter, .. } => {
                *len = Len::L0;
                *counter = 0;
            }
            Store::Spilled(ix) => {
                ix.forget_slots();
                ix.counter = 0;
            }
        }
    }

    /// Removes the head entry (it completed).
    #[inline]
    pub(crate) fn pop_front(&mut self) {
        match &mut self.store {
            Store::Inline { len, nodes, .. } => {
                if let Some(&shorter) = len.get().checked_sub(1).and_then(|n| LENS.get(n)) {
                    nodes.copy_within(1.., 0);
                    *len = shorter;
                }
            }
            Store::Spilled(ix) => ix.pop_front(),
        }
    }

    /// ACE `add_to_queue`: append, then `remove_redundant_links` (see the module docs).
    ///
    /// An append to an inline queue with room (the common case) is made here, inline; a cut
    /// and the other stores are out of line.
    #[inline]
    pub(crate) fn push<S: AnimSequence + ?Sized>(&mut self, node: AnimNode, seq: &mut S) {
        if let Store::Inline { len, nodes, .. } = &mut self.store
            && let n = len.get()
            && n < INLINE
        {
            let cut_after = look_back(&nodes[..n], node);
            nodes[n] = node;
            *len = LENS[n + 1];
            trace_event!(
                trace,
                motion = ?MotionCommand(node.motion),
                num_anims = node.num_anims,
                pending = n + 1,
                "queued"
            );
            if let Some(keep) = cut_after {
                truncate_inline(&mut nodes[..=n], keep, seq);
            }
            return;
        }
        self.push_out_of_line(node, seq);
    }

    /// [`Self::push`] to a full inline queue (which spills) or to the indexed queue.
    #[inline(never)]
    fn push_out_of_line<S: AnimSequence + ?Sized>(&mut self, node: AnimNode, seq: &mut S) {
        match &mut self.store {
            Store::Inline { nodes, counter, .. } => {
                let mut ix = Box::new(Indexed {
                    counter: *counter,
                    ..Indexed::default()
                });
                for &old in nodes.iter() {
                    ix.append(old);
                }
                ix.push(node, seq);
                self.store = Store::Spilled(ix);
            }
            Store::Spilled(ix) => ix.push(node, seq),
        }
    }
}

/// ACE `remove_redundant_links` for `node` appended after `before` (at most [`INLINE`]
/// entries): `remove_redundant_links_inner` of the appended entry, by a scan. The index of the
/// entry to cut after, if any.
///
/// A substate looks back for an equal non-zero entry and stops at a non-zero `0xB0000000`
/// entry; a style looks back for an equal entry of any count and stops at a non-zero
/// `0x70000000` entry; the equal test comes first on each entry. A zero or "other" entry
/// looks at nothing.
#[inline]
fn look_back(before: &[AnimNode], node: AnimNode) -> Option<usize> {
    let (barrier, any_count) = match (node.num_anims, branch(node.motion)) {
        (0, _) | (_, Branch::Other) => return None,
        (_, Branch::Substate) => (CommandMask::BARRIER_FOR_SUBSTATE, false),
        (_, Branch::Style) => (CommandMask::BARRIER_FOR_STYLE, true),
    };
    for (i, p) in before.iter().enumerate().rev() {
        if p.motion == node.motion && (any_count || p.num_anims != 0) {
            return Some(i);
        }
        if p.num_anims != 0 && p.motion & barrier != 0 {
            return None;
        }
    }
    None
}

/// ACE `trancuate_animation_list` on inline entries: zero every entry after `keep` and cut
/// that many link nodes (wrapping sum, as ACE's `uint`).
#[inline(never)]
fn truncate_inline<S: AnimSequence + ?Sized>(nodes: &mut [AnimNode], keep: usize, seq: &mut S) {
    let mut total: u32 = 0;
    for e in nodes.iter_mut().skip(keep + 1) {
        total = total.wrapping_add(e.num_anims);
        e.num_anims = 0;
    }
    trace_event!(
        debug,
        kept = ?MotionCommand(nodes[keep].motion),
        link_animations_removed = total,
        "redundant links cut"
    );
    seq.remove_link_animations(total);
}

impl Indexed {
    /// The pending entries.
    #[inline]
    fn live(&self) -> &[AnimNode] {
        self.nodes.get(self.head as usize..).unwrap_or_default()
    }

    /// Whether nothing is pending.
    #[inline]
    fn is_empty(&self) -> bool {
        self.head as usize >= self.nodes.len()
    }

    /// Empties the buffer and the indexes into it (the counter is the caller's).
    #[inline]
    fn forget_slots(&mut self) {
        self.nodes.clear();
        self.below.clear();
        self.head = 0;
        self.tops = [0; stack::COUNT];
        self.styles.clear();
    }

    /// Removes the head entry (it completed).
    #[inline]
    fn pop_front(&mut self) {
        if self.is_empty() {
            return;
        }
        self.head += 1;
        if self.is_empty() {
            // Every index now points below the head: forget them with the slots.
            self.forget_slots();
        } else if !self.styles.is_empty() {
            // A style whose newest entry completed is no longer queued.
            let head = self.head;
            self.styles.retain(|&(_, top)| top > head);
        }
    }

    /// `index + 1` of the entry `below` entries back from `index`, or 0 when there is none
    /// (no link, or the entry has completed).
    #[inline]
    fn link(&self, index: usize, below: u32) -> u32 {
        match below {
            0 => 0,
            d if (d as usize) > index - self.head as usize => 0,
            d => (index - d as usize + 1) as u32,
        }
    }

    /// Drops the completed slots (their indexes with them), before an append that would
    /// otherwise grow a buffer that is at least half completed.
    fn compact(&mut self) {
        let head = self.head;
        self.nodes.drain(..head as usize);
        self.below.drain(..head as usize);
        self.head = 0;
        for top in &mut self.tops {
            *top = top.saturating_sub(head);
        }
        for (_, top) in self.styles.iter_mut() {
            *top -= head;
        }
    }

    /// Pushes the entry at `index` on stack `which`, linking it to the old top.
    #[inline]
    fn push_on(&mut self, which: usize, index: usize, below: &mut Below) {
        let top = self.tops[which];
        below[which] = if top <= self.head {
            0
        } else {
            (index + 1 - top as usize) as u32
        };
        self.tops[which] = (index + 1) as u32;
    }

    /// ACE `add_to_queue`: append, then `remove_redundant_links` (see the module docs).
    fn push<S: AnimSequence + ?Sized>(&mut self, node: AnimNode, seq: &mut S) {
        if self.head != 0
            && self.nodes.len() == self.nodes.capacity()
            && self.head as usize >= self.nodes.len() / 2
        {
            self.compact();
        }
        let cut_after = match (node.num_anims, branch(node.motion)) {
            (0, _) | (_, Branch::Other) => None,
            (_, Branch::Substate) => self.equal_substate_before_barrier(node.motion),
            (_, Branch::Style) => self.equal_style_before_barrier(node.motion),
        };
        self.append(node);
        trace_event!(
            trace,
            motion = ?MotionCommand(node.motion),
            num_anims = node.num_anims,
            pending = self.nodes.len() - self.head as usize,
            "queued"
        );
        if let Some(keep) = cut_after {
            self.truncate_after(keep, seq);
        }
    }

    /// Appends `node` and enters it in the indexes (no look back).
    fn append(&mut self, node: AnimNode) {
        let index = self.nodes.len();
        let kind = branch(node.motion);
        let mut below = [0; stack::COUNT];
        if kind == Branch::Style {
            // Only the newest entry of a motion is ever looked at: cuts keep styles, and the
            // older ones complete before it.
            let new_top = (index + 1) as u32;
            match self.styles.iter_mut().find(|(m, _)| *m == node.motion) {
                Some((_, top)) => *top = new_top,
                None => self.styles.push((node.motion, new_top)),
            }
        }
        if node.num_anims != 0 {
            self.push_on(stack::NONZERO, index, &mut below);
            if kind == Branch::Substate {
                self.push_on(stack::SUBSTATES, index, &mut below);
            }
            if node.motion & CommandMask::BARRIER_FOR_SUBSTATE != 0 {
                self.push_on(stack::SUBSTATE_BARRIERS, index, &mut below);
            }
            if node.motion & CommandMask::BARRIER_FOR_STYLE != 0 {
                self.push_on(stack::STYLE_BARRIERS, index, &mut below);
            }
        }
        self.nodes.push(node);
        self.below.push(below);
    }

    /// The top of stack `which`, as an index (`None` when empty or completed).
    #[inline]
    fn top(&self, which: usize) -> Option<usize> {
        let top = self.tops[which];
        (top > self.head).then(|| top as usize - 1)
    }

    /// The member of stack `which` below the one at `index`.
    #[inline]
    fn below(&self, which: usize, index: usize) -> Option<usize> {
        self.link(index, self.below[index][which])
            .checked_sub(1)
            .map(|i| i as usize)
    }

    /// ACE `remove_redundant_links_inner(first = false)` for an appended substate: the index
    /// of the nearest non-zero entry with the same motion, unless a non-zero `0xB0000000`
    /// entry comes first (the equal test is made before the barrier test on the same entry,
    /// so an equal barrier still counts as equal).
    #[inline]
    fn equal_substate_before_barrier(&self, motion: u32) -> Option<usize> {
        let barrier = self.top(stack::SUBSTATE_BARRIERS);
        let mut at = self.top(stack::SUBSTATES);
        while let Some(i) = at {
            if barrier.is_some_and(|b| i < b) {
                return None;
            }
            if self.nodes[i].motion == motion {
                return Some(i);
            }
            at = self.below(stack::SUBSTATES, i);
        }
        None
    }

    /// ACE `remove_redundant_links_inner(first = true)` for an appended style: the index of
    /// the nearest entry (any count) with the same motion, unless a non-zero `0x70000000`
    /// entry comes first.
    #[inline]
    fn equal_style_before_barrier(&self, motion: u32) -> Option<usize> {
        let barrier = self.top(stack::STYLE_BARRIERS);
        let &(_, top) = self.styles.iter().find(|(m, _)| *m == motion)?;
        let same = top as usize - 1;
        barrier.is_none_or(|b| same >= b).then_some(same)
    }

    /// ACE `trancuate_animation_list`: zero every entry after `keep` and cut that many link
    /// nodes (wrapping sum, as ACE's `uint`; zero entries add nothing, so only the non-zero
    /// ones are visited).
    fn truncate_after<S: AnimSequence + ?Sized>(&mut self, keep: usize, seq: &mut S) {
        let mut total: u32 = 0;
        while let Some(i) = self.top(stack::NONZERO).filter(|&i| i > keep) {
            self.tops[stack::NONZERO] = self.link(i, self.below[i][stack::NONZERO]);
            total = total.wrapping_add(self.nodes[i].num_anims);
            self.nodes[i].num_anims = 0;
        }
        for which in [
            stack::SUBSTATES,
            stack::SUBSTATE_BARRIERS,
            stack::STYLE_BARRIERS,
        ] {
            while let Some(i) = self.top(which).filter(|&i| i > keep) {
                self.tops[which] = self.link(i, self.below[i][which]);
            }
        }
        trace_event!(
            debug,
            kept = ?MotionCommand(self.nodes[keep].motion),
            link_animations_removed = total,
            "redundant links cut"
        );
        seq.remove_link_animations(total);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::RecordingSequence;
    use crate::motion::WALK_FORWARD;

    fn node(motion: u32, num_anims: u32) -> AnimNode {
        AnimNode { motion, num_anims }
    }

    #[test]
    fn short_queues_stay_inline_and_one_more_entry_spills_in_order() {
        let mut q = PendingQueue::default();
        let mut seq = RecordingSequence::new();
        // Actions never cut: every entry stays as queued.
        let entries: Vec<(u32, u32)> = (0..=INLINE as u32)
            .map(|i| (0x1000_0051 + i, i + 1))
            .collect();
        for &(m, n) in &entries[..INLINE] {
            q.push(node(m, n), &mut seq);
        }
        assert!(matches!(q.store, Store::Inline { len, .. } if len.get() == INLINE));
        let (m, n) = entries[INLINE];
        q.push(node(m, n), &mut seq);
        assert!(matches!(q.store, Store::Spilled(_)));
        let got: Vec<(u32, u32)> = q.live().iter().map(|e| (e.motion, e.num_anims)).collect();
        assert_eq!(got, entries);
        q.pop_front();
        assert_eq!(q.front(), Some(node(entries[1].0, entries[1].1)));
        assert!(seq.ops().is_empty());
    }

    #[test]
    fn the_counter_lives_in_the_store_and_survives_the_spill() {
        let mut q = PendingQueue::default();
        let mut seq = RecordingSequence::new();
        q.set_animation_counter(7);
        for i in 0..=INLINE as u32 {
            q.push(node(0x1000_0051 + i, 1), &mut seq);
        }
        assert!(matches!(q.store, Store::Spilled(_)));
        assert_eq!(q.animation_counter(), 7);
        q.set_animation_counter(u32::MAX);
        assert_eq!(q.animation_counter(), u32::MAX);
        q.clear();
        assert_eq!(q.animation_counter(), 0);
        assert!(q.is_empty());
        let mut q = PendingQueue::default();
        q.set_animation_counter(3);
        q.push(node(WALK_FORWARD, 1), &mut seq);
        q.clear();
        assert_eq!(q.animation_counter(), 0);
        assert!(q.is_empty());
    }

    #[test]
    fn the_queue_needs_no_tag_or_counter_word_beside_its_entries() {
        assert_eq!(std::mem::size_of::<PendingQueue>(), 8 + INLINE * 8);
    }

    #[test]
    fn an_inline_pop_shortens_by_one_down_to_empty() {
        let mut q = PendingQueue::default();
        let mut seq = RecordingSequence::new();
        for i in 0..INLINE as u32 {
            q.push(node(0x1000_0051 + i, 1), &mut seq);
        }
        for left in (0..INLINE).rev() {
            q.pop_front();
            assert_eq!(q.live().len(), left);
        }
        q.pop_front();
        assert!(q.is_empty());
    }

    #[test]
    fn an_inline_repeat_cuts_the_links_after_its_twin() {
        let mut q = PendingQueue::default();
        let mut seq = RecordingSequence::new();
        q.push(node(WALK_FORWARD, 1), &mut seq);
        q.push(node(WALK_FORWARD, 3), &mut seq);
        assert!(matches!(q.store, Store::Inline { len: Len::L2, .. }));
        q.pop_front();
        assert_eq!(q.front(), Some(node(WALK_FORWARD, 0)));
        let counts: Vec<u32> = q.live().iter().map(|e| e.num_anims).collect();
        assert_eq!(counts, [0]);
        assert_eq!(seq.ops(), [crate::SeqOp::RemoveLinkAnimations(3)]);
        let mut q = PendingQueue::default();
        let mut seq = RecordingSequence::new();
        q.push(node(0x8000_003D, 0), &mut seq);
        q.push(node(0x8000_003D, 4), &mut seq);
        let counts: Vec<u32> = q.live().iter().map(|e| e.num_anims).collect();
        assert_eq!(counts, [0, 0], "a style finds its twin whatever its count");
        assert_eq!(seq.ops(), [crate::SeqOp::RemoveLinkAnimations(4)]);
    }
}
