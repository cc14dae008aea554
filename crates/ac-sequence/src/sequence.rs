//! The sequence: an ordered anim list with a play head (`Animation/Sequence.cs`).

use std::sync::Arc;

use ac_dat::{
    AnimData, Animation, AnimationFrame, AnimationHook, Frame, HOOK_DIR_BACKWARD, HOOK_DIR_BOTH,
    HOOK_DIR_FORWARD, HookData, MotionData,
};
use ac_motiontable::{Rules, SharedRules};
use glam::Vec3;

use crate::aframe::{AFrame, EPSILON};
use crate::env::SharedEnv;
use crate::node::{AnimSequenceNode, HELD, Node, Play};
use crate::playback::{LoggedNode, PlaybackLog, Stretch};
use crate::provider::AnimationSource;
use crate::shortcut::{self, floor64};

/// A stable handle to one node of a [`Sequence`]'s anim list.
///
/// ACE keeps `CurrAnim` and `FirstCyclic` as `LinkedListNode` references and compares them by
/// identity; a handle is the node's serial number in its sequence, which gives the same
/// identity semantics (a removed node's handle does not alias a later node until 2³² more
/// nodes have been appended to that sequence).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct NodeId(u32);

/// A list position meaning "no node" (`CurrAnim` or `FirstCyclic` unset).
const NONE: u32 = u32::MAX;

/// The animation ids ACE treats as player idle animations (`Sequence.PlayerIdleAnims`), used by
/// [`Sequence::is_idle_anim`].
pub const PLAYER_IDLE_ANIMS: [u32; 11] = [
    0x0300_0001,
    0x0300_049E,
    0x0300_045A,
    0x0300_0474,
    0x0300_0CA8,
    0x0300_0448,
    0x0300_076C,
    0x0300_043D,
    0x0300_0426,
    0x0300_08DF,
    0x0300_0B05,
];

/// Upper bound on node transitions (`advance_to_next_animation`) inside one
/// [`Sequence::update`].
///
/// ACE recurses once per transition and dies with a stack overflow long before this many (a few
/// thousand levels); every input ACE survives is far below it. Past it the remaining time of the
/// update is dropped.
pub const MAX_ADVANCES_PER_UPDATE: u32 = 100_000;

/// Consecutive transitions whose leftover time does not shrink (compared with the previous
/// leftover) after which an update stops.
///
/// A node whose played range cannot consume time (e.g. a negative framerate multiplier leaves
/// `low > high` with a negative framerate: ACE's `seq_negative_multiplier_recursion`, a stack
/// overflow) or a framerate so large that a frame is below f32 resolution of the remaining time
/// would otherwise loop until [`MAX_ADVANCES_PER_UPDATE`]. A single non-shrinking step does
/// happen legitimately through rounding, so a short run of them is tolerated. A leftover that
/// wobbles by a rounding step escapes this guard; [`MAX_UNSHRUNK_ADVANCES`] catches it.
pub const MAX_STALLED_ADVANCES: u32 = 16;

/// Transitions that do not bring the leftover time below the smallest it has been in the
/// update, after which the update stops.
///
/// A reversed range played against a negative quantum hands back a leftover that wobbles by a
/// rounding step around the quantum, so [`MAX_STALLED_ADVANCES`] (a comparison with the previous
/// leftover) keeps being reset. Comparing with the smallest leftover catches it; the bound is
/// generous because ACE itself finishes updates that take a few dozen transitions without a new
/// smallest leftover (a reversed node before a cycle ends after 24 of them), and those must play
/// out as ACE plays them.
pub const MAX_UNSHRUNK_ADVANCES: u32 = 1_024;

/// Upper bound on frame boundaries processed one at a time inside one [`Sequence::update`]
/// (each applies a pos frame, its hooks and one frame of physics). Runs of boundaries outside
/// the animation cost at most [`EXACT_OUTSIDE_BOUNDARIES`] + 1 steps each, so only frames the
/// animation really has count towards it; reaching it takes an animation of millions of frames
/// crossed over and over in one update. Past it the rest of the update is dropped.
pub const MAX_BOUNDARIES_PER_UPDATE: u64 = 1 << 24;

/// Boundaries of a run *outside* the animation (a frame index below 0 or past its last frame,
/// reached through a stored range such as a low frame of −2³¹) that are stepped one by one,
/// bit for bit as ACE does, before the rest of the run is integrated in one step.
///
/// Such a boundary carries no hook and an identity pos frame, so every step of the run is the
/// same function of the offset frame. The runs the reference data and the conformance corpus
/// produce are a few frames long and stay exact. A longer run stops early, still exactly, once
/// the frame no longer changes (or alternates between two values), e.g. without velocity and
/// omega or without an offset frame; otherwise the remaining `n` steps become one step of
/// sequence physics over `n` frames — the same motion up to rounding, where ACE would take
/// time proportional to the frame distance (about 0.8 s per 1/30 s slice for a low frame of
/// −2³¹ played at 10⁹ frames per second).
pub const EXACT_OUTSIDE_BOUNDARIES: u64 = 64;

/// The work one [`Sequence::update`] did, for callers and tests that check its cost.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct UpdateWork {
    /// Frame boundaries processed one at a time (inside the animation, plus the exact head of
    /// each run outside it).
    pub boundaries: u64,
    /// Boundaries outside the animation that were covered in one step (see
    /// [`EXACT_OUTSIDE_BOUNDARIES`]).
    pub boundaries_skipped: u64,
    /// Node transitions.
    pub advances: u32,
    /// Whether a bound ([`MAX_ADVANCES_PER_UPDATE`], [`MAX_STALLED_ADVANCES`] or
    /// [`MAX_BOUNDARIES_PER_UPDATE`]) cut the update short.
    pub truncated: bool,
}

/// Errors of the fallible sequence operations.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SequenceError {
    /// The animation source has no animation with this id.
    #[error("undefined animation 0x{0:08X}")]
    MissingAnimation(u32),
}

/// What a sequence rarely uses, boxed so that a sequence without it stays small.
#[derive(Debug, Clone, Default)]
struct Cold {
    /// The first animation an append could not find since the last
    /// [`Sequence::take_missing_animation`].
    missing_animation: Option<u32>,
    /// `SetPlacementFrame`: the pose while no node is current, and its id.
    placement_frame: Option<AnimationFrame>,
    placement_frame_id: i32,
    /// The opt-in playback log.
    playback: Option<PlaybackLog>,
    /// The animations of the nodes marked [`HELD`] (from a source that is not a cache, a
    /// missing animation's empty stand-in, or kept across [`Sequence::set_source`]), by the
    /// node's serial; an entry lives exactly as long as its node is in the list.
    held: Vec<(u32, Arc<Animation>)>,
}

/// The animation player of one object (ACE `Physics/Animation/Sequence`).
///
/// It holds the anim list (links first, then the cyclic tail starting at `first_cyclic`), the
/// play head (`curr` node + fractional `frame_number`) and the sequence velocity/omega set by
/// the motion-table resolver. [`Sequence::update`] advances the head by a time step, emitting
/// root motion into the caller's offset frame and hooks into the caller's hook buffer.
///
/// Animations are looked up through an [`AnimationSource`]; the player itself does no IO.
///
/// Cloning is cheap apart from the node list (a node names its animation by its position in
/// the shared cache; animations from other sources are shared `Arc`s) and keeps node handles
/// valid in the clone.
///
/// The list is a `Vec` in list order: nodes are only ever appended at the end, and removed
/// from the front (`apricot`), from just before the cyclic tail (links) or as the whole
/// tail, so positions are cheap to keep and a handle is found by its serial number.
#[derive(Clone)]
pub struct Sequence {
    /// The anim list; each node carries its handle's serial.
    nodes: Vec<Node>,
    /// List position of `FirstCyclic` ([`NONE`] when unset; otherwise below `nodes.len()`).
    first_cyclic: u32,
    /// List position of `CurrAnim` ([`NONE`] when unset; otherwise below `nodes.len()`).
    curr: u32,
    /// The serial number the next appended node gets.
    next_id: u32,
    frame_number: f32,
    velocity: Vec3,
    omega: Vec3,
    /// The animation source and the rules, shared with every sequence built from the same
    /// source under equal rules.
    env: SharedEnv,
    /// The placement frame, the playback log, a missing animation's id and the animations
    /// the sequence holds itself (`None` while none is set).
    cold: Option<Box<Cold>>,
}

impl Default for Sequence {
    /// An empty sequence over [`crate::NoAnimations`]: usable for velocity/omega integration
    /// only (every append reports a missing animation).
    fn default() -> Self {
        Self::new(Arc::new(crate::NoAnimations), Rules::default())
    }
}

impl std::fmt::Debug for Sequence {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Sequence")
            .field(
                "nodes",
                &self.nodes().map(|n| n.anim_id()).collect::<Vec<_>>(),
            )
            .field("first_cyclic", &self.first_cyclic_index())
            .field("curr", &self.curr_index())
            .field("frame_number", &self.frame_number)
            .field("velocity", &self.velocity)
            .field("omega", &self.omega)
            .finish()
    }
}

