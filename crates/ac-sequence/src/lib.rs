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
//! bit for bit, including its quirks (`docs/quirks.md`: `skip-last-frame`, `extra-anim-done`,
//! `missing-animation-node`, `frame-subtract`), and replaces
//! ACE's crashes with documented, bounded behaviour (see [`Sequence::update`] and
//! [`Sequence::remove_link_animations`]).
//!
//! It also hosts [`aframe`]: ACE's `AFrame` math with System.Numerics operation order, used by
//! every layer above, and [`Position`] (a cell id plus a frame) with the distance and heading
//! measurements the move-to, position-correction and object layers share.
//!
//! Tools that draw or explain playback turn on the [`playback`] log
//! ([`Sequence::set_playback_logging`]): every stretch of time the play head spent in a node
//! and every hook it fired, with times *inside* each update, so a link that starts and ends
//! within one tick is still seen.
//!
//! Animation data comes from an [`AnimationSource`] (an [`AnimationCache`] filled in memory or
//! preloaded from a portal DAT, or the lazily loading [`DatAnimations`]); the player does no IO.
//!
//! # Numeric fidelity
//!
//! `FrameNumber`, framerates and times are `f32` as in ACE (retail keeps the frame counter in
//! f64, quirk `frame-counter-precision`, not modelled). Frame indices use `floor` in double for the
//! boundary tests and truncation in `advance_to_next_animation`, exactly where ACE does; float →
//! int conversions saturate like .NET ≥ 9. Quaternion/vector math follows the scalar
//! System.Numerics formulas ([`aframe::nmath`]); the public rotation scenario is reproduced bit
//! for bit.
//!
//! # Where ACE crashes
//!
//! * `remove-links-empty` — `remove_link_animations(n)` on an empty list (ACE:
//!   NullReferenceException) is a no-op.
//! * `negative-multiplier-stall` — a negative framerate multiplier leaves a cyclic node with `low > high` playing backwards;
//!   ACE's `update_internal` then recurses until the stack overflows. Here the recursion is a
//!   loop that stops after [`MAX_STALLED_ADVANCES`] node transitions in a row whose leftover
//!   time does not shrink, after [`MAX_UNSHRUNK_ADVANCES`] that do not bring it below its
//!   smallest value in the update, or after [`MAX_ADVANCES_PER_UPDATE`] in total; the rest of the quantum
//!   is dropped and the play head stays at the last node entered. Each of those transitions
//!   still queues its AnimationDone hook while the list starts with a link, as ACE would have.
//! * `far-frame-range` — a stored frame range far outside the animation (e.g. a low frame of −2³¹) played very fast
//!   makes ACE walk every frame index in between, one per loop iteration. Here a run of
//!   indices outside the animation costs at most [`EXACT_OUTSIDE_BOUNDARIES`] + 1 steps
//!   (exact for short runs and whenever the result cannot depend on the length), so an update
//!   costs the frames it crosses inside its animations; [`Sequence::update`] reports the work
//!   as an [`UpdateWork`].
//! * Missing animations become empty nodes (quirk `missing-animation-node`) and are reported through
//!   [`Sequence::take_missing_animation`] so a caller can treat them as bad input.

pub mod aframe;
mod env;
mod node;
pub mod playback;
mod position;
mod provider;
mod sequence;
mod shortcut;

pub use aframe::{AFrame, AFrameOps, EPSILON};
pub use node::AnimSequenceNode;
pub use playback::{LoggedNode, LoggedUpdate, PlaySpan, PlaybackLog, PlayedHook};
pub use position::{LANDBLOCK_SIZE, Position, normalize_check_small};
pub use provider::{AnimationCache, AnimationSource, DatAnimations, NoAnimations};
pub use sequence::{
    EXACT_OUTSIDE_BOUNDARIES, MAX_ADVANCES_PER_UPDATE, MAX_BOUNDARIES_PER_UPDATE,
    MAX_STALLED_ADVANCES, MAX_UNSHRUNK_ADVANCES, NodeId, PLAYER_IDLE_ANIMS, Sequence,
    SequenceError, UpdateWork,
};
