//! `cargo xtask explain --table ID --from STATE --to MOTION [--speed S]`: why a motion resolves
//! as it does.
//!
//! The command reaches STATE through the resolver (`SetDefaultState`, then the style, the
//! substate and each modifier, as a client would), then resolves the request through
//! [`Resolver::explaining`] and prints its [`ExplainEvent`]s laid out by nesting: the branch
//! of `GetObjectSequence` tried, every key looked up with hit or miss, each motion queued with
//! its animations (frame ranges and rates) and physics, the `num_anims` rule, and the result
//! or the reason it was refused; then the resulting state and the modelled sequence.
//! `--json` prints the same as one JSON object (the events through their serde form).
//!
//! The DAT is `--dat`, else `$AC_PORTAL_DAT`, else the synthetic corpus ([`DatSource`]).

use std::fmt::Write as _;
use std::path::PathBuf;

use ac_motiontable::command::is_style;
use ac_motiontable::explain::{ExplainEvent, Nesting, StateSummary};
use ac_motiontable::{
    Fidelity, MotionCommand, MotionState, Outcome, RecordingSequence, Resolver, Rules,
};
use anyhow::{Context as _, bail};

use crate::scenario::FidelityArg;
use crate::scenario::lexer::{parse_f32, parse_motion, parse_u32};
use crate::source::{DatSource, SourceInfo};

/// Command-line arguments.
#[derive(clap::Args)]
#[command(group = clap::ArgGroup::new("request").required(true).args(["to", "stop", "stop_completely"]))]
pub struct Args {
    /// Motion table id (default: 0x09000001, the humanoid).
    #[arg(long, default_value = "0x09000001", value_parser = parse_u32)]
    pub table: u32,
    /// The state to start from: `Style[/Substate][@speed][+Modifier[@speed]]…`, e.g.
    /// `NonCombat/WalkForward@1.5+TurnRight`; a lone substate is taken in the default style.
    /// Default: the table's default state.
    #[arg(long)]
    pub from: Option<String>,
    /// Resolve this motion (`DoObjectMotion`).
    #[arg(long)]
    pub to: Option<String>,
    /// Resolve a stop of this motion (`StopObjectMotion`) instead.
    #[arg(long)]
    pub stop: Option<String>,
    /// Resolve `StopObjectCompletely` instead.
    #[arg(long)]
    pub stop_completely: bool,
    /// Speed of `--to` (negative plays backwards).
    #[arg(long, default_value_t = 1.0, allow_negative_numbers = true)]
    pub speed: f32,
    /// Portal DAT (default: `$AC_PORTAL_DAT`, else the synthetic corpus).
    #[arg(long)]
    pub dat: Option<PathBuf>,
    /// Rules to resolve under.
    #[arg(long, value_enum, default_value_t = FidelityArg::Ace)]
    pub fidelity: FidelityArg,
    /// Print one JSON object instead of the text.
    #[arg(long)]
    pub json: bool,
}

/// The request being explained.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Request {
    /// `DoObjectMotion(motion, speed)`.
    Motion(u32, f32),
    /// `StopObjectMotion(motion)`.
    Stop(u32),
    /// `StopObjectCompletely`.
    StopCompletely,
}

/// A parsed `--from`: the resolver calls that reach it, in order.
#[derive(Debug, Clone, PartialEq)]
pub struct FromState {
    /// `(motion, speed)` requests after `SetDefaultState`.
    pub path: Vec<(u32, f32)>,
}