/// The signed quantum of `apply_physics(frame, quantum, sign)`: the sign of `sign_src` (time),
/// not of the framerate, decides the direction: `sign_src >= 0` (false for NaN, as in C#) uses
/// `|q|`, otherwise `-|q|`.
#[inline]
fn signed_quantum(quantum: f32, sign_src: f32) -> f32 {
    if sign_src >= 0.0 {
        quantum.abs()
    } else {
        -quantum.abs()
    }
}

/// `apply_physics(frame, quantum, sign)`: one step of sequence velocity/omega (see
/// [`signed_quantum`] for the direction).
#[inline]
fn apply_physics(frame: &mut AFrame, velocity: Vec3, omega: Vec3, quantum: f32, sign_src: f32) {
    let q = signed_quantum(quantum, sign_src);
    shortcut::integrate(frame, velocity * q, omega * q);
}

impl Sequence {
    /// An empty sequence reading animations from `source`, under `rules`.
    ///
    /// Only one switch concerns the sequence (quirk `missing-animation-node`, see
    /// [`Self::append_animation`]); everything else in this player is the same in ACE and the
    /// retail client, except retail's f64 frame counter, which is not modelled.
    pub fn new(source: Arc<dyn AnimationSource>, rules: Rules) -> Self {
        Self {
            nodes: Vec::new(),
            first_cyclic: NONE,
            curr: NONE,
            next_id: 0,
            frame_number: 0.0,
            velocity: Vec3::ZERO,
            omega: Vec3::ZERO,
            env: SharedEnv::new(source, SharedRules::new(rules)),
            cold: None,
        }
    }

    /// The rules this sequence was built with.
    pub fn rules(&self) -> Rules {
        self.env.rules.get()
    }

    /// The rules this sequence was built with, shared (the object that owns the sequence
    /// keeps the same allocation).
    pub fn shared_rules(&self) -> &SharedRules {
        &self.env.rules
    }

    /// The animation source this sequence loads from.
    pub fn source(&self) -> &Arc<dyn AnimationSource> {
        &self.env.source
    }

    /// Replaces the animation source (existing nodes keep the animations they hold).
    pub fn set_source(&mut self, source: Arc<dyn AnimationSource>) {
        let env = SharedEnv::new(source, self.env.rules.clone());
        if !self.env.same_cache(&env) {
            self.hold_cached_animations();
        }
        self.env = env;
    }

    /// Makes the sequence hold every animation its nodes find in the cache (before the cache
    /// is replaced: positions in the old one mean nothing in the new one).
    #[cold]
    fn hold_cached_animations(&mut self) {
        let mut held = Vec::new();
        for node in &mut self.nodes {
            if let Some(a) = self.env.cached_at(node.anim) {
                held.push((node.serial, Arc::clone(a)));
                node.anim = HELD;
            }
        }
        if !held.is_empty() {
            self.cold.get_or_insert_default().held.extend(held);
        }
    }

