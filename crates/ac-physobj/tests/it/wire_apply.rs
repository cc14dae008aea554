//! Recorded messages applied to objects through the user API (`ac_physobj::apply`, default
//! features): the server's side (MoveToState → the interpreted state ACE echoed), the client's
//! side (every UpdateMotion, UpdatePosition, VectorUpdate and CreateObject of every object,
//! in recording order).

use std::sync::Arc;

use ac_motioninterp::wire::Movement;
use ac_physobj::ac_sequence::AFrameOps as _;
use ac_physobj::apply::{
    Applied, AppliedMovement, ApplyError, MotionOutcome, MoveOrTeleportAction, NoTargets,
    PositionOutcome, Stamp, VectorOutcome,
};
use ac_physobj::prelude::*;
use ac_physobj::wire::{
    ContactFlags, GameAction, Jump, Message, PositionFlags, PositionStamps, UpdatePosition,
    VectorUpdate,
};
use ac_testkit::synthetic;

use crate::realdata::{SESSIONS, session};
use crate::wire_echo::{agrees_with_echo, echo_of, run_rate};

const CELL: u32 = 0xA9B3_000E;

fn humanoid(run_rate: Option<f32>) -> PhysicsObjBuilder {
    let anims: AnimationCache = synthetic::animations().into_iter().collect();
    PhysicsObj::builder()
        .motion_table(synthetic::humanoid_table())
        .animations(Arc::new(anims))
        .weenie(ConfigWeenie {
            run_rate,
            ..ConfigWeenie::default()
        })
}

fn at(x: f32, y: f32, z: f32) -> Position {
    Position::new(
        CELL,
        Frame {
            origin: Vec3::new(x, y, z),
            orientation: Quat::IDENTITY,
        },
    )
}

/// The interpreter's states, to compare before and after.
pub(crate) fn states(
    o: &PhysicsObj,
) -> Option<(
    ac_motioninterp::InterpretedMotionState,
    ac_motioninterp::RawMotionState,
)> {
    let mi = o.movement_interpreter()?;
    Some((mi.interpreted_state()?.clone(), mi.raw_state()?.clone()))
}

// ---------------------------------------------------------------------------- server side

/// Apply every MoveToState of `name` to a humanoid in a world through the object API; return
/// (pairs checked, pairs that agree) against the interpreted state ACE echoed.
fn echo_through_the_world(name: &str) -> (usize, usize) {
    let records = session(name);
    let msgs: Vec<Message> = records.iter().map(|r| r.message()).collect();
    let mut world = World::new(Rules::default());
    let player = world.spawn(humanoid(Some(run_rate(&msgs)))).expect("rules");
    let (mut checked, mut agreed) = (0, 0);
    for (k, msg) in msgs.iter().enumerate() {
        let Message::GameAction {
            action: action @ GameAction::MoveToState(m),
            ..
        } = msg
        else {
            continue;
        };
        world
            .apply_client_action(player, action)
            .unwrap_or_else(|e| panic!("{}: {e}", records[k].name()));
        // The object stands where the client said.
        assert_eq!(
            world[player].position(),
            &m.position,
            "{}",
            records[k].name()
        );
        let Some(echo) = echo_of(&msgs, k) else {
            continue;
        };
        checked += 1;
        let mi = world[player].movement_interpreter().expect("interpreter");
        let state = mi.interpreted_state().expect("default state entered");
        let long_jump = m.contact.contains(ContactFlags::STANDING_LONG_JUMP);
        if agrees_with_echo(&state, echo, long_jump) {
            agreed += 1;
        } else {
            eprintln!(
                "{}: {} gave {state:?}, ACE echoed {echo:?}",
                records[k].name(),
                m.raw
            );
        }
    }
    (checked, agreed)
}

#[test]
fn move_to_states_applied_to_an_object_reproduce_the_servers_echo() {
    let results: Vec<(usize, usize)> = SESSIONS.iter().map(|s| echo_through_the_world(s)).collect();
    // combat-mode-while-moving: 63 pairs, first-login-walk-jump: 12 pairs.
    assert_eq!(results, [(63, 63), (12, 12)]);
}

