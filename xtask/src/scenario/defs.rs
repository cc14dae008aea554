//! Definitions (docs/scenarios.md, "Definitions"): animations and motion tables described inline, collected into
//! `ac_dat` records that the next `object` step takes as its data set.

use super::args::LineArgs;
use super::error::ParseResult;
use super::lexer::{
    parse_anim_list, parse_bool, parse_i32, parse_motion, parse_quat, parse_u32, parse_vec3,
};
use ac_dat::{
    AnimData, Animation, AnimationFrame, AnimationHook, Frame, HookData, MotionData, MotionTable,
};
use glam::{Quat, Vec3};
use std::collections::BTreeMap;
use std::sync::Arc;

/// The largest `frames=` an `anim` line may ask for. The format sets no limit, but the
/// runner builds every frame in memory, so an absurd count is reported as bad input instead of
/// exhausting memory.
pub const MAX_FRAMES: u32 = 1 << 20;

/// The most frames all the animations a scenario defines may hold together (an `anim` line
/// that would exceed it is bad input): with [`MAX_FRAMES`] alone, forty `anim` lines of 1.7 KB
/// asked for gigabytes.
pub const MAX_TOTAL_FRAMES: u64 = 1 << 20;

/// Is `kw` a definition keyword (which decides definition versus step)?
pub fn is_definition(kw: &str) -> bool {
    matches!(
        kw,
        "anim"
            | "posframe"
            | "hook"
            | "table"
            | "style_default"
            | "cycle"
            | "modifier"
            | "link"
            | "raw_cycle"
            | "raw_modifier"
            | "raw_link"
            | "option"
    )
}

/// One parsed definition line.
#[derive(Debug, Clone, PartialEq)]
pub enum Def {
    /// `anim <id> [frames=] [parts=] [posframes=]`
    Anim {
        /// Animation id.
        id: u32,
        /// Frame count.
        frames: u32,
        /// Parts per frame.
        parts: u32,
        /// Pos frames on (identity) from the start.
        posframes: bool,
    },
    /// `posframe <frame> <x,y,z> [<qw,qx,qy,qz>]`
    PosFrame {
        /// Frame index.
        frame: u32,
        /// Root-motion frame.
        value: Frame,
    },
    /// `hook <frame> <type> <dir> [payload…]`
    Hook {
        /// Part-frame index.
        frame: u32,
        /// The hook.
        hook: AnimationHook,
    },
    /// `table <id> [default_style=]`
    Table {
        /// Table id.
        id: u32,
        /// Default style.
        default_style: u32,
    },
    /// `table <id> from-dat [default_style=]`: the table and its animations read from the
    /// runner's DAT (see [`super::dat`]).
    TableFromDat {
        /// Table id.
        id: u32,
        /// A default style replacing the DAT's, if given.
        default_style: Option<u32>,
    },
    /// `style_default <style> <substate>`
    StyleDefault {
        /// Style.
        style: u32,
        /// Its default substate.
        substate: u32,
    },
    /// `cycle` / `raw_cycle`: an entry of `Cycles`.
    Cycle {
        /// Map key.
        key: u32,
        /// Entry.
        md: MotionData,
    },
    /// `modifier` / `raw_modifier`: an entry of `Modifiers`.
    Modifier {
        /// Map key.
        key: u32,
        /// Entry.
        md: MotionData,
    },
    /// `link` / `raw_link`: an entry of `Links[outer][inner]`.
    Link {
        /// Outer key.
        outer: u32,
        /// Target motion.
        inner: u32,
        /// Entry.
        md: MotionData,
    },
    /// `option [bits=] [autodump=]`: takes effect immediately.
    Option {
        /// `bits=`
        bits: Option<bool>,
        /// `autodump=`
        autodump: Option<bool>,
    },
}

const MD_KEYS: &[&str] = &["bitfield", "vel", "omega", "anims"];

