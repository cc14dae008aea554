//! Hold run, press forward, turn left, release: prints the interpreted state and the
//! motions the interpreter issued to its (recording) physics object at each step.
//!
//! `cargo run -p ac-motioninterp --example hold_run`

use ac_motioninterp::testing::{HostEvent, RecordingHost};
use ac_motioninterp::{MotionHost, MotionInterp, MovementParameters, motion};
use ac_motiontable::Rules;

fn show(step: &str, mi: &mut MotionInterp, host: &mut RecordingHost) {
    // A tick's completion poll: zero-anim table entries finish and pop the interp queue.
    let mut done = Vec::new();
    host.check_for_completed_motions(&mut done);
    for c in done {
        mi.motion_done(host, c.success)
            .expect("default state entered");
    }
    let Some(s) = mi.interpreted_state() else {
        println!("{step}: no state yet");
        return;
    };
    println!(
        "{step}: style={:#010X} fwd={:#010X}@{} side={:#010X}@{} turn={:#010X}@{} pending={}",
        s.current_style,
        s.forward_command,
        s.forward_speed,
        s.sidestep_command,
        s.sidestep_speed,
        s.turn_command,
        s.turn_speed,
        mi.pending_motions().map_or(0, |p| p.len()),
    );
    for e in host.events.drain(..) {
        match e {
            HostEvent::DoMotion(m, speed, r) => println!("    do   {m:#010X} speed {speed} -> {r}"),
            HostEvent::StopMotion(m, speed, r) => {
                println!("    stop {m:#010X} speed {speed} -> {r}")
            }
            other => println!("    {other:?}"),
        }
    }
}

fn main() {
    let mut host = RecordingHost::default();
    let mut mi = MotionInterp::new(Rules::default());
    mi.enter_default_state(&mut host);
    show("default state", &mut mi, &mut host);

    let p = MovementParameters::default();
    mi.set_hold_run(&mut host, 1, false)
        .expect("default state entered");
    show("hold run", &mut mi, &mut host);
    mi.do_motion(&mut host, motion::WALK_FORWARD, &p)
        .expect("default state entered");
    show("press forward", &mut mi, &mut host);
    mi.do_motion(&mut host, motion::TURN_LEFT, &p)
        .expect("default state entered");
    show("turn left", &mut mi, &mut host);
    mi.stop_motion(&mut host, motion::TURN_LEFT, &p)
        .expect("default state entered");
    mi.stop_motion(&mut host, motion::WALK_FORWARD, &p)
        .expect("default state entered");
    show("release", &mut mi, &mut host);
}
