//! What objects tell each other about targets, and what an object knows of the others.
//!
//! ACE's target chain calls straight into the other object (`GetObjectA(id).add_voyeur(…)`,
//! `voyeur.receive_target_update(…)`), recursively. Here an object never touches another one
//! while it runs: it reads the other objects it follows from its [`TargetViews`] (refreshed by
//! whoever owns the objects, a [`crate::World`], before the object runs), answers for them
//! where ACE's answer would come back at once, and posts everything that changes another
//! object as [`TargetMail`], which the owner delivers after the object's call returns.

use ac_motioninterp::TargetInfo;
use ac_sequence::Position;
use glam::Vec3;

/// What one object can see of another it follows (ACE reads it off the live object).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct TargetView {
    /// The other object's position.
    pub position: Position,
    /// Its `get_velocity()` (the velocity measured over its last moved slice).
    pub velocity: Vec3,
}

/// A change to another object's target bookkeeping, or a report for it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum TargetMail {
    /// `add_voyeur`: object `voyeur` follows object `target` with this report radius and
    /// prediction horizon. `sent` is the position the target's immediate answer carried
    /// (the voyeur produced that answer itself); `None` when the voyeur was already
    /// registered, which only updates radius and horizon.
    Watch {
        /// The followed object.
        target: u32,
        /// The follower.
        voyeur: u32,
        /// Report radius.
        radius: f32,
        /// Prediction horizon (s).
        quantum: f64,
        /// The position of the immediate answer, for a new follower.
        sent: Option<Position>,
    },
    /// `remove_voyeur`: object `voyeur` no longer follows object `target`.
    Unwatch {
        /// The followed object.
        target: u32,
        /// The former follower.
        voyeur: u32,
    },
    /// `receive_target_update`: a report for object `voyeur` about the sender.
    Report {
        /// The follower the report is for.
        voyeur: u32,
        /// The report.
        info: TargetInfo,
    },
}

impl TargetMail {
    /// The object the mail is for.
    pub fn recipient(&self) -> u32 {
        match *self {
            TargetMail::Watch { target, .. } | TargetMail::Unwatch { target, .. } => target,
            TargetMail::Report { voyeur, .. } => voyeur,
        }
    }
}

/// A target report for the object itself, run after the call that produced it returns
/// (where ACE would have run it nested, always as the last thing of that call).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum SelfMail {
    /// `receive_target_update(info)`: goes through the target manager first.
    Receive(TargetInfo),
    /// `HandleUpdateTarget(info)`: straight to the movement and position managers.
    Handle(TargetInfo),
}

/// How many other objects an object can see at once (its target, its sticky target, its
/// move-to target, and the one a call names).
pub const MAX_VIEWS: usize = 4;

/// The other objects an object currently sees, by id. Fixed capacity, no allocation.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct TargetViews {
    entries: [Option<(u32, Option<TargetView>)>; MAX_VIEWS],
}

impl TargetViews {
    /// No view at all.
    pub const EMPTY: TargetViews = TargetViews {
        entries: [None; MAX_VIEWS],
    };

    /// Forget every view.
    pub fn clear(&mut self) {
        self.entries = [None; MAX_VIEWS];
    }

    /// Record what object `id` looks like (`None`: no such object). Replaces an older entry
    /// for `id`; when full, the oldest entry gives way.
    pub fn set(&mut self, id: u32, view: Option<TargetView>) {
        if let Some(e) = self.entries.iter_mut().flatten().find(|(i, _)| *i == id) {
            e.1 = view;
            return;
        }
        match self.entries.iter_mut().find(|e| e.is_none()) {
            Some(slot) => *slot = Some((id, view)),
            None => {
                self.entries.rotate_left(1);
                self.entries[MAX_VIEWS - 1] = Some((id, view));
            }
        }
    }

    /// What object `id` looks like, or `None` when it is unknown or does not exist.
    pub fn get(&self, id: u32) -> Option<TargetView> {
        self.entries
            .iter()
            .flatten()
            .find(|(i, _)| *i == id)
            .and_then(|(_, v)| *v)
    }
}
