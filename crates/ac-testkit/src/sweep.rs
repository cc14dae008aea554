//! Corpus statistics and consistency checks over a DAT's motion tables — the library half of
//! `cargo xtask sweep` (which adds the source, a spinner and printing).
//!
//! The statistics are the ones a survey of the retail portal DAT reports (tables, cycles, modifiers, link source groups,
//! link destinations, tables with a velocity / omega / bitfield-1 MotionData, largest table),
//! plus the checks the sweep reports: records that fail to parse, AnimData naming an
//! animation that is not in the DAT, and frame ranges outside their animation.
//!
//! [`sweep_with`] also runs every table that parses through the [`Resolver`]
//! ([`resolve_table`]), and spreads every phase over the rayon pool when asked.

use std::collections::BTreeMap;
use std::sync::Arc;

use ac_dat::{Animation, DatArchive, DatError, DirEntry, MotionTable, Setup};
use ac_motiontable::motion::motion_by_index;
use ac_motiontable::{AnimSequence, MotionState, Resolver, Rules};
use rayon::prelude::*;

mod counting;

pub use counting::CountingSequence;

/// Statistics of one motion table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct TableStats {
    /// Table id.
    pub id: u32,
    /// Number of cycles.
    pub cycles: usize,
    /// Number of modifiers.
    pub modifiers: usize,
    /// Number of link source groups (outer keys).
    pub link_sources: usize,
    /// Number of link destinations (inner entries).
    pub link_destinations: usize,
    /// MotionData records in all (cycles + modifiers + link destinations).
    pub motion_data: usize,
    /// Any MotionData stores a velocity.
    pub has_velocity: bool,
    /// Any MotionData stores an omega.
    pub has_omega: bool,
    /// Any MotionData has bitfield bit 0x1 (clears modifiers).
    pub has_clear_modifiers: bool,
}

impl TableStats {
    /// Computes the statistics of `t`.
    pub fn of(t: &MotionTable) -> Self {
        let link_destinations = t.num_link_destinations();
        let mut s = Self {
            id: t.id,
            cycles: t.cycles.len(),
            modifiers: t.modifiers.len(),
            link_sources: t.links.len(),
            link_destinations,
            motion_data: t.cycles.len() + t.modifiers.len() + link_destinations,
            ..Self::default()
        };
        for md in t.motion_data() {
            s.has_velocity |= md.has_velocity();
            s.has_omega |= md.has_omega();
            s.has_clear_modifiers |= md.clears_modifiers();
        }
        s
    }
}

/// Aggregate statistics of a set of motion tables.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct CorpusStats {
    /// Tables parsed.
    pub tables: usize,
    /// Total cycles.
    pub cycles: usize,
    /// Total modifiers.
    pub modifiers: usize,
    /// Total link source groups.
    pub link_sources: usize,
    /// Total link destinations.
    pub link_destinations: usize,
    /// Total MotionData.
    pub motion_data: usize,
    /// Tables with at least one velocity.
    pub tables_with_velocity: usize,
    /// Tables with at least one omega.
    pub tables_with_omega: usize,
    /// Tables with at least one bitfield-1 MotionData.
    pub tables_with_clear_modifiers: usize,
    /// (table id, cycles) of the table with the most cycles (first one on ties).
    pub largest_by_cycles: Option<(u32, usize)>,
    /// (table id, link destinations) of the table with the most link destinations.
    pub largest_by_links: Option<(u32, usize)>,
}

impl CorpusStats {
    /// Adds one table.
    pub fn add(&mut self, s: &TableStats) {
        self.tables += 1;
        self.cycles += s.cycles;
        self.modifiers += s.modifiers;
        self.link_sources += s.link_sources;
        self.link_destinations += s.link_destinations;
        self.motion_data += s.motion_data;
        self.tables_with_velocity += usize::from(s.has_velocity);
        self.tables_with_omega += usize::from(s.has_omega);
        self.tables_with_clear_modifiers += usize::from(s.has_clear_modifiers);
        if self.largest_by_cycles.is_none_or(|(_, n)| s.cycles > n) {
            self.largest_by_cycles = Some((s.id, s.cycles));
        }
        if self
            .largest_by_links
            .is_none_or(|(_, n)| s.link_destinations > n)
        {
            self.largest_by_links = Some((s.id, s.link_destinations));
        }
    }

    /// Statistics of a list of tables.
    pub fn of<'a>(tables: impl IntoIterator<Item = &'a MotionTable>) -> Self {
        let mut c = Self::default();
        for t in tables {
            c.add(&TableStats::of(t));
        }
        c
    }
}

/// A record that failed to load.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    /// Its id.
    pub id: u32,
    /// The error chain, rendered.
    pub error: String,
}

/// An AnimData whose animation is missing from the DAT.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DanglingAnimation {
    /// The table referencing it.
    pub table: u32,
    /// The missing animation id.
    pub anim_id: u32,
}

