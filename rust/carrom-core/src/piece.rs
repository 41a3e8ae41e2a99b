//! The pieces on a carrom board (E1): nine white and nine black coins, the red queen, and the
//! striker that plays them.

use serde::{Deserialize, Serialize};
use std::fmt;

/// What a piece is. Colour decides ownership in singles and doubles (S1) and value in the
/// points game (M3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum PieceKind {
    /// A white coin.
    White,
    /// A black coin.
    Black,
    /// The red queen.
    Queen,
    /// The striker.
    Striker,
}

impl PieceKind {
    /// Whether this is one of the 18 coloured coins (not the queen, not the striker).
    pub fn is_coin(self) -> bool {
        matches!(self, PieceKind::White | PieceKind::Black)
    }

    /// The other colour of coin: black for white, white for black (and for anything else).
    pub fn other_colour(self) -> PieceKind {
        if self == PieceKind::White {
            PieceKind::Black
        } else {
            PieceKind::White
        }
    }

    /// A stable lowercase name, used in saves, signals and translation keys.
    pub fn name(self) -> &'static str {
        match self {
            PieceKind::White => "white",
            PieceKind::Black => "black",
            PieceKind::Queen => "queen",
            PieceKind::Striker => "striker",
        }
    }
}

impl fmt::Display for PieceKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The index of a piece on the table: 0 is the queen, 1–18 the coins in formation order,
/// 19 the striker. Stable for a whole match, so events and saves can name pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct PieceId(pub(crate) u8);

/// A piece number outside 0–19.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("piece {0} does not exist: pieces are 0 (the queen), 1 to 18 (the coins) and 19 (the striker)")]
pub struct NoSuchPiece(pub i64);

impl PieceId {
    /// The piece numbered `number`, if there is one.
    pub fn new(number: i64) -> Result<PieceId, NoSuchPiece> {
        u8::try_from(number)
            .ok()
            .filter(|n| usize::from(*n) < Self::COUNT)
            .map(PieceId)
            .ok_or(NoSuchPiece(number))
    }

    /// Its number, 0–19.
    pub fn number(self) -> u8 {
        self.0
    }

    /// The queen.
    pub const QUEEN: PieceId = PieceId(0);
    /// The striker.
    pub const STRIKER: PieceId = PieceId(19);
    /// Number of pieces on a table, the striker included.
    pub const COUNT: usize = 20;

    /// Its index in a table's pieces.
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

impl TryFrom<u8> for PieceId {
    type Error = NoSuchPiece;
    fn try_from(number: u8) -> Result<Self, Self::Error> {
        PieceId::new(i64::from(number))
    }
}

impl From<PieceId> for u8 {
    fn from(id: PieceId) -> u8 {
        id.0
    }
}

impl fmt::Display for PieceId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "piece {}", self.0)
    }
}
