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

#[cfg(feature = "tracing")]
use crate::MotionCommand;
use crate::command::{CommandMask, is_modifier, is_style, is_substate};
use crate::{AnimNode, AnimSequence};

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

fn branch(motion: u32) -> Branch {
    if is_substate(motion) && !is_modifier(motion) {
        Branch::Substate
    } else if is_style(motion) {
        Branch::Style
    } else {
        Branch::Other
    }
}

/// The stacks threaded through the entries (indexes into [`Slot::below`] and
/// [`PendingQueue::tops`]).
mod stack {
    /// The entries still waiting for anims.
    pub(super) const NONZERO: usize = 0;
    /// The non-zero [`super::Branch::Substate`] entries.
    pub(super) const SUBSTATES: usize = 1;
    /// The non-zero entries that stop a substate's look back.
    pub(super) const SUBSTATE_BARRIERS: usize = 2;
    /// The non-zero entries that stop a style's look back.
    pub(super) const STYLE_BARRIERS: usize = 3;
    /// How many stacks have their top in [`super::PendingQueue::tops`].
    pub(super) const COUNT: usize = 4;
}

/// One pending motion and its links in the stacks.
#[derive(Debug, Clone, Copy)]
struct Slot {
    node: AnimNode,
    /// Per stack, how many entries back the next member below this one is; 0 for none (or
    /// when this entry is not a member). A member below the front has completed: none.
    below: [u32; stack::COUNT],
}

/// The pending motions, head first, with the indexes of the redundancy rule and the
/// manager's AnimDone counter (kept here, where it fills the header's padding).
///
/// The entries live in one `Vec` from `head` on; the slots before `head` have completed.
/// Indexes are positions in that `Vec`, stored plus one so that 0 means "none", and an index
/// below `head` means "completed", so a completion moves `head` and touches no index. The
/// completed slots are dropped when the queue empties (the common case: a link finishes and
/// nothing else waits) or, for a queue that never empties, when an append finds the buffer
/// full and at least half of it completed; either way an append is amortised O(1) and the
/// buffer holds at most about twice the entries pending at once. A queue longer than
/// `u32::MAX` entries (some 100 GB) cannot be built.
#[derive(Debug, Clone, Default)]
pub(crate) struct PendingQueue {
    slots: Vec<Slot>,
    /// The newest [`Branch::Style`] entry (any count) per motion, as index + 1. A list rather
    /// than a map: the styles queued at once are one or two; boxed, because a stance change is
    /// rare and an object at rest keeps none of it (8 bytes instead of a 24-byte header).
    #[allow(clippy::box_collection)] // the box is the point: an 8-byte header when unused
    styles: Option<Box<Vec<(u32, u32)>>>,
    /// The first pending slot.
    head: u32,
    /// The top of each stack, as index + 1 (0: empty).
    tops: [u32; stack::COUNT],
    /// ACE `AnimationCounter` (see [`crate::MotionTableManager::animation_counter`]).
    pub(crate) animation_counter: u32,
}

/// The pending entries, head first (a view of [`crate::MotionTableManager`]'s queue).
#[derive(Debug, Clone, Copy)]
pub struct Pending<'a> {
    slots: &'a [Slot],
}

impl<'a> Pending<'a> {
    /// How many motions are pending.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Whether nothing is pending.
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// The head entry.
    pub fn front(&self) -> Option<&'a AnimNode> {
        self.slots.first().map(|s| &s.node)
    }

    /// The entry at `index` (head = 0).
    pub fn get(&self, index: usize) -> Option<&'a AnimNode> {
        self.slots.get(index).map(|s| &s.node)
    }

    /// The entries, head first.
    pub fn iter(&self) -> PendingIter<'a> {
        PendingIter {
            slots: self.slots.iter(),
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
    slots: std::slice::Iter<'a, Slot>,
}

impl<'a> Iterator for PendingIter<'a> {
    type Item = &'a AnimNode;

    fn next(&mut self) -> Option<&'a AnimNode> {
        self.slots.next().map(|s| &s.node)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.slots.size_hint()
    }
}

impl DoubleEndedIterator for PendingIter<'_> {
    fn next_back(&mut self) -> Option<Self::Item> {
        self.slots.next_back().map(|s| &s.node)
    }
}

impl ExactSizeIterator for PendingIter<'_> {}

impl std::ops::Index<usize> for Pending<'_> {
    type Output = AnimNode;

    fn index(&self, index: usize) -> &AnimNode {
        &self.slots[index].node
    }
}

