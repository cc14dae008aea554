//! The motion-table resolver (ports ACE's `MotionTable`).
//!
//! [`Resolver`] wraps an `ac_dat::MotionTable` with sorted indexes built once, so every lookup
//! is a binary search and resolution never allocates. Its methods take the object's
//! [`MotionState`] and drive an [`AnimSequence`]; they return an [`Outcome`] (ACE's `bool` and
//! its `ref uint numAnims`).

use std::sync::Arc;

use ac_dat::{AnimData, MotionData, MotionTable};

use crate::command::{
    cycle_key, is_action, is_modifier, is_style, is_substate, modifier_key, style_link_key,
    styleless_modifier_key,
};
use crate::{AnimSequence, MotionState, Rules, SharedRules};

/// ACE's `PhysicsGlobals.EPSILON` (0.0002f): the "too small to matter" tolerance of the whole
/// physics code (here the threshold of `change_cycle_speed`). This is its only definition:
/// every layer above uses this constant.
pub const EPSILON: f32 = 0.0002;

/// How deep `re_modify` → `GetObjectSequence` → `re_modify` may nest.
///
/// Quirk `remodify-recursion` (robustness case `mt_remodify_infinite_recursion`): two
/// Modifier-bit substates whose cycles lack Bitfield 0x2 carry each other over forever and ACE
/// overflows its stack. The port stops re-applying modifiers at this depth: the nested
/// `re_modify` returns without touching the list, so the modifiers it would have re-applied stay
/// listed but their physics is not re-combined. Every non-crashing ACE input nests far less.
pub const MAX_REMODIFY_DEPTH: u32 = 8;

/// How many modifier re-applications one top-level resolver call may perform in total (all
/// nesting levels together); a second guard of the same robustness case against a wide-and-deep
/// blow-up. When exhausted, remaining `re_modify` loops stop early.
pub const REMODIFY_BUDGET: u32 = 4096;

/// Upper bound on `StopObjectCompletely`'s modifier-drain loop iterations (see
/// [`Resolver::stop_object_completely`], quirk `unstoppable-modifier`).
pub const STOP_COMPLETELY_MAX_ITERATIONS: u32 = 1024;

/// What a resolver call reports: ACE's boolean result and its `numAnims` out-parameter.
///
/// `num_anims` is the number of non-tail animation nodes the call appended, i.e. how many
/// AnimDone hooks must fire before the new cycle is reached. It is a `u32` computed with ACE's
/// wrapping `sum − 1`, so a cycle without anims and without links gives `0xFFFFFFFF` (quirk `num-anims-wrap`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Outcome {
    /// Whether the table could resolve the request.
    pub ok: bool,
    /// ACE `numAnims` after the call.
    pub num_anims: u32,
}

/// Recursion bookkeeping for the `re_modify` guards (robustness, not ACE state).
#[derive(Debug, Clone, Copy)]
struct Guard {
    depth: u32,
    budget: u32,
}

impl Guard {
    fn new() -> Self {
        Self {
            depth: 0,
            budget: REMODIFY_BUDGET,
        }
    }
}

/// C# `Math.Sign(float)`: −1, 0 (for ±0) or +1.
///
/// C# throws on NaN; the port maps NaN to its own class `2`, so a NaN speed never counts as the
/// same sign as a number (a documented robustness choice).
pub fn csharp_sign(x: f32) -> i32 {
    if x > 0.0 {
        1
    } else if x < 0.0 {
        -1
    } else if x == 0.0 {
        0
    } else {
        2
    }
}

/// A motion table with lookup indexes: ACE's physics `MotionTable` object.
///
/// Keys repeated in the record resolve to the **last** entry (dictionary overwrite semantics).
/// The record and its indexes are shared behind an `Arc`, so cloning a resolver (one per object
/// using the table) is cheap.
#[derive(Debug, Clone)]
pub struct Resolver {
    ix: Arc<Index>,
    /// The rules the table is read under. `pub(crate)` so a [`crate::MotionTableManager`] can
    /// read a shared index under its own object's rules.
    pub(crate) rules: SharedRules,
}

