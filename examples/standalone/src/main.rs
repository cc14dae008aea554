//! Walk a humanoid for two seconds and print where it went.
//!
//! `cargo run --manifest-path examples/standalone/Cargo.toml [-- PATH]` reads `client_portal.dat`
//! from `PATH` or `AC_PORTAL_DAT`; without either it uses the project's synthetic DAT (labelled
//! as such), written to a temporary file first.

use ac_physobj::prelude::*;

/// The humanoid Setup of the retail DAT (the synthetic DAT uses the same id).
const HUMANOID_SETUP: u32 = 0x0200_0001;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = match std::env::args().nth(1).or_else(|| std::env::var("AC_PORTAL_DAT").ok()) {
        Some(p) => p.into(),
        None => {
            let p = std::env::temp_dir().join("acmotion-standalone-synthetic.dat");
            let seed = ac_physobj::ac_dat::synthetic::DEFAULT_SEED;
            std::fs::write(&p, ac_physobj::ac_dat::synthetic::synthetic_dat(seed)?)?;
            eprintln!("no DAT given: using the synthetic DAT ({})", p.display());
            p
        }
    };
    let portal = PortalDat::open(&path)?;
    let mut world = World::new(Rules::default());
    let walker = world.spawn(portal.object(HUMANOID_SETUP)?)?;
    world[walker].do_motion(motion::WALK_FORWARD, &MovementParameters::default())?;
    for _ in 0..60 {
        world.step(1.0 / 30.0)?;
    }
    let p = world[walker].position();
    println!("after 2 s of walking: cell 0x{:08X}, at {}", p.cell_id, p.frame.origin);
    Ok(())
}
