//! The raw (key-level) and interpreted (canonical) motion states
//! (ports ACE's `RawMotionState` and `InterpretedMotionState`).

use std::fmt;

use crate::actions::ActionList;
use crate::params::{HoldKey, MovementParameters};
use ac_motiontable::MotionCommand;
use ac_motiontable::command::{is_action, is_style, is_substate};
use ac_motiontable::motion::stance::NON_COMBAT;
use ac_motiontable::motion::{
    READY, RUN_FORWARD, SIDE_STEP_LEFT, SIDE_STEP_RIGHT, TURN_LEFT, TURN_RIGHT,
};

/// One queued action of a motion state (ACE `ActionNode`). `Debug` names the action.
#[derive(Clone, Copy, PartialEq)]
pub struct ActionNode {
    /// The action id.
    pub action: u32,
    /// Its speed.
    pub speed: f32,
    /// The action stamp (15-bit sequence number on the wire).
    pub stamp: i32,
    /// Whether the object itself initiated it.
    pub autonomous: bool,
}

impl ActionNode {
    pub(crate) fn from_params(action: u32, p: &MovementParameters) -> ActionNode {
        ActionNode {
            action,
            speed: p.speed,
            stamp: p.action_stamp,
            autonomous: p.autonomous(),
        }
    }
}

/// The motion state as the keys describe it (ACE `RawMotionState`): left/right/backward
/// variants stay distinct and each axis remembers the hold key it was pressed with. `Debug`
/// names the style and commands beside their ids.
#[derive(Clone, PartialEq)]
pub struct RawMotionState {
    /// Actions, oldest first.
    pub actions: ActionList,
    /// The hold key in force (`None` by default; `Run` when run is held).
    pub current_hold_key: HoldKey,
    /// Current stance.
    pub current_style: u32,
    /// Forward-axis motion (any substate except RunForward).
    pub forward_command: u32,
    /// Hold key the forward motion was pressed with.
    pub forward_hold_key: HoldKey,
    /// Forward speed.
    pub forward_speed: f32,
    /// Sidestep motion (SideStepRight/Left or 0).
    pub sidestep_command: u32,
    /// Hold key the sidestep was pressed with.
    pub sidestep_hold_key: HoldKey,
    /// Sidestep speed.
    pub sidestep_speed: f32,
    /// Turn motion (TurnRight/Left or 0).
    pub turn_command: u32,
    /// Hold key the turn was pressed with.
    pub turn_hold_key: HoldKey,
    /// Turn speed.
    pub turn_speed: f32,
}

impl Default for RawMotionState {
    /// ACE `InitDefaults`: NonCombat, Ready, hold key `None`, every speed 1.
    fn default() -> Self {
        RawMotionState {
            actions: ActionList::new(),
            current_hold_key: HoldKey::None,
            current_style: NON_COMBAT,
            forward_command: READY,
            forward_hold_key: HoldKey::Invalid,
            forward_speed: 1.0,
            sidestep_command: 0,
            sidestep_hold_key: HoldKey::Invalid,
            sidestep_speed: 1.0,
            turn_command: 0,
            turn_hold_key: HoldKey::Invalid,
            turn_speed: 1.0,
        }
    }
}

fn applied_hold_key(p: &MovementParameters) -> HoldKey {
    if p.set_hold_key() {
        HoldKey::Invalid
    } else {
        p.hold_key_to_apply
    }
}

impl RawMotionState {
    /// Record motion `m` (ACE `ApplyMotion`): turns and sidesteps by explicit id, then
    /// SubState (except RunForward, which is never stored raw), Style (resets forward to
    /// Ready only when the style changes), Action (appended); anything else is ignored.
    pub fn apply_motion(&mut self, m: u32, p: &MovementParameters) {
        let (mut core, mut keys) = RawCore::of(self);
        let action = core.apply_motion(&mut keys, m, p);
        core.store(keys, self);
        if action {
            self.actions.push(ActionNode::from_params(m, p));
        }
    }

    /// Forget motion `m` (ACE `RemoveMotion`): clears the matching axis.
    pub fn remove_motion(&mut self, m: u32) {
        let (mut core, keys) = RawCore::of(self);
        core.remove_motion(m);
        core.store(keys, self);
    }

    /// ACE `SetState`: adopt the 11 wire fields of a network raw motion state (`wire`'s
    /// actions are ignored): style 0 becomes NonCombat, forward 0 becomes Ready, and any
    /// speed of exactly 0 becomes 1.
    pub fn set_state(&mut self, wire: &RawMotionState) {
        let (mut core, mut keys) = RawCore::of(self);
        core.set_state(&mut keys, wire);
        core.store(keys, self);
    }

