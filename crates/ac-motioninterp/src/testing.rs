//! Documented test doubles for the seams: [`RecordingHost`] (also a [`MoveToHost`]) and
//! [`TestWeenie`].
//!
//! They are public so other crates' tests (and the crate example) can drive an interpreter
//! without a real physics object. The recording host keeps a *fake* MotionTableManager
//! queue — one entry per successful do/stop/stop-completely, each with a configurable
//! number of link animations — so the two-queue lock-step can be observed.

use glam::Vec3;

use crate::error::WeenieError;
use crate::host::{MotionCompletion, MotionHost, Weenie};
use crate::moveto::MoveToHost;
use crate::params::MovementParameters;
use ac_motiontable::motion::READY;
use ac_sequence::{AFrameOps, Position};

/// A call the [`RecordingHost`] received, in order.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum HostEvent {
    /// `do_interpreted_motion(motion, speed)` and its answer.
    DoMotion(u32, f32, WeenieError),
    /// `stop_interpreted_motion(motion, speed)` and its answer.
    StopMotion(u32, f32, WeenieError),
    /// `stop_completely_internal()`.
    StopCompletely,
    /// `initialize_motion_tables()`.
    InitializeMotionTables,
    /// `remove_link_animations()`.
    RemoveLinkAnimations,
    /// The manager reported a motion done (`motion_done_event`).
    MotionDone(u32, bool),
    /// The weenie was told (`weenie_motion_done`).
    WeenieMotionDone(u32, bool),
    /// `cancel_moveto()`.
    CancelMoveTo,
    /// `unstick_from_object()`.
    Unstick,
    /// `set_on_walkable(on)`.
    SetOnWalkable(bool),
    /// `set_local_velocity(v)`.
    SetVelocity(Vec3),
    /// `set_active(on)`.
    SetActive(bool),
    /// `set_heading(degrees)` (move-to).
    SetHeading(f32),
    /// `set_target(context, id, radius, quantum)` (move-to).
    SetTarget(u32, u32, f32, f64),
    /// `clear_target()` (move-to).
    ClearTarget,
    /// `set_target_quantum(q)` (move-to).
    SetTargetQuantum(f64),
    /// `StickTo(id, radius, height)` (move-to).
    StickTo(u32, f32, f32),
    /// The move-to manager is about to stop completely.
    StopCompletelyRequested,
    /// `OnMoveComplete(status)` (move-to).
    MoveComplete(WeenieError),
}

/// A configurable weenie: answers are plain fields (defaults: creature, no run rate, no jump
/// velocity, can jump, stamina cost 1 so jumps are not refused for cost).
#[derive(Debug, Clone, PartialEq)]
pub struct TestWeenie {
    /// `IsCreature`.
    pub creature: bool,
    /// `IsThePlayer` (Retail paths only).
    pub the_player: bool,
    /// `InqRunRate`: `Some(rate)` answers true with the rate, `None` answers false.
    pub run_rate: Option<f32>,
    /// `InqJumpVelocity`: `Some(v)` answers true with v, `None` writes 0 and answers false.
    pub jump_velocity: Option<f32>,
    /// `CanJump`.
    pub can_jump: bool,
    /// `JumpStaminaCost`.
    pub jump_stamina_cost: f32,
}

impl Default for TestWeenie {
    fn default() -> Self {
        TestWeenie {
            creature: true,
            the_player: false,
            run_rate: None,
            jump_velocity: None,
            can_jump: true,
            jump_stamina_cost: 1.0,
        }
    }
}

impl Weenie for TestWeenie {
    fn is_creature(&self) -> bool {
        self.creature
    }
    fn is_the_player(&self) -> bool {
        self.the_player
    }
    fn run_rate(&self) -> Option<f32> {
        self.run_rate
    }
    fn jump_velocity(&self, _extent: f32) -> Option<f32> {
        self.jump_velocity
    }
    fn can_jump(&self, _extent: f32) -> bool {
        self.can_jump
    }
    fn jump_stamina_cost(&self, _extent: f32, _stamina_cost: i32) -> f32 {
        self.jump_stamina_cost
    }
}

