//! Cost of the per-slice position-correction work: `adjust_offset` + `use_time` on an object
//! that is being pulled towards a stream of server positions (the hot path a client runs for
//! every remote object), and on an object with an empty queue (the common idle case).
#![allow(missing_docs)] // bench_main! generates an undocumented main

use ac_motiontable::Rules;
use std::hint::black_box;

use ac_benchkit::Suite;
use ac_dat::Frame;
use ac_interp_manager::{InterpHost, Position, PositionManager};
use glam::{Quat, Vec3};

struct Obj {
    pos: Position,
}

impl InterpHost for Obj {
    fn position(&self) -> Position {
        self.pos
    }
    fn has_contact(&self) -> bool {
        true
    }
    fn adjusted_max_speed(&mut self) -> Option<f32> {
        Some(4.0)
    }
    fn set_frame(&mut self, frame: Frame) {
        self.pos.frame = frame;
    }
    fn set_position_simple(&mut self, pos: &Position) {
        self.pos = *pos;
    }
    fn set_velocity(&mut self, _velocity: Vec3) {}
}

fn at(x: f32, y: f32) -> Position {
    Position::new(
        0xA9B4_0021,
        Frame {
            origin: Vec3::new(x, y, 0.0),
            orientation: Quat::IDENTITY,
        },
    )
}

fn slice(obj: &mut Obj, pm: &mut PositionManager) {
    let mut off = Frame::IDENTITY;
    pm.adjust_offset(obj, &mut off, 1.0 / 30.0);
    obj.pos.frame.origin += off.origin;
    pm.use_time(obj);
}

fn bench(s: &mut Suite) {
    s.case("correction_slice_pulling")
        .what("adjust_offset + use_time of an object pulled towards a new server position every 10 slices")
        .counted(10_000)
        .run(
            || {
                let obj = Obj {
                    pos: at(10.0, 10.0),
                };
                (obj, PositionManager::new(Rules::default()), 0u32)
            },
            |(obj, pm, n)| {
                // A new server position every 10 slices, 1 m ahead.
                if n.is_multiple_of(10) {
                    let y = obj.pos.frame.origin.y + 1.0;
                    pm.interpolate_to(obj, &at(10.0, y), false);
                }
                *n = n.wrapping_add(1);
                slice(obj, pm);
                black_box(obj.pos)
            },
        );
    s.case("correction_slice_idle")
        .what("adjust_offset + use_time of an object whose interpolation has arrived")
        .counted(10_000)
        .run(
            || {
                let mut obj = Obj {
                    pos: at(10.0, 10.0),
                };
                let mut pm = PositionManager::new(Rules::default());
                pm.interpolate_to(&mut obj, &at(10.0, 10.01), false);
                (obj, pm)
            },
            |(obj, pm)| {
                slice(obj, pm);
                black_box(obj.pos)
            },
        );
}

ac_benchkit::bench_main!("ac-interp-manager/correction", bench);
