//! How the interpreter keeps its pending-motion queue and its two states' action lists: the
//! queue's common case inline (up to four motions of one context id), and everything rare —
//! actions, a longer queue, motions of differing context ids — in one box created by its
//! first use and dropped when it empties.
//!
//! Why: a walking object holds at most four pending motions, all of context 0 (the movement
//! re-application queues four, a press and a release two); it never queues an action. Keeping
//! one context id for the inline entries instead of one each, and one pointer for the rare
//! part instead of one per action list plus one for a spilled queue, takes `MotionInterp` from
//! 144 to 104 bytes (with the raw hold keys in one byte and the rarely set `ServerActionStamp`
//! in the box too) without a heap byte more for such an object. What the accessors show is
//! unchanged: [`MotionInterp::pending_motions`] builds the same [`PendingMotions`], and
//! [`MotionInterp::raw_state`] / [`MotionInterp::interpreted_state`] the same states.

use std::collections::VecDeque;

use super::{MotionInterp, MotionNode};
use crate::actions::ActionList;
use crate::pending::{JumpBlock, PendingMotions};
use crate::state::{ActionNode, InterpretedMotionState, RawMotionState};

/// How many pending motions the inline form holds (the movement re-application queues four).
pub(super) const INLINE: usize = 4;

/// The inline pending motions, head first: `motion[0..len]` (the length and jump blocks are
/// in [`RingMeta`]), all queued with `context_id`.
#[derive(Clone, Copy)]
pub(super) struct RingSlots {
    motion: [u32; INLINE],
    /// The context id of every inline entry (stale while there is none).
    context_id: i32,
}

impl RingSlots {
    pub(super) const EMPTY: RingSlots = RingSlots {
        motion: [0; INLINE],
        context_id: 0,
    };
}

/// The inline queue's length and jump blocks, and whether the queue lives in the box.
///
/// Bits 0..4: entry `i` blocks a jump (`JumpBlock::Blocked`); bits 4..7: the inline length
/// (0..=4); bit 7: the queue is spilled (every entry is in [`Cold::spill`], the inline part is
/// empty).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) struct RingMeta(u8);

impl RingMeta {
    pub(super) const EMPTY: RingMeta = RingMeta(0);
    const BLOCKS: u8 = 0x0F;
    const LEN_SHIFT: u32 = 4;
    const LEN: u8 = 0x70;
    const SPILLED: u8 = 0x80;

    #[inline]
    fn len(self) -> usize {
        usize::from((self.0 & Self::LEN) >> Self::LEN_SHIFT)
    }
    #[inline]
    fn spilled(self) -> bool {
        self.0 & Self::SPILLED != 0
    }
    #[inline]
    fn block(self, i: usize) -> JumpBlock {
        if self.0 & (1 << i) != 0 {
            JumpBlock::Blocked
        } else {
            JumpBlock::Allowed
        }
    }
}

// The inline length fits its three bits and the blocks their four; the pop's shift is written
// for four slots.
const _: () = assert!(INLINE == 4);

/// The rare part of an interpreter, boxed: the action lists of its raw and interpreted
/// states (oldest first), while it is spilled its whole pending queue, and `ServerActionStamp`
/// once a server's state replayed an action (0 without the box).
#[derive(Clone, Default, Debug)]
pub(super) struct Cold {
    raw_actions: Vec<ActionNode>,
    interp_actions: Vec<ActionNode>,
    spill: VecDeque<MotionNode>,
    server_action_stamp: i32,
}

impl Cold {
    fn is_empty(&self) -> bool {
        self.raw_actions.is_empty()
            && self.interp_actions.is_empty()
            && self.spill.is_empty()
            && self.server_action_stamp == 0
    }
}

fn block_of(n: &MotionNode) -> JumpBlock {
    if n.jump_error_code == crate::error::WeenieError::None {
        JumpBlock::Allowed
    } else {
        JumpBlock::Blocked
    }
}

impl MotionInterp {
    // ----- the pending queue -----------------------------------------------------------

    /// Number of pending motions.
    #[inline]
    pub(super) fn pending_len(&self) -> usize {
        if self.ring_meta.spilled() {
            self.cold.as_ref().map_or(0, |c| c.spill.len())
        } else {
            self.ring_meta.len()
        }
    }

