//! Planning: what every table will contain — its kind, id, styles, cycles, actions and the
//! counts of modifiers, link groups and link destinations — before any MotionData exists.
//!
//! The totals over all tables are planned to equal the retail corpus' ([`targets`]), so the
//! plan is made in passes: per-table choices first, then each total shared out over the tables
//! in proportion to their size.

use ac_dat::motion::*;
use ac_dat::{link_outer_key, style_link_key};

use super::commands::*;
use super::rng::Rng;
use super::{HUMANOID_TABLE_ID, TABLE_COUNT, targets};

/// Modifiers of the humanoid table.
const HUMANOID_MODIFIERS: usize = 30;
/// Link source groups of the humanoid table.
const HUMANOID_GROUPS: usize = 290;

/// What a table animates, which decides its styles, substates, actions and physics.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Kind {
    /// The player-like table [`HUMANOID_TABLE_ID`]: every style, the largest table.
    Humanoid,
    /// A smaller humanoid table (NPC kinds): NonCombat and some combat styles.
    HumanoidVariant,
    /// A monster: a few styles, locomotion and attacks.
    Creature,
    /// Something that only turns (omega, no velocity).
    Turner,
    /// A static object with a handful of cycles and no physics.
    Static,
}

impl Kind {
    /// Whether its locomotion cycles and modifiers carry a velocity.
    pub(super) fn moves(self) -> bool {
        matches!(
            self,
            Kind::Humanoid | Kind::HumanoidVariant | Kind::Creature
        )
    }
    /// Whether it has turn cycles and modifiers (an omega).
    pub(super) fn turns(self) -> bool {
        self != Kind::Static
    }
}

/// The body of a family of tables: part counts and a speed factor shared by their animations.
pub(super) struct Families {
    /// Parts per family (setups and animations).
    pub(super) parts: Vec<u32>,
    /// Speed factor per family (root velocity and pos-frame distance).
    pub(super) speed: Vec<f32>,
}

impl Families {
    /// Families: 0 humanoid, 1..=8 creatures, 9..=10 turners, 11..=24 static objects.
    fn generate(rng: &mut Rng) -> Self {
        let mut fam = Families {
            parts: Vec::new(),
            speed: Vec::new(),
        };
        for f in 0..25u32 {
            let parts = match f {
                0 => 17,
                1..=8 => rng.range(6, 20) as u32,
                9..=10 => rng.range(2, 8) as u32,
                _ => rng.range(1, 3) as u32,
            };
            fam.parts.push(parts);
            fam.speed.push(if f == 0 {
                1.0
            } else {
                [0.75f32, 1.0, 1.25, 1.5][rng.below(4) as usize]
            });
        }
        fam
    }
}

/// What one table will contain, before MotionData are built.
#[derive(Debug, Clone)]
pub(super) struct Plan {
    /// Table id.
    pub(super) id: u32,
    /// What it animates.
    pub(super) kind: Kind,
    /// Index into [`Families`].
    pub(super) family: u32,
    /// Whether its death/sleep/sit/fallen cycles clear modifiers (bitfield 0x1).
    pub(super) bit1: bool,
    /// Number of cycles.
    pub(super) cycles_n: usize,
    /// Styles, NonCombat first.
    pub(super) styles: Vec<u32>,
    /// The default substate of every style.
    pub(super) default_sub: u32,
    /// The `(style, substate)` cycles, in key order of the table.
    pub(super) cycles: Vec<(u32, u32)>,
    /// Action ids the table links to.
    pub(super) actions: Vec<u32>,
    /// Candidate modifiers `(style or style-less, motion)`, most wanted first.
    pub(super) modifier_cands: Vec<(Option<u32>, u32)>,
    /// How many of the candidates become modifiers.
    pub(super) modifiers_n: usize,
    /// Candidate link groups, most wanted first.
    pub(super) group_cands: Vec<Group>,
    /// How many of the candidates become link groups.
    pub(super) groups_n: usize,
    /// Link destinations over the chosen groups.
    pub(super) dests_n: usize,
}

