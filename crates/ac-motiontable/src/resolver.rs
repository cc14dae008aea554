//! The motion-table resolver (ports ACE's `MotionTable`).
//!
//! [`Resolver`] wraps an `ac_dat::MotionTable` with sorted indexes built once, so every lookup
//! is a binary search and resolution never allocates. Its methods take the object's
//! [`MotionState`] and drive an [`AnimSequence`]; they return an [`Outcome`] (ACE's `bool` and
//! its `ref uint numAnims`).

use std::sync::Arc;

use ac_dat::{AnimData, MotionData, MotionTable};

use crate::command::{
    CommandMask, cycle_key, is_action, is_modifier, is_style, is_substate, modifier_key,
    style_link_key, styleless_modifier_key,
};
use crate::explain::{
    Branch, CountRule, DetourReason, Explain, ExplainEvent, FallThrough, Limit, LinkFound,
    LinkKind, NoExplain, Operation, Refusal, Role, SequenceEdit, Shortcut, StateSummary,
};
use crate::keymap::KeyMap;
use crate::{AnimSequence, MotionState, Rules, SharedRules};
use ac_dat::motion::{MotionCommand, TableKey};

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

/// Per-call context: the `re_modify` guards (robustness, not ACE state) and the explanation
/// sink. With [`NoExplain`] it has the layout of the two counters alone.
struct Cx<E> {
    depth: u32,
    budget: u32,
    sink: E,
}

impl<E: Explain> Cx<E> {
    fn new(sink: E) -> Self {
        Self {
            depth: 0,
            budget: REMODIFY_BUDGET,
            sink,
        }
    }

    /// Reports the event `event` builds, only when the sink is enabled (a constant), so a
    /// disabled sink costs nothing — not even building the event.
    #[inline(always)]
    fn note(&mut self, event: impl FnOnce() -> ExplainEvent) {
        if E::ENABLED {
            self.sink.event(event());
        }
    }

    #[inline(always)]
    fn call(
        &mut self,
        op: Operation,
        motion: u32,
        speed: Option<f32>,
        stop: bool,
        st: &MotionState,
    ) {
        self.note(|| ExplainEvent::Call {
            op,
            motion: MotionCommand(motion),
            speed,
            stop_modifiers: stop,
            state: StateSummary::of(st),
        });
    }

    #[inline(always)]
    fn ret(&mut self, op: Operation, ok: bool, num_anims: u32, st: &MotionState) {
        self.note(|| ExplainEvent::Return {
            op,
            ok,
            num_anims,
            state: StateSummary::of(st),
        });
    }
}

/// C# `Math.Sign(float)`: −1, 0 (for ±0) or +1.
///
/// C# throws on NaN; the port maps NaN to its own class `2`, so a NaN speed never counts as the
/// same sign as a number (a documented robustness choice).
#[inline]
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

/// The record and its indexes (built once per table).
///
/// The sorted lists answer the ordered views ([`Resolver::links_from`]); the hot lookups of a
/// resolver call go through the [`KeyMap`]s, whose values are positions in those lists (or in
/// the record), so any id a file holds is a valid key or value.
#[derive(Debug)]
struct Index {
    table: Arc<MotionTable>,
    /// `(outer key, start, len)` into `link_inner`, sorted by outer key.
    link_outer: Vec<(u32, u32, u32)>,
    /// `(inner key, outer record index, inner record index)`, each outer range sorted by inner key.
    link_inner: Vec<(u32, u32, u32)>,
    /// Style → position in the record's style defaults.
    style_default_map: KeyMap,
    /// Cycle key → position in the record's cycles.
    cycle_map: KeyMap,
    /// Modifier key → position in the record's modifiers.
    modifier_map: KeyMap,
    /// Outer link key → position in `link_outer` (whether `Links[outer]` exists).
    link_outer_map: KeyMap,
    /// `outer << 32 | inner` → position in `link_inner` (and in `hops`).
    link_map: KeyMap,
    /// Per entry of `link_inner`, everything the substate branch needs when it takes that
    /// link directly, the link's and the cycle's data included (see [`Hop`]).
    hops: Vec<Hop>,
    /// `StyleDefaults[DefaultStyle]`, found once: the style an object is almost always in
    /// asks for its default without a lookup (the record never changes).
    default_style_default: Option<u32>,
}

/// Everything a direct substate transition along one link `Links[(style, from)][motion]`
/// needs, found when the table is indexed so that the commonest resolution (a substate change
/// with a forward link) makes one lookup instead of three (the style's default substate, the
/// destination cycle and the link) and reads one record: the link's and the cycle's data are
/// copied in, so the transition follows no further index and makes no further bounds check.
///
/// An outer link key keeps only the low 16 bits of the style, so a hop belongs to the one
/// style (from `StyleDefaults` and `DefaultStyle`) with those bits, and is used only when the
/// object's style is exactly that one; otherwise (or without a cycle) the resolver takes its
/// general path, which answers the same.
#[derive(Debug, Clone)]
struct Hop {
    /// The style this hop was found for; 0 (never an object's style here) for none, or when
    /// the destination has no cycle (`Cycles[(style, motion)]` nor
    /// `Cycles[(DefaultStyle, motion)]`): no direct change.
    style: u32,
    /// `StyleDefaults[style]`, or 0.
    style_default: u32,
    /// The direct change's `num_anims`: the cycle's anims plus the link's, minus one
    /// (wrapping, as ACE's `uint`). The record never changes, so this is what the resolver
    /// would count at each call.
    num_anims: u32,
    /// Whether the destination is the style's default substate (`motion == style_default`):
    /// what the default-while-turning guard and the carry-over test compare.
    to_default: bool,
    /// A copy of the link `Links[(style, from)][motion]`.
    link: MotionData,
    /// A copy of the destination cycle (`Cycles[(style, motion)]`, else
    /// `Cycles[(DefaultStyle, motion)]`); the default for none.
    cycle: MotionData,
}

/// The class bits [`Resolver::direct_substate`] tests: a motion is a candidate when, of
/// these, only the substate bit is set.
const DIRECT_CLASS_MASK: u32 =
    CommandMask::STYLE.bits() | CommandMask::SUBSTATE.bits() | CommandMask::MODIFIER.bits();