    /// The animation of `node`: in the cache `env` reads from, or among those `cold` holds.
    /// The fields are passed apart so that the caller may go on changing the others.
    #[inline(always)]
    fn animation_in<'a>(
        env: &'a SharedEnv,
        cold: &'a Option<Box<Cold>>,
        node: &Node,
    ) -> &'a Arc<Animation> {
        match env.cached_at(node.anim) {
            Some(a) => a,
            None => Self::held_animation(cold, node.serial),
        }
    }

    /// The animation the sequence holds for the node `serial` (an empty one if none: every
    /// node not in the cache has its entry, so that is never the answer).
    #[cold]
    #[inline(never)]
    fn held_animation(cold: &Option<Box<Cold>>, serial: u32) -> &Arc<Animation> {
        static NONE_HELD: std::sync::LazyLock<Arc<Animation>> =
            std::sync::LazyLock::new(|| Arc::new(Animation::default()));
        cold.as_deref()
            .and_then(|c| c.held.iter().find(|(s, _)| *s == serial))
            .map_or(&*NONE_HELD, |(_, a)| a)
    }

    /// `node` read with its animation.
    #[inline(always)]
    fn read<'a>(&'a self, node: &Node) -> AnimSequenceNode<'a> {
        node.with(Self::animation_in(&self.env, &self.cold, node))
    }

    /// Drops the held animations whose nodes have left the list (after every removal; only
    /// a sequence with a cold part can have any).
    #[inline(always)]
    fn release_held(&mut self) {
        if self.cold.is_some() {
            self.release_held_slow();
        }
    }

    /// [`Self::release_held`] once there is a cold part.
    #[cold]
    #[inline(never)]
    fn release_held_slow(&mut self) {
        let Some(c) = self.cold.as_deref_mut() else {
            return;
        };
        if c.held.is_empty() {
            return;
        }
        let nodes = &self.nodes;
        c.held
            .retain(|(serial, _)| nodes.iter().any(|n| n.anim == HELD && n.serial == *serial));
        self.drop_cold_if_unused();
    }

    // ------------------------------------------------------------------ list primitives

    /// Makes room for one more node (a walking object holds a link and its cycle: room for
    /// two at the first allocation, not the four a first push would reserve; the list grows
    /// as usual past that).
    #[cold]
    #[inline(never)]
    fn grow(&mut self) {
        if self.nodes.capacity() == 0 {
            self.nodes.reserve_exact(2);
        } else {
            self.nodes.reserve(1);
        }
    }

    /// The list position `pos` as an index, if a node is there.
    #[inline]
    fn index(&self, pos: u32) -> Option<usize> {
        let i = pos as usize;
        (i < self.nodes.len()).then_some(i)
    }

    /// List position of `CurrAnim`.
    #[inline]
    fn curr_pos(&self) -> Option<usize> {
        self.index(self.curr)
    }

    /// List position of `FirstCyclic`.
    #[inline]
    fn first_cyclic_pos(&self) -> Option<usize> {
        self.index(self.first_cyclic)
    }

    /// A list position as stored (the list never reaches `u32::MAX` nodes: each takes 20
    /// bytes or more).
    #[inline]
    fn pos32(i: usize) -> u32 {
        u32::try_from(i).unwrap_or(NONE)
    }

    /// Removes the nodes at positions `range`, keeping `CurrAnim` and `FirstCyclic` on their
    /// nodes (callers move them off the removed ones first).
    ///
    /// The nodes after the range move down in list order. For a short tail (the usual one:
    /// the cyclic node, or a link and its cycle) that is done by swapping each tail node with
    /// the removed position it goes to, then truncating: swapping tail node `j` (at
    /// `to + j`) into `from + j` for `j = 0, 1, …` in order only ever takes a tail node from a
    /// position no earlier swap touched (earlier swaps touched `from + i` and `to + i`,
    /// `i < j`, and `to + j = from + i` would need `i > j`), so positions `from..from + tail`
    /// end up holding the tail in order and everything after them is a removed node, which
    /// the truncation drops. The list is the one `Vec::drain` leaves (only the order in which
    /// the removed nodes' animations are released differs, which nothing observes).
    #[inline(never)]
    fn remove_range(&mut self, range: std::ops::Range<usize>) {
        /// Tails up to this long are moved by swaps; longer ones by `drain`.
        const SWAP_TAIL: usize = 2;
        let (from, to) = (range.start, range.end);
        let len = self.nodes.len();
        if from >= to || to > len {
            return;
        }
        let tail = len - to;
        if tail == 1 {
            // The usual case (links removed before their cycle): one swap, `j = 0` below.
            self.nodes.swap(from, to);
            self.nodes.truncate(from + 1);
        } else if tail <= SWAP_TAIL {
            for j in 0..tail {
                self.nodes.swap(from + j, to + j);
            }
            self.nodes.truncate(from + tail);
        } else {
            self.nodes.drain(from..to);
        }
        let n32 = Self::pos32(to - from);
        for pos in [&mut self.curr, &mut self.first_cyclic] {
            if *pos != NONE && *pos as usize >= from {
                *pos = pos.wrapping_sub(n32);
            }
        }
        self.release_held();
    }

    fn node_at(&self, pos: Option<usize>) -> Option<AnimSequenceNode<'_>> {
        pos.and_then(|i| self.nodes.get(i)).map(|n| self.read(n))
    }

    // ------------------------------------------------------------------ read-only views

    /// Number of nodes in the anim list.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the anim list is empty.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// `HasAnims()`: whether the anim list holds any node.
    pub fn has_anims(&self) -> bool {
        !self.nodes.is_empty()
    }

    /// The nodes in list order (links first, then the cyclic tail).
    pub fn nodes(&self) -> impl Iterator<Item = AnimSequenceNode<'_>> + '_ {
        self.nodes.iter().map(|n| self.read(n))
    }

    /// The node handles in list order.
    pub fn node_ids(&self) -> impl Iterator<Item = NodeId> + '_ {
        self.nodes.iter().map(|n| NodeId(n.serial()))
    }

    /// List position of the node behind a handle.
    fn find(&self, id: NodeId) -> Option<usize> {
        self.nodes.iter().position(|n| n.serial() == id.0)
    }

    /// The node behind a handle, if it is still in the list.
    pub fn node(&self, id: NodeId) -> Option<AnimSequenceNode<'_>> {
        self.node_at(self.find(id))
    }

    /// Handle of the first node of the cyclic tail (`FirstCyclic`).
    pub fn first_cyclic(&self) -> Option<NodeId> {
        self.first_cyclic_pos()
            .map(|i| NodeId(self.nodes[i].serial()))
    }

    /// Handle of the node under the play head (`CurrAnim`).
    pub fn curr_anim(&self) -> Option<NodeId> {
        self.curr_pos().map(|i| NodeId(self.nodes[i].serial()))
    }

    /// The node under the play head.
    pub fn curr_node(&self) -> Option<AnimSequenceNode<'_>> {
        self.node_at(self.curr_pos())
    }

    fn position_of(pos: Option<usize>) -> i32 {
        pos.map_or(-1, |p| i32::try_from(p).unwrap_or(i32::MAX))
    }

    /// 0-based list position of `FirstCyclic`, or −1 when unset (the dump's `first_cyclic=`).
    pub fn first_cyclic_index(&self) -> i32 {
        Self::position_of(self.first_cyclic_pos())
    }

    /// 0-based list position of `CurrAnim`, or −1 when unset (the dump's `curr=`).
    pub fn curr_index(&self) -> i32 {
        Self::position_of(self.curr_pos())
    }

    /// `FrameNumber`: the fractional play-head position inside the current node (f32 as in ACE;
    /// retail uses f64, quirk `frame-counter-precision`).
    pub fn frame_number(&self) -> f32 {
        self.frame_number
    }

    /// `get_curr_frame_number()`: `floor(FrameNumber)` as an int (saturating, like .NET ≥ 9).
    pub fn curr_frame_number(&self) -> i32 {
        floor64(self.frame_number) as i32
    }

    /// Sequence velocity (local space), integrated per crossed frame.
    pub fn velocity(&self) -> Vec3 {
        self.velocity
    }

    /// Sequence angular velocity (local space, radians/s).
    pub fn omega(&self) -> Vec3 {
        self.omega
    }

    /// `is_first_cyclic()`: no current node, or the head is on the first cyclic node.
    pub fn is_first_cyclic(&self) -> bool {
        match self.curr_pos() {
            None => true,
            Some(c) => Some(c) == self.first_cyclic_pos(),
        }
    }

    /// `is_idle_anim()`: no current node, or it plays one of [`PLAYER_IDLE_ANIMS`].
    pub fn is_idle_anim(&self) -> bool {
        self.curr_node()
            .is_none_or(|n| PLAYER_IDLE_ANIMS.contains(&n.anim_id()))
    }

    /// `GetCurrAnimFrame()`: the part frame under the play head, or the placement frame while no
    /// node is current. This is what a renderer poses the parts with (ACE does not interpolate).
    pub fn curr_anim_frame(&self) -> Option<&AnimationFrame> {
        match self.curr_node() {
            Some(n) => n.part_frame(self.curr_frame_number()),
            None => self.cold.as_ref().and_then(|c| c.placement_frame.as_ref()),
        }
    }

    /// The per-part transforms under the play head (see [`Sequence::curr_anim_frame`]).
    pub fn curr_part_frames(&self) -> &[Frame] {
        self.curr_anim_frame().map_or(&[], |f| f.frames.as_slice())
    }

    /// The placement frame and its id (`SetPlacementFrame`).
    pub fn placement_frame(&self) -> (Option<&AnimationFrame>, i32) {
        match self.cold.as_deref() {
            Some(c) => (c.placement_frame.as_ref(), c.placement_frame_id),
            None => (None, 0),
        }
    }

    /// Takes the id of the first animation that [`Sequence::append_animation`] could not find
    /// since the last call. The resolver seam cannot return errors, so this is how a caller
    /// (e.g. the scenario runner, which must report "undefined animation" as bad input at the
    /// step that appended it) learns about it.
    pub fn take_missing_animation(&mut self) -> Option<u32> {
        let id = self.cold.as_deref_mut()?.missing_animation.take();
        self.drop_cold_if_unused();
        id
    }

    // ------------------------------------------------------------------ list maintenance

    /// Appends a node built from `data` and `anim` (the node gets the next handle serial):
    /// it becomes the new first cyclic node, and the play head if there was none.
    ///
    /// `anim` is the animation's position in the cache, or [`HELD`] (the caller then gives
    /// the animation to the cold part under the returned serial), `frames` its frame count.
    #[inline(always)]
    fn append_node(&mut self, data: &AnimData, anim: u32, frames: u32) -> NodeId {
        let len = self.nodes.len();
        // A set position is below `len`; `NONE` is not.
        let had_curr = (self.curr as usize) < len;
        let id = self.next_id;
        self.next_id = id.wrapping_add(1);
        self.nodes.push(Node {
            anim,
            play: Play::new(data, frames),
            serial: id,
        });
        // Every append moves the cyclic marker to the tail.
        self.first_cyclic = Self::pos32(len);
        if !had_curr {
            self.curr = 0;
            if let Some(first) = self.nodes.first() {
                self.frame_number = first.starting_frame();
            }
        }
        NodeId(id)
    }

    /// `append_animation(d)`: queues `d` at the end of the list; it becomes the new first cyclic
    /// node, and the play head if there was none.
    ///
    /// A missing animation: ACE turns it into an empty 0-frame node (low = high = −1)
    /// instead of skipping it; this does the same, and additionally remembers the id for
    /// [`Sequence::take_missing_animation`]. With [`Rules::drop_missing_animation`] (retail) the
    /// node is not appended and `None` is returned (quirk `missing-animation-node`).
    #[inline]
    pub fn append_animation(&mut self, data: &AnimData) -> Option<NodeId> {
        self.append_animation_inline(data)
    }

    /// [`Self::append_animation`], inlined into the one-call motion edits.
    #[inline(always)]
    fn append_animation_inline(&mut self, data: &AnimData) -> Option<NodeId> {
        // The usual append: room in the list, found in the cache the source is (so that the
        // usual path makes no call).
        if self.nodes.len() < self.nodes.capacity()
            && let Some(slot) = self.env.cached(data.anim_id)
        {
            return Some(self.append_node(data, slot.index, slot.frames));
        }
        self.append_from_source(data)
    }

    /// Appends a node of `anim`, which the sequence holds itself.
    #[cold]
    fn append_held(&mut self, data: &AnimData, anim: Arc<Animation>) -> NodeId {
        let id = self.append_node(data, HELD, anim.num_frames());
        self.cold.get_or_insert_default().held.push((id.0, anim));
        id
    }

    /// [`Self::append_animation`] into a full list, of an animation the source's cache does
    /// not hold, or from a source that is not a cache: asks the source (the same answer as
    /// the cache's when it is one).
    #[cold]
    #[inline(never)]
    fn append_from_source(&mut self, data: &AnimData) -> Option<NodeId> {
        if self.nodes.len() == self.nodes.capacity() {
            self.grow();
        }
        if let Some(slot) = self.env.cached(data.anim_id) {
            return Some(self.append_node(data, slot.index, slot.frames));
        }
        // Not in the cache, if the source is one: then the source does not have it either.
        match self.env.source.animation(data.anim_id) {
            Some(anim) => Some(self.append_held(data, anim)),
            None => self.append_missing(data),
        }
    }

    /// [`Self::append_animation`] of an animation the source does not have.
    #[cold]
    #[inline(never)]
    fn append_missing(&mut self, data: &AnimData) -> Option<NodeId> {
        let cold = self.cold.get_or_insert_default();
        if cold.missing_animation.is_none() {
            cold.missing_animation = Some(data.anim_id);
        }
        if self.env.rules.drop_missing_animation {
            return None;
        }
        let anim = Arc::new(Animation {
            id: data.anim_id,
            ..Animation::default()
        });
        Some(self.append_held(data, anim))
    }

    /// Like [`Sequence::append_animation`], but a missing animation is an error and nothing is
    /// appended.
    pub fn try_append_animation(&mut self, data: &AnimData) -> Result<NodeId, SequenceError> {
        if let Some(slot) = self.env.cached(data.anim_id) {
            if self.nodes.len() == self.nodes.capacity() {
                self.grow();
            }
            return Ok(self.append_node(data, slot.index, slot.frames));
        }
        let anim = self
            .env
            .animation(data.anim_id)
            .ok_or(SequenceError::MissingAnimation(data.anim_id))?;
        if self.nodes.len() == self.nodes.capacity() {
            self.grow();
        }
        Ok(self.append_held(data, anim))
    }

    /// `remove_cyclic_anims()`: removes the cyclic tail. If the play head is in it, the head
    /// moves to the node before the removed one at its ending frame (or to none, frame 0).
    /// Afterwards `first_cyclic` is the new last node (possibly a link, possibly none).
    #[inline]
    pub fn remove_cyclic_anims(&mut self) {
        self.remove_cyclic_anims_inline();
    }

    /// [`Self::remove_cyclic_anims`], inlined into [`Self::transition`].
    #[inline(always)]
    fn remove_cyclic_anims_inline(&mut self) {
        let Some(fc) = self.first_cyclic_pos() else {
            return;
        };
        if self.curr_pos().is_some_and(|c| c >= fc) {
            // The head moves to the node before the tail (ACE: `CurrAnim.Previous`, taken
            // once the nodes before it in the tail are gone).
            self.curr = if fc == 0 { NONE } else { Self::pos32(fc - 1) };
            self.frame_number = self
                .curr_pos()
                .and_then(|c| self.nodes.get(c))
                .map_or(0.0, Node::ending_frame);
        }
        // The list keeps `fc` nodes: the last of them, if any, is the new first cyclic node.
        self.first_cyclic = if fc == 0 { NONE } else { Self::pos32(fc - 1) };
        self.nodes.truncate(fc);
        self.release_held();
    }

    /// Removes up to `n` links right before the cyclic tail, nearest to it first. Stops when
    /// there is none left (ACE: `FirstCyclic.Previous == null`; a null `FirstCyclic` — an
    /// empty list — would be a NullReferenceException in ACE and is simply a no-op here). If
    /// the play head is on a removed link it jumps to the first cyclic node at its starting
    /// frame.
    #[inline]
    fn remove_links(&mut self, n: usize) {
        let Some(fc) = self.first_cyclic_pos() else {
            return;
        };
        let from = fc - n.min(fc);
        if from == fc {
            return;
        }
        if self.curr_pos().is_some_and(|c| (from..fc).contains(&c)) {
            self.curr = self.first_cyclic;
            self.frame_number = self.nodes[fc].starting_frame();
        }
        if fc + 1 == self.nodes.len() {
            self.remove_links_before_last(from, fc);
        } else {
            self.remove_range(from..fc);
        }
    }

    /// `remove_range(from..fc)` when the cyclic tail is the last node alone (`fc` is the last
    /// position, `from < fc`) and the play head is not on a removed link (the usual drain:
    /// links, then their cycle), without a call.
    ///
    /// It is `remove_range`'s one-node-tail case: the tail node swapped into `from`, the list
    /// truncated after it. The positions: every set position at or after `from` moves down by
    /// `fc - from`; with the list ending at `fc` and the play head off the removed links, the
    /// play head is either before `from` (unchanged), at `fc` (now `from`) or unset (`NONE`,
    /// unchanged), and the cyclic marker is at `fc` (now `from`).
    #[inline(always)]
    fn remove_links_before_last(&mut self, from: usize, fc: usize) {
        self.nodes.swap(from, fc);
        self.nodes.truncate(from + 1);
        let (from32, fc32) = (Self::pos32(from), Self::pos32(fc));
        if self.curr == fc32 {
            self.curr = from32;
        }
        self.first_cyclic = from32;
        self.release_held();
    }

    /// `remove_link_animations(n)`: removes up to `n` link nodes, nearest to the cyclic tail
    /// first. If the play head is on a removed link it jumps to the first cyclic node at its
    /// starting frame.
    ///
    /// On an empty list ACE dereferences null; here it does nothing (quirk
    /// `remove-links-empty`).
    #[inline]
    pub fn remove_link_animations(&mut self, n: u32) {
        self.remove_links(usize::try_from(n).unwrap_or(usize::MAX));
    }

    /// `remove_all_link_animations()`: removes every node before the cyclic tail.
    #[inline]
    pub fn remove_all_link_animations(&mut self) {
        self.remove_links(usize::MAX);
    }

    /// `clear_animations()`: empties the list, unsets both handles, frame 0.
    pub fn clear_animations(&mut self) {
        self.nodes.clear();
        self.first_cyclic = NONE;
        self.curr = NONE;
        self.frame_number = 0.0;
        self.release_held();
    }

    /// `clear_physics()`: zero velocity and omega.
    pub fn clear_physics(&mut self) {
        self.velocity = Vec3::ZERO;
        self.omega = Vec3::ZERO;
    }

    /// `Clear()`: animations, physics and the placement frame.
    pub fn clear(&mut self) {
        self.clear_animations();
        self.clear_physics();
        if let Some(c) = self.cold.as_deref_mut() {
            c.placement_frame = None;
            c.placement_frame_id = 0;
        }
        self.drop_cold_if_unused();
    }

    /// `SetPlacementFrame(frame, id)`: the pose shown while no animation is current.
    pub fn set_placement_frame(&mut self, frame: Option<AnimationFrame>, id: i32) {
        if frame.is_none() && id == 0 && self.cold.is_none() {
            return;
        }
        let c = self.cold.get_or_insert_default();
        c.placement_frame = frame;
        c.placement_frame_id = id;
        self.drop_cold_if_unused();
    }

    /// Frees the cold part once it holds nothing.
    fn drop_cold_if_unused(&mut self) {
        if self.cold.as_deref().is_some_and(|c| {
            c.placement_frame.is_none()
                && c.placement_frame_id == 0
                && c.playback.is_none()
                && c.missing_animation.is_none()
                && c.held.is_empty()
        }) {
            self.cold = None;
        }
    }

    /// `SetVelocity(v)`.
    pub fn set_velocity(&mut self, velocity: Vec3) {
        self.velocity = velocity;
    }

    /// `SetOmega(w)`.
    pub fn set_omega(&mut self, omega: Vec3) {
        self.omega = omega;
    }

    /// `CombinePhysics(v, w)`: adds to velocity and omega (modifiers).
    pub fn combine_physics(&mut self, velocity: Vec3, omega: Vec3) {
        self.velocity += velocity;
        self.omega += omega;
    }

    /// `subtract_physics(v, w)`: subtracts from velocity and omega (stopping a modifier).
    pub fn subtract_physics(&mut self, velocity: Vec3, omega: Vec3) {
        self.velocity -= velocity;
        self.omega -= omega;
    }

    /// Appends every anim of `anims`, in order, with its framerate times `speed`.
    #[inline(always)]
    fn append_scaled(&mut self, anims: &[AnimData], speed: f32) {
        for a in anims {
            self.append_animation_inline(&AnimData {
                framerate: a.framerate * speed,
                ..*a
            });
        }
    }

    /// ACE `add_motion`'s edits (the motion table's [`AnimSequence::add_motion_data`]): the
    /// velocity and omega become the data's times `speed`, then every anim is appended, in
    /// order, with its framerate times `speed` — what the provided method's calls do, in one
    /// call.
    ///
    /// [`AnimSequence::add_motion_data`]: ac_motiontable::AnimSequence::add_motion_data
    #[inline]
    pub fn add_motion_data(&mut self, md: &MotionData, speed: f32) {
        self.velocity = md.velocity * speed;
        self.omega = md.omega * speed;
        self.append_scaled(&md.anims, speed);
    }

    /// A transition through one link (the motion table's [`AnimSequence::transition`]):
    /// the cyclic tail removed, `link`'s anims appended at `link_speed`, then the velocity
    /// and omega set from `cycle` at `cycle_speed` and its anims appended.
    ///
    /// It ends in the state of the provided method's calls (`clear_physics`,
    /// `remove_cyclic_anims`, `add_motion_data(link)`, `add_motion_data(cycle)`): those write
    /// the velocity and omega three times (zero, the link's, the cycle's) and nothing in
    /// between reads them (removing and appending nodes touch only the list, the play head
    /// and the frame number), so only the last write, the cycle's, is made. The products are
    /// the same f32 operations, so the values are bit for bit the same.
    ///
    /// [`AnimSequence::transition`]: ac_motiontable::AnimSequence::transition
    #[inline(always)]
    pub fn transition(
        &mut self,
        link: &MotionData,
        link_speed: f32,
        cycle: &MotionData,
        cycle_speed: f32,
    ) {
        self.remove_cyclic_anims_inline();
        self.append_scaled(&link.anims, link_speed);
        self.velocity = cycle.velocity * cycle_speed;
        self.omega = cycle.omega * cycle_speed;
        self.append_scaled(&cycle.anims, cycle_speed);
    }

    /// `multiply_cyclic_animation_framerate(r)`: scales every node of the cyclic tail (links are
    /// untouched). A negative rate also swaps each node's low/high frame.
    pub fn multiply_cyclic_animation_framerate(&mut self, rate: f32) {
        let Some(fc) = self.first_cyclic_pos() else {
            return;
        };
        for node in &mut self.nodes[fc..] {
            node.multiply_framerate(rate);
        }
    }

    // ------------------------------------------------------------------ playback

    /// `Update(quantum, ref offset)`: advances the play head by `dt` seconds.
    ///
    /// * `offset`: the caller's offset frame; root motion (pos frames) and sequence
    ///   velocity/omega are accumulated into it, one frame boundary at a time.
    ///   `None` is ACE's null frame: playback and hooks still happen, physics does not.
    /// * `hooks`: the hook list of the object owning the sequence (ACE `HookObj.AnimHooks`);
    ///   hooks of crossed frames matching the direction, and the synthetic `AnimationDone` hook
    ///   (direction `Both`) when a node ends while the list still starts with a link, are
    ///   appended in order. `None` is ACE's sequence without a hook object: nothing is
    ///   collected.
    ///
    /// With an empty list the offset just integrates velocity/omega over `dt`. After playback
    /// fully played nodes before the head are dropped (`apricot`).
    ///
    /// Cost and robustness: the work is proportional to the frames crossed *inside* the
    /// animations, whatever the stored frame indices and framerates (runs of frames outside an
    /// animation are bounded by [`EXACT_OUTSIDE_BOUNDARIES`]), and the returned [`UpdateWork`]
    /// says how much was done. ACE recurses once per node transition (`update_internal` →
    /// itself); here it is a loop bounded by [`MAX_ADVANCES_PER_UPDATE`],
    /// [`MAX_STALLED_ADVANCES`] and [`MAX_BOUNDARIES_PER_UPDATE`]; when a bound trips, the rest
    /// of `dt` is dropped and the head stays where the last transition put it. No input panics,
    /// hangs or recurses.
    #[inline]
    pub fn update(
        &mut self,
        dt: f32,
        mut offset: Option<&mut AFrame>,
        mut hooks: Option<&mut Vec<AnimationHook>>,
    ) -> UpdateWork {
        // Without the playback log the usual step may go the short way, in a function small
        // enough to keep the general loop's set-up off it.
        if self.cold.as_deref().is_none_or(|c| c.playback.is_none()) {
            let mut work = UpdateWork::default();
            if self.step_fast(dt, &mut offset, &mut hooks, &mut work) {
                self.apricot();
                return work;
            }
            return self.update_general(dt, offset, hooks, true);
        }
        self.update_general(dt, offset, hooks, false)
    }

    /// [`Self::update`] the general way; `fast_tried`: [`Self::step_fast`] already declined
    /// this update (having changed nothing).
    #[inline(never)]
    fn update_general(
        &mut self,
        dt: f32,
        mut offset: Option<&mut AFrame>,
        mut hooks: Option<&mut Vec<AnimationHook>>,
        fast_tried: bool,
    ) -> UpdateWork {
        let mut work = UpdateWork::default();
        let mut log = self.cold.as_deref_mut().and_then(|c| c.playback.take());
        if let Some(log) = log.as_mut() {
            self.log_list(log, dt);
        }
        if !self.nodes.is_empty() {
            if log.is_some()
                || fast_tried
                || !self.step_fast(dt, &mut offset, &mut hooks, &mut work)
            {
                self.update_internal(dt, &mut offset, &mut hooks, &mut work, log.as_mut());
            }
            self.apricot();
        } else if let Some(f) = offset {
            apply_physics(f, self.velocity, self.omega, dt, dt);
        }
        if let Some(mut log) = log {
            log.end(work.truncated);
            if let Some(c) = self.cold.as_deref_mut() {
                c.playback = Some(log);
            }
        }
        work
    }

    /// The usual update, taken without the general loop's bookkeeping: the head plays forward
    /// (`FrameNumber` and the time step's frames non-negative, below 2²²) and crosses only
    /// frames the animation has; it either stays inside its node, or finishes it (at most one
    /// transition) with a leftover that is zero or smaller than `dt`.
    ///
    /// Does exactly what [`Self::update_internal`] does then — the same boundaries in the same
    /// order, with the same arithmetic, the same `AnimationDone` hook and the same transition —
    /// and returns true with `work` filled in; returns false, having changed nothing (`work`
    /// included), otherwise (the tests compare both ways with the playback log, which always
    /// takes the general one).
    ///
    /// After the transition the general loop would go on with the leftover as its new time
    /// step, its stall guards reading "no stall" (the leftover shrank): the state a fresh
    /// [`Self::update_internal`] starts from, so that is what runs, unless the leftover is
    /// zero: then the general step only adds `framerate × 0` to the frame number.
    #[inline]
    fn step_fast(
        &mut self,
        dt: f32,
        frame: &mut Option<&mut AFrame>,
        hooks: &mut Option<&mut Vec<AnimationHook>>,
        work: &mut UpdateWork,
    ) -> bool {
        /// Below 2²², `floor64` of a non-negative frame number is its truncation.
        const LIMIT: f32 = 4_194_304.0;
        // `NONE` is past the end of any list.
        let Some(node) = self.nodes.get(self.curr as usize) else {
            return false;
        };
        let node = node.with(Self::animation_in(&self.env, &self.cold, node));
        let fr = node.framerate();
        let ft = fr * dt;
        let from = self.frame_number;
        let frame_num = from + ft;
        // Also false for NaN and infinities.
        if !(ft > 0.0 && from >= 0.0 && frame_num < LIMIT) {
            return false;
        }
        // Both in [0, 2²²): the floors ACE compares are the truncations (`floor(−0) = −0`
        // truncates to 0 as well).
        let (last, target) = (from as i64, frame_num as i64);
        let high = i64::from(node.high_frame());
        // A lower bound of the frames with data (what the general loop's walk tests
        // against): the quick way declines a few steps it could take, never one it may not
        // (`target` and `high` are below 2³¹, where the two bounds order the same).
        let data = node.part_frame_count();
        if target <= high {
            // Within the node; past the animation's frames a boundary is outside it (the
            // general loop's).
            if target > data {
                return false;
            }
            if last < target {
                let step = frame_step(self.velocity, self.omega, fr, dt);
                let anim = node.animation();
                for i in last..target {
                    forward_boundary(anim, i as usize, step, frame, hooks); // 0 <= i < part_frame_count
                }
                work.boundaries = (target - last) as u64;
            }
            self.frame_number = frame_num;
            return true;
        }
        // The node finishes (`high < floor(frame_num)`): the head stops at `high` after the
        // boundaries `last..high` (none when `high <= last`), which must be inside the data.
        if high > data {
            return false;
        }
        let mut over = frame_num - high as f32 - 1.0;
        if over < 0.0 {
            over = 0.0;
        }
        let leftover = if fr.abs() > EPSILON { over / fr } else { 0.0 };
        // False for a NaN leftover too.
        let shrank = leftover.abs() < dt.abs();
        if !shrank {
            return false;
        }
        let (velocity, omega) = (self.velocity, self.omega);
        if last < high {
            let step = frame_step(velocity, omega, fr, dt);
            let anim = node.animation();
            for i in last..high {
                forward_boundary(anim, i as usize, step, frame, hooks); // 0 <= i < high <= part_frame_count
            }
            work.boundaries = (high - last) as u64;
        }
        // The same integer as the general loop's `i32`, so the same `f32`.
        self.frame_number = high as f32;
        // Quirk `extra-anim-done`, as in the general loop.
        if let Some(h) = hooks.as_deref_mut()
            && self.first_cyclic_pos() != Some(0)
        {
            h.push(AnimationHook {
                direction: HOOK_DIR_BOTH,
                data: HookData::AnimationDone,
            });
        }
        if !self.advance_to_next_animation(dt, frame, velocity, omega) {
            return true;
        }
        work.advances = 1;
        if leftover == 0.0 {
            // The general step with a zero time step: `ft` is ±0 (or NaN for an infinite
            // framerate), so neither branch runs and no physics applies (|0| ≤ EPSILON).
            if let Some(next) = self.nodes.get(self.curr as usize) {
                self.frame_number += next.framerate() * leftover;
            }
        } else {
            self.update_internal(leftover, frame, hooks, work, None);
        }
        true
    }

    // ------------------------------------------------------------------ playback log

    /// Turns the [playback log](crate::playback) on (a fresh log whose clock reads 0) or off
    /// (the log is dropped). Turning it on while it is on keeps the log.
    pub fn set_playback_logging(&mut self, on: bool) {
        if on {
            let c = self.cold.get_or_insert_default();
            if c.playback.is_none() {
                c.playback = Some(PlaybackLog::default());
            }
        } else {
            if let Some(c) = self.cold.as_deref_mut() {
                c.playback = None;
            }
            self.drop_cold_if_unused();
        }
    }

    /// The playback log, while logging is on.
    pub fn playback_log(&self) -> Option<&PlaybackLog> {
        self.cold.as_deref().and_then(|c| c.playback.as_ref())
    }

    /// Takes what the log holds so far and keeps logging into an empty log whose clock
    /// continues where the taken one stopped. `None` while logging is off.
    pub fn take_playback_log(&mut self) -> Option<PlaybackLog> {
        let log = self.cold.as_deref_mut()?.playback.as_mut()?;
        let clock = log.clock();
        Some(std::mem::replace(log, PlaybackLog::starting_at(clock)))
    }

    /// Logs the list an update starts from.
    fn log_list(&self, log: &mut PlaybackLog, dt: f32) {
        let fc = self.first_cyclic_pos();
        let nodes = self.nodes.iter().enumerate().map(|(i, l)| {
            let n = self.read(l);
            LoggedNode {
                node: NodeId(l.serial()),
                anim_id: n.anim_id(),
                framerate: n.framerate(),
                low_frame: n.low_frame(),
                high_frame: n.high_frame(),
                cyclic: fc.is_some_and(|fc| i >= fc),
            }
        });
        let curr = usize::try_from(self.curr_index()).ok();
        log.begin(
            dt,
            nodes,
            (curr, self.frame_number),
            (self.velocity, self.omega),
        );
    }

    /// Whether the node at list position `pos` is in the cyclic tail (at or after
    /// `first_cyclic`).
    fn is_cyclic_node(&self, pos: usize) -> bool {
        self.first_cyclic_pos().is_some_and(|fc| pos >= fc)
    }

    /// `apricot()`: drops nodes from the head of the list up to the play head or the cyclic
    /// tail, whichever comes first.
    #[inline]
    fn apricot(&mut self) {
        // A set position is below `len` and `NONE` is not, so `min(pos, len)` is the position
        // or `len` when unset.
        let keep_from = (self.curr.min(self.first_cyclic) as usize).min(self.nodes.len());
        if keep_from > 0 {
            self.remove_range(0..keep_from);
        }
    }

    /// `update_internal` with its tail recursion turned into a loop (kept out of line: the
    /// usual update, [`Self::step_fast`], must not carry its set-up).
    #[inline(never)]
    fn update_internal(
        &mut self,
        mut dt: f32,
        frame: &mut Option<&mut AFrame>,
        hooks: &mut Option<&mut Vec<AnimationHook>>,
        work: &mut UpdateWork,
        mut log: Option<&mut PlaybackLog>,
    ) {
        let velocity = self.velocity;
        let omega = self.omega;
        // The stall guards: transitions in a row whose leftover did not shrink, and transitions
        // since the leftover last fell below the smallest it has been in this update (the first
        // misses a leftover that wobbles by a rounding step around a value it never leaves).
        let mut stalled: u32 = 0;
        let mut unshrunk: u32 = 0;
        let mut least_left = dt.abs();
        // Playback log bookkeeping: update time consumed so far, the offset origin where the
        // current stretch began.
        let mut elapsed = 0.0f32;
        let mut mark = frame.as_deref().map_or(Vec3::ZERO, |f| f.origin);
        loop {
            let Some(cur) = self.curr_pos() else { return };
            let frame_from = self.frame_number;
            let hooks_before = match (&log, hooks.as_deref()) {
                (Some(_), Some(h)) => h.len(),
                _ => 0,
            };
            let Some(link) = self.nodes.get(cur) else {
                return;
            };
            let node = link.with(Self::animation_in(&self.env, &self.cold, link));
            let fr = node.framerate();
            let ft = fr * dt;
            let last = floor64(self.frame_number);
            let mut frame_num = self.frame_number + ft;
            let mut leftover = 0.0f32;
            let mut done = false;
            let walk = Walk::new(node, velocity, omega, fr, dt);

            if ft > 0.0 {
                // Quirk `skip-last-frame`: the clamp puts the head at the *start* of `high`, so the last frame's
                // pos frame and hooks are never processed going forward (retail does the same).
                let high = node.high_frame();
                if f64::from(high) < floor64(frame_num) {
                    let mut over = frame_num - high as f32 - 1.0;
                    if over < 0.0 {
                        over = 0.0;
                    }
                    if fr.abs() > EPSILON {
                        leftover = over / fr;
                    }
                    frame_num = high as f32;
                    done = true;
                }
                walk.forward(last, floor64(frame_num), frame, hooks, work);
            } else if ft < 0.0 {
                let low = node.low_frame();
                if f64::from(low) > floor64(frame_num) {
                    let mut over = frame_num - low as f32;
                    if over > 0.0 {
                        over = 0.0;
                    }
                    if fr.abs() > EPSILON {
                        leftover = over / fr;
                    }
                    frame_num = low as f32;
                    done = true;
                }
                walk.backward(last, floor64(frame_num), frame, hooks, work);
            } else if let Some(f) = frame.as_deref_mut()
                && dt.abs() > EPSILON
            {
                apply_physics(f, velocity, omega, dt, dt);
            }

            self.frame_number = frame_num;
            if let Some(log) = log.as_deref_mut() {
                let consumed = if done { dt - leftover } else { dt };
                let now = frame.as_deref().map_or(Vec3::ZERO, |f| f.origin);
                let fired = hooks.as_deref().map_or(&[][..], |h| &h[hooks_before..]);
                if let Some(link) = self.nodes.get(cur) {
                    let stretch = Stretch {
                        id: NodeId(link.serial()),
                        node: link.with(Self::animation_in(&self.env, &self.cold, link)),
                        cyclic: self.is_cyclic_node(cur),
                        elapsed,
                        consumed,
                        frame_from,
                        frame_to: frame_num,
                        finished: done,
                        root_motion: now - mark,
                    };
                    log.span(stretch, fired);
                }
                elapsed += consumed;
                mark = now;
            }
            if !done {
                return;
            }
            // Quirk `extra-anim-done`: the test is on the list *head* (apricot only runs after the whole update),
            // so a cycle wrapping in the same update that finished the last link credits again.
            if let Some(h) = hooks.as_deref_mut()
                && self.first_cyclic_pos() != Some(0)
            {
                let hook = AnimationHook {
                    direction: HOOK_DIR_BOTH,
                    data: HookData::AnimationDone,
                };
                if let Some(log) = log.as_deref_mut() {
                    log.animation_done(&hook);
                }
                h.push(hook);
            }
            if !self.advance_to_next_animation(dt, frame, velocity, omega) {
                return;
            }

            work.advances += 1;
            // Both counters also count a NaN leftover.
            if leftover.abs() < dt.abs() {
                stalled = 0;
            } else {
                stalled += 1;
            }
            if leftover.abs() < least_left {
                least_left = leftover.abs();
                unshrunk = 0;
            } else {
                unshrunk += 1;
            }
            if work.truncated
                || work.advances >= MAX_ADVANCES_PER_UPDATE
                || stalled >= MAX_STALLED_ADVANCES
                || unshrunk >= MAX_UNSHRUNK_ADVANCES
            {
                work.truncated = true;
                return;
            }
            dt = leftover;
        }
    }

    /// `execute_hooks(frame, dir)`: appends the frame's hooks that fire in `dir` (or `Both`), in
    /// DAT order.
    #[inline]
    fn execute_hooks(
        hooks: &mut Option<&mut Vec<AnimationHook>>,
        part_frame: Option<&AnimationFrame>,
        dir: i32,
    ) {
        let (Some(h), Some(pf)) = (hooks.as_deref_mut(), part_frame) else {
            return;
        };
        for hook in &pf.hooks {
            if hook.direction == HOOK_DIR_BOTH || hook.direction == dir {
                h.push(hook.clone());
            }
        }
    }

    /// `advance_to_next_animation`: leaves the current node and enters the next one (forward
    /// time) or the previous one (negative time), applying the exit/entry pos frame and one
    /// frame of physics exactly where ACE does (quirk `skip-last-frame`). Returns false if there is no
    /// node to go to (impossible while the list invariants hold).
    fn advance_to_next_animation(
        &mut self,
        dt: f32,
        frame: &mut Option<&mut AFrame>,
        velocity: Vec3,
        omega: Vec3,
    ) -> bool {
        let Some(cur) = self.curr_pos() else {
            return false;
        };
        let Some(link) = self.nodes.get(cur) else {
            return false;
        };
        let forward = dt >= 0.0;
        {
            let fr = link.framerate();
            let exits = if forward { fr < 0.0 } else { fr >= 0.0 };
            // The animation is read only when the node is left through its exit frame (not
            // in the usual forward step).
            if exits && let Some(f) = frame.as_deref_mut() {
                let a = link.with(Self::animation_in(&self.env, &self.cold, link));
                if a.has_pos_frames() {
                    shortcut::subtract_into(f, &a.pos_frame(self.frame_number as i32));
                }
                if fr.abs() > EPSILON {
                    apply_physics(f, velocity, omega, 1.0 / fr, dt);
                }
            }
        }
        let next = if forward {
            if cur + 1 < self.nodes.len() {
                Some(cur + 1)
            } else {
                self.first_cyclic_pos()
            }
        } else {
            cur.checked_sub(1).or(self.nodes.len().checked_sub(1))
        };
        let Some(next) = next else {
            return false;
        };
        let Some(nlink) = self.nodes.get(next) else {
            return false;
        };
        self.curr = Self::pos32(next);
        let a = nlink.with(Self::animation_in(&self.env, &self.cold, nlink));
        let fr = a.framerate();
        self.frame_number = if forward {
            a.starting_frame()
        } else {
            a.ending_frame()
        };
        // Quirk `skip-last-frame`: entering a forward node applies its starting pos frame now *and* again when the
        // head leaves that frame; reverse nodes are only processed on exit (above).
        let enters = if forward { fr > 0.0 } else { fr < 0.0 };
        if enters && let Some(f) = frame.as_deref_mut() {
            if a.has_pos_frames() {
                shortcut::combine_into(f, &a.pos_frame(self.frame_number as i32));
            }
            if fr.abs() > EPSILON {
                apply_physics(f, velocity, omega, 1.0 / fr, dt);
            }
        }
        true
    }
}