/// Parses `Style[/Substate][@speed][+Modifier[@speed]]…`; `default_style` places a lone
/// substate.
pub fn parse_from(text: &str, default_style: u32) -> Result<FromState, String> {
    let mut parts = text.split('+');
    let base = parts.next().unwrap_or_default();
    let (base, speed) = split_speed(base)?;
    let mut path = Vec::new();
    match base.split_once('/') {
        Some((style, substate)) => {
            path.push((parse_motion(style)?, 1.0));
            path.push((parse_motion(substate)?, speed));
        }
        None => {
            let m = parse_motion(base)?;
            if is_style(m) {
                if speed != 1.0 {
                    return Err(format!("`{text}`: a style takes no speed"));
                }
                path.push((m, 1.0));
            } else {
                path.push((default_style, 1.0));
                path.push((m, speed));
            }
        }
    }
    for modifier in parts {
        let (name, speed) = split_speed(modifier)?;
        path.push((parse_motion(name)?, speed));
    }
    Ok(FromState { path })
}

fn split_speed(token: &str) -> Result<(&str, f32), String> {
    match token.split_once('@') {
        Some((name, speed)) => Ok((name, parse_f32(speed)?)),
        None => Ok((token, 1.0)),
    }
}

/// What one explanation found: everything the text and the JSON print.
pub struct Explained {
    /// The calls that reached the start state (`SetDefaultState` first).
    pub reached_by: Vec<String>,
    /// The start state.
    pub from: StateSummary,
    /// The request.
    pub request: Request,
    /// The events of the request.
    pub events: Vec<ExplainEvent>,
    /// Its result.
    pub outcome: Outcome,
    /// The state afterwards.
    pub state: MotionState,
    /// The modelled sequence afterwards.
    pub seq: RecordingSequence,
}

/// Reaches `from` on `r` and explains `request` from there.
pub fn explain(
    r: &Resolver,
    from: Option<&FromState>,
    request: Request,
) -> anyhow::Result<Explained> {
    let mut state = MotionState::new();
    let mut seq = RecordingSequence::new();
    let mut reached_by = vec!["SetDefaultState".to_owned()];
    let o = r.set_default_state(&mut state, &mut seq);
    if !o.ok {
        let mut events = Vec::new();
        r.explaining(&mut events)
            .set_default_state(&mut MotionState::new(), &mut RecordingSequence::new());
        bail!(
            "table 0x{:08X} has no default state:\n{}",
            r.id(),
            render_events(&events)
        );
    }
    for &(motion, speed) in from.map_or(&[][..], |f| &f.path[..]) {
        // A step that is already the state is skipped (SetDefaultState placed it).
        if (motion == state.style || motion == state.substate) && speed == state.substate_mod {
            continue;
        }
        let label = format!("{}@{speed}", MotionCommand(motion));
        let o = r.do_object_motion(motion, &mut state, &mut seq, speed);
        if !o.ok {
            bail!(
                "the start state cannot be reached: {label} is refused after {} \
                 (run `cargo xtask explain --from … --to {}` to see why)",
                reached_by.join(" -> "),
                MotionCommand(motion)
            );
        }
        reached_by.push(label);
    }
    seq.take_ops();
    let from = StateSummary::of(&state);
    let mut events = Vec::new();
    let mut x = r.explaining(&mut events);
    let outcome = match request {
        Request::Motion(m, s) => x.do_object_motion(m, &mut state, &mut seq, s),
        Request::Stop(m) => x.stop_object_motion(m, 1.0, &mut state, &mut seq),
        Request::StopCompletely => x.stop_object_completely(&mut state, &mut seq),
    };
    Ok(Explained {
        reached_by,
        from,
        request,
        events,
        outcome,
        state,
        seq,
    })
}

/// The events, one per line, indented by call nesting (animations under their queue line).
pub fn render_events(events: &[ExplainEvent]) -> String {
    let mut out = String::new();
    let mut nesting = Nesting::default();
    for e in events {
        let indent = nesting.indent(e) * 2;
        let _ = writeln!(out, "{:indent$}{e}", "");
    }
    out
}

fn request_text(r: Request) -> String {
    match r {
        Request::Motion(m, s) => format!("DoObjectMotion {} @{s}", MotionCommand(m)),
        Request::Stop(m) => format!("StopObjectMotion {}", MotionCommand(m)),
        Request::StopCompletely => "StopObjectCompletely".to_owned(),
    }
}