/// The [`KeyMap`] of a record map: key → the position in the record of its **last** entry
/// (the map keeps the last value of a repeated key, dictionary overwrite).
fn record_map<T>(entries: &[(u32, T)]) -> KeyMap {
    KeyMap::new(
        entries
            .iter()
            .enumerate()
            .map(|(i, (k, _))| (u64::from(*k), i as u32)),
    )
}

/// `(key, position)` of every entry of a record map, sorted by key, keeping only the last
/// position of each repeated key (dictionary overwrite).
///
/// Sorting the packed `key << 32 | position` without stability gives the order a stable sort
/// by key gives (positions are distinct and ascend within a key, as file order does), at the
/// cost of one integer compare per step and no merge buffer.
fn index_positions<T>(entries: &[(u32, T)]) -> Vec<(u32, u32)> {
    let mut packed: Vec<u64> = entries
        .iter()
        .enumerate()
        .map(|(i, (k, _))| u64::from(*k) << 32 | i as u64)
        .collect();
    packed.sort_unstable();
    let mut out: Vec<(u32, u32)> = Vec::with_capacity(packed.len());
    for p in packed {
        let e = ((p >> 32) as u32, p as u32);
        match out.last_mut() {
            Some(last) if last.0 == e.0 => *last = e,
            _ => out.push(e),
        }
    }
    out
}

/// The [`Hop`] of every entry of `link_inner` (see there).
fn hops(
    table: &MotionTable,
    style_default_map: &KeyMap,
    cycle_map: &KeyMap,
    link_outer: &[(u32, u32, u32)],
    link_inner: &[(u32, u32, u32)],
) -> Vec<Hop> {
    let mut styles: Vec<u32> = table.style_defaults.iter().map(|e| e.0).collect();
    styles.push(table.default_style);
    styles.sort_unstable();
    styles.dedup();
    styles.retain(|&s| s != 0);
    let mut hops = Vec::with_capacity(link_inner.len());
    for &(outer, start, len) in link_outer {
        // The one style whose outer keys start like this one, if exactly one does.
        let mut candidates = styles
            .iter()
            .filter(|&&s| style_link_key(s) == outer & 0xFFFF_0000);
        let style = match (candidates.next(), candidates.next()) {
            (Some(&style), None) => style,
            _ => 0,
        };
        let style_default = style_default_map
            .get(u64::from(style))
            .map_or(0, |i| table.style_defaults[i as usize].1);
        for &(motion, oi, ii) in &link_inner[start as usize..(start + len) as usize] {
            let link = &table.links[oi as usize].1[ii as usize].1;
            let cycle = (style != 0)
                .then(|| {
                    cycle_map
                        .get(u64::from(cycle_key(style, motion)))
                        .or_else(|| {
                            cycle_map.get(u64::from(cycle_key(table.default_style, motion)))
                        })
                })
                .flatten()
                .map(|i| &table.cycles[i as usize].1);
            hops.push(match cycle {
                Some(cycle) => Hop {
                    style,
                    style_default,
                    num_anims: count(Some(cycle))
                        .wrapping_add(count(Some(link)))
                        .wrapping_sub(1),
                    to_default: motion == style_default,
                    link: link.clone(),
                    cycle: cycle.clone(),
                },
                None => Hop {
                    style: 0,
                    style_default: 0,
                    num_anims: 0,
                    to_default: false,
                    link: MotionData::default(),
                    cycle: MotionData::default(),
                },
            });
        }
    }
    hops
}

