//! `ac-interp-manager` — network position correction: the InterpolationManager and the
//! PositionManager that owns it.
//!
//! # Place in the stack
//!
//! `ac-dat` → `ac-motiontable` → `ac-sequence` → `ac-motioninterp` → **`ac-interp-manager`** →
//! `ac-physobj`. A client receives server positions for every remote object; this crate queues
//! them and, on each physics slice, replaces the object's animation offset with a capped pull
//! towards the next queued position (or blips the object there when it falls too far behind).
//! The physics object (`ac-physobj`) owns a [`PositionManager`] and implements [`InterpHost`]
//! so the managers can read and move it without this crate naming the object type.
//!
//! # Behaviour
//!
//! ACE's version of this layer is dead code (quirk `dead-interpolation-manager`), so the rules
//! implemented are the retail client's, in both `Fidelity` modes — see [`interpolation`] for the
//! reasoning and the list of rules (`docs/quirks.md`, "Position correction"). The operation
//! order is the one the interpolation conformance traces (`interp_*`, `rnd_interp_*`) pin.
//!
//! Where the correction enters the slice: after the sequence offset is
//! scaled (or zeroed when airborne), [`PositionManager::adjust_offset`] may replace it; after
//! placement and the motion manager's `UseTime`, [`PositionManager::use_time`] runs blips and
//! velocity/jump nodes.
//!
//! [`wire`] reads and writes [`Position`] in the 32-byte layout of the movement messages.
//!
//! Sticky and constraint behaviour are included; what exactly is listed in [`position_manager`].
//!
//! No allocation happens per slice: `adjust_offset` and `use_time` only read, pop or clear the
//! queue. Nodes are added (and the `VecDeque` may grow) only by `interpolate_to`/`push_*`, i.e.
//! when a server message arrives. A fresh manager owns no heap memory, and an object without
//! position managers pays 32 bytes for its (boxed, lazily created) slots.

pub mod constraint;
pub mod host;
pub mod interpolation;
pub mod move_or_teleport;
pub mod node;
pub mod position;
pub mod position_manager;
pub mod sticky;
pub mod wire;

pub use constraint::ConstraintManager;
pub use host::InterpHost;
pub use interpolation::{InterpolationManager, autonomy_blip_distance, subtract2};
pub use move_or_teleport::{MoveOrTeleportAction, move_or_teleport_action, stamp_is_newer};
pub use node::{InterpolationNode, NodeType};
pub use position::Position;
pub use position_manager::PositionManager;
pub use sticky::StickyManager;
