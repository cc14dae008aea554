//! Browsing a portal DAT's motion tables.
//!
//! * `cargo xtask tables [--dat PATH] [--json]` lists every motion table with its counts.
//! * `cargo xtask table ID [--dat PATH] [--style NAME] [--json]` shows one table: its styles and
//!   their default substates, then every cycle, modifier and link with motion names, physics
//!   (velocity, omega), behaviour bits and animations (frame ranges and rates). `--json` prints
//!   the record itself (`ac_dat`'s serde form: ids and keys as hex strings, maps in file order)
//!   with a `names` dictionary from every id and key it holds to its name.
//!
//! The DAT is `--dat`, else `$AC_PORTAL_DAT`, else the synthetic corpus ([`DatSource`]).

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::PathBuf;

use ac_dat::motion::{MotionCommand, TableKey};
use ac_dat::{AnimData, MotionData, MotionTable};
use ac_testkit::sweep::{TableStats, error_chain};
use anyhow::Context as _;
use rayon::prelude::*;

use crate::scenario::lexer::{parse_motion, parse_u32};
use crate::source::{DatSource, SourceInfo};

/// `tables` arguments.
#[derive(clap::Args)]
pub struct ListArgs {
    /// Portal DAT (default: `$AC_PORTAL_DAT`, else the synthetic corpus).
    #[arg(long)]
    pub dat: Option<PathBuf>,
    /// Print one JSON object instead of the table.
    #[arg(long)]
    pub json: bool,
}

/// `table` arguments.
#[derive(clap::Args)]
pub struct ShowArgs {
    /// Motion table id (`0x09000001`).
    #[arg(value_parser = parse_u32)]
    pub id: u32,
    /// Portal DAT (default: `$AC_PORTAL_DAT`, else the synthetic corpus).
    #[arg(long)]
    pub dat: Option<PathBuf>,
    /// Show only the entries of this style (text only).
    #[arg(long)]
    pub style: Option<String>,
    /// Print the record as JSON instead.
    #[arg(long)]
    pub json: bool,
}

/// One row of `tables`; the JSON keys are the text's column labels in snake case.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Row {
    /// Table id.
    #[serde(with = "ac_dat::serde_hex")]
    pub table: u32,
    /// The style an object starts in.
    pub default_style: MotionCommand,
    /// Styles with a default substate.
    pub styles: usize,
    /// Cycles.
    pub cycles: usize,
    /// Modifiers.
    pub modifiers: usize,
    /// Link source groups.
    pub link_groups: usize,
    /// Link destinations.
    pub links: usize,
}

impl Row {
    /// The row of `t`.
    pub fn of(t: &MotionTable) -> Self {
        let s = TableStats::of(t);
        Self {
            table: t.id,
            default_style: MotionCommand(t.default_style),
            styles: t.style_defaults.len(),
            cycles: s.cycles,
            modifiers: s.modifiers,
            link_groups: s.link_sources,
            links: s.link_destinations,
        }
    }
}

/// A table that did not read.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct ReadError {
    /// Table id.
    #[serde(with = "ac_dat::serde_hex")]
    pub table: u32,
    /// The error and its causes.
    pub error: String,
}

#[derive(serde::Serialize)]
struct ListJson<'a> {
    source: &'a SourceInfo,
    tables: &'a [Row],
    errors: &'a [ReadError],
}

/// Reads every motion table of `dat` (in parallel), in id order.
pub fn list(dat: &ac_dat::DatArchive) -> anyhow::Result<(Vec<Row>, Vec<ReadError>)> {
    let ids = dat
        .motion_table_ids()
        .context("walking the directory for motion tables")?;
    let read: Vec<Result<Row, ReadError>> = ids
        .par_iter()
        .map(|&id| {
            dat.read_motion_table(id)
                .map(|t| Row::of(&t))
                .map_err(|e| ReadError {
                    table: id,
                    error: error_chain(&e),
                })
        })
        .collect();
    let mut rows = Vec::new();
    let mut errors = Vec::new();
    for r in read {
        match r {
            Ok(row) => rows.push(row),
            Err(e) => errors.push(e),
        }
    }
    Ok((rows, errors))
}