/// Every table's plan, in id order, and the families their animations are made for.
pub(super) fn plan_tables(rng: &mut Rng) -> (Vec<Plan>, Families) {
    // The draws happen in this order; changing it changes every byte of the corpus.
    let kinds = table_kinds(rng);
    let ids = table_ids(rng);
    let bit1 = clear_modifier_tables(rng, &kinds);
    let families = Families::generate(rng);
    let family_of = table_families(&kinds);
    let cycles_n = cycle_counts(rng, &kinds);
    let all_actions: Vec<u32> = ATTACK_ACTIONS
        .iter()
        .chain(OTHER_ACTIONS.iter())
        .chain(EMOTE_ACTIONS.iter())
        .copied()
        .collect();
    let mut plans: Vec<Plan> = (0..TABLE_COUNT)
        .map(|i| {
            let mut plan = plan_table(rng, kinds[i], cycles_n[i], &all_actions);
            plan.id = ids[i];
            plan.family = family_of[i];
            plan.bit1 = bit1[i];
            plan.group_cands = build_groups(&plan);
            plan
        })
        .collect();
    plan_modifiers(&mut plans);
    plan_link_groups(&mut plans);
    plan_link_destinations(&mut plans);
    (plans, families)
}

/// The humanoid first, then 59 humanoid variants, 213 creatures, 28 turners and 135 static
/// objects in shuffled order.
fn table_kinds(rng: &mut Rng) -> Vec<Kind> {
    let mut kinds = vec![Kind::HumanoidVariant; 59];
    kinds.extend(vec![Kind::Creature; 213]);
    kinds.extend(vec![Kind::Turner; 28]);
    kinds.extend(vec![Kind::Static; 135]);
    rng.shuffle(&mut kinds);
    kinds.insert(0, Kind::Humanoid);
    kinds
}

/// Ids from [`HUMANOID_TABLE_ID`] up, with a random gap of 1..=3 after a quarter of them.
fn table_ids(rng: &mut Rng) -> Vec<u32> {
    let mut ids = Vec::with_capacity(TABLE_COUNT);
    let mut id = HUMANOID_TABLE_ID;
    for _ in 0..TABLE_COUNT {
        ids.push(id);
        let gap = if rng.below(4) == 0 {
            rng.range(1, 3) as u32
        } else {
            0
        };
        id += 1 + gap;
    }
    ids
}

/// Which tables have cycles that clear modifiers: the humanoid, 34 variants and 15 creatures
/// (50 in all, as in retail).
fn clear_modifier_tables(rng: &mut Rng, kinds: &[Kind]) -> Vec<bool> {
    let mut bit1 = vec![false; TABLE_COUNT];
    bit1[0] = true;
    for (kind, n) in [(Kind::HumanoidVariant, 34usize), (Kind::Creature, 15)] {
        let mut idx: Vec<usize> = (0..TABLE_COUNT).filter(|&i| kinds[i] == kind).collect();
        rng.shuffle(&mut idx);
        for &i in idx.iter().take(n) {
            bit1[i] = true;
        }
    }
    bit1
}

/// The family of each table: humanoids share family 0, the other kinds cycle through theirs.
fn table_families(kinds: &[Kind]) -> Vec<u32> {
    let mut counters = [0u32; 5];
    kinds
        .iter()
        .map(|k| {
            let c = &mut counters[*k as usize];
            *c += 1;
            match k {
                Kind::Humanoid | Kind::HumanoidVariant => 0,
                Kind::Creature => 1 + (*c - 1) % 8,
                Kind::Turner => 9 + (*c - 1) % 2,
                Kind::Static => 11 + (*c - 1) % 14,
            }
        })
        .collect()
}

/// Cycles per table: fixed for the humanoid, turners and static objects, the rest of the
/// retail total shared over variants and creatures by a random weight.
fn cycle_counts(rng: &mut Rng, kinds: &[Kind]) -> Vec<usize> {
    let mut cycles_n = vec![0usize; TABLE_COUNT];
    let mut w = vec![0u64; TABLE_COUNT];
    let mut mins = vec![0usize; TABLE_COUNT];
    let mut maxs = vec![0usize; TABLE_COUNT];
    let mut fixed = 0usize;
    for i in 0..TABLE_COUNT {
        match kinds[i] {
            Kind::Humanoid => {
                cycles_n[i] = targets::LARGEST_CYCLES;
                fixed += cycles_n[i];
            }
            Kind::Static => {
                cycles_n[i] = [2, 2, 2, 2, 3, 4][rng.below(6) as usize];
                fixed += cycles_n[i];
            }
            Kind::Turner => {
                cycles_n[i] = rng.range(4, 9) as usize;
                fixed += cycles_n[i];
            }
            Kind::Creature => {
                w[i] = rng.range(10, 50);
                mins[i] = 8;
                maxs[i] = 80;
            }
            Kind::HumanoidVariant => {
                w[i] = rng.range(110, 330);
                mins[i] = 60;
                maxs[i] = targets::LARGEST_CYCLES - 6;
            }
        }
    }
    let flexible: Vec<usize> = (0..TABLE_COUNT).filter(|&i| w[i] > 0).collect();
    let alloc = allocate(
        targets::CYCLES - fixed,
        &flexible.iter().map(|&i| w[i]).collect::<Vec<_>>(),
        &flexible.iter().map(|&i| mins[i]).collect::<Vec<_>>(),
        &flexible.iter().map(|&i| maxs[i]).collect::<Vec<_>>(),
    );
    for (k, &i) in flexible.iter().enumerate() {
        cycles_n[i] = alloc[k];
    }
    cycles_n
}