/// The frame boundaries crossed inside one node during one step of `update_internal`.
///
/// ACE processes every boundary from the old frame index to the new one, one at a time. Inside
/// the animation that is what happens here too; a run of indices outside it (no part frame,
/// identity pos frame) goes through [`Walk::outside`], whose cost does not depend on the run's
/// length.
struct Walk<'a> {
    node: AnimSequenceNode<'a>,
    velocity: Vec3,
    omega: Vec3,
    fr: f32,
    dt: f32,
    /// One frame of sequence physics, `(velocity * q, omega * q)` with `q = ±1 / fr`: the
    /// same for every boundary of the walk, so computed once (`None` when the framerate is
    /// within EPSILON of 0 and ACE skips the physics).
    frame_step: Option<(Vec3, Vec3)>,
}

impl<'a> Walk<'a> {
    fn new(node: AnimSequenceNode<'a>, velocity: Vec3, omega: Vec3, fr: f32, dt: f32) -> Self {
        Self {
            node,
            velocity,
            omega,
            fr,
            dt,
            frame_step: frame_step(velocity, omega, fr, dt),
        }
    }

    /// Frame indices `0..end` hold data (a part frame or a pos frame).
    fn data_end(&self) -> i64 {
        self.node.frames_with_data()
    }

    /// Boundaries `last, last + 1, …, target − 1` (forward play; ACE's `while (lastFrame <
    /// floor(frameNum))` loop).
    fn forward(
        &self,
        last: f64,
        target: f64,
        frame: &mut Option<&mut AFrame>,
        hooks: &mut Option<&mut Vec<AnimationHook>>,
        work: &mut UpdateWork,
    ) {
        // Both are floors of finite f32 values within the i32 frame range here (or NaN, which
        // saturates to 0 like the reference's int conversion and never enters the loop below).
        let (mut i, target) = (last as i64, target as i64);
        let end = self.data_end();
        while i < target {
            if work.boundaries >= MAX_BOUNDARIES_PER_UPDATE {
                work.truncated = true;
                return;
            }
            if (0..end).contains(&i) {
                work.boundaries += 1;
                self.boundary(i as usize, true, frame, hooks); // 0 <= i < end <= i32::MAX
                i += 1;
            } else {
                let run_end = if i < 0 { target.min(0) } else { target };
                self.outside(run_end - i, true, frame, work);
                i = run_end;
            }
        }
    }