impl PendingQueue {
    /// The entries, head first.
    pub(crate) fn entries(&self) -> Pending<'_> {
        Pending { slots: self.live() }
    }

    /// The pending slots.
    #[inline]
    fn live(&self) -> &[Slot] {
        self.slots.get(self.head as usize..).unwrap_or_default()
    }

    /// The head entry.
    #[inline]
    pub(crate) fn front(&self) -> Option<AnimNode> {
        self.slots.get(self.head as usize).map(|s| s.node)
    }

    /// Whether nothing is pending.
    #[inline]
    pub(crate) fn is_empty(&self) -> bool {
        self.head as usize >= self.slots.len()
    }

    /// Removes every entry (they all completed) and zeroes the AnimDone counter.
    pub(crate) fn clear(&mut self) {
        self.forget_slots();
        self.animation_counter = 0;
    }

    /// Empties the buffer and the indexes into it (the counter is the caller's).
    #[inline]
    fn forget_slots(&mut self) {
        self.slots.clear();
        self.head = 0;
        self.tops = [0; stack::COUNT];
        self.styles = None;
    }

    /// Removes the head entry (it completed).
    #[inline]
    pub(crate) fn pop_front(&mut self) {
        if self.is_empty() {
            return;
        }
        self.head += 1;
        if self.is_empty() {
            // Every index now points below the head: forget them with the slots.
            self.forget_slots();
        } else if let Some(styles) = self.styles.as_deref_mut() {
            // A style whose newest entry completed is no longer queued.
            let head = self.head;
            styles.retain(|&(_, top)| top > head);
            if styles.is_empty() {
                self.styles = None;
            }
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
        self.slots.drain(..head as usize);
        self.head = 0;
        for top in &mut self.tops {
            *top = top.saturating_sub(head);
        }
        if let Some(styles) = self.styles.as_deref_mut() {
            for (_, top) in styles.iter_mut() {
                *top -= head;
            }
        }
    }

    /// Pushes the entry at `index` on stack `which`, linking it to the old top.
    #[inline]
    fn push_on(&mut self, which: usize, index: usize, below: &mut [u32; stack::COUNT]) {
        let top = self.tops[which];
        below[which] = if top <= self.head {
            0
        } else {
            (index + 1 - top as usize) as u32
        };
        self.tops[which] = (index + 1) as u32;
    }

    /// ACE `add_to_queue`: append, then `remove_redundant_links` (see the module docs).
    pub(crate) fn push<S: AnimSequence + ?Sized>(&mut self, node: AnimNode, seq: &mut S) {
        if self.head != 0
            && self.slots.len() == self.slots.capacity()
            && self.head as usize >= self.slots.len() / 2
        {
            self.compact();
        }
        let index = self.slots.len();
        let kind = branch(node.motion);
        let cut_after = match (node.num_anims, kind) {
            (0, _) | (_, Branch::Other) => None,
            (_, Branch::Substate) => self.equal_substate_before_barrier(node.motion),
            (_, Branch::Style) => self.equal_style_before_barrier(node.motion),
        };
        let mut below = [0; stack::COUNT];
        if kind == Branch::Style {
            // Only the newest entry of a motion is ever looked at: cuts keep styles, and the
            // older ones complete before it.
            let new_top = (index + 1) as u32;
            let styles = self.styles.get_or_insert_with(Box::default);
            match styles.iter_mut().find(|(m, _)| *m == node.motion) {
                Some((_, top)) => *top = new_top,
                None => styles.push((node.motion, new_top)),
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
        self.slots.push(Slot { node, below });
        trace_event!(
            trace,
            motion = ?MotionCommand(node.motion),
            num_anims = node.num_anims,
            pending = self.slots.len() - self.head as usize,
            "queued"
        );
        if let Some(keep) = cut_after {
            self.truncate_after(keep, seq);
        }
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
        self.link(index, self.slots[index].below[which])
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
            if self.slots[i].node.motion == motion {
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
        let &(_, top) = self.styles.as_deref()?.iter().find(|(m, _)| *m == motion)?;
        let same = top as usize - 1;
        barrier.is_none_or(|b| same >= b).then_some(same)
    }

    /// ACE `trancuate_animation_list`: zero every entry after `keep` and cut that many link
    /// nodes (wrapping sum, as ACE's `uint`; zero entries add nothing, so only the non-zero
    /// ones are visited).
    fn truncate_after<S: AnimSequence + ?Sized>(&mut self, keep: usize, seq: &mut S) {
        let mut total: u32 = 0;
        while let Some(i) = self.top(stack::NONZERO).filter(|&i| i > keep) {
            self.tops[stack::NONZERO] = self.link(i, self.slots[i].below[stack::NONZERO]);
            total = total.wrapping_add(self.slots[i].node.num_anims);
            self.slots[i].node.num_anims = 0;
        }
        for which in [
            stack::SUBSTATES,
            stack::SUBSTATE_BARRIERS,
            stack::STYLE_BARRIERS,
        ] {
            while let Some(i) = self.top(which).filter(|&i| i > keep) {
                self.tops[which] = self.link(i, self.slots[i].below[which]);
            }
        }
        trace_event!(
            debug,
            kept = ?MotionCommand(self.slots[keep].node.motion),
            link_animations_removed = total,
            "redundant links cut"
        );
        seq.remove_link_animations(total);
    }
}
