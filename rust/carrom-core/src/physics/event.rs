//! What happens on the table during a shot, step by step: the game sounds and animates these,
//! and the shot report sums them up for the rules.

use super::pocket::Pocket;
use super::report::ShotReport;
use crate::piece::{PieceId, PieceKind};
use crate::vec2::Vec2;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Event {
    /// Two pieces struck each other with this impulse (N·s) at this point.
    Collision { a: PieceId, b: PieceId, impulse: f32, at: Vec2 },
    /// A piece struck the cushion.
    Cushion { piece: PieceId, impulse: f32, at: Vec2 },
    /// A piece's centre passed over a pocket: it is out of play.
    Pocketed { piece: PieceId, kind: PieceKind, pocket: Pocket },
    /// A piece got outside the frame (F2). The rules decide where it goes back.
    LeftBoard { piece: PieceId, kind: PieceKind },
    /// Everything has stopped; the shot is over.
    Settled(ShotReport),
}
