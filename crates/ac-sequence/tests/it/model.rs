//! Differential test: the production [`Sequence`] (`Vec` list, recursion turned into a guarded
//! loop) against a literal transcription of ACE's `Sequence.cs` (a `Vec` list, real recursion
//! with a depth limit) on random scripts. Wherever the model terminates, both must agree on
//! every observable: node list, handles' positions, frame number, offset frame bits and hooks.

use ac_motiontable::Rules;
use std::sync::Arc;

use ac_dat::{AnimData, Animation, AnimationFrame, AnimationHook, Frame, HookData};
use ac_sequence::{AFrame, AFrameOps, AnimSequenceNode, AnimationCache, EPSILON, Sequence};
use glam::{Quat, Vec3};
use proptest::prelude::*;

struct Model<'a> {
    /// (unique id, node)
    list: Vec<(u64, AnimSequenceNode<'a>)>,
    next_id: u64,
    first_cyclic: Option<u64>,
    curr: Option<u64>,
    frame: f32,
    vel: Vec3,
    omega: Vec3,
    depth: u32,
    overflow: bool,
}

impl<'a> Model<'a> {
    /// An empty list at frame 0, no physics.
    fn new() -> Self {
        Model {
            list: Vec::new(),
            next_id: 0,
            first_cyclic: None,
            curr: None,
            frame: 0.0,
            vel: Vec3::ZERO,
            omega: Vec3::ZERO,
            depth: 0,
            overflow: false,
        }
    }