    /// Whether no motion is pending (a spilled queue is never empty).
    #[inline]
    pub(super) fn pending_is_empty(&self) -> bool {
        self.ring_meta.0 & (RingMeta::LEN | RingMeta::SPILLED) == 0
    }

    /// The head's motion and jump block.
    #[inline]
    pub(super) fn pending_front(&self) -> Option<(u32, JumpBlock)> {
        if self.ring_meta.spilled() {
            return self
                .cold
                .as_ref()
                .and_then(|c| c.spill.front())
                .map(|n| (n.motion, block_of(n)));
        }
        (self.ring_meta.len() != 0).then(|| (self.ring.motion[0], self.ring_meta.block(0)))
    }

    /// Append an entry: inline while it is the fifth or later, or of another context id than
    /// the inline ones, else (and from then on until the queue empties) in the box.
    /// Always inlined: the inline case is a handful of instructions, less than the call
    /// frame it would otherwise pay inside the larger `DoMotion`/`StopMotion` bodies.
    #[inline(always)]
    pub(super) fn pending_push(&mut self, context_id: i32, motion: u32, block: JumpBlock) {
        let meta = self.ring_meta.0;
        // Not spilled and fewer than four inline: the byte is below 0x40 exactly then (the
        // length is at most four, in bits 4..7, and bit 7 is the spill).
        if meta < (INLINE as u8) << RingMeta::LEN_SHIFT
            && (meta & RingMeta::LEN == 0 || context_id == self.ring.context_id)
        {
            let len = usize::from(meta >> RingMeta::LEN_SHIFT);
            self.ring.motion[len & (INLINE - 1)] = motion;
            self.ring.context_id = context_id;
            self.ring_meta = RingMeta((meta + (1 << RingMeta::LEN_SHIFT)) | ((block as u8) << len));
            return;
        }
        self.pending_push_spilled(MotionNode {
            context_id,
            motion,
            jump_error_code: block.error(),
        });
    }

    /// [`Self::pending_push`] into the box.
    #[cold]
    #[inline(never)]
    fn pending_push_spilled(&mut self, node: MotionNode) {
        let meta = self.ring_meta;
        let ring = self.ring;
        let cold = self.cold.get_or_insert_with(Box::default);
        if !meta.spilled() {
            cold.spill.reserve(2 * INLINE);
            for i in 0..meta.len() {
                cold.spill.push_back(MotionNode {
                    context_id: ring.context_id,
                    motion: ring.motion[i],
                    jump_error_code: meta.block(i).error(),
                });
            }
            self.ring_meta = RingMeta(RingMeta::SPILLED);
        }
        cold.spill.push_back(node);
    }

    /// Drop the head entry; whether there was one.
    #[inline]
    pub(super) fn pending_pop(&mut self) -> bool {
        let meta = self.ring_meta.0;
        if meta & RingMeta::SPILLED != 0 {
            return self.pending_pop_spilled();
        }
        if meta & RingMeta::LEN == 0 {
            return false;
        }
        self.pop_inline_head(meta)
    }

    /// `MotionDone`'s common case: an inline head that is not an Action is popped (true);
    /// anything else is left for the general path (false, nothing changed). Exact: for such a
    /// head the general path makes no host call before its pop (only an Action head unsticks
    /// and removes actions), and this pop is [`Self::pending_pop`]'s inline branch.
    #[inline]
    pub(super) fn pending_pop_inline_non_action(&mut self) -> bool {
        let meta = self.ring_meta.0;
        if meta & RingMeta::SPILLED != 0
            || meta & RingMeta::LEN == 0
            || ac_motiontable::command::is_action(self.ring.motion[0])
        {
            return false;
        }
        self.pop_inline_head(meta)
    }

    /// [`Self::pending_pop_inline_non_action`] repeated: pops the run of inline non-Action
    /// heads, at most `max` of them, and answers how many (0: nothing changed). Exact: each
    /// pop of the run is the one `pending_pop_inline_non_action` would make (the run stops at
    /// the first entry it would refuse), and `n` pops in one go leave the slots and the meta
    /// byte exactly as `n` single pops do: slot `i` holds the old slot `min(i + n, 3)`, the
    /// length drops by `n` and the jump flags shift down by `n`.
    #[inline]
    pub(super) fn pending_pop_inline_non_actions(&mut self, max: usize) -> usize {
        let meta = self.ring_meta.0;
        if meta & RingMeta::SPILLED != 0 {
            return 0;
        }
        let limit = self.ring_meta.len().min(max);
        let m = self.ring.motion;
        let mut n = 0;
        while n < limit && !ac_motiontable::command::is_action(m[n]) {
            n += 1;
        }
        if n == 0 {
            return 0;
        }
        self.ring.motion = [m[n.min(3)], m[(1 + n).min(3)], m[(2 + n).min(3)], m[3]];
        self.ring_meta = RingMeta(
            ((meta & RingMeta::LEN) - ((n as u8) << RingMeta::LEN_SHIFT))
                | ((meta & RingMeta::BLOCKS) >> n),
        );
        n
    }

