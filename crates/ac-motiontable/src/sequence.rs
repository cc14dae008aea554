//! The seam between the resolver and the animation sequence it drives.

use ac_dat::AnimData;
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
}
