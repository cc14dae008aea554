//! Raw → interpreted on real data: each recorded MoveToState, applied to a humanoid's
//! interpreter the way ACE's server applies it, yields exactly the interpreted state ACE then
//! echoed in its UpdateMotion for the player.

use ac_motioninterp::testing::{RecordingHost, TestWeenie};
use ac_motioninterp::wire::{Movement, MovementDataFlags};
use ac_motioninterp::{InterpretedMotionState, MotionInterp, motion};
use ac_motiontable::Rules;
use ac_physobj::wire::{ContactFlags, GameAction, Message, MoveToState};

use crate::realdata::{SESSIONS, session};

/// How many messages after a MoveToState its echo may arrive.
pub const ECHO_WINDOW: usize = 7;

/// The interpreted state of an autonomous UpdateMotion (the server echoing a player).
pub fn echoed_state(m: &Message) -> Option<(&InterpretedMotionState, MovementDataFlags)> {
    let Message::UpdateMotion(u) = m else {
        return None;
    };
    if u.autonomous != 1 {
        return None;
    }
    match &u.data.movement {
        Movement::InterpretedState { state, .. } => Some((&state.state, u.data.flags)),
        _ => None,
    }
}

/// The player's run rate as the server reports it: the speed of the first echoed RunForward.
pub fn run_rate(msgs: &[Message]) -> f32 {
    msgs.iter()
        .filter_map(echoed_state)
        .find(|(s, _)| s.forward_command == motion::RUN_FORWARD)
        .map(|(s, _)| s.forward_speed)
        .expect("the session runs")
}

/// The interpreted state ACE echoed for the MoveToState at `msgs[k]`: the first autonomous
/// UpdateMotion within [`ECHO_WINDOW`] messages after it.
pub fn echo_of(msgs: &[Message], k: usize) -> Option<(&InterpretedMotionState, MovementDataFlags)> {
    msgs[k + 1..]
        .iter()
        .take(ECHO_WINDOW)
        .find_map(echoed_state)
}

/// Whether `state` is the echo: stance, the three commands with their speeds bit for bit (0.0
/// and -0.0, or two NaNs, must not pass for each other), the number of actions, and the
/// standing-long-jump flag of the MoveToState in the echo's flags.
pub fn agrees_with_echo(
    state: &InterpretedMotionState,
    (echo, flags): (&InterpretedMotionState, MovementDataFlags),
    long_jump: bool,
) -> bool {
    let bits = |s: &InterpretedMotionState| {
        (
            s.current_style,
            (s.forward_command, s.forward_speed.to_bits()),
            (s.sidestep_command, s.sidestep_speed.to_bits()),
            (s.turn_command, s.turn_speed.to_bits()),
            s.actions.len(),
        )
    };
    bits(state) == bits(echo) && flags.contains(MovementDataFlags::STANDING_LONG_JUMP) == long_jump
}

/// Apply every MoveToState of `name` in order; return (pairs checked, pairs that agree).
fn replay_session(name: &str) -> (usize, usize) {
    let records = session(name);
    let msgs: Vec<Message> = records.iter().map(|r| r.message()).collect();
    let mut host = RecordingHost {
        weenie: Some(TestWeenie {
            run_rate: Some(run_rate(&msgs)),
            ..TestWeenie::default()
        }),
        ..RecordingHost::default()
    };
    let mut mi = MotionInterp::new(Rules::default());
    mi.enter_default_state(&mut host);
    let (mut checked, mut agreed) = (0, 0);
    for (k, msg) in msgs.iter().enumerate() {
        let Message::GameAction {
            action: GameAction::MoveToState(MoveToState { raw, contact, .. }),
            ..
        } = msg
        else {
            continue;
        };
        let long_jump = contact.contains(ContactFlags::STANDING_LONG_JUMP);
        mi.apply_client_raw_state(&mut host, &raw.state, long_jump)
            .unwrap();
        let Some((echo, flags)) = echo_of(&msgs, k) else {
            continue;
        };
        checked += 1;
        let state = mi.interpreted_state().unwrap();
        let same = agrees_with_echo(&state, (echo, flags), long_jump);
        if same {
            agreed += 1;
        } else {
            eprintln!(
                "{}: MoveToState {raw} gave {state:?}, ACE echoed {echo:?} (flags {flags:?})",
                records[k].name()
            );
        }
    }
    (checked, agreed)
}

#[test]
fn every_recorded_move_to_state_reproduces_the_servers_echo() {
    let results: Vec<(usize, usize)> = SESSIONS.iter().map(|s| replay_session(s)).collect();
    // combat-mode-while-moving: 63 pairs, first-login-walk-jump: 12 pairs.
    assert_eq!(results, [(63, 63), (12, 12)]);
}