#[test]
fn a_jump_leaves_the_ground_with_the_velocity_sent_and_a_report_with_contact_lands() {
    let records = session("first-login-walk-jump");
    let jump: Jump = records
        .iter()
        .find_map(|r| match r.message() {
            Message::GameAction {
                action: GameAction::Jump(j),
                ..
            } => Some(j),
            _ => None,
        })
        .expect("the session jumps");
    let mut obj = humanoid(None).position(jump.position).build();
    obj.apply_jump(&jump).expect("finite");
    assert!(!obj.transient().contains(TransientState::ON_WALKABLE));
    assert!(!obj.transient().contains(TransientState::CONTACT));
    // Straight up (the recorded jump was a standing one): the velocity sent, turned with the
    // player (nothing to turn here).
    let v = obj.velocity();
    assert_eq!(v.z, jump.velocity.z);
    assert!(v.x.abs() < 1e-6 && v.y.abs() < 1e-6, "{v}");
    let mut slices = Vec::new();
    let _ = obj.update_object(0.5, &mut slices);
    assert!(obj.position().frame.origin.z > jump.position.frame.origin.z);
    // The client's next report, with contact: landed where it says.
    let Message::GameAction {
        action: GameAction::AutonomousPosition(mut report),
        ..
    } = records
        .iter()
        .map(|r| r.message())
        .find(|m| m.name() == "AutonomousPosition")
        .expect("the session reports positions")
    else {
        unreachable!()
    };
    report.contact = ContactFlags::CONTACT;
    obj.apply_autonomous_position(&report).expect("finite");
    assert!(obj.transient().contains(TransientState::ON_WALKABLE));
    assert_eq!(obj.position(), &report.position);
    // A velocity that is not a number is refused before anything changes.
    let mut bad = jump.clone();
    bad.velocity.x = f32::NAN;
    assert_eq!(
        obj.apply_jump(&bad),
        Err(ApplyError::NotFinite("Jump.velocity"))
    );
    assert!(obj.transient().contains(TransientState::ON_WALKABLE));
}

#[test]
fn a_running_jump_takes_the_velocity_sent_in_the_jumpers_own_frame() {
    // Facing east (compass heading 90): the jump's forward (+y) is the world's +x.
    let mut from = at(10.0, 10.0, 0.0);
    from.frame.set_heading(90.0);
    let mut obj = humanoid(None).position(from).build();
    let jump = Jump {
        extent: 1.0,
        velocity: Vec3::new(0.0, 4.0, 3.0),
        position: from,
        stamps: Default::default(),
    };
    obj.apply_jump(&jump).expect("finite");
    let v = obj.velocity();
    assert!((v - Vec3::new(4.0, 0.0, 3.0)).length() < 1e-5, "{v}");
}

// ---------------------------------------------------------------------------- client side

