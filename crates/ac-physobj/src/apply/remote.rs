//! The client's side: the server's messages about an object applied to it as the retail
//! client applies them (see the module docs of [`crate::apply`]).

use ac_dat::Frame;
use ac_motioninterp::wire::{
    MoveToParameters, Movement, MovementData, MovementDataFlags, TurnToParameters,
};
use ac_motioninterp::{ActionNode, MovementParameters, MovementStruct, MovementType, Weenie};
use glam::Vec3;

use super::stamps::{StaleMessage, Stamp};
use super::{ApplyError, MotionOutcome, PositionOutcome, Targets, VectorOutcome};
use crate::Position;
use crate::flags::TransientState;
use crate::limits::{MAX_COORDINATE, MAX_HEADING, MAX_SPEED};
use crate::moveto::TargetObject;
use crate::object::PhysicsObj;
use crate::wire::{
    CreateObject, PhysicsMotion, PositionFlags, UpdateMotion, UpdatePosition, VectorUpdate,
};
use ac_interp_manager::MoveOrTeleportAction;

/// What a MovementData did to the object.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MovementApplied {
    /// The data named another stance and the object changed to it first.
    pub stance_changed: bool,
    /// What the movement itself did.
    pub movement: AppliedMovement,
}

/// The movement part of [`MovementApplied`], by movement type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AppliedMovement {
    /// Type 0: the interpreted state was adopted (actions newer than the last replayed were
    /// replayed).
    Interpreted {
        /// The StickToObject target, when the data names one.
        sticky: Option<Sticky>,
    },
    /// Types 6–9: the move-to manager took the move.
    MoveTo(MovementType),
}

/// The object an interpreted state asks to stick to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sticky {
    /// Found: the object sticks to it.
    Stuck(u32),
    /// Not known: the state was applied without sticking.
    Unknown(u32),
}

/// What a CreateObject did to the object.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[must_use = "the outcome says what the message carried and what it did"]
pub struct CreateOutcome {
    /// The message carried a position and the object was placed there.
    pub placed: bool,
    /// What its movement did, when it carried one.
    pub movement: Option<MovementApplied>,
}

/// The object a MovementData refers to, and whether it cannot be applied without it.
pub(super) fn referenced_object(md: &MovementData) -> Option<(u32, bool)> {
    match md.movement {
        Movement::InterpretedState { sticky_object, .. } => sticky_object.map(|g| (g, false)),
        Movement::MoveToObject { target, .. } | Movement::TurnToObject { target, .. } => {
            Some((target, true))
        }
        Movement::MoveToPosition { .. } | Movement::TurnToHeading { .. } => None,
    }
}

/// Look up what `md` refers to, refusing when a required target is not known.
fn resolve(md: &MovementData, targets: &impl Targets) -> Result<Option<TargetObject>, ApplyError> {
    match referenced_object(md) {
        None => Ok(None),
        Some((guid, required)) => match targets.target(guid) {
            Some(t) => Ok(Some(t)),
            None if required => Err(ApplyError::UnknownTarget {
                guid,
                movement: md.movement.movement_type(),
            }),
            None => Ok(None),
        },
    }
}

/// Refuses `values` unless each is finite ([`ApplyError::NotFinite`]) and at most `limit` in
/// magnitude ([`ApplyError::OutOfRange`]).
pub(super) fn bounded(field: &'static str, values: &[f32], limit: f32) -> Result<(), ApplyError> {
    if !values.iter().all(|v| v.is_finite()) {
        Err(ApplyError::NotFinite(field))
    } else if !values.iter().all(|v| v.abs() <= limit) {
        Err(ApplyError::OutOfRange(field))
    } else {
        Ok(())
    }
}

/// Speeds and run rates: finite, within [`MAX_SPEED`] as the user API requires.
pub(super) fn speeds(field: &'static str, values: &[f32]) -> Result<(), ApplyError> {
    bounded(field, values, MAX_SPEED)
}

/// The action speeds of a motion state (see [`speeds`]).
pub(super) fn action_speeds(field: &'static str, actions: &[ActionNode]) -> Result<(), ApplyError> {
    actions.iter().try_for_each(|a| speeds(field, &[a.speed]))
}

/// A position: its origin within [`MAX_COORDINATE`], its orientation finite.
pub(super) fn valid_position(field: &'static str, p: &Position) -> Result<(), ApplyError> {
    let q = p.frame.orientation;
    let o = p.frame.origin;
    bounded(field, &[q.x, q.y, q.z, q.w], f32::MAX)?;
    bounded(field, &[o.x, o.y, o.z], MAX_COORDINATE)
}