    /// Boundaries `last, last − 1, …, target + 1` (backward play).
    fn backward(
        &self,
        last: f64,
        target: f64,
        frame: &mut Option<&mut AFrame>,
        hooks: &mut Option<&mut Vec<AnimationHook>>,
        work: &mut UpdateWork,
    ) {
        let (mut i, target) = (last as i64, target as i64);
        let end = self.data_end();
        while i > target {
            if work.boundaries >= MAX_BOUNDARIES_PER_UPDATE {
                work.truncated = true;
                return;
            }
            if (0..end).contains(&i) {
                work.boundaries += 1;
                self.boundary(i as usize, false, frame, hooks);
                i -= 1;
            } else {
                let run_end = if i >= end {
                    target.max(end - 1)
                } else {
                    target
                };
                self.outside(i - run_end, false, frame, work);
                i = run_end;
            }
        }
    }

    /// One boundary inside the animation: pos frame `index` combined (forward) or subtracted
    /// (backward), one frame of physics, then the frame's hooks for that direction.
    #[inline(always)]
    fn boundary(
        &self,
        index: usize,
        forward: bool,
        frame: &mut Option<&mut AFrame>,
        hooks: &mut Option<&mut Vec<AnimationHook>>,
    ) {
        let anim = self.node.animation();
        if let Some(f) = frame.as_deref_mut() {
            let pos = anim.pos_frames.get(index).unwrap_or(&AFrame::IDENTITY);
            if forward {
                shortcut::combine_and_integrate(f, pos, self.frame_step);
            } else {
                shortcut::subtract_into(f, pos);
                self.physics(f);
            }
        }
        if let Some(part) = anim.part_frames.get(index)
            && !part.hooks.is_empty()
        {
            let dir = if forward {
                HOOK_DIR_FORWARD
            } else {
                HOOK_DIR_BACKWARD
            };
            Sequence::execute_hooks(hooks, Some(part), dir);
        }
    }

