//! The object's state and transient flag words (ACE `PhysicsState`, `TransientStateFlags`).

use bitflags::bitflags;

bitflags! {
    /// ACE `PhysicsState`: persistent behaviour bits of an object. Only the bits the tick reads are
    /// named; every other bit is kept as given (`from_bits_retain`) so `set state=` round-trips.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
    pub struct ObjectState: u32 {
        /// Never moves: `set_active(true)` and `set_velocity` do not activate it.
        const STATIC = 0x1;
        /// Ethereal (no collision; unused without collision).
        const ETHEREAL = 0x4;
        /// Face along the path actually moved each slice.
        const ALIGN_PATH = 0x100;
        /// Gravity accelerates the object when it is not on walkable ground.
        const GRAVITY = 0x400;
        /// Hidden: the sequence does not advance and physics does not integrate.
        const HIDDEN = 0x4000;
        /// Sledding: face along the velocity; friction rules of `calc_friction` change.
        const SLEDDING = 0x80_0000;
        /// Frozen: `update_object` deactivates and does nothing.
        const FROZEN = 0x100_0000;
    }
}

bitflags! {
    /// ACE `TransientStateFlags`: per-tick contact and activity bits.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
    pub struct TransientState: u32 {
        /// Touching a surface.
        const CONTACT = 0x1;
        /// Standing on walkable ground (scales root motion, enables friction).
        const ON_WALKABLE = 0x2;
        /// Sliding along a surface.
        const SLIDING = 0x4;
        /// The object is simulated by `update_object`.
        const ACTIVE = 0x80;
    }
}