/// Refuse numbers that would poison the object, with the user API's bounds: speeds and run
/// rates within [`MAX_SPEED`], headings within [`MAX_HEADING`], distances and the origin within
/// [`MAX_COORDINATE`]. A move-to's fail distance may be infinite ("never give up"), not NaN.
fn check_numbers(md: &MovementData) -> Result<(), ApplyError> {
    match &md.movement {
        Movement::InterpretedState { state, .. } => {
            let s = &state.state;
            speeds(
                "InterpretedMotionState speed",
                &[s.forward_speed, s.sidestep_speed, s.turn_speed],
            )?;
            action_speeds("InterpretedMotionState action speed", &s.actions)
        }
        Movement::MoveToObject {
            params, run_rate, ..
        } => move_to_numbers(params, *run_rate),
        Movement::MoveToPosition {
            origin,
            params,
            run_rate,
        } => {
            move_to_numbers(params, *run_rate)?;
            let o = origin.origin;
            bounded("Origin", &[o.x, o.y, o.z], MAX_COORDINATE)
        }
        Movement::TurnToObject {
            desired_heading,
            params,
            ..
        } => {
            bounded("TurnToObject heading", &[*desired_heading], MAX_HEADING)?;
            turn_to_numbers(params)
        }
        Movement::TurnToHeading { params } => turn_to_numbers(params),
    }
}

/// The numbers of a turn (see [`check_numbers`]).
fn turn_to_numbers(p: &TurnToParameters) -> Result<(), ApplyError> {
    speeds("TurnToParameters.speed", &[p.speed])?;
    bounded(
        "TurnToParameters.desired_heading",
        &[p.desired_heading],
        MAX_HEADING,
    )
}

/// The numbers of a move-to (see [`check_numbers`]).
fn move_to_numbers(p: &MoveToParameters, run_rate: f32) -> Result<(), ApplyError> {
    speeds("MoveToParameters.speed", &[p.speed])?;
    speeds("MoveToObject/MoveToPosition run_rate", &[run_rate])?;
    bounded(
        "MoveToParameters distance",
        &[p.distance_to_object, p.min_distance, p.walk_run_threshold],
        MAX_COORDINATE,
    )?;
    bounded(
        "MoveToParameters.desired_heading",
        &[p.desired_heading],
        MAX_HEADING,
    )?;
    if p.fail_distance.is_nan() {
        return Err(ApplyError::NotFinite("MoveToParameters.fail_distance"));
    }
    Ok(())
}

impl<W: Weenie> PhysicsObj<W> {
    /// The stamps of the updates this object has seen (`UpdateTimes`).
    pub fn update_times(&self) -> &super::UpdateTimes {
        self.core.stamps()
    }

    /// Ignore a message of an older incarnation, or whose `kind` stamp is not newer than the
    /// object's; otherwise adopt its instance and `kind` stamps.
    fn accept(&mut self, instance: u16, kind: Stamp, stamp: u16) -> Result<(), StaleMessage> {
        // Read first: a stale message leaves an object without stamps as it is.
        let t = self.core.stamps();
        if t.is_older(Stamp::Instance, instance) {
            return Err(StaleMessage {
                stamp: Stamp::Instance,
                stored: t[Stamp::Instance],
                received: instance,
            });
        }
        if !t.is_newer(kind, stamp) {
            return Err(StaleMessage {
                stamp: kind,
                stored: t[kind],
                received: stamp,
            });
        }
        let t = self.core.stamps_mut();
        t.advance(Stamp::Instance, instance);
        t[kind] = i32::from(stamp);
        Ok(())
    }

    /// Apply an UpdateMotion the server sent about this (remote) object: ignored when stale
    /// (an older instance, or a movement stamp not newer than the last), otherwise the
    /// server-control stamp is adopted when newer and the MovementData applied
    /// ([`Self::apply_movement_data`]).
    ///
    /// Not for the client's own player: the retail client ignores the server's echoes of its
    /// own movement (autonomous UpdateMotions).
    pub fn apply_update_motion(
        &mut self,
        m: &UpdateMotion,
        targets: &impl Targets,
    ) -> Result<MotionOutcome, ApplyError> {
        check_numbers(&m.data)?;
        let target = resolve(&m.data, targets)?;
        if let Err(stale) = self.accept(m.instance, Stamp::Movement, m.movement) {
            return Ok(MotionOutcome::Stale(stale));
        }
        self.core
            .stamps_mut()
            .advance(Stamp::ServerControlledMove, m.server_control);
        self.apply_movement_resolved(&m.data, target)
            .map(MotionOutcome::Applied)
    }

    /// Apply a server's MovementData to this (remote) object, with no stamp check (see the
    /// module docs of [`crate::apply`] for the steps). A MoveToObject or TurnToObject whose
    /// target `targets` does not know is refused before anything changes.
    pub fn apply_movement_data(
        &mut self,
        md: &MovementData,
        targets: &impl Targets,
    ) -> Result<MovementApplied, ApplyError> {
        check_numbers(md)?;
        let target = resolve(md, targets)?;
        self.apply_movement_resolved(md, target)
    }

