//! A test double for the physics object: a position, a Contact flag, a max speed and an event
//! log of the commands the managers issue.

use ac_dat::Frame;
use ac_interp_manager::{InterpHost, Position};
use glam::{Quat, Vec3};

/// One command the managers issued on the host.
#[derive(Debug, Clone, PartialEq)]
pub enum HostEvent {
    /// `adjusted_max_speed` was queried (get_minterp).
    MaxSpeed,
    /// `set_frame(frame)`.
    SetFrame(Frame),
    /// `SetPositionSimple(pos)`.
    SetPosition(Position),
    /// `set_velocity(v)`.
    SetVelocity(Vec3),
    /// `set_target(id)`.
    SetTarget(u32),
    /// `clear_target()`.
    ClearTarget,
    /// `cancel_moveto()`.
    CancelMoveTo,
}

/// The object seen by the managers.
#[derive(Debug, Clone)]
pub struct TestHost {
    pub pos: Position,
    pub contact: bool,
    pub local_player: bool,
    /// What `adjusted_max_speed` answers (the interpreter's adjusted max speed, not doubled).
    pub speed: Option<f32>,
    pub velocity: Vec3,
    pub events: Vec<HostEvent>,
    /// Physics clock.
    pub time: f64,
    /// Other objects the world knows (id, position).
    pub others: Vec<(u32, Position)>,
    pub radius: f32,
    /// Unadjusted max speed (sticky pull).
    pub max_speed: Option<f32>,
}

impl TestHost {
    /// An object standing on the ground at `cell`, `x,y,z`, with adjusted max speed 4.
    pub fn at(cell: u32, x: f32, y: f32, z: f32) -> Self {
        Self {
            pos: pos(cell, x, y, z),
            contact: true,
            local_player: false,
            speed: Some(4.0),
            velocity: Vec3::ZERO,
            events: Vec::new(),
            time: 0.0,
            others: Vec::new(),
            radius: 0.0,
            max_speed: None,
        }
    }

    /// Events other than the speed queries.
    pub fn commands(&self) -> Vec<HostEvent> {
        self.events
            .iter()
            .filter(|e| !matches!(e, HostEvent::MaxSpeed))
            .cloned()
            .collect()
    }
}

/// A position with identity orientation.
pub fn pos(cell: u32, x: f32, y: f32, z: f32) -> Position {
    Position::new(
        cell,
        Frame {
            origin: Vec3::new(x, y, z),
            orientation: Quat::IDENTITY,
        },
    )
}

/// A position with the orientation given as w, x, y, z.
pub fn pos_q(cell: u32, o: [f32; 3], q: [f32; 4]) -> Position {
    Position::new(
        cell,
        Frame {
            origin: Vec3::from_array(o),
            orientation: Quat::from_xyzw(q[1], q[2], q[3], q[0]),
        },
    )
}

impl InterpHost for TestHost {
    fn position(&self) -> Position {
        self.pos
    }
    fn has_contact(&self) -> bool {
        self.contact
    }
    fn is_local_player(&self) -> bool {
        self.local_player
    }
    fn adjusted_max_speed(&mut self) -> Option<f32> {
        self.events.push(HostEvent::MaxSpeed);
        self.speed
    }
    fn set_frame(&mut self, frame: Frame) {
        self.events.push(HostEvent::SetFrame(frame));
        self.pos.frame = frame;
    }
    fn set_position_simple(&mut self, pos: &Position) {
        self.events.push(HostEvent::SetPosition(*pos));
        self.pos = *pos;
    }
    fn set_velocity(&mut self, velocity: Vec3) {
        self.events.push(HostEvent::SetVelocity(velocity));
        self.velocity = velocity;
    }
    fn current_time(&self) -> f64 {
        self.time
    }
    fn object_position(&self, id: u32) -> Option<Position> {
        self.others.iter().find(|(i, _)| *i == id).map(|(_, p)| *p)
    }
    fn radius(&self) -> f32 {
        self.radius
    }
    fn max_speed(&mut self) -> Option<f32> {
        self.max_speed
    }
    fn set_target(&mut self, id: u32) {
        self.events.push(HostEvent::SetTarget(id));
    }
    fn clear_target(&mut self) {
        self.events.push(HostEvent::ClearTarget);
    }
    fn cancel_moveto(&mut self) {
        self.events.push(HostEvent::CancelMoveTo);
    }
}
