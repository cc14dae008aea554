//! The server's side: a player's movement actions applied to the player's object as ACE's
//! server applies them (see the module docs of [`crate::apply`]).

use ac_motioninterp::Weenie;

use super::ApplyError;
use super::remote::{action_speeds, bounded, speeds, valid_position};
use crate::Position;
use crate::object::PhysicsObj;
use crate::wire::{AutonomousPosition, ContactFlags, Jump, MoveToState};

impl<W: Weenie> PhysicsObj<W> {
    /// Apply a player's MoveToState as ACE's server does (`OnMoveToState`, its default server
    /// method), then take the position it reports:
    ///
    /// 1. the object moves itself (its movement is the player's);
    /// 2. the raw state is copied whole, a standing long jump holds forward and sidestep, and
    ///    the interpreted state is re-derived and re-issued
    ///    ([`MotionInterp::apply_client_raw_state`](ac_motioninterp::MotionInterp::apply_client_raw_state));
    /// 3. the object is placed where the client says it is, and landed there when the client
    ///    reports contact while the object is in the air ([`Self::apply_autonomous_position`]).
    ///
    /// The interpreted state afterwards is what ACE sends the other clients.
    pub fn apply_move_to_state(&mut self, m: &MoveToState) -> Result<(), ApplyError> {
        let raw = &m.raw.state;
        speeds(
            "RawMotionState speed",
            &[raw.forward_speed, raw.sidestep_speed, raw.turn_speed],
        )?;
        action_speeds("RawMotionState action speed", &raw.actions)?;
        valid_position("MoveToState.position", &m.position)?;
        self.core.autonomous = true;
        self.get_minterp_routed();
        let long_jump = m.contact.contains(ContactFlags::STANDING_LONG_JUMP);
        self.with_mm(|mm, core| {
            mm.with_interp(core, |mi, h| mi.apply_client_raw_state(h, raw, long_jump))
        })
        .flatten()
        .transpose()?;
        self.take_client_position(&m.position, m.contact);
        Ok(())
    }

    /// Apply a player's AutonomousPosition as ACE's server does: the object is placed where
    /// the client says it is (ACE's requested location, taken at once here). There is no
    /// collision to land a falling object, so a position reported with contact lands an
    /// airborne object at that height.
    pub fn apply_autonomous_position(&mut self, a: &AutonomousPosition) -> Result<(), ApplyError> {
        valid_position("AutonomousPosition.position", &a.position)?;
        self.take_client_position(&a.position, a.contact);
        Ok(())
    }

    /// Apply a player's Jump as ACE's server does (`HandleActionJump`): the object leaves the
    /// ground (Contact and OnWalkable cleared, the interpreter's `LeaveGround`), takes the
    /// velocity sent in its own frame, and drops its link animations. ACE also empties the
    /// interpreter's pending motions by hand; dropping the links already completes them in
    /// step, so that is not repeated. The position the retail client sends with a jump is not
    /// read (ACE's reader skips it).
    pub fn apply_jump(&mut self, j: &Jump) -> Result<(), ApplyError> {
        let v = j.velocity;
        speeds("Jump.velocity", &[v.x, v.y, v.z])?;
        bounded("Jump.extent", &[j.extent], 1.0)?;
        if j.extent < 0.0 {
            return Err(ApplyError::OutOfRange("Jump.extent"));
        }
        self.leave_ground();
        self.set_local_velocity(v);
        self.route_enter_world();
        self.core.is_animating = false;
        Ok(())
    }

    /// Place the object where its client reports it, landing it there when the client
    /// reports contact and the object is in the air.
    fn take_client_position(&mut self, p: &Position, contact: ContactFlags) {
        self.set_position(p);
        if contact.contains(ContactFlags::CONTACT) && !self.on_walkable_ground() {
            self.land_on_flat_ground(p.frame.origin.z);
        }
    }
}
