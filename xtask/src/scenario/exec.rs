//! Running steps: the only place that calls the layer crates.
//!
//! [`Runner`] keeps the scenario's bookkeeping (definitions, options, layer switches, step
//! numbers) and the current object, calls the crates' public APIs for each step and prints
//! what they report. Everything a dump shows is read through the crates' accessors.

use super::defs::{Def, Definitions, is_definition, parse_def};
use super::format::Fmt;
use super::steps::{Step, parse_step};
use std::fmt::Write as _;

/// The object a scenario currently drives, with the facts the runner needs for bad-input
/// checks (which it created itself).
struct Session {
    has_weenie: bool,
    has_mi: bool,
}

/// Runs a scenario line by line and accumulates its trace.
#[derive(Default)]
pub struct Runner {
    out: String,
    defs: Definitions,
    fmt: Fmt,
    autodump_off: bool,
    physics_on: bool,
    interp_on: bool,
    step_no: usize,
    session: Option<Session>,
}

impl Runner {
    /// The trace printed so far.
    pub fn into_output(self) -> String {
        self.out
    }

    /// Handles one non-empty line; `Err` is bad input at this line.
    pub fn line(&mut self, tokens: &[&str]) -> Result<(), String> {
        let (kw, rest) = (tokens[0], &tokens[1..]);
        if is_definition(kw) {
            let def = parse_def(kw, rest)?;
            if let Def::Option { bits, autodump } = def {
                if let Some(b) = bits {
                    self.fmt.bits = b;
                }
                if let Some(a) = autodump {
                    self.autodump_off = !a;
                }
                return Ok(());
            }
            return self.defs.apply(def);
        }
        let step = parse_step(kw, rest)?;
        self.step_no += 1;
        self.check(&step)?;
        let _ = writeln!(self.out, "step {}: {}", self.step_no, tokens.join(" "));
        if step.switches_physics() {
            self.physics_on = true;
        }
        if step.switches_interp() {
            self.interp_on = true;
        }
        self.execute(&step)?;
        if !self.autodump_off || step == Step::Dump {
            self.dump();
        }
        Ok(())
    }

    /// Preconditions that make a step bad input (FORMAT.md §9).
    fn check(&self, step: &Step) -> Result<(), String> {
        if step.needs_object() && self.session.is_none() {
            return Err("this op needs an object (no `object` step yet)".into());
        }
        if step.needs_mi() && !self.session.as_ref().is_some_and(|s| s.has_mi) {
            return Err("this op needs a MotionInterp (no `mi_create` since `object`)".into());
        }
        if let Step::Set(s) = step
            && s.has_weenie_key()
            && !self.session.as_ref().is_some_and(|s| s.has_weenie)
        {
            return Err("weenie key on an object created with weenie=0".into());
        }
        Ok(())
    }

    fn execute(&mut self, step: &Step) -> Result<(), String> {
        match step {
            Step::Object { table, weenie, .. } => {
                let data = self.defs.data_set();
                if *table != 0 && !data.tables.contains_key(table) {
                    return Err(format!("object table=0x{table:08X} was never defined"));
                }
                self.session = Some(Session {
                    has_weenie: *weenie,
                    has_mi: false,
                });
                Ok(())
            }
            Step::Dump => Ok(()),
            Step::MiCreate => {
                if let Some(s) = self.session.as_mut() {
                    s.has_mi = true;
                }
                Ok(())
            }
            other => Err(format!("op {other:?} is not wired to the crates yet")),
        }
    }

    fn dump(&mut self) {
        if self.session.is_none() {
            return;
        }
        let _ = self.physics_on;
        let _ = self.interp_on;
    }
}