    fn pos(&self, id: Option<u64>) -> Option<usize> {
        id.and_then(|i| self.list.iter().position(|(k, _)| *k == i))
    }
    fn node(&self, id: u64) -> &AnimSequenceNode<'a> {
        &self.list[self.pos(Some(id)).expect("live")].1
    }
    fn prev(&self, id: u64) -> Option<u64> {
        let p = self.pos(Some(id))?;
        p.checked_sub(1).map(|q| self.list[q].0)
    }
    fn next(&self, id: u64) -> Option<u64> {
        let p = self.pos(Some(id))?;
        self.list.get(p + 1).map(|n| n.0)
    }
    fn remove(&mut self, id: u64) {
        if let Some(p) = self.pos(Some(id)) {
            self.list.remove(p);
        }
    }

    fn append(&mut self, node: AnimSequenceNode<'a>) {
        let id = self.next_id;
        self.next_id += 1;
        self.list.push((id, node));
        self.first_cyclic = Some(id);
        if self.curr.is_none() {
            self.curr = Some(self.list[0].0);
            self.frame = self.list[0].1.starting_frame();
        }
    }
    fn remove_cyclic(&mut self) {
        let mut n = self.first_cyclic;
        while let Some(id) = n {
            if self.curr == Some(id) {
                self.curr = self.prev(id);
                self.frame = self.curr.map_or(0.0, |c| self.node(c).ending_frame());
            }
            let next = self.next(id);
            self.remove(id);
            n = next;
        }
        self.first_cyclic = self.list.last().map(|n| n.0);
    }
    fn remove_links(&mut self, k: u32) {
        for _ in 0..k {
            let Some(fc) = self.first_cyclic else { return };
            let Some(p) = self.prev(fc) else { return };
            if self.curr == Some(p) {
                self.curr = Some(fc);
                self.frame = self.node(fc).starting_frame();
            }
            self.remove(p);
        }
    }
    fn clear(&mut self) {
        self.list.clear();
        self.first_cyclic = None;
        self.curr = None;
        self.frame = 0.0;
    }
    fn multiply(&mut self, r: f32) {
        let Some(p) = self.pos(self.first_cyclic) else {
            return;
        };
        for (_, n) in &mut self.list[p..] {
            n.multiply_framerate(r);
        }
    }

    fn apply_physics(&self, f: &mut AFrame, q: f32, sign: f32) {
        let q = if sign >= 0.0 { q.abs() } else { -q.abs() };
        f.origin += self.vel * q;
        f.rotate(self.omega * q);
    }

    fn update(&mut self, dt: f32, frame: &mut Option<AFrame>, hooks: &mut Vec<AnimationHook>) {
        if !self.list.is_empty() {
            self.depth = 0;
            self.update_internal(dt, frame, hooks);
            // apricot
            while let Some(&(first, _)) = self.list.first() {
                if Some(first) == self.curr || Some(first) == self.first_cyclic {
                    break;
                }
                self.list.remove(0);
            }
        } else if let Some(f) = frame {
            self.apply_physics(f, dt, dt);
        }
    }

    fn hooks_of(n: &AnimSequenceNode<'_>, i: i32, dir: i32, out: &mut Vec<AnimationHook>) {
        if let Some(pf) = n.part_frame(i) {
            out.extend(
                pf.hooks
                    .iter()
                    .filter(|h| h.direction == 0 || h.direction == dir)
                    .cloned(),
            );
        }
    }

    fn update_internal(
        &mut self,
        dt: f32,
        frame: &mut Option<AFrame>,
        hooks: &mut Vec<AnimationHook>,
    ) {
        self.depth += 1;
        if self.depth > 200 {
            self.overflow = true;
            return;
        }
        let cur = self.curr.expect("head");
        let a = *self.node(cur);
        let fr = a.framerate();
        let ft = fr * dt;
        let mut last = f64::from(self.frame).floor() as i32;
        self.frame += ft;
        let mut left = 0.0f32;
        let mut done = false;
        if ft > 0.0 {
            if f64::from(a.high_frame()) < f64::from(self.frame).floor() {
                let mut o = self.frame - a.high_frame() as f32 - 1.0;
                if o < 0.0 {
                    o = 0.0;
                }
                if fr.abs() > EPSILON {
                    left = o / fr;
                }
                self.frame = a.high_frame() as f32;
                done = true;
            }
            while f64::from(self.frame).floor() > f64::from(last) {
                if let Some(f) = frame.as_mut() {
                    *f = AFrame::combine(f, &a.pos_frame(last));
                    if fr.abs() > EPSILON {
                        self.apply_physics(f, 1.0 / fr, dt);
                    }
                }
                Self::hooks_of(&a, last, 1, hooks);
                last += 1;
            }
        } else if ft < 0.0 {
            if f64::from(a.low_frame()) > f64::from(self.frame).floor() {
                let mut o = self.frame - a.low_frame() as f32;
                if o > 0.0 {
                    o = 0.0;
                }
                if fr.abs() > EPSILON {
                    left = o / fr;
                }
                self.frame = a.low_frame() as f32;
                done = true;
            }
            while f64::from(self.frame).floor() < f64::from(last) {
                if let Some(f) = frame.as_mut() {
                    f.subtract(&a.pos_frame(last));
                    if fr.abs() > EPSILON {
                        self.apply_physics(f, 1.0 / fr, dt);
                    }
                }
                Self::hooks_of(&a, last, -1, hooks);
                last -= 1;
            }
        } else if let Some(f) = frame.as_mut()
            && dt.abs() > EPSILON
        {
            self.apply_physics(f, dt, dt);
        }
        if !done {
            return;
        }
        if self.list.first().map(|n| n.0) != self.first_cyclic {
            hooks.push(AnimationHook {
                direction: 0,
                data: HookData::AnimationDone,
            });
        }
        // advance_to_next_animation
        if dt >= 0.0 {
            if let Some(f) = frame.as_mut()
                && fr < 0.0
            {
                if a.has_pos_frames() {
                    f.subtract(&a.pos_frame(self.frame as i32));
                }
                if fr.abs() > EPSILON {
                    self.apply_physics(f, 1.0 / fr, dt);
                }
            }
            let n = self.next(cur).or(self.first_cyclic).expect("node");
            self.curr = Some(n);
            let b = *self.node(n);
            self.frame = b.starting_frame();
            if let Some(f) = frame.as_mut()
                && b.framerate() > 0.0
            {
                if b.has_pos_frames() {
                    *f = AFrame::combine(f, &b.pos_frame(self.frame as i32));
                }
                if b.framerate().abs() > EPSILON {
                    self.apply_physics(f, 1.0 / b.framerate(), dt);
                }
            }
        } else {
            if let Some(f) = frame.as_mut()
                && fr >= 0.0
            {
                if a.has_pos_frames() {
                    f.subtract(&a.pos_frame(self.frame as i32));
                }
                if fr.abs() > EPSILON {
                    self.apply_physics(f, 1.0 / fr, dt);
                }
            }
            let n = self
                .prev(cur)
                .or(self.list.last().map(|n| n.0))
                .expect("node");
            self.curr = Some(n);
            let b = *self.node(n);
            self.frame = b.ending_frame();
            if let Some(f) = frame.as_mut()
                && b.framerate() < 0.0
            {
                if b.has_pos_frames() {
                    *f = AFrame::combine(f, &b.pos_frame(self.frame as i32));
                }
                if b.framerate().abs() > EPSILON {
                    self.apply_physics(f, 1.0 / b.framerate(), dt);
                }
            }
        }
        self.update_internal(left, frame, hooks);
    }
}