/// Every object of `name`, spawned (a humanoid, with its id) at its CreateObject; then every
/// server message applied in recording order, twice, with the world stepped to each message's
/// time. Checks what each message did.
fn apply_every_server_message(name: &str) -> usize {
    let records: Vec<(u64, f64, Message)> = session(name)
        .iter()
        .map(|r| (r.idx, r.t_rel, r.message()))
        .collect();
    let mut world = World::new(Rules::default());
    let mut applied = 0;
    let mut now = records[0].1;
    for (index, t, message) in &records {
        let t = *t;
        while now + 1e-9 < t {
            let dt = world.step_period().min(t - now);
            world.step(dt).expect("finite");
            now += dt;
        }
        let Some(guid) = message.guid() else {
            continue;
        };
        let what = format!("{name} idx {index}");
        if let Message::CreateObject(c) = message {
            let builder = humanoid(None).id(guid);
            let builder = match c.physics.position {
                Some(p) => builder.position(p),
                None => builder,
            };
            let key = world.spawn(builder).expect("rules");
            // The observer stands next to every object: positions are interpolated.
            world[key].set_player_distance(0.0);
        }
        let key = world
            .find(guid)
            .unwrap_or_else(|| panic!("{what}: created first"));
        let before = *world[key].update_times();
        // Completions of earlier moves are not this message's.
        world.drain_move_completions(&mut Vec::new());
        let outcome = world
            .apply_message(message)
            .unwrap_or_else(|e| panic!("{what}: {e}"));
        applied += 1;
        let obj = &world[key];
        match (message, outcome) {
            (Message::UpdateMotion(m), Applied::Motion(MotionOutcome::Applied(done))) => {
                assert_eq!(
                    obj.update_times()[Stamp::Movement],
                    i32::from(m.movement),
                    "{what}"
                );
                match (&m.data.movement, done.movement) {
                    (
                        Movement::InterpretedState { state, .. },
                        AppliedMovement::Interpreted { .. },
                    ) => {
                        let s = obj
                            .movement_interpreter()
                            .and_then(|mi| mi.interpreted_state())
                            .expect("interpreter");
                        // The stance and the forward motion take.
                        assert_eq!(s.current_style, state.state.current_style, "{what}");
                        assert_eq!(s.forward_command, state.state.forward_command, "{what}");
                        assert_eq!(s.turn_command, state.state.turn_command, "{what}");
                    }
                    (data, AppliedMovement::MoveTo(kind)) => {
                        assert_eq!(data.movement_type(), kind, "{what}");
                        let mut ends = Vec::new();
                        world.drain_move_completions(&mut ends);
                        let obj = &world[key];
                        // Under way, or already there (the synthetic humanoid's speeds are
                        // not the creature's, so it may stand at the goal already).
                        assert!(
                            obj.is_moving_to()
                                || matches!(ends.as_slice(), [(k, end)] if *k == key && end.arrived()),
                            "{what}: the move is under way or arrived at once: {ends:?}"
                        );
                    }
                    (data, got) => panic!("{what}: {data:?} gave {got:?}"),
                }
            }
            (Message::UpdatePosition(u), Applied::Position(p)) => {
                let grounded = u.flags.contains(PositionFlags::IS_GROUNDED);
                let expected = if before.is_newer(Stamp::Teleport, u.stamps.teleport) {
                    MoveOrTeleportAction::Teleport
                } else if grounded {
                    MoveOrTeleportAction::Interpolate
                } else {
                    MoveOrTeleportAction::Refuse
                };
                assert_eq!(p, PositionOutcome::MoveOrTeleport(expected), "{what}");
                if expected == MoveOrTeleportAction::Teleport {
                    assert_eq!(obj.position(), &u.position, "{what}");
                }
            }
            (Message::VectorUpdate(v), Applied::Vector(VectorOutcome::Applied { .. })) => {
                assert_eq!(
                    (obj.velocity(), obj.omega()),
                    (v.velocity, v.omega),
                    "{what}"
                );
            }
            (Message::CreateObject(c), Applied::Created(done)) => {
                assert_eq!(done.placed, c.physics.position.is_some(), "{what}");
                assert_eq!(
                    obj.update_times().0,
                    c.physics.timestamps.map(i32::from),
                    "{what}"
                );
            }
            (m, o) => panic!("{what}: {} gave {o:?}", m.name()),
        }
        // The same message again is stale and changes no stamp.
        if !matches!(message, Message::CreateObject(_)) {
            let after = *world[key].update_times();
            assert_ne!(after, before, "{what}: a stamp advanced");
            let again = world.apply_message(message).expect("applies");
            assert!(
                matches!(
                    again,
                    Applied::Motion(MotionOutcome::Stale(_))
                        | Applied::Position(PositionOutcome::Stale(_))
                        | Applied::Vector(VectorOutcome::Stale(_))
                ),
                "{what}: {again:?}"
            );
            assert_eq!(*world[key].update_times(), after, "{what}");
        }
    }
    applied
}

#[test]
fn every_recorded_server_message_applies_in_order_and_again_is_stale() {
    // first-login: 18 UpdateMotion, 15 UpdatePosition, 1 VectorUpdate, 65 CreateObject;
    // combat: 148 UpdateMotion, 405 UpdatePosition, 10 CreateObject.
    assert_eq!(apply_every_server_message("first-login-walk-jump"), 99);
    assert_eq!(apply_every_server_message("combat-mode-while-moving"), 563);
}

