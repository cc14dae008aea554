//! The object's update stamps (ACE `PhysicsObj.UpdateTimes`): one counter per kind of update
//! the server sends about it, so that an update that arrives late or twice is recognised.

use std::fmt;
use std::ops::{Index, IndexMut};

/// The kinds of update an object counts (ACE `PhysicsTimeStamp`), in the order a
/// CreateObject sends their stamps.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Stamp {
    /// UpdatePositions.
    Position = 0,
    /// UpdateMotions.
    Movement = 1,
    /// State changes.
    State = 2,
    /// VectorUpdates.
    Vector = 3,
    /// Teleports (a newer one makes a position update a teleport).
    Teleport = 4,
    /// Movements the server started (move-to, turn-to).
    ServerControlledMove = 5,
    /// Positions the server forced on a player.
    ForcePosition = 6,
    /// Visual description changes.
    ObjDesc = 7,
    /// The object's incarnation: a message of an older one is about an object that is gone.
    Instance = 8,
}

impl Stamp {
    /// Every kind, in index order.
    pub const ALL: [Stamp; 9] = [
        Stamp::Position,
        Stamp::Movement,
        Stamp::State,
        Stamp::Vector,
        Stamp::Teleport,
        Stamp::ServerControlledMove,
        Stamp::ForcePosition,
        Stamp::ObjDesc,
        Stamp::Instance,
    ];

    /// The reference's name of the kind.
    pub fn name(self) -> &'static str {
        match self {
            Stamp::Position => "Position",
            Stamp::Movement => "Movement",
            Stamp::State => "State",
            Stamp::Vector => "Vector",
            Stamp::Teleport => "Teleport",
            Stamp::ServerControlledMove => "ServerControlledMove",
            Stamp::ForcePosition => "ForcePosition",
            Stamp::ObjDesc => "ObjDesc",
            Stamp::Instance => "Instance",
        }
    }
}

impl fmt::Display for Stamp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The nine stamps of an object (`UpdateTimes`), all 0 for a new object. The wire sends
/// them as `u16` counters that wrap; they are kept as the reference keeps them, in `i32`,
/// and compared with [`UpdateTimes::is_newer`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct UpdateTimes(pub [i32; 9]);

impl UpdateTimes {
    /// `newer_event(kind, stamp)`: whether `stamp` is strictly newer than the stored one, a
    /// gap of more than 32767 counting as a wrap-around (`65535 → 0` is newer).
    pub fn is_newer(&self, kind: Stamp, stamp: u16) -> bool {
        ac_interp_manager::stamp_is_newer(self[kind], i32::from(stamp))
    }

    /// Whether `stamp` is strictly older than the stored one (the mirror of
    /// [`Self::is_newer`]; equal stamps are neither).
    pub fn is_older(&self, kind: Stamp, stamp: u16) -> bool {
        ac_interp_manager::stamp_is_newer(i32::from(stamp), self[kind])
    }

    /// Store `stamp` when it is newer than the stored one; whether it was.
    pub fn advance(&mut self, kind: Stamp, stamp: u16) -> bool {
        let newer = self.is_newer(kind, stamp);
        if newer {
            self[kind] = i32::from(stamp);
        }
        newer
    }

    /// The stamps of a CreateObject, in its order (position, movement, state, vector,
    /// teleport, server control, forced position, visual description, instance).
    pub fn from_wire(stamps: [u16; 9]) -> Self {
        UpdateTimes(stamps.map(i32::from))
    }
}

impl Index<Stamp> for UpdateTimes {
    type Output = i32;
    fn index(&self, kind: Stamp) -> &i32 {
        &self.0[kind as usize]
    }
}

impl IndexMut<Stamp> for UpdateTimes {
    fn index_mut(&mut self, kind: Stamp) -> &mut i32 {
        &mut self.0[kind as usize]
    }
}

/// A message older than what the object has already seen, and therefore ignored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StaleMessage {
    /// The stamp that decided.
    pub stamp: Stamp,
    /// The object's stamp of that kind.
    pub stored: i32,
    /// The message's.
    pub received: u16,
}

impl fmt::Display for StaleMessage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} stamp {} is not newer than the object's {}",
            self.stamp, self.received, self.stored
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn newer_wraps_around_and_equal_is_neither() {
        let mut t = UpdateTimes::default();
        t[Stamp::Position] = 65535;
        assert!(t.is_newer(Stamp::Position, 0));
        assert!(!t.is_newer(Stamp::Position, 65535));
        assert!(!t.is_older(Stamp::Position, 65535));
        assert!(t.is_older(Stamp::Position, 65534));
        assert!(t.advance(Stamp::Position, 3));
        assert_eq!(t[Stamp::Position], 3);
        assert!(!t.advance(Stamp::Position, 2));
        assert_eq!(t[Stamp::Position], 3);
    }

    #[test]
    fn create_object_order_is_the_index_order() {
        let t = UpdateTimes::from_wire([1, 2, 3, 4, 5, 6, 7, 8, 9]);
        for (i, kind) in Stamp::ALL.into_iter().enumerate() {
            assert_eq!(t[kind], i as i32 + 1, "{kind}");
        }
    }
}
