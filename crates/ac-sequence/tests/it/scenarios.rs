//! The sequence-only scenarios of the public conformance corpus (copied into `data/`), run
//! through the minimal harness and compared with the recorded ACE traces.

use crate::harness;

fn check(name: &str) {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/it/data/");
    let scn = std::fs::read_to_string(format!("{dir}{name}.scn")).expect("scenario file");
    let exp = std::fs::read_to_string(format!("{dir}{name}.expected")).expect("expected file");
    let actual = harness::run(&scn);
    let expected = harness::filter_expected(&exp);
    if let Err(e) = harness::compare(&expected, &actual, harness::rotation_tolerant(&scn)) {
        panic!("{name}: first difference at {e}");
    }
}

macro_rules! scenario_tests {
    ($($name:ident),* $(,)?) => {
        $(#[test] fn $name() { check(stringify!($name)); })*
    };
}

scenario_tests!(
    seq_direct_append,
    seq_empty_physics,
    seq_frame_ranges,
    seq_hooks_directions,
    seq_multiply_framerate,
    seq_negative_framerate,
    seq_negative_quantum,
    seq_remove_cyclic,
    seq_remove_link_animations,
    seq_rotation,
    seq_zero_frame_anim,
    seq_zero_quantum,
    rnd_00016,
);
