//! Running the move-to layer's ops (`docs/scenarios.md`): the scenario's object and its
//! targets live in one `ac_physobj::World`, which answers `GetObjectA` and carries the target
//! mail between them.

use super::exec::{Session, StepOutput, position, result};
use super::format::Trace;
use super::moveto_steps::MoveToStep;
use ac_motioninterp::MovementParameters;
use ac_motiontable::Rules;
use ac_physobj::{PartArray, PhysicsObj};
use std::sync::Arc;

/// Runs one move-to op, writing its `result` line into `t` and its slices into `o`; `Err` is
/// bad input (a target id that is taken or unknown).
pub(crate) fn run(
    s: &mut Session,
    step: &MoveToStep,
    rules: Rules,
    t: &mut Trace,
    o: &mut StepOutput,
) -> Result<(), String> {
    let defaults = MovementParameters::move_to_defaults(&rules);
    let key = s.key;
    match step {
        MoveToStep::Advance(dt) => {
            let now = s.obj().update_time() + dt;
            s.world.set_clock(now);
            let r = s
                .world
                .with_object(key, |obj| obj.update_object(*dt, &mut o.slices));
            if let Some(r) = r {
                result(t)
                    .bit(r.ran)
                    .str(" slices=")
                    .int(r.slices)
                    .str(" time=")
                    .f32(now as f32)
                    .nl();
            }
        }
        MoveToStep::Target {
            id,
            pos,
            radius,
            height,
            velocity,
        } => {
            if s.targets.contains_key(id) {
                return Err(format!("target 0x{id:08X} already exists"));
            }
            let parts = PartArray::new(Arc::new(ac_sequence::NoAnimations), None, rules);
            let mut t = PhysicsObj::new(parts, None);
            t.set_id(*id);
            t.set_position_raw(position(pos));
            t.set_radius(*radius);
            t.set_height(*height);
            t.set_cached_velocity_raw(*velocity);
            let tk = s
                .world
                .insert(t)
                .map_err(|e| format!("cannot place target 0x{id:08X}: {e}"))?;
            s.targets.insert(*id, tk);
        }
        MoveToStep::TargetMove { id, pos, velocity } => {
            let tk = target(s, *id)?;
            s.world.with_object(tk, |t| {
                t.set_position_raw(position(pos));
                if let Some(v) = velocity {
                    t.set_cached_velocity_raw(*v);
                }
                t.handle_targetting();
            });
        }
        MoveToStep::TargetEvent { id, status } => {
            let tk = target(s, *id)?;
            s.world.with_object(tk, |t| t.notify_voyeurs(*status));
        }
        MoveToStep::MoveToObject { id, params } => {
            let t = s
                .world
                .target_object(*id)
                .ok_or_else(|| format!("moveto_object: no object 0x{id:08X}"))?;
            let p = params.build(defaults);
            s.world.with_object(key, |obj| obj.move_to_object(&t, p));
        }
        MoveToStep::MoveToPosition { pos, params } => {
            let p = params.build(defaults);
            let pos = position(pos);
            s.world
                .with_object(key, |obj| obj.move_to_position(&pos, p));
        }
        MoveToStep::TurnToObject { id, params } => {
            let found = s.world.target_object(*id);
            result(t).bit(found.is_some()).nl();
            if let Some(t) = found {
                let p = params.build(defaults);
                s.world.with_object(key, |obj| obj.turn_to_object(&t, p));
            }
        }
        MoveToStep::TurnToHeading { params } => {
            let p = params.build(defaults);
            s.world
                .with_object(key, |obj| obj.turn_to_heading(p.desired_heading, p));
        }
        MoveToStep::CancelMoveTo => {
            s.world.with_object(key, PhysicsObj::cancel_move_to);
        }
        MoveToStep::StopCompletely => {
            s.world.with_object(key, PhysicsObj::host_stop_completely);
        }
        MoveToStep::UseTime => {
            if s.world.with_object(key, PhysicsObj::moveto_use_time) != Some(true) {
                result(t).str("none").nl();
            }
        }
        MoveToStep::StickTo { id, radius, height } => {
            let view = s.world.view_of(*id);
            s.world.with_object(key, |obj| {
                obj.set_view(*id, view);
                obj.stick_to(*id, *radius, *height);
            });
        }
    }
    Ok(())
}

fn target(s: &Session, id: u32) -> Result<ac_physobj::ObjectId, String> {
    s.targets
        .get(&id)
        .copied()
        .ok_or_else(|| format!("no target 0x{id:08X}"))
}
