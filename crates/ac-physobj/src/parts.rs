//! The part array: the animation sequence and the motion-table manager of one object.

use std::sync::Arc;

use ac_motiontable::{MotionTableManager, Resolver, Rules};
use ac_sequence::{AnimationSource, Sequence};

pub use ac_motiontable::MotionCompletion;

/// ACE `PartArray`, reduced to what motion needs: the sequence and the motion-table manager.
///
/// They are owned together because every manager operation drives this object's sequence;
/// both fields are public so table-layer and sequence-layer callers (the scenario runner's steps) can
/// split-borrow them (`manager.table_and_state_mut()` with `&mut sequence`).
#[derive(Debug)]
pub struct PartArray {
    /// The animation sequence player.
    pub sequence: Sequence,
    /// The motion-table manager (pending animation queue, completion).
    pub manager: MotionTableManager,
}

impl PartArray {
    /// A part array whose sequence loads animations from `source` and whose manager uses the
    /// motion table `table` (`None`: a manager without a table, ACE `Create(0)`), both under
    /// `rules` (the table is read under them whatever rules its resolver was built with).
    pub fn new(source: Arc<dyn AnimationSource>, table: Option<Resolver>, rules: Rules) -> Self {
        Self {
            sequence: Sequence::new(source, rules),
            manager: MotionTableManager::new(table, rules),
        }
    }

    /// The rules of the sequence and the manager.
    pub fn rules(&self) -> Rules {
        self.sequence.rules()
    }
}