/// One table's styles, cycles, actions and candidate modifiers (id, family, flags and groups
/// are filled in by the caller).
fn plan_table(rng: &mut Rng, kind: Kind, cycles_n: usize, all_actions: &[u32]) -> Plan {
    let (styles, default_sub, cycles) = plan_styles_and_cycles(rng, kind, cycles_n);
    let actions = plan_actions(rng, kind, all_actions);
    let modifier_cands = modifier_candidates(kind, &styles);
    Plan {
        id: 0,
        kind,
        family: 0,
        bit1: false,
        cycles_n,
        styles,
        default_sub,
        cycles,
        actions,
        modifier_cands,
        modifiers_n: 0,
        group_cands: Vec::new(),
        groups_n: 0,
        dests_n: 0,
    }
}

/// Styles (NonCombat plus as many combat styles as the cycle count needs), the default
/// substate, and the first `cycles_n` cycle candidates.
fn plan_styles_and_cycles(
    rng: &mut Rng,
    kind: Kind,
    cycles_n: usize,
) -> (Vec<u32>, u32, Vec<(u32, u32)>) {
    let c = cycles_n;
    let mut combat = COMBAT_STYLES.to_vec();
    let want_styles = match kind {
        Kind::Humanoid => 16,
        Kind::HumanoidVariant => (2 + c / 45).min(16),
        Kind::Creature => 2 + usize::from(c >= 40),
        Kind::Turner => 1 + usize::from(c >= 7),
        Kind::Static => 1,
    };
    if kind != Kind::Humanoid {
        // Creatures fight bare-handed first; humanoid variants pick any stances.
        let rest = if kind == Kind::Creature {
            &mut combat[1..]
        } else {
            &mut combat[..]
        };
        rng.shuffle(rest);
    }
    let default_sub = if kind == Kind::Static && rng.below(2) == 0 {
        OFF
    } else {
        READY
    };
    let mut n_styles = want_styles;
    let (styles, cands) = loop {
        let mut styles = vec![NON_COMBAT];
        styles.extend(combat.iter().take(n_styles - 1));
        let cands = cycle_candidates(kind, &styles, default_sub);
        if cands.len() >= c || n_styles >= 16 {
            break (styles, cands);
        }
        n_styles += 1;
    };
    let cycles = cands.into_iter().take(c).collect();
    (styles, default_sub, cycles)
}

/// The actions a table links to: every one for the humanoid, a prefix for variants, a few
/// attacks plus one special move for creatures, reactions for the rest.
fn plan_actions(rng: &mut Rng, kind: Kind, all_actions: &[u32]) -> Vec<u32> {
    let n_actions = match kind {
        Kind::Humanoid => all_actions.len(),
        Kind::HumanoidVariant => rng.range(20, 90) as usize,
        Kind::Creature => rng.range(3, 14) as usize,
        Kind::Turner => rng.range(1, 3) as usize,
        Kind::Static => rng.range(0, 1) as usize,
    };
    match kind {
        Kind::Humanoid | Kind::HumanoidVariant => {
            all_actions.iter().copied().take(n_actions).collect()
        }
        Kind::Creature => {
            let attacks = n_actions.div_ceil(2).min(9);
            let mut v: Vec<u32> = ATTACK_ACTIONS[..attacks].to_vec();
            let special = [HEAD_THROW, FIST_SLAM, BREATHE_FLAME, SPIN_ATTACK, BITE];
            v.push(special[rng.below(special.len() as u64) as usize]);
            v.extend(OTHER_ACTIONS.iter().take(n_actions.saturating_sub(v.len())));
            v
        }
        _ => OTHER_ACTIONS.iter().copied().take(n_actions).collect(),
    }
}

