//! `ac-motiontable` — layer 2 of the acmotion stack, directly above `ac-dat`.
//!
//! Given an object's current motion state and a requested motion, this crate decides exactly
//! which link and cycle animations to play, with which speeds and physics, and tracks when each
//! requested motion completes — reproducing ACE (`Physics/Animation/MotionTable.cs`,
//! `MotionState.cs`, `Managers/MotionTableManager.cs`) bit for bit.
//!
//! # The model
//!
//! * A **style** (stance, e.g. `NonCombat`) selects a family of animations. Each style has a
//!   **default substate** (`StyleDefaults`, normally `Ready`).
//! * A **substate** is the looping state within a style (`Ready`, `WalkForward`, ...). Its
//!   **cycle** (`Cycles[(style << 16) | substate]`) ends in the node that loops.
//! * A **link** (`Links[(style, from)][to]`) is the transition played before a new cycle; a
//!   negative speed looks links up reversed and plays them backwards.
//! * An **action** (e.g. an attack or emote) plays a link and then re-appends the running cycle.
//! * A **modifier** (turns and sidesteps while moving, `Jump`) only adds velocity/omega.
//! * `num_anims` counts the link nodes appended before the new cycle: the number of AnimDone
//!   hooks the [`MotionTableManager`] waits for before it reports the motion complete.
//!
//! [`Resolver`] wraps an `ac_dat::MotionTable` with an index and implements ACE's
//! `GetObjectSequence` and friends over a [`MotionState`]; it drives the animation player only
//! through the [`AnimSequence`] trait (implemented by `ac-sequence`, and here by
//! [`RecordingSequence`] for inspection). [`MotionTableManager`] owns the state and the pending
//! queue and returns completions as values ([`MotionCompletion`]). [`Rules`] (built from a
//! [`Fidelity`] preset) holds the constants and the named switches between ACE's behaviour
//! (default) and the documented retail-client differences; every layer of the stack takes one
//! at construction.
//!
//! # Seeing why: explanations and `tracing`
//!
//! [`Resolver::explaining`] runs one request with a sink that receives every decision as an
//! [`ExplainEvent`] (branch taken, each key looked up with hit or miss, each motion queued,
//! why a request was refused): see [`explain`]. `cargo xtask explain` prints them.
//!
//! With the `tracing` cargo feature the crate also emits [`tracing`](https://docs.rs/tracing)
//! events: DEBUG for each resolution's outcome, each completed motion and each cut of redundant
//! links; TRACE for each queue append; and, on the target `ac_motiontable::explain` at TRACE,
//! every resolution the manager makes, explained one event per line (`explain::TraceExplain`).
//! The resolver's own methods emit nothing: their explanation is compiled away
//! ([`NoExplain`]). Explanations on request need no feature.
//!
//! # Cargo features
//!
//! * `tracing` — off by default. Compiles in the `tracing` events above and the
//!   `explain::TraceExplain` sink. Without it the event sites compile to nothing and `tracing`
//!   is not a dependency: zero cost. With it and no subscriber that wants an event, each site is
//!   a load and a branch (the manager's walk-and-stop step in the `resolve` benchmark runs about
//!   6% more instructions). `ac-motioninterp/tracing` and `ac-physobj/tracing` enable it.
//! * `serde` — `Serialize`/`Deserialize` on the explanation events ([`ExplainEvent`]), ids as
//!   `"0x%08X"` strings.
//!
//! # Where ACE itself crashes or hangs
//!
//! The port never panics, hangs or overflows its stack; its choices (named in `docs/quirks.md`):
//!
//! * `remodify-recursion` — `re_modify` ↔ `GetObjectSequence` recursion between two
//!   Modifier-bit substates: nesting stops at [`MAX_REMODIFY_DEPTH`] (and at most
//!   [`REMODIFY_BUDGET`] re-applications per call); the innermost modifiers stay listed without
//!   their physics.
//! * `remodify-reentry` — a nested `re_modify` empties the list the outer loop is still
//!   counting (ACE: null dereference): the outer loop ends.
//! * `enter-world-underflow` — a `0xFFFFFFFF` pending entry (`num-anims-wrap`): the drain loops of
//!   `HandleEnterWorld`/`HandleExitWorld` skip the no-op `AnimationDone` calls, giving ACE's exact
//!   result at once.
//! * `unstoppable-modifier` — `StopObjectCompletely` with a modifier that cannot be stopped: that modifier is
//!   dropped from the list (no physics change) instead of looping forever.
//! * `nan-speed-sign` — `Math.Sign(NaN)` throws in C#: here NaN is its own sign class (never "same sign").
//!
//! # Example
//!
//! ```
//! use ac_dat::{AnimData, MotionData, MotionTable};
//! use ac_motiontable::command::{cycle_key, stance::NON_COMBAT};
//! use ac_motiontable::motion::{READY, WALK_FORWARD};
//! use ac_motiontable::{
//!     MotionTableManager, MovementType, RecordingSequence, Resolver, Rules, WeenieError,
//! };
//!
//! let anim = |id| MotionData { anims: vec![AnimData::new(id)].into(), ..MotionData::default() };
//! let table = MotionTable {
//!     id: 0x0900_0001,
//!     default_style: NON_COMBAT,
//!     style_defaults: vec![(NON_COMBAT, READY)],
//!     cycles: vec![
//!         (cycle_key(NON_COMBAT, READY), anim(0x0300_0001)),
//!         (cycle_key(NON_COMBAT, WALK_FORWARD), anim(0x0300_0002)),
//!     ],
//!     links: vec![(cycle_key(NON_COMBAT, READY), vec![(WALK_FORWARD, anim(0x0300_0010))])],
//!     ..MotionTable::default()
//! };
//! let rules = Rules::default();
//! let mut mgr = MotionTableManager::new(Some(Resolver::new(table, rules)), rules);
//! let mut seq = RecordingSequence::new();
//! mgr.initialize_state(&mut seq);
//! let err = mgr.perform_movement(MovementType::InterpretedCommand, WALK_FORWARD, 1.0, &mut seq);
//! assert_eq!(err, WeenieError::None);
//! // The Ready cycle was cut; the Ready->Walk link plays, then the walk cycle loops.
//! let ids: Vec<u32> = seq.nodes().iter().map(|a| a.anim_id).collect();
//! assert_eq!(ids, [0x0300_0010, 0x0300_0002]);
//! // Walk waits for one AnimDone (the link); Ready (0 anims) completes at the next poll.
//! let mut done = Vec::new();
//! mgr.use_time(&mut done);
//! assert_eq!(done.len(), 1);
//! mgr.animation_done(true, &mut done);
//! assert_eq!(done[1].motion, WALK_FORWARD);
//! ```

#[macro_use]
mod trace;
pub mod command;
pub mod explain;
pub mod gating;
mod keymap;
mod manager;
mod pending;
mod recording;
mod resolver;
pub mod rules;
mod sequence;
mod state;
pub mod timing;
mod weenie_error;

pub use ac_dat::motion;
pub use command::{CommandMask, MotionCommand, ParseMotionError, motion_by_name, motion_name};
pub use explain::{Explain, ExplainEvent, NoExplain};
pub use manager::{AnimNode, MotionCompletion, MotionTableManager};
pub use pending::{Pending, PendingIter};
pub use recording::{RecordingSequence, SeqOp};
pub use resolver::{
    EPSILON, Explaining, MAX_REMODIFY_DEPTH, Outcome, REMODIFY_BUDGET, Resolver,
    STOP_COMPLETELY_MAX_ITERATIONS, add_motion, change_cycle_speed, combine_motion, csharp_sign,
    subtract_motion,
};
pub use rules::{Fidelity, Rules, SharedRules};
pub use sequence::AnimSequence;
pub use state::{Motion, MotionState};
pub use timing::{AnimationLookup, anim_data_length, anim_dist};
pub use weenie_error::{MovementType, WeenieError};