/// An AnimData whose frame range does not fit its animation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BadFrameRange {
    /// The table referencing it.
    pub table: u32,
    /// The animation.
    pub anim_id: u32,
    /// low_frame as stored.
    pub low_frame: i32,
    /// high_frame as stored.
    pub high_frame: i32,
    /// The animation's frame count.
    pub num_frames: u32,
}

/// Outcome of loading one motion table.
#[derive(Debug, Clone)]
pub struct TableOutcome {
    /// Table id.
    pub id: u32,
    /// The table, or the rendered error.
    pub result: Result<MotionTable, String>,
}

/// Outcome of loading one animation: its frame count, `None` if absent, or the error.
#[derive(Debug, Clone)]
pub struct AnimOutcome {
    /// Animation id.
    pub id: u32,
    /// `Ok(Some(num_frames))`, `Ok(None)` when not in the DAT, or the rendered error.
    pub result: Result<Option<u32>, String>,
}

/// Renders an error and its `source` chain as `a: b: c`.
pub fn error_chain(e: &dyn std::error::Error) -> String {
    let mut s = e.to_string();
    let mut cur = e.source();
    while let Some(c) = cur {
        s.push_str(": ");
        s.push_str(&c.to_string());
        cur = c.source();
    }
    s
}

/// Directory entries of a range, or the first directory error.
pub fn list_entries(
    dat: &DatArchive,
    range: std::ops::RangeInclusive<u32>,
) -> Result<Vec<DirEntry>, DatError> {
    dat.entries_in_range(range).collect()
}

/// What a sweep reads, decided from the directory before any record is read.
#[derive(Debug, Clone, Default)]
pub struct SweepPlan {
    /// Motion table entries.
    pub tables: Vec<DirEntry>,
    /// Setup entries.
    pub setups: Vec<DirEntry>,
    /// Animation entries, by id (the referenced ones are read).
    pub animations: BTreeMap<u32, DirEntry>,
    /// The first animation id the directory walk could not vouch for (it stopped on an error
    /// there); referenced animations from there on are looked up one by one
    /// ([`SweepPlan::add_referenced_animations`]).
    pub animations_unreadable_from: Option<u32>,
    /// Referenced animations whose lookup failed, with the rendered error.
    pub animation_lookup_errors: BTreeMap<u32, String>,
    /// Problems of the directory itself, rendered (each stopped its walk; what was listed
    /// before it is still read).
    pub directory_errors: Vec<String>,
}

/// Walks the directory ranges of tables, animations and setups, keeping what was listed
/// before an error, and checks that the listed entries do not claim more bytes than the file
/// holds. If they do (entries share blocks), nothing is read: reading them all could cost far
/// more than the file's size.
pub fn plan(dat: &DatArchive) -> SweepPlan {
    let mut p = SweepPlan::default();
    let mut walk = |range: std::ops::RangeInclusive<u32>| {
        let mut listed = Vec::new();
        let mut stopped = None;
        for e in dat.entries_in_range(range) {
            match e {
                Ok(e) => listed.push(e),
                Err(err) => {
                    stopped = Some(listed.last().map_or(0, |e: &DirEntry| e.id + 1));
                    p.directory_errors
                        .push(format!("directory: {}", error_chain(&err)));
                    break;
                }
            }
        }
        (listed, stopped)
    };
    let (tables, _) = walk(MotionTable::ID_RANGE);
    let (animations, stopped) = walk(Animation::ID_RANGE);
    let (setups, _) = walk(Setup::ID_RANGE);
    if let Err(e) = dat.check_total_size(tables.iter().chain(&animations).chain(&setups)) {
        p.directory_errors
            .push(format!("directory: {}", error_chain(&e)));
        return p;
    }
    p.tables = tables;
    p.setups = setups;
    p.animations = animations.into_iter().map(|e| (e.id, e)).collect();
    p.animations_unreadable_from = stopped;
    p
}

/// Loads one motion table.
pub fn load_table(dat: &DatArchive, entry: &DirEntry) -> TableOutcome {
    TableOutcome {
        id: entry.id,
        result: dat
            .read_entry::<MotionTable>(entry)
            .map_err(|e| error_chain(&e)),
    }
}