/// Candidate modifiers, most wanted first: right turn and sidestep (style-less, then per
/// style), then the left ones; turners only turn.
fn modifier_candidates(kind: Kind, styles: &[u32]) -> Vec<(Option<u32>, u32)> {
    let mut cands: Vec<(Option<u32>, u32)> = Vec::new();
    if kind.moves() {
        cands.push((None, TURN_RIGHT));
        cands.push((None, SIDE_STEP_RIGHT));
        for &s in styles {
            cands.push((Some(s), TURN_RIGHT));
            cands.push((Some(s), SIDE_STEP_RIGHT));
        }
        cands.push((None, TURN_LEFT));
        cands.push((None, SIDE_STEP_LEFT));
        for &s in styles {
            cands.push((Some(s), TURN_LEFT));
            cands.push((Some(s), SIDE_STEP_LEFT));
        }
    } else if kind.turns() {
        cands.push((None, TURN_RIGHT));
        for &s in styles {
            cands.push((Some(s), TURN_RIGHT));
        }
        cands.push((None, TURN_LEFT));
    }
    cands
}

/// How one per-table count is shared out: tables with a `fixed` count keep it, the rest of
/// `total` goes to the others in proportion to `weight`, within `bounds` (min, max).
struct Share<'a> {
    total: usize,
    fixed: &'a dyn Fn(&Plan) -> Option<usize>,
    weight: &'a dyn Fn(&Plan) -> u64,
    bounds: &'a dyn Fn(&Plan) -> (usize, usize),
}

impl Share<'_> {
    /// The count of every plan, in plan order.
    fn counts(&self, plans: &[Plan]) -> Vec<usize> {
        let mut counts = vec![0; plans.len()];
        let mut rest = self.total;
        let mut flex = Vec::new();
        for (i, p) in plans.iter().enumerate() {
            match (self.fixed)(p) {
                Some(n) => {
                    rest = rest.saturating_sub(n);
                    counts[i] = n;
                }
                None => flex.push(i),
            }
        }
        let bounds: Vec<(usize, usize)> = flex.iter().map(|&i| (self.bounds)(&plans[i])).collect();
        let shares = allocate(
            rest,
            &flex
                .iter()
                .map(|&i| (self.weight)(&plans[i]))
                .collect::<Vec<_>>(),
            &bounds.iter().map(|b| b.0).collect::<Vec<_>>(),
            &bounds.iter().map(|b| b.1).collect::<Vec<_>>(),
        );
        for (k, &i) in flex.iter().enumerate() {
            counts[i] = shares[k];
        }
        counts
    }
}

/// Modifiers: 30 on the humanoid, none on static objects, the rest of the retail total by
/// style count (variants weigh most).
fn plan_modifiers(plans: &mut [Plan]) {
    let counts = Share {
        total: targets::MODIFIERS,
        fixed: &|p| match p.kind {
            Kind::Humanoid => Some(HUMANOID_MODIFIERS),
            Kind::Static => Some(0),
            _ => None,
        },
        weight: &|p| {
            p.styles.len() as u64
                * match p.kind {
                    Kind::HumanoidVariant => 3,
                    Kind::Creature => 2,
                    _ => 1,
                }
        },
        bounds: &|p| (p.modifier_cands.len().min(1), p.modifier_cands.len()),
    }
    .counts(plans);
    for (p, n) in plans.iter_mut().zip(counts) {
        p.modifiers_n = n;
    }
}

/// Link source groups: 290 on the humanoid, one per cycle on static objects, the rest by
/// cycle count (at least one per style).
fn plan_link_groups(plans: &mut [Plan]) {
    let counts = Share {
        total: targets::LINK_SOURCES,
        fixed: &|p| match p.kind {
            Kind::Humanoid => Some(HUMANOID_GROUPS),
            Kind::Static => Some(p.cycles_n),
            _ => None,
        },
        weight: &|p| p.cycles_n as u64,
        bounds: &|p| (p.styles.len(), p.group_cands.len()),
    }
    .counts(plans);
    for (p, n) in plans.iter_mut().zip(counts) {
        p.groups_n = n;
    }
}

