//! The move-to manager's state and how a move starts (ACE `MoveToManager.cs`:
//! `InitializeLocalVars`, `PerformMovement`, `MoveToObject`, `MoveToPosition`, `TurnToObject`,
//! `TurnToHeading` and their `_Internal` halves).

use std::collections::VecDeque;

use ac_motiontable::Rules;
use ac_sequence::{AFrameOps, Position};

use super::geometry::cylinder_distance;
use super::host::MoveToHost;
use super::minterp::Minterp;
use crate::error::WeenieError;
use crate::params::{MovementParameters, MovementStruct, MovementType};

/// One step of a move (ACE `MovementNode`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum MoveToNode {
    /// Walk or run until within range (a MoveToPosition node).
    Move,
    /// Turn in place until facing this compass heading (a TurnToHeading node).
    Turn(f32),
}

impl MoveToNode {
    /// The node's heading (ACE reads it from any node; a move node's is 0).
    pub fn heading(self) -> f32 {
        match self {
            MoveToNode::Move => 0.0,
            MoveToNode::Turn(h) => h,
        }
    }
}

/// The move-to and turn-to driver of one object (ACE `MoveToManager`), owned by the
/// [`crate::MovementManager`].
///
/// It owns no animation: every motion it wants is an *interpreted* motion issued through the
/// object's interpreter (`adjust_motion` + `DoInterpretedMotion`/`StopInterpretedMotion`), and
/// it measures progress with the object's position, heading and the f64 clock, all through
/// [`MoveToHost`]. A move is a queue of [`MoveToNode`]s — typically "turn to face the target,
/// then move" and an optional final turn — begun one after the other; each slice in contact
/// ([`crate::MovementManager::use_time`]) steers, checks arrival and checks progress.
///
/// The reference's quirks are kept (`docs/moveto.md`, "Reference quirks kept"): the
/// stored parameters outlive a cleanup and are read by the next MoveToPosition before being
/// replaced, pending nodes survive a cleanup, a turn's first progress test compares a heading
/// with a heading *difference*, target updates reset the progress window, and the failure
/// counter is only reported, never acted on.
#[derive(Debug, Clone, PartialEq)]
pub struct MoveToManager {
    pub(crate) movement_type: MovementType,
    pub(crate) pending: VecDeque<MoveToNode>,
    pub(crate) params: MovementParameters,
    pub(crate) sought_position: Position,
    pub(crate) current_target_position: Position,
    pub(crate) starting_position: Option<Position>,
    pub(crate) sought_object_id: u32,
    pub(crate) top_level_object_id: u32,
    pub(crate) sought_object_radius: f32,
    pub(crate) sought_object_height: f32,
    pub(crate) current_command: u32,
    pub(crate) aux_command: u32,
    pub(crate) moving_away: bool,
    pub(crate) initialized: bool,
    pub(crate) previous_heading: f32,
    pub(crate) previous_distance: f32,
    pub(crate) previous_distance_time: f64,
    pub(crate) original_distance: f32,
    pub(crate) original_distance_time: f64,
    pub(crate) fail_progress_count: i32,
}

impl Default for MoveToManager {
    /// An idle ACE manager at clock 0.
    fn default() -> Self {
        MoveToManager::new(Rules::ace(), 0.0)
    }
}

impl MoveToManager {
    /// An idle manager created at clock `now`: no move, parameters
    /// [`MovementParameters::move_to_defaults`] with the arrival distance and context then
    /// zeroed, both progress times at `now`.
    pub fn new(rules: Rules, now: f64) -> MoveToManager {
        let mut m = MoveToManager {
            movement_type: MovementType::Invalid,
            pending: VecDeque::new(),
            params: MovementParameters::move_to_defaults(&rules),
            sought_position: Position::ZERO,
            current_target_position: Position::ZERO,
            starting_position: None,
            sought_object_id: 0,
            top_level_object_id: 0,
            sought_object_radius: 0.0,
            sought_object_height: 0.0,
            current_command: 0,
            aux_command: 0,
            moving_away: false,
            initialized: false,
            previous_heading: 0.0,
            previous_distance: 0.0,
            previous_distance_time: now,
            original_distance: 0.0,
            original_distance_time: now,
            fail_progress_count: 0,
        };
        m.initialize_local_vars(now);
        m
    }

