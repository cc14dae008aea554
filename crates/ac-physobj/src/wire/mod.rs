//! Movement messages as they travel between client and server, byte for byte.
//!
//! A [`Message`] is a whole message from its `u32` opcode on: the client's GameAction
//! (`0xF7B1`, a sequence number and an action) wrapping [`MoveToState`],
//! [`AutonomousPosition`] or [`Jump`], and the server's [`UpdateMotion`],
//! [`UpdatePosition`], [`VectorUpdate`] and [`CreateObject`]. Every body reads and writes
//! through binrw and prints a one-line canonical text; the pieces they are made of live with
//! their types (`ac_motioninterp::wire` for the motion states and `MovementData`,
//! `ac_interp_manager::wire` for [`Position`](crate::Position)).
//!
//! Padding is counted from the opcode, so a body must be read from a stream whose position 0
//! is the message start — [`Message::decode`] does that. Errors are the shared
//! [`DecodeError`] and [`EncodeError`].
//!
//! # Example
//!
//! ```
//! use ac_physobj::wire::{GameAction, Message};
//!
//! // A recorded MoveToState: run held, WalkForward pressed.
//! let hex = concat!(
//!     "b1f70000070000001cf60000", // GameAction, sequence 7, MoveToState
//!     "050000000200000005000045", // raw: hold key Run, forward WalkForward
//!     "2a00b4a98f49fd42d06414429002bc4299d08c3e0000000000000000aa2076bf", // position
//!     "5a00000000000000", // stamps: instance 90
//!     "01000000",         // contact, padding
//! );
//! let bytes: Vec<u8> = (0..hex.len())
//!     .step_by(2)
//!     .map(|i| u8::from_str_radix(&hex[i..i + 2], 16).unwrap())
//!     .collect();
//! let msg = Message::decode(&bytes).unwrap();
//! let Message::GameAction { action: GameAction::MoveToState(m), .. } = &msg else {
//!     unreachable!()
//! };
//! assert_eq!(m.raw.state.forward_command, 0x4500_0005);
//! assert_eq!(msg.encode().unwrap(), bytes);
//! assert_eq!(
//!     msg.to_string(),
//!     "GameAction seq=7 MoveToState raw{bits=0x005 hold_key=2(Run) fwd=0x45000005 cmds=[]} \
//!      pos{cell=0xA9B4002A xyz=(126.64367,37.09845,94.005005) q=(0.27502897,0.0,0.0,-0.9614359)} \
//!      seq{inst=90 sc=0 tp=0 fp=0} contact=0x01"
//! );
//! ```

mod client;
mod create_object;
mod server;

use std::fmt;

use ac_motioninterp::wire::io::{read_u32, write_u32};
pub use ac_motioninterp::wire::{DecodeError, EncodeError};
use binrw::io::{Read, Seek, Write};
use binrw::{BinRead, BinResult, BinWrite, Endian};

pub use client::{AutonomousPosition, ClientStamps, ContactFlags, Jump, MoveToState};
pub use create_object::{
    Attachment, CreateObject, ModelData, PackedDword, PartChange, PhysicsDesc, PhysicsDescFlags,
    PhysicsMotion, Subpalette, TextureChange, WeenieHeader,
};
pub use server::{PositionFlags, PositionStamps, UpdateMotion, UpdatePosition, VectorUpdate};

/// The opcodes and game actions of the movement messages.
pub mod opcode {
    /// c2s: a game action (sequence number and action follow).
    pub const GAME_ACTION: u32 = 0xF7B1;
    /// Game action: [`MoveToState`](super::MoveToState).
    pub const MOVE_TO_STATE: u32 = 0xF61C;
    /// Game action: [`AutonomousPosition`](super::AutonomousPosition).
    pub const AUTONOMOUS_POSITION: u32 = 0xF753;
    /// Game action: [`Jump`](super::Jump).
    pub const JUMP: u32 = 0xF61B;
    /// s2c: [`UpdateMotion`](super::UpdateMotion).
    pub const UPDATE_MOTION: u32 = 0xF74C;
    /// s2c: [`UpdatePosition`](super::UpdatePosition).
    pub const UPDATE_POSITION: u32 = 0xF748;
    /// s2c: [`VectorUpdate`](super::VectorUpdate).
    pub const VECTOR_UPDATE: u32 = 0xF74E;
    /// s2c: [`CreateObject`](super::CreateObject).
    pub const CREATE_OBJECT: u32 = 0xF745;
}

/// A movement action of the client.
#[derive(Debug, Clone, PartialEq)]
pub enum GameAction {
    /// `0xF61C`.
    MoveToState(MoveToState),
    /// `0xF753`.
    AutonomousPosition(AutonomousPosition),
    /// `0xF61B`.
    Jump(Jump),
}

impl GameAction {
    /// The action code.
    pub fn action(&self) -> u32 {
        match self {
            GameAction::MoveToState(_) => opcode::MOVE_TO_STATE,
            GameAction::AutonomousPosition(_) => opcode::AUTONOMOUS_POSITION,
            GameAction::Jump(_) => opcode::JUMP,
        }
    }

    /// The action's name.
    pub fn name(&self) -> &'static str {
        match self {
            GameAction::MoveToState(_) => "MoveToState",
            GameAction::AutonomousPosition(_) => "AutonomousPosition",
            GameAction::Jump(_) => "Jump",
        }
    }
}

/// A whole movement message, opcode included.
#[derive(Debug, Clone, PartialEq)]
pub enum Message {
    /// c2s `0xF7B1`.
    GameAction {
        /// The client's game-action sequence number.
        sequence: u32,
        /// The action.
        action: GameAction,
    },
    /// s2c `0xF74C`.
    UpdateMotion(UpdateMotion),
    /// s2c `0xF748`.
    UpdatePosition(UpdatePosition),
    /// s2c `0xF74E`.
    VectorUpdate(VectorUpdate),
    /// s2c `0xF745` (boxed: it is much larger than the others).
    CreateObject(Box<CreateObject>),
}