/// Link destinations: the retail largest on the humanoid, one per group on static objects,
/// the rest by group count, never more than the chosen groups can hold.
fn plan_link_destinations(plans: &mut [Plan]) {
    let capacity = |p: &Plan| -> usize {
        p.group_cands[..p.groups_n.min(p.group_cands.len())]
            .iter()
            .map(|g| g.dests.len())
            .sum()
    };
    let counts = Share {
        total: targets::LINK_DESTINATIONS,
        fixed: &|p| match p.kind {
            Kind::Humanoid => Some(targets::LARGEST_LINK_DESTINATIONS),
            Kind::Static => Some(p.groups_n),
            _ => None,
        },
        weight: &|p| {
            p.groups_n as u64
                * match p.kind {
                    Kind::HumanoidVariant => 4,
                    Kind::Creature => 3,
                    _ => 2,
                }
        },
        bounds: &|p| {
            (
                p.groups_n,
                capacity(p).min(targets::LARGEST_LINK_DESTINATIONS - 1),
            )
        },
    }
    .counts(plans);
    for (p, n) in plans.iter_mut().zip(counts) {
        p.dests_n = n;
    }
}

/// Distributes `total` over slots proportionally to `w`, within `[min, max]` per slot.
/// Integer arithmetic only. Returns the mins if `total` is below their sum.
fn allocate(total: usize, w: &[u64], min: &[usize], max: &[usize]) -> Vec<usize> {
    let mut a: Vec<usize> = min.to_vec();
    let mut rem = total.saturating_sub(a.iter().sum());
    for _ in 0..64 {
        if rem == 0 {
            break;
        }
        let active: Vec<usize> = (0..a.len()).filter(|&i| a[i] < max[i]).collect();
        let wsum: u64 = active.iter().map(|&i| w[i].max(1)).sum();
        if active.is_empty() || wsum == 0 {
            break;
        }
        let mut given = 0usize;
        let budget = rem as u64;
        for &i in &active {
            let share = (budget * w[i].max(1) / wsum) as usize;
            let g = share.min(max[i] - a[i]).min(rem - given);
            a[i] += g;
            given += g;
        }
        if given == 0 {
            // Hand out the remainder one by one, heaviest first (ties by index).
            let mut order = active.clone();
            order.sort_by(|&x, &y| w[y].cmp(&w[x]).then(x.cmp(&y)));
            for &i in &order {
                if given == rem {
                    break;
                }
                if a[i] < max[i] {
                    a[i] += 1;
                    given += 1;
                }
            }
        }
        rem -= given;
    }
    a
}

fn push_unique(v: &mut Vec<u32>, x: u32) {
    if !v.contains(&x) {
        v.push(x);
    }
}

/// Which substate a link group leaves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum GroupKind {
    /// From the style's default substate.
    Default,
    /// The style-wide group (`style << 16`), from any substate.
    StyleWide,
    /// From another substate of the style.
    Other,
}

/// A candidate link group: its outer key's parts and its destinations, most wanted first.
#[derive(Debug, Clone)]
pub(super) struct Group {
    /// The style.
    pub(super) style: u32,
    /// The substate it leaves (0 for the style-wide group).
    pub(super) from: u32,
    /// Which substate it leaves.
    pub(super) kind: GroupKind,
    /// Destination motions, most wanted first.
    pub(super) dests: Vec<u32>,
}

impl Group {
    /// The outer key of the `Links` map.
    pub(super) fn outer(&self) -> u32 {
        match self.kind {
            GroupKind::StyleWide => style_link_key(self.style),
            _ => link_outer_key(self.style, self.from),
        }
    }
}

pub(super) fn core_substates(kind: Kind, default_sub: u32) -> Vec<u32> {
    match kind {
        Kind::Humanoid | Kind::HumanoidVariant => vec![
            READY,
            WALK_FORWARD,
            RUN_FORWARD,
            TURN_RIGHT,
            SIDE_STEP_RIGHT,
            FALLING,
            DEAD,
            FALLEN,
        ],
        Kind::Creature => vec![
            READY,
            WALK_FORWARD,
            RUN_FORWARD,
            TURN_RIGHT,
            SIDE_STEP_RIGHT,
            FALLING,
            DEAD,
        ],
        Kind::Turner => vec![READY, TURN_RIGHT, DEAD, FALLING],
        Kind::Static => {
            if default_sub == OFF {
                vec![OFF, ON, HOVER, 0x4000_0009]
            } else {
                vec![READY, DEAD, ON, OFF]
            }
        }
    }
}