fn cache() -> Arc<AnimationCache> {
    let mut c = AnimationCache::new();
    for (i, frames) in [1usize, 2, 4, 6].into_iter().enumerate() {
        let mut a = Animation {
            id: 0x0300_0000 + i as u32,
            part_frames: vec![AnimationFrame::default(); frames],
            ..Animation::default()
        };
        for (k, pf) in a.part_frames.iter_mut().enumerate() {
            pf.hooks.push(AnimationHook {
                direction: (k as i32 + i as i32) % 3 - 1,
                data: HookData::Sound {
                    sound_id: (i * 16 + k) as u32,
                },
            });
        }
        if i % 2 == 1 {
            a.flags = 1;
            a.pos_frames = (0..frames)
                .map(|k| Frame {
                    origin: Vec3::new(0.01 * k as f32, 0.1, 0.0),
                    orientation: if k % 2 == 0 {
                        Quat::IDENTITY
                    } else {
                        Quat::from_xyzw(0.0, 0.0, 0.09983342, 0.9950042)
                    },
                })
                .collect();
        }
        c.insert(a);
    }
    Arc::new(c)
}

#[derive(Debug, Clone)]
enum Op {
    Append(u32, i32, i32, f32),
    RemoveCyclic,
    RemoveLinks(u32),
    Clear,
    Multiply(f32),
    Physics(f32, f32),
    Update(f32, bool),
}

fn op() -> impl Strategy<Value = Op> {
    let fps = prop_oneof![
        Just(30.0f32),
        Just(-30.0),
        Just(15.0),
        Just(0.0),
        -60.0f32..60.0
    ];
    prop_oneof![
        4 => (0u32..4, -1i32..7, -1i32..7, fps).prop_map(|(a, l, h, f)| Op::Append(a, l, h, f)),
        1 => Just(Op::RemoveCyclic),
        1 => (0u32..4).prop_map(Op::RemoveLinks),
        1 => Just(Op::Clear),
        1 => prop_oneof![Just(2.0f32), Just(0.5), Just(-1.0), Just(0.0)].prop_map(Op::Multiply),
        1 => (-3.0f32..3.0, -2.0f32..2.0).prop_map(|(v, w)| Op::Physics(v, w)),
        6 => (prop_oneof![-0.5f32..0.5, Just(0.1), Just(1.0 / 30.0), Just(0.0)], any::<bool>())
            .prop_map(|(q, f)| Op::Update(q, f)),
    ]
}

/// Every animation of the cache, for the model's nodes to borrow.
fn held(c: &AnimationCache) -> std::collections::BTreeMap<u32, Arc<Animation>> {
    c.ids()
        .filter_map(|id| Some((id, ac_sequence::AnimationSource::animation(c, id)?)))
        .collect()
}

fn bits(f: &AFrame) -> [u32; 7] {
    let (o, q) = (f.origin, f.orientation);
    [o.x, o.y, o.z, q.x, q.y, q.z, q.w].map(f32::to_bits)
}

