//! `TargetManager` (ACE `Combat/TargetManager.cs`): the object this one follows, and the
//! objects that follow this one.

use std::collections::VecDeque;

use ac_motioninterp::{TargetInfo, TargetStatus};
use ac_sequence::{Position, normalize_check_small};
use glam::Vec3;

use super::mail::{SelfMail, TargetMail, TargetViews};

/// A follower of this object (ACE `TargettedVoyeurInfo`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Voyeur {
    /// The follower's id.
    pub id: u32,
    /// Report again once the predicted position moved farther than this from the last one.
    pub radius: f32,
    /// Prediction horizon (s): reports carry `position + velocity × quantum`.
    pub quantum: f64,
    /// The position of the last report sent (`None` if none was sent).
    pub last_sent: Option<Position>,
}

/// Reports about followed objects are refreshed at most this often (s).
pub const TARGET_REPORT_INTERVAL: f32 = 0.5;
/// A followed object that has not answered after this long (s) times out.
pub const TARGET_TIMEOUT: f32 = 10.0;

/// The object a target manager belongs to, as its operations see it.
pub(crate) struct Owner<'a> {
    pub(crate) id: u32,
    pub(crate) position: Position,
    pub(crate) velocity: Vec3,
    pub(crate) now: f64,
    pub(crate) views: &'a TargetViews,
    pub(crate) outbox: &'a mut Vec<TargetMail>,
    pub(crate) inbox: &'a mut VecDeque<SelfMail>,
}

/// Target tracking of one object: [`TargetManager::target`] (what it follows, with the last
/// report) and [`TargetManager::voyeurs`] (who follows it, with what was last sent to them).
///
/// Reports to followers are throttled: at most every 0.5 s, and only when the predicted
/// position (`position + velocity × quantum`) moved more than the follower's radius from the
/// last one sent. A new follower gets a report at once.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct TargetManager {
    target: Option<TargetInfo>,
    voyeurs: Vec<Voyeur>,
    last_update_time: f64,
    /// The (target, as id) pair this object registered itself with, so that it knows whether
    /// the target would treat it as a new follower.
    registered: Option<(u32, u32)>,
}

impl TargetManager {
    /// What this object follows and the last report about it (`None`: nothing).
    pub fn target(&self) -> Option<&TargetInfo> {
        self.target.as_ref()
    }
    /// The objects following this one, in the order they started.
    pub fn voyeurs(&self) -> &[Voyeur] {
        &self.voyeurs
    }
    /// Clock of the last report pass (`HandleTargetting`) that ran.
    pub fn last_update_time(&self) -> f64 {
        self.last_update_time
    }
    /// The prediction horizon of the followed object (0 when following nothing).
    pub fn target_quantum(&self) -> f64 {
        self.target.map_or(0.0, |t| t.quantum)
    }

    /// `SetTarget(ctx, id, radius, quantum)`: follow `id` (after dropping the current target).
    /// Id 0 reports `TimedOut` to the owner at once.
    pub(crate) fn set_target(
        &mut self,
        o: &mut Owner<'_>,
        context_id: u32,
        id: u32,
        radius: f32,
        quantum: f64,
    ) {
        self.clear_target(o);
        if id == 0 {
            let mut failed = TargetInfo::new(context_id, 0, 0.0, 0.0);
            failed.status = TargetStatus::TimedOut;
            o.inbox.push_back(SelfMail::Handle(failed));
            return;
        }
        let mut info = TargetInfo::new(context_id, id, radius, quantum);
        info.last_update_time = o.now;
        self.target = Some(info);
        self.watch(o, id, radius, quantum);
    }

    /// `SetTargetQuantum(q)`: change the prediction horizon and tell the target.
    pub(crate) fn set_target_quantum(&mut self, o: &mut Owner<'_>, quantum: f64) {
        let Some(t) = self.target.as_mut() else {
            return;
        };
        t.quantum = quantum;
        let (id, radius) = (t.object_id, t.radius);
        self.watch(o, id, radius, quantum);
    }

    /// `ClearTarget()`: stop following (the target forgets this follower).
    pub(crate) fn clear_target(&mut self, o: &mut Owner<'_>) {
        let Some(t) = self.target.take() else {
            return;
        };
        if t.object_id == o.id {
            self.remove_voyeur(o.id);
        } else {
            o.outbox.push(TargetMail::Unwatch {
                target: t.object_id,
                voyeur: o.id,
            });
        }
        if self.registered == Some((t.object_id, o.id)) {
            self.registered = None;
        }
    }

    /// `GetObjectA(id)?.add_voyeur(owner, radius, quantum)`, with the target's immediate
    /// answer to a new follower produced here from the owner's view of it.
    fn watch(&mut self, o: &mut Owner<'_>, id: u32, radius: f32, quantum: f64) {
        if id == o.id {
            let (me, pos, vel, now) = (o.id, o.position, o.velocity, o.now);
            if let Some(report) = self.add_voyeur(me, radius, quantum, me, pos, vel, now) {
                o.inbox.push_back(SelfMail::Receive(report));
            }
            return;
        }
        let Some(view) = o.views.get(id) else {
            return;
        };
        let new = self.registered != Some((id, o.id));
        let sent = new.then_some(view.position);
        o.outbox.push(TargetMail::Watch {
            target: id,
            voyeur: o.id,
            radius,
            quantum,
            sent,
        });
        if new {
            self.registered = Some((id, o.id));
            let report = report(
                id,
                radius,
                quantum,
                view.position,
                view.position,
                view.velocity,
                TargetStatus::Ok,
                o.now,
            );
            o.inbox.push_back(SelfMail::Receive(report));
        }
    }