impl SweepPlan {
    /// Completes the animation directory for the `referenced` ids when the walk stopped early:
    /// each id past the stop is looked up on its own (a lookup checks the nodes on its path,
    /// so only the ids under a bad node fail), in id order. The entries found must still fit
    /// the file together with everything else the plan reads; if they do not, they are
    /// reported instead of read.
    pub fn add_referenced_animations(&mut self, dat: &DatArchive, referenced: &[u32]) {
        let Some(from) = self.animations_unreadable_from else {
            return;
        };
        let mut found = Vec::new();
        for &id in referenced.iter().filter(|&&id| id >= from) {
            if self.animations.contains_key(&id) {
                continue;
            }
            match dat.entry(id) {
                Ok(Some(e)) => found.push(e),
                Ok(None) => {}
                Err(e) => {
                    self.animation_lookup_errors.insert(id, error_chain(&e));
                }
            }
        }
        let all = self
            .tables
            .iter()
            .chain(&self.setups)
            .chain(self.animations.values())
            .chain(&found);
        if let Err(e) = dat.check_total_size(all) {
            let why = format!("not read: {}", error_chain(&e));
            for e in found {
                self.animation_lookup_errors.insert(e.id, why.clone());
            }
            return;
        }
        self.animations.extend(found.into_iter().map(|e| (e.id, e)));
        self.animations_unreadable_from = None;
    }
}

/// Loads one animation by id from the plan's animation directory (a missing id is not an
/// error here; it is reported as dangling).
pub fn load_animation(dat: &DatArchive, plan: &SweepPlan, id: u32) -> AnimOutcome {
    let result = match plan.animations.get(&id) {
        Some(e) => dat
            .read_entry::<Animation>(e)
            .map(|a| Some(a.num_frames()))
            .map_err(|e| error_chain(&e)),
        None => match plan.animation_lookup_errors.get(&id) {
            Some(e) => Err(e.clone()),
            None => Ok(None),
        },
    };
    AnimOutcome { id, result }
}

/// Loads one setup, keeping only success or the error.
pub fn load_setup(dat: &DatArchive, entry: &DirEntry) -> Result<Setup, Failure> {
    dat.read_entry::<Setup>(entry).map_err(|e| Failure {
        id: entry.id,
        error: error_chain(&e),
    })
}

/// Every animation id referenced by the tables that parsed.
pub fn referenced_animations(tables: &[TableOutcome]) -> Vec<u32> {
    referenced_by(tables.iter().filter_map(|t| t.result.as_ref().ok()))
}

/// Every animation id referenced by `tables`, once each, in id order.
fn referenced_by<'a>(tables: impl Iterator<Item = &'a MotionTable>) -> Vec<u32> {
    // Ids in the animation range go into a bit set (one bit each, in id order); only the
    // others, which real data does not have, are sorted. A set insert per reference was a
    // twentieth of the sweep, and sorting them all a tenth of what was left.
    let mut in_range = vec![0u64; 1 << 10];
    let mut others = Vec::new();
    for t in tables {
        for md in t.motion_data() {
            for a in &md.anims {
                match anim_index(a.anim_id) {
                    Some(i) => in_range[i >> 6] |= 1 << (i & 63),
                    None => others.push(a.anim_id),
                }
            }
        }
    }
    others.sort_unstable();
    others.dedup();
    let below = others.partition_point(|&id| id < *Animation::ID_RANGE.start());
    let mut ids = others[..below].to_vec();
    for (w, &bits) in in_range.iter().enumerate() {
        let mut bits = bits;
        while bits != 0 {
            let b = bits.trailing_zeros() as usize;
            ids.push(Animation::ID_RANGE.start() + (w * 64 + b) as u32);
            bits &= bits - 1;
        }
    }
    ids.extend_from_slice(&others[below..]);
    ids
}

/// The offset of `id` in [`Animation::ID_RANGE`] (65,536 ids), if it lies there.
fn anim_index(id: u32) -> Option<usize> {
    id.checked_sub(*Animation::ID_RANGE.start())
        .filter(|&i| i <= 0xFFFF)
        .map(|i| i as usize)
}

/// Whether a stored frame range fits an animation of `num_frames` frames: −1 for high means
/// "the last frame"; otherwise `0 <= low <= high < num_frames` (the client clamps anything
/// else, so anything else is suspicious data).
pub fn frame_range_fits(low: i32, high: i32, num_frames: u32) -> bool {
    let n = i64::from(num_frames);
    let high = if high < 0 { n - 1 } else { i64::from(high) };
    let low = i64::from(low);
    num_frames > 0 && low >= 0 && low < n && high < n && low <= high
}

/// Frame counts of the animations the sweep loaded, by id: `Some(n)` for one that parsed,
/// `None` for one absent from the DAT; ids that failed to parse are not listed.
struct FrameIndex {
    /// `(id, frame count)` sorted by id, one per id.
    frames: Vec<(u32, Option<u32>)>,
    /// For ids in the animation range: position in `frames` + 1, 0 for none (as long as the
    /// highest such id).
    dense: Vec<u32>,
}