    /// Drop the head of a non-empty inline ring whose meta byte is `meta` (the callers have
    /// tested both): shift the motions down (the slot past the new length is never read),
    /// one less in the length, the jump flags shifted with them.
    #[inline(always)]
    fn pop_inline_head(&mut self, meta: u8) -> bool {
        let m = self.ring.motion;
        self.ring.motion = [m[1], m[2], m[3], m[3]];
        self.ring_meta = RingMeta(
            ((meta & RingMeta::LEN) - (1 << RingMeta::LEN_SHIFT))
                | ((meta & RingMeta::BLOCKS) >> 1),
        );
        true
    }

    /// [`Self::pending_pop`] of a spilled queue: back inline once it is empty.
    #[inline(never)]
    fn pending_pop_spilled(&mut self) -> bool {
        let Some(cold) = self.cold.as_deref_mut() else {
            self.ring_meta = RingMeta::EMPTY;
            return false;
        };
        let popped = cold.spill.pop_front().is_some();
        if cold.spill.is_empty() {
            cold.spill = VecDeque::new();
            self.ring_meta = RingMeta::EMPTY;
            self.drop_cold_if_empty();
        }
        popped
    }

    /// Remove every pending motion.
    pub(super) fn pending_clear(&mut self) {
        if self.ring_meta.spilled()
            && let Some(cold) = self.cold.as_deref_mut()
        {
            cold.spill = VecDeque::new();
        }
        self.ring_meta = RingMeta::EMPTY;
        self.drop_cold_if_empty();
    }

