//! `PendingMotions`: the interpreter's pending-motion queue, inline while it holds four entries
//! or fewer.

use std::collections::VecDeque;
use std::fmt;

use crate::error::WeenieError;
use crate::interp::MotionNode;

/// The jump error of a pending motion as stored: the interpreter only ever queues `None` or
/// `YouCantJumpFromThisPosition` (ACE's `add_to_queue` callers pass `motion_allows_jump`'s
/// answer, that constant, or `None`), so one bit keeps it exactly.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
pub(crate) enum JumpBlock {
    /// `WeenieError::None`: the entry does not block a jump.
    Allowed = 0,
    /// `WeenieError::YouCantJumpFromThisPosition`.
    Blocked = 1,
}

impl JumpBlock {
    /// The error a jump gets while this entry heads the queue.
    pub(crate) fn error(self) -> WeenieError {
        match self {
            JumpBlock::Allowed => WeenieError::None,
            JumpBlock::Blocked => WeenieError::YouCantJumpFromThisPosition,
        }
    }
}

/// How many entries the inline form holds: `apply_current_movement` queues up to four motions
/// (style, forward, sidestep, turn), so re-applying the movement of an object with nothing
/// pending never allocates.
const INLINE: usize = 4;

/// Up to [`INLINE`] entries, head first, field by field (no padding between them).
#[derive(Clone, Copy)]
/// A ring: entry `i` (0 = head) is in slot `(head + i) % INLINE`.
struct Inline {
    context_id: [i32; INLINE],
    motion: [u32; INLINE],
    block: [JumpBlock; INLINE],
    head: u8,
    /// At most [`INLINE`].
    len: u8,
}

impl Inline {
    const EMPTY: Inline = Inline {
        context_id: [0; INLINE],
        motion: [0; INLINE],
        block: [JumpBlock::Allowed; INLINE],
        head: 0,
        len: 0,
    };

    /// The slot of entry `i`.
    #[inline]
    fn slot(&self, i: usize) -> usize {
        (self.head as usize + i) % INLINE
    }

    fn node(&self, i: usize) -> MotionNode {
        let j = self.slot(i);
        MotionNode {
            context_id: self.context_id[j],
            motion: self.motion[j],
            jump_error_code: self.block[j].error(),
        }
    }
}

#[derive(Clone)]
enum Repr {
    Inline(Inline),
    /// More than [`INLINE`] entries were queued at once; back to inline when it empties.
    /// Boxed so that this form takes one pointer and the queue stays 40 bytes (the extra
    /// allocation is paid only while more than four motions are pending).
    #[allow(clippy::box_collection)]
    Spilled(Box<VecDeque<MotionNode>>),
}

/// The interpreter's pending-motion queue (ACE `MotionInterp.PendingMotions`), head first,
/// as [`MotionInterp::pending_motions`](crate::MotionInterp::pending_motions) shows it (a copy
/// since issue 15: the interpreter itself keeps the queue more compactly, one context id for
/// its inline entries).
///
/// Why not a `VecDeque`: a walking object holds two entries or fewer almost all the time, and a
/// `VecDeque` costs a heap allocation of four entries (48 bytes) per object plus its 32-byte
/// header. This queue keeps up to four entries inline in 40 bytes (re-applying the movement
/// queues four) and moves to the heap only while more are queued (back inline when it
/// empties). Entries read by value ([`MotionNode`] is `Copy`).
#[derive(Clone)]
pub struct PendingMotions(Repr);

impl Default for PendingMotions {
    fn default() -> Self {
        PendingMotions::new()
    }
}

impl PendingMotions {
    /// An empty queue (no allocation).
    pub(crate) const fn new() -> Self {
        PendingMotions(Repr::Inline(Inline::EMPTY))
    }

    /// Number of pending motions.
    #[inline]
    pub fn len(&self) -> usize {
        match &self.0 {
            Repr::Inline(a) => usize::from(a.len),
            Repr::Spilled(q) => q.len(),
        }
    }

    /// Whether no motion is pending.
    #[inline]
    pub fn is_empty(&self) -> bool {
        match &self.0 {
            Repr::Inline(a) => a.len == 0,
            Repr::Spilled(q) => q.is_empty(),
        }
    }