fn motions(list: &[ac_motiontable::Motion]) -> String {
    if list.is_empty() {
        return "-".to_owned();
    }
    list.iter()
        .map(|m| format!("{}@{}", MotionCommand(m.id), m.speed_mod))
        .collect::<Vec<_>>()
        .join(" ")
}

fn fidelity_name(f: Fidelity) -> &'static str {
    match f {
        Fidelity::Ace => "ace",
        Fidelity::Retail => "retail",
    }
}

fn v3(v: glam::Vec3) -> String {
    format!("({}, {}, {})", v.x, v.y, v.z)
}

/// The text report.
pub fn render(source: &SourceInfo, table: u32, fidelity: Fidelity, x: &Explained) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "source:   {source}");
    let _ = writeln!(
        out,
        "table:    0x{table:08X}, fidelity {}",
        fidelity_name(fidelity)
    );
    let _ = writeln!(
        out,
        "from:     {} (reached by {})",
        x.from,
        x.reached_by.join(" -> ")
    );
    let _ = writeln!(out, "request:  {}", request_text(x.request));
    out.push('\n');
    out.push_str(&render_events(&x.events));
    out.push('\n');
    let verdict = if x.outcome.ok { "ok" } else { "REFUSED" };
    let _ = writeln!(
        out,
        "result:   {verdict}, num_anims {}",
        x.outcome.num_anims
    );
    let st = &x.state;
    let _ = writeln!(
        out,
        "state:    {}/{} @{}  modifiers {}  actions {}",
        MotionCommand(st.style),
        MotionCommand(st.substate),
        st.substate_mod,
        motions(st.modifiers()),
        motions(st.actions())
    );
    let _ = writeln!(
        out,
        "sequence: {} node(s), velocity {} omega {}",
        x.seq.nodes().len(),
        v3(x.seq.velocity()),
        v3(x.seq.omega())
    );
    for (i, a) in x.seq.nodes().iter().enumerate() {
        let high = match a.high_frame {
            -1 => "last".to_owned(),
            h => h.to_string(),
        };
        let tail = if x.seq.first_cyclic() == Some(i) {
            "  <- first cyclic: loops from here"
        } else {
            ""
        };
        let _ = writeln!(
            out,
            "  {i:>2}  0x{:08X}  frames {}..={high} at {} fps{tail}",
            a.anim_id, a.low_frame, a.framerate
        );
    }
    out
}

/// The JSON report (same content as the text).
#[derive(serde::Serialize)]
struct Report<'a> {
    source: &'a SourceInfo,
    #[serde(with = "ac_dat::serde_hex")]
    table: u32,
    fidelity: &'static str,
    reached_by: &'a [String],
    from: StateSummary,
    request: RequestJson,
    events: &'a [ExplainEvent],
    ok: bool,
    num_anims: u32,
    state: StateJson,
    sequence: SequenceJson<'a>,
}

#[derive(serde::Serialize)]
struct RequestJson {
    op: &'static str,
    motion: Option<MotionCommand>,
    speed: Option<f32>,
}

#[derive(serde::Serialize)]
struct MotionJson {
    motion: MotionCommand,
    speed: f32,
}

#[derive(serde::Serialize)]
struct StateJson {
    style: MotionCommand,
    substate: MotionCommand,
    substate_mod: f32,
    modifiers: Vec<MotionJson>,
    actions: Vec<MotionJson>,
}

#[derive(serde::Serialize)]
struct SequenceJson<'a> {
    nodes: &'a [ac_dat::AnimData],
    first_cyclic: Option<usize>,
    velocity: glam::Vec3,
    omega: glam::Vec3,
}

