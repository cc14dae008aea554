//! [`Rules`]: the one value that says which behaviour every layer of the stack reproduces.
//!
//! The reference (ACE, a C# port of the retail client) and the retail client differ in a few
//! evidenced places; ACE also has tunable constants (the time-slice quanta, gravity, the speed
//! limit). All of them live here, in one `Copy` struct modelled on rapier's
//! `IntegrationParameters`: every layer takes a `Rules` when it is built and keeps it (as a
//! [`SharedRules`]: one interned allocation for all the layers of all the objects built under
//! equal rules), and a `PhysicsObj` hands the value it was built with to every layer it owns,
//! so no two layers of one object can disagree.
//!
//! Build one from a preset ([`Rules::ace`], [`Rules::retail`], `Rules::from(Fidelity::Retail)`)
//! and change single fields if needed. Each quirk switch is a `pub bool` named after what the
//! `true` value does; `false` is always ACE's behaviour, `true` the retail client's. Each one's
//! documentation gives its stable short name (the catalogue is `docs/quirks.md`), what ACE
//! does, what retail does, and the test that pins it.

use std::sync::{Arc, Mutex, PoisonError, Weak};

/// The named presets of [`Rules`].
///
/// `Ace` (the default) reproduces the ACE reference exactly, quirks included, because the
/// conformance corpus was recorded from ACE. `Retail` switches every quirk whose retail
/// behaviour is evidenced and implemented (see the switches of [`Rules`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Fidelity {
    /// Match ACE bit-for-bit (the conformance target).
    #[default]
    Ace,
    /// Apply the documented retail-client differences.
    Retail,
}