#[test]
fn position_updates_interpolate_within_the_blip_distance_teleport_on_a_newer_stamp_and_ignore_older_ones()
 {
    let mut obj = humanoid(None).id(7).position(at(10.0, 10.0, 0.0)).build();
    obj.set_player_distance(5.0);
    let update = |x: f32, position: u16, teleport: u16| UpdatePosition {
        guid: 7,
        flags: PositionFlags::IS_GROUNDED,
        position: at(x, 10.0, 0.0),
        velocity: None,
        placement: None,
        stamps: PositionStamps {
            instance: 0,
            position,
            teleport,
            force_position: 0,
        },
    };
    // 3 m away (the outdoor blip distance is 100 m): interpolated there over a few slices.
    let near = update(13.0, 1, 0);
    assert_eq!(
        obj.apply_update_position(&near),
        Ok(PositionOutcome::MoveOrTeleport(
            MoveOrTeleportAction::Interpolate
        ))
    );
    assert!(
        obj.position_manager()
            .is_some_and(|pm| pm.is_interpolating())
    );
    let mut slices = Vec::new();
    let _ = obj.update_object(0.1, &mut slices);
    let x = obj.position().frame.origin.x;
    assert!(x > 10.0 && x < 13.0, "on its way, not there at once: {x}");
    for _ in 0..30 {
        let _ = obj.update_object(0.1, &mut slices);
    }
    assert!(obj.position().distance(&near.position) < 0.05);
    // An older position stamp is ignored, and nothing moves.
    let old = update(50.0, 0, 0);
    let Ok(PositionOutcome::Stale(stale)) = obj.apply_update_position(&old) else {
        panic!("an older stamp must be stale");
    };
    assert_eq!(
        (stale.stamp, stale.stored, stale.received),
        (Stamp::Position, 1, 0)
    );
    assert!(obj.position().distance(&near.position) < 0.05);
    // A newer teleport stamp: placed at once, and the stamp adopted.
    let teleport = update(40.0, 2, 1);
    assert_eq!(
        obj.apply_update_position(&teleport),
        Ok(PositionOutcome::MoveOrTeleport(
            MoveOrTeleportAction::Teleport
        ))
    );
    assert_eq!(obj.position(), &teleport.position);
    assert_eq!(obj.update_times()[Stamp::Teleport], 1);
    // A later update from before that teleport is refused.
    assert_eq!(
        obj.apply_update_position(&update(12.0, 3, 0)),
        Ok(PositionOutcome::MoveOrTeleport(
            MoveOrTeleportAction::Refuse
        ))
    );
    assert_eq!(obj.position(), &teleport.position);
    // Far from the player: placed without interpolation.
    obj.set_player_distance(200.0);
    assert_eq!(
        obj.apply_update_position(&update(45.0, 4, 1)),
        Ok(PositionOutcome::MoveOrTeleport(MoveOrTeleportAction::Place))
    );
    assert_eq!(obj.position().frame.origin.x, 45.0);
}

#[test]
fn a_vector_update_pointing_up_lifts_the_object_and_gravity_brings_it_down() {
    let mut obj = humanoid(None).id(7).position(at(0.0, 0.0, 5.0)).build();
    let v = VectorUpdate {
        guid: 7,
        velocity: Vec3::new(0.0, 0.0, 3.5),
        omega: Vec3::ZERO,
        instance: 0,
        vector: 1,
    };
    assert_eq!(
        obj.apply_vector_update(&v),
        Ok(VectorOutcome::Applied { left_ground: true })
    );
    let mut slices = Vec::new();
    let _ = obj.update_object(0.3, &mut slices);
    let top = obj.position().frame.origin.z;
    assert!(top > 5.0, "rising: {top}");
    for _ in 0..10 {
        let _ = obj.update_object(0.1, &mut slices);
    }
    assert!(obj.position().frame.origin.z < top, "falling");
    assert!(matches!(
        obj.apply_vector_update(&v),
        Ok(VectorOutcome::Stale(_))
    ));
}

#[test]
fn a_move_to_an_unknown_object_or_a_speed_that_is_not_a_number_changes_nothing() {
    let records = session("combat-mode-while-moving");
    let (move_to, target) = records
        .iter()
        .find_map(|r| match r.message() {
            Message::UpdateMotion(m) => match m.data.movement {
                Movement::MoveToObject { target, .. } => Some((m, target)),
                _ => None,
            },
            _ => None,
        })
        .expect("the session moves the player to an object");
    let mut obj = humanoid(None).id(move_to.guid).build();
    let before = states(&obj);
    assert_eq!(
        obj.apply_update_motion(&move_to, &NoTargets),
        Err(ApplyError::UnknownTarget {
            guid: target,
            movement: MovementType::MoveToObject
        })
    );
    assert_eq!(obj.update_times()[Stamp::Movement], 0, "no stamp taken");
    assert_eq!(states(&obj), before);
    assert!(!obj.is_moving_to());
    // Known through a lookup: the move begins.
    let post = humanoid(None)
        .id(target)
        .position(at(5.0, 5.0, 0.0))
        .build();
    let found = |g: u32| (g == target).then(|| post.as_target());
    assert!(matches!(
        obj.apply_update_motion(&move_to, &found),
        Ok(MotionOutcome::Applied(_))
    ));
    assert!(obj.is_moving_to());

    let mut emote = records
        .iter()
        .find_map(|r| match r.message() {
            Message::UpdateMotion(m)
                if matches!(m.data.movement, Movement::InterpretedState { .. }) =>
            {
                Some(m)
            }
            _ => None,
        })
        .expect("the session has interpreted states");
    let Movement::InterpretedState { state, .. } = &mut emote.data.movement else {
        unreachable!()
    };
    state.state.forward_speed = f32::NAN;
    let mut fresh = humanoid(None).build();
    let before = states(&fresh);
    assert!(matches!(
        fresh.apply_update_motion(&emote, &NoTargets),
        Err(ApplyError::NotFinite(_))
    ));
    assert_eq!(states(&fresh), before);
}