/// The record and its sorted indexes (built once per table).
#[derive(Debug)]
struct Index {
    table: Arc<MotionTable>,
    style_defaults: Vec<(u32, u32)>,
    cycles: Vec<(u32, u32)>,
    modifiers: Vec<(u32, u32)>,
    /// `(outer key, start, len)` into `link_inner`, sorted by outer key.
    link_outer: Vec<(u32, u32, u32)>,
    /// `(inner key, outer record index, inner record index)`, each outer range sorted by inner key.
    link_inner: Vec<(u32, u32, u32)>,
}

/// Sort `(key, payload)` pairs by key keeping only the last occurrence of each key.
fn index_last_wins<T: Copy>(mut v: Vec<(u32, T)>) -> Vec<(u32, T)> {
    // Stable sort keeps file order among equal keys; keep the last of each run.
    v.sort_by_key(|e| e.0);
    let mut out: Vec<(u32, T)> = Vec::with_capacity(v.len());
    for e in v {
        match out.last_mut() {
            Some(last) if last.0 == e.0 => *last = e,
            _ => out.push(e),
        }
    }
    out
}

/// `(key, position in file order)` for every entry of a record map, indexed last-wins.
fn index_positions<T>(entries: &[(u32, T)]) -> Vec<(u32, u32)> {
    index_last_wins(
        entries
            .iter()
            .enumerate()
            .map(|(i, (k, _))| (*k, i as u32))
            .collect(),
    )
}

fn lookup<T: Copy>(v: &[(u32, T)], key: u32) -> Option<T> {
    v.binary_search_by_key(&key, |e| e.0).ok().map(|i| v[i].1)
}

impl Resolver {
    /// Index `table`, to be read under `rules` (only its motion-table switches matter here).
    pub fn new(table: impl Into<Arc<MotionTable>>, rules: Rules) -> Self {
        let table: Arc<MotionTable> = table.into();
        let style_defaults = index_last_wins(table.style_defaults.clone());
        let cycles = index_positions(&table.cycles);
        let modifiers = index_positions(&table.modifiers);
        let outers = index_positions(&table.links);
        let mut link_outer = Vec::with_capacity(outers.len());
        let mut link_inner = Vec::new();
        for (key, oi) in outers {
            let inner = &table.links[oi as usize].1;
            let entries = index_last_wins(
                inner
                    .iter()
                    .enumerate()
                    .map(|(ii, (k, _))| (*k, ii as u32))
                    .collect(),
            );
            let start = link_inner.len() as u32;
            link_inner.extend(entries.iter().map(|&(k, ii)| (k, oi, ii)));
            link_outer.push((key, start, entries.len() as u32));
        }
        Self {
            ix: Arc::new(Index {
                table,
                style_defaults,
                cycles,
                modifiers,
                link_outer,
                link_inner,
            }),
            rules: SharedRules::new(rules),
        }
    }

    /// The rules this resolver reads its table under.
    pub fn rules(&self) -> Rules {
        self.rules.get()
    }

    /// The wrapped record.
    pub fn table(&self) -> &MotionTable {
        &self.ix.table
    }

    /// The shared record (to build another resolver or manager without copying).
    pub fn table_arc(&self) -> &Arc<MotionTable> {
        &self.ix.table
    }

    /// The table's file id (ACE `MotionTable.ID`).
    pub fn id(&self) -> u32 {
        self.ix.table.id
    }

    /// The table's `DefaultStyle`.
    pub fn default_style(&self) -> u32 {
        self.ix.table.default_style
    }

    /// `StyleDefaults[style]`.
    pub fn style_default(&self, style: u32) -> Option<u32> {
        lookup(&self.ix.style_defaults, style)
    }

    /// `StyleDefaults[style]` or 0 (C# `TryGetValue` leaves the out value 0).
    fn sd_or_0(&self, style: u32) -> u32 {
        self.style_default(style).unwrap_or(0)
    }

    /// `Cycles[key]` (raw key).
    pub fn cycle(&self, key: u32) -> Option<&MotionData> {
        lookup(&self.ix.cycles, key).map(|i| &self.ix.table.cycles[i as usize].1)
    }

    /// `Modifiers[key]` (raw key).
    pub fn modifier(&self, key: u32) -> Option<&MotionData> {
        lookup(&self.ix.modifiers, key).map(|i| &self.ix.table.modifiers[i as usize].1)
    }