    /// One frame of sequence physics (skipped for framerates within EPSILON of 0, as in ACE).
    #[inline]
    fn physics(&self, f: &mut AFrame) {
        if let Some((dv, dw)) = self.frame_step {
            shortcut::integrate(f, dv, dw);
        }
    }

    /// `n` boundaries outside the animation: each combines (forward) or subtracts (backward) an
    /// identity pos frame and applies one frame of physics; no hook fires. See
    /// [`EXACT_OUTSIDE_BOUNDARIES`] for how a long run is shortened.
    fn outside(
        &self,
        n: i64,
        forward: bool,
        frame: &mut Option<&mut AFrame>,
        work: &mut UpdateWork,
    ) {
        let n = n.unsigned_abs();
        let Some(f) = frame.as_deref_mut() else {
            // Nothing to integrate and no hooks: the run has no effect at all.
            work.boundaries_skipped += n;
            return;
        };
        let step = |f: &mut AFrame| {
            if forward {
                shortcut::combine_into(f, &AFrame::IDENTITY);
            } else {
                shortcut::subtract_into(f, &AFrame::IDENTITY);
            }
            self.physics(f);
        };
        let mut before_last = None;
        let mut last = bits(f);
        let mut stepped = 0u64;
        while stepped < n && stepped < EXACT_OUTSIDE_BOUNDARIES {
            step(f);
            stepped += 1;
            work.boundaries += 1;
            let now = bits(f);
            if now == last {
                // A fixed point: the remaining steps change nothing.
                work.boundaries_skipped += n - stepped;
                return;
            }
            if Some(now) == before_last {
                // A two-cycle: an odd number of remaining steps lands on the other value.
                if (n - stepped) % 2 == 1 {
                    step(f);
                    work.boundaries += 1;
                    stepped += 1;
                }
                work.boundaries_skipped += n - stepped;
                return;
            }
            before_last = Some(last);
            last = now;
        }
        let rest = n - stepped;
        if rest == 0 {
            return;
        }
        // The remaining steps as one: the identity pos frame once, then `rest` frames of
        // physics in a single quantum.
        if forward {
            shortcut::combine_into(f, &AFrame::IDENTITY);
        } else {
            shortcut::subtract_into(f, &AFrame::IDENTITY);
        }
        if self.fr.abs() > EPSILON {
            apply_physics(f, self.velocity, self.omega, rest as f32 / self.fr, self.dt);
        }
        work.boundaries += 1;
        work.boundaries_skipped += rest - 1;
    }
}