fn json(source: &SourceInfo, table: u32, fidelity: Fidelity, x: &Explained) -> String {
    let list = |l: &[ac_motiontable::Motion]| {
        l.iter()
            .map(|m| MotionJson {
                motion: MotionCommand(m.id),
                speed: m.speed_mod,
            })
            .collect()
    };
    let request = match x.request {
        Request::Motion(m, s) => RequestJson {
            op: "do_object_motion",
            motion: Some(MotionCommand(m)),
            speed: Some(s),
        },
        Request::Stop(m) => RequestJson {
            op: "stop_object_motion",
            motion: Some(MotionCommand(m)),
            speed: None,
        },
        Request::StopCompletely => RequestJson {
            op: "stop_object_completely",
            motion: None,
            speed: None,
        },
    };
    let report = Report {
        source,
        table,
        fidelity: fidelity_name(fidelity),
        reached_by: &x.reached_by,
        from: x.from,
        request,
        events: &x.events,
        ok: x.outcome.ok,
        num_anims: x.outcome.num_anims,
        state: StateJson {
            style: MotionCommand(x.state.style),
            substate: MotionCommand(x.state.substate),
            substate_mod: x.state.substate_mod,
            modifiers: list(x.state.modifiers()),
            actions: list(x.state.actions()),
        },
        sequence: SequenceJson {
            nodes: x.seq.nodes(),
            first_cyclic: x.seq.first_cyclic(),
            velocity: x.seq.velocity(),
            omega: x.seq.omega(),
        },
    };
    // Plain data: serializing cannot fail.
    serde_json::to_string_pretty(&report).unwrap_or_default()
}