/// Plays `ops` on the port and on the literal transcription of ACE and compares them after
/// every operation.
fn check(ops: Vec<Op>) -> Result<(), TestCaseError> {
    let src = cache();
    let anims = held(&src);
    let mut s = Sequence::new(src.clone(), Rules::default());
    // The same cache behind a wrapper that is not a cache itself: the sequence looks its
    // animations up through the trait object instead of the cache directly, and must play
    // the same list.
    let wrapped: Arc<dyn ac_sequence::AnimationSource> = Arc::new(src.clone());
    let mut seq_w = Sequence::new(wrapped, Rules::default());
    let mut m = Model::new();
    // The handle the sequence gave each node, in the model's numbering (append order).
    let mut handles = Vec::new();
    for op in ops {
        let mut hs = Vec::new();
        let mut hm = Vec::new();
        let (mut fs, mut fm) = (None, None);
        match op {
            Op::Append(a, lo, hi, fps) => {
                let d = AnimData {
                    anim_id: 0x0300_0000 + a,
                    low_frame: lo,
                    high_frame: hi,
                    framerate: fps,
                };
                handles.push(s.append_animation(&d).expect("the cache has it"));
                seq_w.append_animation(&d);
                m.append(AnimSequenceNode::new(&d, &anims[&d.anim_id]));
            }
            Op::RemoveCyclic => {
                s.remove_cyclic_anims();
                seq_w.remove_cyclic_anims();
                m.remove_cyclic();
            }
            Op::RemoveLinks(k) => {
                s.remove_link_animations(k);
                seq_w.remove_link_animations(k);
                m.remove_links(k);
            }
            Op::Clear => {
                s.clear_animations();
                seq_w.clear_animations();
                m.clear();
            }
            Op::Multiply(r) => {
                s.multiply_cyclic_animation_framerate(r);
                seq_w.multiply_cyclic_animation_framerate(r);
                m.multiply(r);
            }
            Op::Physics(v, w) => {
                s.set_velocity(Vec3::new(0.0, v, 0.0));
                s.set_omega(Vec3::new(0.0, 0.0, w));
                seq_w.set_velocity(Vec3::new(0.0, v, 0.0));
                seq_w.set_omega(Vec3::new(0.0, 0.0, w));
                m.vel = Vec3::new(0.0, v, 0.0);
                m.omega = Vec3::new(0.0, 0.0, w);
            }
            Op::Update(q, with_frame) => {
                let mut f = AFrame::IDENTITY;
                s.update(q, with_frame.then_some(&mut f), Some(&mut hs));
                let mut fw = AFrame::IDENTITY;
                let mut hw = Vec::new();
                seq_w.update(q, with_frame.then_some(&mut fw), Some(&mut hw));
                prop_assert_eq!(bits(&f), bits(&fw));
                prop_assert_eq!(&hs, &hw);
                fs = with_frame.then_some(f);
                fm = with_frame.then_some(AFrame::IDENTITY);
                m.update(q, &mut fm, &mut hm);
                if m.overflow {
                    // ACE would overflow its stack here; the port's guard takes over.
                    return Ok(());
                }
            }
        }
        let ids: Vec<u32> = s.nodes().map(|n| n.anim_id()).collect();
        let mids: Vec<u32> = m.list.iter().map(|n| n.1.anim_id()).collect();
        prop_assert_eq!(&ids, &mids);
        let wids: Vec<u32> = seq_w.nodes().map(|n| n.anim_id()).collect();
        prop_assert_eq!(&ids, &wids);
        prop_assert_eq!(
            s.node_ids().collect::<Vec<_>>(),
            seq_w.node_ids().collect::<Vec<_>>()
        );
        prop_assert_eq!(s.curr_index(), seq_w.curr_index());
        prop_assert_eq!(s.first_cyclic_index(), seq_w.first_cyclic_index());
        prop_assert_eq!(s.frame_number().to_bits(), seq_w.frame_number().to_bits());
        // Every node keeps its handle through the list's removals.
        let hs_ids: Vec<_> = s.node_ids().collect();
        let hm_ids: Vec<_> = m.list.iter().map(|n| handles[n.0 as usize]).collect();
        prop_assert_eq!(hs_ids, hm_ids);
        prop_assert_eq!(
            s.first_cyclic(),
            m.first_cyclic.map(|i| handles[i as usize])
        );
        prop_assert_eq!(s.curr_anim(), m.curr.map(|i| handles[i as usize]));
        prop_assert_eq!(s.curr_index(), m.pos(m.curr).map_or(-1, |p| p as i32));
        prop_assert_eq!(
            s.first_cyclic_index(),
            m.pos(m.first_cyclic).map_or(-1, |p| p as i32)
        );
        prop_assert_eq!(s.frame_number().to_bits(), m.frame.to_bits());
        prop_assert_eq!(fs.as_ref().map(bits), fm.as_ref().map(bits));
        prop_assert_eq!(hs, hm);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2048))]
    #[test]
    fn sequence_matches_a_literal_transcription_of_ace(ops in proptest::collection::vec(op(), 1..40)) {
        check(ops)?;
    }
}