/// One frame of sequence physics, `(velocity * q, omega * q)` with `q = ±1 / fr` signed by
/// `dt`: the same for every boundary of one node in one step (`None` when the framerate is
/// within EPSILON of 0 and ACE skips the physics).
#[inline(always)]
fn frame_step(velocity: Vec3, omega: Vec3, fr: f32, dt: f32) -> Option<(Vec3, Vec3)> {
    if fr.abs() > EPSILON {
        let q = signed_quantum(1.0 / fr, dt);
        Some((velocity * q, omega * q))
    } else {
        None
    }
}

/// [`Walk::boundary`] going forward, without building a [`Walk`]: pos frame `index` combined
/// and one frame of physics (`step`, from [`frame_step`]), then the frame's forward hooks.
#[inline(always)]
fn forward_boundary(
    anim: &Animation,
    index: usize,
    step: Option<(Vec3, Vec3)>,
    frame: &mut Option<&mut AFrame>,
    hooks: &mut Option<&mut Vec<AnimationHook>>,
) {
    if let Some(f) = frame.as_deref_mut() {
        let pos = anim.pos_frames.get(index).unwrap_or(&AFrame::IDENTITY);
        shortcut::combine_and_integrate(f, pos, step);
    }
    if let Some(part) = anim.part_frames.get(index)
        && !part.hooks.is_empty()
    {
        Sequence::execute_hooks(hooks, Some(part), HOOK_DIR_FORWARD);
    }
}

