//! Building ready objects: [`PhysicsObjBuilder`], and [`PortalDat`] for objects described by a
//! portal DAT's setups.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::{Arc, RwLock};

use ac_dat::{DatArchive, DatError, MotionTable};
use ac_interp_manager::Position;
use ac_motioninterp::{MovementManager, Weenie};
use ac_motiontable::{Resolver, Rules};
use ac_sequence::{AnimationSource, DatAnimations, NoAnimations};

use crate::object::PhysicsObj;
use crate::parts::PartArray;
use crate::weenie::ConfigWeenie;

/// Why an object could not be built or added to a world.
#[derive(Debug, thiserror::Error)]
pub enum BuildError {
    /// The DAT could not be opened or a record in it could not be read.
    #[error("reading the portal DAT: {0}")]
    Dat(#[from] DatError),
    /// The setup names no motion table (its default motion table id is 0).
    #[error("setup 0x{setup:08X} has no default motion table")]
    NoMotionTable {
        /// The setup id asked for.
        setup: u32,
    },
    /// The object's rules differ from the world's (a world's objects follow one set of rules).
    #[error("the object's rules differ from the world's")]
    RulesMismatch,
}

/// Where the builder's motion table comes from.
#[derive(Debug, Clone)]
enum Table {
    /// A decoded record, indexed at build time under the object's rules.
    Record(Arc<MotionTable>),
    /// A shared, already indexed table (read under the object's rules).
    Resolver(Resolver),
}

/// A ready-to-use [`PhysicsObj`], configured step by step.
///
/// The defaults make a creature ([`ConfigWeenie::default`]) under ACE's [`Rules`], without
/// animations or motion table, standing at the origin of cell 0 on flat ground at its own
/// height, active, with its motion interpreter in its default state. Set what differs:
///
/// ```
/// use std::sync::Arc;
/// use ac_physobj::prelude::*;
///
/// let table = ac_testkit::synthetic::humanoid_table(); // a synthetic humanoid, for the example
/// let anims: AnimationCache = ac_testkit::synthetic::animations().into_iter().collect();
/// let mut obj = PhysicsObj::builder()
///     .rules(Rules::retail())
///     .motion_table(table)
///     .animations(Arc::new(anims))
///     .heading(90.0)
///     .build();
/// obj.do_motion(motion::WALK_FORWARD, &MovementParameters::default())?;
/// assert_eq!(obj.rules(), Rules::retail());
/// # Ok::<(), WeenieError>(())
/// ```
#[derive(Clone)]
#[must_use = "a builder does nothing until `build` (or `World::spawn`)"]
pub struct PhysicsObjBuilder<W = ConfigWeenie> {
    rules: Option<Rules>,
    table: Option<Table>,
    animations: Option<Arc<dyn AnimationSource>>,
    weenie: Option<W>,
    position: Position,
    heading: Option<f32>,
    on_ground: bool,
    id: u32,
    cylinder: (f32, f32),
}

impl<W: std::fmt::Debug> std::fmt::Debug for PhysicsObjBuilder<W> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PhysicsObjBuilder")
            .field("rules", &self.rules)
            .field("table", &self.table)
            .field("animations", &self.animations.is_some())
            .field("weenie", &self.weenie)
            .field("position", &self.position)
            .field("heading", &self.heading)
            .field("on_ground", &self.on_ground)
            .field("id", &self.id)
            .field("cylinder", &self.cylinder)
            .finish()
    }
}

impl PhysicsObjBuilder<ConfigWeenie> {
    /// The defaults (see the type's docs).
    pub(crate) fn new() -> Self {
        Self {
            rules: None,
            table: None,
            animations: None,
            weenie: Some(ConfigWeenie::default()),
            position: Position::ZERO,
            heading: None,
            on_ground: true,
            id: 0,
            cylinder: (0.0, 0.0),
        }
    }
}

impl<W: Weenie> PhysicsObjBuilder<W> {
    /// The rules every layer of the object follows (default: ACE's). A [`World`](crate::World)
    /// spawning the builder uses its own rules when none are set here.
    pub fn rules(mut self, rules: Rules) -> Self {
        self.rules = Some(rules);
        self
    }

    /// The motion table, indexed when the object is built. To share one index between many
    /// objects, build a [`Resolver`] once and pass it to [`Self::resolver`].
    pub fn motion_table(mut self, table: impl Into<Arc<MotionTable>>) -> Self {
        self.table = Some(Table::Record(table.into()));
        self
    }

    /// An indexed motion table (cheap to clone: every object using the table shares it). The
    /// object reads it under its own rules.
    pub fn resolver(mut self, resolver: Resolver) -> Self {
        self.table = Some(Table::Resolver(resolver));
        self
    }

    /// Where the animations come from: a [`DatAnimations`] over a DAT, an in-memory
    /// [`AnimationCache`](ac_sequence::AnimationCache), or your own source. Default: none (every
    /// animation is missing; velocities still integrate).
    pub fn animations(mut self, source: Arc<dyn AnimationSource>) -> Self {
        self.animations = Some(source);
        self
    }

    /// The game object the interpreter asks about the character (default
    /// [`ConfigWeenie::default`], a creature).
    pub fn weenie<W2: Weenie>(self, weenie: W2) -> PhysicsObjBuilder<W2> {
        PhysicsObjBuilder {
            rules: self.rules,
            table: self.table,
            animations: self.animations,
            weenie: Some(weenie),
            position: self.position,
            heading: self.heading,
            on_ground: self.on_ground,
            id: self.id,
            cylinder: self.cylinder,
        }
    }