    /// The entry at position `i` (0 is the head), or `None` past the end.
    #[inline]
    pub fn get(&self, i: usize) -> Option<MotionNode> {
        match &self.0 {
            Repr::Inline(a) => (i < usize::from(a.len)).then(|| a.node(i)),
            Repr::Spilled(q) => q.get(i).copied(),
        }
    }

    /// The head entry (the next to complete).
    pub fn front(&self) -> Option<MotionNode> {
        self.get(0)
    }

    /// The newest entry.
    pub fn back(&self) -> Option<MotionNode> {
        self.len().checked_sub(1).and_then(|i| self.get(i))
    }

    /// The entries, head first.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = MotionNode> + DoubleEndedIterator + '_ {
        Iter {
            q: self,
            front: 0,
            back: self.len(),
        }
    }

    /// The head's motion and jump block, without building a node.
    #[inline]
    #[cfg(test)] // the interpreter keeps its own queue (`interp::store`); this type only shows it
    pub(crate) fn front_parts(&self) -> Option<(u32, JumpBlock)> {
        match &self.0 {
            Repr::Inline(a) => {
                let j = a.slot(0);
                (a.len != 0).then_some((a.motion[j], a.block[j]))
            }
            Repr::Spilled(q) => q.front().map(|n| {
                let block = if n.jump_error_code == WeenieError::None {
                    JumpBlock::Allowed
                } else {
                    JumpBlock::Blocked
                };
                (n.motion, block)
            }),
        }
    }

    /// Append an entry.
    #[inline]
    pub(crate) fn push_back(&mut self, context_id: i32, motion: u32, block: JumpBlock) {
        if let Repr::Inline(a) = &mut self.0
            && usize::from(a.len) < INLINE
        {
            let j = a.slot(usize::from(a.len));
            a.context_id[j] = context_id;
            a.motion[j] = motion;
            a.block[j] = block;
            a.len += 1;
            return;
        }
        self.push_back_spilled(MotionNode {
            context_id,
            motion,
            jump_error_code: block.error(),
        });
    }

    /// [`Self::push_back`] past the inline form: move to (or stay on) the heap.
    #[cold]
    #[inline(never)]
    fn push_back_spilled(&mut self, node: MotionNode) {
        match &mut self.0 {
            Repr::Inline(a) => {
                let mut q = VecDeque::with_capacity(2 * INLINE);
                q.extend((0..usize::from(a.len)).map(|i| a.node(i)));
                q.push_back(node);
                self.0 = Repr::Spilled(Box::new(q));
            }
            Repr::Spilled(q) => q.push_back(node),
        }
    }

    /// Drop the head entry; whether there was one.
    #[inline]
    #[cfg(test)] // the interpreter keeps its own queue (`interp::store`); this type only shows it
    pub(crate) fn pop_front(&mut self) -> bool {
        match &mut self.0 {
            Repr::Inline(a) => {
                if a.len == 0 {
                    return false;
                }
                a.head = ((usize::from(a.head) + 1) % INLINE) as u8;
                a.len -= 1;
                true
            }
            Repr::Spilled(_) => self.pop_front_spilled(),
        }
    }

    /// [`Self::pop_front`] of the heap form: back inline once it is empty.
    #[inline(never)]
    #[cfg(test)] // the interpreter keeps its own queue (`interp::store`); this type only shows it
    fn pop_front_spilled(&mut self) -> bool {
        let Repr::Spilled(q) = &mut self.0 else {
            return false;
        };
        let popped = q.pop_front().is_some();
        if q.is_empty() {
            self.0 = Repr::Inline(Inline::EMPTY);
        }
        popped
    }

    /// Remove every entry (the heap form, if any, is freed).
    #[cfg(test)] // the interpreter keeps its own queue (`interp::store`); this type only shows it
    pub(crate) fn clear(&mut self) {
        self.0 = Repr::Inline(Inline::EMPTY);
    }
}

// The ring's head and length fit a byte.
const _: () = assert!(INLINE < 256);

/// The entries of a [`PendingMotions`] by position, head first.
struct Iter<'a> {
    q: &'a PendingMotions,
    /// The next position from the front.
    front: usize,
    /// One past the next position from the back.
    back: usize,
}

impl Iterator for Iter<'_> {
    type Item = MotionNode;
    fn next(&mut self) -> Option<MotionNode> {
        if self.front >= self.back {
            return None;
        }
        self.front += 1;
        self.q.get(self.front - 1)
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.back.saturating_sub(self.front);
        (n, Some(n))
    }
}

