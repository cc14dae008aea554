//! Integration tests of `ac-motioninterp` against the documented test doubles.

mod canonical;
mod differential;
mod gating;
mod jump;
mod lifecycle;
mod moveto;
mod retail;
mod robustness;
mod server;
mod wire_blobs;
mod wire_fuzz;

use ac_motioninterp::testing::RecordingHost;
use ac_motioninterp::{MotionInterp, MovementParameters};
use ac_motiontable::Fidelity;

/// An interpreter in its default state on a fresh recording host, events cleared.
pub fn setup() -> (MotionInterp, RecordingHost) {
    setup_with(Fidelity::Ace, RecordingHost::default())
}

/// Same with a chosen fidelity and host.
pub fn setup_with(f: Fidelity, mut host: RecordingHost) -> (MotionInterp, RecordingHost) {
    let mut mi = MotionInterp::new(f.into());
    mi.enter_default_state(&mut host);
    host.events.clear();
    (mi, host)
}

/// Default parameters with a speed.
pub fn speed(s: f32) -> MovementParameters {
    MovementParameters {
        speed: s,
        ..MovementParameters::default()
    }
}
