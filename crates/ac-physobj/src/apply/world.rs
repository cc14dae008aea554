//! The world as a message router: a server message goes to the object whose id it names, with
//! the world's objects as the targets it refers to.

use ac_motioninterp::Weenie;
use ac_motioninterp::wire::MovementData;

use super::remote::referenced_object;
use super::{ApplyError, CreateOutcome, MotionOutcome, PositionOutcome, VectorOutcome};
use crate::moveto::TargetObject;
use crate::object::PhysicsObj;
use crate::wire::{GameAction, Message, PhysicsMotion};
use crate::world::{ObjectId, World};

/// What [`World::apply_message`] did, by message.
#[derive(Debug, Clone, Copy, PartialEq)]
#[must_use = "the outcome says whether the message was applied or ignored as stale"]
pub enum Applied {
    /// An UpdateMotion.
    Motion(MotionOutcome),
    /// An UpdatePosition.
    Position(PositionOutcome),
    /// A VectorUpdate.
    Vector(VectorOutcome),
    /// A CreateObject.
    Created(CreateOutcome),
}

impl<W: Weenie> World<W> {
    /// Apply a message the server sent about an object (the retail client's side, see
    /// [`crate::apply`]): an UpdateMotion, UpdatePosition, VectorUpdate or CreateObject goes to
    /// the object with the id it names ([`PhysicsObj::id`], set with the builder's `id`), and a
    /// target or sticky object it names is looked up here.
    ///
    /// Refused with [`ApplyError::UnknownObject`] when no object has that id (spawn objects
    /// for CreateObjects first, e.g. with [`PortalDat::object_for`](crate::PortalDat::object_for)),
    /// and [`ApplyError::ClientAction`] for a client's game action
    /// ([`Self::apply_client_action`]).
    pub fn apply_message(&mut self, msg: &Message) -> Result<Applied, ApplyError> {
        match msg {
            Message::GameAction { action, .. } => Err(ApplyError::ClientAction(action.name())),
            Message::UpdateMotion(m) => {
                let targets = self.targets_of(Some(&m.data));
                self.route(m.guid, |o| {
                    o.apply_update_motion(m, &targets).map(Applied::Motion)
                })
            }
            Message::UpdatePosition(u) => self.route(u.guid, |o| {
                o.apply_update_position(u).map(Applied::Position)
            }),
            Message::VectorUpdate(v) => {
                self.route(v.guid, |o| o.apply_vector_update(v).map(Applied::Vector))
            }
            Message::CreateObject(c) => {
                let data = match &c.physics.motion {
                    PhysicsMotion::Movement { data, .. } => Some(data),
                    _ => None,
                };
                let targets = self.targets_of(data);
                self.route(c.guid, |o| {
                    o.apply_create_object(c, &targets).map(Applied::Created)
                })
            }
        }
    }

    /// Apply a player's game action to the player's object `player` (ACE's server side, see
    /// [`crate::apply`]): [`PhysicsObj::apply_move_to_state`],
    /// [`PhysicsObj::apply_autonomous_position`] or [`PhysicsObj::apply_jump`].
    /// [`ApplyError::UnknownObject`] (with id 0) when `player` is not in the world.
    pub fn apply_client_action(
        &mut self,
        player: ObjectId,
        action: &GameAction,
    ) -> Result<(), ApplyError> {
        self.with_object(player, |o| match action {
            GameAction::MoveToState(m) => o.apply_move_to_state(m),
            GameAction::AutonomousPosition(a) => o.apply_autonomous_position(a),
            GameAction::Jump(j) => o.apply_jump(j),
        })
        .unwrap_or(Err(ApplyError::UnknownObject(0)))
    }

    /// The one object `md` names, looked up now (the lookup cannot run while an object is
    /// borrowed), as a [`Targets`](super::Targets).
    fn targets_of(
        &self,
        md: Option<&MovementData>,
    ) -> impl Fn(u32) -> Option<TargetObject> + use<W> {
        let found = md
            .and_then(referenced_object)
            .and_then(|(guid, _)| self.target_object(guid));
        move |guid| found.filter(|t| t.id == guid)
    }

    /// Run `f` on the object with id `guid` as a member of this world.
    fn route<R>(
        &mut self,
        guid: u32,
        f: impl FnOnce(&mut PhysicsObj<W>) -> Result<R, ApplyError>,
    ) -> Result<R, ApplyError> {
        // Ids may have changed since the last tick: look up without a stale index.
        self.indexed = false;
        let key = self.find(guid).ok_or(ApplyError::UnknownObject(guid))?;
        self.with_object(key, f)
            .unwrap_or(Err(ApplyError::UnknownObject(guid)))
    }
}
