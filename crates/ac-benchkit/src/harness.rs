//! Suites and cases: criterion timing, the allocation count of the warm operation, and the
//! instruction-count mode `cargo xtask bench-report` runs under valgrind.

use std::hint::black_box;
use std::time::Duration;

use criterion::Criterion;
use serde_json::json;

use crate::alloc;
use crate::sink::Sink;

/// Environment variable naming the one case to run for an instruction count (see
/// [`INSTRUCTION_SECTION`]); every other case of the binary is skipped, setup included.
pub const ENV_INSTRUCTIONS: &str = "ACBENCH_INSTRUCTIONS";
/// Environment variable overriding how many iterations that case runs inside the section.
pub const ENV_ITERATIONS: &str = "ACBENCH_ITERATIONS";
/// Environment variable asking for short criterion runs (`cargo xtask bench-report --quick`).
pub const ENV_QUICK: &str = "ACBENCH_QUICK";

/// The name of the function that holds the counted iterations in instruction-count mode:
/// `valgrind --tool=callgrind --toggle-collect=*acbench_measured_section*` counts exactly the
/// operation, not the setup, the warm-up or the process start.
pub const INSTRUCTION_SECTION: &str = "acbench_measured_section";

/// An upper or lower bound a figure is checked against in the report.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Target {
    /// The figure must be at most this.
    AtMost(f64),
    /// The figure must be at least this.
    AtLeast(f64),
}

impl Target {
    fn to_json(self) -> serde_json::Value {
        match self {
            Target::AtMost(v) => json!({ "at_most": v }),
            Target::AtLeast(v) => json!({ "at_least": v }),
        }
    }
}

/// One benchmark binary's cases (a crate's `benches/<name>.rs`), named `<crate>/<bench>`.
pub struct Suite {
    name: &'static str,
    criterion: Criterion,
    /// Instruction-count mode: the case to run, and how many iterations if overridden.
    instructions: Option<(String, Option<u64>)>,
    matched: bool,
    sink: Sink,
}

/// Run a benchmark binary: `body` declares its cases and metrics on the [`Suite`].
///
/// Use it through [`crate::bench_main!`], which also installs the counting allocator.
///
/// # Panics
///
/// When [`crate::Counting`] is not the global allocator.
pub fn run(name: &'static str, body: impl FnOnce(&mut Suite)) {
    assert!(
        alloc::is_installed(),
        "ac-benchkit: install ac_benchkit::Counting as the global allocator (bench_main! does)"
    );
    let mut suite = Suite::from_env(name);
    body(&mut suite);
    suite.finish();
}

impl Suite {
    fn from_env(name: &'static str) -> Suite {
        let instructions = std::env::var(ENV_INSTRUCTIONS).ok().map(|case| {
            let iters = std::env::var(ENV_ITERATIONS)
                .ok()
                .and_then(|v| v.parse().ok());
            (case, iters)
        });
        let mut criterion = Criterion::default();
        if std::env::var_os(ENV_QUICK).is_some() {
            criterion = criterion
                .warm_up_time(Duration::from_millis(500))
                .measurement_time(Duration::from_secs(2))
                .sample_size(20);
        }
        let criterion = criterion.configure_from_args();
        Suite {
            name,
            criterion,
            instructions,
            matched: false,
            sink: Sink::from_env(name),
        }
    }

    /// Whether this run counts instructions for one case (nothing else runs).
    pub fn counting_instructions(&self) -> bool {
        self.instructions.is_some()
    }