impl FrameIndex {
    /// The index of `(id, frame count)` outcomes in any order; a repeated id keeps its last
    /// outcome, as a map insert would.
    fn new(mut frames: Vec<(u32, Option<u32>)>) -> Self {
        // Sorted and searched per AnimData: cheaper than a map built node by node.
        frames.reverse();
        frames.sort_by_key(|&(id, _)| id);
        frames.dedup_by_key(|&mut (id, _)| id);
        // Ids in the animation range find their entry through a dense index; the others
        // are searched.
        let dense_len = frames
            .iter()
            .filter_map(|&(id, _)| anim_index(id))
            .max()
            .map_or(0, |i| i + 1);
        let mut dense = vec![0u32; dense_len];
        for (at, &(id, _)) in frames.iter().enumerate() {
            if let Some(i) = anim_index(id) {
                dense[i] = at as u32 + 1;
            }
        }
        Self { frames, dense }
    }

    /// `Some(Some(n))` for an animation of `n` frames, `Some(None)` for one absent from the
    /// DAT, `None` for one that failed to parse (or was never looked up).
    #[inline]
    fn get(&self, id: u32) -> Option<Option<u32>> {
        match anim_index(id) {
            Some(i) => match self.dense.get(i) {
                Some(&at) if at > 0 => Some(self.frames[at as usize - 1].1),
                _ => None,
            },
            None => self
                .frames
                .binary_search_by_key(&id, |&(id, _)| id)
                .ok()
                .map(|i| self.frames[i].1),
        }
    }
}

/// What the report takes from one parsed table.
struct TableCheck {
    /// Its statistics.
    stats: TableStats,
    /// Its AnimData whose frame range does not fit, in file order.
    bad_frame_ranges: Vec<BadFrameRange>,
    /// Animation ids it names that are absent from the DAT, sorted, once each.
    dangling: Vec<u32>,
}

/// The statistics and findings of one table against the animations' frame counts.
fn check_table(table: &MotionTable, frames: &FrameIndex) -> TableCheck {
    let mut bad_frame_ranges = Vec::new();
    let mut dangling = Vec::new();
    for md in table.motion_data() {
        for a in &md.anims {
            match frames.get(a.anim_id) {
                Some(Some(n)) if !frame_range_fits(a.low_frame, a.high_frame, n) => {
                    bad_frame_ranges.push(BadFrameRange {
                        table: table.id,
                        anim_id: a.anim_id,
                        low_frame: a.low_frame,
                        high_frame: a.high_frame,
                        num_frames: n,
                    });
                }
                Some(Some(_)) => {}
                Some(None) => dangling.push(a.anim_id),
                None => {} // failed to parse: already a failure
            }
        }
    }
    dangling.sort_unstable();
    dangling.dedup();
    TableCheck {
        stats: TableStats::of(table),
        bad_frame_ranges,
        dangling,
    }
}

/// The full result of a sweep.
#[derive(Debug, Clone, Default)]
pub struct SweepReport {
    /// Aggregate statistics of the tables that parsed.
    pub stats: CorpusStats,
    /// Animations referenced and parsed.
    pub animations: usize,
    /// Setups parsed.
    pub setups: usize,
    /// Records that failed to load (tables, animations, setups).
    pub failures: Vec<Failure>,
    /// AnimData naming animations absent from the DAT (one per table and id).
    pub dangling_animations: Vec<DanglingAnimation>,
    /// AnimData whose frame range does not fit the animation.
    pub bad_frame_ranges: Vec<BadFrameRange>,
    /// Problems of the directory itself (see [`SweepPlan::directory_errors`]).
    pub directory_errors: Vec<String>,
    /// Resolver outcomes over the tables that parsed, when the sweep ran them
    /// ([`Options::resolve`]).
    pub resolve: Option<ResolveStats>,
}

impl SweepReport {
    /// Combines the per-record outcomes (in any order; the report is sorted by id).
    pub fn assemble(
        mut tables: Vec<TableOutcome>,
        anims: Vec<AnimOutcome>,
        setups: Vec<Result<Setup, Failure>>,
    ) -> Self {
        Self::assemble_from(&mut tables, anims, setups)
    }

    /// [`SweepReport::assemble`], leaving the tables (sorted by id) with the caller.
    pub fn assemble_from(
        tables: &mut [TableOutcome],
        anims: Vec<AnimOutcome>,
        setups: Vec<Result<Setup, Failure>>,
    ) -> Self {
        tables.sort_by_key(|t| t.id);
        let mut r = SweepReport::default();
        let frames = r.add_animations(anims);
        for s in setups {
            match s {
                Ok(_) => r.setups += 1,
                Err(f) => r.failures.push(f),
            }
        }
        for t in tables.iter() {
            match &t.result {
                Ok(table) => r.add_checked(check_table(table, &frames)),
                Err(error) => r.failures.push(Failure {
                    id: t.id,
                    error: error.clone(),
                }),
            }
        }
        r.failures.sort_by_key(|f| f.id);
        r
    }