impl Resolver {
    /// Index `table`, to be read under `rules` (only its motion-table switches matter here).
    pub fn new(table: impl Into<Arc<MotionTable>>, rules: Rules) -> Self {
        let table: Arc<MotionTable> = table.into();
        let outers = index_positions(&table.links);
        let mut link_outer = Vec::with_capacity(outers.len());
        let mut link_inner = Vec::new();
        for (key, oi) in outers {
            let inner = &table.links[oi as usize].1;
            let entries = index_positions(inner);
            let start = link_inner.len() as u32;
            link_inner.extend(entries.iter().map(|&(k, ii)| (k, oi, ii)));
            link_outer.push((key, start, entries.len() as u32));
        }
        let inner = &link_inner;
        let pairs: Vec<(u64, u32)> = link_outer
            .iter()
            .flat_map(|&(outer, start, len)| {
                (start..start + len)
                    .map(move |i| (u64::from(outer) << 32 | u64::from(inner[i as usize].0), i))
            })
            .collect();
        let link_map = KeyMap::new(pairs.into_iter());
        let style_default_map = record_map(&table.style_defaults);
        let cycle_map = record_map(&table.cycles);
        let hops = hops(
            &table,
            &style_default_map,
            &cycle_map,
            &link_outer,
            &link_inner,
        );
        let default_style_default = style_default_map
            .get(u64::from(table.default_style))
            .map(|i| table.style_defaults[i as usize].1);
        Self {
            ix: Arc::new(Index {
                default_style_default,
                style_default_map,
                cycle_map,
                hops,
                modifier_map: record_map(&table.modifiers),
                link_outer_map: KeyMap::new(
                    link_outer
                        .iter()
                        .enumerate()
                        .map(|(i, e)| (u64::from(e.0), i as u32)),
                ),
                link_map,
                table,
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
    #[inline]
    pub fn default_style(&self) -> u32 {
        self.ix.table.default_style
    }

    /// `StyleDefaults[style]`.
    #[inline]
    pub fn style_default(&self, style: u32) -> Option<u32> {
        if style == self.ix.table.default_style {
            return self.ix.default_style_default;
        }
        let i = self.ix.style_default_map.get(u64::from(style))?;
        Some(self.ix.table.style_defaults[i as usize].1)
    }

    /// `StyleDefaults[style]` or 0 (C# `TryGetValue` leaves the out value 0).
    #[inline]
    fn sd_or_0(&self, style: u32) -> u32 {
        self.style_default(style).unwrap_or(0)
    }

    /// `Cycles[key]` (raw key).
    #[inline]
    pub fn cycle(&self, key: u32) -> Option<&MotionData> {
        let i = self.ix.cycle_map.get(u64::from(key))?;
        Some(&self.ix.table.cycles[i as usize].1)
    }

    /// `Modifiers[key]` (raw key).
    #[inline]
    pub fn modifier(&self, key: u32) -> Option<&MotionData> {
        let i = self.ix.modifier_map.get(u64::from(key))?;
        Some(&self.ix.table.modifiers[i as usize].1)
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
    #[inline(always)]
    fn link_lookup(&self, outer: u32, inner: u32) -> Option<Option<&MotionData>> {
        let key = u64::from(outer) << 32 | u64::from(inner);
        match self.ix.link_map.get(key) {
            Some(i) => {
                let (_, oi, ii) = self.ix.link_inner[i as usize];
                Some(Some(&self.ix.table.links[oi as usize].1[ii as usize].1))
            }
            None => self.ix.link_outer_map.get(u64::from(outer)).map(|_| None),
        }
    }

    /// `Links[outer][inner]` (raw keys).
    pub fn link(&self, outer: u32, inner: u32) -> Option<&MotionData> {
        self.link_lookup(outer, inner).flatten()
    }

    /// The speed-sign test of the substate branch.
    ///
    /// ACE compares `Math.Sign` values, so 0 is its own sign. Retail treats 0 as non-negative
    /// (quirk `zero-speed-sign`).
    #[inline]
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
        let mut cx = Cx::new(NoExplain);
        self.link_x(
            Role::Link,
            style,
            substate,
            substate_speed,
            motion,
            speed,
            &mut cx,
        )
    }

    /// [`Self::get_link`], reporting each lookup as a link for `role`.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn link_x<E: Explain>(
        &self,
        role: Role,
        style: u32,
        substate: u32,
        substate_speed: f32,
        motion: u32,
        speed: f32,
        cx: &mut Cx<E>,
    ) -> Option<&MotionData> {
        if speed < 0.0 || substate_speed < 0.0 {
            let first = self.link_lookup(cycle_key(style, motion), substate);
            cx.note(|| {
                link_event(
                    role,
                    LinkKind::Reversed,
                    style,
                    Some(motion),
                    substate,
                    first,
                )
            });
            if let Some(Some(md)) = first {
                return Some(md);
            }
            if let Some(d) = self.style_default_x(style, cx) {
                let second = self.link_lookup(cycle_key(style, substate), d);
                let kind = LinkKind::ReversedToDefault;
                cx.note(|| link_event(role, kind, style, Some(substate), d, second));
                if let Some(found) = second {
                    return found;
                }
            }
            None
        } else {
            let first = self.link_lookup(cycle_key(style, substate), motion);
            cx.note(|| {
                link_event(
                    role,
                    LinkKind::Forward,
                    style,
                    Some(substate),
                    motion,
                    first,
                )
            });
            if let Some(Some(md)) = first {
                return Some(md);
            }
            let second = self.link_lookup(style_link_key(style), motion);
            cx.note(|| link_event(role, LinkKind::StyleWide, style, None, motion, second));
            if let Some(found) = second {
                return found;
            }
            None
        }
    }

    /// [`Self::style_default`], reported.
    #[inline(always)]
    fn style_default_x<E: Explain>(&self, style: u32, cx: &mut Cx<E>) -> Option<u32> {
        let found = self.style_default(style);
        cx.note(|| ExplainEvent::StyleDefault {
            style: MotionCommand(style),
            substate: found.map(MotionCommand),
        });
        found
    }

    /// `Cycles[(style, motion)]`, reported.
    fn cycle_x<E: Explain>(&self, style: u32, motion: u32, cx: &mut Cx<E>) -> Option<&MotionData> {
        let key = cycle_key(style, motion);
        let found = self.cycle(key);
        cx.note(|| ExplainEvent::Cycle {
            style: MotionCommand(style),
            motion: MotionCommand(motion),
            key: TableKey(key),
            found: found.is_some(),
        });
        found
    }

    /// `Modifiers[(style, motion)]`, else the style-less `Modifiers[motion]`, reported.
    fn modifier_x<E: Explain>(
        &self,
        style: u32,
        motion: u32,
        cx: &mut Cx<E>,
    ) -> Option<&MotionData> {
        let key = modifier_key(style, motion);
        let found = self.modifier(key);
        cx.note(|| ExplainEvent::Modifier {
            style: Some(MotionCommand(style)),
            motion: MotionCommand(motion),
            key: TableKey(key),
            found: found.is_some(),
        });
        found.or_else(|| {
            let key = styleless_modifier_key(motion);
            let found = self.modifier(key);
            cx.note(|| ExplainEvent::Modifier {
                style: None,
                motion: MotionCommand(motion),
                key: TableKey(key),
                found: found.is_some(),
            });
            found
        })
    }

    /// ACE `is_allowed`: a cycle with Bitfield 0x2 ("restricted") is enterable only
    /// from itself or from the style's default substate.
    pub fn is_allowed(&self, motion: u32, md: Option<&MotionData>, state: &MotionState) -> bool {
        let Some(md) = md else { return false };
        self.is_allowed_x(motion, md, state, &mut Cx::new(NoExplain))
    }

    /// [`Self::is_allowed`] for present data, reporting a restricted check.
    fn is_allowed_x<E: Explain>(
        &self,
        motion: u32,
        md: &MotionData,
        state: &MotionState,
        cx: &mut Cx<E>,
    ) -> bool {
        if !md.is_restricted() || motion == state.substate {
            return true;
        }
        let allowed = self.sd_or_0(state.style) == state.substate;
        cx.note(|| ExplainEvent::Restricted {
            motion: MotionCommand(motion),
            allowed,
        });
        allowed
    }

    /// The same resolver, reporting every decision of the next call to `sink` (see
    /// [`crate::explain`]).
    pub fn explaining<'a, E: Explain + ?Sized>(&'a self, sink: &'a mut E) -> Explaining<'a, E> {
        Explaining {
            resolver: self,
            sink,
        }
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
        self.get_object_sequence_x(
            motion,
            state,
            seq,
            speed,
            stop_modifiers,
            Cx::new(NoExplain),
        )
    }

    fn get_object_sequence_x<S: AnimSequence + ?Sized, E: Explain>(
        &self,
        motion: u32,
        state: &mut MotionState,
        seq: &mut S,
        speed: f32,
        stop_modifiers: bool,
        mut cx: Cx<E>,
    ) -> Outcome {
        let mut n = 0;
        let ok = self.gos(motion, state, seq, speed, &mut n, stop_modifiers, &mut cx);
        Outcome { ok, num_anims: n }
    }

    /// `GetObjectSequence`: the direct substate change ([`Self::direct_substate`]) answered
    /// here, inline, without entering the general path's frame; everything else (and every
    /// explained call) by [`Self::gos_general`].
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn gos<S: AnimSequence + ?Sized, E: Explain>(
        &self,
        motion: u32,
        st: &mut MotionState,
        seq: &mut S,
        speed: f32,
        num_anims: &mut u32,
        stop_modifiers: bool,
        cx: &mut Cx<E>,
    ) -> bool {
        // The direct path's cheap tests first, so that every other request goes to the
        // general path with no more than these compares: a substate that is neither a style
        // nor a modifier (the general path answers a turn or a sidestep, which seldom has a
        // direct link), other than the current one.
        if !E::ENABLED
            && motion & DIRECT_CLASS_MASK == CommandMask::SUBSTATE.bits()
            && motion != st.substate
            && st.style != 0
            && st.substate != 0
            && let Some(n) = self.direct_substate(motion, st, seq, speed, stop_modifiers, cx)
        {
            *num_anims = n;
            return true;
        }
        self.gos_general(motion, st, seq, speed, num_anims, stop_modifiers, cx)
    }

    /// `GetObjectSequence` between its reported call and return, by the general path.
    #[allow(clippy::too_many_arguments)]
    #[inline(never)]
    fn gos_general<S: AnimSequence + ?Sized, E: Explain>(
        &self,
        motion: u32,
        st: &mut MotionState,
        seq: &mut S,
        speed: f32,
        num_anims: &mut u32,
        stop_modifiers: bool,
        cx: &mut Cx<E>,
    ) -> bool {
        let op = Operation::GetObjectSequence;
        cx.call(op, motion, Some(speed), stop_modifiers, st);
        let ok = self.gos_branches(motion, st, seq, speed, num_anims, stop_modifiers, cx);
        cx.ret(op, ok, *num_anims, st);
        ok
    }

    #[allow(clippy::too_many_arguments)]
    fn gos_branches<S: AnimSequence + ?Sized, E: Explain>(
        &self,
        motion: u32,
        st: &mut MotionState,
        seq: &mut S,
        speed: f32,
        num_anims: &mut u32,
        stop_modifiers: bool,
        cx: &mut Cx<E>,
    ) -> bool {
        *num_anims = 0;
        if st.style == 0 || st.substate == 0 {
            cx.note(|| refused(Refusal::NoState));
            return false;
        }
        let sd = self.style_default_x(st.style, cx).unwrap_or(0);
        // The guard: "go to the default" while the substate is a turn/sidestep is a no-op
        // (quirk `ready-while-turning`).
        if motion == sd && !stop_modifiers && is_modifier(st.substate) {
            cx.note(|| shortcut(Shortcut::DefaultWhileTurning));
            return true;
        }

        // ---- 1. STYLE ----
        if is_style(motion) {
            cx.note(|| branch(Branch::Style));
            if st.style == motion {
                cx.note(|| shortcut(Shortcut::AlreadyInStyle));
                return true;
            }
            let pre = if sd != st.substate {
                let leave = Role::LeaveSubstate;
                self.link_x(leave, st.style, st.substate, st.substate_mod, sd, speed, cx)
            } else {
                None
            };
            // ACE keys the new style's cycle with the CURRENT style's default substate and
            // commits it; retail uses StyleDefaults[new style] and requires it to exist (quirk
            // `style-change-default`).
            let target_sd = if self.rules.style_change_target_default {
                self.style_default_x(motion, cx)
            } else {
                Some(sd).filter(|&d| d != 0)
            };
            if let Some(target_sd) = target_sd
                && let Some(cyc) = self.cycle_x(motion, target_sd, cx)
            {
                if cyc.clears_modifiers() {
                    cx.note(|| modifiers_cleared(st));
                    st.clear_modifiers();
                }
                let mut link =
                    self.link_x(Role::Link, st.style, sd, st.substate_mod, motion, speed, cx);
                let mut link_role = Role::Link;
                let mut via = None;
                if link.is_none() && st.style != motion {
                    cx.note(|| detour(DetourReason::NoDirectLink));
                    let ds = self.default_style();
                    link_role = Role::ToDefault;
                    link = self.link_x(link_role, st.style, sd, 1.0, ds, 1.0, cx);
                    let dd = self.style_default_x(ds, cx).unwrap_or(0);
                    via = self.link_x(Role::FromDefault, ds, dd, 1.0, motion, 1.0, cx);
                }
                cut(seq, cx);
                queue(seq, pre, speed, Role::LeaveSubstate, cx);
                queue(seq, link, speed, link_role, cx);
                queue(seq, via, speed, Role::FromDefault, cx);
                queue(seq, Some(cyc), speed, Role::Cycle, cx);
                st.substate = target_sd;
                st.style = motion;
                st.substate_mod = speed;
                self.re_modify(seq, st, cx);
                *num_anims = count(pre)
                    .wrapping_add(count(link))
                    .wrapping_add(count(via))
                    .wrapping_add(count(Some(cyc)))
                    .wrapping_sub(1);
                cx.note(|| num_anims_event(*num_anims, CountRule::LinksAndCycleMinusOne));
                return true;
            }
            cx.note(|| {
                let reason = match target_sd {
                    None => FallThrough::NoDefault,
                    Some(_) => FallThrough::NoCycle,
                };
                fell_through(Branch::Style, reason)
            });
        }

        // ---- 2. SUBSTATE ----
        if is_substate(motion) {
            cx.note(|| branch(Branch::Substate));
            let md = self
                .cycle_x(st.style, motion, cx)
                .or_else(|| self.cycle_x(self.default_style(), motion, cx));
            if let Some(md) = md
                && self.is_allowed_x(motion, md, st, cx)
            {
                if motion == st.substate
                    && seq.has_anims()
                    && self.same_sign(speed, st.substate_mod)
                {
                    // Speed change of the running cycle: no new nodes, num_anims stays 0.
                    cx.note(|| ExplainEvent::SpeedChange {
                        from: st.substate_mod,
                        to: speed,
                    });
                    change_cycle_speed_x(seq, st.substate_mod, speed, cx);
                    subtract_motion_x(seq, md, st.substate_mod, cx);
                    combine_motion_x(seq, md, speed, cx);
                    st.substate_mod = speed;
                    return true;
                }
                if md.clears_modifiers() {
                    cx.note(|| modifiers_cleared(st));
                    st.clear_modifiers();
                }
                let mut link = self.link_x(
                    Role::Link,
                    st.style,
                    st.substate,
                    st.substate_mod,
                    motion,
                    speed,
                    cx,
                );
                let mut link_role = Role::Link;
                let mut via = None;
                if link.is_none() || !self.same_sign(speed, st.substate_mod) {
                    cx.note(|| {
                        detour(match link {
                            None => DetourReason::NoDirectLink,
                            Some(_) => DetourReason::SpeedSignChange,
                        })
                    });
                    let d = self.sd_or_0(st.style);
                    link_role = Role::ToDefault;
                    link = self.link_x(
                        link_role,
                        st.style,
                        st.substate,
                        st.substate_mod,
                        d,
                        1.0,
                        cx,
                    );
                    via = self.link_x(Role::FromDefault, st.style, d, 1.0, motion, speed, cx);
                }
                if via.is_some() {
                    cut(seq, cx);
                    queue(seq, link, st.substate_mod, link_role, cx);
                    queue(seq, via, speed, Role::FromDefault, cx);
                    queue(seq, Some(md), speed, Role::Cycle, cx);
                } else {
                    // One-sided sign fix (the retail client does the same).
                    let mut s = speed;
                    if st.substate_mod < 0.0 && speed > 0.0 {
                        s *= -1.0;
                    }
                    match link {
                        Some(link) => transition(seq, (link, s, link_role), (md, speed), cx),
                        None => {
                            cut(seq, cx);
                            queue(seq, Some(md), speed, Role::Cycle, cx);
                        }
                    }
                }
                // Carry a turn/sidestep substate over as a modifier (the retail client makes the same
                // three tests).
                if st.substate != motion
                    && is_modifier(st.substate)
                    && self.sd_or_0(st.style) != motion
                {
                    cx.note(|| ExplainEvent::ModifierCarriedOver {
                        motion: MotionCommand(st.substate),
                        speed: st.substate_mod,
                    });
                    st.add_modifier_no_check(st.substate, st.substate_mod);
                }
                st.substate_mod = speed;
                st.substate = motion;
                self.re_modify(seq, st, cx);
                *num_anims = count(Some(md))
                    .wrapping_add(count(link))
                    .wrapping_add(count(via))
                    .wrapping_sub(1);
                cx.note(|| num_anims_event(*num_anims, CountRule::LinksAndCycleMinusOne));
                return true;
            }
            cx.note(|| {
                let reason = match md {
                    None => FallThrough::NoCycle,
                    Some(_) => FallThrough::Restricted,
                };
                fell_through(Branch::Substate, reason)
            });
        }

        // ---- 3. ACTION ----
        if is_action(motion) {
            cx.note(|| branch(Branch::Action));
            let ck = cycle_key(st.style, st.substate);
            if let Some(cyc) = self.cycle_x(st.style, st.substate, cx) {
                if let Some(link) = self.link_x(
                    Role::Link,
                    st.style,
                    st.substate,
                    st.substate_mod,
                    motion,
                    speed,
                    cx,
                ) {
                    cx.note(|| action_added(motion, speed));
                    st.add_action(motion, speed);
                    transition(seq, (link, speed, Role::Link), (cyc, st.substate_mod), cx);
                    self.re_modify(seq, st, cx);
                    // No "- 1": the re-added cycle is the tail.
                    *num_anims = count(Some(link));
                    cx.note(|| num_anims_event(*num_anims, CountRule::ActionLink));
                    return true;
                }
                cx.note(|| detour(DetourReason::NoDirectLink));
                let d = self.sd_or_0(st.style);
                if let Some(to_default) = self.link_x(
                    Role::ToDefault,
                    st.style,
                    st.substate,
                    st.substate_mod,
                    d,
                    1.0,
                    cx,
                ) && let Some(act) =
                    self.link_x(Role::FromDefault, st.style, d, 1.0, motion, speed, cx)
                    && let Some(cyc2) = self.cycle(ck)
                {
                    let back = self.link_x(
                        Role::Back,
                        st.style,
                        d,
                        1.0,
                        st.substate,
                        st.substate_mod,
                        cx,
                    );
                    cx.note(|| action_added(motion, speed));
                    st.add_action(motion, speed);
                    cut(seq, cx);
                    queue(seq, Some(to_default), 1.0, Role::ToDefault, cx);
                    queue(seq, Some(act), speed, Role::FromDefault, cx);
                    queue(seq, back, 1.0, Role::Back, cx);
                    queue(seq, Some(cyc2), st.substate_mod, Role::Cycle, cx);
                    self.re_modify(seq, st, cx);
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
                    cx.note(|| num_anims_event(*num_anims, CountRule::ActionDetour));
                    return true;
                }
                cx.note(|| fell_through(Branch::Action, FallThrough::NoLink));
            } else {
                cx.note(|| fell_through(Branch::Action, FallThrough::NoCurrentCycle));
            }
        }

        // ---- 4. MODIFIER ----
        if is_modifier(motion) {
            cx.note(|| branch(Branch::Modifier));
            let cur = self.cycle_x(st.style, st.substate, cx);
            if let Some(cur) = cur
                && !cur.clears_modifiers()
                && let Some(md) = self.modifier_x(st.style, motion, cx)
            {
                if !st.add_modifier(motion, speed) {
                    // Already present (or equal to the substate): stop it, then re-add.
                    self.stop_seq(motion, st, seq, num_anims, cx);
                    if !st.add_modifier(motion, speed) {
                        cx.note(|| refused(Refusal::ModifierNotReadded));
                        return false;
                    }
                }
                cx.note(|| ExplainEvent::ModifierAdded {
                    motion: MotionCommand(motion),
                    speed,
                });
                // Physics only: a modifier's anims are never appended.
                combine_motion_x(seq, md, speed, cx);
                return true;
            }
            cx.note(|| {
                let reason = match cur {
                    None => FallThrough::NoCurrentCycle,
                    Some(c) if c.clears_modifiers() => FallThrough::CycleClearsModifiers,
                    Some(_) => FallThrough::NoModifierData,
                };
                fell_through(Branch::Modifier, reason)
            });
        }
        cx.note(|| refused(Refusal::Unresolved));
        false
    }

    /// The substate branch of [`Self::gos_branches`] when it takes a forward link directly,
    /// from the link's [`Hop`]: one lookup instead of the style default's, the cycle's and the
    /// link's, and the count made when the table was indexed. `None` when the request is not
    /// that case (a speed or substate speed not above zero, no direct link, a link of another
    /// style, no cycle, a restricted cycle): the general path decides those. Not for an
    /// explained call, whose events the general path reports; the caller ([`Self::gos`]) has
    /// checked that the state is set and that `motion` is a substate, neither a style nor a
    /// modifier, other than the current one. When it answers, the general path would have
    /// answered `true` with the returned `num_anims` (the default-while-turning guard's 0
    /// included).
    ///
    /// When it answers, it makes the general path's decisions in the same order on the same
    /// values (the default-while-turning guard, the branch tests, the restricted test, the
    /// speed-sign test — two speeds above zero have the same sign under either rule, so it
    /// passes —, the modifier clear, the cut, the link at `speed` — no sign fix, both speeds
    /// being positive —, the cycle, the carry-over), so the state and the sequence end the
    /// same.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn direct_substate<S: AnimSequence + ?Sized, E: Explain>(
        &self,
        motion: u32,
        st: &mut MotionState,
        seq: &mut S,
        speed: f32,
        stop_modifiers: bool,
        cx: &mut Cx<E>,
    ) -> Option<u32> {
        // `!(a > 0)` also sends NaN to the general path.
        if !(speed > 0.0 && st.substate_mod > 0.0) {
            return None;
        }
        let key = u64::from(cycle_key(st.style, st.substate)) << 32 | u64::from(motion);
        let i = self.ix.link_map.get(key)? as usize;
        let hop = self.ix.hops.get(i)?;
        // A hop of another style, or without a cycle (style 0), is not a direct change.
        if hop.style != st.style {
            return None;
        }
        let md = &hop.cycle;
        if hop.to_default && !stop_modifiers && is_modifier(st.substate) {
            return Some(0);
        }
        if md.is_restricted() && hop.style_default != st.substate {
            return None;
        }
        if md.clears_modifiers() {
            st.clear_modifiers();
        }
        cut_notes(cx);
        seq.transition(&hop.link, speed, md, speed);
        if is_modifier(st.substate) && !hop.to_default {
            st.add_modifier_no_check(st.substate, st.substate_mod);
        }
        st.substate_mod = speed;
        st.substate = motion;
        self.re_modify(seq, st, cx);
        Some(hop.num_anims)
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
    #[inline(always)]
    fn re_modify<S: AnimSequence + ?Sized, E: Explain>(
        &self,
        seq: &mut S,
        st: &mut MotionState,
        cx: &mut Cx<E>,
    ) {
        // Most transitions have no modifier to re-apply: answered without a call.
        if st.has_modifiers() {
            self.re_modify_listed(seq, st, cx);
        }
    }

    /// [`Self::re_modify`] with at least one modifier listed.
    #[inline(never)]
    fn re_modify_listed<S: AnimSequence + ?Sized, E: Explain>(
        &self,
        seq: &mut S,
        st: &mut MotionState,
        cx: &mut Cx<E>,
    ) {
        if cx.depth >= MAX_REMODIFY_DEPTH {
            cx.note(|| limit(Limit::RemodifyDepth));
            return;
        }
        cx.depth += 1;
        let iterations = st.modifiers().len();
        for _ in 0..iterations {
            if cx.budget == 0 {
                cx.note(|| limit(Limit::RemodifyBudget));
                break;
            }
            cx.budget -= 1;
            let Some(head) = st.remove_modifier(0) else {
                break;
            };
            cx.note(|| ExplainEvent::ReModify {
                motion: MotionCommand(head.id),
                speed: head.speed_mod,
            });
            let mut tmp = 0;
            self.gos(head.id, st, seq, head.speed_mod, &mut tmp, false, cx);
        }
        cx.depth -= 1;
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
        self.set_default_state_x(state, seq, Cx::new(NoExplain))
    }

    fn set_default_state_x<S: AnimSequence + ?Sized, E: Explain>(
        &self,
        state: &mut MotionState,
        seq: &mut S,
        mut cx: Cx<E>,
    ) -> Outcome {
        let op = Operation::SetDefaultState;
        cx.call(op, 0, None, false, state);
        let outcome = self.set_default_state_inner(state, seq, &mut cx);
        cx.ret(op, outcome.ok, outcome.num_anims, state);
        outcome
    }

    fn set_default_state_inner<S: AnimSequence + ?Sized, E: Explain>(
        &self,
        state: &mut MotionState,
        seq: &mut S,
        cx: &mut Cx<E>,
    ) -> Outcome {
        let fail = Outcome::default();
        let ds = self.default_style();
        let Some(d) = self.style_default_x(ds, cx) else {
            cx.note(|| refused(Refusal::NoDefaultSubstate));
            return fail;
        };
        cx.note(|| modifiers_cleared(state));
        cx.note(|| ExplainEvent::ActionsCleared {
            count: state.actions().len() as u32,
        });
        state.clear_modifiers();
        state.clear_actions();
        let Some(md) = self.cycle_x(ds, d, cx) else {
            cx.note(|| refused(Refusal::NoDefaultCycle));
            return fail;
        };
        let num_anims = count(Some(md)).wrapping_sub(1);
        state.style = ds;
        state.substate = d;
        state.substate_mod = 1.0;
        seq.clear_physics();
        seq.clear_animations();
        cx.note(|| sequence(SequenceEdit::ClearPhysics));
        cx.note(|| sequence(SequenceEdit::ClearAnimations));
        queue(seq, Some(md), 1.0, Role::Cycle, cx);
        cx.note(|| num_anims_event(num_anims, CountRule::DefaultCycleMinusOne));
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
        self.stop_sequence_motion_x(motion, state, seq, Cx::new(NoExplain))
    }

    fn stop_sequence_motion_x<S: AnimSequence + ?Sized, E: Explain>(
        &self,
        motion: u32,
        state: &mut MotionState,
        seq: &mut S,
        mut cx: Cx<E>,
    ) -> Outcome {
        let mut n = 0;
        let ok = self.stop_seq(motion, state, seq, &mut n, &mut cx);
        Outcome { ok, num_anims: n }
    }

    /// `StopSequenceMotion` between its reported call and return.
    #[inline]
    fn stop_seq<S: AnimSequence + ?Sized, E: Explain>(
        &self,
        motion: u32,
        st: &mut MotionState,
        seq: &mut S,
        num_anims: &mut u32,
        cx: &mut Cx<E>,
    ) -> bool {
        let op = Operation::StopSequenceMotion;
        cx.call(op, motion, None, false, st);
        *num_anims = 0;
        let ok = 'stop: {
            if is_substate(motion) && st.substate == motion {
                let d = self.style_default_x(st.style, cx).unwrap_or(0);
                self.gos(d, st, seq, 1.0, num_anims, true, cx);
                break 'stop true;
            }
            if !is_modifier(motion) {
                cx.note(|| refused(Refusal::NotStoppable));
                break 'stop false;
            }
            let Some(pos) = st.modifiers().iter().position(|m| m.id == motion) else {
                cx.note(|| refused(Refusal::NotActive));
                break 'stop false;
            };
            let Some(md) = self.modifier_x(st.style, motion, cx) else {
                cx.note(|| refused(Refusal::NoModifierData));
                break 'stop false;
            };
            let speed_mod = st.modifiers()[pos].speed_mod;
            subtract_motion_x(seq, md, speed_mod, cx);
            cx.note(|| ExplainEvent::ModifierRemoved {
                motion: MotionCommand(motion),
                speed: speed_mod,
            });
            st.remove_modifier(pos);
            true
        };
        cx.ret(op, ok, *num_anims, st);
        ok
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
        self.stop_object_completely_x(state, seq, Cx::new(NoExplain))
    }

    fn stop_object_completely_x<S: AnimSequence + ?Sized, E: Explain>(
        &self,
        state: &mut MotionState,
        seq: &mut S,
        mut cx: Cx<E>,
    ) -> Outcome {
        let op = Operation::StopObjectCompletely;
        cx.call(op, 0, None, false, state);
        let mut n = 0;
        let mut success = false;
        let mut iterations = 0;
        while let Some(&head) = state.modifiers().first() {
            if iterations >= STOP_COMPLETELY_MAX_ITERATIONS {
                cx.note(|| limit(Limit::StopIterations));
                state.clear_modifiers();
                break;
            }
            iterations += 1;
            if self.stop_seq(head.id, state, seq, &mut n, &mut cx) {
                success = true;
            } else {
                cx.note(|| ExplainEvent::ModifierDropped {
                    motion: MotionCommand(head.id),
                });
                state.remove_modifier(0);
            }
        }
        let substate = state.substate;
        let ok = self.stop_seq(substate, state, seq, &mut n, &mut cx) || success;
        cx.ret(op, ok, n, state);
        Outcome { ok, num_anims: n }
    }
}

/// A [`Resolver`] that reports every decision of its calls to a sink (from
/// [`Resolver::explaining`]). Its methods are the resolver's, with the same results.
#[must_use = "call one of its resolver methods"]
pub struct Explaining<'a, E: Explain + ?Sized> {
    resolver: &'a Resolver,
    sink: &'a mut E,
}

impl<E: Explain + ?Sized> Explaining<'_, E> {
    /// [`Resolver::do_object_motion`], explained.
    pub fn do_object_motion<S: AnimSequence + ?Sized>(
        &mut self,
        motion: u32,
        state: &mut MotionState,
        seq: &mut S,
        speed: f32,
    ) -> Outcome {
        self.get_object_sequence(motion, state, seq, speed, false)
    }

