//! Movement parameters, hold keys and the movement request (`MovementParameters.cs`,
//! `MovementParamFlags.cs`, `HoldKey.cs`, `MovementStruct.cs`, `MovementType.cs`).

use ac_sequence::Position;
use bitflags::bitflags;

/// Which key modifies a motion (ACE `HoldKey`). `Invalid` means "use the current hold key".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[repr(u8)]
pub enum HoldKey {
    /// "Not specified": `adjust_motion` substitutes the raw state's current hold key.
    #[default]
    Invalid = 0,
    /// Walk (no modifier key held).
    None = 1,
    /// Run held: `apply_run_to_command` promotes and scales.
    Run = 2,
}

impl HoldKey {
    /// ACE's enum name, as the trace dumps print it.
    pub fn name(self) -> &'static str {
        match self {
            HoldKey::Invalid => "Invalid",
            HoldKey::None => "None",
            HoldKey::Run => "Run",
        }
    }

    /// The wire value (0, 1, 2).
    pub fn code(self) -> u32 {
        self as u32
    }

    /// Parse ACE's enum name (`Invalid`, `None`, `Run`); other text is `None` (the Option).
    pub fn from_name(name: &str) -> Option<HoldKey> {
        match name {
            "Invalid" => Some(HoldKey::Invalid),
            "None" => Some(HoldKey::None),
            "Run" => Some(HoldKey::Run),
            _ => Option::None,
        }
    }
}

bitflags! {
    /// The flag word of [`MovementParameters`] (ACE `MovementParamFlags`, bit layout shared
    /// with the retail client).
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
    pub struct MovementParamFlags: u32 {
        /// Move-to may walk.
        const CAN_WALK = 0x0000_0001;
        /// Move-to may run.
        const CAN_RUN = 0x0000_0002;
        /// Move-to may sidestep.
        const CAN_SIDESTEP = 0x0000_0004;
        /// Move-to may walk backwards.
        const CAN_WALK_BACKWARDS = 0x0000_0008;
        /// Move-to may charge.
        const CAN_CHARGE = 0x0000_0010;
        /// Move-to fails instead of walking.
        const FAIL_WALK = 0x0000_0020;
        /// Move-to turns to the final heading.
        const USE_FINAL_HEADING = 0x0000_0040;
        /// Move-to sticks to the target.
        const STICKY = 0x0000_0080;
        /// Move-to moves away from the target.
        const MOVE_AWAY = 0x0000_0100;
        /// Move-to moves towards the target.
        const MOVE_TOWARDS = 0x0000_0200;
        /// Move-to measures between spheres.
        const USE_SPHERES = 0x0000_0400;
        /// `DoMotion` applies `hold_key_to_apply` through `SetHoldKey`.
        const SET_HOLD_KEY = 0x0000_0800;
        /// The motion was initiated by the object itself (stored on action nodes).
        const AUTONOMOUS = 0x0000_1000;
        /// `DoMotion`/`StopMotion` update the raw state on success.
        const MODIFY_RAW_STATE = 0x0000_2000;
        /// `DoInterpretedMotion`/`StopInterpretedMotion` update the interpreted state.
        const MODIFY_INTERPRETED_STATE = 0x0000_4000;
        /// `DoMotion`/`StopMotion` cancel an active move-to first.
        const CANCEL_MOVETO = 0x0000_8000;
        /// Move-to stops completely at the end.
        const STOP_COMPLETELY = 0x0001_0000;
        /// Queue the motion with `YouCantJumpFromThisPosition` as its jump error.
        const DISABLE_JUMP_DURING_LINK = 0x0002_0000;
    }
}

impl MovementParamFlags {
    /// The flags `MovementParameters.CopySome` copies (quirk `motion-params-copy`).
    pub const COPY_SOME: MovementParamFlags = MovementParamFlags::CAN_WALK
        .union(MovementParamFlags::CAN_RUN)
        .union(MovementParamFlags::CAN_SIDESTEP)
        .union(MovementParamFlags::CAN_WALK_BACKWARDS)
        .union(MovementParamFlags::CAN_CHARGE)
        .union(MovementParamFlags::MOVE_TOWARDS)
        .union(MovementParamFlags::USE_SPHERES)
        .union(MovementParamFlags::SET_HOLD_KEY)
        .union(MovementParamFlags::MODIFY_RAW_STATE)
        .union(MovementParamFlags::MODIFY_INTERPRETED_STATE)
        .union(MovementParamFlags::CANCEL_MOVETO)
        .union(MovementParamFlags::STOP_COMPLETELY);
}

/// Options of a motion request (ACE `MovementParameters`).
///
/// [`Default`] gives ACE's `new MovementParameters()`: flag word 0x1EE1F (every `Can*`,
/// MoveTowards, UseSpheres, SetHoldKey, ModifyRaw/Interpreted, CancelMoveTo, StopCompletely),
/// speed 1, distance-to-object 0.6, fail distance `f32::MAX`, walk/run threshold 1.0, hold key
/// `Invalid`, context and action stamp 0.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MovementParameters {
    /// The boolean options.
    pub flags: MovementParamFlags,
    /// Move-to arrival distance.
    pub distance_to_object: f32,
    /// Move-to minimum distance (move-away).
    pub min_distance: f32,
    /// Move-to final heading.
    pub desired_heading: f32,
    /// Motion speed (signed; negative plays backwards).
    pub speed: f32,
    /// Move-to give-up distance.
    pub fail_distance: f32,
    /// Move-to distance above which it runs.
    pub walk_run_threshold: f32,
    /// Caller's id for the pending-motion entry.
    pub context_id: i32,
    /// Hold key to apply (`Invalid` = use the current one).
    pub hold_key_to_apply: HoldKey,
    /// Action sequence stamp stored on action nodes.
    pub action_stamp: i32,
}