/// Constants and behaviour switches shared by every layer (see the [module docs](self)).
///
/// `Rules::default()` is [`Rules::ace`].
///
/// ```
/// use ac_motiontable::{Fidelity, Rules};
///
/// let retail = Rules::from(Fidelity::Retail);
/// assert_eq!(retail.max_quantum, 0.2);
/// assert!(retail.zero_speed_non_negative);
/// assert_eq!(retail.preset(), Some(Fidelity::Retail));
///
/// // Retail everywhere except ACE's 0.1 s slices (ACE notes 0.2 upsets move-to turning).
/// let tuned = Rules { max_quantum: 0.1, ..Rules::retail() };
/// assert_eq!(tuned.preset(), None);
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rules {
    // ------------------------------------------------------------------ time stepping
    /// The shortest time slice (`MinQuantum`, the 30 Hz tick rate). An `update_object` gap below
    /// it does nothing; a rest after whole `max_quantum` slices is simulated only when it is
    /// longer. Default `1.0 / 30.0` (as f32, widened where compared with the f64 clock), in
    /// both presets.
    pub min_quantum: f32,
    /// The longest time slice (`MaxQuantum`): longer gaps are cut into slices of this length.
    /// ACE `0.1` (ACE notes 0.2 "is buggy with MoveToManager turning"); retail `0.2`.
    pub max_quantum: f32,
    /// Gaps longer than this are dropped, not simulated (`HugeQuantum`). Default `2.0` s.
    pub huge_quantum: f64,
    // ------------------------------------------------------------------ integration
    /// Vertical acceleration of an airborne object with gravity, m/s² along +Z. Default `-9.8`.
    pub gravity: f32,
    /// Speed limit of `set_velocity` and of the integration (`MaxVelocity`). Default `50.0` m/s.
    pub max_velocity: f32,
    /// A moving body whose squared speed is within `EPSILON` of this snaps to rest
    /// (`SmallVelocitySquared`). Default `0.0625` (0.25 m/s).
    pub small_velocity_squared: f32,

    // ------------------------------------------------------------------ motion table
    /// Quirk `action-fallback-back-link`: how an action reached through the style default
    /// counts its link animations (`num_anims`, which decides when MotionDone fires). ACE
    /// (`false`) counts the to-default link twice when a back link exists; retail (`true`)
    /// counts the back link instead. Pinned by the motion-table test
    /// `odd2_action_fallback_double_counts_the_to_default_link`.
    pub action_back_link_count: bool,
    /// Quirk `zero-speed-sign`: whether two speeds have "the same sign" when one is exactly 0.
    /// ACE (`false`) compares C# `Math.Sign`, so 0 is a sign of its own; retail (`true`) counts
    /// 0 as non-negative (so a 1 → 0 re-speed rescales the cycle instead of replaying links).
    /// Pinned by `retail_o2_zero_speed_counts_as_non_negative`.
    pub zero_speed_non_negative: bool,
    /// Quirk `style-change-default`: which default substate a style change keys the new
    /// style's cycle with. ACE (`false`) uses the *current* style's default and proceeds when it
    /// is non-zero; retail (`true`) uses the *new* style's default and requires it to exist.
    /// Pinned by `odd1_style_change_uses_the_current_styles_default`.
    pub style_change_target_default: bool,

    // ------------------------------------------------------------------ sequence
    /// Quirk `missing-animation-node`: an animation the source cannot load. ACE (`false`)
    /// appends an empty 0-frame node; retail (`true`) appends nothing. Both report the id.
    /// Pinned by the sequence test `missing_animation_is_reported`.
    pub drop_missing_animation: bool,

    // ------------------------------------------------------------------ interpreter
    /// Quirk `motion-params-copy`: which movement parameters `DoMotion`/`StopMotion` pass on.
    /// ACE (`false`) copies only some (dropping the context id, action stamp, autonomous flag,
    /// jump-during-link flag, …); retail (`true`) copies every field. Pinned by
    /// `o8_do_motion_copies_every_parameter_in_retail`.
    pub copy_all_motion_params: bool,
    /// Quirk `raw-path-predicate`: when the movement state is re-applied from the raw rather
    /// than the interpreted state (`apply_current_movement`, `ReportExhaustion`). ACE (`false`):
    /// raw unless the weenie is a non-creature or the movement is not autonomous
    /// (`ReportExhaustion` has its own variant); retail (`true`): raw only for the local player
    /// (or no weenie) moving autonomously, in both. Pinned by
    /// `o5_raw_path_only_for_the_local_player_in_retail`.
    pub raw_path_local_player: bool,
    /// Quirk `exhaustion-jump-flag`: `ReportExhaustion` re-applies the movement with jumping
    /// disallowed during the link in ACE (`false`), allowed in retail (`true`). Pinned by
    /// `o7_report_exhaustion_keeps_jumping_allowed_in_retail`.
    pub exhaustion_allows_jump: bool,
    /// Quirk `jump-blocked-fall`: the fall motion that `motion_allows_jump` refuses besides the
    /// five blocked ranges. ACE (`false`) blocks Falling; retail (`true`) blocks Fallen and
    /// allows Falling. Pinned by the interpreter test `predicate_ranges_and_their_retail_variants`.
    pub fallen_blocks_jump: bool,
    /// Quirk `charge-jump-ranges`: the forward commands `charge_jump` refuses. ACE (`false`)
    /// blocks Falling and Crouch..Sleeping with Sleeping excluded; retail (`true`) blocks
    /// Fallen and Crouch..=Sleeping, like `jump_charge_is_allowed`. Pinned by
    /// `charge_jump_boundaries_differ_from_jump_charge_is_allowed_odd14`.
    pub charge_jump_blocks_like_jump_charge: bool,
    /// Quirk `jump-gate-no-weenie`: whether an object without a weenie may jump in the air.
    /// ACE (`false`) lets it; retail (`true`) requires no gravity or ground contact, as for a
    /// creature. Pinned by `no_weenie_jumps_at_ten_and_skips_the_ground_check_in_ace_only`.
    pub no_weenie_jump_needs_ground: bool,
    /// Quirk `jump-pending-head`: `jump_is_allowed` returns the head pending motion's jump
    /// error only when more than one motion is pending in ACE (`false`), whenever one is in
    /// retail (`true`). Pinned by
    /// `head_pending_jump_error_applies_only_with_more_than_one_entry_in_ace`.
    pub any_pending_head_blocks_jump: bool,
    /// Quirk `state-velocity-no-weenie`: the run rate that caps `get_state_velocity` for an
    /// object without a weenie. ACE (`false`) uses the interpreter's last run rate; retail
    /// (`true`) uses 1. Pinned by `o18_state_velocity_cap_without_weenie`.
    pub no_weenie_run_rate_one: bool,
    /// Quirk `default-state-queue`: `enter_default_state` on an interpreter that already has
    /// state. ACE (`false`) replaces the pending-motion list; retail (`true`) appends Ready to
    /// the existing one. Pinned by `o21_enter_default_state_keeps_old_entries_in_retail`.
    pub default_state_keeps_queue: bool,
    /// Quirk `hold-key-run`: `SetHoldKey(Run)`. ACE (`false`) ignores it; retail (`true`) sets
    /// Run and re-applies the movement. Pinned by
    /// `releasing_run_through_set_hold_key_reapplies_but_setting_run_does_not_in_ace`.
    pub hold_key_run_applies: bool,
    /// Quirk `action-stamp-mask`: `move_to_interpreted_state` masks the server's action stamp
    /// to 19 bits in ACE (`false`), to 15 bits like the action's own stamp in retail (`true`).
    /// Pinned by `action_stamp_mask_keeps_19_server_bits_in_ace_and_15_in_retail`.
    pub short_server_action_stamp: bool,
    /// Quirk `action-replay-filter`: which actions `move_to_interpreted_state` replays. ACE
    /// (`false`): a creature's, or autonomous ones; retail (`true`): anything but the local
    /// player's, or non-autonomous ones (the local player predicted its own). Pinned by
    /// `o6_and_item9_action_replay_filter_and_stamp_masks`.
    pub replay_skips_local_player: bool,

    // ------------------------------------------------------------------ position manager
    /// Quirk `constraint-offset`: the distance a constrained object has strayed. ACE (`false`)
    /// assigns the length of this slice's offset; retail (`true`) accumulates it from the
    /// distance at `ConstrainTo`. Pinned by the interp-manager test `constraint_retail_accumulates`.
    pub constraint_accumulates: bool,

    // ------------------------------------------------------------------ physics object
    /// Quirk `frame-quaternion-validity`: when `set_frame` (with a valid origin) zeroes the
    /// orientation. ACE (`false`): when it is NaN or not unit length within 0.001; retail
    /// (`true`): only when it contains NaN. Pinned by the physics-object test
    /// `set_frame_validity_differs_by_fidelity`.
    pub nan_only_quaternion_check: bool,
    /// Quirk `minterp-activation`: which objects `get_minterp` activates when it creates the
    /// movement manager. ACE (`false`): only Static ones; retail (`true`): only non-static
    /// ones. Pinned by `get_minterp_activation_differs_by_fidelity`.
    pub minterp_activates_non_static: bool,
    /// Quirk `update-slicing`: how `update_object` cuts a gap into slices. ACE (`false`): gaps
    /// below `min_quantum` do nothing; longer ones step `max_quantum` slices, then a rest above
    /// `min_quantum`. Retail (`true`): a gap within `EPSILON` resyncs without stepping, a gap up
    /// to `max_quantum` is one slice with no minimum, longer ones as ACE. Pinned by
    /// `update_object_slices_like_ace` and `retail_quanta_step_small_gaps_whole`.
    pub single_slice_small_gaps: bool,
    /// Quirk `world-tick-gate`: where the 30 Hz gate sits. ACE (`false`): each object skips gaps
    /// below `min_quantum` itself; retail (`true`): the world updates no object at all when
    /// less than `min_quantum` passed since its last update. Pinned by
    /// `retail_world_gate_is_global`.
    pub global_tick_gate: bool,
    /// Quirk `move-to-defaults`: the parameters a move-to starts from
    /// (`MovementParameters::move_to_defaults`). ACE (`false`): flag word 0x1EE1F (CanCharge
    /// on), walk/run threshold 1 m. Retail (`true`): 0x1EE0F (CanCharge off), 15 m — moves built
    /// from defaults walk unless more than 15 m beyond the arrival distance. Pinned by
    /// `retail_managers_start_from_retail_defaults`.
    pub retail_move_to_defaults: bool,
}