    /// [`Resolver::get_object_sequence`], explained.
    pub fn get_object_sequence<S: AnimSequence + ?Sized>(
        &mut self,
        motion: u32,
        state: &mut MotionState,
        seq: &mut S,
        speed: f32,
        stop_modifiers: bool,
    ) -> Outcome {
        let cx = Cx::new(&mut *self.sink);
        self.resolver
            .get_object_sequence_x(motion, state, seq, speed, stop_modifiers, cx)
    }

    /// [`Resolver::set_default_state`], explained.
    pub fn set_default_state<S: AnimSequence + ?Sized>(
        &mut self,
        state: &mut MotionState,
        seq: &mut S,
    ) -> Outcome {
        let cx = Cx::new(&mut *self.sink);
        self.resolver.set_default_state_x(state, seq, cx)
    }

    /// [`Resolver::stop_object_motion`], explained (`speed` is unused, as in ACE).
    pub fn stop_object_motion<S: AnimSequence + ?Sized>(
        &mut self,
        motion: u32,
        _speed: f32,
        state: &mut MotionState,
        seq: &mut S,
    ) -> Outcome {
        self.stop_sequence_motion(motion, _speed, state, seq)
    }

    /// [`Resolver::stop_sequence_motion`], explained (`speed` is unused, as in ACE).
    pub fn stop_sequence_motion<S: AnimSequence + ?Sized>(
        &mut self,
        motion: u32,
        _speed: f32,
        state: &mut MotionState,
        seq: &mut S,
    ) -> Outcome {
        let cx = Cx::new(&mut *self.sink);
        self.resolver.stop_sequence_motion_x(motion, state, seq, cx)
    }