    /// Pop the oldest action and return its id, or 0 when there is none.
    pub fn remove_action(&mut self) -> u32 {
        self.actions.remove(0).map_or(0, |a| a.action)
    }

    /// Number of queued actions.
    pub fn num_actions(&self) -> usize {
        self.actions.len()
    }
}

/// The four hold keys of a raw state in one byte, two bits each: a [`HoldKey`]'s code (0, 1
/// or 2; 3 is never stored, so every key reads back as it was written).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) struct HoldKeys(u8);

impl HoldKeys {
    /// The bit offset of the current hold key.
    pub(crate) const CURRENT: u32 = 0;
    /// The bit offset of the forward axis' hold key.
    pub(crate) const FORWARD: u32 = 2;
    /// The bit offset of the sidestep axis' hold key.
    pub(crate) const SIDESTEP: u32 = 4;
    /// The bit offset of the turn axis' hold key.
    pub(crate) const TURN: u32 = 6;

    /// `InitDefaults`: current `None`, every axis `Invalid`.
    pub(crate) const DEFAULT: HoldKeys = HoldKeys((HoldKey::None as u8) << Self::CURRENT);

    /// The key at bit offset `at`.
    #[inline]
    pub(crate) fn get(self, at: u32) -> HoldKey {
        match (self.0 >> at) & 3 {
            0 => HoldKey::Invalid,
            1 => HoldKey::None,
            _ => HoldKey::Run,
        }
    }

    /// Store `key` at bit offset `at`.
    #[inline]
    pub(crate) fn set(&mut self, at: u32, key: HoldKey) {
        self.0 = (self.0 & !(3 << at)) | ((key as u8) << at);
    }

    /// The current hold key.
    #[inline]
    pub(crate) fn current(self) -> HoldKey {
        self.get(Self::CURRENT)
    }
}

/// The fields of a [`RawMotionState`] without its action list and hold keys ([`HoldKeys`]), as
/// the interpreter keeps them (the actions of both of its states live in one box, see
/// `MotionInterp`). The public type's methods run on this one, so both behave alike by
/// construction.
#[derive(Clone, Copy, PartialEq)]
pub(crate) struct RawCore {
    pub(crate) current_style: u32,
    pub(crate) forward_command: u32,
    pub(crate) forward_speed: f32,
    pub(crate) sidestep_command: u32,
    pub(crate) sidestep_speed: f32,
    pub(crate) turn_command: u32,
    pub(crate) turn_speed: f32,
}

impl Default for RawCore {
    /// The fields of [`RawMotionState::default`].
    fn default() -> Self {
        RawCore::DEFAULT
    }
}

impl RawCore {
    /// ACE `InitDefaults` (the fields of [`RawMotionState::default`]).
    pub(crate) const DEFAULT: RawCore = RawCore {
        current_style: NON_COMBAT,
        forward_command: READY,
        forward_speed: 1.0,
        sidestep_command: 0,
        sidestep_speed: 1.0,
        turn_command: 0,
        turn_speed: 1.0,
    };

    /// The fields of `s` but its actions, and its hold keys.
    pub(crate) fn of(s: &RawMotionState) -> (RawCore, HoldKeys) {
        let mut keys = HoldKeys::DEFAULT;
        keys.set(HoldKeys::CURRENT, s.current_hold_key);
        keys.set(HoldKeys::FORWARD, s.forward_hold_key);
        keys.set(HoldKeys::SIDESTEP, s.sidestep_hold_key);
        keys.set(HoldKeys::TURN, s.turn_hold_key);
        let core = RawCore {
            current_style: s.current_style,
            forward_command: s.forward_command,
            forward_speed: s.forward_speed,
            sidestep_command: s.sidestep_command,
            sidestep_speed: s.sidestep_speed,
            turn_command: s.turn_command,
            turn_speed: s.turn_speed,
        };
        (core, keys)
    }

    /// Write these fields and `keys` into `s` (its actions are left alone).
    pub(crate) fn store(&self, keys: HoldKeys, s: &mut RawMotionState) {
        s.current_hold_key = keys.get(HoldKeys::CURRENT);
        s.current_style = self.current_style;
        s.forward_command = self.forward_command;
        s.forward_hold_key = keys.get(HoldKeys::FORWARD);
        s.forward_speed = self.forward_speed;
        s.sidestep_command = self.sidestep_command;
        s.sidestep_hold_key = keys.get(HoldKeys::SIDESTEP);
        s.sidestep_speed = self.sidestep_speed;
        s.turn_command = self.turn_command;
        s.turn_hold_key = keys.get(HoldKeys::TURN);
        s.turn_speed = self.turn_speed;
    }