fn motion_data(a: &LineArgs<'_>) -> ParseResult<MotionData> {
    let bitfield = a.get_or("bitfield", 0, parse_u32)?;
    let vel = a.get_opt("vel", parse_vec3)?;
    let omega = a.get_opt("omega", parse_vec3)?;
    let anims: Vec<AnimData> = a.get_or("anims", Vec::new(), parse_anim_list)?;
    Ok(MotionData {
        bitfield: (bitfield & 0xFF) as u8,
        flags: u8::from(vel.is_some()) | (u8::from(omega.is_some()) << 1),
        anims: anims.into(),
        velocity: vel.unwrap_or(Vec3::ZERO),
        omega: omega.unwrap_or(Vec3::ZERO),
    })
}

/// `(style << 16) | (motion & 0xFFFFFF)` on u32, overflowing silently.
fn key(style: u32, motion: u32) -> u32 {
    (style << 16) | (motion & 0x00FF_FFFF)
}

/// Parses a definition line; `kw` is its first token, `rest` the others.
pub fn parse_def(kw: &str, rest: &[&str]) -> ParseResult<Def> {
    match kw {
        "anim" => {
            let a = LineArgs::new(rest, &["frames", "parts", "posframes"])?;
            let id = parse_u32(a.req(0, "id")?)?;
            let frames = a.get_or("frames", 1, parse_u32)?;
            if frames > MAX_FRAMES {
                return Err(format!(
                    "frames={frames} is more than the runner supports ({MAX_FRAMES})"
                ));
            }
            Ok(Def::Anim {
                id,
                frames,
                parts: a.get_or("parts", 0, parse_u32)?,
                posframes: a.get_or("posframes", false, parse_bool)?,
            })
        }
        "posframe" => {
            let a = LineArgs::new(rest, &[])?;
            let frame = parse_u32(a.req(0, "frame")?)?;
            let origin = parse_vec3(a.req(1, "x,y,z")?)?;
            let [w, x, y, z] = a.opt_or(2, [1.0, 0.0, 0.0, 0.0], parse_quat)?;
            Ok(Def::PosFrame {
                frame,
                value: Frame {
                    origin,
                    orientation: Quat::from_xyzw(x, y, z, w),
                },
            })
        }
        "hook" => {
            let a = LineArgs::new(rest, &[])?;
            let frame = parse_u32(a.req(0, "frame")?)?;
            let ty = a.req(1, "type")?;
            let type_id = match ac_dat::hook_type_from_name(ty) {
                Some(t) => t,
                None if ty.as_bytes().first().is_some_and(u8::is_ascii_digit) => parse_u32(ty)?,
                None => return Err(format!("unknown hook type `{ty}`")),
            };
            let dir = a.req(2, "dir")?;
            let direction = match ac_dat::hook_direction_from_name(dir) {
                Some(d) => d,
                None => parse_i32(dir).map_err(|_| format!("unknown hook direction `{dir}`"))?,
            };
            let words = (3..)
                .map_while(|i| a.opt(i))
                .map(parse_u32)
                .collect::<ParseResult<Vec<u32>>>()?;
            let data = HookData::from_words(type_id, &words).map_err(|e| e.to_string())?;
            Ok(Def::Hook {
                frame,
                hook: AnimationHook { direction, data },
            })
        }
        "table" => {
            let a = LineArgs::new(rest, &["default_style"])?;
            let id = parse_u32(a.req(0, "id")?)?;
            match a.opt(1) {
                None => Ok(Def::Table {
                    id,
                    default_style: a.get_or("default_style", 0, parse_motion)?,
                }),
                Some("from-dat") => Ok(Def::TableFromDat {
                    id,
                    default_style: a.get_opt("default_style", parse_motion)?,
                }),
                Some(other) => Err(format!(
                    "unexpected `{other}` after the table id (the only word allowed there is `from-dat`)"
                )),
            }
        }
        "style_default" => {
            let a = LineArgs::new(rest, &[])?;
            Ok(Def::StyleDefault {
                style: parse_motion(a.req(0, "style")?)?,
                substate: parse_motion(a.req(1, "substate")?)?,
            })
        }
        "cycle" => {
            let a = LineArgs::new(rest, MD_KEYS)?;
            let style = parse_motion(a.req(0, "style")?)?;
            let substate = parse_motion(a.req(1, "substate")?)?;
            Ok(Def::Cycle {
                key: key(style, substate),
                md: motion_data(&a)?,
            })
        }
        "modifier" => {
            let a = LineArgs::new(rest, MD_KEYS)?;
            let style = a.req(0, "style")?;
            let motion = parse_motion(a.req(1, "motion")?)?;
            let key = if style == "*" {
                motion & 0x00FF_FFFF
            } else {
                key(parse_motion(style)?, motion)
            };
            Ok(Def::Modifier {
                key,
                md: motion_data(&a)?,
            })
        }
        "link" => {
            let a = LineArgs::new(rest, MD_KEYS)?;
            let style = parse_motion(a.req(0, "style")?)?;
            let from = a.req(1, "from")?;
            let outer = if from == "*" {
                style << 16
            } else {
                key(style, parse_motion(from)?)
            };
            Ok(Def::Link {
                outer,
                inner: parse_motion(a.req(2, "to")?)?,
                md: motion_data(&a)?,
            })
        }
        "raw_cycle" | "raw_modifier" => {
            let a = LineArgs::new(rest, MD_KEYS)?;
            let key = parse_u32(a.req(0, "key")?)?;
            let md = motion_data(&a)?;
            Ok(if kw == "raw_cycle" {
                Def::Cycle { key, md }
            } else {
                Def::Modifier { key, md }
            })
        }
        "raw_link" => {
            let a = LineArgs::new(rest, MD_KEYS)?;
            Ok(Def::Link {
                outer: parse_u32(a.req(0, "outer")?)?,
                inner: parse_u32(a.req(1, "inner")?)?,
                md: motion_data(&a)?,
            })
        }
        "option" => {
            let a = LineArgs::new(rest, &["bits", "autodump"])?;
            Ok(Def::Option {
                bits: a.get_opt("bits", parse_bool)?,
                autodump: a.get_opt("autodump", parse_bool)?,
            })
        }
        _ => Err(format!("unknown definition `{kw}`")),
    }
}