    /// [`Resolver::stop_object_completely`], explained.
    pub fn stop_object_completely<S: AnimSequence + ?Sized>(
        &mut self,
        state: &mut MotionState,
        seq: &mut S,
    ) -> Outcome {
        let cx = Cx::new(&mut *self.sink);
        self.resolver.stop_object_completely_x(state, seq, cx)
    }
}

// ---- explained sequence edits (the plain functions below are the public ACE helpers) ----

/// `add_motion`, reporting the queued data and its animations as `role`.
fn queue<S: AnimSequence + ?Sized, E: Explain>(
    seq: &mut S,
    md: Option<&MotionData>,
    speed: f32,
    role: Role,
    cx: &mut Cx<E>,
) {
    queue_events(md, speed, role, cx);
    add_motion(seq, md, speed);
}

/// The events of [`queue`].
#[inline(always)]
fn queue_events<E: Explain>(md: Option<&MotionData>, speed: f32, role: Role, cx: &mut Cx<E>) {
    if E::ENABLED
        && let Some(md) = md
    {
        cx.sink.event(ExplainEvent::Queue {
            role,
            speed,
            anims: md.anims.len() as u32,
            velocity: md.velocity * speed,
            omega: md.omega * speed,
        });
        for a in &md.anims {
            let anim = AnimData {
                framerate: a.framerate * speed,
                ..*a
            };
            cx.sink.event(ExplainEvent::Anim { role, anim });
        }
    }
}

