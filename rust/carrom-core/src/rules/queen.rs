//! The queen (Q1–Q4): where she is and who owes her a cover.

use super::side::Side;
use serde::{Deserialize, Serialize};

/// Where the queen stands in the rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum QueenState {
    /// On the board.
    OnBoard,
    /// Not in this game: the ruleset plays without her (Disc Pool).
    NotPlayed,
    /// Pocketed by `side`, which must pocket a piece of its own on the next strike (Q2).
    AwaitingCover {
        /// Who pocketed her.
        side: Side,
    },
    /// Pocketed before `side` had a piece of its own (Q3): back to the centre when the turn ends.
    TooEarly {
        /// Who pocketed her.
        side: Side,
    },
    /// Pocketed and covered by `side` (Q2): it counts for that side at the end of the board (P3).
    Covered {
        /// Who covered her.
        side: Side,
    },
}

impl QueenState {
    /// Whether she is on the board.
    pub fn on_board(self) -> bool {
        self == QueenState::OnBoard
    }

    /// The side that covered her, if one did.
    pub fn covered_by(self) -> Option<Side> {
        match self {
            QueenState::Covered { side } => Some(side),
            _ => None,
        }
    }

    /// The side the queen is in the hands of, uncovered.
    pub fn uncovered_with(self) -> Option<Side> {
        match self {
            QueenState::AwaitingCover { side } | QueenState::TooEarly { side } => Some(side),
            _ => None,
        }
    }
}
