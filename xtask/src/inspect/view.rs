//! JSON views of the crates' values for the page: ids as `0x…` strings beside their motion
//! names, a motion table grouped by style. Formatting only; no motion logic.

use std::collections::BTreeMap;

use ac_dat::motion::TableKey;
use ac_dat::{AnimData, MotionData, MotionTable};
use serde::Serialize;

use super::catalog::Entry;
use crate::timeline::model::motion_label;

/// `0x%08X`.
pub fn hex(id: u32) -> String {
    format!("0x{id:08X}")
}

/// A motion id with its name.
#[derive(Debug, Clone, Serialize)]
pub struct Named {
    /// `0x…`.
    pub id: String,
    /// The motion or stance name, or the hex id when it names nothing.
    pub name: String,
}

impl Named {
    /// `id` with its name.
    pub fn of(id: u32) -> Self {
        Self {
            id: hex(id),
            name: motion_label(id),
        }
    }
}

/// One row of the table list.
#[derive(Debug, Serialize)]
pub struct TableSummary {
    /// `0x09……`.
    pub id: String,
    /// Whether it parses.
    pub ok: bool,
    /// Why it does not.
    pub error: Option<String>,
    /// The default style's name.
    pub default_style: Option<String>,
    /// Number of styles with a default substate.
    pub styles: usize,
    /// Number of cycles.
    pub cycles: usize,
    /// Number of modifiers.
    pub modifiers: usize,
    /// Number of link destinations.
    pub links: usize,
}

impl TableSummary {
    /// The list row of `entry`.
    pub fn of(id: u32, entry: &Entry) -> Self {
        let s = &entry.stats;
        let (ok, error, default_style, styles) = match &entry.table {
            Ok(t) => (
                true,
                None,
                Some(motion_label(t.default_style)),
                t.style_defaults.len(),
            ),
            Err(e) => (false, Some(e.clone()), None, 0),
        };
        Self {
            id: hex(id),
            ok,
            error,
            default_style,
            styles,
            cycles: s.cycles,
            modifiers: s.modifiers,
            links: s.link_destinations,
        }
    }
}

/// One animation of a motion data.
#[derive(Debug, Serialize)]
pub struct AnimView {
    /// `0x03……`.
    pub anim: String,
    /// First frame (−1 … as stored).
    pub low: i32,
    /// Last frame (−1 = the animation's last).
    pub high: i32,
    /// Frames per second.
    pub framerate: f32,
}

impl AnimView {
    fn of(a: &AnimData) -> Self {
        Self {
            anim: hex(a.anim_id),
            low: a.low_frame,
            high: a.high_frame,
            framerate: a.framerate,
        }
    }
}

/// A motion data: its animations and physics.
#[derive(Debug, Serialize)]
pub struct DataView {
    /// The animations, in order.
    pub anims: Vec<AnimView>,
    /// Velocity (m/s), when stored.
    pub velocity: Option<[f32; 3]>,
    /// Omega (rad/s), when stored.
    pub omega: Option<[f32; 3]>,
    /// The bitfield (1 = clears modifiers, 2 = …).
    pub bitfield: u8,
}

impl DataView {
    fn of(md: &MotionData) -> Self {
        Self {
            anims: md.anims.iter().map(AnimView::of).collect(),
            velocity: md.has_velocity().then(|| md.velocity.to_array()),
            omega: md.has_omega().then(|| md.omega.to_array()),
            bitfield: md.bitfield,
        }
    }
}

/// A cycle or modifier.
#[derive(Debug, Serialize)]
pub struct StateView {
    /// The motion.
    pub motion: Named,
    /// The table key.
    pub key: String,
    /// Its data.
    #[serde(flatten)]
    pub data: DataView,
}

/// A link between two motions of a style.
#[derive(Debug, Serialize)]
pub struct LinkView {
    /// The motion it leaves (`*` for a style-wide link).
    pub from: Named,
    /// The motion it leads to.
    pub to: Named,
    /// Its data.
    #[serde(flatten)]
    pub data: DataView,
}

/// Everything of one style.
#[derive(Debug, Serialize)]
pub struct StyleView {
    /// The style.
    pub style: Named,
    /// Its default substate, when the table names one.
    pub default_substate: Option<Named>,
    /// Whether it is the table's default style.
    pub is_default: bool,
    /// Its cycles.
    pub cycles: Vec<StateView>,
    /// Its links.
    pub links: Vec<LinkView>,
    /// Its modifiers.
    pub modifiers: Vec<StateView>,
}

/// A motion table grouped by style.
#[derive(Debug, Serialize)]
pub struct TableView {
    /// `0x09……`.
    pub id: String,
    /// The default style.
    pub default_style: Named,
    /// Styles, the default one first, then by id.
    pub styles: Vec<StyleView>,
    /// Modifiers that belong to no style.
    pub modifiers: Vec<StateView>,
}

/// The motion of a key's low half, by its command index.
fn key_motion(key: u32) -> Named {
    match TableKey(key).motion() {
        Some(m) => Named::of(m),
        None if key & 0xFFFF == 0 => Named {
            id: hex(key & 0xFFFF),
            name: "*".into(),
        },
        None => Named {
            id: hex(key & 0x00FF_FFFF),
            name: format!("0x{:04X}", key & 0xFFFF),
        },
    }
}

impl TableView {
    /// The view of `t`.
    pub fn of(t: &MotionTable) -> Self {
        let mut styles: BTreeMap<u32, StyleView> = BTreeMap::new();
        fn style<'a>(
            styles: &'a mut BTreeMap<u32, StyleView>,
            t: &MotionTable,
            key: u32,
        ) -> &'a mut StyleView {
            let id = TableKey(key).style().unwrap_or(0);
            styles.entry(id).or_insert_with(|| StyleView {
                style: Named::of(id),
                default_substate: t.style_default(id).map(Named::of),
                is_default: id == t.default_style,
                cycles: Vec::new(),
                links: Vec::new(),
                modifiers: Vec::new(),
            })
        }
        for &(s, _) in &t.style_defaults {
            style(&mut styles, t, s << 16);
        }
        for (key, md) in &t.cycles {
            style(&mut styles, t, *key).cycles.push(StateView {
                motion: key_motion(*key),
                key: hex(*key),
                data: DataView::of(md),
            });
        }
        for (outer, group) in &t.links {
            let s = style(&mut styles, t, *outer);
            for (to, md) in group {
                s.links.push(LinkView {
                    from: key_motion(*outer),
                    to: Named::of(*to),
                    data: DataView::of(md),
                });
            }
        }
        let mut loose = Vec::new();
        for (key, md) in &t.modifiers {
            let view = StateView {
                motion: key_motion(*key),
                key: hex(*key),
                data: DataView::of(md),
            };
            if key >> 16 == 0 {
                loose.push(view);
            } else {
                style(&mut styles, t, *key).modifiers.push(view);
            }
        }
        let mut styles: Vec<StyleView> = styles.into_values().collect();
        styles.sort_by_key(|s| !s.is_default);
        Self {
            id: hex(t.id),
            default_style: Named::of(t.default_style),
            styles,
            modifiers: loose,
        }
    }
}