/// The cut before new nodes: physics cleared, the cyclic tail removed.
fn cut<S: AnimSequence + ?Sized, E: Explain>(seq: &mut S, cx: &mut Cx<E>) {
    seq.clear_physics();
    seq.remove_cyclic_anims();
    cut_notes(cx);
}

/// The events of [`cut`].
#[inline(always)]
fn cut_notes<E: Explain>(cx: &mut Cx<E>) {
    cx.note(|| sequence(SequenceEdit::ClearPhysics));
    cx.note(|| sequence(SequenceEdit::RemoveCyclicAnims));
}

/// [`cut`], then [`queue`] of `link` at `link_speed` (role `link_role`) and of `cycle` at
/// `cycle_speed` (role [`Role::Cycle`]): the same events in the same order, and the sequence
/// edits as one [`AnimSequence::transition`] (whose provided body is exactly the calls of
/// `cut` and the two `queue`s).
#[inline(always)]
fn transition<S: AnimSequence + ?Sized, E: Explain>(
    seq: &mut S,
    (link, link_speed, link_role): (&MotionData, f32, Role),
    (cycle, cycle_speed): (&MotionData, f32),
    cx: &mut Cx<E>,
) {
    cut_notes(cx);
    queue_events(Some(link), link_speed, link_role, cx);
    queue_events(Some(cycle), cycle_speed, Role::Cycle, cx);
    seq.transition(link, link_speed, cycle, cycle_speed);
}