    /// The public state of these fields and `keys` with `actions`.
    pub(crate) fn with_actions(&self, keys: HoldKeys, actions: ActionList) -> RawMotionState {
        let mut s = RawMotionState {
            actions,
            ..RawMotionState::default()
        };
        self.store(keys, &mut s);
        s
    }

    /// [`RawMotionState::apply_motion`] on these fields; `true` for an Action, which the caller
    /// appends to its list (`ActionNode::from_params(m, p)`).
    #[allow(clippy::collapsible_match)] // keeps ACE's else-if shape: a failed inner test must not fall through
    #[inline(always)]
    pub(crate) fn apply_motion(
        &mut self,
        keys: &mut HoldKeys,
        m: u32,
        p: &MovementParameters,
    ) -> bool {
        match m {
            TURN_RIGHT | TURN_LEFT => {
                self.turn_command = m;
                keys.set(HoldKeys::TURN, applied_hold_key(p));
                self.turn_speed = p.speed;
            }
            SIDE_STEP_RIGHT | SIDE_STEP_LEFT => {
                self.sidestep_command = m;
                keys.set(HoldKeys::SIDESTEP, applied_hold_key(p));
                self.sidestep_speed = p.speed;
            }
            _ if is_substate(m) => {
                if m != RUN_FORWARD {
                    self.forward_command = m;
                    keys.set(HoldKeys::FORWARD, applied_hold_key(p));
                    self.forward_speed = p.speed;
                }
            }
            _ if is_style(m) => {
                if self.current_style != m {
                    self.forward_command = READY;
                    self.current_style = m;
                }
            }
            _ if is_action(m) => return true,
            _ => {}
        }
        false
    }

    /// [`RawMotionState::remove_motion`] on these fields.
    #[allow(clippy::collapsible_match)] // keeps ACE's else-if shape
    pub(crate) fn remove_motion(&mut self, m: u32) {
        match m {
            TURN_RIGHT | TURN_LEFT => self.turn_command = 0,
            SIDE_STEP_RIGHT | SIDE_STEP_LEFT => self.sidestep_command = 0,
            _ if is_substate(m) => {
                if m == self.forward_command {
                    self.forward_command = READY;
                    self.forward_speed = 1.0;
                }
            }
            _ if is_style(m) => {
                if m == self.current_style {
                    self.current_style = NON_COMBAT;
                }
            }
            _ => {}
        }
    }

    /// [`RawMotionState::set_state`] on these fields.
    pub(crate) fn set_state(&mut self, keys: &mut HoldKeys, wire: &RawMotionState) {
        let speed = |s: f32| if s == 0.0 { 1.0 } else { s };
        keys.set(HoldKeys::CURRENT, wire.current_hold_key);
        self.current_style = if wire.current_style == 0 {
            NON_COMBAT
        } else {
            wire.current_style
        };
        self.forward_command = if wire.forward_command == 0 {
            READY
        } else {
            wire.forward_command
        };
        keys.set(HoldKeys::FORWARD, wire.forward_hold_key);
        self.forward_speed = speed(wire.forward_speed);
        self.sidestep_command = wire.sidestep_command;
        keys.set(HoldKeys::SIDESTEP, wire.sidestep_hold_key);
        self.sidestep_speed = speed(wire.sidestep_speed);
        self.turn_command = wire.turn_command;
        keys.set(HoldKeys::TURN, wire.turn_hold_key);
        self.turn_speed = speed(wire.turn_speed);
    }
}

/// The canonical motion state (ACE `InterpretedMotionState`): only TurnRight / SideStepRight /
/// WalkForward-or-RunForward with signed speeds, as the motion table understands them.
/// `Debug` names the style and commands beside their ids.
#[derive(Clone, PartialEq)]
pub struct InterpretedMotionState {
    /// Current stance.
    pub current_style: u32,
    /// Forward-axis substate.
    pub forward_command: u32,
    /// Forward speed.
    pub forward_speed: f32,
    /// Sidestep motion (SideStepRight or 0).
    pub sidestep_command: u32,
    /// Sidestep speed.
    pub sidestep_speed: f32,
    /// Turn motion (TurnRight or 0).
    pub turn_command: u32,
    /// Turn speed.
    pub turn_speed: f32,
    /// Actions, oldest first.
    pub actions: ActionList,
}

impl Default for InterpretedMotionState {
    /// NonCombat, Ready, no sidestep/turn, every speed 1.
    fn default() -> Self {
        InterpretedMotionState {
            current_style: NON_COMBAT,
            forward_command: READY,
            forward_speed: 1.0,
            sidestep_command: 0,
            sidestep_speed: 1.0,
            turn_command: 0,
            turn_speed: 1.0,
            actions: ActionList::new(),
        }
    }
}