    /// `Links[outer]` as its inner entries `(destination, motion data)`, sorted by destination;
    /// `None` when the outer map is missing (distinct from an empty map).
    pub fn links_from(
        &self,
        outer: u32,
    ) -> Option<impl ExactSizeIterator<Item = (u32, &MotionData)> + '_> {
        let (start, len) = lookup_outer(&self.ix.link_outer, outer)?;
        Some(
            self.ix.link_inner[start as usize..(start + len) as usize]
                .iter()
                .map(|&(k, oi, ii)| (k, &self.ix.table.links[oi as usize].1[ii as usize].1)),
        )
    }

    /// `Links[outer]` present? and then `Links[outer][inner]`.
    fn link_lookup(&self, outer: u32, inner: u32) -> Option<Option<&MotionData>> {
        let (start, len) = lookup_outer(&self.ix.link_outer, outer)?;
        let slice = &self.ix.link_inner[start as usize..(start + len) as usize];
        Some(
            slice
                .binary_search_by_key(&inner, |e| e.0)
                .ok()
                .map(|i| &self.ix.table.links[slice[i].1 as usize].1[slice[i].2 as usize].1),
        )
    }

    /// `Links[outer][inner]` (raw keys).
    pub fn link(&self, outer: u32, inner: u32) -> Option<&MotionData> {
        self.link_lookup(outer, inner).flatten()
    }

    /// The speed-sign test of the substate branch.
    ///
    /// ACE compares `Math.Sign` values, so 0 is its own sign. Retail treats 0 as non-negative
    /// (quirk `zero-speed-sign`).
    fn same_sign(&self, a: f32, b: f32) -> bool {
        if self.rules.zero_speed_non_negative {
            (a < 0.0) == (b < 0.0)
        } else {
            csharp_sign(a) == csharp_sign(b)
        }
    }

    /// ACE `get_link`: the transition from `substate` to `motion` within `style`.
    ///
    /// Any negative speed selects the reversed lookup `Links[(style, motion)][substate]`, whose
    /// second fallback is the *forward* link `substate → StyleDefaults[style]` (it ignores
    /// `motion`). Forward lookups fall back to the style-wide map `Links[style << 16]`.
    pub fn get_link(
        &self,
        style: u32,
        substate: u32,
        substate_speed: f32,
        motion: u32,
        speed: f32,
    ) -> Option<&MotionData> {
        if speed < 0.0 || substate_speed < 0.0 {
            if let Some(Some(md)) = self.link_lookup(cycle_key(style, motion), substate) {
                return Some(md);
            }
            if let Some(d) = self.style_default(style)
                && let Some(found) = self.link_lookup(cycle_key(style, substate), d)
            {
                return found;
            }
            None
        } else {
            if let Some(Some(md)) = self.link_lookup(cycle_key(style, substate), motion) {
                return Some(md);
            }
            if let Some(found) = self.link_lookup(style_link_key(style), motion) {
                return found;
            }
            None
        }
    }

    /// ACE `is_allowed`: a cycle with Bitfield 0x2 ("restricted") is enterable only
    /// from itself or from the style's default substate.
    pub fn is_allowed(&self, motion: u32, md: Option<&MotionData>, state: &MotionState) -> bool {
        let Some(md) = md else { return false };
        if !md.is_restricted() || motion == state.substate {
            return true;
        }
        self.sd_or_0(state.style) == state.substate
    }

    /// ACE `DoObjectMotion`: [`Self::get_object_sequence`] with `stop_modifiers = false`.
    pub fn do_object_motion<S: AnimSequence + ?Sized>(
        &self,
        motion: u32,
        state: &mut MotionState,
        seq: &mut S,
        speed: f32,
    ) -> Outcome {
        self.get_object_sequence(motion, state, seq, speed, false)
    }

    /// ACE `GetObjectSequence`: resolve `motion` against `state`, rewrite the
    /// sequence and the state.
    ///
    /// Branches are tried in the order Style → SubState → Action → Modifier and a branch that
    /// finds no data falls through to the next class test.
    pub fn get_object_sequence<S: AnimSequence + ?Sized>(
        &self,
        motion: u32,
        state: &mut MotionState,
        seq: &mut S,
        speed: f32,
        stop_modifiers: bool,
    ) -> Outcome {
        let mut n = 0;
        let ok = self.gos(
            motion,
            state,
            seq,
            speed,
            &mut n,
            stop_modifiers,
            &mut Guard::new(),
        );
        Outcome { ok, num_anims: n }
    }

    #[allow(clippy::too_many_arguments)]
    fn gos<S: AnimSequence + ?Sized>(
        &self,
        motion: u32,
        st: &mut MotionState,
        seq: &mut S,
        speed: f32,
        num_anims: &mut u32,
        stop_modifiers: bool,
        guard: &mut Guard,
    ) -> bool {
        *num_anims = 0;
        if st.style == 0 || st.substate == 0 {
            return false;
        }
        let sd = self.sd_or_0(st.style);
        // The guard: "go to the default" while the substate is a turn/sidestep is a no-op
        // (quirk `ready-while-turning`).
        if motion == sd && !stop_modifiers && is_modifier(st.substate) {
            return true;
        }

        // ---- 1. STYLE ----
        if is_style(motion) {
            if st.style == motion {
                return true;
            }
            let pre = if sd != st.substate {
                self.get_link(st.style, st.substate, st.substate_mod, sd, speed)
            } else {
                None
            };
            // ACE keys the new style's cycle with the CURRENT style's default substate and
            // commits it; retail uses StyleDefaults[new style] and requires it to exist (quirk
            // `style-change-default`).
            let target_sd = if self.rules.style_change_target_default {
                self.style_default(motion)
            } else {
                Some(sd).filter(|&d| d != 0)
            };
            if let Some(target_sd) = target_sd
                && let Some(cyc) = self.cycle(cycle_key(motion, target_sd))
            {
                if cyc.clears_modifiers() {
                    st.clear_modifiers();
                }
                let mut link = self.get_link(st.style, sd, st.substate_mod, motion, speed);
                let mut via = None;
                if link.is_none() && st.style != motion {
                    link = self.get_link(st.style, sd, 1.0, self.default_style(), 1.0);
                    let dd = self.sd_or_0(self.default_style());
                    via = self.get_link(self.default_style(), dd, 1.0, motion, 1.0);
                }
                seq.clear_physics();
                seq.remove_cyclic_anims();
                add_motion(seq, pre, speed);
                add_motion(seq, link, speed);
                add_motion(seq, via, speed);
                add_motion(seq, Some(cyc), speed);
                st.substate = target_sd;
                st.style = motion;
                st.substate_mod = speed;
                self.re_modify(seq, st, guard);
                *num_anims = count(pre)
                    .wrapping_add(count(link))
                    .wrapping_add(count(via))
                    .wrapping_add(count(Some(cyc)))
                    .wrapping_sub(1);
                return true;
            }
        }

        // ---- 2. SUBSTATE ----
        if is_substate(motion) {
            let md = self
                .cycle(cycle_key(st.style, motion))
                .or_else(|| self.cycle(cycle_key(self.default_style(), motion)));
            if let Some(md) = md
                && self.is_allowed(motion, Some(md), st)
            {
                if motion == st.substate
                    && seq.has_anims()
                    && self.same_sign(speed, st.substate_mod)
                {
                    // Speed change of the running cycle: no new nodes, num_anims stays 0.
                    change_cycle_speed(seq, st.substate_mod, speed);
                    subtract_motion(seq, Some(md), st.substate_mod);
                    combine_motion(seq, Some(md), speed);
                    st.substate_mod = speed;
                    return true;
                }
                if md.clears_modifiers() {
                    st.clear_modifiers();
                }
                let mut link = self.get_link(st.style, st.substate, st.substate_mod, motion, speed);
                let mut via = None;
                if link.is_none() || !self.same_sign(speed, st.substate_mod) {
                    let d = self.sd_or_0(st.style);
                    link = self.get_link(st.style, st.substate, st.substate_mod, d, 1.0);
                    via = self.get_link(st.style, d, 1.0, motion, speed);
                }
                seq.clear_physics();
                seq.remove_cyclic_anims();
                if via.is_some() {
                    add_motion(seq, link, st.substate_mod);
                    add_motion(seq, via, speed);
                } else {
                    // One-sided sign fix (the retail client does the same).
                    let mut s = speed;
                    if st.substate_mod < 0.0 && speed > 0.0 {
                        s *= -1.0;
                    }
                    add_motion(seq, link, s);
                }
                add_motion(seq, Some(md), speed);
                // Carry a turn/sidestep substate over as a modifier (the retail client makes the same
                // three tests).
                if st.substate != motion
                    && is_modifier(st.substate)
                    && self.sd_or_0(st.style) != motion
                {
                    st.add_modifier_no_check(st.substate, st.substate_mod);
                }
                st.substate_mod = speed;
                st.substate = motion;
                self.re_modify(seq, st, guard);
                *num_anims = count(Some(md))
                    .wrapping_add(count(link))
                    .wrapping_add(count(via))
                    .wrapping_sub(1);
                return true;
            }
        }

        // ---- 3. ACTION ----
        if is_action(motion) {
            let ck = cycle_key(st.style, st.substate);
            if let Some(cyc) = self.cycle(ck) {
                if let Some(link) =
                    self.get_link(st.style, st.substate, st.substate_mod, motion, speed)
                {
                    st.add_action(motion, speed);
                    seq.clear_physics();
                    seq.remove_cyclic_anims();
                    add_motion(seq, Some(link), speed);
                    add_motion(seq, Some(cyc), st.substate_mod);
                    self.re_modify(seq, st, guard);
                    // No "- 1": the re-added cycle is the tail.
                    *num_anims = count(Some(link));
                    return true;
                }
                let d = self.sd_or_0(st.style);
                if let Some(to_default) =
                    self.get_link(st.style, st.substate, st.substate_mod, d, 1.0)
                    && let Some(act) = self.get_link(st.style, d, 1.0, motion, speed)
                    && let Some(cyc2) = self.cycle(ck)
                {
                    let back = self.get_link(st.style, d, 1.0, st.substate, st.substate_mod);
                    st.add_action(motion, speed);
                    seq.clear_physics();
                    seq.remove_cyclic_anims();
                    add_motion(seq, Some(to_default), 1.0);
                    add_motion(seq, Some(act), speed);
                    add_motion(seq, back, 1.0);
                    add_motion(seq, Some(cyc2), st.substate_mod);
                    self.re_modify(seq, st, guard);
                    // ACE counts the to-default link a second time when a back link exists;
                    // retail counts the back link (quirk `action-fallback-back-link`).
                    let third = match back {
                        None => 0,
                        Some(b) if self.rules.action_back_link_count => count(Some(b)),
                        Some(_) => count(Some(to_default)),
                    };
                    *num_anims = count(Some(to_default))
                        .wrapping_add(count(Some(act)))
                        .wrapping_add(third);
                    return true;
                }
            }
        }

        // ---- 4. MODIFIER ----
        if is_modifier(motion) {
            let cur = self.cycle(cycle_key(st.style, st.substate));
            if let Some(cur) = cur
                && !cur.clears_modifiers()
                && let Some(md) = self
                    .modifier(modifier_key(st.style, motion))
                    .or_else(|| self.modifier(styleless_modifier_key(motion)))
            {
                if !st.add_modifier(motion, speed) {
                    // Already present (or equal to the substate): stop it, then re-add.
                    self.stop_seq(motion, st, seq, num_anims, guard);
                    if !st.add_modifier(motion, speed) {
                        return false;
                    }
                }
                // Physics only: a modifier's anims are never appended.
                combine_motion(seq, Some(md), speed);
                return true;
            }
        }
        false
    }

    /// ACE `re_modify`: re-apply the modifiers after a transition cleared physics.
    ///
    /// Quirk `remodify-live-head`: each iteration re-reads the *live* head, and a successful
    /// re-application inserts at the head again, so with N ≥ 2 modifiers the newest one is
    /// re-combined N times and the others are never re-combined (they stay listed).
    ///
    /// Quirk `remodify-reentry` (robustness case `mt_remodify_nested_reentry`): when a nested re-application has already
    /// emptied the live list, ACE dereferences null; the port ends the loop. Recursion depth and
    /// total work are bounded by [`MAX_REMODIFY_DEPTH`] and [`REMODIFY_BUDGET`]
    /// (`mt_remodify_infinite_recursion`).
    fn re_modify<S: AnimSequence + ?Sized>(
        &self,
        seq: &mut S,
        st: &mut MotionState,
        guard: &mut Guard,
    ) {
        if st.modifiers().is_empty() || guard.depth >= MAX_REMODIFY_DEPTH {
            return;
        }
        guard.depth += 1;
        let iterations = st.modifiers().len();
        for _ in 0..iterations {
            if guard.budget == 0 {
                break;
            }
            guard.budget -= 1;
            let Some(head) = st.remove_modifier(0) else {
                break;
            };
            let mut tmp = 0;
            self.gos(head.id, st, seq, head.speed_mod, &mut tmp, false, guard);
        }
        guard.depth -= 1;
    }

    /// ACE `SetDefaultState`: hard reset to `(DefaultStyle, StyleDefaults[DefaultStyle])`.
    ///
    /// Fails (num_anims 0) without a default substate for the default style; fails *after*
    /// clearing the state's lists when that cycle is missing. `num_anims` = anims − 1, wrapping
    /// to `0xFFFFFFFF` for an empty cycle (quirk `num-anims-wrap`).
    pub fn set_default_state<S: AnimSequence + ?Sized>(
        &self,
        state: &mut MotionState,
        seq: &mut S,
    ) -> Outcome {
        let fail = Outcome::default();
        let ds = self.default_style();
        let Some(d) = self.style_default(ds) else {
            return fail;
        };
        state.clear_modifiers();
        state.clear_actions();
        let Some(md) = self.cycle(cycle_key(ds, d)) else {
            return fail;
        };
        let num_anims = count(Some(md)).wrapping_sub(1);
        state.style = ds;
        state.substate = d;
        state.substate_mod = 1.0;
        seq.clear_physics();
        seq.clear_animations();
        add_motion(seq, Some(md), 1.0);
        Outcome {
            ok: true,
            num_anims,
        }
    }

    /// ACE `StopObjectMotion` = `StopSequenceMotion`. `speed` is unused, as in ACE.
    pub fn stop_object_motion<S: AnimSequence + ?Sized>(
        &self,
        motion: u32,
        _speed: f32,
        state: &mut MotionState,
        seq: &mut S,
    ) -> Outcome {
        self.stop_sequence_motion(motion, _speed, state, seq)
    }

    /// ACE `StopSequenceMotion`: stopping the current substate goes to the style
    /// default through the resolver (`stop_modifiers = true`); stopping a listed modifier
    /// subtracts its physics at the speed it was added with. Anything else fails.
    pub fn stop_sequence_motion<S: AnimSequence + ?Sized>(
        &self,
        motion: u32,
        _speed: f32,
        state: &mut MotionState,
        seq: &mut S,
    ) -> Outcome {
        let mut n = 0;
        let ok = self.stop_seq(motion, state, seq, &mut n, &mut Guard::new());
        Outcome { ok, num_anims: n }
    }

    fn stop_seq<S: AnimSequence + ?Sized>(
        &self,
        motion: u32,
        st: &mut MotionState,
        seq: &mut S,
        num_anims: &mut u32,
        guard: &mut Guard,
    ) -> bool {
        *num_anims = 0;
        if is_substate(motion) && st.substate == motion {
            let d = self.sd_or_0(st.style);
            self.gos(d, st, seq, 1.0, num_anims, true, guard);
            return true;
        }
        if !is_modifier(motion) {
            return false;
        }
        let Some(pos) = st.modifiers().iter().position(|m| m.id == motion) else {
            return false;
        };
        let Some(md) = self
            .modifier(modifier_key(st.style, motion))
            .or_else(|| self.modifier(styleless_modifier_key(motion)))
        else {
            return false;
        };
        let speed_mod = st.modifiers()[pos].speed_mod;
        subtract_motion(seq, Some(md), speed_mod);
        st.remove_modifier(pos);
        true
    }

    /// ACE `StopObjectCompletely`: stop every modifier (head first), then the
    /// substate; `num_anims` is the final substate stop's.
    ///
    /// Quirk `unstoppable-modifier`: when a modifier cannot be stopped (no `Modifiers` entry, e.g. a
    /// carried-over substate id) ACE loops forever. The port drops that head from the list
    /// without touching physics and goes on; the loop is also capped at
    /// [`STOP_COMPLETELY_MAX_ITERATIONS`], after which the remaining modifiers are cleared.
    pub fn stop_object_completely<S: AnimSequence + ?Sized>(
        &self,
        state: &mut MotionState,
        seq: &mut S,
    ) -> Outcome {
        let mut n = 0;
        let mut guard = Guard::new();
        let mut success = false;
        let mut iterations = 0;
        while let Some(&head) = state.modifiers().first() {
            if iterations >= STOP_COMPLETELY_MAX_ITERATIONS {
                state.clear_modifiers();
                break;
            }
            iterations += 1;
            if self.stop_seq(head.id, state, seq, &mut n, &mut guard) {
                success = true;
            } else {
                state.remove_modifier(0);
            }
        }
        let substate = state.substate;
        let ok = self.stop_seq(substate, state, seq, &mut n, &mut guard) || success;
        Outcome { ok, num_anims: n }
    }
}