fn combine_motion_x<S: AnimSequence + ?Sized, E: Explain>(
    seq: &mut S,
    md: &MotionData,
    speed: f32,
    cx: &mut Cx<E>,
) {
    cx.note(|| {
        sequence(SequenceEdit::CombinePhysics {
            velocity: md.velocity * speed,
            omega: md.omega * speed,
        })
    });
    combine_motion(seq, Some(md), speed);
}

fn subtract_motion_x<S: AnimSequence + ?Sized, E: Explain>(
    seq: &mut S,
    md: &MotionData,
    speed: f32,
    cx: &mut Cx<E>,
) {
    cx.note(|| {
        sequence(SequenceEdit::SubtractPhysics {
            velocity: md.velocity * speed,
            omega: md.omega * speed,
        })
    });
    subtract_motion(seq, Some(md), speed);
}

fn change_cycle_speed_x<S: AnimSequence + ?Sized, E: Explain>(
    seq: &mut S,
    old: f32,
    new: f32,
    cx: &mut Cx<E>,
) {
    cx.note(|| {
        let factor = if old.abs() > EPSILON {
            Some(new / old)
        } else if new.abs() < EPSILON {
            Some(0.0)
        } else {
            None
        };
        match factor {
            Some(factor) => sequence(SequenceEdit::ScaleCycle { factor }),
            // Nothing happens: report a factor of 1.
            None => sequence(SequenceEdit::ScaleCycle { factor: 1.0 }),
        }
    });
    change_cycle_speed(seq, old, new);
}

