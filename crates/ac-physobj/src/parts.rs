//! The part array: the animation sequence and the motion-table manager of one object.

use std::sync::Arc;

use ac_motiontable::{Fidelity, MotionTableManager, Resolver};
use ac_sequence::{AnimationSource, Sequence};

pub use ac_motiontable::MotionCompletion;

/// ACE `PartArray`, reduced to what motion needs: the sequence and the motion-table manager.
///
/// They are owned together because every manager operation drives this object's sequence;
/// both fields are public so table-layer and sequence-layer callers (FORMAT.md §7.2, §7.4) can
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
    /// motion table `table` (`None`: a manager without a table, ACE `Create(0)`).
    pub fn new(source: Arc<dyn AnimationSource>, table: Option<Resolver>) -> Self {
        Self {
            sequence: Sequence::new(source),
            manager: MotionTableManager::new(table),
        }
    }

    /// The same with the sequence's fidelity chosen.
    pub fn with_fidelity(
        source: Arc<dyn AnimationSource>,
        table: Option<Resolver>,
        fidelity: Fidelity,
    ) -> Self {
        Self {
            sequence: Sequence::new(source).with_fidelity(fidelity),
            manager: MotionTableManager::new(table),
        }
    }
}
