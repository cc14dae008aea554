//! `ActionList`: a motion state's queued actions, one pointer wide while empty.

use std::fmt;
use std::ops::Deref;

use crate::state::ActionNode;

/// The actions queued in a motion state (ACE's `Actions` list), oldest first.
///
/// Why not a `Vec`: almost no motion state ever queues an action (an emote, an attack), and a
/// `Vec` would cost 24 bytes of empty header in every state a caller keeps (the wire messages'
/// states, the copies [`MotionInterp::raw_state`](crate::MotionInterp::raw_state) returns; the
/// interpreter itself keeps both states' actions in one box of its own). This list is one
/// pointer, null while no action was ever queued. It reads as a slice (`len`, `is_empty`, `iter`, indexing through `Deref`) and
/// changes through [`push`](Self::push), [`remove`](Self::remove) and
/// [`clear`](Self::clear), in the order a `Vec` would.
#[derive(Clone, Default)]
#[allow(clippy::box_collection)] // the box is the point: one pointer instead of a Vec header
pub struct ActionList(Option<Box<Vec<ActionNode>>>);

impl ActionList {
    /// An empty list (no allocation).
    pub const fn new() -> Self {
        ActionList(None)
    }

    /// Append an action (the list allocates on its first one).
    pub fn push(&mut self, action: ActionNode) {
        self.0.get_or_insert_with(Box::default).push(action);
    }

    /// Remove and return the action at `index`, shifting the later ones down; `None` when
    /// `index` is out of bounds.
    pub fn remove(&mut self, index: usize) -> Option<ActionNode> {
        let v = self.0.as_deref_mut()?;
        (index < v.len()).then(|| v.remove(index))
    }

    /// Remove every action (keeping the allocation for the next one).
    pub fn clear(&mut self) {
        if let Some(v) = self.0.as_deref_mut() {
            v.clear();
        }
    }

    /// The actions as a slice, oldest first.
    pub fn as_slice(&self) -> &[ActionNode] {
        self.0.as_deref().map_or(&[], Vec::as_slice)
    }
}

impl Deref for ActionList {
    type Target = [ActionNode];
    fn deref(&self) -> &[ActionNode] {
        self.as_slice()
    }
}

impl PartialEq for ActionList {
    /// Equal when they hold the same actions in the same order (allocated or not).
    fn eq(&self, other: &Self) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl fmt::Debug for ActionList {
    /// Printed as the list of its actions, as a `Vec` prints.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl From<Vec<ActionNode>> for ActionList {
    /// The actions of `v`, oldest first (an empty `Vec` allocates nothing).
    fn from(v: Vec<ActionNode>) -> Self {
        if v.is_empty() {
            ActionList(None)
        } else {
            ActionList(Some(Box::new(v)))
        }
    }
}

impl FromIterator<ActionNode> for ActionList {
    fn from_iter<I: IntoIterator<Item = ActionNode>>(iter: I) -> Self {
        iter.into_iter().collect::<Vec<_>>().into()
    }
}

impl<'a> IntoIterator for &'a ActionList {
    type Item = &'a ActionNode;
    type IntoIter = std::slice::Iter<'a, ActionNode>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn node(action: u32) -> ActionNode {
        ActionNode {
            action,
            speed: 1.0,
            stamp: 0,
            autonomous: false,
        }
    }

    #[test]
    fn behaves_like_a_vec() {
        let mut l = ActionList::new();
        let mut v = Vec::new();
        assert_eq!(l.as_slice(), v.as_slice());
        assert_eq!(l.remove(0), None);
        for a in [1, 2, 3] {
            l.push(node(a));
            v.push(node(a));
        }
        assert_eq!(l.as_slice(), v.as_slice());
        assert_eq!(l.remove(1), Some(v.remove(1)));
        assert_eq!(l.remove(5), None);
        assert_eq!(l.as_slice(), v.as_slice());
        assert_eq!(format!("{l:?}"), format!("{v:?}"));
        l.clear();
        assert!(l.is_empty());
        assert_eq!(l, ActionList::from(Vec::new()));
        assert_eq!(std::mem::size_of::<ActionList>(), 8);
    }
}
