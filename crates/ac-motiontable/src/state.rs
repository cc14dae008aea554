//! `MotionState`: the resolver's view of what an object is doing (ACE `MotionState`).

use std::fmt;

use crate::MotionCommand;

/// One entry of the modifier or action list: a motion id and the speed it was applied with
/// (ACE `Motion`). `Debug` names the motion beside its id.
#[derive(Clone, Copy, PartialEq)]
pub struct Motion {
    /// The motion id.
    pub id: u32,
    /// The speed it was added with; stopping a modifier subtracts with this speed.
    pub speed_mod: f32,
}

/// Style, substate and the modifier/action lists (ACE `MotionState`).
///
/// List semantics are the reference's exactly: modifiers are inserted at the **head** (so the
/// newest is first, which is what makes quirk `remodify-live-head` visible), actions are appended at the **tail**
/// and completed from the head. Both lists share one small buffer, the modifiers (head first)
/// before the actions (oldest first): one 24-byte header instead of two, and one allocation
/// for an object that ever had a modifier or an action. Its capacity is kept when entries are
/// removed so steady-state resolution does not allocate. The buffer is boxed and made on the
/// first entry: an object that never had a modifier or an action (a walker) holds one null
/// pointer (8 bytes) instead of a `Vec` header (24), and owns no heap for it. `Debug` names
/// every motion beside its id (`substate: RunForward(0x44000007)`); equality compares the
/// lists' entries, never whether or how large a buffer was made, and a clone makes a buffer
/// only for entries it holds.
pub struct MotionState {
    /// Current stance (0 until `SetDefaultState`).
    pub style: u32,
    /// Current looping state (0 until `SetDefaultState`).
    pub substate: u32,
    /// Speed of the current substate (1.0 by default).
    pub substate_mod: f32,
    /// How many entries of `list` are modifiers (they come first).
    modifier_count: u32,
    /// The modifiers, newest first, then the actions, oldest first; `None` until the first
    /// entry (the same as an empty list).
    #[allow(
        clippy::box_collection,
        reason = "the box is the point: 8 bytes inline instead of the Vec's 24"
    )]
    list: Option<Box<Vec<Motion>>>,
}

impl Clone for MotionState {
    fn clone(&self) -> Self {
        // Destructured so that a new field cannot be left out silently.
        let MotionState {
            style,
            substate,
            substate_mod,
            modifier_count,
            list: _,
        } = *self;
        let list = self.list();
        MotionState {
            style,
            substate,
            substate_mod,
            modifier_count,
            list: (!list.is_empty()).then(|| Box::new(list.to_vec())),
        }
    }
}

impl PartialEq for MotionState {
    fn eq(&self, other: &Self) -> bool {
        // Destructured so that a new field cannot be left out silently.
        let MotionState {
            style,
            substate,
            substate_mod,
            modifier_count,
            list: _,
        } = self;
        *style == other.style
            && *substate == other.substate
            && *substate_mod == other.substate_mod
            && *modifier_count == other.modifier_count
            && self.list() == other.list()
    }
}

impl fmt::Debug for Motion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Motion { id, speed_mod } = self;
        f.debug_struct("Motion")
            .field("id", &MotionCommand(*id))
            .field("speed_mod", speed_mod)
            .finish()
    }
}

impl fmt::Debug for MotionState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Destructured so that a new field cannot be left out silently.
        let MotionState {
            style,
            substate,
            substate_mod,
            modifier_count: _,
            list: _,
        } = self;
        f.debug_struct("MotionState")
            .field("style", &MotionCommand(*style))
            .field("substate", &MotionCommand(*substate))
            .field("substate_mod", substate_mod)
            .field("modifiers", &self.modifiers())
            .field("actions", &self.actions())
            .finish()
    }
}

impl Default for MotionState {
    fn default() -> Self {
        Self::new()
    }
}

impl MotionState {
    /// A fresh state: style 0, substate 0, `substate_mod` 1.0, empty lists.
    pub fn new() -> Self {
        Self {
            style: 0,
            substate: 0,
            substate_mod: 1.0,
            modifier_count: 0,
            list: None,
        }
    }

    /// Every entry: the modifiers, then the actions.
    #[inline]
    fn list(&self) -> &[Motion] {
        self.list.as_deref().map_or(&[], Vec::as_slice)
    }

    /// The buffer, made on first use.
    #[inline]
    fn list_mut(&mut self) -> &mut Vec<Motion> {
        self.list.get_or_insert_with(Box::default)
    }