    /// No game object: the interpreter uses ACE's null-weenie answers (run rate 1, jump
    /// velocity 10, …).
    pub fn no_weenie(mut self) -> Self {
        self.weenie = None;
        self
    }

    /// Where the object starts (default: the origin of cell 0).
    pub fn position(mut self, position: Position) -> Self {
        self.position = position;
        self
    }

    /// The compass heading it starts with (0 = +Y, clockwise, degrees).
    pub fn heading(mut self, degrees: f32) -> Self {
        self.heading = Some(degrees);
        self
    }

    /// The object's ACE id (default 0): what its target reports carry, and how a
    /// [`World`](crate::World) finds it when another object moves to, turns to or sticks to it
    /// — give every object that others follow a distinct non-zero id.
    pub fn id(mut self, id: u32) -> Self {
        self.id = id;
        self
    }

    /// The object's cylinder (default 0 × 0): move-to distances with UseSpheres are measured
    /// between cylinders, and a sticky pull stops at the target's.
    pub fn cylinder(mut self, radius: f32, height: f32) -> Self {
        self.cylinder = (radius, height);
        self
    }

    /// Start in the air instead of standing on flat ground at the start height: gravity pulls
    /// it down forever (there is no collision) until [`PhysicsObj::land_on_flat_ground`].
    pub fn airborne(mut self) -> Self {
        self.on_ground = false;
        self
    }

    /// The rules the object will follow, if set.
    pub(crate) fn explicit_rules(&self) -> Option<Rules> {
        self.rules
    }

    /// The object.
    pub fn build(self) -> PhysicsObj<W> {
        let rules = self.rules.unwrap_or_default();
        let resolver = self.table.map(|t| match t {
            Table::Record(record) => Resolver::new(record, rules),
            Table::Resolver(r) => r,
        });
        let source = self.animations.unwrap_or_else(|| Arc::new(NoAnimations));
        let mut obj = PhysicsObj::new(PartArray::new(source, resolver, rules), self.weenie);
        obj.core.set_id(self.id);
        obj.core.set_radius(self.cylinder.0);
        obj.core.set_height(self.cylinder.1);
        obj.set_position(&self.position);
        if let Some(h) = self.heading {
            obj.set_heading(h);
        }
        if self.on_ground {
            obj.land_on_flat_ground(self.position.frame.origin.z);
        } else {
            obj.set_on_walkable(false);
            obj.core.transient.remove(crate::TransientState::CONTACT);
        }
        let _ = obj.set_active(true);
        // ACE `MakeMovementManager(true)`: the interpreter in its default state, so the Ready
        // cycle plays before the first motion.
        let mut mm = MovementManager::with_clock(rules, obj.core.update_time);
        obj.sync_constraint();
        mm.enter_default_state(&mut obj.core);
        obj.mm = Some(mm);
        obj
    }
}

/// A portal DAT opened for building objects: its animations (decoded on first use and shared
/// by every object) and its motion tables (indexed once per id and shared).
///
/// ```
/// use ac_physobj::prelude::*;
///
/// # let bytes = ac_testkit::synthetic::synthetic_dat(ac_testkit::synthetic::DEFAULT_SEED)?;
/// # let archive = DatArchive::from_vec(bytes)?;
/// let portal = PortalDat::new(archive); // or PortalDat::open(path)?
/// let humanoid = portal.object(0x0200_0001)?.build(); // a Setup id
/// assert!(humanoid.parts().manager.has_table());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct PortalDat {
    animations: Arc<DatAnimations>,
    tables: RwLock<BTreeMap<u32, Resolver>>,
}

impl std::fmt::Debug for PortalDat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PortalDat")
            .field("archive", self.archive())
            .field("animations_cached", &self.animations.cached_len())
            .finish()
    }
}

impl PortalDat {
    /// Memory-map `client_portal.dat` at `path`.
    pub fn open(path: impl AsRef<Path>) -> Result<Self, BuildError> {
        Ok(Self::new(DatArchive::open(path)?))
    }

    /// Use an opened archive.
    pub fn new(archive: DatArchive) -> Self {
        Self {
            animations: Arc::new(DatAnimations::new(archive)),
            tables: RwLock::new(BTreeMap::new()),
        }
    }

    /// The archive.
    pub fn archive(&self) -> &DatArchive {
        self.animations.archive()
    }

    /// The DAT's animations, as a shared source.
    pub fn animations(&self) -> Arc<dyn AnimationSource> {
        Arc::clone(&self.animations) as Arc<dyn AnimationSource>
    }

    /// Motion table `id` (0x09……), indexed on first use and shared afterwards.
    pub fn motion_table(&self, id: u32) -> Result<Resolver, BuildError> {
        if let Some(r) = self
            .tables
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .get(&id)
        {
            return Ok(r.clone());
        }
        let r = Resolver::new(self.archive().read_motion_table(id)?, Rules::default());
        self.tables
            .write()
            .unwrap_or_else(|e| e.into_inner())
            .insert(id, r.clone());
        Ok(r)
    }

    /// A builder for the object setup `setup_id` (0x02……) describes: its default motion table
    /// and the DAT's animations.
    pub fn object(&self, setup_id: u32) -> Result<PhysicsObjBuilder, BuildError> {
        let setup = self.archive().read_setup(setup_id)?;
        if setup.default_motion_table == 0 {
            return Err(BuildError::NoMotionTable { setup: setup_id });
        }
        Ok(PhysicsObj::builder()
            .resolver(self.motion_table(setup.default_motion_table)?)
            .animations(self.animations()))
    }
}