/// The records a scenario has defined so far: what an `object` step loads.
///
/// Animations are shared, not copied, between the definitions and every object built from
/// them (a later `posframe` or `hook` line copies the one animation it changes, once).
#[derive(Debug, Clone, Default)]
pub struct DataSet {
    /// Animations by id.
    pub anims: BTreeMap<u32, Arc<Animation>>,
    /// Motion tables by id.
    pub tables: BTreeMap<u32, MotionTable>,
}

/// Collects definitions in file order, tracking the current anim and table.
#[derive(Debug, Default)]
pub struct Definitions {
    data: DataSet,
    current_anim: Option<u32>,
    current_table: Option<u32>,
}

fn upsert<T>(list: &mut Vec<(u32, T)>, key: u32, value: T) {
    match list.iter_mut().find(|(k, _)| *k == key) {
        Some(slot) => slot.1 = value,
        None => list.push((key, value)),
    }
}

impl Definitions {
    /// A snapshot of everything defined so far.
    pub fn data_set(&self) -> DataSet {
        self.data.clone()
    }

    fn table(&mut self) -> ParseResult<&mut MotionTable> {
        let id = self
            .current_table
            .ok_or_else(|| "table entry before any `table` line".to_string())?;
        self.data
            .tables
            .get_mut(&id)
            .ok_or_else(|| "table entry before any `table` line".to_string())
    }

    fn anim(&mut self, what: &str) -> ParseResult<&mut Animation> {
        let id = self
            .current_anim
            .ok_or_else(|| format!("`{what}` before any `anim` line"))?;
        self.data
            .anims
            .get_mut(&id)
            .map(Arc::make_mut)
            .ok_or_else(|| format!("`{what}` before any `anim` line"))
    }

    /// Defines a table read from a DAT, with its animations, as if every entry had been
    /// written at this line: it replaces a table or animations of the same ids, and becomes
    /// the current table (entry lines after it amend it).
    pub fn load_table(
        &mut self,
        mut table: MotionTable,
        anims: Vec<Animation>,
        default_style: Option<u32>,
    ) {
        if let Some(style) = default_style {
            table.default_style = style;
        }
        let id = table.id;
        self.data.tables.insert(id, table);
        self.current_table = Some(id);
        for a in anims {
            self.data.anims.insert(a.id, Arc::new(a));
        }
    }

