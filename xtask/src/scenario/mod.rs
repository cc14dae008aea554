//! `cargo xtask scenario FILE.scn`: run one conformance scenario and print its trace.
//!
//! The scenario language and the trace are specified in `docs/scenarios.md` ("Format
//! reference"). This
//! module is a thin driver: it parses lines ([`lexer`], [`defs`], [`steps`]), builds `ac_dat`
//! records in memory, calls the public APIs of the layer crates through the reference host
//! `ac_physobj::PhysicsObj` ([`exec`]) and prints what they report ([`dump`],
//! [`format`](mod@format)). No motion, sequence or interpreter logic lives here.
//!
//! Bad input is reported as `scenario line N: <what>` on stderr, followed by the file, line
//! number and text of the offending line, with exit status 2.

pub mod args;
pub mod dat;
pub mod defs;
pub mod dump;
pub mod dump_moveto;
pub mod error;
pub mod exec;
pub mod exec_moveto;
pub mod float;
pub mod format;
pub mod lexer;
pub mod moveto_steps;
pub mod names;
pub mod steps;

use std::path::PathBuf;

pub use error::ScenarioError;

use crate::source::DatSource;

/// Command-line arguments.
#[derive(clap::Args)]
pub struct Args {
    /// The scenario file (`NAME.scn`).
    pub file: PathBuf,
    /// Behaviour to reproduce: `ace` (the reference the corpus was recorded from) or `retail`
    /// (`Rules::retail()`: the retail-client differences of `docs/quirks.md`).
    #[arg(long, value_enum, default_value_t = FidelityArg::Ace)]
    pub fidelity: FidelityArg,
    /// Portal DAT that `table ID from-dat` lines read (default: `$AC_PORTAL_DAT`, else the
    /// synthetic corpus).
    #[arg(long)]
    pub dat: Option<PathBuf>,
}

/// The `--fidelity` choice.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum FidelityArg {
    /// ACE, quirks included (the conformance target).
    Ace,
    /// The retail client where it differs with evidence.
    Retail,
}

impl From<FidelityArg> for ac_motiontable::Fidelity {
    fn from(f: FidelityArg) -> Self {
        match f {
            FidelityArg::Ace => ac_motiontable::Fidelity::Ace,
            FidelityArg::Retail => ac_motiontable::Fidelity::Retail,
        }
    }
}

/// What running a scenario produced: the trace so far and, for bad input, the error.
#[derive(Debug, Clone, PartialEq)]
pub struct Outcome {
    /// The trace printed up to the end, or up to the bad line.
    pub stdout: String,
    /// The bad-input error that stopped the run, if any.
    pub error: Option<ScenarioError>,
}

/// Runs a scenario given as text (the whole file) and returns its trace.
///
/// Lines are split on `\n` (a trailing `\r` is dropped); the file need not be valid UTF-8
/// (invalid bytes are replaced and then rejected as malformed tokens at their line). The whole
/// trace is kept in memory: to run long scenarios, [`run_to`] writes it out as it goes.
pub fn run_text(text: &str) -> Outcome {
    run_text_with(text, ac_motiontable::Fidelity::Ace)
}

/// [`run_text`] with the objects reproducing `fidelity`.
pub fn run_text_with(text: &str, fidelity: ac_motiontable::Fidelity) -> Outcome {
    run_runner(text, exec::Runner::new(fidelity.into()))
}

/// [`run_text`] with a prepared runner (one reading `from-dat` tables from a given DAT).
pub(crate) fn run_runner(text: &str, runner: exec::Runner) -> Outcome {
    let mut stdout = Vec::new();
    let error = run_to(text.as_bytes(), runner, &mut stdout)
        .unwrap_or_else(|e| unreachable!("reading a string and writing a Vec cannot fail: {e}"));
    Outcome {
        stdout: String::from_utf8(stdout).expect("the trace is built from UTF-8 text"),
        error,
    }
}

/// The trace text the runner holds before writing it out: a few pages, so that stdout is
/// written in large pieces and memory does not grow with the trace.
const OUTPUT_CHUNK: usize = 32 * 1024;

