//! The seam between the resolver and the animation sequence it drives.

use ac_dat::{AnimData, MotionData};
use glam::Vec3;

/// The operations the motion-table resolver and manager issue on an animation sequence.
///
/// Each method mirrors the ACE `Sequence` method of the same name. `ac-sequence::Sequence` implements it for real; this crate ships a recording
/// implementation for inspection and snapshots.
pub trait AnimSequence {
    /// Zero the sequence velocity and omega.
    fn clear_physics(&mut self);
    /// Remove every animation node (links and cycle) and reset playback.
    fn clear_animations(&mut self);
    /// Remove the cyclic tail (from `FirstCyclic` to the end of the list).
    fn remove_cyclic_anims(&mut self);
    /// Remove up to `n` link nodes before the cyclic tail (ACE `remove_link_animations`).
    fn remove_link_animations(&mut self, n: u32);
    /// Remove every link node before the cyclic tail.
    fn remove_all_link_animations(&mut self);
    /// Append one animation (framerate already scaled by the motion speed); it becomes the
    /// new first-cyclic node.
    fn append_animation(&mut self, anim: &AnimData);
    /// Replace the sequence velocity.
    fn set_velocity(&mut self, velocity: Vec3);
    /// Replace the sequence omega.
    fn set_omega(&mut self, omega: Vec3);
    /// Add to the sequence velocity and omega.
    fn combine_physics(&mut self, velocity: Vec3, omega: Vec3);
    /// Subtract from the sequence velocity and omega.
    fn subtract_physics(&mut self, velocity: Vec3, omega: Vec3);
    /// Multiply the framerate of every node of the cyclic tail by `rate`.
    fn multiply_cyclic_animation_framerate(&mut self, rate: f32);
    /// Whether the anim list holds any node.
    fn has_anims(&self) -> bool;

    /// ACE `add_motion`'s edits of the sequence: replace the velocity and omega with the
    /// data's times `speed`, then append every anim of the data, in order, with its framerate
    /// times `speed`.
    ///
    /// Provided as exactly those calls ([`Self::set_velocity`], [`Self::set_omega`], one
    /// [`Self::append_animation`] per anim), so an implementation that records calls sees
    /// them; an implementation may override it with one that ends in the same state (one
    /// call per motion instead of two plus one per anim).
    #[inline]
    fn add_motion_data(&mut self, md: &MotionData, speed: f32) {
        self.set_velocity(md.velocity * speed);
        self.set_omega(md.omega * speed);
        for a in &md.anims {
            self.append_animation(&AnimData {
                framerate: a.framerate * speed,
                ..*a
            });
        }
    }

    /// The edits of a transition through one link: the cut ([`Self::clear_physics`], then
    /// [`Self::remove_cyclic_anims`]), then [`Self::add_motion_data`] of `link` at
    /// `link_speed` and of `cycle` at `cycle_speed`.
    ///
    /// Provided as exactly those calls; an implementation may override it with one that ends
    /// in the same state (e.g. without the velocity and omega writes that the cycle's
    /// replaces before anything reads them).
    #[inline]
    fn transition(
        &mut self,
        link: &MotionData,
        link_speed: f32,
        cycle: &MotionData,
        cycle_speed: f32,
    ) {
        self.clear_physics();
        self.remove_cyclic_anims();
        self.add_motion_data(link, link_speed);
        self.add_motion_data(cycle, cycle_speed);
    }
}
