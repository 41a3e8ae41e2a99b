//! The verdict on a strike: what the rules decided, in the order the game should show it.

use super::foul::{Foul, Penalty};
use super::side::Side;
use super::tally::Tally;
use crate::piece::PieceKind;
use crate::seat::Seat;
use serde::{Deserialize, Serialize};

/// Why a piece goes back to the centre.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ReturnReason {
    /// The penalty piece of a foul (F0).
    Penalty,
    /// A due paid with a piece just pocketed (see RULES.md).
    Due,
    /// An opponent's piece pocketed by a foul (F3, F5).
    OpponentPiece,
    /// The fouler's last piece (F4, or any foul that would have cleared the board).
    LastPiece,
    /// It left the board (F2).
    OffBoard,
    /// The queen, pocketed before a piece of the player's own (Q3).
    QueenTooEarly,
    /// The queen, not covered on the same or the next strike (Q4).
    QueenNotCovered,
    /// The queen, pocketed by a foul strike or awaiting a cover when a foul came.
    QueenByFoul,
    /// A coin of the player's own pocketed with the striker, under a ruleset that gives it
    /// back and lets the player strike again (IC3).
    WithStriker,
}

impl ReturnReason {
    /// A stable lowercase key, for signals and translations.
    pub fn key(self) -> &'static str {
        match self {
            ReturnReason::Penalty => "penalty",
            ReturnReason::Due => "due",
            ReturnReason::OpponentPiece => "opponent_piece",
            ReturnReason::LastPiece => "last_piece",
            ReturnReason::OffBoard => "off_board",
            ReturnReason::QueenTooEarly => "queen_too_early",
            ReturnReason::QueenNotCovered => "queen_not_covered",
            ReturnReason::QueenByFoul => "queen_by_foul",
            ReturnReason::WithStriker => "with_striker",
        }
    }
}

/// One thing the rules decided.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum RuleEvent {
    /// A break attempt left the formation whole (S4); the same player tries again.
    BreakFailed {
        /// The breaker.
        seat: Seat,
        /// Attempts left in this turn.
        attempts_left: u8,
    },
    /// A foul and what it cost (F0–F8).
    Foul {
        /// The fouler.
        seat: Seat,
        /// Which foul.
        foul: Foul,
        /// What it cost.
        penalty: Penalty,
    },
    /// A piece goes back to the free spot nearest the centre (X1).
    PieceReturned {
        /// What goes back.
        kind: PieceKind,
        /// Why.
        reason: ReturnReason,
    },
    /// The queen was pocketed (Q1).
    QueenPocketed {
        /// Who pocketed her.
        seat: Seat,
    },
    /// The queen was covered (Q2).
    QueenCovered {
        /// Who covered her.
        seat: Seat,
    },
    /// The same seat strikes again (T1).
    TurnContinues {
        /// The seat to strike.
        seat: Seat,
    },
    /// The turn ends (T2).
    TurnPasses {
        /// The seat whose turn ended.
        from: Seat,
        /// The seat to strike next.
        to: Seat,
    },
    /// The match clock ran out (G1): this board is the last.
    TimeUp,
    /// The seat to play let its turn's time run out: the turn passes (see RULES.md, T2).
    TimedOut {
        /// The seat that timed out.
        seat: Seat,
        /// Its turns timed out in a row, this one included.
        in_a_row: u8,
    },
    /// A side gave the match up: its player timed out three turns in a row (see RULES.md).
    Forfeited {
        /// The seat that timed out.
        seat: Seat,
        /// Its side, which loses.
        side: Side,
    },
    /// A board ended: its points per side, and the match totals after it.
    BoardFinished {
        /// Which board (1 for the first).
        number: u32,
        /// The side that won it, if one did.
        winner: Option<Side>,
        /// Points each side took from it.
        points: Vec<u32>,
        /// Match totals after it.
        scores: Vec<u32>,
        /// How each side's points were made.
        tally: Vec<Tally>,
    },
    /// A new board is set up; `breaker` breaks and (with colours) plays white.
    BoardStarted {
        /// Which board.
        number: u32,
        /// The seat that breaks.
        breaker: Seat,
    },
    /// The toss's winner chose who breaks the first board (IC6).
    BreakChosen {
        /// The seat that won the toss.
        seat: Seat,
        /// The seat that breaks: the winner, or the seat after it.
        breaker: Seat,
    },
    /// A game of a match of games ended (IC5); the next begins unless the match is over.
    GameFinished {
        /// Which game (1 for the first).
        number: u32,
        /// The side that won it, if one did.
        winner: Option<Side>,
        /// Each side's total at its end.
        scores: Vec<u32>,
        /// Games each side has won, this one counted.
        games_won: Vec<u32>,
    },
    /// The match is over: a winner, or `None` for a draw between the leaders.
    MatchFinished {
        /// The winning side, if not a draw.
        winner: Option<Side>,
        /// Final totals.
        scores: Vec<u32>,
    },
}

/// All the rules decided about one action, in order.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Verdict {
    /// What was decided, in the order the game should show it.
    pub events: Vec<RuleEvent>,
}

impl Verdict {
    pub(crate) fn push(&mut self, event: RuleEvent) {
        self.events.push(event);
    }

    /// The pieces the board must put back at the centre, in order.
    pub fn returns(&self) -> Vec<PieceKind> {
        self.events
            .iter()
            .filter_map(|e| match e {
                RuleEvent::PieceReturned { kind, .. } => Some(*kind),
                _ => None,
            })
            .collect()
    }

    /// The fouls committed, in order.
    pub fn fouls(&self) -> Vec<Foul> {
        self.events
            .iter()
            .filter_map(|e| match e {
                RuleEvent::Foul { foul, .. } => Some(*foul),
                _ => None,
            })
            .collect()
    }

    /// Whether a new board began: the table must be set up again.
    pub fn new_board(&self) -> bool {
        self.events.iter().any(|e| matches!(e, RuleEvent::BoardStarted { .. }))
    }
}