/// Runs a scenario read line by line from `input` on `runner` (e.g.
/// `Runner::new(Rules::default())`), writing its trace to `out` as it goes;
/// returns the bad-input error that stopped it, if any (the trace up to the bad line is
/// written). An `Err` is a failure to read the input or to write the trace.
///
/// Memory does not grow with the length of the script or of its trace: the runner holds one
/// input line, at most 32 KiB of trace plus one step's text, and what the
/// scenario defines (animations, whose frames are capped together, and tables).
///
/// Lines split as [`str::lines`] splits them; invalid UTF-8 is replaced, as in [`run_text`].
pub fn run_to(
    mut input: impl std::io::BufRead,
    mut runner: exec::Runner,
    out: &mut impl std::io::Write,
) -> std::io::Result<Option<ScenarioError>> {
    let mut raw = Vec::new();
    let mut spare_tokens = Vec::new();
    let mut line_no = 0;
    loop {
        raw.clear();
        if input.read_until(b'\n', &mut raw)? == 0 {
            break;
        }
        line_no += 1;
        let line = utf8_or_replaced(line_ending_removed(&raw));
        let mut tokens = reuse(spare_tokens);
        lexer::tokenize_into(&line, &mut tokens);
        if !tokens.is_empty()
            && let Err(message) = runner.line(&tokens)
        {
            runner.write_output(out)?;
            return Ok(Some(ScenarioError::new(line_no, message).with_text(&line)));
        }
        spare_tokens = reuse(tokens);
        if runner.pending_output() >= OUTPUT_CHUNK {
            runner.write_output(out)?;
        }
    }
    runner.write_output(out)?;
    Ok(None)
}

/// An empty vector in the allocation of `v`: the token list of one line is reused for the
/// next although its borrows end with the line (collecting into a vector of the same layout
/// keeps the allocation).
fn reuse<'b>(mut v: Vec<&str>) -> Vec<&'b str> {
    v.clear();
    v.into_iter().map(|_| "").collect()
}

/// The text of a line; invalid UTF-8 is replaced (checked first with the fast validator, as
/// scripts are nearly always valid).
fn utf8_or_replaced(bytes: &[u8]) -> std::borrow::Cow<'_, str> {
    match std::str::from_utf8(bytes) {
        Ok(text) => text.into(),
        Err(_) => String::from_utf8_lossy(bytes),
    }
}

/// A line without its `\n` or `\r\n` ending, as [`str::lines`] returns it.
fn line_ending_removed(raw: &[u8]) -> &[u8] {
    match raw.strip_suffix(b"\n") {
        Some(line) => line.strip_suffix(b"\r").unwrap_or(line),
        None => raw,
    }
}