impl Message {
    /// Decode a whole message (from its opcode), requiring every byte to be used.
    pub fn decode(bytes: &[u8]) -> Result<Self, DecodeError> {
        ac_motioninterp::wire::decode_exact(bytes, "Message")
    }

    /// Encode the whole message, opcode included.
    pub fn encode(&self) -> Result<Vec<u8>, EncodeError> {
        ac_motioninterp::wire::encode_to_vec(self)
    }

    /// The message's (or game action's) name: `MoveToState`, `UpdateMotion`, ….
    pub fn name(&self) -> &'static str {
        match self {
            Message::GameAction { action, .. } => action.name(),
            Message::UpdateMotion(_) => "UpdateMotion",
            Message::UpdatePosition(_) => "UpdatePosition",
            Message::VectorUpdate(_) => "VectorUpdate",
            Message::CreateObject(_) => "CreateObject",
        }
    }

    /// The object a server message is about (`None` for a client's game action, which is
    /// about the sender's own player and does not name it).
    pub fn guid(&self) -> Option<u32> {
        match self {
            Message::GameAction { .. } => None,
            Message::UpdateMotion(m) => Some(m.guid),
            Message::UpdatePosition(u) => Some(u.guid),
            Message::VectorUpdate(v) => Some(v.guid),
            Message::CreateObject(c) => Some(c.guid),
        }
    }

    /// The opcode.
    pub fn opcode(&self) -> u32 {
        match self {
            Message::GameAction { .. } => opcode::GAME_ACTION,
            Message::UpdateMotion(_) => opcode::UPDATE_MOTION,
            Message::UpdatePosition(_) => opcode::UPDATE_POSITION,
            Message::VectorUpdate(_) => opcode::VECTOR_UPDATE,
            Message::CreateObject(_) => opcode::CREATE_OBJECT,
        }
    }
}

impl BinRead for Message {
    type Args<'a> = ();

    fn read_options<R: Read + Seek>(r: &mut R, e: Endian, _: ()) -> BinResult<Self> {
        let at = r.stream_position()?;
        let op = read_u32(r, "opcode")?;
        Ok(match op {
            opcode::GAME_ACTION => {
                let sequence = read_u32(r, "GameAction.sequence")?;
                let action_at = r.stream_position()?;
                let action = match read_u32(r, "GameAction.action")? {
                    opcode::MOVE_TO_STATE => {
                        GameAction::MoveToState(MoveToState::read_options(r, e, ())?)
                    }
                    opcode::AUTONOMOUS_POSITION => {
                        GameAction::AutonomousPosition(AutonomousPosition::read_options(r, e, ())?)
                    }
                    opcode::JUMP => GameAction::Jump(Jump::read_options(r, e, ())?),
                    value => {
                        return Err(DecodeError::UnknownOpcode {
                            field: "GameAction.action",
                            offset: action_at,
                            value,
                        }
                        .into_binrw());
                    }
                };
                Message::GameAction { sequence, action }
            }
            opcode::UPDATE_MOTION => Message::UpdateMotion(UpdateMotion::read_options(r, e, ())?),
            opcode::UPDATE_POSITION => {
                Message::UpdatePosition(UpdatePosition::read_options(r, e, ())?)
            }
            opcode::VECTOR_UPDATE => Message::VectorUpdate(VectorUpdate::read_options(r, e, ())?),
            opcode::CREATE_OBJECT => {
                Message::CreateObject(Box::new(CreateObject::read_options(r, e, ())?))
            }
            value => {
                return Err(DecodeError::UnknownOpcode {
                    field: "opcode",
                    offset: at,
                    value,
                }
                .into_binrw());
            }
        })
    }
}

impl BinWrite for Message {
    type Args<'a> = ();

    fn write_options<W: Write + Seek>(&self, w: &mut W, e: Endian, _: ()) -> BinResult<()> {
        write_u32(w, self.opcode())?;
        match self {
            Message::GameAction { sequence, action } => {
                write_u32(w, *sequence)?;
                write_u32(w, action.action())?;
                match action {
                    GameAction::MoveToState(m) => m.write_options(w, e, ()),
                    GameAction::AutonomousPosition(m) => m.write_options(w, e, ()),
                    GameAction::Jump(m) => m.write_options(w, e, ()),
                }
            }
            Message::UpdateMotion(m) => m.write_options(w, e, ()),
            Message::UpdatePosition(m) => m.write_options(w, e, ()),
            Message::VectorUpdate(m) => m.write_options(w, e, ()),
            Message::CreateObject(m) => m.write_options(w, e, ()),
        }
    }
}

/// `GameAction seq=7 MoveToState raw{…} …`, `UpdateMotion guid=… md{…}`, ….
impl fmt::Display for Message {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Message::GameAction { sequence, action } => {
                write!(f, "GameAction seq={sequence} {} ", action.name())?;
                match action {
                    GameAction::MoveToState(m) => write!(f, "{m}"),
                    GameAction::AutonomousPosition(m) => write!(f, "{m}"),
                    GameAction::Jump(m) => write!(f, "{m}"),
                }
            }
            Message::UpdateMotion(m) => write!(f, "UpdateMotion {m}"),
            Message::UpdatePosition(m) => write!(f, "UpdatePosition {m}"),
            Message::VectorUpdate(m) => write!(f, "VectorUpdate {m}"),
            Message::CreateObject(m) => write!(f, "CreateObject {m}"),
        }
    }
}
