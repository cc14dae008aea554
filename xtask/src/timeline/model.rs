//! What a timeline shows, built from the crates' recordings: one row per animation with the
//! stretches it was queued and played, the hooks it fired, the speeds, and the path from above.
//!
//! The data comes from `ac_sequence::PlaybackLog` (timed inside each tick) and
//! `ac_physobj::recording::ObjectSample`s; nothing here simulates anything.

use std::collections::BTreeMap;

use ac_dat::MotionTable;
use ac_physobj::recording::ObjectSample;
use ac_sequence::{NodeId, PlaybackLog};

/// One animation's row.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Row {
    /// The animation id.
    pub anim_id: u32,
    /// What the motion table uses it for (`link NonCombat/Ready→WalkForward`), or empty.
    pub uses: Vec<String>,
}

/// What a bar shows.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum BarKind {
    /// The node waits in the list.
    Queued,
    /// The play head is in the node.
    Playing {
        /// Frame number where the stretch began.
        frame_from: f32,
        /// Frame number where it ended.
        frame_to: f32,
        /// Frames per second.
        framerate: f32,
        /// Whether the node finished at the end of the stretch.
        finished: bool,
        /// Whether the node is in the cyclic tail.
        cyclic: bool,
    },
}

/// A stretch of time on a row.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct Bar {
    /// Index into [`Timeline::rows`].
    pub row: usize,
    /// Start (seconds).
    pub t0: f64,
    /// End (seconds, ≥ `t0`).
    pub t1: f64,
    /// Queued or playing.
    #[serde(flatten)]
    pub kind: BarKind,
}

/// A hook fired on a row.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct HookMark {
    /// Index into [`Timeline::rows`].
    pub row: usize,
    /// When (seconds).
    pub time: f64,
    /// The hook type (`Sound`, `AnimationDone`, …).
    pub name: &'static str,
    /// `Forward`, `Backward` or `Both`.
    pub direction: &'static str,
    /// The frame that carried it (none for the sequence's own `AnimationDone`).
    pub frame: Option<i32>,
}

/// A value held over an interval (a step plot).
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct Held {
    /// Start (seconds).
    pub t0: f64,
    /// End (seconds).
    pub t1: f64,
    /// The value.
    pub value: f32,
}

/// A point of the path seen from above.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct PathPoint {
    /// Time (seconds).
    pub t: f64,
    /// East (m).
    pub x: f32,
    /// North (m).
    pub y: f32,
    /// Compass heading (degrees, 0 = north, clockwise).
    pub heading: f32,
    /// The motion state's substate name (or hex id).
    pub substate: String,
}

/// A labelled moment (a command issued, a scenario step that took no time).
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Mark {
    /// When (seconds).
    pub t: f64,
    /// What happened.
    pub label: String,
}

/// Everything a timeline picture shows.
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize)]
pub struct Timeline {
    /// The picture's title.
    pub title: String,
    /// A problem to show in the picture (a scenario's bad line), if any.
    pub error: Option<String>,
    /// Rows, in order of first appearance in the list.
    pub rows: Vec<Row>,
    /// Queued and playing stretches.
    pub bars: Vec<Bar>,
    /// Hooks fired.
    pub hooks: Vec<HookMark>,
    /// The motion table's sequence velocity |vel| per update (m/s).
    pub sequence_speed: Vec<Held>,
    /// Root motion actually produced per stretch: |offset moved| / time (m/s).
    pub root_motion_speed: Vec<Held>,
    /// The object's path (empty when it never moved).
    pub path: Vec<PathPoint>,
    /// Ground speed between consecutive path points (m/s).
    pub ground_speed: Vec<Held>,
    /// Labelled moments.
    pub marks: Vec<Mark>,
    /// The time the picture ends (seconds).
    pub end: f64,
    /// Number of animation updates seen.
    pub updates: usize,
}

/// Builds a [`Timeline`] from playback logs and samples.
#[derive(Debug, Default)]
pub struct TimelineBuilder {
    timeline: Timeline,
    row_of: BTreeMap<u32, usize>,
    /// The last queued and playing bar of each node, to extend rather than repeat per tick.
    last_bar: BTreeMap<(NodeId, bool), usize>,
    table: Option<MotionTable>,
    samples: Vec<ObjectSample>,
}

fn direction_name(d: i32) -> &'static str {
    match d {
        ac_dat::HOOK_DIR_FORWARD => "Forward",
        ac_dat::HOOK_DIR_BACKWARD => "Backward",
        ac_dat::HOOK_DIR_BOTH => "Both",
        _ => "Unknown",
    }
}

/// A motion id's name, or its hex form.
pub fn motion_label(id: u32) -> String {
    ac_dat::motion::MotionCommand(id).to_string()
}

impl TimelineBuilder {
    /// An empty timeline titled `title`.
    pub fn new(title: impl Into<String>) -> Self {
        Self {
            timeline: Timeline {
                title: title.into(),
                ..Timeline::default()
            },
            ..Self::default()
        }
    }

    /// Labels rows with what `table` uses their animations for (the last table given wins).
    pub fn table(&mut self, table: &MotionTable) -> &mut Self {
        self.table = Some(table.clone());
        self
    }

    /// A labelled moment.
    pub fn mark(&mut self, t: f64, label: impl Into<String>) -> &mut Self {
        self.timeline.marks.push(Mark {
            t,
            label: label.into(),
        });
        self
    }

    /// The problem to show.
    pub fn error(&mut self, message: impl Into<String>) -> &mut Self {
        self.timeline.error = Some(message.into());
        self
    }