    /// The pending motions, head first.
    pub(super) fn pending_iter(&self) -> impl Iterator<Item = MotionNode> + '_ {
        let spilled = self.ring_meta.spilled();
        let inline = if spilled { 0 } else { self.ring_meta.len() };
        let spill = self
            .cold
            .as_deref()
            .filter(|_| spilled)
            .into_iter()
            .flat_map(|c| c.spill.iter().copied());
        (0..inline)
            .map(move |i| MotionNode {
                context_id: self.ring.context_id,
                motion: self.ring.motion[i],
                jump_error_code: self.ring_meta.block(i).error(),
            })
            .chain(spill)
    }

    /// The queue as the public type shows it.
    pub(super) fn pending_snapshot(&self) -> PendingMotions {
        let mut q = PendingMotions::new();
        for n in self.pending_iter() {
            q.push_back(n.context_id, n.motion, block_of(&n));
        }
        q
    }

    // ----- the server action stamp -----------------------------------------------------

    /// `ServerActionStamp` (0 until a replay set it).
    #[inline]
    pub(super) fn stamp(&self) -> i32 {
        self.cold.as_deref().map_or(0, |c| c.server_action_stamp)
    }

    /// Set `ServerActionStamp` (a 0 needs no box).
    pub(super) fn set_stamp(&mut self, stamp: i32) {
        if stamp != 0 {
            self.cold
                .get_or_insert_with(Box::default)
                .server_action_stamp = stamp;
        } else if let Some(c) = self.cold.as_deref_mut() {
            c.server_action_stamp = 0;
            self.drop_cold_if_empty();
        }
    }

    // ----- the action lists ------------------------------------------------------------

    fn drop_cold_if_empty(&mut self) {
        if self.cold.as_deref().is_some_and(Cold::is_empty) {
            self.cold = None;
        }
    }

    /// The raw state's actions, oldest first.
    pub(super) fn raw_actions(&self) -> &[ActionNode] {
        self.cold.as_deref().map_or(&[], |c| &c.raw_actions)
    }

    /// The interpreted state's actions, oldest first.
    pub(super) fn interp_actions(&self) -> &[ActionNode] {
        self.cold.as_deref().map_or(&[], |c| &c.interp_actions)
    }

    /// Append an action to the raw state's list.
    #[cold]
    #[inline(never)]
    fn push_raw_action(&mut self, a: ActionNode) {
        self.cold
            .get_or_insert_with(Box::default)
            .raw_actions
            .push(a);
    }

    /// Append an action to the interpreted state's list.
    #[cold]
    #[inline(never)]
    fn push_interp_action(&mut self, a: ActionNode) {
        self.cold
            .get_or_insert_with(Box::default)
            .interp_actions
            .push(a);
    }

    /// `RawMotionState::remove_action` on the raw state: pop the oldest action's id, 0 when
    /// there is none.
    pub(super) fn raw_remove_action(&mut self) -> u32 {
        let Some(c) = self.cold.as_deref_mut() else {
            return 0;
        };
        let a = if c.raw_actions.is_empty() {
            0
        } else {
            c.raw_actions.remove(0).action
        };
        self.drop_cold_if_empty();
        a
    }

    /// `InterpretedMotionState::remove_action` on the interpreted state.
    pub(super) fn interp_remove_action(&mut self) -> u32 {
        let Some(c) = self.cold.as_deref_mut() else {
            return 0;
        };
        let a = if c.interp_actions.is_empty() {
            0
        } else {
            c.interp_actions.remove(0).action
        };
        self.drop_cold_if_empty();
        a
    }

    /// `RawMotionState::apply_motion` on the raw state.
    #[inline]
    pub(super) fn raw_apply_motion(&mut self, m: u32, p: &crate::params::MovementParameters) {
        if self.raw.apply_motion(&mut self.raw_keys, m, p) {
            self.push_raw_action(ActionNode::from_params(m, p));
        }
    }

    /// `InterpretedMotionState::apply_motion` on the interpreted state. Always inlined: the
    /// common motions (a substate) take a few instructions, less than the call.
    #[inline(always)]
    pub(super) fn interp_apply_motion(&mut self, m: u32, p: &crate::params::MovementParameters) {
        if self.interp.apply_motion(m, p) {
            self.push_interp_action(ActionNode::from_params(m, p));
        }
    }

    /// Fresh states and no actions (the pending queue is left alone).
    pub(super) fn reset_states(&mut self) {
        self.raw = crate::state::RawCore::DEFAULT;
        self.raw_keys = crate::state::HoldKeys::DEFAULT;
        self.interp = crate::state::InterpCore::DEFAULT;
        if let Some(c) = self.cold.as_deref_mut() {
            c.raw_actions = Vec::new();
            c.interp_actions = Vec::new();
        }
        self.drop_cold_if_empty();
    }

    /// The raw state as the public type shows it.
    pub(super) fn raw_snapshot(&self) -> RawMotionState {
        self.raw
            .with_actions(self.raw_keys, ActionList::from(self.raw_actions().to_vec()))
    }

    /// The interpreted state as the public type shows it.
    pub(super) fn interp_snapshot(&self) -> InterpretedMotionState {
        self.interp
            .with_actions(ActionList::from(self.interp_actions().to_vec()))
    }
}

#[cfg(test)]
mod tests {
    //! The compact queue and action lists against the public types they stand for: a
    //! `VecDeque` of nodes (which `PendingMotions` is tested against) and a `Vec` per state.

    use super::*;
    use crate::error::WeenieError;
    use ac_motiontable::Rules;
    use proptest::prelude::*;

    #[derive(Debug, Clone)]
    enum Op {
        Push(i32, u32, bool),
        Pop,
        Clear,
        RawAction(u32),
        InterpAction(u32),
        RemoveRaw,
        RemoveInterp,
        Reset,
        Stamp(i32),
    }

    fn op() -> impl Strategy<Value = Op> {
        prop_oneof![
            6 => (prop_oneof![3 => Just(0i32), 1 => -2i32..3, 1 => any::<i32>()], any::<u32>(), any::<bool>())
                .prop_map(|(c, m, b)| Op::Push(c, m, b)),
            5 => Just(Op::Pop),
            1 => Just(Op::Clear),
            1 => any::<u32>().prop_map(Op::RawAction),
            1 => any::<u32>().prop_map(Op::InterpAction),
            1 => Just(Op::RemoveRaw),
            1 => Just(Op::RemoveInterp),
            1 => Just(Op::Reset),
            1 => prop_oneof![Just(0i32), any::<i32>()].prop_map(Op::Stamp),
        ]
    }

