//! Where one piece is and how it moves: the readable, saveable state of the table.

use super::pocket::Pocket;
use crate::piece::{PieceId, PieceKind};
use crate::vec2::Vec2;
use serde::{Deserialize, Serialize};

/// Where a piece is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Place {
    /// On the playing surface.
    Board,
    /// Dropped into this pocket.
    Pocket(Pocket),
    /// Knocked off the board (F2), waiting for the rules to put it back.
    Off,
    /// Not on the board yet: the striker before its player places it.
    Hand,
}

impl Place {
    /// A stable lowercase key: "board", "pocket", "off" or "hand".
    pub fn key(self) -> &'static str {
        match self {
            Place::Board => "board",
            Place::Pocket(_) => "pocket",
            Place::Off => "off",
            Place::Hand => "hand",
        }
    }
}

/// One piece: what it is, where, and how it moves.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PieceState {
    /// Which piece.
    pub id: PieceId,
    /// What it is.
    pub kind: PieceKind,
    /// Where it is.
    pub place: Place,
    /// Centre, m (meaningful on the board; the last spot otherwise).
    pub position: Vec2,
    /// m/s.
    pub velocity: Vec2,
    /// Turn of the piece, radians (the rings and prints on a piece show it).
    pub angle: f32,
    /// rad/s.
    pub spin: f32,
}

impl PieceState {
    /// A piece lying still at `position`.
    pub fn at_rest(id: PieceId, kind: PieceKind, place: Place, position: Vec2) -> Self {
        Self { id, kind, place, position, velocity: Vec2::ZERO, angle: 0.0, spin: 0.0 }
    }

    /// Whether it lies on the playing surface.
    pub fn on_board(&self) -> bool {
        self.place == Place::Board
    }

    /// Whether it neither slides nor spins.
    pub fn is_still(&self) -> bool {
        self.velocity == Vec2::ZERO && self.spin == 0.0
    }
}