    // ----- read-only views ---------------------------------------------------------------

    /// The kind of move under way (`Invalid` when idle).
    pub fn movement_type(&self) -> MovementType {
        self.movement_type
    }
    /// `is_moving_to()`: a move or turn is under way.
    pub fn is_moving_to(&self) -> bool {
        self.movement_type != MovementType::Invalid
    }
    /// Whether the first target report of a MoveToObject/TurnToObject has been handled.
    pub fn initialized(&self) -> bool {
        self.initialized
    }
    /// The forward or turn motion of the current node (0 = none), before canonicalisation.
    pub fn current_command(&self) -> u32 {
        self.current_command
    }
    /// The steering turn issued while moving (0 = none).
    pub fn aux_command(&self) -> u32 {
        self.aux_command
    }
    /// Whether the current move walks away from the target.
    pub fn moving_away(&self) -> bool {
        self.moving_away
    }
    /// How many progress checks failed in a row (reported, never acted on).
    pub fn fail_progress_count(&self) -> i32 {
        self.fail_progress_count
    }
    /// The queued nodes, head first.
    pub fn pending(&self) -> impl ExactSizeIterator<Item = MoveToNode> + '_ {
        self.pending.iter().copied()
    }
    /// The object moved or turned to (0 = none).
    pub fn sought_object_id(&self) -> u32 {
        self.sought_object_id
    }
    /// Its top-level object, whose target reports the manager follows (0 = none).
    pub fn top_level_object_id(&self) -> u32 {
        self.top_level_object_id
    }
    /// The followed object's cylinder radius.
    pub fn sought_object_radius(&self) -> f32 {
        self.sought_object_radius
    }
    /// The followed object's cylinder height.
    pub fn sought_object_height(&self) -> f32 {
        self.sought_object_height
    }
    /// The predicted target position.
    pub fn sought_position(&self) -> &Position {
        &self.sought_position
    }
    /// The position distances are measured to.
    pub fn current_target_position(&self) -> &Position {
        &self.current_target_position
    }
    /// Where the last MoveToObject/MoveToPosition started (never reset once set).
    pub fn starting_position(&self) -> Option<&Position> {
        self.starting_position.as_ref()
    }
    /// The heading (or, right after a turn began, the heading difference) of the last turn
    /// progress check.
    pub fn previous_heading(&self) -> f32 {
        self.previous_heading
    }
    /// The distance of the last passed progress check.
    pub fn previous_distance(&self) -> f32 {
        self.previous_distance
    }
    /// The clock of the last passed progress check.
    pub fn previous_distance_time(&self) -> f64 {
        self.previous_distance_time
    }
    /// The distance when the current move node began.
    pub fn original_distance(&self) -> f32 {
        self.original_distance
    }
    /// The clock when the current move node began.
    pub fn original_distance_time(&self) -> f64 {
        self.original_distance_time
    }
    /// The manager's stored parameters (they outlive a move).
    pub fn params(&self) -> &MovementParameters {
        &self.params
    }

    // ----- lifecycle -------------------------------------------------------------------

    /// `InitializeLocalVars`: back to idle. The stored parameters keep everything but the
    /// arrival distance and the context; the pending nodes, the previous/original distances
    /// and the starting position also survive.
    pub(crate) fn initialize_local_vars(&mut self, now: f64) {
        self.movement_type = MovementType::Invalid;
        self.params.distance_to_object = 0.0;
        self.params.context_id = 0;
        self.previous_distance_time = now;
        self.original_distance_time = now;
        self.previous_heading = 0.0;
        self.fail_progress_count = 0;
        self.current_command = 0;
        self.aux_command = 0;
        self.moving_away = false;
        self.initialized = false;
        self.sought_position = Position::ZERO;
        self.current_target_position = Position::ZERO;
        self.sought_object_id = 0;
        self.top_level_object_id = 0;
        self.sought_object_radius = 0.0;
        self.sought_object_height = 0.0;
    }

    /// `PerformMovement(mvs)`: cancel the current move (`ActionCancelled`), unstick, then start
    /// the requested one. Always answers `None`, as ACE does; how the move ends arrives later
    /// through [`MoveToHost::move_complete`].
    pub(crate) fn perform_movement<H: MoveToHost + ?Sized>(
        &mut self,
        mi: &mut Minterp<'_>,
        host: &mut H,
        mvs: &MovementStruct,
    ) -> WeenieError {
        self.cancel_move_to(mi, host, WeenieError::ActionCancelled);
        host.unstick_from_object();
        match mvs.movement_type {
            MovementType::MoveToObject => self.move_to_object(mi, host, mvs),
            MovementType::MoveToPosition => self.move_to_position(mi, host, mvs),
            MovementType::TurnToObject => self.turn_to_object(mi, host, mvs),
            MovementType::TurnToHeading => self.turn_to_heading(mi, host, &mvs.params),
            _ => {}
        }
        WeenieError::None
    }

    /// `PhysicsObj.StopCompletely()` as the manager calls it: activate, then the interpreter's
    /// `PerformMovement(StopCompletely)`. Its own `cancel_moveto` finds this manager idle in
    /// every path that calls it.
    pub(crate) fn stop_completely<H: MoveToHost + ?Sized>(
        &mut self,
        mi: &mut Minterp<'_>,
        host: &mut H,
    ) {
        host.stop_completely_requested();
        host.set_active(true);
        mi.stop_completely(host);
    }

    /// `GetCurrentDistance()`: with UseSpheres (of the *stored* parameters) the cylinder
    /// distance between the object and the followed object, else the distance between the
    /// positions.
    pub(crate) fn current_distance<H: MoveToHost + ?Sized>(&self, host: &H) -> f32 {
        let pos = host.position();
        if !self
            .params
            .flags
            .contains(crate::MovementParamFlags::USE_SPHERES)
        {
            return pos.distance(&self.current_target_position);
        }
        cylinder_distance(
            host.radius(),
            host.height(),
            &pos,
            self.sought_object_radius,
            self.sought_object_height,
            &self.current_target_position,
        ) as f32
    }

    /// `MoveToObject`: remember the target and ask the host to follow it; the first target
    /// report ([`Self::move_to_object_internal`]) plans the nodes. Moving to oneself cleans up
    /// without telling the weenie.
    fn move_to_object<H: MoveToHost + ?Sized>(
        &mut self,
        mi: &mut Minterp<'_>,
        host: &mut H,
        mvs: &MovementStruct,
    ) {
        self.stop_completely(mi, host);
        self.starting_position = Some(host.position());
        self.sought_object_id = mvs.object_id;
        self.sought_object_radius = mvs.radius;
        self.sought_object_height = mvs.height;
        self.movement_type = MovementType::MoveToObject;
        self.top_level_object_id = mvs.top_level_id;
        self.params = mvs.params;
        self.initialized = false;
        if host.object_id() != mvs.top_level_id {
            host.set_target(0, mvs.top_level_id, 0.5, 0.0);
            return;
        }
        self.clean_up(mi, host);
        self.stop_completely(mi, host);
    }

    /// `MoveToObject_Internal(target, predicted)`: the first report arrived. Queue a turn
    /// towards the predicted position and a move when out of range, and a final turn when
    /// UseFinalHeading asks for one, then begin.
    pub(crate) fn move_to_object_internal<H: MoveToHost + ?Sized>(
        &mut self,
        mi: &mut Minterp<'_>,
        host: &mut H,
        target: Position,
        predicted: Position,
    ) {
        self.sought_position = predicted;
        self.current_target_position = target;
        let towards = host.position().heading_to(&predicted);
        let dist = self.current_distance(host);
        if self.params.get_command(dist).motion != 0 {
            self.pending.push_back(MoveToNode::Turn(towards));
            self.pending.push_back(MoveToNode::Move);
        }
        if self
            .params
            .flags
            .contains(crate::MovementParamFlags::USE_FINAL_HEADING)
        {
            let mut h = towards + self.params.desired_heading;
            if h >= 360.0 {
                h -= 360.0;
            }
            self.pending.push_back(MoveToNode::Turn(h));
        }
        self.initialized = true;
        self.begin_next_node(mi, host);
    }

    /// `MoveToPosition`: plan with the *argument's* parameters for the motion but the *stored*
    /// ones for the distance (UseSpheres) and the final-turn test, then store the argument's
    /// (Sticky cleared) and begin.
    fn move_to_position<H: MoveToHost + ?Sized>(
        &mut self,
        mi: &mut Minterp<'_>,
        host: &mut H,
        mvs: &MovementStruct,
    ) {
        let p = &mvs.params;
        self.stop_completely(mi, host);
        self.current_target_position = mvs.position;
        self.sought_object_radius = 0.0;
        let dist = self.current_distance(host);
        if p.get_command(dist).motion != 0 {
            let towards = host.position().heading_to(&mvs.position);
            self.pending.push_back(MoveToNode::Turn(towards));
            self.pending.push_back(MoveToNode::Move);
        }
        if self
            .params
            .flags
            .contains(crate::MovementParamFlags::USE_FINAL_HEADING)
        {
            self.pending.push_back(MoveToNode::Turn(p.desired_heading));
        }
        self.sought_position = mvs.position;
        self.starting_position = Some(host.position());
        self.movement_type = MovementType::MoveToPosition;
        self.params = *p;
        self.params.flags.remove(crate::MovementParamFlags::STICKY);
        self.begin_next_node(mi, host);
    }

    /// `TurnToObject`: remember the target and ask the host to follow it; the first report
    /// ([`Self::turn_to_object_internal`]) queues the turn. The desired heading is written into
    /// the target position, which that report replaces, so it never matters; Sticky is kept.
    fn turn_to_object<H: MoveToHost + ?Sized>(
        &mut self,
        mi: &mut Minterp<'_>,
        host: &mut H,
        mvs: &MovementStruct,
    ) {
        let p = &mvs.params;
        if p.stop_completely() {
            self.stop_completely(mi, host);
        }
        self.movement_type = MovementType::TurnToObject;
        self.sought_object_id = mvs.object_id;
        self.current_target_position
            .frame
            .set_heading(p.desired_heading);
        self.top_level_object_id = mvs.top_level_id;
        self.params = *p;
        if host.object_id() != mvs.top_level_id {
            self.initialized = false;
            host.set_target(0, mvs.top_level_id, 0.5, 0.0);
            return;
        }
        self.clean_up(mi, host);
        self.stop_completely(mi, host);
    }

    /// `TurnToObject_Internal(target)`: queue a turn towards the target (plus the sought
    /// position's heading, which is 0 after every cleanup) and begin it.
    pub(crate) fn turn_to_object_internal<H: MoveToHost + ?Sized>(
        &mut self,
        mi: &mut Minterp<'_>,
        host: &mut H,
        target: Position,
    ) {
        self.current_target_position = target;
        let towards = host.position().heading_to(&self.current_target_position);
        let sought = self.sought_position.frame.get_heading();
        let heading = (towards + sought) % 360.0;
        self.sought_position.frame.set_heading(heading);
        self.pending.push_back(MoveToNode::Turn(heading));
        self.initialized = true;
        self.begin_next_node(mi, host);
    }

    /// `TurnToHeading`: queue one turn; the first [`Self::use_time`] begins it.
    fn turn_to_heading<H: MoveToHost + ?Sized>(
        &mut self,
        mi: &mut Minterp<'_>,
        host: &mut H,
        p: &MovementParameters,
    ) {
        if p.stop_completely() {
            self.stop_completely(mi, host);
        }
        self.params = *p;
        self.params.flags.remove(crate::MovementParamFlags::STICKY);
        self.sought_position.frame.set_heading(p.desired_heading);
        self.movement_type = MovementType::TurnToHeading;
        self.pending.push_back(MoveToNode::Turn(p.desired_heading));
    }
}
