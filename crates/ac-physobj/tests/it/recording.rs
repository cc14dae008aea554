//! Recording an object: it observes only, and it sees what the list between ticks hides.

use std::sync::Arc;

use ac_physobj::prelude::*;
use ac_physobj::recording::{Recorder, Recording};

fn humanoid() -> PhysicsObjBuilder {
    let anims: AnimationCache = ac_testkit::synthetic::animations().into_iter().collect();
    PhysicsObj::builder()
        .motion_table(ac_testkit::synthetic::humanoid_table())
        .animations(Arc::new(anims))
}

/// Walk, run, turn, stop at 30 Hz; the positions after every step, and the recording when
/// `record` is set.
fn walk_run_stop(record: bool) -> (Vec<[u32; 3]>, Option<Recording>) {
    let mut world = World::new(Rules::default());
    let id = world.spawn(humanoid()).expect("same rules");
    let mut recorder = record.then(|| Recorder::start(&mut world[id]));
    let walk = MovementParameters::default();
    let run = MovementParameters {
        hold_key_to_apply: HoldKey::Run,
        ..walk
    };
    let mut path = Vec::new();
    for i in 0..150 {
        let o = &mut world[id];
        let r = match i {
            0 => o.do_motion(motion::WALK_FORWARD, &walk),
            30 => o.do_motion(motion::WALK_FORWARD, &run),
            60 => o.do_motion(motion::TURN_RIGHT, &run),
            90 => o.stop_motion(motion::TURN_RIGHT, &run),
            100 => o.do_motion(motion::WALK_FORWARD, &walk),
            120 => o.stop_motion(motion::WALK_FORWARD, &walk),
            _ => Ok(()),
        };
        r.unwrap_or_else(|e| panic!("step {i}: {e:?}"));
        world.step(1.0 / 30.0).expect("finite");
        path.push(
            world[id]
                .position()
                .frame
                .origin
                .to_array()
                .map(f32::to_bits),
        );
        if let Some(r) = recorder.as_mut() {
            r.sample(&world[id]);
        }
    }
    let recording = recorder.map(|r| r.finish(&mut world[id]));
    assert!(
        world[id].playback_log().is_none(),
        "finish turns the log off"
    );
    (path, recording)
}

#[test]
fn recording_changes_nothing() {
    assert_eq!(walk_run_stop(false).0, walk_run_stop(true).0);
}

#[test]
fn a_recording_holds_the_path_the_links_and_the_hooks() {
    let (_, recording) = walk_run_stop(true);
    let r = recording.expect("recorded");
    assert_eq!(
        r.samples.len(),
        151,
        "one before the first step, one per step"
    );
    assert!(
        (r.samples[150].time - 5.0).abs() < 1e-4,
        "{}",
        r.samples[150].time
    );
    let log = &r.playback;
    assert_eq!(log.updates().len(), 150);
    // Links played: Ready→Walk, Walk→Run, …; every link stretch lies inside the recording.
    let links: Vec<_> = log.spans().iter().filter(|s| !s.cyclic).collect();
    assert!(links.len() >= 4, "{links:#?}");
    for s in log.spans() {
        assert!(
            s.start >= 0.0 && s.end <= 5.0 + 1e-4 && s.end >= s.start,
            "{s:?}"
        );
    }
    // The path goes north, then turns east (heading grows through the turn, unwrapped).
    let end = r.samples[150].origin - r.samples[0].origin;
    assert!(end.y > 5.0 && end.x > 0.5, "{end}");
    let headings = r.unwrapped_headings();
    assert!(headings[150] > 20.0, "{}", headings[150]);
    let speeds = r.ground_speeds();
    assert_eq!(speeds.len(), 150);
    let top = speeds.iter().map(|s| s.2).fold(0.0f32, f32::max);
    assert!(top > 4.0, "running is faster than walking: {top}");
    assert!(
        speeds[149].2 < 0.01,
        "stopped at the end: {:?}",
        speeds[149]
    );
    // The samples follow the motion state.
    assert!(r.samples.iter().any(|s| s.substate == motion::RUN_FORWARD));
}