    /// Counts the animations that parsed, records the ones that failed, and indexes the
    /// frame counts by id for [`check_table`].
    fn add_animations(&mut self, anims: Vec<AnimOutcome>) -> FrameIndex {
        let mut frames: Vec<(u32, Option<u32>)> = Vec::with_capacity(anims.len());
        for a in anims {
            match a.result {
                Ok(n) => {
                    self.animations += usize::from(n.is_some());
                    frames.push((a.id, n));
                }
                Err(error) => self.failures.push(Failure { id: a.id, error }),
            }
        }
        FrameIndex::new(frames)
    }

    /// Adds one parsed table's statistics and findings (tables are added in id order).
    fn add_checked(&mut self, c: TableCheck) {
        self.stats.add(&c.stats);
        self.bad_frame_ranges.extend(c.bad_frame_ranges);
        self.dangling_animations
            .extend(c.dangling.into_iter().map(|anim_id| DanglingAnimation {
                table: c.stats.id,
                anim_id,
            }));
    }

    /// Whether anything failed (a record or the directory): the sweep's exit status.
    pub fn has_errors(&self) -> bool {
        !self.failures.is_empty() || !self.directory_errors.is_empty()
    }

    /// Whether anything failed or looked wrong.
    pub fn is_clean(&self) -> bool {
        self.directory_errors.is_empty()
            && self.failures.is_empty()
            && self.dangling_animations.is_empty()
            && self.bad_frame_ranges.is_empty()
    }
}

/// Sequential sweep of every motion table, the animations they reference and every setup,
/// without the resolver runs ([`sweep_with`] and [`Options::default`]).
pub fn sweep(dat: &DatArchive) -> SweepReport {
    sweep_with(dat, Options::default())
}

/// What [`sweep_with`] does beyond parsing.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Options {
    /// Spread each phase over the current rayon pool (`ThreadPool::install` picks the pool).
    pub parallel: bool,
    /// Run every table that parses through the resolver ([`resolve_table`]).
    pub resolve: bool,
}

/// `items` mapped by `f`, in order: over the rayon pool when `parallel`.
fn map_all<T: Sync, R: Send>(
    parallel: bool,
    items: &[T],
    f: impl Fn(&T) -> R + Sync + Send,
) -> Vec<R> {
    if parallel {
        items.par_iter().map(f).collect()
    } else {
        items.iter().map(f).collect()
    }
}

/// Sweep of every motion table, the animations they reference and every setup, then (with
/// [`Options::resolve`]) the resolver runs of every table that parsed. Directory problems and
/// per-record errors are collected in the report; the sweep reads what it can. The report is
/// the same whichever [`Options::parallel`], and the same as [`parse_all`] then
/// [`resolve_all`] give.
///
/// Three passes, each spread over the pool when parallel: the tables and the setups are
/// parsed; then the referenced animations are parsed while the tables are resolved (the
/// resolver needs no animation); then each table is checked against the animations' frame
/// counts and dropped. Between them only the referenced-animation list, the frame-count
/// index and the report's concatenation run serially. Each record is dropped by the task
/// that finished with it, so freeing is spread too.
pub fn sweep_with(dat: &DatArchive, options: Options) -> SweepReport {
    let parallel = options.parallel;
    let mut plan = plan(dat);
    // 1. Tables and setups.
    let (tables, setups) = join(
        parallel,
        || {
            map_all(parallel, &plan.tables, |e| {
                let result = dat
                    .read_entry::<MotionTable>(e)
                    .map(Arc::new)
                    .map_err(|e| error_chain(&e));
                (e.id, result)
            })
        },
        || {
            map_all(parallel, &plan.setups, |e| {
                load_setup(dat, e).map(|_| ()).err()
            })
        },
    );
    let referenced = referenced_by(tables.iter().filter_map(|(_, t)| t.as_deref().ok()));
    plan.add_referenced_animations(dat, &referenced);
    // 2. Animations, and the resolver runs: the largest tables first, so that no large one
    // is left for the end of the pass.
    let mut by_size: Vec<&Arc<MotionTable>> =
        tables.iter().filter_map(|(_, t)| t.as_ref().ok()).collect();
    by_size.sort_by_key(|t| std::cmp::Reverse(t.cycles.len()));
    let (anims, resolve) = join(
        parallel,
        || map_all(parallel, &referenced, |&id| load_animation(dat, &plan, id)),
        || {
            options.resolve.then(|| {
                let per_table =
                    map_one_by_one(parallel, &by_size, |t| resolve_table(Arc::clone(t)));
                let mut total = ResolveStats::default();
                per_table.iter().for_each(|s| total.add(s));
                total
            })
        },
    );
    drop(by_size);
    // 3. Checks against the frame counts.
    let mut report = SweepReport::default();
    let frames = report.add_animations(anims);
    let checks = map_all_owned(parallel, tables, |(id, t)| {
        t.map(|t| check_table(&t, &frames))
            .map_err(|error| Failure { id, error })
    });
    for failure in setups {
        match failure {
            None => report.setups += 1,
            Some(f) => report.failures.push(f),
        }
    }
    for c in checks {
        match c {
            Ok(c) => report.add_checked(c),
            Err(f) => report.failures.push(f),
        }
    }
    report.failures.sort_by_key(|f| f.id);
    report.directory_errors = plan.directory_errors;
    report.resolve = resolve;
    report
}