/// Runs the command: the trace on stdout as it is produced; bad input → stderr
/// `scenario line N: …`, exit 2.
pub fn run(args: Args) -> anyhow::Result<()> {
    use anyhow::Context as _;
    use std::io::Write as _;
    let file = std::fs::File::open(&args.file)
        .with_context(|| format!("cannot read {}", args.file.display()))?;
    let mut stdout = std::io::stdout().lock();
    let fidelity: ac_motiontable::Fidelity = args.fidelity.into();
    let runner = exec::Runner::new(fidelity.into()).with_dat(DatSource::resolve(args.dat));
    let error = run_to(
        std::io::BufReader::with_capacity(64 * 1024, file),
        runner,
        &mut stdout,
    )
    .with_context(|| format!("running {}", args.file.display()))?;
    stdout.flush()?;
    if let Some(err) = error {
        eprintln!("{}", err.in_file(&args.file));
        std::process::exit(2);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{defs, lexer, steps};

    /// Parses one file's lines (definitions and steps, no execution); the first bad line.
    fn parse_only(text: &str) -> Result<usize, (usize, String)> {
        let mut d = defs::Definitions::default();
        let mut n = 0;
        for (i, line) in text.lines().enumerate() {
            let t = lexer::tokenize(line);
            let Some((&kw, rest)) = t.split_first() else {
                continue;
            };
            let r = if defs::is_definition(kw) {
                defs::parse_def(kw, rest).and_then(|def| d.apply(def))
            } else {
                n += 1;
                steps::parse_step(kw, rest).map(|_| ())
            };
            r.map_err(|e| (i + 1, e))?;
        }
        Ok(n)
    }

    /// The definitions of one corpus file, parsed.
    fn definitions_of(name: &str) -> defs::DataSet {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../fixtures/scenarios")
            .join(name);
        let text = std::fs::read_to_string(&path).expect("read scenario");
        let mut d = defs::Definitions::default();
        for line in text.lines() {
            let t = lexer::tokenize(line);
            if let Some((&kw, rest)) = t.split_first()
                && defs::is_definition(kw)
            {
                defs::parse_def(kw, rest)
                    .and_then(|def| d.apply(def))
                    .expect("definition");
            }
        }
        d.data_set()
    }

    /// The benchmarks' walk/run humanoid (`ac_testkit::walk_run`) is the public scenario's.
    #[test]
    fn walk_run_humanoid_is_the_scenarios() {
        use ac_testkit::walk_run;
        let data = definitions_of("phys_walk_run_stop.scn");
        assert_eq!(
            data.tables.get(&walk_run::TABLE_ID),
            Some(&walk_run::table())
        );
        let anims: Vec<_> = data.anims.into_values().map(|a| (*a).clone()).collect();
        assert_eq!(anims, walk_run::animations());
    }

    #[test]
    fn every_corpus_line_parses() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures/scenarios");
        // Scenarios of an unfinished layer (`PENDING`) may use ops the runner does not know yet.
        let pending = std::fs::read_to_string(dir.join("PENDING")).expect("PENDING");
        let pending: Vec<&str> = pending
            .lines()
            .map(|l| l.split('#').next().unwrap_or("").trim())
            .filter(|l| !l.is_empty())
            .collect();
        let mut files = 0;
        for e in std::fs::read_dir(&dir).expect("fixtures/scenarios") {
            let p = e.expect("dir entry").path();
            let name = p
                .file_name()
                .unwrap_or_default()
                .to_string_lossy()
                .into_owned();
            if !name.ends_with(".scn")
                || name.starts_with("err_")
                || pending.contains(&name.trim_end_matches(".scn"))
            {
                continue;
            }
            let text = std::fs::read_to_string(&p).expect("read scenario");
            let steps = parse_only(&text).unwrap_or_else(|(l, e)| panic!("{name} line {l}: {e}"));
            assert!(steps > 0, "{name} has steps");
            files += 1;
        }
        assert!(files > 100, "the corpus is present ({files} files)");
    }

    #[test]
    fn parse_errors_in_the_corpus_are_on_the_expected_line() {
        for (name, line) in [
            ("err_bad_float", 10),
            ("err_missing_argument", 6),
            ("err_unknown_op", 7),
            ("err_unknown_option", 7),
        ] {
            let p = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../fixtures/scenarios")
                .join(format!("{name}.scn"));
            let text = std::fs::read_to_string(&p).expect("read scenario");
            assert_eq!(parse_only(&text).map_err(|e| e.0), Err(line), "{name}");
        }
    }

    /// A tiny deterministic generator (SplitMix64) for the mutation test.
    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = self.0;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        }
        fn below(&mut self, n: usize) -> usize {
            (self.next() % n.max(1) as u64) as usize
        }
    }

    /// Mutated corpus scenarios (extreme numbers, dropped and duplicated tokens and lines) must
    /// give a trace or a `scenario line N:` error, never a panic.
    #[test]
    fn mutated_corpus_never_panics() {
        const EXTREMES: [&str; 14] = [
            "0",
            "-1",
            "0xFFFFFFFF",
            "4294967295",
            "-2147483648",
            "1e30",
            "-1e30",
            "#7fc00000",
            "#7f800000",
            "#ff800000",
            "#00000001",
            "-0",
            "0.0000001",
            "65535",
        ];
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures/scenarios");
        let mut names: Vec<_> = std::fs::read_dir(&dir)
            .expect("fixtures/scenarios")
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "scn"))
            .collect();
        names.sort();
        let mut rng = Rng(0x5EED);
        let mut errors = 0;
        for round in 0..400 {
            let path = &names[rng.below(names.len())];
            let text = std::fs::read_to_string(path).expect("read scenario");
            let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
            for _ in 0..1 + rng.below(4) {
                let i = rng.below(lines.len());
                let mut toks: Vec<String> = lines[i].split(' ').map(str::to_string).collect();
                match rng.below(4) {
                    0 => {
                        let j = rng.below(toks.len());
                        let extreme = EXTREMES[rng.below(EXTREMES.len())];
                        toks[j] = match toks[j].split_once('=') {
                            Some((k, _)) => format!("{k}={extreme}"),
                            None => extreme.to_string(),
                        };
                    }
                    1 => {
                        let j = rng.below(toks.len());
                        toks.remove(j);
                    }
                    2 => {
                        let dup = lines[rng.below(lines.len())].clone();
                        lines.insert(i, dup);
                    }
                    _ => {
                        let j = rng.below(lines.len());
                        lines.swap(i, j);
                    }
                }
                if i < lines.len() {
                    lines[i] = toks.join(" ");
                }
            }
            let out = super::run_text(&lines.join("\n"));
            if let Some(e) = out.error {
                assert!(e.line >= 1 && e.line <= lines.len(), "round {round}: {e}");
                errors += 1;
            }
        }
        assert!(errors < 400, "some mutants still run ({errors} errors)");
    }
}