fn extra_substates(kind: Kind, style: u32) -> Vec<u32> {
    match kind {
        Kind::Humanoid | Kind::HumanoidVariant => {
            let mut v = Vec::new();
            if style == NON_COMBAT {
                v.extend(NONCOMBAT_EXTRAS);
            }
            v.extend(GENERAL_EXTRAS);
            v
        }
        Kind::Creature => {
            let mut v = vec![FALLEN, SLEEPING];
            v.extend(GENERAL_EXTRAS);
            v
        }
        Kind::Turner => vec![ON, OFF, HOVER, 0x4000_00E4, 0x4000_00E5, 0x4000_00E6],
        Kind::Static => Vec::new(),
    }
}

/// Cycle (style, substate) pairs in priority order: every style's core, then extras
/// round-robin across styles (NonCombat's own extras first).
fn cycle_candidates(kind: Kind, styles: &[u32], default_sub: u32) -> Vec<(u32, u32)> {
    let mut out: Vec<(u32, u32)> = Vec::new();
    let core = core_substates(kind, default_sub);
    for &s in styles {
        for &c in &core {
            out.push((s, c));
        }
    }
    let extras: Vec<Vec<u32>> = styles.iter().map(|&s| extra_substates(kind, s)).collect();
    let longest = extras.iter().map(Vec::len).max().unwrap_or(0);
    for i in 0..longest {
        for (si, &s) in styles.iter().enumerate() {
            if let Some(&c) = extras[si].get(i)
                && !out.contains(&(s, c))
            {
                out.push((s, c));
            }
        }
    }
    out
}

pub(super) fn style_actions(plan: &Plan, style: u32) -> Vec<u32> {
    let single = plan.styles.len() == 1;
    plan.actions
        .iter()
        .copied()
        .filter(|&a| {
            single
                || if style == NON_COMBAT {
                    !is_attack(a)
                } else {
                    !EMOTE_ACTIONS.contains(&a)
                }
        })
        .collect()
}

fn build_groups(plan: &Plan) -> Vec<Group> {
    let d = plan.default_sub;
    let subs_of = |s: u32| -> Vec<u32> {
        plan.cycles
            .iter()
            .filter(|(cs, _)| *cs == s)
            .map(|(_, c)| *c)
            .collect()
    };
    let core = core_substates(plan.kind, d);
    let mut groups = Vec::new();
    for &s in &plan.styles {
        // Interleave substates, style changes and actions so a partly filled default group
        // still has some of each.
        let lists: [Vec<u32>; 3] = [
            subs_of(s).into_iter().filter(|&c| c != d).collect(),
            plan.styles.iter().copied().filter(|&o| o != s).collect(),
            style_actions(plan, s),
        ];
        let longest = lists.iter().map(Vec::len).max().unwrap_or(0);
        let mut dests = Vec::new();
        for i in 0..longest {
            for l in &lists {
                if let Some(&x) = l.get(i) {
                    push_unique(&mut dests, x);
                }
            }
        }
        groups.push(Group {
            style: s,
            from: d,
            kind: GroupKind::Default,
            dests,
        });
    }
    if plan.kind != Kind::Static {
        for &s in &plan.styles {
            let subs = subs_of(s);
            let mut dests = Vec::new();
            for c in [FALLING, DEAD] {
                if subs.contains(&c) {
                    push_unique(&mut dests, c);
                }
            }
            push_unique(&mut dests, d);
            groups.push(Group {
                style: s,
                from: 0,
                kind: GroupKind::StyleWide,
                dests,
            });
        }
    }
    for &(s, c) in &plan.cycles {
        if c == d {
            continue;
        }
        let subs = subs_of(s);
        let mut dests = vec![d];
        for &k in &core {
            if k != c && subs.contains(&k) {
                push_unique(&mut dests, k);
            }
        }
        for a in style_actions(plan, s) {
            push_unique(&mut dests, a);
        }
        groups.push(Group {
            style: s,
            from: c,
            kind: GroupKind::Other,
            dests,
        });
    }
    groups
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn allocate_hits_the_total_within_bounds() {
        let a = allocate(100, &[1, 2, 3, 4], &[5, 5, 5, 5], &[10, 30, 40, 50]);
        assert_eq!(a.iter().sum::<usize>(), 100);
        assert!(
            a.iter()
                .zip([10, 30, 40, 50])
                .all(|(x, m)| *x <= m && *x >= 5)
        );
        // Infeasible totals stop at the bounds instead of looping.
        let a = allocate(1000, &[1, 1], &[0, 0], &[3, 4]);
        assert_eq!(a, vec![3, 4]);
        let a = allocate(1, &[1, 1], &[2, 2], &[3, 4]);
        assert_eq!(a, vec![2, 2]);
    }
}