impl Rules {
    /// ACE's behaviour and constants: the conformance target.
    pub const fn ace() -> Self {
        Self {
            min_quantum: 1.0 / 30.0,
            max_quantum: 0.1,
            huge_quantum: 2.0,
            gravity: -9.8,
            max_velocity: 50.0,
            small_velocity_squared: 0.0625,
            action_back_link_count: false,
            zero_speed_non_negative: false,
            style_change_target_default: false,
            drop_missing_animation: false,
            copy_all_motion_params: false,
            raw_path_local_player: false,
            exhaustion_allows_jump: false,
            fallen_blocks_jump: false,
            charge_jump_blocks_like_jump_charge: false,
            no_weenie_jump_needs_ground: false,
            any_pending_head_blocks_jump: false,
            no_weenie_run_rate_one: false,
            default_state_keeps_queue: false,
            hold_key_run_applies: false,
            short_server_action_stamp: false,
            replay_skips_local_player: false,
            constraint_accumulates: false,
            nan_only_quaternion_check: false,
            minterp_activates_non_static: false,
            single_slice_small_gaps: false,
            global_tick_gate: false,
            retail_move_to_defaults: false,
        }
    }

    /// The retail client's behaviour: every switch on, `max_quantum` 0.2 s.
    pub const fn retail() -> Self {
        Self {
            min_quantum: 1.0 / 30.0,
            max_quantum: 0.2,
            huge_quantum: 2.0,
            gravity: -9.8,
            max_velocity: 50.0,
            small_velocity_squared: 0.0625,
            action_back_link_count: true,
            zero_speed_non_negative: true,
            style_change_target_default: true,
            drop_missing_animation: true,
            copy_all_motion_params: true,
            raw_path_local_player: true,
            exhaustion_allows_jump: true,
            fallen_blocks_jump: true,
            charge_jump_blocks_like_jump_charge: true,
            no_weenie_jump_needs_ground: true,
            any_pending_head_blocks_jump: true,
            no_weenie_run_rate_one: true,
            default_state_keeps_queue: true,
            hold_key_run_applies: true,
            short_server_action_stamp: true,
            replay_skips_local_player: true,
            constraint_accumulates: true,
            nan_only_quaternion_check: true,
            minterp_activates_non_static: true,
            single_slice_small_gaps: true,
            global_tick_gate: true,
            retail_move_to_defaults: true,
        }
    }