/// `a` and `b`, side by side on the pool when `parallel`.
fn join<A: Send, B: Send>(
    parallel: bool,
    a: impl FnOnce() -> A + Send,
    b: impl FnOnce() -> B + Send,
) -> (A, B) {
    if parallel {
        rayon::join(a, b)
    } else {
        (a(), b())
    }
}

/// [`map_all`] with every item a task of its own (for few items of very different cost).
fn map_one_by_one<T: Sync, R: Send>(
    parallel: bool,
    items: &[T],
    f: impl Fn(&T) -> R + Sync + Send,
) -> Vec<R> {
    if parallel {
        items.par_iter().with_max_len(1).map(f).collect()
    } else {
        items.iter().map(f).collect()
    }
}

/// [`map_all`] taking the items by value.
fn map_all_owned<T: Send, R: Send>(
    parallel: bool,
    items: Vec<T>,
    f: impl Fn(T) -> R + Sync + Send,
) -> Vec<R> {
    if parallel {
        items.into_par_iter().map(f).collect()
    } else {
        items.into_iter().map(f).collect()
    }
}

/// The parsing half of [`sweep_with`]: the report (without resolver outcomes) and the tables
/// that parsed, in id order, for [`resolve_all`].
pub fn parse_all(dat: &DatArchive, parallel: bool) -> (SweepReport, Vec<MotionTable>) {
    let mut plan = plan(dat);
    let mut tables: Vec<TableOutcome> = map_all(parallel, &plan.tables, |e| load_table(dat, e));
    let referenced = referenced_animations(&tables);
    plan.add_referenced_animations(dat, &referenced);
    let anims = map_all(parallel, &referenced, |&id| load_animation(dat, &plan, id));
    let setups = map_all(parallel, &plan.setups, |e| load_setup(dat, e));
    let mut report = SweepReport::assemble_from(&mut tables, anims, setups);
    report.directory_errors = plan.directory_errors;
    let parsed = tables.into_iter().filter_map(|t| t.result.ok()).collect();
    (report, parsed)
}

/// The resolver half of [`sweep_with`]: [`resolve_table`] over `tables`, summed. The tables
/// move into their resolvers, so none is copied.
pub fn resolve_all(tables: Vec<MotionTable>, parallel: bool) -> ResolveStats {
    let per_table: Vec<ResolveStats> = if parallel {
        tables.into_par_iter().map(resolve_table).collect()
    } else {
        tables.into_iter().map(resolve_table).collect()
    };
    let mut total = ResolveStats::default();
    per_table.iter().for_each(|s| total.add(s));
    total
}

/// Resolver outcomes over the tables that parsed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ResolveStats {
    /// Tables whose `SetDefaultState` succeeded.
    pub default_ok: usize,
    /// Tables whose `SetDefaultState` failed.
    pub default_failed: usize,
    /// Cycles entered successfully from the default state.
    pub transitions_ok: usize,
    /// Cycles the resolver refused.
    pub transitions_failed: usize,
    /// Cycle keys whose command index names no MotionCommand (not attempted).
    pub unknown_keys: usize,
    /// Tables whose resolution panicked (a bug; never expected).
    pub panics: usize,
}

impl ResolveStats {
    /// Adds another table's (or set's) outcomes.
    pub fn add(&mut self, o: &ResolveStats) {
        self.default_ok += o.default_ok;
        self.default_failed += o.default_failed;
        self.transitions_ok += o.transitions_ok;
        self.transitions_failed += o.transitions_failed;
        self.unknown_keys += o.unknown_keys;
        self.panics += o.panics;
    }
}

/// Runs `table`'s default state and every cycle transition through the [`Resolver`] (ACE
/// rules) with a [`CountingSequence`]: each cycle is entered from the default state,
/// switching style first when the cycle belongs to another style. The default state is
/// resolved once and copied for each cycle (resolving it again from a fresh state gives the
/// same state and sequence). A panic (a bug, never expected) is caught and counted.
pub fn resolve_table(table: impl Into<Arc<MotionTable>>) -> ResolveStats {
    resolve_table_with::<CountingSequence>(table)
}

