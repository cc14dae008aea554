//! The resolver and the motion-table manager on a table parsed from the input, driven by a
//! command script drawn from the rest of it (see `acmotion_fuzz::Input` for the framing): no
//! panic, no hang, and every queued motion completes exactly once.

#![no_main]

use ac_dat::MotionTable;
use ac_motiontable::{
    MotionCompletion, MotionTableManager, MovementType, RecordingSequence, Resolver, Rules,
};
use acmotion_fuzz::{Input, Motions};
use libfuzzer_sys::fuzz_target;

/// Commands per input: enough for long queues, few enough to keep an input fast. One resolver
/// call on a table whose modifiers carry each other over may re-apply `REMODIFY_BUDGET`
/// (4096) modifiers — bounded, but about a millisecond instrumented — and the fuzzer favours
/// such tables, so a long script made inputs take over half a second.
const MAX_COMMANDS: usize = 128;

/// Modifiers the motion state may hold before the script ends. Each resolver call that
/// clears physics re-applies the listed modifiers, nesting up to `MAX_REMODIFY_DEPTH` (8)
/// deep, so its work grows like (modifiers)^depth up to the `REMODIFY_BUDGET` of 4096
/// re-applications; with long modifier lists most commands spent that whole budget and an
/// input took milliseconds. At most three modifiers keep a call to a few hundred
/// re-applications (the command that lists more still runs, once); the budget itself has its
/// own tests in `ac-motiontable`.
const MAX_MODIFIERS: usize = 3;

fuzz_target!(|data: &[u8]| {
    let mut input = Input::new(data);
    let Some(Ok(table)) = input.chunk().map(MotionTable::parse) else {
        return;
    };
    let rules = match input.u8() {
        Some(b) if b & 1 == 1 => Rules::retail(),
        _ => Rules::ace(),
    };
    let known = Motions::of(&table);
    let mut mgr = MotionTableManager::new(Some(Resolver::new(table, rules)), rules);
    let mut seq = RecordingSequence::new();
    let mut done: Vec<MotionCompletion> = Vec::new();
    let mut queued: u64 = 0;
    for _ in 0..MAX_COMMANDS {
        let Some(op) = input.u8() else { break };
        let before = mgr.pending().len();
        match op % 12 {
            0 | 1 => {
                let (Some(motion), Some(speed)) = (input.motion(&known), input.f32()) else {
                    break;
                };
                let kind = if op % 12 == 0 {
                    MovementType::InterpretedCommand
                } else {
                    MovementType::StopInterpretedCommand
                };
                let _ = mgr.perform_movement(kind, motion, speed, &mut seq);
            }
            2 => {
                let _ = mgr.perform_movement(MovementType::StopCompletely, 0, 1.0, &mut seq);
            }
            3 => mgr.animation_done(op & 0x10 != 0, &mut done),
            4 => mgr.use_time(&mut done),
            5 => mgr.handle_enter_world(&mut seq, &mut done),
            6 => mgr.handle_exit_world(&mut done),
            7 => mgr.initialize_state(&mut seq),
            8 => {
                let (Some(motion), Some(n)) = (input.motion(&known), input.u8()) else {
                    break;
                };
                let n = if n == 0xFF {
                    u32::MAX
                } else {
                    u32::from(n % 8)
                };
                mgr.add_to_queue(motion, n, &mut seq);
            }
            9 => {
                // The resolver alone on the manager's state (no queueing), with stop_modifiers.
                let (Some(motion), Some(speed)) = (input.motion(&known), input.f32()) else {
                    break;
                };
                let (table, state) = mgr.table_and_state_mut();
                if let Some(t) = table {
                    let _ = t.get_object_sequence(motion, state, &mut seq, speed, true);
                }
            }
            10 => {
                let (Some(motion), Some(speed)) = (input.motion(&known), input.f32()) else {
                    break;
                };
                let (table, state) = mgr.table_and_state_mut();
                if let Some(t) = table {
                    let _ = t.stop_sequence_motion(motion, speed, state, &mut seq);
                }
            }
            _ => {
                let (table, state) = mgr.table_and_state_mut();
                if let Some(t) = table {
                    let _ = t.set_default_state(state, &mut seq);
                }
            }
        }
        let after = mgr.pending().len();
        queued += after.saturating_sub(before) as u64;
        // Keep the recording small: the ops are not checked, only the run.
        let _ = seq.take_ops();
        if mgr.state().modifiers().len() > MAX_MODIFIERS {
            break;
        }
    }
    mgr.handle_exit_world(&mut done);
    assert!(mgr.pending().is_empty(), "exit world drains the queue");
    assert_eq!(
        done.len() as u64,
        queued,
        "every queued motion completes exactly once"
    );
});
