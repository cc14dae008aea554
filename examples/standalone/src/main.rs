//! Walk a humanoid for two seconds and print where it went.
//!
//! `cargo run --manifest-path examples/standalone/Cargo.toml -- PATH` reads `client_portal.dat`
//! from `PATH` (or `AC_PORTAL_DAT`). No real DAT ships with acmotion: `cargo xtask fixtures`
//! writes the project's synthetic one (to `target/synthetic/client_portal.dat`) to try it on.

use ac_physobj::prelude::*;

/// The humanoid Setup of the retail DAT (the synthetic DAT uses the same id).
const HUMANOID_SETUP: u32 = 0x0200_0001;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let Some(path) = std::env::args()
        .nth(1)
        .or_else(|| std::env::var("AC_PORTAL_DAT").ok())
    else {
        return Err("usage: standalone PATH/TO/client_portal.dat (or set AC_PORTAL_DAT); \
                    `cargo xtask fixtures` writes a synthetic one"
            .into());
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