fn lookup_outer(v: &[(u32, u32, u32)], key: u32) -> Option<(u32, u32)> {
    v.binary_search_by_key(&key, |e| e.0)
        .ok()
        .map(|i| (v[i].1, v[i].2))
}

fn count(md: Option<&MotionData>) -> u32 {
    md.map_or(0, |m| m.anims.len() as u32)
}

/// ACE `add_motion`: **replace** the sequence velocity/omega with the data's times
/// `speed`, then append every anim with its framerate times `speed`. No-op for `None`.
pub fn add_motion<S: AnimSequence + ?Sized>(seq: &mut S, md: Option<&MotionData>, speed: f32) {
    let Some(md) = md else { return };
    seq.set_velocity(md.velocity * speed);
    seq.set_omega(md.omega * speed);
    for a in &md.anims {
        seq.append_animation(&AnimData {
            framerate: a.framerate * speed,
            ..*a
        });
    }
}

/// ACE `combine_motion`: add the data's velocity/omega times `speed`. No-op for `None`.
pub fn combine_motion<S: AnimSequence + ?Sized>(seq: &mut S, md: Option<&MotionData>, speed: f32) {
    if let Some(md) = md {
        seq.combine_physics(md.velocity * speed, md.omega * speed);
    }
}

/// ACE `subtract_motion`: subtract the data's velocity/omega times `speed`. No-op for `None`.
pub fn subtract_motion<S: AnimSequence + ?Sized>(seq: &mut S, md: Option<&MotionData>, speed: f32) {
    if let Some(md) = md {
        seq.subtract_physics(md.velocity * speed, md.omega * speed);
    }
}

