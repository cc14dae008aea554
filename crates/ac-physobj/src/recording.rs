//! Recording an object over time, for tools that draw it: a timeline of its animations, its
//! path seen from above, its speed and heading.
//!
//! A [`Recorder`] turns the object's [playback log](ac_sequence::playback) on and samples the
//! object after every step you run; [`Recorder::finish`] hands back a [`Recording`]: the
//! samples plus the log (every stretch the play head spent in a node and every hook it fired,
//! timed inside the ticks, so a link that starts and ends within one tick is still there).
//! Recording only observes: the object behaves exactly as it would unrecorded.
//!
//! ```
//! use ac_physobj::prelude::*;
//! use ac_physobj::recording::Recorder;
//! # use std::sync::Arc;
//! # let anims: AnimationCache = ac_testkit::synthetic::animations().into_iter().collect();
//! # let builder = PhysicsObj::builder()
//! #     .motion_table(ac_testkit::synthetic::humanoid_table())
//! #     .animations(Arc::new(anims));
//!
//! let mut world = World::new(Rules::default());
//! let id = world.spawn(builder)?;
//! let mut recorder = Recorder::start(&mut world[id]);
//! world[id].do_motion(motion::WALK_FORWARD, &MovementParameters::default())?;
//! for _ in 0..30 {
//!     world.step(1.0 / 30.0)?;
//!     recorder.sample(&world[id]);
//! }
//! let recording = recorder.finish(&mut world[id]);
//! let walked = recording.samples.last().unwrap().origin - recording.samples[0].origin;
//! assert!(walked.y > 1.0);
//! // The Ready→WalkForward link played first, inside the first ticks.
//! assert!(!recording.playback.spans()[0].cyclic);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use ac_motioninterp::Weenie;
use ac_sequence::PlaybackLog;
use glam::Vec3;

use crate::object::PhysicsObj;

/// The object as it stood at one moment.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ObjectSample {
    /// Sequence time (seconds): the playback log's clock, which advances with every animation
    /// update of the object (it stands still while the object is hidden or inactive).
    pub time: f64,
    /// The position frame's origin (the cell's coordinates).
    pub origin: Vec3,
    /// The compass heading in degrees (0 = +Y, clockwise, in `[0, 360)`).
    pub heading: f32,
    /// The object's world velocity (m/s).
    pub velocity: Vec3,
    /// The motion table manager's style (stance).
    pub style: u32,
    /// The motion table manager's substate.
    pub substate: u32,
    /// The substate's speed.
    pub substate_speed: f32,
}

impl ObjectSample {
    /// `obj` now, its time read from its playback log (0 while logging is off).
    pub fn capture<W: Weenie>(obj: &PhysicsObj<W>) -> Self {
        let state = obj.parts().manager.state();
        Self {
            time: obj.playback_log().map_or(0.0, PlaybackLog::clock),
            origin: obj.position().frame.origin,
            heading: obj.heading(),
            velocity: obj.velocity(),
            style: state.style,
            substate: state.substate,
            substate_speed: state.substate_mod,
        }
    }
}

/// Samples one object while you step it (see the module docs).
#[derive(Debug, Clone)]
#[must_use = "a recorder records nothing until sampled and finished"]
pub struct Recorder {
    samples: Vec<ObjectSample>,
    log: PlaybackLog,
}

impl Recorder {
    /// Starts recording `obj`: turns its playback log on (starting a fresh one, clock 0) and
    /// takes the first sample.
    pub fn start<W: Weenie>(obj: &mut PhysicsObj<W>) -> Self {
        obj.set_playback_logging(false);
        obj.set_playback_logging(true);
        Self {
            samples: vec![ObjectSample::capture(obj)],
            log: PlaybackLog::default(),
        }
    }

    /// Samples `obj` now (call it after each step).
    pub fn sample<W: Weenie>(&mut self, obj: &PhysicsObj<W>) {
        self.samples.push(ObjectSample::capture(obj));
    }

    /// The samples taken so far.
    pub fn samples(&self) -> &[ObjectSample] {
        &self.samples
    }

    /// Stops recording: turns the object's playback log off and returns the samples with the
    /// log. A recorder started on another object, or an object whose log was turned off in
    /// between, gives an empty log.
    pub fn finish<W: Weenie>(mut self, obj: &mut PhysicsObj<W>) -> Recording {
        if let Some(log) = obj.take_playback_log() {
            self.log = log;
        }
        obj.set_playback_logging(false);
        Recording {
            samples: self.samples,
            playback: self.log,
        }
    }
}

/// What a [`Recorder`] saw.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Recording {
    /// The object after each step, in order (the first one before any step).
    pub samples: Vec<ObjectSample>,
    /// The animation playback: the list at each update, the stretches and the hooks.
    pub playback: PlaybackLog,
}

impl Recording {
    /// Ground speed between consecutive samples: `(start, end, metres per second)` of the
    /// horizontal distance covered between them. Pairs that took no time are skipped.
    pub fn ground_speeds(&self) -> Vec<(f64, f64, f32)> {
        self.samples
            .windows(2)
            .filter_map(|w| {
                let dt = w[1].time - w[0].time;
                let d = (w[1].origin - w[0].origin).truncate().length();
                (dt > 0.0).then(|| (w[0].time, w[1].time, (f64::from(d) / dt) as f32))
            })
            .collect()
    }

    /// The headings of the samples made continuous: a turn through north keeps counting
    /// (350° → 370° rather than 350° → 10°), so a plot of heading over time has no jumps.
    pub fn unwrapped_headings(&self) -> Vec<f32> {
        unwrap_degrees(self.samples.iter().map(|s| s.heading))
    }
}

/// Makes a sequence of angles in degrees continuous: each step is taken the short way round
/// (within ±180°) from the previous value.
pub fn unwrap_degrees(angles: impl IntoIterator<Item = f32>) -> Vec<f32> {
    let mut out: Vec<f32> = Vec::new();
    for a in angles {
        let next = match out.last() {
            Some(&prev) if a.is_finite() && prev.is_finite() => {
                let step = (a - prev).rem_euclid(360.0);
                prev + if step > 180.0 { step - 360.0 } else { step }
            }
            _ => a,
        };
        out.push(next);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::unwrap_degrees;

    #[test]
    fn unwrapping_keeps_counting_through_north() {
        assert_eq!(
            unwrap_degrees([350.0, 355.0, 2.0, 10.0, 355.0, 180.0]),
            [350.0, 355.0, 362.0, 370.0, 355.0, 180.0]
        );
        assert_eq!(unwrap_degrees([10.0, 200.0]), [10.0, -160.0]);
        assert!(unwrap_degrees([]).is_empty());
    }
}