/// [`resolve_table`] against any sequence that starts empty and can be copied: the sweep
/// uses [`CountingSequence`]; the tests check it against a
/// [`RecordingSequence`](ac_motiontable::RecordingSequence).
pub fn resolve_table_with<S: AnimSequence + Clone + Default>(
    table: impl Into<Arc<MotionTable>>,
) -> ResolveStats {
    let table = table.into();
    let run = || {
        let mut st = ResolveStats::default();
        let r = Resolver::new(table, Rules::default());
        let mut default_state = MotionState::new();
        let mut default_seq = S::default();
        if !r.set_default_state(&mut default_state, &mut default_seq).ok {
            st.default_failed += 1;
            return st;
        }
        st.default_ok += 1;
        let default_style = default_state.style;
        for (key, _) in &r.table().cycles {
            let Some(substate) = motion_by_index(key & 0xFFFF) else {
                st.unknown_keys += 1;
                continue;
            };
            let style = 0x8000_0000 | (key >> 16);
            let mut state = default_state.clone();
            let mut seq = default_seq.clone();
            let mut ok = true;
            if style != default_style {
                ok = r.do_object_motion(style, &mut state, &mut seq, 1.0).ok;
            }
            if ok && state.substate != substate {
                ok = r.do_object_motion(substate, &mut state, &mut seq, 1.0).ok;
            }
            if ok {
                st.transitions_ok += 1;
            } else {
                st.transitions_failed += 1;
            }
        }
        st
    };
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(run)).unwrap_or(ResolveStats {
        panics: 1,
        ..ResolveStats::default()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frame_ranges() {
        assert!(frame_range_fits(0, -1, 1));
        assert!(frame_range_fits(2, 4, 5));
        assert!(!frame_range_fits(0, 5, 5));
        assert!(!frame_range_fits(5, -1, 5));
        assert!(!frame_range_fits(3, 2, 5));
        assert!(!frame_range_fits(-1, 2, 5));
        assert!(!frame_range_fits(0, -1, 0));
    }

    /// The sweep's resolution as it was first written: every cycle from a freshly resolved
    /// default state, on a sequence that records everything.
    fn resolve_from_scratch(table: MotionTable) -> ResolveStats {
        use ac_motiontable::RecordingSequence;
        let mut st = ResolveStats::default();
        let r = Resolver::new(table, Rules::default());
        let mut state = MotionState::new();
        if !r
            .set_default_state(&mut state, &mut RecordingSequence::new())
            .ok
        {
            st.default_failed += 1;
            return st;
        }
        st.default_ok += 1;
        for (key, _) in &r.table().cycles {
            let Some(substate) = motion_by_index(key & 0xFFFF) else {
                st.unknown_keys += 1;
                continue;
            };
            let style = 0x8000_0000 | (key >> 16);
            let mut state = MotionState::new();
            let mut seq = RecordingSequence::new();
            let mut ok = r.set_default_state(&mut state, &mut seq).ok;
            if ok && style != state.style {
                ok = r.do_object_motion(style, &mut state, &mut seq, 1.0).ok;
            }
            if ok && state.substate != substate {
                ok = r.do_object_motion(substate, &mut state, &mut seq, 1.0).ok;
            }
            st.transitions_ok += usize::from(ok);
            st.transitions_failed += usize::from(!ok);
        }
        st
    }

    /// Counting instead of recording, and copying the default state instead of resolving it
    /// again, change no outcome: checked on every table of the synthetic corpus.
    #[test]
    fn resolution_matches_resolving_from_scratch() {
        let corpus = crate::synthetic::Corpus::generate(crate::synthetic::DEFAULT_SEED);
        let mut fast = ResolveStats::default();
        let mut reference = ResolveStats::default();
        for t in &corpus.tables {
            let (a, b) = (resolve_table(t.clone()), resolve_from_scratch(t.clone()));
            assert_eq!(a, b, "table 0x{:08X}", t.id);
            assert_eq!(
                a,
                resolve_table_with::<ac_motiontable::RecordingSequence>(t.clone())
            );
            fast.add(&a);
            reference.add(&b);
        }
        assert_eq!(fast, reference);
        assert!(fast.transitions_ok > 1000, "{fast:?}");
    }

    /// The synthetic DAT with a failure of every kind: two animations missing, one truncated,
    /// a frame range past its animation, a truncated table and a truncated setup.
    fn flawed_dat() -> DatArchive {
        let mut c = crate::synthetic::Corpus::generate(crate::synthetic::DEFAULT_SEED);
        let truncated = c.animations.remove(7);
        c.animations.remove(300);
        c.animations.remove(1000);
        let md = &mut c.tables[5].cycles[0].1;
        md.anims[0].high_frame = 10_000;
        let mut w = c.writer().expect("writer");
        let bytes = truncated.to_bytes().expect("encode");
        w.add_file(truncated.id, bytes[..bytes.len() - 3].to_vec());
        let table = c.tables[9].to_bytes().expect("encode");
        let mut cut = table[..table.len() / 2].to_vec();
        cut[..4].copy_from_slice(&0x0900_FFF0u32.to_le_bytes());
        w.add_file(0x0900_FFF0, cut);
        w.add_file(0x0200_FFF0, 0x0200_FFF0u32.to_le_bytes()[..].to_vec());
        DatArchive::from_vec(w.build().expect("build")).expect("open")
    }

    /// The three-pass sweep gives, on one thread and on the pool, the report of the two
    /// halves run one after the other (parse everything, assemble, then resolve): on the
    /// clean synthetic DAT and on one with failures of every kind.
    #[test]
    fn three_passes_report_what_parse_then_resolve_reports() {
        let clean = crate::synthetic::Corpus::generate(crate::synthetic::DEFAULT_SEED)
            .to_dat()
            .expect("dat");
        let clean = DatArchive::from_vec(clean).expect("open");
        for dat in [clean, flawed_dat()] {
            let (mut two_halves, tables) = parse_all(&dat, false);
            two_halves.resolve = Some(resolve_all(tables, false));
            let expected = format!("{two_halves:#?}");
            for parallel in [false, true] {
                for resolve in [false, true] {
                    let r = sweep_with(&dat, Options { parallel, resolve });
                    assert_eq!(r.resolve.is_some(), resolve);
                    let r = SweepReport {
                        resolve: resolve
                            .then_some(r.resolve)
                            .flatten()
                            .or(two_halves.resolve),
                        ..r
                    };
                    assert_eq!(format!("{r:#?}"), expected, "parallel {parallel}");
                }
            }
        }
        let flawed = sweep(&flawed_dat());
        assert!(flawed.dangling_animations.len() >= 2, "{flawed:#?}");
        assert_eq!(flawed.bad_frame_ranges.len(), 1, "{flawed:#?}");
        assert_eq!(flawed.failures.len(), 3, "{:#?}", flawed.failures);
    }

    /// Ids inside and outside the animation range are listed once each, in id order, and
    /// looked up alike when the report is assembled.
    #[test]
    fn referenced_ids_in_and_out_of_the_animation_range() {
        let ids = [
            0x0300_0005,
            0x0100_0000,
            0x0300_0001,
            0x0300_0005,
            0xFFFF_FFFF,
            0x0301_0000,
            0x0300_FFFF,
        ];
        let mut t = MotionTable::new(0x0900_0001, 0);
        let anims = ids.iter().map(|&id| ac_dat::AnimData::new(id)).collect();
        t.set_cycle(1, ac_dat::MotionData::new(anims));
        let tables = vec![TableOutcome {
            id: t.id,
            result: Ok(t),
        }];
        let referenced = referenced_animations(&tables);
        assert_eq!(
            referenced,
            [
                0x0100_0000,
                0x0300_0001,
                0x0300_0005,
                0x0300_FFFF,
                0x0301_0000,
                0xFFFF_FFFF
            ]
        );
        let outcome = |id, result| AnimOutcome { id, result };
        let anims = vec![
            outcome(0x0100_0000, Ok(Some(1))),
            outcome(0x0300_0001, Ok(Some(0))),
            outcome(0x0300_0005, Ok(None)),
            outcome(0x0300_FFFF, Err("bad".to_owned())),
            outcome(0x0301_0000, Ok(None)),
            outcome(0xFFFF_FFFF, Ok(Some(4))),
        ];
        let r = SweepReport::assemble(tables, anims, vec![]);
        assert_eq!(r.animations, 3);
        let dangling: Vec<u32> = r.dangling_animations.iter().map(|d| d.anim_id).collect();
        assert_eq!(dangling, [0x0300_0005, 0x0301_0000]);
        let bad: Vec<u32> = r.bad_frame_ranges.iter().map(|b| b.anim_id).collect();
        assert_eq!(bad, [0x0300_0001], "0 frames cannot fit");
        assert_eq!(r.failures.len(), 1);
    }

    #[test]
    fn corpus_stats_track_the_largest_tables() {
        let mut a = MotionTable::new(0x0900_0001, 0);
        a.set_cycle(1, ac_dat::MotionData::default().with_bitfield(1));
        let mut b = MotionTable::new(0x0900_0002, 0);
        b.set_cycle(1, ac_dat::MotionData::default());
        b.set_cycle(2, ac_dat::MotionData::default().with_omega(glam::Vec3::Z));
        b.set_link(3, 4, ac_dat::MotionData::default());
        let s = CorpusStats::of([&a, &b]);
        assert_eq!(s.tables, 2);
        assert_eq!(s.cycles, 3);
        assert_eq!(s.motion_data, 4);
        assert_eq!(s.tables_with_clear_modifiers, 1);
        assert_eq!(s.tables_with_omega, 1);
        assert_eq!(s.largest_by_cycles, Some((0x0900_0002, 2)));
        assert_eq!(s.largest_by_links, Some((0x0900_0002, 1)));
    }
}
