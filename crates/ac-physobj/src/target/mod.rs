//! Target tracking (ACE `TargetManager`, `TargetInfo`, `TargettedVoyeurInfo`): an object
//! following another, and being followed.
//!
//! An object that moves or turns to another, or sticks to it, *follows* it: its
//! [`TargetManager`] registers it as a *voyeur* of the other object, which then sends it
//! reports ([`ac_motioninterp::TargetInfo`]) — at once when the voyeur registers, then at most
//! every 0.5 s when its predicted position moved more than the voyeur's radius, and on events
//! (exit world, teleport). The reports drive the object's move-to manager and sticky manager.
//!
//! Objects never reach into each other while they run (see [`mail`]): the owner of the
//! objects (a [`crate::World`]) refreshes what each object sees of the others before it runs
//! and delivers the [`TargetMail`] it posted afterwards.

pub mod mail;
mod manager;

pub use mail::{MAX_VIEWS, TargetMail, TargetView, TargetViews};
pub use manager::{TARGET_REPORT_INTERVAL, TARGET_TIMEOUT, TargetManager, Voyeur};

pub(crate) use mail::SelfMail;
pub(crate) use manager::Owner;
