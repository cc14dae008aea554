//! Target reports and the end of a move (ACE `MoveToManager.cs`: `HandleUpdateTarget`,
//! `CancelMoveTo`, `CleanUp`, `CleanUpAndCallWeenie`).

use super::host::MoveToHost;
use super::manager::MoveToManager;
use super::minterp::Minterp;
use super::target::{TargetInfo, TargetStatus};
use crate::error::WeenieError;
use crate::params::{MovementParameters, MovementType};

impl MoveToManager {
    /// Whether an idle manager that never moved (top-level object 0) returns from
    /// [`Self::handle_update_target`] before changing anything: every report except one about
    /// object 0. The movement manager skips creating its move-to manager for those.
    pub(crate) fn idle_ignores_update(info: &TargetInfo) -> bool {
        info.object_id != 0
    }

    /// `HandleUpdateTarget(info)`: a report about the followed object.
    ///
    /// Before the first report is handled, an OK report plans the move (or the turn) and
    /// anything else ends it with `NoObject`; a report while the manager follows *itself*
    /// completes at once (for an object with id 0 that includes the `TimedOut` report of
    /// target 0, even on an idle manager). Afterwards an OK report re-aims a MoveToObject and
    /// restarts its progress window with `f32::MAX` distances (so the next checks pass), and
    /// anything else ends the move with `ObjectGone`. Reports about other objects are ignored,
    /// as are OK reports without positions (ACE never sends those).
    pub(crate) fn handle_update_target<H: MoveToHost + ?Sized>(
        &mut self,
        mi: &mut Minterp<'_>,
        host: &mut H,
        info: &TargetInfo,
    ) {
        if self.top_level_object_id != info.object_id {
            return;
        }
        let ok = info.status == TargetStatus::Ok;
        if self.initialized {
            if !ok {
                self.cancel_move_to(mi, host, WeenieError::ObjectGone);
            } else if self.movement_type == MovementType::MoveToObject {
                let (Some(target), Some(predicted)) =
                    (info.target_position, info.interpolated_position)
                else {
                    return;
                };
                let now = host.current_time();
                self.sought_position = predicted;
                self.current_target_position = target;
                self.previous_distance = f32::MAX;
                self.previous_distance_time = now;
                self.original_distance = f32::MAX;
                self.original_distance_time = now;
            }
        } else if self.top_level_object_id == host.object_id() {
            let here = host.position();
            self.sought_position = here;
            self.current_target_position = here;
            self.clean_up_and_call_weenie(mi, host, WeenieError::None);
        } else if ok {
            let Some(target) = info.target_position else {
                return;
            };
            match self.movement_type {
                MovementType::MoveToObject => {
                    let predicted = info.interpolated_position.unwrap_or(target);
                    self.move_to_object_internal(mi, host, target, predicted);
                }
                MovementType::TurnToObject => self.turn_to_object_internal(mi, host, target),
                _ => {}
            }
        } else {
            self.cancel_move_to(mi, host, WeenieError::NoObject);
        }
    }

    /// `CancelMoveTo(status)`: end the move under way with `status`; nothing when idle (the
    /// pending nodes are then *not* cleared, so a node left by a cleanup survives).
    pub(crate) fn cancel_move_to<H: MoveToHost + ?Sized>(
        &mut self,
        mi: &mut Minterp<'_>,
        host: &mut H,
        status: WeenieError,
    ) {
        if self.movement_type == MovementType::Invalid {
            return;
        }
        self.pending.clear();
        self.clean_up_and_call_weenie(mi, host, status);
    }

    /// `CleanUp`: stop the current and steering motions, stop following the target, and go
    /// back to idle ([`Self::initialize_local_vars`]; the pending nodes stay).
    pub(crate) fn clean_up<H: MoveToHost + ?Sized>(&mut self, mi: &mut Minterp<'_>, host: &mut H) {
        let mut mp = MovementParameters {
            hold_key_to_apply: self.params.hold_key_to_apply,
            ..MovementParameters::default()
        };
        mp.set_cancel_moveto(false);
        if self.current_command != 0 {
            let cur = self.current_command;
            let _ = mi.stop_motion(host, cur, &mut mp);
        }
        if self.aux_command != 0 {
            let aux = self.aux_command;
            let _ = mi.stop_motion(host, aux, &mut mp);
        }
        if self.top_level_object_id != 0 && self.movement_type != MovementType::Invalid {
            host.clear_target();
        }
        self.initialize_local_vars(host.current_time());
    }

    /// `CleanUpAndCallWeenie(status)`: clean up, stop completely, and report how the move
    /// ended ([`MoveToHost::move_complete`]).
    pub(crate) fn clean_up_and_call_weenie<H: MoveToHost + ?Sized>(
        &mut self,
        mi: &mut Minterp<'_>,
        host: &mut H,
        status: WeenieError,
    ) {
        self.clean_up(mi, host);
        self.stop_completely(mi, host);
        host.move_complete(status);
    }
}