    fn node(action: u32) -> ActionNode {
        ActionNode {
            action,
            speed: 1.5,
            stamp: 7,
            autonomous: true,
        }
    }

    fn check(
        mi: &MotionInterp,
        model: &VecDeque<MotionNode>,
        raw: &[ActionNode],
        interp: &[ActionNode],
        stamp: i32,
    ) {
        assert_eq!(mi.stamp(), stamp);
        assert_eq!(mi.pending_len(), model.len());
        assert_eq!(mi.pending_is_empty(), model.is_empty());
        assert!(mi.pending_iter().eq(model.iter().copied()));
        let snap = mi.pending_snapshot();
        assert!(snap.iter().eq(model.iter().copied()));
        assert_eq!(snap.len(), model.len());
        assert_eq!(
            mi.pending_front(),
            model.front().map(|n| (n.motion, block_of(n)))
        );
        assert_eq!(mi.raw_actions(), raw);
        assert_eq!(mi.interp_actions(), interp);
        // No box while nothing rare is held.
        if raw.is_empty() && interp.is_empty() && !mi.ring_meta.spilled() && stamp == 0 {
            assert!(mi.cold.is_none());
        }
        // Spilled only while more than four entries or mixed context ids could need it.
        if mi.ring_meta.spilled() {
            assert!(!model.is_empty());
        }
    }

    proptest! {
        #[test]
        fn behaves_like_a_vec_deque_and_two_vecs(ops in proptest::collection::vec(op(), 0..80)) {
            let mut mi = MotionInterp::new(Rules::default());
            let mut model = VecDeque::new();
            let (mut raw, mut interp) = (Vec::new(), Vec::new());
            let mut stamp = 0;
            check(&mi, &model, &raw, &interp, stamp);
            for o in ops {
                match o {
                    Op::Push(c, m, b) => {
                        let block = if b { JumpBlock::Blocked } else { JumpBlock::Allowed };
                        mi.pending_push(c, m, block);
                        model.push_back(MotionNode { context_id: c, motion: m, jump_error_code: block.error() });
                    }
                    Op::Pop => prop_assert_eq!(mi.pending_pop(), model.pop_front().is_some()),
                    Op::Clear => {
                        mi.pending_clear();
                        model.clear();
                    }
                    Op::RawAction(a) => {
                        mi.push_raw_action(node(a));
                        raw.push(node(a));
                    }
                    Op::InterpAction(a) => {
                        mi.push_interp_action(node(a));
                        interp.push(node(a));
                    }
                    Op::RemoveRaw => {
                        let want = if raw.is_empty() { 0 } else { raw.remove(0).action };
                        prop_assert_eq!(mi.raw_remove_action(), want);
                    }
                    Op::RemoveInterp => {
                        let want = if interp.is_empty() { 0 } else { interp.remove(0).action };
                        prop_assert_eq!(mi.interp_remove_action(), want);
                    }
                    Op::Reset => {
                        mi.reset_states();
                        raw.clear();
                        interp.clear();
                    }
                    Op::Stamp(v) => {
                        mi.set_stamp(v);
                        stamp = v;
                    }
                }
                check(&mi, &model, &raw, &interp, stamp);
                let copy = mi.clone();
                check(&copy, &model, &raw, &interp, stamp);
            }
        }
    }

    /// A motion id: an Action now and then (so the general path unsticks), else a substate.
    fn motion_id() -> impl Strategy<Value = u32> {
        prop_oneof![
            3 => Just(ac_motiontable::motion::WALK_FORWARD),
            2 => Just(ac_motiontable::motion::READY),
            1 => Just(0x1000_0051u32),
            1 => any::<u32>(),
        ]
    }