    /// A benchmark case: `id` is its criterion id (lower case letters, digits and `_`), unique
    /// in the workspace.
    pub fn case(&mut self, id: &str) -> Case<'_> {
        assert!(
            !id.is_empty()
                && id
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_'),
            "case id `{id}`: use lower case letters, digits and `_`"
        );
        Case {
            suite: self,
            info: CaseInfo {
                id: id.to_owned(),
                what: String::new(),
                ops: 1,
                warmup: 100,
                counted: 1_000,
                target_ns: None,
                parallel: false,
                large_states: false,
            },
        }
    }

    /// A figure that is not a time (bytes per object, a speed-up, …), computed by `value` and
    /// recorded for the report; `value` does not run when counting instructions.
    pub fn metric(
        &mut self,
        id: &str,
        unit: &str,
        what: &str,
        target: Option<Target>,
        value: impl FnOnce() -> f64,
    ) {
        if self.counting_instructions() {
            return;
        }
        let v = value();
        eprintln!("[acbench] {id}: {v:.1} {unit} ({what})");
        self.sink.write(&json!({
            "kind": "metric",
            "suite": self.name,
            "id": id,
            "value": v,
            "unit": unit,
            "what": what,
            "target": target.map(Target::to_json),
        }));
    }

    /// Note that the instruction-count case ran.
    fn counted_instructions(&mut self, info: &CaseInfo, iters: u64) {
        eprintln!(
            "[acbench] {}: {iters} iterations of {} operations counted",
            info.id, info.ops
        );
        self.matched = true;
    }

    fn finish(self) {
        match &self.instructions {
            Some((case, _)) if !self.matched => {
                eprintln!("[acbench] no case `{case}` in suite {}", self.name);
                std::process::exit(2);
            }
            Some(_) => {}
            None => self.criterion.final_summary(),
        }
    }
}

/// One operation to measure; configure it, then [`Case::run`] it.
#[must_use = "a case does nothing until `run`"]
pub struct Case<'s> {
    suite: &'s mut Suite,
    info: CaseInfo,
}

/// What a case is, as its record states it.
struct CaseInfo {
    id: String,
    what: String,
    ops: u64,
    warmup: u64,
    counted: u64,
    target_ns: Option<f64>,
    parallel: bool,
    /// [`Case::run_batched`] makes one state per timed call instead of a batch of them.
    large_states: bool,
}

impl CaseInfo {
    /// Print and record the allocations counted over the case's counted calls.
    fn record(&self, suite: &str, sink: &mut Sink, allocs: u64) {
        let CaseInfo {
            id,
            what,
            ops,
            warmup,
            counted,
            target_ns,
            parallel,
            large_states: _,
        } = self;
        let per_op = allocs as f64 / (counted * ops) as f64;
        eprintln!(
            "[acbench] {id}: {allocs} allocations in {counted} warm calls \
             ({per_op} per operation; warm-up {warmup} calls)"
        );
        sink.write(&json!({
            "kind": "case",
            "suite": suite,
            "id": id,
            "what": what,
            "ops_per_iter": ops,
            "warmup_iters": warmup,
            "counted_iters": counted,
            "allocations": allocs,
            "allocs_per_op": per_op,
            "target_ns": target_ns,
            "parallel": parallel,
            "exe": std::env::current_exe().ok(),
        }));
    }

    /// In instruction-count mode, whether this is the case to run (`Some(Some(iterations))`)
    /// or another one (`Some(None)`); `None` under criterion.
    fn selected(&self, suite: &Suite) -> Option<Option<u64>> {
        match &suite.instructions {
            Some((case, iters)) if *case == self.id => Some(Some(iters.unwrap_or(self.counted))),
            Some(_) => Some(None),
            None => None,
        }
    }
}