/// ACE `change_cycle_speed`: rescale the cyclic tail by `new / old`.
///
/// Quirk `near-zero-respeed`: when `|old| ≤ EPSILON` the tail is set to rate 0 only if
/// `|new| < EPSILON`; otherwise nothing happens.
pub fn change_cycle_speed<S: AnimSequence + ?Sized>(seq: &mut S, old: f32, new: f32) {
    if old.abs() > EPSILON {
        seq.multiply_cyclic_animation_framerate(new / old);
    } else if new.abs() < EPSILON {
        seq.multiply_cyclic_animation_framerate(0.0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_keeps_the_last_of_repeated_keys_sorted() {
        let v = index_last_wins(vec![(5, 'a'), (1, 'b'), (5, 'c'), (3, 'd'), (1, 'e')]);
        assert_eq!(v, [(1, 'e'), (3, 'd'), (5, 'c')]);
        assert_eq!(lookup(&v, 5), Some('c'));
        assert_eq!(lookup(&v, 4), None);
    }

    #[test]
    fn csharp_sign_is_not_signum() {
        assert_eq!(csharp_sign(0.0), 0);
        assert_eq!(csharp_sign(-0.0), 0);
        assert_eq!(csharp_sign(-1e-30), -1);
        assert_eq!(csharp_sign(f32::INFINITY), 1);
        assert_eq!(csharp_sign(f32::NAN), 2);
    }

    #[test]
    fn counts_wrap_like_csharp_uint() {
        assert_eq!(count(None).wrapping_sub(1), u32::MAX);
        let md = MotionData {
            anims: vec![AnimData::new(1); 3],
            ..MotionData::default()
        };
        assert_eq!(count(Some(&md)), 3);
    }

    #[test]
    fn change_cycle_speed_thresholds() {
        let mut seq = crate::RecordingSequence::new();
        change_cycle_speed(&mut seq, 2.0, 1.0);
        change_cycle_speed(&mut seq, EPSILON, 0.0001);
        change_cycle_speed(&mut seq, 0.0, 1.0);
        use crate::SeqOp::MultiplyCyclicFramerate as M;
        assert_eq!(seq.ops(), [M(0.5), M(0.0)]);
    }
}
