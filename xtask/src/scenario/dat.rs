//! `table ID from-dat`: a motion table, and every animation it references, read from a portal
//! DAT instead of being written out in the scenario.
//!
//! The DAT is the runner's [`DatSource`] (`scenario --dat PATH`, else `$AC_PORTAL_DAT`, else the
//! synthetic corpus), opened on the first `from-dat` line and kept for the rest of the run.

use ac_dat::{Animation, DatArchive, DatErrorKind, MotionTable};

use crate::source::{DatSource, SourceInfo};

/// The runner's DAT, opened on first use.
#[derive(Default)]
pub struct DatTables {
    /// Where to read; `None` until set or first used (then the default source).
    source: Option<DatSource>,
    opened: Option<(DatArchive, SourceInfo)>,
}

impl DatTables {
    /// Reads from `source`.
    pub fn new(source: DatSource) -> Self {
        Self {
            source: Some(source),
            opened: None,
        }
    }

    /// Table `id` and the animations it references that the DAT holds (ids it lacks are left
    /// out: appending one later is reported as an undefined animation).
    pub fn load(&mut self, id: u32) -> Result<(MotionTable, Vec<Animation>), String> {
        if self.opened.is_none() {
            let source = self
                .source
                .take()
                .unwrap_or_else(|| DatSource::resolve(None));
            let opened = source.open().map_err(|e| format!("from-dat: {e:#}"))?;
            self.opened = Some((opened.dat, opened.info));
        }
        let Some((dat, info)) = self.opened.as_ref() else {
            return Err("from-dat: no DAT".into());
        };
        let table = dat.read_motion_table(id).map_err(|e| {
            format!(
                "table 0x{id:08X} from-dat: {} has no such table: {e}",
                info.name()
            )
        })?;
        let mut ids: Vec<u32> = table
            .motion_data()
            .flat_map(|md| md.anims.iter().map(|a| a.anim_id))
            .collect();
        ids.sort_unstable();
        ids.dedup();
        let mut anims = Vec::with_capacity(ids.len());
        for anim in ids {
            match dat.read_animation(anim) {
                Ok(a) => anims.push(a),
                Err(e) if matches!(e.kind, DatErrorKind::NotFound) => {}
                Err(e) => {
                    return Err(format!(
                        "table 0x{id:08X} from-dat: animation 0x{anim:08X} in {}: {e}",
                        info.name()
                    ));
                }
            }
        }
        Ok((table, anims))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::exec::Runner;
    use ac_motiontable::command::{cycle_key, stance::NON_COMBAT};
    use ac_motiontable::motion::{READY, WALK_FORWARD};
    use ac_testkit::synthetic;

    fn synthetic_source() -> DatSource {
        DatSource::Synthetic {
            seed: synthetic::DEFAULT_SEED,
        }
    }

    #[test]
    fn a_scenario_replays_the_dat_humanoid() {
        let text = "table 0x09000001 from-dat\nobject table=0x09000001\nset_default_state\n\
                    do_object_motion WalkForward\n";
        let runner = Runner::new(ac_motiontable::Rules::default()).with_dat(synthetic_source());
        let out = crate::scenario::run_runner(text, runner);
        assert_eq!(out.error, None);
        // The walk queued the table's Ready -> WalkForward link, then the walk cycle.
        let t = synthetic::humanoid_table();
        let link = t
            .link(cycle_key(NON_COMBAT, READY), WALK_FORWARD)
            .expect("the humanoid has the link");
        let cycle = t
            .cycle(cycle_key(NON_COMBAT, WALK_FORWARD))
            .expect("the humanoid walks");
        let last_step = out.stdout.rsplit("step 4:").next().unwrap_or_default();
        for a in link.anims.iter().chain(&cycle.anims) {
            assert!(
                last_step.contains(&format!("anim=0x{:08X}", a.anim_id)),
                "0x{:08X} in {last_step}",
                a.anim_id
            );
        }
    }

    #[test]
    fn a_missing_table_names_the_dat() {
        let mut dat = DatTables::new(synthetic_source());
        let err = dat.load(0x0900_FFFF).expect_err("no such table");
        assert!(err.contains("the synthetic DAT (seed 0x"), "{err}");
        assert!(err.contains("0x0900FFFF"), "{err}");
    }
}