    /// The modifier list, head (newest) first.
    #[inline]
    pub fn modifiers(&self) -> &[Motion] {
        &self.list()[..self.modifier_count as usize]
    }

    /// Whether any modifier is listed (what `re_modify` asks first, on every transition).
    #[inline]
    pub fn has_modifiers(&self) -> bool {
        self.modifier_count != 0
    }

    /// The action list, oldest first.
    #[inline]
    pub fn actions(&self) -> &[Motion] {
        &self.list()[self.modifier_count as usize..]
    }

    /// Append an action at the tail (ACE `add_action`).
    pub fn add_action(&mut self, id: u32, speed_mod: f32) {
        self.list_mut().push(Motion { id, speed_mod });
    }

    /// Add a modifier unless it equals the substate or is already listed (ACE `add_modifier`);
    /// returns whether it was added (at the head).
    pub fn add_modifier(&mut self, id: u32, speed_mod: f32) -> bool {
        if self.substate == id || self.modifiers().iter().any(|m| m.id == id) {
            return false;
        }
        self.add_modifier_no_check(id, speed_mod);
        true
    }

    /// Insert a modifier at the head without checks (ACE `add_modifier_no_check`).
    pub fn add_modifier_no_check(&mut self, id: u32, speed_mod: f32) {
        self.list_mut().insert(0, Motion { id, speed_mod });
        self.modifier_count += 1;
    }

    /// Empty the action list.
    pub fn clear_actions(&mut self) {
        if let Some(list) = &mut self.list {
            list.truncate(self.modifier_count as usize);
        }
    }

    /// Empty the modifier list.
    pub fn clear_modifiers(&mut self) {
        if let Some(list) = &mut self.list {
            list.drain(..self.modifier_count as usize);
        }
        self.modifier_count = 0;
    }

    /// Remove the oldest action, if any (ACE `remove_action_head`).
    pub fn remove_action_head(&mut self) {
        let head = self.modifier_count as usize;
        if let Some(list) = &mut self.list
            && head < list.len()
        {
            list.remove(head);
        }
    }

    /// Remove the modifier at `index` (head = 0); out of range is a no-op like ACE's null node.
    pub fn remove_modifier(&mut self, index: usize) -> Option<Motion> {
        let list = self.list.as_mut()?;
        (index < self.modifier_count as usize).then(|| {
            self.modifier_count -= 1;
            list.remove(index)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_state_without_entries_owns_no_buffer_and_is_24_bytes() {
        assert_eq!(std::mem::size_of::<MotionState>(), 24);
        let mut s = MotionState::new();
        s.clear_actions();
        s.clear_modifiers();
        s.remove_action_head();
        assert_eq!(s.remove_modifier(0), None);
        assert!(s.list.is_none(), "nothing was ever listed");
        assert!(s.modifiers().is_empty() && s.actions().is_empty());
    }

    #[test]
    fn equality_sees_the_entries_not_the_buffer() {
        let mut used = MotionState::new();
        used.add_action(0x1000_0051, 1.0);
        used.add_modifier_no_check(0x6500_000D, 2.0);
        assert_ne!(used, MotionState::new());
        assert_eq!(
            used.modifiers(),
            [Motion {
                id: 0x6500_000D,
                speed_mod: 2.0
            }]
        );
        assert_eq!(
            used.actions(),
            [Motion {
                id: 0x1000_0051,
                speed_mod: 1.0
            }]
        );
        used.remove_action_head();
        assert_eq!(used.remove_modifier(0).map(|m| m.id), Some(0x6500_000D));
        assert!(used.list.is_some(), "the buffer is kept");
        assert_eq!(used, MotionState::new());
        assert!(
            used.clone().list.is_none(),
            "a clone of no entries owns no buffer"
        );
        let mut other = MotionState::new();
        other.add_action(0x1000_0052, 1.0);
        let mut same = MotionState::new();
        same.add_action(0x1000_0052, 1.0);
        assert_eq!(other, same);
        let mut with_modifier = same.clone();
        with_modifier.add_modifier_no_check(0x6500_000F, 0.5);
        let copy = with_modifier.clone();
        assert_eq!(copy, with_modifier);
        assert_eq!(copy.modifiers().len(), 1);
        assert_eq!(copy.actions().len(), 1);
        same.add_action(0x1000_0052, 1.0);
        assert_ne!(other, same);
    }
}
