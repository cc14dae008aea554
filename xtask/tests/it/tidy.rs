//! Tidy checks over the repository's own text (in the spirit of rust-analyzer's `tidy` tests).
//!
//! The repository stands alone: comments and docs cite its own documents — quirk names from
//! `docs/quirks.md`, the format reference in `docs/scenarios.md`, `docs/architecture.md` — and
//! never the research notes the port was written from, which a maintainer cannot open. This
//! test fails when such a citation appears in a `.rs` or `.md` file of `crates/`, `xtask/`,
//! `docs/`, `fixtures/` or `examples/`, or in `README.md`. Scenario scripts and traces are data
//! (copied from the reference corpus) and are not checked.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use regex::Regex;

/// What a citation of an absent document looks like, and what to write instead.
const CITATIONS: &[(&str, &str)] = &[
    (
        r"ODD-\d",
        "quirk numbers of an absent catalogue: cite the quirk name (docs/quirks.md)",
    ),
    (
        r"\bO\d{1,2}\b",
        "retail-difference numbers: cite the quirk name (docs/quirks.md)",
    ),
    (
        r"\bitems? \d",
        "candidate-difference item numbers: cite the quirk name (docs/quirks.md)",
    ),
    (
        r"retail-vs-ace",
        "absent difference list: cite the quirk name (docs/quirks.md)",
    ),
    (
        r"\bFORMAT(\.md|-[a-z]+\b| ?§)",
        "absent format documents: cite docs/scenarios.md",
    ),
    (
        r"ace-physics-spec|ace-exception-cases|motion-constants\.md|dat-format-spec",
        "absent specification: name the ACE class or method, or a quirk",
    ),
    (
        r"\b[Ss]pec ([A-J](\.\d+)?\b|\[|Appendix|ODD)",
        "section of an absent specification: name the ACE class or method, or a quirk",
    ),
    (
        r"§",
        "section of an absent document: cite a document of the repository by section title",
    ),
    (
        r"(?i)\bseeds? ?0\d\d\b|\bseed0\d\d",
        "absent research notes: state the fact",
    ),
    (
        r"compare\.py|run-all\.sh",
        "absent scripts of the reference corpus: cite docs/scenarios.md",
    ),
];

fn patterns() -> Vec<(Regex, &'static str)> {
    CITATIONS
        .iter()
        .map(|&(re, why)| (Regex::new(re).expect("valid pattern"), why))
        .collect()
}

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask lives in the workspace")
        .to_path_buf()
}

/// Every `.rs` and `.md` file under `dir`, in path order, skipping build output and dot dirs.
fn text_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for p in paths {
        let name = p.file_name().and_then(|n| n.to_str()).unwrap_or_default();
        if p.is_dir() {
            if name != "target" && !name.starts_with('.') {
                text_files(&p, out);
            }
        } else if p.extension().is_some_and(|x| x == "rs" || x == "md") {
            out.push(p);
        }
    }
}

/// The lines of `text` that match a citation pattern, as `LINE: why: text`.
fn citations(text: &str, patterns: &[(Regex, &str)]) -> Vec<String> {
    let mut found = Vec::new();
    for (n, line) in text.lines().enumerate() {
        if let Some((_, why)) = patterns.iter().find(|(re, _)| re.is_match(line)) {
            found.push(format!("{}: {why}\n    {}", n + 1, line.trim()));
        }
    }
    found
}

#[test]
fn no_citations_of_documents_outside_the_repository() {
    let root = workspace_root();
    let this_file = Path::new(file!())
        .file_name()
        .expect("a file name")
        .to_owned();
    let mut files = vec![root.join("README.md")];
    for dir in ["crates", "xtask", "docs", "fixtures", "examples"] {
        text_files(&root.join(dir), &mut files);
    }
    assert!(files.len() > 100, "the walk found the sources");
    let patterns = patterns();
    let mut report = String::new();
    for f in &files {
        // The patterns and their examples below are the one place they may appear.
        if f.ends_with(Path::new("xtask/tests/it").join(&this_file)) {
            continue;
        }
        let text = std::fs::read_to_string(f).expect("readable text file");
        for hit in citations(&text, &patterns) {
            let rel = f.strip_prefix(&root).unwrap_or(f);
            let _ = writeln!(report, "{}:{hit}", rel.display());
        }
    }
    assert!(
        report.is_empty(),
        "citations of documents that are not in the repository (see docs/quirks.md for quirk \
         names, docs/scenarios.md for the scenario format):\n{report}"
    );
}

#[test]
fn the_patterns_catch_each_citation_form_and_nothing_else() {
    let patterns = patterns();
    let hit = |s: &str| !citations(s, &patterns).is_empty();
    for cited in [
        "/// ACE quirk [ODD-3] wraps the count.",
        "// Retail (retail-vs-ace O11) skips the node.",
        "\"retail O3\"",
        "// (retail same, item 5).",
        "/// See FORMAT.md for the grammar.",
        "/// The slice line (FORMAT-physics §6.2).",
        "/// `im` line of FORMAT-interp 7.",
        "//! Layouts follow `dat-format-spec.md`.",
        "//! (`ace-exception-cases.md`)",
        "/// ACE `get_link` (spec §B.4).",
        "/// Spec C.4 worked example.",
        "//! scalar order (spec Appendix A).",
        "//! the statistics of seed 004.",
        "//! (ACE `MotionInterp`, seeds 001/002).",
        "/// like compare.py's split.",
    ] {
        assert!(hit(cited), "not caught: {cited}");
    }
    for fine in [
        "/// Quirk `skip-last-frame` (docs/quirks.md): the last frame never plays.",
        "/// The trace (docs/scenarios.md, \"The trace\").",
        "/// Flags 0x1EE0F instead of 0x1EE1F; O(n) in the queue length.",
        "let spec = AnimSpec { frames: 4 };",
        "/// The seed it was generated from; seed 42 is the default.",
        "/// The first item of the list, 3 entries.",
        "/// See the spec of `AnimData` in this crate.",
        "format!(\"{x}\")",
    ] {
        assert!(!hit(fine), "false positive: {fine}");
    }
}
