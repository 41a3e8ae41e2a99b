//! The fouls of the seeds (F1–F8) and what a foul costs (F0).

use super::error::RulesError;
use crate::piece::PieceKind;
use serde::{Deserialize, Serialize};

/// A foul, by its clause.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Foul {
    /// F1: the striker went into a pocket.
    StrikerPocketed,
    /// F2: a piece (or the striker) left the board.
    PieceOffBoard,
    /// F3: an opponent's piece was pocketed.
    OpponentPiece,
    /// F4: the player's last piece was pocketed before the queen was pocketed and covered.
    LastPieceBeforeQueen,
    /// F5: the opponent's last piece was pocketed.
    OpponentLastPiece,
    /// F6: three attempts failed to break the formation.
    FailedBreak,
    /// F7: a piece on the board was touched by hand.
    TouchedPiece,
    /// F8: a striking rule (K1–K3) was broken.
    StrikingRule,
}

impl Foul {
    /// Every foul, in clause order.
    pub const ALL: [Foul; 8] = [
        Foul::StrikerPocketed,
        Foul::PieceOffBoard,
        Foul::OpponentPiece,
        Foul::LastPieceBeforeQueen,
        Foul::OpponentLastPiece,
        Foul::FailedBreak,
        Foul::TouchedPiece,
        Foul::StrikingRule,
    ];

    /// The foul of a clause id ("F1" … "F8").
    pub fn from_clause(clause: &str) -> Result<Foul, RulesError> {
        Foul::ALL
            .into_iter()
            .find(|f| f.clause() == clause)
            .ok_or_else(|| RulesError::NoSuchFoul(clause.into()))
    }

    /// Its clause id in RULES.md ("F1" …), also a stable key for translations.
    pub fn clause(self) -> &'static str {
        match self {
            Foul::StrikerPocketed => "F1",
            Foul::PieceOffBoard => "F2",
            Foul::OpponentPiece => "F3",
            Foul::LastPieceBeforeQueen => "F4",
            Foul::OpponentLastPiece => "F5",
            Foul::FailedBreak => "F6",
            Foul::TouchedPiece => "F7",
            Foul::StrikingRule => "F8",
        }
    }
}

/// What a foul cost the fouler (F0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Penalty {
    /// One of the fouler's pocketed pieces goes back to the centre.
    Piece(PieceKind),
    /// The fouler had nothing pocketed: a due, paid with the next piece they pocket.
    Due,
    /// Another foul of the same strike already carries the strike's one penalty.
    Shared,
    /// The fouler lost the board: a last coin pocketed while the queen was still to be won,
    /// under a ruleset where that loses it (IC4).
    BoardLost,
}

impl Penalty {
    /// A stable lowercase key: the colour given back, "due", "shared" or "board_lost".
    pub fn key(self) -> &'static str {
        match self {
            Penalty::Piece(kind) => kind.name(),
            Penalty::Due => "due",
            Penalty::Shared => "shared",
            Penalty::BoardLost => "board_lost",
        }
    }
}
