//! Interpolation queue nodes (`InterpolationNode`).

use glam::Vec3;

use crate::position::Position;

/// What a queued node asks for. The numeric values are the reference's node type codes, which
/// the `im` trace line prints (`1:` position, `2:` jump, `3:` velocity).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
pub enum NodeType {
    /// Pull the object towards `position` (done by `adjust_offset`).
    Position = 1,
    /// A jump marker with an `extent`; completed by `UseTime` at once.
    Jump = 2,
    /// Set the object's velocity to `velocity` when it reaches the head (`UseTime`).
    Velocity = 3,
}

/// One entry of the interpolation queue. Every node carries all three payloads, as in the
/// reference: a blip with a jump/velocity tail applies the tail's `velocity` even for a jump
/// node (whose velocity is zero).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct InterpolationNode {
    /// Node kind.
    pub node_type: NodeType,
    /// Target position (cell 0, origin 0, identity for jump/velocity nodes).
    pub position: Position,
    /// Velocity payload (zero for position and jump nodes).
    pub velocity: Vec3,
    /// Jump extent (zero for position and velocity nodes).
    pub extent: f32,
}

impl InterpolationNode {
    /// A position node targeting `position`.
    pub fn position(position: Position) -> Self {
        Self {
            node_type: NodeType::Position,
            position,
            velocity: Vec3::ZERO,
            extent: 0.0,
        }
    }

    /// A jump node with the given extent (velocity 0,0,0, position cell 0 identity).
    pub fn jump(extent: f32) -> Self {
        Self {
            node_type: NodeType::Jump,
            position: Position::ZERO,
            velocity: Vec3::ZERO,
            extent,
        }
    }

    /// A velocity node (position cell 0 identity).
    pub fn velocity(velocity: Vec3) -> Self {
        Self {
            node_type: NodeType::Velocity,
            position: Position::ZERO,
            velocity,
            extent: 0.0,
        }
    }

    /// Whether this is a position node.
    pub fn is_position(&self) -> bool {
        self.node_type == NodeType::Position
    }
}