impl InterpretedMotionState {
    /// Record motion `m` (ACE `ApplyMotion`). Only TurnRight and SideStepRight are special
    /// cased, so an un-canonicalised TurnLeft/SideStepLeft lands in the forward slot, and a
    /// style always resets forward to Ready even when unchanged (quirk `left-variants-forward-slot`).
    pub fn apply_motion(&mut self, m: u32, p: &MovementParameters) {
        let mut core = InterpCore::of(self);
        let action = core.apply_motion(m, p);
        core.store(self);
        if action {
            self.actions.push(ActionNode::from_params(m, p));
        }
    }

    /// Forget motion `m` (ACE `RemoveMotion`; the same special cases, quirk `left-variants-forward-slot`).
    pub fn remove_motion(&mut self, m: u32) {
        let mut core = InterpCore::of(self);
        core.remove_motion(m);
        core.store(self);
    }

    /// Copy the style and the three axes (not the actions) from `o` (ACE `copy_movement_from`).
    pub fn copy_movement_from(&mut self, o: &InterpretedMotionState) {
        InterpCore::of(o).store(self);
    }

    /// Number of queued actions (ACE `GetNumActions`; `DoMotion` caps it at 6).
    pub fn num_actions(&self) -> usize {
        self.actions.len()
    }

    /// Pop the oldest action and return its id, or 0 when there is none.
    pub fn remove_action(&mut self) -> u32 {
        self.actions.remove(0).map_or(0, |a| a.action)
    }

    /// Whether a sidestep or turn is active (forward is deliberately ignored, as in ACE).
    pub fn has_commands(&self) -> bool {
        self.sidestep_command != 0 || self.turn_command != 0
    }
}

/// The fields of an [`InterpretedMotionState`] without its action list, as the interpreter
/// keeps them (see [`RawCore`]). The public type's methods run on this one.
#[derive(Clone, Copy, PartialEq)]
pub(crate) struct InterpCore {
    pub(crate) current_style: u32,
    pub(crate) forward_command: u32,
    pub(crate) forward_speed: f32,
    pub(crate) sidestep_command: u32,
    pub(crate) sidestep_speed: f32,
    pub(crate) turn_command: u32,
    pub(crate) turn_speed: f32,
}

impl Default for InterpCore {
    /// The fields of [`InterpretedMotionState::default`].
    fn default() -> Self {
        InterpCore::DEFAULT
    }
}

impl InterpCore {
    /// NonCombat, Ready, no sidestep/turn, every speed 1.
    pub(crate) const DEFAULT: InterpCore = InterpCore {
        current_style: NON_COMBAT,
        forward_command: READY,
        forward_speed: 1.0,
        sidestep_command: 0,
        sidestep_speed: 1.0,
        turn_command: 0,
        turn_speed: 1.0,
    };

    /// The fields of `s` but its actions.
    pub(crate) fn of(s: &InterpretedMotionState) -> InterpCore {
        InterpCore {
            current_style: s.current_style,
            forward_command: s.forward_command,
            forward_speed: s.forward_speed,
            sidestep_command: s.sidestep_command,
            sidestep_speed: s.sidestep_speed,
            turn_command: s.turn_command,
            turn_speed: s.turn_speed,
        }
    }

    /// Write these fields into `s` (its actions are left alone).
    pub(crate) fn store(&self, s: &mut InterpretedMotionState) {
        s.current_style = self.current_style;
        s.forward_command = self.forward_command;
        s.forward_speed = self.forward_speed;
        s.sidestep_command = self.sidestep_command;
        s.sidestep_speed = self.sidestep_speed;
        s.turn_command = self.turn_command;
        s.turn_speed = self.turn_speed;
    }

    /// The public state of these fields with `actions`.
    pub(crate) fn with_actions(&self, actions: ActionList) -> InterpretedMotionState {
        let mut s = InterpretedMotionState {
            actions,
            ..InterpretedMotionState::default()
        };
        self.store(&mut s);
        s
    }

    /// [`InterpretedMotionState::apply_motion`] on these fields; `true` for an Action, which
    /// the caller appends to its list (`ActionNode::from_params(m, p)`).
    #[inline]
    pub(crate) fn apply_motion(&mut self, m: u32, p: &MovementParameters) -> bool {
        match m {
            TURN_RIGHT => {
                self.turn_command = TURN_RIGHT;
                self.turn_speed = p.speed;
            }
            SIDE_STEP_RIGHT => {
                self.sidestep_command = SIDE_STEP_RIGHT;
                self.sidestep_speed = p.speed;
            }
            _ if is_substate(m) => {
                self.forward_command = m;
                self.forward_speed = p.speed;
            }
            _ if is_style(m) => {
                self.forward_command = READY;
                self.current_style = m;
            }
            _ if is_action(m) => return true,
            _ => {}
        }
        false
    }

