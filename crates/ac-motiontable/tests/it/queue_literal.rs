//! Differential test of the pending-motion queue: [`MotionTableManager`] against a literal,
//! line-by-line transcription of ACE's `MotionTableManager` queue (`add_to_queue`,
//! `remove_redundant_links` rescanning the whole list from the tail on every call,
//! `remove_redundant_links_inner`, `trancuate_animation_list`, `AnimationDone`,
//! `CheckForCompletedMotions`, the enter/exit-world drains), over random request scripts mixing
//! every command class. After every call the queue, the counter, the completions and the link
//! removals asked of the sequence must be identical.

use std::collections::VecDeque;

use ac_motiontable::motion::{READY, RUN_FORWARD, WALK_FORWARD};
use ac_motiontable::{MotionCompletion, MotionTableManager, RecordingSequence, Rules, SeqOp};
use proptest::prelude::*;

const SUBSTATE: u32 = 0x4000_0000;
const MODIFIER: u32 = 0x2000_0000;
const STYLE: u32 = 0x8000_0000;

/// ACE's queue, transcribed without cleverness.
#[derive(Debug, Default)]
struct Literal {
    pending: VecDeque<(u32, u32)>,
    counter: u32,
    removed: Vec<u32>,
    removed_all: usize,
}

impl Literal {
    fn add_to_queue(&mut self, motion: u32, num_anims: u32) {
        self.pending.push_back((motion, num_anims));
        self.remove_redundant_links();
    }

    fn remove_redundant_links(&mut self) {
        let mut node = self.pending.len();
        while node > 0 {
            node -= 1;
            let (motion, n) = self.pending[node];
            if n != 0 {
                if motion & SUBSTATE == 0 || motion & MODIFIER != 0 {
                    if motion & STYLE == 0 {
                        return;
                    }
                    if self.inner(node, true) {
                        return;
                    }
                } else if self.inner(node, false) {
                    return;
                }
            }
        }
    }

    fn inner(&mut self, node: usize, first: bool) -> bool {
        let motion = self.pending[node].0;
        let mask = if first { 0x7000_0000 } else { 0xB000_0000 };
        let mut prev = node;
        while prev > 0 {
            prev -= 1;
            let (pm, pn) = self.pending[prev];
            if motion == pm && (first || pn != 0) {
                self.truncate(prev);
                return true;
            }
            if pn != 0 && pm & mask != 0 {
                return true;
            }
        }
        false
    }

    fn truncate(&mut self, keep: usize) {
        let mut total: u32 = 0;
        let mut entry = self.pending.len();
        while entry != keep + 1 {
            entry -= 1;
            total = total.wrapping_add(self.pending[entry].1);
            self.pending[entry].1 = 0;
        }
        self.removed.push(total);
    }

    fn animation_done(&mut self, success: bool, out: &mut Vec<MotionCompletion>) {
        if self.pending.is_empty() {
            return;
        }
        self.counter = self.counter.wrapping_add(1);
        while let Some(&(motion, n)) = self.pending.front() {
            if n > self.counter {
                break;
            }
            out.push(MotionCompletion { motion, success });
            self.counter = self.counter.wrapping_sub(n);
            self.pending.pop_front();
        }
        if self.counter != 0 && self.pending.is_empty() {
            self.counter = 0;
        }
    }

    fn check_for_completed_motions(&mut self, out: &mut Vec<MotionCompletion>) {
        while let Some(&(motion, 0)) = self.pending.front() {
            out.push(MotionCompletion {
                motion,
                success: true,
            });
            self.pending.pop_front();
        }
    }

    /// `while (pending) AnimationDone(false)`, with the no-op calls before a 0xFFFFFFFF head
    /// skipped (they only count up; the manager's own test shows the jump is exact).
    fn drain(&mut self, out: &mut Vec<MotionCompletion>) {
        while let Some(&(_, n)) = self.pending.front() {
            if u64::from(n) > u64::from(self.counter) + 1 {
                self.counter = n - 1;
            }
            self.animation_done(false, out);
        }
    }
}

#[derive(Debug, Clone)]
enum Call {
    Add(u32, u32),
    AnimationDone(bool),
    UseTime,
    EnterWorld,
    ExitWorld,
}

/// Every command class and the odd bit combinations that change which branch a motion takes:
/// substates, substates with a style or action bit, modifiers, styles, styles with a
/// modifier bit, actions, and an id with no class bit.
const MOTIONS: [u32; 12] = [
    READY,
    WALK_FORWARD,
    RUN_FORWARD,
    0x4000_0011,
    0x8000_003D,
    0x8000_003E,
    0x1000_0051,
    0x6500_000D,
    0xA000_0001,
    0xC000_0002,
    0x5000_0003,
    0x0000_0005,
];