    /// Applies one definition (options are handled by the caller and ignored here;
    /// `table … from-dat` needs the runner's DAT, see [`Self::load_table`]).
    pub fn apply(&mut self, def: Def) -> ParseResult<()> {
        match def {
            Def::Anim {
                id,
                frames,
                parts,
                posframes,
            } => {
                let replaced = self
                    .data
                    .anims
                    .get(&id)
                    .map_or(0, |a| a.part_frames.len() as u64);
                let total: u64 = self
                    .data
                    .anims
                    .values()
                    .map(|a| a.part_frames.len() as u64)
                    .sum();
                if total - replaced + u64::from(frames) > MAX_TOTAL_FRAMES {
                    return Err(format!(
                        "frames={frames} would make the scenario's animations hold more than \
                         {MAX_TOTAL_FRAMES} frames together"
                    ));
                }
                let anim = Animation {
                    id,
                    flags: u32::from(posframes),
                    num_parts: parts,
                    pos_frames: if posframes {
                        vec![Frame::IDENTITY; frames as usize]
                    } else {
                        Vec::new()
                    },
                    part_frames: vec![AnimationFrame::default(); frames as usize],
                };
                self.data.anims.insert(id, Arc::new(anim));
                self.current_anim = Some(id);
            }
            Def::PosFrame { frame, value } => {
                let anim = self.anim("posframe")?;
                let n = anim.part_frames.len();
                if (frame as usize) < n {
                    if !anim.has_pos_frames() || anim.pos_frames.len() != n {
                        anim.pos_frames = vec![Frame::IDENTITY; n];
                    }
                    anim.flags |= 1;
                    anim.pos_frames[frame as usize] = value;
                }
            }
            Def::Hook { frame, hook } => {
                let anim = self.anim("hook")?;
                if let Some(f) = anim.part_frames.get_mut(frame as usize) {
                    f.hooks.push(hook);
                }
            }
            Def::Table { id, default_style } => {
                self.data.tables.insert(
                    id,
                    MotionTable {
                        id,
                        default_style,
                        ..MotionTable::default()
                    },
                );
                self.current_table = Some(id);
            }
            Def::TableFromDat { id, .. } => {
                return Err(format!(
                    "table 0x{id:08X} from-dat: no DAT to read it from here"
                ));
            }
            Def::StyleDefault { style, substate } => {
                upsert(&mut self.table()?.style_defaults, style, substate);
            }
            Def::Cycle { key, md } => upsert(&mut self.table()?.cycles, key, md),
            Def::Modifier { key, md } => upsert(&mut self.table()?.modifiers, key, md),
            Def::Link { outer, inner, md } => {
                let links = &mut self.table()?.links;
                match links.iter_mut().find(|(k, _)| *k == outer) {
                    Some((_, inner_list)) => upsert(inner_list, inner, md),
                    None => links.push((outer, vec![(inner, md)])),
                }
            }
            Def::Option { .. } => {}
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn apply(defs: &mut Definitions, line: &str) -> ParseResult<()> {
        let t: Vec<&str> = line.split(' ').collect();
        defs.apply(parse_def(t[0], &t[1..])?)
    }

    #[test]
    fn builds_tables_and_anims() {
        let mut d = Definitions::default();
        apply(&mut d, "anim 0x03000002 frames=8").unwrap();
        apply(&mut d, "posframe 4 0,0.39,0").unwrap();
        apply(&mut d, "posframe 9 0,1,0").unwrap();
        apply(&mut d, "hook 1 AnimationDone Backward").unwrap();
        apply(&mut d, "table 0x09000001 default_style=NonCombat").unwrap();
        apply(&mut d, "style_default NonCombat Ready").unwrap();
        apply(
            &mut d,
            "cycle NonCombat Ready anims=0x03000002:1:5,7 vel=0,1,0",
        )
        .unwrap();
        apply(&mut d, "cycle NonCombat Ready bitfield=0x1FF").unwrap();
        apply(&mut d, "link NonCombat * Ready anims=1").unwrap();
        apply(&mut d, "modifier * Jump").unwrap();
        let ds = d.data_set();
        let a = &ds.anims[&0x0300_0002];
        assert!(a.has_pos_frames());
        assert_eq!(a.pos_frames.len(), 8);
        assert_eq!(a.pos_frames[4].origin, Vec3::new(0.0, 0.39, 0.0));
        assert_eq!(a.part_frames[1].hooks[0].direction, -1);
        let t = &ds.tables[&0x0900_0001];
        assert_eq!(t.default_style, 0x8000_003D);
        assert_eq!(t.cycles.len(), 1, "a repeated key overwrites");
        assert_eq!(t.cycles[0].0, 0x003D_0003);
        assert_eq!(t.cycles[0].1.bitfield, 0xFF);
        assert_eq!(t.links[0].0, 0x003D_0000);
        assert_eq!(
            t.modifiers[0].0,
            super::super::names::motion_by_name("Jump").unwrap() & 0x00FF_FFFF
        );
    }

    #[test]
    fn rejects_bad_lines() {
        let mut d = Definitions::default();
        assert!(apply(&mut d, "posframe 0 0,0,0").is_err());
        assert!(apply(&mut d, "cycle NonCombat Ready").is_err());
        assert!(parse_def("cycle", &["NonCombat", "Ready", "speed=2"]).is_err());
        assert!(parse_def("hook", &["0", "Sound", "Forward"]).is_err());
        assert!(parse_def("hook", &["0", "AnimationDone", "Both", "1"]).is_err());
        assert!(parse_def("hook", &["0", "99", "Both"]).is_err());
        assert!(parse_def("hook", &["0", "Sound", "Sideways", "1"]).is_err());
        assert!(parse_def("hook", &["0", "Sound", "5", "1"]).is_ok());
        assert!(parse_def("anim", &[]).is_err());
        assert!(parse_def("anim", &["1", "frames=4294967295"]).is_err());
        assert!(parse_def("table", &["0x09000001", "from_dat"]).is_err());
    }

    #[test]
    fn a_table_from_the_dat_becomes_the_current_table() {
        assert_eq!(
            parse_def("table", &["0x09000001", "from-dat"]),
            Ok(Def::TableFromDat {
                id: 0x0900_0001,
                default_style: None
            })
        );
        let mut d = Definitions::default();
        let table = MotionTable {
            id: 0x0900_0001,
            default_style: 0x8000_003D,
            ..MotionTable::default()
        };
        let anim = Animation {
            id: 0x0300_0001,
            ..Animation::default()
        };
        d.load_table(table, vec![anim], Some(0x8000_003E));
        apply(&mut d, "style_default NonCombat Ready").unwrap();
        let ds = d.data_set();
        let t = &ds.tables[&0x0900_0001];
        assert_eq!(t.default_style, 0x8000_003E);
        assert_eq!(t.style_defaults, [(0x8000_003D, 0x4100_0003)]);
        assert!(ds.anims.contains_key(&0x0300_0001));
    }

    /// Thirty `anim … frames=1048576` lines (1.2 KB, within the `scenario` fuzz target's
    /// input size) took 2.4 GB, past its 2 GB limit. The frames of all animations are capped
    /// together; redefining an id replaces its frames.
    #[test]
    fn total_frames_are_capped_across_animations() {
        let mut d = Definitions::default();
        apply(&mut d, "anim 1 frames=1048576").unwrap();
        apply(&mut d, "anim 1 frames=1048576").expect("a redefinition replaces");
        let err = apply(&mut d, "anim 2 frames=1").unwrap_err();
        assert!(err.contains("1048576 frames together"), "{err}");
        apply(&mut d, "anim 1 frames=1000").unwrap();
        apply(&mut d, "anim 2 frames=1000").expect("room again");
    }

    /// Objects share the defined animations; a later edit copies only what it changes.
    #[test]
    fn data_sets_share_animations_until_edited() {
        let mut d = Definitions::default();
        apply(&mut d, "anim 1 frames=4").unwrap();
        let before = d.data_set();
        let again = d.data_set();
        assert!(Arc::ptr_eq(&before.anims[&1], &again.anims[&1]));
        apply(&mut d, "posframe 0 0,1,0").unwrap();
        let after = d.data_set();
        assert!(
            !before.anims[&1].has_pos_frames(),
            "the snapshot is unchanged"
        );
        assert!(after.anims[&1].has_pos_frames());
    }
}