    /// [`InterpretedMotionState::remove_motion`] on these fields.
    #[allow(clippy::collapsible_match)] // keeps ACE's else-if shape
    pub(crate) fn remove_motion(&mut self, m: u32) {
        match m {
            TURN_RIGHT => self.turn_command = 0,
            SIDE_STEP_RIGHT => self.sidestep_command = 0,
            _ if is_substate(m) => {
                if self.forward_command == m {
                    self.forward_command = READY;
                    self.forward_speed = 1.0;
                }
            }
            _ if is_style(m) => {
                if self.current_style == m {
                    self.current_style = NON_COMBAT;
                }
            }
            _ => {}
        }
    }
}

impl fmt::Debug for ActionNode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Destructured so that a new field cannot be left out silently.
        let ActionNode {
            action,
            speed,
            stamp,
            autonomous,
        } = self;
        f.debug_struct("ActionNode")
            .field("action", &MotionCommand(*action))
            .field("speed", speed)
            .field("stamp", stamp)
            .field("autonomous", autonomous)
            .finish()
    }
}

impl fmt::Debug for RawMotionState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Destructured so that a new field cannot be left out silently.
        let RawMotionState {
            actions,
            current_hold_key,
            current_style,
            forward_command,
            forward_hold_key,
            forward_speed,
            sidestep_command,
            sidestep_hold_key,
            sidestep_speed,
            turn_command,
            turn_hold_key,
            turn_speed,
        } = self;
        f.debug_struct("RawMotionState")
            .field("actions", actions)
            .field("current_hold_key", current_hold_key)
            .field("current_style", &MotionCommand(*current_style))
            .field("forward_command", &MotionCommand(*forward_command))
            .field("forward_hold_key", forward_hold_key)
            .field("forward_speed", forward_speed)
            .field("sidestep_command", &MotionCommand(*sidestep_command))
            .field("sidestep_hold_key", sidestep_hold_key)
            .field("sidestep_speed", sidestep_speed)
            .field("turn_command", &MotionCommand(*turn_command))
            .field("turn_hold_key", turn_hold_key)
            .field("turn_speed", turn_speed)
            .finish()
    }
}

impl fmt::Debug for InterpretedMotionState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Destructured so that a new field cannot be left out silently.
        let InterpretedMotionState {
            current_style,
            forward_command,
            forward_speed,
            sidestep_command,
            sidestep_speed,
            turn_command,
            turn_speed,
            actions,
        } = self;
        f.debug_struct("InterpretedMotionState")
            .field("current_style", &MotionCommand(*current_style))
            .field("forward_command", &MotionCommand(*forward_command))
            .field("forward_speed", forward_speed)
            .field("sidestep_command", &MotionCommand(*sidestep_command))
            .field("sidestep_speed", sidestep_speed)
            .field("turn_command", &MotionCommand(*turn_command))
            .field("turn_speed", turn_speed)
            .field("actions", actions)
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const KEYS: [HoldKey; 3] = [HoldKey::Invalid, HoldKey::None, HoldKey::Run];

    #[test]
    fn every_combination_of_hold_keys_packs_and_reads_back() {
        for c in KEYS {
            for f in KEYS {
                for s in KEYS {
                    for t in KEYS {
                        let state = RawMotionState {
                            current_hold_key: c,
                            forward_hold_key: f,
                            sidestep_hold_key: s,
                            turn_hold_key: t,
                            forward_command: 0x4500_0005,
                            turn_speed: -1.5,
                            ..RawMotionState::default()
                        };
                        let (core, keys) = RawCore::of(&state);
                        assert_eq!(keys.current(), c);
                        assert_eq!(core.with_actions(keys, ActionList::new()), state);
                        // Overwriting one key leaves the other three.
                        let mut k = keys;
                        k.set(HoldKeys::SIDESTEP, HoldKey::Run);
                        assert_eq!(
                            [k.get(0), k.get(2), k.get(4), k.get(6)],
                            [c, f, HoldKey::Run, t]
                        );
                    }
                }
            }
        }
        let (core, keys) = RawCore::of(&RawMotionState::default());
        assert!(core == RawCore::DEFAULT && keys == HoldKeys::DEFAULT);
    }
}