/// A physics object double that records every call and fakes the table manager's queue.
///
/// Starts like a fresh scenario object (docs/scenarios.md): gravity, contact and walkable, in a cell, not
/// autonomous, not constrained, a creature weenie.
#[derive(Debug, Clone)]
pub struct RecordingHost {
    /// The weenie (`None` models ACE's null-weenie paths).
    pub weenie: Option<TestWeenie>,
    /// Calls received, in order.
    pub events: Vec<HostEvent>,
    /// `State & Gravity`.
    pub gravity: bool,
    /// `Contact`.
    pub contact: bool,
    /// `OnWalkable`.
    pub walkable: bool,
    /// In a cell.
    pub cell: bool,
    /// `movement_is_autonomous`.
    pub autonomous: bool,
    /// `IsFullyConstrained`.
    pub constrained: bool,
    /// `IsAnimating`.
    pub animating: bool,
    /// Object velocity (world = local: identity frame).
    pub velocity: Vec3,
    /// Motions the fake table refuses with `NoMtableData` (do and stop).
    pub refuse: Vec<u32>,
    /// Link animations queued per accepted motion (0: completes at the next poll).
    pub num_anims: u32,
    /// The fake MotionTableManager queue: (motion, remaining anims).
    pub table_pending: Vec<(u32, u32)>,
    /// Position (move-to; headings are read from its frame).
    pub position: Position,
    /// Object id (move-to).
    pub id: u32,
    /// Cylinder radius and height (move-to).
    pub radius: f32,
    /// Cylinder height (move-to).
    pub height: f32,
    /// `get_velocity()` answer (move-to).
    pub cached_velocity: Vec3,
    /// The clock (move-to).
    pub now: f64,
    /// The target's prediction horizon (move-to; set by `set_target`/`set_target_quantum`).
    pub target_quantum: f64,
}

impl Default for RecordingHost {
    fn default() -> Self {
        RecordingHost {
            weenie: Some(TestWeenie::default()),
            events: Vec::new(),
            gravity: true,
            contact: true,
            walkable: true,
            cell: true,
            autonomous: false,
            constrained: false,
            animating: false,
            velocity: Vec3::ZERO,
            refuse: Vec::new(),
            num_anims: 0,
            table_pending: Vec::new(),
            position: Position::ZERO,
            id: 0,
            radius: 0.0,
            height: 0.0,
            cached_velocity: Vec3::ZERO,
            now: 0.0,
            target_quantum: 0.0,
        }
    }
}

impl RecordingHost {
    /// Complete the head entry of the fake table queue as one animation finishing
    /// (success = true), the way an AnimDone hook would; returns the completions so the
    /// caller can feed them to `MotionInterp::motion_done`.
    pub fn animation_done(&mut self) -> Vec<MotionCompletion> {
        let mut out = Vec::new();
        if let Some(head) = self.table_pending.first_mut() {
            head.1 = head.1.saturating_sub(1);
        }
        while let Some(&(m, n)) = self.table_pending.first() {
            if n != 0 {
                break;
            }
            self.table_pending.remove(0);
            out.push(MotionCompletion {
                motion: m,
                success: true,
            });
        }
        out
    }

    fn accept(&mut self, motion: u32) -> WeenieError {
        if self.refuse.contains(&motion) {
            WeenieError::NoMtableData
        } else {
            WeenieError::None
        }
    }
}