impl Case<'_> {
    /// What one operation is, in the report's words.
    pub fn what(mut self, text: &str) -> Self {
        self.info.what = text.to_owned();
        self
    }

    /// How many operations one call of the closure performs (the figures are per operation).
    pub fn ops_per_iter(mut self, n: u64) -> Self {
        self.info.ops = n.max(1);
        self
    }

    /// Calls of the closure before anything is counted (default 100): links finish, buffers
    /// reach their steady capacity. Criterion warms up again on top of it.
    pub fn warmup(mut self, iters: u64) -> Self {
        self.info.warmup = iters;
        self
    }

    /// Calls over which allocations (and, under valgrind, instructions) are counted
    /// (default 1,000).
    pub fn counted(mut self, iters: u64) -> Self {
        self.info.counted = iters.max(1);
        self
    }

    /// The time per operation this case must stay under (the report checks it).
    pub fn target_ns(mut self, ns: f64) -> Self {
        self.info.target_ns = Some(ns);
        self
    }

    /// The operation runs on several threads: callgrind collects only the thread that enters
    /// the measured section, so the report gives no instruction count for it.
    pub fn parallel(mut self) -> Self {
        self.info.parallel = true;
        self
    }

    /// The states of [`Case::run_batched`] are large (a long queue, a world): criterion makes
    /// and times them one at a time instead of holding a batch of them in memory.
    pub fn large_states(mut self) -> Self {
        self.info.large_states = true;
        self
    }

    /// Measure `op` on the state `setup` builds. `setup` runs only when the case is selected
    /// (criterion's filter, or the instruction-count case), then `op` runs
    /// [`warmup`](Self::warmup) times, then [`counted`](Self::counted) times with the
    /// allocation counter read around exactly those calls, then under criterion. The state is
    /// passed through `black_box`, and so is every result, so nothing is constant-folded.
    pub fn run<S, O>(self, setup: impl FnOnce() -> S, mut op: impl FnMut(&mut S) -> O) {
        let Case { suite, info } = self;
        match info.selected(suite) {
            Some(None) => {}
            Some(Some(iters)) => {
                let mut s = setup();
                info.warm_and_count(iters, &mut s, &mut op);
                suite.counted_instructions(&info, iters);
            }
            None => {
                let mut setup = Some(setup);
                let mut state = None;
                let name = suite.name;
                let sink = &mut suite.sink;
                suite.criterion.bench_function(&info.id, |b| {
                    let s = match &mut state {
                        Some(s) => s,
                        None => {
                            let mut s = (setup.take().expect("set up once"))();
                            let allocs = info.warm_and_count(info.counted, &mut s, &mut op);
                            info.record(name, sink, allocs);
                            state.insert(s)
                        }
                    };
                    b.iter(|| op(black_box(&mut *s)));
                });
            }
        }
    }

    /// Like [`Case::run`], but every call of `op` gets a fresh state from `make` (criterion's
    /// `iter_batched_ref`), for operations that use their input up. Making the states is
    /// neither timed nor counted.
    pub fn run_batched<S, O>(self, mut make: impl FnMut() -> S, mut op: impl FnMut(&mut S) -> O) {
        let Case { suite, info } = self;
        match info.selected(suite) {
            Some(None) => {}
            Some(Some(iters)) => {
                info.warm_and_count_batched(iters, &mut make, &mut op);
                suite.counted_instructions(&info, iters);
            }
            None => {
                let mut warmed = false;
                let batch = if info.large_states {
                    criterion::BatchSize::PerIteration
                } else {
                    criterion::BatchSize::SmallInput
                };
                let name = suite.name;
                let sink = &mut suite.sink;
                suite.criterion.bench_function(&info.id, |b| {
                    if !warmed {
                        let allocs = info.warm_and_count_batched(info.counted, &mut make, &mut op);
                        info.record(name, sink, allocs);
                        warmed = true;
                    }
                    b.iter_batched_ref(&mut make, |s| op(black_box(s)), batch);
                });
            }
        }
    }
}

impl CaseInfo {
    /// The warm-up calls, then `iters` counted calls; returns the allocations they made.
    fn warm_and_count<S, O>(&self, iters: u64, s: &mut S, op: &mut impl FnMut(&mut S) -> O) -> u64 {
        for _ in 0..self.warmup {
            black_box(op(black_box(&mut *s)));
        }
        let before = alloc::allocations();
        acbench_measured_section(iters, s, op);
        alloc::allocations() - before
    }

    /// [`Self::warm_and_count`] with a fresh state per call.
    fn warm_and_count_batched<S, O>(
        &self,
        iters: u64,
        make: &mut impl FnMut() -> S,
        op: &mut impl FnMut(&mut S) -> O,
    ) -> u64 {
        for _ in 0..self.warmup {
            black_box(op(black_box(&mut make())));
        }
        let mut states: Vec<S> = (0..iters).map(|_| make()).collect();
        let before = alloc::allocations();
        acbench_measured_section_batched(&mut states, op);
        alloc::allocations() - before
    }
}

/// The counted iterations, in a function of their own so that callgrind can collect exactly
/// them in instruction-count mode ([`INSTRUCTION_SECTION`]).
#[inline(never)]
fn acbench_measured_section<S, O>(iters: u64, state: &mut S, op: &mut impl FnMut(&mut S) -> O) {
    for _ in 0..iters {
        black_box(op(black_box(&mut *state)));
    }
}

/// The batched form of [`acbench_measured_section`]: one call per prepared state.
#[inline(never)]
fn acbench_measured_section_batched<S, O>(states: &mut [S], op: &mut impl FnMut(&mut S) -> O) {
    for s in states {
        black_box(op(black_box(s)));
    }
}
