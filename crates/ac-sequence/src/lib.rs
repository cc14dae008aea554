//! `ac-sequence` — the animation sequence player, third layer of the acmotion stack.
//!
//! ```text
//! ac-dat → ac-motiontable → [ac-sequence] → ac-motioninterp → ac-interp-manager → ac-physobj
//! ```
//!
//! The motion-table resolver (`ac-motiontable`) decides *what* to play and edits the anim list
//! through the [`ac_motiontable::AnimSequence`] seam, which [`Sequence`] implements. This crate
//! *plays* it: [`Sequence::update`] walks frames at each node's framerate, wraps on the cyclic
//! tail, collects animation hooks into the owning object's buffer and accumulates root motion
//! (pos frames plus the sequence velocity/omega, one frame boundary at a time) into the caller's
//! offset frame. It reproduces ACE's `Physics/Animation/Sequence.cs` and `AnimSequenceNode.cs`
//! bit for bit (spec `ace-physics-spec.md` §D), including its oddities (ODD-7 skipped last
//! frame, ODD-28 extra AnimationDone, ODD-29 empty nodes for missing animations), and replaces
//! ACE's crashes with documented, bounded behaviour (see [`Sequence::update`] and
//! [`Sequence::remove_link_animations`]).
//!
//! It also hosts [`aframe`]: ACE's `AFrame` math with System.Numerics operation order, used by
//! every layer above.
//!
//! Animation data comes from an [`AnimationSource`] (e.g. an [`AnimationCache`] filled from a
//! portal DAT); the player does no IO.

pub mod aframe;
mod node;
mod provider;
mod sequence;

pub use aframe::{AFrame, AFrameOps, EPSILON};
pub use node::AnimSequenceNode;
pub use provider::{AnimationCache, AnimationSource, DatAnimations, NoAnimations};
pub use sequence::{
    MAX_ADVANCES_PER_UPDATE, MAX_BOUNDARIES_PER_UPDATE, MAX_STALLED_ADVANCES, NodeId,
    PLAYER_IDLE_ANIMS, Sequence, SequenceError,
};