impl MotionHost for RecordingHost {
    fn weenie(&self) -> Option<&dyn Weenie> {
        self.weenie.as_ref().map(|w| w as &dyn Weenie)
    }
    fn do_interpreted_motion(&mut self, motion: u32, params: &MovementParameters) -> WeenieError {
        let r = self.accept(motion);
        if r == WeenieError::None {
            self.table_pending.push((motion, self.num_anims));
        }
        self.events
            .push(HostEvent::DoMotion(motion, params.speed, r));
        r
    }
    fn stop_interpreted_motion(&mut self, motion: u32, params: &MovementParameters) -> WeenieError {
        let r = self.accept(motion);
        if r == WeenieError::None {
            self.table_pending.push((READY, self.num_anims));
        }
        self.events
            .push(HostEvent::StopMotion(motion, params.speed, r));
        r
    }
    fn stop_completely_internal(&mut self) {
        self.table_pending.push((READY, self.num_anims));
        self.events.push(HostEvent::StopCompletely);
    }
    fn initialize_motion_tables(&mut self) {
        self.table_pending.push((READY, 0));
        self.events.push(HostEvent::InitializeMotionTables);
    }
    fn remove_link_animations(&mut self, completed: &mut Vec<MotionCompletion>) {
        self.events.push(HostEvent::RemoveLinkAnimations);
        for (m, _) in self.table_pending.drain(..) {
            completed.push(MotionCompletion {
                motion: m,
                success: false,
            });
        }
    }
    fn check_for_completed_motions(&mut self, completed: &mut Vec<MotionCompletion>) {
        while let Some(&(m, 0)) = self.table_pending.first() {
            self.table_pending.remove(0);
            completed.push(MotionCompletion {
                motion: m,
                success: true,
            });
        }
    }
    fn motion_done_event(&mut self, motion: u32, success: bool) {
        self.events.push(HostEvent::MotionDone(motion, success));
    }
    fn weenie_motion_done(&mut self, motion: u32, success: bool) {
        if self.weenie.is_some() {
            self.events
                .push(HostEvent::WeenieMotionDone(motion, success));
        }
    }
    fn cancel_moveto(&mut self) {
        self.events.push(HostEvent::CancelMoveTo);
    }
    fn unstick_from_object(&mut self) {
        self.events.push(HostEvent::Unstick);
    }
    fn movement_is_autonomous(&self) -> bool {
        self.autonomous
    }
    fn is_fully_constrained(&self) -> bool {
        self.constrained
    }
    fn has_gravity(&self) -> bool {
        self.gravity
    }
    fn in_contact(&self) -> bool {
        self.contact
    }
    fn on_walkable(&self) -> bool {
        self.walkable
    }
    fn has_cell(&self) -> bool {
        self.cell
    }
    fn set_on_walkable(&mut self, on: bool) -> bool {
        let was = self.walkable;
        self.walkable = on;
        self.events.push(HostEvent::SetOnWalkable(on));
        was
    }
    fn set_local_velocity(&mut self, v: Vec3) {
        self.velocity = v;
        self.events.push(HostEvent::SetVelocity(v));
    }
    fn velocity(&self) -> Vec3 {
        self.velocity
    }
    fn global_to_local_vec(&self, v: Vec3) -> Vec3 {
        v
    }
    fn is_animating(&self) -> bool {
        self.animating
    }
    fn set_animating(&mut self, on: bool) {
        self.animating = on;
    }
    fn set_active(&mut self, on: bool) {
        self.events.push(HostEvent::SetActive(on));
    }
}

/// The move-to side: position, id and cylinder are plain fields; target calls, sticks, heading
/// changes and completions are recorded as events (the host never answers a target itself —
/// a test feeds reports to the movement manager).
impl MoveToHost for RecordingHost {
    fn position(&self) -> Position {
        self.position
    }
    fn set_heading(&mut self, degrees: f32) {
        self.position.frame.set_heading(degrees);
        self.events.push(HostEvent::SetHeading(degrees));
    }
    fn object_id(&self) -> u32 {
        self.id
    }
    fn radius(&self) -> f32 {
        self.radius
    }
    fn height(&self) -> f32 {
        self.height
    }
    fn cached_velocity(&self) -> Vec3 {
        self.cached_velocity
    }
    fn is_interpolating(&self) -> bool {
        false
    }
    fn current_time(&self) -> f64 {
        self.now
    }
    fn set_target(&mut self, context_id: u32, object_id: u32, radius: f32, quantum: f64) {
        self.target_quantum = quantum;
        self.events
            .push(HostEvent::SetTarget(context_id, object_id, radius, quantum));
    }
    fn clear_target(&mut self) {
        self.target_quantum = 0.0;
        self.events.push(HostEvent::ClearTarget);
    }
    fn set_target_quantum(&mut self, quantum: f64) {
        self.target_quantum = quantum;
        self.events.push(HostEvent::SetTargetQuantum(quantum));
    }
    fn target_quantum(&self) -> f64 {
        self.target_quantum
    }
    fn stick_to(&mut self, object_id: u32, radius: f32, height: f32) {
        self.events
            .push(HostEvent::StickTo(object_id, radius, height));
    }
    fn stop_completely_requested(&mut self) {
        self.events.push(HostEvent::StopCompletelyRequested);
    }
    fn move_complete(&mut self, status: WeenieError) {
        self.events.push(HostEvent::MoveComplete(status));
    }
}