    proptest! {
        /// `MotionDone` through its common-case pop against the general path alone, over
        /// queues inline and spilled, Action heads, empty queues, with actions queued.
        #[test]
        fn motion_done_fast_path_is_the_general_path(
            pushes in proptest::collection::vec((prop_oneof![3 => Just(0i32), 1 => -1i32..2], motion_id(), any::<bool>()), 0..7),
            actions in proptest::collection::vec(any::<u32>(), 0..3),
            dones in 1usize..8,
        ) {
            let mut a = MotionInterp::new(Rules::default());
            let mut ha = crate::testing::RecordingHost::default();
            a.enter_default_state(&mut ha);
            a.pending_clear();
            for (c, m, b) in pushes {
                let block = if b { JumpBlock::Blocked } else { JumpBlock::Allowed };
                a.pending_push(c, m, block);
            }
            for x in actions {
                a.push_raw_action(node(x));
                a.push_interp_action(node(x));
            }
            let mut b = a.clone();
            let mut hb = ha.clone();
            ha.events.clear();
            hb.events.clear();
            for _ in 0..dones {
                a.motion_done(&mut ha, true).unwrap();
                b.motion_done_general(&mut hb);
                prop_assert!(a.pending_iter().eq(b.pending_iter()));
                prop_assert_eq!(a.raw_actions(), b.raw_actions());
                prop_assert_eq!(a.interp_actions(), b.interp_actions());
                prop_assert_eq!(&ha.events, &hb.events);
                prop_assert_eq!(ha.animating, hb.animating);
            }
        }
    }

    proptest! {
        /// The batch against single common-case calls: the same count, then the slots, the
        /// meta byte, the box, the host's events and its animating flag bit for bit, and the
        /// single calls stop where the batch stopped.
        #[test]
        fn motion_done_batch_is_repeated_common_calls(
            pushes in proptest::collection::vec((prop_oneof![3 => Just(0i32), 1 => -1i32..2], motion_id(), any::<bool>()), 0..7),
            pops in 0usize..3,
            max in 0usize..6,
            initted in prop_oneof![4 => Just(true), 1 => Just(false)],
        ) {
            let mut a = MotionInterp::new(Rules::default());
            let mut ha = crate::testing::RecordingHost::default();
            if initted {
                a.enter_default_state(&mut ha);
            }
            a.pending_clear();
            for (c, m, b) in pushes {
                let block = if b { JumpBlock::Blocked } else { JumpBlock::Allowed };
                a.pending_push(c, m, block);
            }
            // Popped heads leave stale slots behind, as the queue does in use.
            for _ in 0..pops {
                a.pending_pop();
            }
            let mut b = a.clone();
            let mut hb = ha.clone();
            ha.events.clear();
            hb.events.clear();
            let n = a.motion_done_common_batch(&mut ha, max);
            let mut singles = 0;
            while singles < max && b.motion_done_common(&mut hb) {
                singles += 1;
            }
            prop_assert_eq!(n, singles);
            prop_assert_eq!(a.ring.motion, b.ring.motion);
            prop_assert_eq!(a.ring.context_id, b.ring.context_id);
            prop_assert!(a.ring_meta == b.ring_meta);
            prop_assert_eq!(a.cold.is_some(), b.cold.is_some());
            prop_assert!(a.pending_iter().eq(b.pending_iter()));
            prop_assert_eq!(&ha.events, &hb.events);
            prop_assert_eq!(ha.animating, hb.animating);
        }
    }

    #[test]
    fn four_motions_of_one_context_stay_inline() {
        let mut mi = MotionInterp::new(Rules::default());
        for i in 0..4 {
            mi.pending_push(3, 10 * i, JumpBlock::Allowed);
        }
        assert!(!mi.ring_meta.spilled() && mi.cold.is_none());
        mi.pending_push(3, 50, JumpBlock::Blocked);
        assert!(mi.ring_meta.spilled() && mi.cold.is_some());
        for _ in 0..5 {
            assert!(mi.pending_pop());
        }
        assert!(!mi.pending_pop());
        assert!(mi.cold.is_none() && mi.ring_meta == RingMeta::EMPTY);
        // A second context id spills at once.
        mi.pending_push(0, 1, JumpBlock::Allowed);
        mi.pending_push(1, 2, JumpBlock::Allowed);
        assert!(mi.ring_meta.spilled());
        assert_eq!(
            mi.pending_iter().map(|n| n.context_id).collect::<Vec<_>>(),
            [0, 1]
        );
        assert_eq!(
            mi.pending_front(),
            Some((1, JumpBlock::Allowed)),
            "head kept when spilling"
        );
        assert_eq!(
            JumpBlock::Blocked.error(),
            WeenieError::YouCantJumpFromThisPosition
        );
    }

    #[test]
    fn the_interpreter_is_104_bytes_and_its_manager_120() {
        assert_eq!(std::mem::size_of::<MotionInterp>(), 104);
        // The manager's interpreter slot fits in the interpreter's niche.
        assert_eq!(std::mem::size_of::<crate::MovementManager>(), 120);
        assert_eq!(std::mem::size_of::<RingSlots>(), 20);
    }
}