    /// [`Self::apply_movement_data`] once its target is resolved.
    fn apply_movement_resolved(
        &mut self,
        md: &MovementData,
        target: Option<TargetObject>,
    ) -> Result<MovementApplied, ApplyError> {
        self.get_minterp_routed();
        self.cancel_move_to();
        self.unstick();
        // The server moves this object: the interpreter re-applies what it is sent.
        self.core.autonomous = false;
        let stance_changed = self.adopt_stance(md.style);
        let movement = match &md.movement {
            Movement::InterpretedState {
                state,
                sticky_object,
            } => {
                self.with_mm(|mm, core| mm.move_to_interpreted_state(core, &state.state))
                    .transpose()?;
                let long_jump = md.flags.contains(MovementDataFlags::STANDING_LONG_JUMP);
                if let Some(mi) = self.mm.as_mut().and_then(|mm| mm.interpreter_mut()) {
                    mi.set_standing_long_jump(long_jump);
                }
                let sticky = sticky_object.map(|guid| match target {
                    Some(t) => {
                        self.set_view(t.id, Some(t.view));
                        self.stick_to(t.id, t.radius, t.height);
                        Sticky::Stuck(guid)
                    }
                    None => Sticky::Unknown(guid),
                });
                AppliedMovement::Interpreted { sticky }
            }
            Movement::MoveToObject {
                params, run_rate, ..
            } => {
                self.adopt_run_rate(*run_rate);
                let t = target.unwrap_or_default();
                self.set_view(t.id, Some(t.view));
                self.perform_move_to(&MovementStruct::move_to_object(
                    t.id,
                    t.id,
                    t.radius,
                    t.height,
                    MovementParameters::from(*params),
                ))
                .map_err(ApplyError::Refused)?;
                AppliedMovement::MoveTo(MovementType::MoveToObject)
            }
            Movement::MoveToPosition {
                origin,
                params,
                run_rate,
            } => {
                self.adopt_run_rate(*run_rate);
                let to = Position::new(
                    origin.cell_id,
                    Frame {
                        origin: origin.origin,
                        ..Frame::IDENTITY
                    },
                );
                self.perform_move_to(&MovementStruct::move_to_position(
                    to,
                    MovementParameters::from(*params),
                ))
                .map_err(ApplyError::Refused)?;
                AppliedMovement::MoveTo(MovementType::MoveToPosition)
            }
            Movement::TurnToObject { params, .. } => {
                // The heading sent beside the parameters is the heading to the target when
                // sent; the mover measures its own from the target it follows.
                let t = target.unwrap_or_default();
                self.set_view(t.id, Some(t.view));
                self.perform_move_to(&MovementStruct::turn_to_object(
                    t.id,
                    t.id,
                    MovementParameters::from(*params),
                ))
                .map_err(ApplyError::Refused)?;
                AppliedMovement::MoveTo(MovementType::TurnToObject)
            }
            Movement::TurnToHeading { params } => {
                self.perform_move_to(&MovementStruct::turn_to_heading(MovementParameters::from(
                    *params,
                )))
                .map_err(ApplyError::Refused)?;
                AppliedMovement::MoveTo(MovementType::TurnToHeading)
            }
        };
        Ok(MovementApplied {
            stance_changed,
            movement,
        })
    }

    /// Change to stance `style` with a motion (the interpreter's `DoMotion`) when it is
    /// another than the current one. A stance of 0 is "not sent" (ACE echoes a player's
    /// movement with stance 0).
    fn adopt_stance(&mut self, style: u32) -> bool {
        let current = self
            .movement_interpreter()
            .and_then(|mi| mi.interpreted_state())
            .map(|s| s.current_style);
        if style == 0 || current == Some(style) {
            return false;
        }
        let mvs = MovementStruct::new(
            MovementType::RawCommand,
            style,
            MovementParameters::default(),
        );
        self.perform_movement(&mvs).is_ok()
    }

    /// Take the run rate a move-to carries as the interpreter's own. ACE sends 0 with moves
    /// that may not run: that is not a rate.
    fn adopt_run_rate(&mut self, rate: f32) {
        if rate > 0.0
            && let Some(mi) = self.mm.as_mut().and_then(|mm| mm.interpreter_mut())
        {
            mi.set_my_run_rate(rate);
        }
    }