fn call_strategy() -> impl Strategy<Value = Call> {
    let anims = prop_oneof![8 => 0u32..4, 1 => Just(u32::MAX)];
    prop_oneof![
        12 => (prop::sample::select(&MOTIONS[..]), anims).prop_map(|(m, n)| Call::Add(m, n)),
        3 => any::<bool>().prop_map(Call::AnimationDone),
        2 => Just(Call::UseTime),
        1 => Just(Call::EnterWorld),
        1 => Just(Call::ExitWorld),
    ]
}

fn removals(seq: &mut RecordingSequence) -> (Vec<u32>, usize) {
    let mut removed = Vec::new();
    let mut all = 0;
    for op in seq.take_ops() {
        match op {
            SeqOp::RemoveLinkAnimations(n) => removed.push(n),
            SeqOp::RemoveAllLinkAnimations => all += 1,
            _ => {}
        }
    }
    (removed, all)
}

fn run(calls: &[Call]) -> Result<(), TestCaseError> {
    let mut lit = Literal::default();
    let mut mgr = MotionTableManager::new(None, Rules::default());
    let mut seq = RecordingSequence::new();
    let (mut got, mut want) = (Vec::new(), Vec::new());
    for (i, call) in calls.iter().enumerate() {
        match *call {
            Call::Add(m, n) => {
                mgr.add_to_queue(m, n, &mut seq);
                lit.add_to_queue(m, n);
            }
            Call::AnimationDone(s) => {
                mgr.animation_done(s, &mut got);
                lit.animation_done(s, &mut want);
            }
            Call::UseTime => {
                mgr.use_time(&mut got);
                lit.check_for_completed_motions(&mut want);
            }
            Call::EnterWorld => {
                mgr.handle_enter_world(&mut seq, &mut got);
                lit.removed_all += 1;
                lit.drain(&mut want);
            }
            Call::ExitWorld => {
                mgr.handle_exit_world(&mut got);
                lit.drain(&mut want);
            }
        }
        let queue: Vec<(u32, u32)> = mgr
            .pending()
            .iter()
            .map(|e| (e.motion, e.num_anims))
            .collect();
        prop_assert_eq!(
            &queue,
            &Vec::from(lit.pending.clone()),
            "queue after call {}",
            i
        );
        prop_assert_eq!(
            mgr.animation_counter(),
            lit.counter,
            "counter after call {}",
            i
        );
        prop_assert_eq!(&got, &want, "completions after call {}", i);
        let (removed, all) = removals(&mut seq);
        prop_assert_eq!(
            removed,
            std::mem::take(&mut lit.removed),
            "link cuts, call {}",
            i
        );
        prop_assert_eq!(
            all,
            std::mem::take(&mut lit.removed_all),
            "enter world, call {}",
            i
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn queue_matches_a_literal_transcription_of_ace(
        calls in prop::collection::vec(call_strategy(), 1..200)
    ) {
        run(&calls)?;
    }
}

/// A deterministic stream of pseudo-random numbers (a 64-bit LCG's high bits), so a failure
/// reproduces.
fn lcg(seed: u64) -> impl FnMut() -> usize {
    let mut state = seed;
    move || {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (state >> 33) as usize
    }
}

/// Long scripts between polls (the queue grows to thousands of entries, with every class
/// interleaved), deterministic so a failure reproduces.
#[test]
fn long_queues_match_the_literal_transcription() {
    let mut next = lcg(0x5EED_0014);
    for _ in 0..20 {
        let calls: Vec<Call> = (0..3000)
            .map(|_| match next() % 100 {
                0 => Call::UseTime,
                1 => Call::AnimationDone(true),
                2 => Call::ExitWorld,
                _ => Call::Add(MOTIONS[next() % MOTIONS.len()], (next() % 3) as u32),
            })
            .collect();
        run(&calls).expect("same as the literal transcription");
    }
}

/// Scripts where completions keep pace with appends, so the queue lives long without
/// emptying: its buffer drops completed slots while entries are still pending (the indexes
/// are rebased then), which the short scripts above rarely reach.
#[test]
fn queues_that_never_empty_match_the_literal_transcription() {
    let mut next = lcg(0x5EED_0015);
    for _ in 0..20 {
        let calls: Vec<Call> = (0..3000)
            .map(|_| match next() % 100 {
                0..=2 => Call::UseTime,
                3..=44 => Call::AnimationDone(!next().is_multiple_of(8)),
                _ => Call::Add(MOTIONS[next() % MOTIONS.len()], 1 + (next() % 2) as u32),
            })
            .collect();
        run(&calls).expect("same as the literal transcription");
    }
}