impl ExactSizeIterator for Iter<'_> {}

impl DoubleEndedIterator for Iter<'_> {
    fn next_back(&mut self) -> Option<MotionNode> {
        if self.front >= self.back {
            return None;
        }
        self.back -= 1;
        self.q.get(self.back)
    }
}

impl PartialEq for PendingMotions {
    /// Equal when they hold the same entries in the same order (inline or not).
    fn eq(&self, other: &Self) -> bool {
        self.len() == other.len() && self.iter().eq(other.iter())
    }
}

impl fmt::Debug for PendingMotions {
    /// Printed as the list of its entries, head first, as a `VecDeque` prints.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    //! The queue against a `VecDeque` of nodes, the type it replaces.

    use super::*;
    use proptest::prelude::*;

    #[derive(Debug, Clone)]
    enum Op {
        Push(i32, u32, bool),
        Pop,
        Clear,
    }

    fn op() -> impl Strategy<Value = Op> {
        prop_oneof![
            4 => (any::<i32>(), any::<u32>(), any::<bool>()).prop_map(|(c, m, b)| Op::Push(c, m, b)),
            3 => Just(Op::Pop),
            1 => Just(Op::Clear),
        ]
    }

    fn check(q: &PendingMotions, model: &VecDeque<MotionNode>) {
        assert_eq!(q.len(), model.len());
        assert_eq!(q.is_empty(), model.is_empty());
        assert_eq!(q.front(), model.front().copied());
        assert_eq!(q.back(), model.back().copied());
        assert_eq!(q.iter().len(), model.len());
        assert!(q.iter().eq(model.iter().copied()));
        assert!(q.iter().rev().eq(model.iter().rev().copied()));
        for i in 0..=model.len() + 1 {
            assert_eq!(q.get(i), model.get(i).copied());
        }
        let parts = model.front().map(|n| {
            let b = if n.jump_error_code == WeenieError::None {
                JumpBlock::Allowed
            } else {
                JumpBlock::Blocked
            };
            (n.motion, b)
        });
        assert_eq!(q.front_parts(), parts);
        assert_eq!(format!("{q:?}"), format!("{model:?}"));
        // Back inline whenever it empties.
        if model.is_empty() {
            assert!(matches!(q.0, Repr::Inline(_)));
        }
    }

    proptest! {
        #[test]
        fn behaves_like_a_vec_deque(ops in proptest::collection::vec(op(), 0..64)) {
            let mut q = PendingMotions::new();
            let mut model = VecDeque::new();
            check(&q, &model);
            for o in ops {
                match o {
                    Op::Push(c, m, b) => {
                        let block = if b { JumpBlock::Blocked } else { JumpBlock::Allowed };
                        q.push_back(c, m, block);
                        model.push_back(MotionNode { context_id: c, motion: m, jump_error_code: block.error() });
                    }
                    Op::Pop => prop_assert_eq!(q.pop_front(), model.pop_front().is_some()),
                    Op::Clear => {
                        q.clear();
                        model.clear();
                    }
                }
                check(&q, &model);
                let copy = q.clone();
                prop_assert!(copy == q);
            }
        }
    }

    #[test]
    fn four_entries_stay_inline_in_40_bytes() {
        assert_eq!(std::mem::size_of::<PendingMotions>(), 40);
        let mut q = PendingMotions::new();
        for i in 0..4 {
            q.push_back(i, 10 * i as u32, JumpBlock::Allowed);
        }
        assert!(matches!(q.0, Repr::Inline(_)));
        q.push_back(5, 50, JumpBlock::Allowed);
        assert!(matches!(q.0, Repr::Spilled(_)));
        for _ in 0..4 {
            assert!(q.pop_front());
        }
        assert!(matches!(q.0, Repr::Spilled(_)));
        assert!(q.pop_front());
        assert!(matches!(q.0, Repr::Inline(_)));
        assert!(!q.pop_front());
        assert_ne!(q, {
            let mut o = PendingMotions::new();
            o.push_back(0, 0, JumpBlock::Allowed);
            o
        });
    }

    #[test]
    fn jump_blocks_are_the_two_errors_queued() {
        assert_eq!(JumpBlock::Allowed.error(), WeenieError::None);
        assert_eq!(
            JumpBlock::Blocked.error(),
            WeenieError::YouCantJumpFromThisPosition
        );
    }
}