// ---- event builders (keep the resolver's lines short) ----

fn link_event(
    role: Role,
    kind: LinkKind,
    style: u32,
    from: Option<u32>,
    to: u32,
    result: Option<Option<&MotionData>>,
) -> ExplainEvent {
    ExplainEvent::Link {
        role,
        kind,
        style: MotionCommand(style),
        from: from.map(MotionCommand),
        to: MotionCommand(to),
        outer: TableKey(match from {
            Some(f) => cycle_key(style, f),
            None => style_link_key(style),
        }),
        found: match result {
            Some(Some(_)) => LinkFound::Found,
            Some(None) => LinkFound::NoInner,
            None => LinkFound::NoOuter,
        },
    }
}

fn refused(reason: Refusal) -> ExplainEvent {
    ExplainEvent::Refused { reason }
}

fn shortcut(reason: Shortcut) -> ExplainEvent {
    ExplainEvent::Shortcut { reason }
}

fn branch(branch: Branch) -> ExplainEvent {
    ExplainEvent::Branch { branch }
}

fn fell_through(branch: Branch, reason: FallThrough) -> ExplainEvent {
    ExplainEvent::FellThrough { branch, reason }
}

fn detour(reason: DetourReason) -> ExplainEvent {
    ExplainEvent::Detour { reason }
}

fn sequence(edit: SequenceEdit) -> ExplainEvent {
    ExplainEvent::Sequence { edit }
}

fn limit(limit: Limit) -> ExplainEvent {
    ExplainEvent::Limit { limit }
}

fn action_added(motion: u32, speed: f32) -> ExplainEvent {
    ExplainEvent::ActionAdded {
        motion: MotionCommand(motion),
        speed,
    }
}

fn modifiers_cleared(st: &MotionState) -> ExplainEvent {
    ExplainEvent::ModifiersCleared {
        count: st.modifiers().len() as u32,
    }
}

fn num_anims_event(num_anims: u32, rule: CountRule) -> ExplainEvent {
    ExplainEvent::NumAnims { num_anims, rule }
}

fn lookup_outer(v: &[(u32, u32, u32)], key: u32) -> Option<(u32, u32)> {
    v.binary_search_by_key(&key, |e| e.0)
        .ok()
        .map(|i| (v[i].1, v[i].2))
}

#[inline]
fn count(md: Option<&MotionData>) -> u32 {
    md.map_or(0, |m| m.anims.len() as u32)
}

/// ACE `add_motion`: **replace** the sequence velocity/omega with the data's times
/// `speed`, then append every anim with its framerate times `speed`
/// ([`AnimSequence::add_motion_data`]). No-op for `None`.
pub fn add_motion<S: AnimSequence + ?Sized>(seq: &mut S, md: Option<&MotionData>, speed: f32) {
    if let Some(md) = md {
        seq.add_motion_data(md, speed);
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
        let record = [(5, 'a'), (1, 'b'), (5, 'c'), (3, 'd'), (1, 'e')];
        assert_eq!(index_positions(&record), [(1, 4), (3, 3), (5, 2)]);
        let map = record_map(&record);
        assert_eq!(map.get(5).map(|i| record[i as usize].1), Some('c'));
        assert_eq!(map.get(1).map(|i| record[i as usize].1), Some('e'));
        assert_eq!(map.get(4), None);
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
            anims: vec![AnimData::new(1); 3].into(),
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
