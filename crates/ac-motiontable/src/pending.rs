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
//! Every index is a stack of absolute positions (entries ever appended), so appends, cuts (pop
//! from the top) and completions (pop from the bottom) keep them in amortised O(1).
//! `crates/ac-motiontable/tests/it/queue_literal.rs` checks the result call by call against a
//! literal transcription of ACE's rescanning code.

use std::collections::VecDeque;

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

/// The pending motions, head first, with the indexes of the redundancy rule.
#[derive(Debug, Clone, Default)]
pub(crate) struct PendingQueue {
    entries: VecDeque<AnimNode>,
    /// Absolute position of `entries[0]` (entries completed so far).
    base: u64,
    /// Positions of the entries still waiting for anims, ascending.
    nonzero: VecDeque<u64>,
    /// Positions of the non-zero [`Branch::Substate`] entries, ascending.
    nonzero_substates: VecDeque<u64>,
    /// Positions of the non-zero entries that stop a substate's look back.
    substate_barriers: VecDeque<u64>,
    /// Positions of the non-zero entries that stop a style's look back.
    style_barriers: VecDeque<u64>,
    /// Positions of the [`Branch::Style`] entries (any count), by motion, ascending. A list
    /// rather than a map: the styles queued at once are one or two, and an empty list owns no
    /// heap (a stance change is rare; an object at rest keeps none of it).
    styles: Vec<(u32, VecDeque<u64>)>,
}

impl PendingQueue {
    /// The entries, head first.
    pub(crate) fn entries(&self) -> &VecDeque<AnimNode> {
        &self.entries
    }

    /// The head entry.
    pub(crate) fn front(&self) -> Option<AnimNode> {
        self.entries.front().copied()
    }

    /// Whether nothing is pending.
    pub(crate) fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Removes the head entry (it completed).
    pub(crate) fn pop_front(&mut self) -> Option<AnimNode> {
        let head = self.entries.pop_front()?;
        let pos = self.base;
        self.base += 1;
        for stack in [
            &mut self.nonzero,
            &mut self.nonzero_substates,
            &mut self.substate_barriers,
            &mut self.style_barriers,
        ] {
            if stack.front() == Some(&pos) {
                stack.pop_front();
            }
        }
        if branch(head.motion) == Branch::Style
            && let Some(i) = self.styles.iter().position(|(m, _)| *m == head.motion)
        {
            let list = &mut self.styles[i].1;
            list.pop_front();
            if list.is_empty() {
                self.styles.swap_remove(i);
                if self.styles.is_empty() {
                    self.styles = Vec::new();
                }
            }
        }
        Some(head)
    }

    /// ACE `add_to_queue`: append, then `remove_redundant_links` (see the module docs).
    pub(crate) fn push<S: AnimSequence + ?Sized>(&mut self, node: AnimNode, seq: &mut S) {
        let pos = self.base + self.entries.len() as u64;
        let kind = branch(node.motion);
        let cut_after = match (node.num_anims, kind) {
            (0, _) | (_, Branch::Other) => None,
            (_, Branch::Substate) => self.equal_substate_before_barrier(node.motion),
            (_, Branch::Style) => self.equal_style_before_barrier(node.motion),
        };
        self.entries.push_back(node);
        if kind == Branch::Style {
            match self.styles.iter_mut().find(|(m, _)| *m == node.motion) {
                Some((_, list)) => list.push_back(pos),
                None => self.styles.push((node.motion, VecDeque::from([pos]))),
            }
        }
        if node.num_anims != 0 {
            self.nonzero.push_back(pos);
            if kind == Branch::Substate {
                self.nonzero_substates.push_back(pos);
            }
            if node.motion & CommandMask::BARRIER_FOR_SUBSTATE != 0 {
                self.substate_barriers.push_back(pos);
            }
            if node.motion & CommandMask::BARRIER_FOR_STYLE != 0 {
                self.style_barriers.push_back(pos);
            }
        }
        trace_event!(
            trace,
            motion = ?MotionCommand(node.motion),
            num_anims = node.num_anims,
            pending = self.entries.len(),
            "queued"
        );
        if let Some(keep) = cut_after {
            self.truncate_after(keep, seq);
        }
    }

    /// ACE `remove_redundant_links_inner(first = false)` for an appended substate: the
    /// position of the nearest non-zero entry with the same motion, unless a non-zero
    /// `0xB0000000` entry comes first (the equal test is made before the barrier test on the
    /// same entry, so an equal barrier still counts as equal).
    fn equal_substate_before_barrier(&self, motion: u32) -> Option<u64> {
        let barrier = self.substate_barriers.back().copied();
        self.nonzero_substates
            .iter()
            .rev()
            .take_while(|&&p| barrier.is_none_or(|b| p >= b))
            .find(|&&p| self.at(p).motion == motion)
            .copied()
    }

    /// ACE `remove_redundant_links_inner(first = true)` for an appended style: the position of
    /// the nearest entry (any count) with the same motion, unless a non-zero `0x70000000` entry
    /// comes first.
    fn equal_style_before_barrier(&self, motion: u32) -> Option<u64> {
        let barrier = self.style_barriers.back().copied();
        let (_, list) = self.styles.iter().find(|(m, _)| *m == motion)?;
        let same = list.back().copied()?;
        barrier.is_none_or(|b| same >= b).then_some(same)
    }

    /// ACE `trancuate_animation_list`: zero every entry after `keep` and cut that many link
    /// nodes (wrapping sum, as ACE's `uint`; zero entries add nothing, so only the non-zero
    /// ones are visited).
    fn truncate_after<S: AnimSequence + ?Sized>(&mut self, keep: u64, seq: &mut S) {
        let mut total: u32 = 0;
        while let Some(&p) = self.nonzero.back() {
            if p <= keep {
                break;
            }
            self.nonzero.pop_back();
            let i = self.index(p);
            total = total.wrapping_add(self.entries[i].num_anims);
            self.entries[i].num_anims = 0;
        }
        for stack in [
            &mut self.nonzero_substates,
            &mut self.substate_barriers,
            &mut self.style_barriers,
        ] {
            while stack.back().is_some_and(|&p| p > keep) {
                stack.pop_back();
            }
        }
        trace_event!(
            debug,
            kept = ?MotionCommand(self.at(keep).motion),
            link_animations_removed = total,
            "redundant links cut"
        );
        seq.remove_link_animations(total);
    }

    fn index(&self, pos: u64) -> usize {
        // Positions in the indexes are never below `base` (completions pop them) nor past
        // the tail, so the difference is a valid index.
        (pos - self.base) as usize
    }

    fn at(&self, pos: u64) -> AnimNode {
        self.entries[self.index(pos)]
    }
}