/// The bit pattern of a frame (NaN-safe equality for the fixed-point test).
fn bits(f: &AFrame) -> [u32; 7] {
    let (o, q) = (f.origin, f.orientation);
    [o.x, o.y, o.z, q.x, q.y, q.z, q.w].map(f32::to_bits)
}

impl ac_motiontable::AnimSequence for Sequence {
    fn clear_physics(&mut self) {
        Sequence::clear_physics(self);
    }
    fn clear_animations(&mut self) {
        Sequence::clear_animations(self);
    }
    fn remove_cyclic_anims(&mut self) {
        Sequence::remove_cyclic_anims(self);
    }
    #[inline]
    fn remove_link_animations(&mut self, n: u32) {
        Sequence::remove_link_animations(self, n);
    }
    #[inline]
    fn remove_all_link_animations(&mut self) {
        Sequence::remove_all_link_animations(self);
    }
    fn append_animation(&mut self, anim: &AnimData) {
        Sequence::append_animation(self, anim);
    }
    fn set_velocity(&mut self, velocity: Vec3) {
        Sequence::set_velocity(self, velocity);
    }
    fn set_omega(&mut self, omega: Vec3) {
        Sequence::set_omega(self, omega);
    }
    fn combine_physics(&mut self, velocity: Vec3, omega: Vec3) {
        Sequence::combine_physics(self, velocity, omega);
    }
    fn subtract_physics(&mut self, velocity: Vec3, omega: Vec3) {
        Sequence::subtract_physics(self, velocity, omega);
    }
    fn multiply_cyclic_animation_framerate(&mut self, rate: f32) {
        Sequence::multiply_cyclic_animation_framerate(self, rate);
    }
    fn has_anims(&self) -> bool {
        Sequence::has_anims(self)
    }
    #[inline]
    fn add_motion_data(&mut self, md: &MotionData, speed: f32) {
        Sequence::add_motion_data(self, md, speed);
    }
    #[inline(always)]
    fn transition(
        &mut self,
        link: &MotionData,
        link_speed: f32,
        cycle: &MotionData,
        cycle_speed: f32,
    ) {
        Sequence::transition(self, link, link_speed, cycle, cycle_speed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Where the bytes of a sequence go (`docs/performance.md`): the node list's header, the
    /// positions and serial counter, the frame number, velocity and omega, one shared handle
    /// for the source and the rules, and the cold box; 20 bytes a node on the heap.
    #[test]
    fn layout() {
        assert_eq!(std::mem::size_of::<Node>(), 20);
        assert_eq!(std::mem::size_of::<Sequence>(), 80);
    }

    /// The one-node-tail link removal leaves what the general range removal leaves, for every
    /// list of up to five links and a cycle, every play head (unset included) and every count.
    #[test]
    fn removing_links_before_a_last_cycle_matches_the_range_removal() {
        let mut c = crate::AnimationCache::new();
        for i in 0..6u32 {
            c.insert(Animation {
                id: 0x0300_0000 + i,
                ..Animation::default()
            });
        }
        let c = Arc::new(c);
        let snap = |s: &Sequence| {
            (
                s.nodes().map(|n| n.anim_id()).collect::<Vec<_>>(),
                s.node_ids().collect::<Vec<_>>(),
                s.curr,
                s.first_cyclic,
                s.frame_number.to_bits(),
            )
        };
        let mut checked = 0;
        for links in 0..=5u32 {
            let mut base = Sequence::new(c.clone(), Rules::default());
            for i in 0..=links {
                base.append_animation(&AnimData::new(0x0300_0000 + i));
            }
            for curr in (0..=links).chain([NONE]) {
                for n in 0..=links + 1 {
                    let mut fast = base.clone();
                    fast.curr = curr;
                    fast.frame_number = 0.25;
                    let mut general = fast.clone();
                    fast.remove_links(n as usize);
                    // The general path: the head moved off the removed links, then the range.
                    let fc = general.first_cyclic as usize;
                    let from = fc - (n as usize).min(fc);
                    if from < fc {
                        if general.curr_pos().is_some_and(|c| (from..fc).contains(&c)) {
                            general.curr = general.first_cyclic;
                            general.frame_number = general.nodes[fc].starting_frame();
                        }
                        general.remove_range(from..fc);
                        checked += 1;
                    }
                    assert_eq!(
                        snap(&fast),
                        snap(&general),
                        "{links} links, curr {curr}, n {n}"
                    );
                }
            }
        }
        assert!(checked > 30);
    }

    /// A source that is not a cache and makes a fresh animation for every lookup (as a
    /// decoding source would), remembering each so a test can see when it is freed.
    struct Fresh(std::sync::Mutex<Vec<std::sync::Weak<Animation>>>);

    impl AnimationSource for Fresh {
        fn animation(&self, id: u32) -> Option<Arc<Animation>> {
            let a = Arc::new(Animation {
                id,
                part_frames: vec![AnimationFrame::default(); 4],
                ..Animation::default()
            });
            self.0
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .push(Arc::downgrade(&a));
            Some(a)
        }
    }

    fn live(f: &Fresh) -> usize {
        f.0.lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .iter()
            .filter(|w| w.strong_count() > 0)
            .count()
    }

    /// Animations from a source that is not a cache are held by the sequence exactly as long
    /// as their nodes are in the list, whichever way the nodes leave it; a clone holds its own.
    #[test]
    fn held_animations_live_as_long_as_their_nodes() {
        let fresh = Arc::new(Fresh(std::sync::Mutex::new(Vec::new())));
        let mut s = Sequence::new(fresh.clone(), Rules::default());
        for i in 0..4u32 {
            s.append_animation(&AnimData::new(0x0300_0000 + i));
        }
        assert_eq!(live(&fresh), 4);
        assert_eq!(
            s.nodes().map(|n| n.anim_id()).collect::<Vec<_>>(),
            [0x0300_0000, 0x0300_0001, 0x0300_0002, 0x0300_0003]
        );
        assert!(s.nodes().all(|n| n.high_frame() == 3));
        let copy = s.clone();
        s.remove_link_animations(1);
        assert_eq!(live(&fresh), 4, "the clone still holds every node");
        drop(copy);
        assert_eq!(live(&fresh), 3);
        s.remove_cyclic_anims();
        assert_eq!(live(&fresh), 2);
        s.remove_all_link_animations();
        assert_eq!(live(&fresh), 1);
        assert_eq!(
            s.nodes().map(|n| n.anim_id()).collect::<Vec<_>>(),
            [0x0300_0001]
        );
        s.clear_animations();
        assert_eq!(live(&fresh), 0);
        assert!(s.cold.is_none(), "nothing left to hold");
    }

    /// Replacing the source keeps every node on the animation it had (found in the old
    /// cache), and later appends read the new source.
    #[test]
    fn nodes_keep_their_animations_across_a_new_source() {
        let make = |frames: usize| {
            let mut c = crate::AnimationCache::new();
            c.insert(Animation {
                id: 0x0300_0001,
                part_frames: vec![AnimationFrame::default(); frames],
                ..Animation::default()
            });
            Arc::new(c)
        };
        let (old, new) = (make(5), make(9));
        let mut s = Sequence::new(old.clone(), Rules::default());
        s.append_animation(&AnimData::new(0x0300_0001));
        let mut same = s.clone();
        same.set_source(old.clone());
        assert!(same.cold.is_none(), "the same cache: positions still hold");
        s.set_source(new.clone());
        s.append_animation(&AnimData::new(0x0300_0001));
        let held: Vec<_> = s.nodes().map(|n| n.animation().part_frames.len()).collect();
        assert_eq!(held, [5, 9]);
        assert!(Arc::ptr_eq(
            s.nodes().next().expect("node").animation(),
            old.get(0x0300_0001).expect("old")
        ));
        assert_eq!(same.nodes().next().map(|n| n.high_frame()), Some(4));
        s.remove_link_animations(1);
        assert!(s.cold.is_none());
        assert_eq!(
            s.nodes()
                .map(|n| n.animation().part_frames.len())
                .collect::<Vec<_>>(),
            [9]
        );
    }

    /// A missing animation's id lives in the cold part only until it is taken (its empty
    /// stand-in, until its node goes).
    #[test]
    fn a_taken_missing_animation_frees_the_cold_part() {
        let mut s = Sequence::default();
        assert!(s.cold.is_none());
        let d = AnimData {
            anim_id: 0x0300_0042,
            low_frame: 0,
            high_frame: -1,
            framerate: 30.0,
        };
        assert!(s.append_animation(&d).is_some());
        assert!(
            s.append_animation(&AnimData {
                anim_id: 0x0300_0043,
                ..d
            })
            .is_some()
        );
        assert!(s.cold.is_some());
        assert_eq!(s.take_missing_animation(), Some(0x0300_0042));
        assert_eq!(s.take_missing_animation(), None);
        assert_eq!(s.len(), 2);
        // The two empty stand-ins are held there until their nodes go.
        assert!(s.cold.is_some());
        s.clear_animations();
        assert!(s.cold.is_none());
    }
}
