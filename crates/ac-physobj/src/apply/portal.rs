//! Building the object a CreateObject describes.

use crate::builder::{BuildError, PhysicsObjBuilder, PortalDat};
use crate::wire::CreateObject;

impl PortalDat {
    /// A builder for the object `c` creates: the motion table it names (else its Setup's
    /// default one) with the DAT's animations, its id, and its position when it carries one.
    /// Apply the message itself to the built object afterwards
    /// ([`World::apply_message`](crate::World::apply_message)) for its movement, velocity and
    /// stamps.
    ///
    /// Errors: the Setup or motion table is not in the DAT ([`BuildError::Dat`]), or neither
    /// the message nor its Setup names a motion table ([`BuildError::NoMotionTable`]).
    pub fn object_for(&self, c: &CreateObject) -> Result<PhysicsObjBuilder, BuildError> {
        let p = &c.physics;
        let table = match (p.motion_table, p.setup) {
            (Some(table), _) => table,
            (None, Some(setup)) => self.archive().read_setup(setup)?.default_motion_table,
            (None, None) => 0,
        };
        if table == 0 {
            return Err(BuildError::NoMotionTable {
                setup: p.setup.unwrap_or(0),
            });
        }
        let mut builder = crate::PhysicsObj::builder()
            .resolver(self.motion_table(table)?)
            .animations(self.animations())
            .id(c.guid);
        if let Some(pos) = p.position {
            builder = builder.position(pos);
        }
        Ok(builder)
    }
}