impl Default for MovementParameters {
    fn default() -> Self {
        MovementParameters {
            flags: MovementParamFlags::from_bits_retain(0x1EE1F),
            distance_to_object: 0.6,
            min_distance: 0.0,
            desired_heading: 0.0,
            speed: 1.0,
            fail_distance: f32::MAX,
            walk_run_threshold: 1.0,
            context_id: 0,
            hold_key_to_apply: HoldKey::Invalid,
            action_stamp: 0,
        }
    }
}

macro_rules! flag_accessors {
    ($($get:ident, $set:ident, $flag:ident;)*) => {
        impl MovementParameters {
            $(
                #[doc = concat!("Whether `", stringify!($flag), "` is set.")]
                pub fn $get(&self) -> bool {
                    self.flags.contains(MovementParamFlags::$flag)
                }
                #[doc = concat!("Set or clear `", stringify!($flag), "`.")]
                pub fn $set(&mut self, on: bool) {
                    self.flags.set(MovementParamFlags::$flag, on);
                }
            )*
        }
    };
}

flag_accessors! {
    set_hold_key, set_set_hold_key, SET_HOLD_KEY;
    autonomous, set_autonomous, AUTONOMOUS;
    modify_raw_state, set_modify_raw_state, MODIFY_RAW_STATE;
    modify_interpreted_state, set_modify_interpreted_state, MODIFY_INTERPRETED_STATE;
    cancel_moveto, set_cancel_moveto, CANCEL_MOVETO;
    stop_completely, set_stop_completely, STOP_COMPLETELY;
    disable_jump_during_link, set_disable_jump_during_link, DISABLE_JUMP_DURING_LINK;
}

impl MovementParameters {
    /// ACE `CopySome`: a fresh default parameter set that takes from `other` only the move-to
    /// flags, the state-modification flags, the distances, the speed, the walk/run threshold and the hold
    /// key.
    /// Context id, action stamp, Autonomous and DisableJumpDuringLink keep their defaults —
    /// the reason interpreted actions issued by `DoMotion` carry stamp 0 (quirk `motion-params-copy`).
    pub fn copy_some(other: &MovementParameters) -> MovementParameters {
        let mut q = MovementParameters::default();
        let keep = MovementParamFlags::COPY_SOME;
        q.flags = (q.flags - keep) | (other.flags & keep);
        q.distance_to_object = other.distance_to_object;
        q.fail_distance = other.fail_distance;
        q.min_distance = other.min_distance;
        q.speed = other.speed;
        q.walk_run_threshold = other.walk_run_threshold;
        q.hold_key_to_apply = other.hold_key_to_apply;
        q
    }
}

pub use ac_motiontable::MovementType;

/// A movement request (ACE `MovementStruct`), the unit `PerformMovement` dispatches.
///
/// Motion commands use `motion` and `params`; the move-to kinds (movement types 6–9, which is
/// also what their network messages decode to) use the target fields and `params`. Build one
/// with the constructor of its kind.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct MovementStruct {
    /// What to do.
    pub movement_type: MovementType,
    /// The motion id (motion commands; ignored by `StopCompletely` and the move-to kinds).
    pub motion: u32,
    /// The object to move or turn to (MoveToObject, TurnToObject).
    pub object_id: u32,
    /// Its top-level object, whose target reports are followed (the object itself unless it
    /// is carried by another).
    pub top_level_id: u32,
    /// The target object's cylinder radius (MoveToObject).
    pub radius: f32,
    /// The target object's cylinder height (MoveToObject).
    pub height: f32,
    /// The position to move to (MoveToPosition).
    pub position: Position,
    /// The options.
    pub params: MovementParameters,
}

impl MovementStruct {
    /// A motion request of `movement_type` for `motion` with `params`.
    pub fn new(movement_type: MovementType, motion: u32, params: MovementParameters) -> Self {
        MovementStruct {
            movement_type,
            motion,
            params,
            ..MovementStruct::default()
        }
    }

    /// MoveToObject: walk or run to object `object_id` (top-level object `top_level_id`),
    /// measuring to its cylinder of `radius` and `height`.
    pub fn move_to_object(
        object_id: u32,
        top_level_id: u32,
        radius: f32,
        height: f32,
        params: MovementParameters,
    ) -> Self {
        MovementStruct {
            movement_type: MovementType::MoveToObject,
            object_id,
            top_level_id,
            radius,
            height,
            params,
            ..MovementStruct::default()
        }
    }

    /// MoveToPosition: walk or run to `position`.
    pub fn move_to_position(position: Position, params: MovementParameters) -> Self {
        MovementStruct {
            movement_type: MovementType::MoveToPosition,
            position,
            params,
            ..MovementStruct::default()
        }
    }

    /// TurnToObject: turn to face object `object_id` (top-level object `top_level_id`).
    pub fn turn_to_object(object_id: u32, top_level_id: u32, params: MovementParameters) -> Self {
        MovementStruct {
            movement_type: MovementType::TurnToObject,
            object_id,
            top_level_id,
            params,
            ..MovementStruct::default()
        }
    }

    /// TurnToHeading: turn to face `params.desired_heading`.
    pub fn turn_to_heading(params: MovementParameters) -> Self {
        MovementStruct {
            movement_type: MovementType::TurnToHeading,
            params,
            ..MovementStruct::default()
        }
    }
}