/// Runs the command.
pub fn run(args: Args) -> anyhow::Result<()> {
    let opened = DatSource::resolve(args.dat).open()?;
    let table = opened.dat.read_motion_table(args.table).with_context(|| {
        format!(
            "reading motion table 0x{:08X} from {} (`cargo xtask tables` lists the tables)",
            args.table,
            opened.info.name()
        )
    })?;
    let fidelity: Fidelity = args.fidelity.into();
    let r = Resolver::new(table, Rules::from(fidelity));
    let request = match (&args.to, &args.stop) {
        (Some(m), _) => Request::Motion(parse_motion(m).map_err(anyhow::Error::msg)?, args.speed),
        (None, Some(m)) => Request::Stop(parse_motion(m).map_err(anyhow::Error::msg)?),
        (None, None) => Request::StopCompletely,
    };
    let from = args
        .from
        .as_deref()
        .map(|f| parse_from(f, r.default_style()))
        .transpose()
        .map_err(|e| anyhow::anyhow!("--from: {e}"))?;
    let x = explain(&r, from.as_ref(), request)?;
    if args.json {
        println!("{}", json(&opened.info, args.table, fidelity, &x));
    } else {
        print!("{}", render(&opened.info, args.table, fidelity, &x));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use ac_motiontable::command::stance::{NON_COMBAT, SWORD_COMBAT};
    use ac_motiontable::motion::{READY, TURN_RIGHT, WALK_FORWARD};

    #[test]
    fn from_accepts_a_style_a_substate_speeds_and_modifiers() {
        let f = parse_from("NonCombat/WalkForward@1.5+TurnRight@-1", NON_COMBAT).unwrap();
        assert_eq!(
            f.path,
            [(NON_COMBAT, 1.0), (WALK_FORWARD, 1.5), (TURN_RIGHT, -1.0)]
        );
        let f = parse_from("SwordCombat", NON_COMBAT).unwrap();
        assert_eq!(f.path, [(SWORD_COMBAT, 1.0)]);
        let f = parse_from("Ready", NON_COMBAT).unwrap();
        assert_eq!(f.path, [(NON_COMBAT, 1.0), (READY, 1.0)]);
        let err = parse_from("NonCombat/WalkFoward", NON_COMBAT).unwrap_err();
        assert!(err.contains("did you mean `WalkForward`"), "{err}");
        assert!(parse_from("SwordCombat@2", NON_COMBAT).is_err());
    }

    fn humanoid() -> Resolver {
        Resolver::new(ac_testkit::synthetic::humanoid_table(), Rules::default())
    }

    #[test]
    fn a_walk_from_ready_names_its_link_and_ends_in_the_walk_cycle() {
        let r = humanoid();
        let x = explain(&r, None, Request::Motion(WALK_FORWARD, 1.0)).unwrap();
        assert!(x.outcome.ok);
        let text = render_events(&x.events);
        assert!(text.starts_with("GetObjectSequence WalkForward @1, from NonCombat/Ready @1\n"));
        assert!(
            text.contains("  link? Links[NonCombat/Ready][WalkForward]"),
            "{text}"
        );
        assert!(
            text.contains("\n    anim 0x"),
            "anims under their queue line"
        );
        assert!(text.ends_with(&format!(
            "=> ok, num_anims {}, now NonCombat/WalkForward @1\n",
            x.outcome.num_anims
        )));
        assert_eq!(x.state.substate, WALK_FORWARD);
    }

    /// The report for `request` from `from` on the synthetic humanoid, without its source line
    /// (the table comes from `ac_testkit`, not a DAT), as the snapshot `name`.
    fn check(name: &str, from: &str, request: Request) {
        let r = humanoid();
        let from = parse_from(from, r.default_style()).unwrap();
        let x = explain(&r, Some(&from), request).unwrap();
        let info = SourceInfo::File {
            path: "humanoid".into(),
        };
        let text = render(&info, r.id(), Fidelity::Ace, &x);
        let (_source, report) = text.split_once('\n').unwrap();
        insta::assert_snapshot!(name, report);
    }

    #[test]
    fn explanations_of_the_synthetic_humanoid() {
        use ac_motiontable::motion::{SLEEPING, TWITCH1};
        let cases = [
            (
                "style_change_with_links",
                "NonCombat/Ready",
                Request::Motion(SWORD_COMBAT, 1.0),
            ),
            (
                "refused_restricted_cycle",
                "NonCombat/WalkForward",
                Request::Motion(SLEEPING, 1.0),
            ),
            (
                "modifier_while_walking",
                "NonCombat/WalkForward",
                Request::Motion(TURN_RIGHT, 1.0),
            ),
            (
                "modifier_stopped",
                "NonCombat/WalkForward+TurnRight",
                Request::Stop(TURN_RIGHT),
            ),
            (
                "action_from_ready",
                "NonCombat/Ready",
                Request::Motion(TWITCH1, 1.0),
            ),
            (
                "walk_backwards_speed",
                "NonCombat/Ready",
                Request::Motion(WALK_FORWARD, -0.5),
            ),
            (
                "stop_completely",
                "NonCombat/WalkForward+TurnRight",
                Request::StopCompletely,
            ),
        ];
        for (name, from, request) in cases {
            check(name, from, request);
        }
    }

    #[test]
    fn an_unreachable_start_state_says_which_step_failed() {
        let r = humanoid();
        let from = parse_from("NonCombat/Sleeping", NON_COMBAT).unwrap();
        match explain(&r, Some(&from), Request::Motion(READY, 1.0)) {
            Err(e) => assert!(e.to_string().contains("Sleeping@1 is refused"), "{e}"),
            Ok(x) => assert!(x.reached_by.len() >= 2, "Sleeping was reached"),
        }
    }

    #[test]
    fn the_json_report_carries_hex_ids_and_the_events() {
        let r = humanoid();
        let x = explain(&r, None, Request::Stop(WALK_FORWARD)).unwrap();
        let info = SourceInfo::File {
            path: "x.dat".into(),
        };
        let v: serde_json::Value =
            serde_json::from_str(&json(&info, 0x0900_0001, Fidelity::Ace, &x)).unwrap();
        assert_eq!(v["table"], "0x09000001");
        assert_eq!(v["request"]["op"], "stop_object_motion");
        assert_eq!(v["request"]["motion"], "0x45000005");
        assert_eq!(v["ok"], false);
        assert_eq!(v["events"][0]["event"], "call");
        assert_eq!(v["source"]["kind"], "file");
    }
}