    /// `HandleTargetting()`: once per 0.5 s, time out a target that never answered, and report
    /// to every follower whose predicted position of this object moved beyond its radius.
    pub(crate) fn handle_targetting(&mut self, o: &mut Owner<'_>) {
        if o.now - self.last_update_time < f64::from(TARGET_REPORT_INTERVAL) {
            return;
        }
        if let Some(t) = self.target.as_mut() {
            // A target that never answered keeps the manager waiting (its timeout below is
            // never reached).
            if t.target_position.is_none() {
                return;
            }
            if t.status == TargetStatus::Undefined
                && t.last_update_time + f64::from(TARGET_TIMEOUT) < o.now
            {
                t.status = TargetStatus::TimedOut;
                o.inbox.push_back(SelfMail::Handle(*t));
            }
        }
        for i in 0..self.voyeurs.len() {
            let v = self.voyeurs[i];
            let mut predicted = o.position;
            let q = v.quantum as f32;
            let step = Vec3::new(o.velocity.x * q, o.velocity.y * q, o.velocity.z * q);
            let origin = predicted.frame.origin;
            predicted.frame.origin =
                Vec3::new(origin.x + step.x, origin.y + step.y, origin.z + step.z);
            let moved = v
                .last_sent
                .is_none_or(|last| predicted.distance(&last) > v.radius);
            if moved {
                self.send(o, i, predicted, TargetStatus::Ok);
            }
        }
        self.last_update_time = o.now;
    }

    /// `NotifyVoyeurOfEvent(status)`: tell every follower (exit world, teleport, …).
    pub(crate) fn notify_voyeurs(&mut self, o: &mut Owner<'_>, status: TargetStatus) {
        for i in 0..self.voyeurs.len() {
            let pos = o.position;
            self.send(o, i, pos, status);
        }
    }

    /// `SendVoyeurUpdate(voyeur, pos, status)`.
    fn send(&mut self, o: &mut Owner<'_>, i: usize, pos: Position, status: TargetStatus) {
        let v = &mut self.voyeurs[i];
        v.last_sent = Some(pos);
        let info = report(
            o.id, v.radius, v.quantum, o.position, pos, o.velocity, status, o.now,
        );
        if v.id == o.id {
            o.inbox.push_back(SelfMail::Receive(info));
        } else {
            o.outbox.push(TargetMail::Report { voyeur: v.id, info });
        }
    }

    /// `ReceiveUpdate(update)`: a report about the followed object. Returns the record to
    /// hand to the owner's `HandleUpdateTarget`, or `None` when the report is about another
    /// object (or nothing is followed).
    pub(crate) fn receive_update(
        &mut self,
        owner_position: &Position,
        now: f64,
        update: &TargetInfo,
    ) -> Option<TargetInfo> {
        let t = self.target.as_mut()?;
        if t.object_id != update.object_id {
            return None;
        }
        *t = *update;
        t.last_update_time = now;
        let mut heading = match update.interpolated_position {
            Some(p) => owner_position.offset_to(&p),
            None => Vec3::ZERO,
        };
        if normalize_check_small(&mut heading) {
            heading = Vec3::Z;
        }
        t.interpolated_heading = heading;
        Some(*t)
    }

    /// `AddVoyeur(id, radius, quantum)` on this (followed) object, whose own id, position and
    /// velocity are `me`, `position` and `velocity`: update a known follower, or add a new one
    /// and return the report it gets at once.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn add_voyeur(
        &mut self,
        id: u32,
        radius: f32,
        quantum: f64,
        me: u32,
        position: Position,
        velocity: Vec3,
        now: f64,
    ) -> Option<TargetInfo> {
        if let Some(v) = self.voyeurs.iter_mut().find(|v| v.id == id) {
            v.radius = radius;
            v.quantum = quantum;
            return None;
        }
        self.voyeurs.push(Voyeur {
            id,
            radius,
            quantum,
            last_sent: Some(position),
        });
        Some(report(
            me,
            radius,
            quantum,
            position,
            position,
            velocity,
            TargetStatus::Ok,
            now,
        ))
    }

    /// Register a follower whose immediate report it produced itself (mail `Watch`).
    pub(crate) fn accept_voyeur(
        &mut self,
        id: u32,
        radius: f32,
        quantum: f64,
        sent: Option<Position>,
    ) {
        if let Some(v) = self.voyeurs.iter_mut().find(|v| v.id == id) {
            v.radius = radius;
            v.quantum = quantum;
            if sent.is_some() {
                v.last_sent = sent;
            }
            return;
        }
        self.voyeurs.push(Voyeur {
            id,
            radius,
            quantum,
            last_sent: sent,
        });
    }

    /// `RemoveVoyeur(id)`.
    pub(crate) fn remove_voyeur(&mut self, id: u32) {
        self.voyeurs.retain(|v| v.id != id);
    }
}

/// A report from object `from` (ACE `SendVoyeurUpdate`'s `TargetInfo`).
#[allow(clippy::too_many_arguments)]
fn report(
    from: u32,
    radius: f32,
    quantum: f64,
    position: Position,
    predicted: Position,
    velocity: Vec3,
    status: TargetStatus,
    now: f64,
) -> TargetInfo {
    TargetInfo {
        context_id: 0,
        object_id: from,
        radius,
        quantum,
        target_position: Some(position),
        interpolated_position: Some(predicted),
        interpolated_heading: Vec3::ZERO,
        velocity,
        status,
        last_update_time: now,
    }
}
