//! `ac-benchkit` — the benchmark harness of the acmotion workspace.
//!
//! Every criterion benchmark of the workspace is written against it, so that its figures are
//! honest and comparable:
//!
//! * each [`Case`] states its warm-up, runs the operation on a `black_box`ed state and
//!   `black_box`es every result, so nothing is constant-folded;
//! * the [`Counting`] allocator is read around the counted warm calls only, giving the
//!   allocations per operation (setup and warm-up are not counted);
//! * with `ACBENCH_INSTRUCTIONS=<case>` the binary runs only that case, with its counted calls
//!   inside one function that `valgrind --tool=callgrind --toggle-collect` can isolate: an
//!   instruction count that does not depend on the machine's load;
//! * with `ACBENCH_OUT=<dir>` every case and [`Suite::metric`] leaves a JSON record, which
//!   `cargo xtask bench-report` joins with criterion's estimates into one report.
//!
//! A benchmark binary (`harness = false`) is one [`bench_main!`] call:
//!
//! ```no_run
//! fn sums(s: &mut ac_benchkit::Suite) {
//!     s.case("sum_of_squares_1k")
//!         .what("the sum of the squares of 1,024 integers")
//!         .run(|| (0..1024u64).collect::<Vec<_>>(), |v| v.iter().map(|x| x * x).sum::<u64>());
//! }
//! ac_benchkit::bench_main!("example/sums", sums);
//! ```

mod alloc;
mod harness;
mod sink;

pub use alloc::{Counting, allocations, live_bytes};
pub use harness::{
    Case, ENV_INSTRUCTIONS, ENV_ITERATIONS, ENV_QUICK, INSTRUCTION_SECTION, Suite, Target, run,
};
pub use sink::ENV_OUT;

/// The `main` of a benchmark binary: installs [`Counting`] as the global allocator and runs
/// the suite `$suite` (`"<crate>/<bench>"`) with the case functions listed, in order.
#[macro_export]
macro_rules! bench_main {
    ($suite:literal, $($case:path),+ $(,)?) => {
        #[global_allocator]
        static ACBENCH_ALLOCATOR: $crate::Counting = $crate::Counting;

        fn main() {
            $crate::run($suite, |suite| {
                $($case(suite);)+
            });
        }
    };
}