    fn row(&mut self, anim_id: u32) -> usize {
        let next = self.timeline.rows.len();
        *self.row_of.entry(anim_id).or_insert_with(|| {
            self.timeline.rows.push(Row {
                anim_id,
                uses: Vec::new(),
            });
            next
        })
    }

    /// Adds `bar` of `node`, or extends the node's previous bar of the same kind when `bar`
    /// continues it (starts where it ended, and for playing, the node did not finish or wrap
    /// in between): a cycle playing for seconds is one bar, not one per tick.
    fn push_bar(&mut self, node: NodeId, bar: Bar) {
        let playing = matches!(bar.kind, BarKind::Playing { .. });
        let key = (node, playing);
        if let Some(&i) = self.last_bar.get(&key) {
            let prev = &mut self.timeline.bars[i];
            let continues = prev.row == bar.row && (prev.t1 - bar.t0).abs() < 1e-9;
            match (&mut prev.kind, bar.kind) {
                (BarKind::Queued, BarKind::Queued) if continues => {
                    prev.t1 = bar.t1;
                    return;
                }
                (
                    BarKind::Playing {
                        frame_to,
                        finished: ended,
                        framerate,
                        ..
                    },
                    BarKind::Playing {
                        frame_from,
                        frame_to: to,
                        finished,
                        framerate: rate,
                        ..
                    },
                ) if continues && !*ended && *frame_to == frame_from && *framerate == rate => {
                    *frame_to = to;
                    *ended = finished;
                    prev.t1 = bar.t1;
                    return;
                }
                _ => {}
            }
        }
        self.last_bar.insert(key, self.timeline.bars.len());
        self.timeline.bars.push(bar);
    }

    /// Adds a playback log whose times are shifted by `base` seconds.
    pub fn playback(&mut self, log: &PlaybackLog, base: f64) -> &mut Self {
        let finite = |t: f64| t.is_finite().then_some(t + base);
        for (i, u) in log.updates().iter().enumerate() {
            self.timeline.updates += 1;
            let (Some(start), Some(end)) = (finite(u.start), finite(u.start + f64::from(u.dt)))
            else {
                continue;
            };
            let (t0, t1) = (start.min(end), start.max(end));
            self.timeline.sequence_speed.push(Held {
                t0,
                t1,
                value: u.velocity.length(),
            });
            let spans: Vec<_> = log.spans().iter().filter(|s| s.update == i).collect();
            for n in log.nodes_of(u) {
                let row = self.row(n.anim_id);
                // A link that finishes inside the update stops waiting when it finishes.
                let done = spans
                    .iter()
                    .find(|s| s.node == n.node && s.finished && !s.cyclic)
                    .and_then(|s| finite(s.end));
                let t1 = done.map_or(t1, |d| d.clamp(t0, t1));
                if t1 > t0 {
                    self.push_bar(
                        n.node,
                        Bar {
                            row,
                            t0,
                            t1,
                            kind: BarKind::Queued,
                        },
                    );
                }
            }
        }
        for s in log.spans() {
            let (Some(a), Some(b)) = (finite(s.start), finite(s.end)) else {
                continue;
            };
            let row = self.row(s.anim_id);
            let (t0, t1) = (a.min(b), a.max(b));
            self.push_bar(
                s.node,
                Bar {
                    row,
                    t0,
                    t1,
                    kind: BarKind::Playing {
                        frame_from: s.frame_from,
                        frame_to: s.frame_to,
                        framerate: s.framerate,
                        finished: s.finished,
                        cyclic: s.cyclic,
                    },
                },
            );
            if t1 > t0 {
                let speed = f64::from(s.root_motion.length()) / (t1 - t0);
                self.timeline.root_motion_speed.push(Held {
                    t0,
                    t1,
                    value: speed as f32,
                });
            }
        }
        for h in log.hooks() {
            let Some(time) = finite(h.time) else { continue };
            let row = self.row(h.anim_id);
            self.timeline.hooks.push(HookMark {
                row,
                time,
                name: h.hook.data.name(),
                direction: direction_name(h.hook.direction),
                frame: h.frame,
            });
        }
        let end = finite(log.clock()).unwrap_or(0.0);
        self.timeline.end = self.timeline.end.max(end);
        self
    }

    /// Adds object samples whose times are shifted by `base` seconds.
    pub fn samples(&mut self, samples: &[ObjectSample], base: f64) -> &mut Self {
        self.samples.extend(samples.iter().map(|s| ObjectSample {
            time: s.time + base,
            ..*s
        }));
        self
    }

    /// The finished timeline.
    pub fn build(mut self) -> Timeline {
        if let Some(table) = &self.table {
            for row in &mut self.timeline.rows {
                row.uses = table
                    .animation_uses(row.anim_id)
                    .iter()
                    .map(ToString::to_string)
                    .collect();
            }
        }
        let moved = self.samples.windows(2).any(|w| w[0].origin != w[1].origin);
        if moved {
            let finite = self
                .samples
                .iter()
                .filter(|s| s.time.is_finite() && s.origin.is_finite());
            self.timeline.path = finite
                .map(|s| PathPoint {
                    t: s.time,
                    x: s.origin.x,
                    y: s.origin.y,
                    heading: s.heading,
                    substate: motion_label(s.substate),
                })
                .collect();
            let recording = ac_physobj::recording::Recording {
                samples: self.samples,
                ..Default::default()
            };
            self.timeline.ground_speed = recording
                .ground_speeds()
                .into_iter()
                .map(|(t0, t1, value)| Held { t0, t1, value })
                .collect();
            if let Some(last) = self.timeline.path.last() {
                self.timeline.end = self.timeline.end.max(last.t);
            }
        }
        self.timeline
    }
}