/// Runs `tables`.
pub fn run_list(args: ListArgs) -> anyhow::Result<()> {
    let opened = DatSource::resolve(args.dat).open()?;
    let (rows, errors) = list(&opened.dat)?;
    if args.json {
        let out = ListJson {
            source: &opened.info,
            tables: &rows,
            errors: &errors,
        };
        println!("{}", serde_json::to_string_pretty(&out)?);
    } else {
        println!("source: {}", opened.info);
        println!("| Table | Default style | Styles | Cycles | Modifiers | Link groups | Links |");
        println!("|---|---|---|---|---|---|---|");
        for r in &rows {
            println!(
                "| 0x{:08X} | {} | {} | {} | {} | {} | {} |",
                r.table, r.default_style, r.styles, r.cycles, r.modifiers, r.link_groups, r.links
            );
        }
        for e in &errors {
            println!("error: table 0x{:08X}: {}", e.table, e.error);
        }
        println!(
            "{} motion table(s), {} unreadable",
            rows.len(),
            errors.len()
        );
    }
    if !errors.is_empty() {
        anyhow::bail!("{} motion table(s) could not be read", errors.len());
    }
    Ok(())
}

/// `table ID --json`: the record and the names of the ids and keys it holds.
#[derive(serde::Serialize)]
struct TableJson<'a> {
    source: &'a SourceInfo,
    table: &'a MotionTable,
    /// `"0x8000003D": "NonCombat"`, `"0x003D0003": "NonCombat/Ready"`, … in id order.
    names: BTreeMap<String, String>,
}

/// Every motion id and table key of `t` that has a name, keyed `0x%08X`.
pub fn names(t: &MotionTable) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    let mut motion = |id: u32| {
        if let Some(n) = MotionCommand(id).name() {
            out.insert(format!("0x{id:08X}"), n.to_owned());
        }
    };
    motion(t.default_style);
    for &(s, d) in &t.style_defaults {
        motion(s);
        motion(d);
    }
    for (_, group) in &t.links {
        for &(to, _) in group {
            motion(to);
        }
    }
    let keys = t
        .cycles
        .iter()
        .chain(&t.modifiers)
        .map(|(k, _)| *k)
        .chain(t.links.iter().map(|(k, _)| *k));
    for key in keys {
        out.insert(format!("0x{key:08X}"), key_name(key));
    }
    out
}

/// A table key's names without the raw value: `NonCombat/Ready`, `NonCombat/*`, `TurnRight`.
fn key_name(key: u32) -> String {
    let shown = TableKey(key).to_string();
    match shown.rfind('(') {
        Some(i) => shown[..i].to_owned(),
        None => shown,
    }
}

fn v3(v: glam::Vec3) -> String {
    format!("({}, {}, {})", v.x, v.y, v.z)
}

fn anim_line(out: &mut String, indent: usize, a: &AnimData) {
    let high = match a.high_frame {
        -1 => "last".to_owned(),
        h => h.to_string(),
    };
    let _ = writeln!(
        out,
        "{:indent$}0x{:08X}  frames {}..={high} at {} fps",
        "", a.anim_id, a.low_frame, a.framerate
    );
}

/// The physics and bits of one entry, after its name.
fn data_line(out: &mut String, indent: usize, name: &str, md: &MotionData) {
    let _ = write!(out, "{:indent$}{name}", "");
    if md.has_velocity() {
        let _ = write!(out, "  velocity {}", v3(md.velocity));
    }
    if md.has_omega() {
        let _ = write!(out, "  omega {}", v3(md.omega));
    }
    let mut bits = Vec::new();
    if md.clears_modifiers() {
        bits.push("clears modifiers");
    }
    if md.is_restricted() {
        bits.push("restricted");
    }
    if !bits.is_empty() {
        let _ = write!(out, "  [{}]", bits.join(", "));
    }
    out.push('\n');
    for a in &md.anims {
        anim_line(out, indent + 4, a);
    }
}

/// Entries sorted by key (stable: a repeated key keeps file order, and the resolver uses the
/// last of them).
fn sorted<T>(list: &[(u32, T)]) -> Vec<&(u32, T)> {
    let mut v: Vec<_> = list.iter().collect();
    v.sort_by_key(|e| e.0);
    v
}