    /// The preset these rules equal, or `None` for a tuned mix.
    pub fn preset(&self) -> Option<Fidelity> {
        if *self == Self::ace() {
            Some(Fidelity::Ace)
        } else if *self == Self::retail() {
            Some(Fidelity::Retail)
        } else {
            None
        }
    }

    /// Whether `MotionInterp.motion_allows_jump` lets a jump start from motion `id` (false →
    /// `YouCantJumpFromThisPosition`): the blocked ranges, plus Falling (ACE) or Fallen
    /// (retail) — quirk `jump-blocked-fall`. Ids whose command number is below
    /// `gating::JUMP_BLOCKING_NUMBERS_START` (8) allow it without the range tests (the proof
    /// is that constant's doc comment).
    #[inline]
    pub fn motion_allows_jump(&self, id: u32) -> bool {
        if id & 0xFFFF < crate::gating::JUMP_BLOCKING_NUMBERS_START {
            return true;
        }
        let fall = if self.fallen_blocks_jump {
            crate::motion::FALLEN
        } else {
            crate::motion::FALLING
        };
        !(crate::gating::in_jump_blocking_range(id) || id == fall)
    }

    /// Whether `MotionInterp.charge_jump` accepts forward command `id` (false → refusal) —
    /// quirk `charge-jump-ranges`.
    #[inline]
    pub fn charge_jump_allowed(&self, id: u32) -> bool {
        use crate::motion::{CROUCH, FALLING, SLEEPING};
        if self.charge_jump_blocks_like_jump_charge {
            crate::gating::jump_charge_allowed(id)
        } else {
            !(id == FALLING || (CROUCH..SLEEPING).contains(&id))
        }
    }
}

impl Default for Rules {
    /// [`Rules::ace`].
    fn default() -> Self {
        Self::ace()
    }
}

impl From<Fidelity> for Rules {
    fn from(f: Fidelity) -> Self {
        match f {
            Fidelity::Ace => Self::ace(),
            Fidelity::Retail => Self::retail(),
        }
    }
}

/// [`Rules`] held by reference: every layer of every object stores one of these instead of a
/// copy (8 bytes instead of 56, five times per object), and equal rules share one allocation.
///
/// [`SharedRules::new`] interns: objects built with equal rules point at the same value, so a
/// world of objects under one rule set holds it once. The table keeps only weak references,
/// so rules nobody uses any more are freed.
#[derive(Clone)]
pub struct SharedRules(Arc<Rules>);

impl SharedRules {
    /// The shared copy of `rules` (made on first use).
    pub fn new(rules: Rules) -> Self {
        static INTERNED: Mutex<Vec<Weak<Rules>>> = Mutex::new(Vec::new());
        // A poisoned table is still a valid list of weak references.
        let mut table = INTERNED.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(shared) = table
            .iter()
            .filter_map(Weak::upgrade)
            .find(|r| **r == rules)
        {
            return SharedRules(shared);
        }
        table.retain(|w| w.strong_count() > 0);
        let shared = Arc::new(rules);
        table.push(Arc::downgrade(&shared));
        SharedRules(shared)
    }

    /// A copy of the rules.
    #[must_use]
    pub fn get(&self) -> Rules {
        *self.0
    }
}

impl std::ops::Deref for SharedRules {
    type Target = Rules;
    fn deref(&self) -> &Rules {
        &self.0
    }
}

impl From<Rules> for SharedRules {
    fn from(rules: Rules) -> Self {
        SharedRules::new(rules)
    }
}

impl Default for SharedRules {
    fn default() -> Self {
        SharedRules::new(Rules::default())
    }
}

impl PartialEq for SharedRules {
    fn eq(&self, other: &Self) -> bool {
        *self.0 == *other.0
    }
}

impl std::fmt::Debug for SharedRules {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}
