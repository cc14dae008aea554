//! `ConstraintManager`: slows and finally stops the object's own movement as it strays from a
//! constraint position (ACE `ConstraintManager`).

use ac_dat::Frame;
use ac_motiontable::Rules;
use glam::Vec3;

use crate::host::InterpHost;
use crate::position::Position;
use ac_sequence::aframe::nmath;

/// Leash state: between `start_distance` and `max_distance` the offset is scaled down linearly,
/// at `max_distance` and beyond it is zeroed (only while the object has Contact).
#[derive(Debug, Clone, PartialEq)]
pub struct ConstraintManager {
    rules: Rules,
    constrained: bool,
    pos_offset: f32,
    position: Position,
    start_distance: f32,
    max_distance: f32,
}

impl ConstraintManager {
    /// An unconstrained manager under `rules` (quirk `constraint-offset`).
    pub fn new(rules: Rules) -> Self {
        Self {
            rules,
            constrained: false,
            pos_offset: 0.0,
            position: Position::ZERO,
            start_distance: 0.0,
            max_distance: 0.0,
        }
    }

    /// `ConstrainTo(pos, start, max)`: constrain around a copy of `pos`; the tracked offset
    /// starts as the distance from `pos` to the object.
    pub fn constrain_to<H: InterpHost + ?Sized>(
        &mut self,
        host: &H,
        pos: &Position,
        start_distance: f32,
        max_distance: f32,
    ) {
        self.constrained = true;
        self.position = *pos;
        self.start_distance = start_distance;
        self.max_distance = max_distance;
        self.pos_offset = pos.distance(&host.position());
    }

    /// `Unconstrain()`: stop constraining (the other fields are kept, as in the reference).
    pub fn unconstrain(&mut self) {
        self.constrained = false;
    }

    /// Whether a constraint is active.
    pub fn is_constrained(&self) -> bool {
        self.constrained
    }

    /// `IsFullyConstrained()`: `max_distance * 0.9 < pos_offset` (the interpreter refuses
    /// movement then).
    pub fn is_fully_constrained(&self) -> bool {
        self.max_distance * 0.9 < self.pos_offset
    }

    /// The tracked offset (see [`ConstraintManager::adjust_offset`]).
    pub fn pos_offset(&self) -> f32 {
        self.pos_offset
    }

    /// The constraint position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// Distance at which scaling starts.
    pub fn start_distance(&self) -> f32 {
        self.start_distance
    }

    /// Distance at which the offset is zeroed.
    pub fn max_distance(&self) -> f32 {
        self.max_distance
    }

    /// `adjust_offset(off, q)`: scale the slice's translation by
    /// `(max - pos_offset) / (max - start)` past `start`, zero it at `max` (Contact only), then
    /// update the tracked offset.
    ///
    /// ACE **assigns** this slice's offset length to the tracked offset, so it
    /// measures one slice's step, not a distance; the retail client **accumulates** it, starting
    /// from the distance at `ConstrainTo` (quirk `constraint-offset`,
    /// [`Rules::constraint_accumulates`]).
    pub fn adjust_offset<H: InterpHost + ?Sized>(&mut self, host: &H, off: &mut Frame) {
        if !self.constrained {
            return;
        }
        if host.has_contact() {
            if self.pos_offset < self.max_distance {
                if self.pos_offset > self.start_distance {
                    let f = (self.max_distance - self.pos_offset)
                        / (self.max_distance - self.start_distance);
                    off.origin *= f;
                }
            } else {
                off.origin = Vec3::ZERO;
            }
        }
        let len = nmath::length(off.origin);
        if self.rules.constraint_accumulates {
            self.pos_offset += len;
        } else {
            self.pos_offset = len;
        }
    }
}