    /// Apply an UpdatePosition the server sent about this (remote) object: ignored when stale
    /// (an older instance, or a position stamp not newer than the last); otherwise the forced
    /// position stamp is adopted when newer and the position goes to `MoveOrTeleport` with
    /// the message's teleport stamp, grounded as the message says. A teleport adopts the
    /// teleport stamp. The velocity and placement the message may carry are not used (as in
    /// the reference's `MoveOrTeleport`).
    pub fn apply_update_position(
        &mut self,
        u: &UpdatePosition,
    ) -> Result<PositionOutcome, ApplyError> {
        valid_position("UpdatePosition.position", &u.position)?;
        if let Err(stale) = self.accept(u.stamps.instance, Stamp::Position, u.stamps.position) {
            return Ok(PositionOutcome::Stale(stale));
        }
        let times = self.core.stamps_mut();
        times.advance(Stamp::ForcePosition, u.stamps.force_position);
        let grounded = u.flags.contains(PositionFlags::IS_GROUNDED);
        let action = self.move_or_teleport_as(&u.position, grounded, i32::from(u.stamps.teleport));
        if action == MoveOrTeleportAction::Teleport {
            self.core
                .stamps_mut()
                .advance(Stamp::Teleport, u.stamps.teleport);
        }
        Ok(PositionOutcome::MoveOrTeleport(action))
    }

    /// Apply a VectorUpdate the server sent about this (remote) object: ignored when stale (an
    /// older instance, or a vector stamp not newer than the last), otherwise the velocity and
    /// angular velocity are set. A velocity pointing up from walkable ground lifts the object
    /// off it first, as the reference's collision step would find on the next slice (there is
    /// no collision here): it then falls under gravity until it is landed.
    pub fn apply_vector_update(&mut self, v: &VectorUpdate) -> Result<VectorOutcome, ApplyError> {
        let (vel, omega) = (v.velocity, v.omega);
        speeds(
            "VectorUpdate velocity",
            &[vel.x, vel.y, vel.z, omega.x, omega.y, omega.z],
        )?;
        if let Err(stale) = self.accept(v.instance, Stamp::Vector, v.vector) {
            return Ok(VectorOutcome::Stale(stale));
        }
        let left_ground = vel.z > 0.0 && self.on_walkable_ground();
        if left_ground {
            self.leave_ground();
        }
        self.set_velocity(vel);
        self.set_omega(omega);
        Ok(VectorOutcome::Applied { left_ground })
    }

    /// Apply a CreateObject to the object built for it: placed at its position, its movement
    /// applied ([`Self::apply_movement_data`]: the stance and state the object is created in,
    /// or a move it is making), its velocity and angular velocity, friction and scale set, and
    /// its nine stamps adopted.
    ///
    /// The physics state word is left to the caller: at login the server creates objects
    /// Hidden and reveals them later with a state message, which is not a movement message.
    /// The motion table and setup ids are for building the object
    /// ([`PortalDat::object_for`](crate::PortalDat::object_for)).
    pub fn apply_create_object(
        &mut self,
        c: &CreateObject,
        targets: &impl Targets,
    ) -> Result<CreateOutcome, ApplyError> {
        let p = &c.physics;
        let movement = match &p.motion {
            PhysicsMotion::Movement { data, .. } => {
                check_numbers(data)?;
                Some((data, resolve(data, targets)?))
            }
            _ => None,
        };
        if let Some(pos) = &p.position {
            valid_position("CreateObject.position", pos)?;
        }
        let vectors = [p.velocity, p.omega].map(|v| v.unwrap_or(Vec3::ZERO));
        speeds(
            "CreateObject velocity",
            &[
                vectors[0].x,
                vectors[0].y,
                vectors[0].z,
                vectors[1].x,
                vectors[1].y,
                vectors[1].z,
            ],
        )?;
        if let Some(pos) = &p.position {
            self.set_position(pos);
        }
        let movement = match movement {
            Some((data, target)) => Some(self.apply_movement_resolved(data, target)?),
            None => None,
        };
        if let Some(s) = p.scale.filter(|s| s.is_finite()) {
            self.core.scale = s;
        }
        if let Some(f) = p.friction.filter(|f| (0.0..=1.0).contains(f)) {
            self.core.friction = f;
        }
        if let Some(v) = p.velocity {
            self.set_velocity(v);
        }
        if let Some(w) = p.omega {
            self.set_omega(w);
        }
        *self.core.stamps_mut() = super::UpdateTimes::from_wire(p.timestamps);
        Ok(CreateOutcome {
            placed: p.position.is_some(),
            movement,
        })
    }

    /// Contact and OnWalkable both set.
    pub(super) fn on_walkable_ground(&self) -> bool {
        self.core
            .transient
            .contains(TransientState::CONTACT | TransientState::ON_WALKABLE)
    }

    /// Leave the ground as a jump does (ACE `HandleActionJump`): Contact cleared, the
    /// acceleration recomputed, then OnWalkable cleared (the movement manager's `LeaveGround`).
    pub(super) fn leave_ground(&mut self) {
        self.core.transient.remove(TransientState::CONTACT);
        self.core.calc_acceleration();
        self.set_on_walkable(false);
    }
}
