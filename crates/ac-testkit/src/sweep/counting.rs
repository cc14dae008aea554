//! [`CountingSequence`]: the sequence the sweep resolves against. It counts the operations
//! the resolver issues and models only what the resolver reads back (whether any node is
//! left, [`AnimSequence::has_anims`]), so a sweep of every cycle of every table allocates
//! nothing per operation, where a [`RecordingSequence`](ac_motiontable::RecordingSequence)
//! would log each one.

use ac_dat::AnimData;
use ac_motiontable::AnimSequence;
use glam::Vec3;

/// An [`AnimSequence`] that counts operations and models the node list's length and its
/// first cyclic node, following the same list rules as
/// [`RecordingSequence`](ac_motiontable::RecordingSequence) (ACE's), without storing nodes,
/// physics or a log.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CountingSequence {
    ops: u64,
    nodes: usize,
    first_cyclic: Option<usize>,
}

impl CountingSequence {
    /// An empty sequence with no operations counted.
    pub fn new() -> Self {
        Self::default()
    }

    /// Operations issued so far.
    pub fn ops(&self) -> u64 {
        self.ops
    }

    /// Nodes in the modelled list.
    pub fn nodes(&self) -> usize {
        self.nodes
    }

    /// Position of the first cyclic node, if any.
    pub fn first_cyclic(&self) -> Option<usize> {
        self.first_cyclic
    }

    /// Removes up to `n` link nodes (the nodes before the first cyclic one), as one node at a
    /// time would.
    fn remove_links(&mut self, n: u64) {
        if let Some(fc) = self.first_cyclic {
            let k = usize::try_from(n).unwrap_or(usize::MAX).min(fc);
            self.nodes = self.nodes.saturating_sub(k);
            self.first_cyclic = Some(fc - k);
        }
    }
}

impl AnimSequence for CountingSequence {
    fn clear_physics(&mut self) {
        self.ops += 1;
    }

    fn clear_animations(&mut self) {
        self.ops += 1;
        self.nodes = 0;
        self.first_cyclic = None;
    }

    fn remove_cyclic_anims(&mut self) {
        self.ops += 1;
        if let Some(fc) = self.first_cyclic {
            self.nodes = self.nodes.min(fc);
        }
        // ACE: FirstCyclic = AnimList.Last afterwards (the last link until the next append).
        self.first_cyclic = self.nodes.checked_sub(1);
    }

    fn remove_link_animations(&mut self, n: u32) {
        self.ops += 1;
        self.remove_links(u64::from(n));
    }

    fn remove_all_link_animations(&mut self) {
        self.ops += 1;
        self.remove_links(u64::MAX);
    }

    fn append_animation(&mut self, _anim: &AnimData) {
        self.ops += 1;
        self.nodes += 1;
        self.first_cyclic = Some(self.nodes - 1);
    }

    fn set_velocity(&mut self, _velocity: Vec3) {
        self.ops += 1;
    }

    fn set_omega(&mut self, _omega: Vec3) {
        self.ops += 1;
    }

    fn combine_physics(&mut self, _velocity: Vec3, _omega: Vec3) {
        self.ops += 1;
    }

    fn subtract_physics(&mut self, _velocity: Vec3, _omega: Vec3) {
        self.ops += 1;
    }

    fn multiply_cyclic_animation_framerate(&mut self, _rate: f32) {
        self.ops += 1;
    }

    fn has_anims(&self) -> bool {
        self.nodes > 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ac_motiontable::RecordingSequence;

    /// Drives both sequences through the same operations and compares the counting model
    /// with the recording one after each.
    #[test]
    fn follows_the_recording_model() {
        type Op = Box<dyn Fn(&mut dyn AnimSequence)>;
        let a = AnimData::new(0x0300_0001);
        let ops: Vec<Op> = vec![
            Box::new(move |s| s.append_animation(&a)),
            Box::new(move |s| s.append_animation(&a)),
            Box::new(move |s| s.append_animation(&a)),
            Box::new(|s| s.remove_link_animations(1)),
            Box::new(move |s| s.append_animation(&a)),
            Box::new(|s| s.remove_cyclic_anims()),
            Box::new(|s| s.remove_cyclic_anims()),
            Box::new(move |s| s.append_animation(&a)),
            Box::new(move |s| s.append_animation(&a)),
            Box::new(|s| s.remove_all_link_animations()),
            Box::new(|s| s.set_omega(Vec3::Z)),
            Box::new(|s| s.multiply_cyclic_animation_framerate(-1.0)),
            Box::new(|s| s.remove_link_animations(7)),
            Box::new(|s| s.clear_animations()),
            Box::new(|s| s.remove_cyclic_anims()),
            Box::new(move |s| s.append_animation(&a)),
            Box::new(|s| s.clear_physics()),
        ];
        let (mut rec, mut cnt) = (RecordingSequence::new(), CountingSequence::new());
        for (i, op) in ops.iter().enumerate() {
            op(&mut rec);
            op(&mut cnt);
            assert_eq!(cnt.nodes(), rec.nodes().len(), "after op {i}");
            assert_eq!(cnt.first_cyclic(), rec.first_cyclic(), "after op {i}");
            assert_eq!(cnt.has_anims(), rec.has_anims(), "after op {i}");
            assert_eq!(cnt.ops(), rec.ops().len() as u64, "after op {i}");
        }
    }
}
