//! What a target manager reports about the object a mover follows (ACE `TargetInfo`,
//! `TargetStatus`).

use ac_sequence::Position;
use glam::Vec3;

/// How a followed object is doing (ACE `TargetStatus`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[repr(u32)]
pub enum TargetStatus {
    /// No answer yet.
    #[default]
    Undefined = 0,
    /// The target answered; its position is in the update.
    Ok = 1,
    /// The target left the world.
    ExitWorld = 2,
    /// The target teleported.
    Teleported = 3,
    /// The target went into a container.
    Contained = 4,
    /// The target was parented to another object.
    Parented = 5,
    /// The target never answered (or the target id was 0).
    TimedOut = 6,
}

impl TargetStatus {
    /// Every status, in code order.
    pub const ALL: [TargetStatus; 7] = [
        TargetStatus::Undefined,
        TargetStatus::Ok,
        TargetStatus::ExitWorld,
        TargetStatus::Teleported,
        TargetStatus::Contained,
        TargetStatus::Parented,
        TargetStatus::TimedOut,
    ];

    /// ACE's enum name (`OK` for [`TargetStatus::Ok`]), as the traces print it.
    pub fn name(self) -> &'static str {
        match self {
            TargetStatus::Undefined => "Undefined",
            TargetStatus::Ok => "OK",
            TargetStatus::ExitWorld => "ExitWorld",
            TargetStatus::Teleported => "Teleported",
            TargetStatus::Contained => "Contained",
            TargetStatus::Parented => "Parented",
            TargetStatus::TimedOut => "TimedOut",
        }
    }

    /// The numeric value (0–6).
    pub fn code(self) -> u32 {
        self as u32
    }

    /// The status with numeric value `code`.
    pub fn from_code(code: u32) -> Option<TargetStatus> {
        Self::ALL.get(code as usize).copied()
    }

    /// The status named `name` (ACE's names; `Ok` is also accepted for `OK`).
    pub fn from_name(name: &str) -> Option<TargetStatus> {
        if name == "Ok" {
            return Some(TargetStatus::Ok);
        }
        Self::ALL.into_iter().find(|s| s.name() == name)
    }
}

/// One report about a followed object (ACE `TargetInfo`): what a target manager keeps about
/// the object its owner follows, and what it hands to the owner's move-to and sticky managers.
///
/// The positions are `None` where ACE's are null: a fresh target that has not answered yet,
/// and the `TimedOut` report for target id 0.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct TargetInfo {
    /// The caller's context (only context 0 reaches the movement managers).
    pub context_id: u32,
    /// The followed object.
    pub object_id: u32,
    /// How far the target must move before it reports again.
    pub radius: f32,
    /// The prediction horizon in seconds: reports carry `position + velocity × quantum`.
    pub quantum: f64,
    /// Where the target is.
    pub target_position: Option<Position>,
    /// Where the target is predicted to be after `quantum` seconds.
    pub interpolated_position: Option<Position>,
    /// Unit vector from the receiver towards the predicted position (`+Z` when ~0 away).
    pub interpolated_heading: Vec3,
    /// The target's velocity when it reported.
    pub velocity: Vec3,
    /// How the target is doing.
    pub status: TargetStatus,
    /// Clock (seconds) of the report.
    pub last_update_time: f64,
}

impl TargetInfo {
    /// A fresh record for following `object_id` (ACE `new TargetInfo(ctx, id, radius,
    /// quantum)`): no positions yet, status `Undefined`.
    pub fn new(context_id: u32, object_id: u32, radius: f32, quantum: f64) -> TargetInfo {
        TargetInfo {
            context_id,
            object_id,
            radius,
            quantum,
            ..TargetInfo::default()
        }
    }
}