/// The text view of `t`, limited to `style` when given.
pub fn render(t: &MotionTable, style: Option<u32>) -> String {
    let keep = |key: u32| style.is_none_or(|s| key >> 16 == s & 0xFFFF);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "motion table 0x{:08X}, default style {:?}",
        t.id,
        MotionCommand(t.default_style)
    );
    let styles: Vec<_> = t
        .style_defaults
        .iter()
        .filter(|&&(s, _)| style.is_none_or(|x| x == s))
        .collect();
    let _ = writeln!(out, "\nstyles ({}): default substate", styles.len());
    for &&(s, d) in &styles {
        let _ = writeln!(out, "  {:?}: {:?}", MotionCommand(s), MotionCommand(d));
    }
    let cycles: Vec<_> = sorted(&t.cycles)
        .into_iter()
        .filter(|e| keep(e.0))
        .collect();
    let _ = writeln!(out, "\ncycles ({})", cycles.len());
    for (k, md) in cycles {
        data_line(&mut out, 2, &format!("{:?}", TableKey(*k)), md);
    }
    let modifiers: Vec<_> = sorted(&t.modifiers)
        .into_iter()
        .filter(|e| keep(e.0) || e.0 >> 16 == 0)
        .collect();
    let _ = writeln!(out, "\nmodifiers ({})", modifiers.len());
    for (k, md) in modifiers {
        data_line(&mut out, 2, &format!("{:?}", TableKey(*k)), md);
    }
    let groups: Vec<_> = sorted(&t.links).into_iter().filter(|e| keep(e.0)).collect();
    let destinations: usize = groups.iter().map(|g| g.1.len()).sum();
    let _ = writeln!(
        out,
        "\nlinks ({} groups, {destinations} destinations)",
        groups.len()
    );
    for (outer, group) in groups {
        let _ = writeln!(out, "  from {:?}", TableKey(*outer));
        for (to, md) in sorted(group) {
            data_line(&mut out, 4, &format!("-> {:?}", MotionCommand(*to)), md);
        }
    }
    out
}

/// Runs `table`.
pub fn run_show(args: ShowArgs) -> anyhow::Result<()> {
    let opened = DatSource::resolve(args.dat).open()?;
    let table = opened.dat.read_motion_table(args.id).with_context(|| {
        format!(
            "reading motion table 0x{:08X} from {} (`cargo xtask tables` lists the tables)",
            args.id,
            opened.info.name()
        )
    })?;
    if args.json {
        let out = TableJson {
            source: &opened.info,
            table: &table,
            names: names(&table),
        };
        println!("{}", serde_json::to_string_pretty(&out)?);
        return Ok(());
    }
    let style = args
        .style
        .as_deref()
        .map(parse_motion)
        .transpose()
        .map_err(|e| anyhow::anyhow!("--style: {e}"))?;
    println!("source: {}", opened.info);
    print!("{}", render(&table, style));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use ac_testkit::synthetic;

    #[test]
    fn the_humanoid_row_counts_its_record() {
        let t = synthetic::humanoid_table();
        let row = Row::of(&t);
        assert_eq!(row.table, synthetic::HUMANOID_TABLE_ID);
        assert_eq!(row.cycles, t.cycles.len());
        assert_eq!(row.links, t.num_link_destinations());
        let json = serde_json::to_value(&row).unwrap();
        assert_eq!(json["table"], "0x09000001");
        assert_eq!(json["default_style"], "0x8000003D");
        assert_eq!(json["link_groups"], t.links.len());
    }

    #[test]
    fn the_text_names_styles_keys_and_animations() {
        let t = synthetic::humanoid_table();
        let text = render(&t, Some(ac_motiontable::command::stance::NON_COMBAT));
        assert!(
            text.contains("  NonCombat(0x8000003D): Ready(0x41000003)\n"),
            "{text}"
        );
        assert!(text.contains("\n  NonCombat/WalkForward(0x003D0005)  velocity (0, 3.12, 0)"));
        assert!(text.contains("\n  from NonCombat/Ready(0x003D0003)\n"));
        assert!(text.contains("\n    -> WalkForward(0x45000005)"));
        assert!(text.contains(" fps\n"));
        assert!(!text.contains("SwordCombat/"), "--style keeps one style");
    }

    #[test]
    fn names_cover_every_key_and_motion() {
        let t = synthetic::humanoid_table();
        let n = names(&t);
        assert_eq!(n["0x8000003D"], "NonCombat");
        assert_eq!(n["0x003D0003"], "NonCombat/Ready");
        assert_eq!(n["0x45000005"], "WalkForward");
        for (k, _) in &t.cycles {
            assert!(n.contains_key(&format!("0x{k:08X}")), "cycle key 0x{k:08X}");
        }
    }

    #[test]
    fn every_synthetic_table_lists() {
        let dat = ac_dat::DatArchive::from_vec(
            synthetic::synthetic_dat(synthetic::DEFAULT_SEED).unwrap(),
        )
        .unwrap();
        let (rows, errors) = list(&dat).unwrap();
        assert_eq!(rows.len(), synthetic::TABLE_COUNT);
        assert!(errors.is_empty());
        assert!(rows.windows(2).all(|w| w[0].table < w[1].table));
    }
}