/// Cases the property test found: a reversed node before a cycle takes a few dozen transitions
/// without a new smallest leftover, which ACE plays to the end (quirk
/// `negative-multiplier-stall`: the stall guards must not stop it early).
#[test]
fn reversed_node_before_a_cycle_plays_out_as_ace() {
    let cases = [
        vec![
            Op::Append(3, 0, -1, 15.0),
            Op::Multiply(-1.0),
            Op::Multiply(0.5),
            Op::Append(0, 0, 0, 30.0),
            Op::Update(0.1, false),
        ],
        vec![
            Op::Append(3, 0, 4, 15.0),
            Op::Multiply(0.5),
            Op::Multiply(-1.0),
            Op::Append(0, 0, 0, 30.0),
            Op::Update(0.1, false),
        ],
    ];
    for ops in cases {
        check(ops.clone()).unwrap_or_else(|e| panic!("{ops:?}: {e}"));
    }
}

/// Runs of frame indices outside the animation (a stored low frame far below 0) against the
/// model's frame-by-frame walk: exact bit for bit whenever ACE's result does not depend on the
/// run's length being walked one step at a time — no sequence physics (any length), or runs up
/// to `EXACT_OUTSIDE_BOUNDARIES` frames (with physics).
#[test]
fn runs_outside_the_animation_match_the_reference() {
    let src = cache();
    let anims = held(&src);
    let exact_run = ac_sequence::EXACT_OUTSIDE_BOUNDARIES as i32;
    let mut checked = 0;
    for low in [-1, -5, -exact_run + 1, -1000, -100_000] {
        for fps in [30.0f32, -30.0, 7.5, 1000.0] {
            for physics in [false, true] {
                if physics && low < -exact_run + 1 {
                    continue;
                }
                for dt in [0.1f32, 1.0 / 30.0, 5.0, -0.3, 40.0] {
                    let d = AnimData {
                        anim_id: 0x0300_0003,
                        low_frame: low,
                        high_frame: -1,
                        framerate: fps,
                    };
                    let mut s = Sequence::new(src.clone(), Rules::default());
                    let mut m = Model::new();
                    s.append_animation(&d);
                    m.append(AnimSequenceNode::new(&d, &anims[&d.anim_id]));
                    if physics {
                        s.set_velocity(Vec3::new(0.0, 1.7, 0.0));
                        s.set_omega(Vec3::new(0.0, 0.0, 0.9));
                        m.vel = Vec3::new(0.0, 1.7, 0.0);
                        m.omega = Vec3::new(0.0, 0.0, 0.9);
                    }
                    for step in 0..6 {
                        let (mut fs, mut fm) = (AFrame::IDENTITY, Some(AFrame::IDENTITY));
                        let (mut hs, mut hm) = (Vec::new(), Vec::new());
                        s.update(dt, Some(&mut fs), Some(&mut hs));
                        m.update(dt, &mut fm, &mut hm);
                        if m.overflow {
                            break;
                        }
                        let ctx =
                            format!("low {low} fps {fps} physics {physics} dt {dt} step {step}");
                        assert_eq!(s.frame_number().to_bits(), m.frame.to_bits(), "{ctx}");
                        assert_eq!(Some(bits(&fs)), fm.as_ref().map(bits), "{ctx}");
                        assert_eq!(hs, hm, "{ctx}");
                        checked += 1;
                    }
                }
            }
        }
    }
    assert!(checked > 300, "{checked}");
}
