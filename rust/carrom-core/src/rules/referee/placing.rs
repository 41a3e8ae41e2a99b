//! Returned pieces placed by an opponent (X3, see RULES.md): when a match asks for it, the
//! pieces a verdict sends back wait beside the board until the seat after the one whose turn
//! sent them back places them in the centre. Until then nobody strikes. The rules know only
//! who places and which kinds of piece; where they go is the table's to check.

use super::Match;
use crate::piece::PieceKind;
use crate::rules::error::RulesError;
use crate::rules::event::Verdict;
use crate::seat::Seat;
use serde::{Deserialize, Serialize};

/// Pieces waiting to be placed, and who places them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Placing {
    /// The seat that places them: the one after the seat whose turn sent them back.
    pub by: Seat,
    /// The kinds waiting, in the order the verdict sent them back.
    pub pieces: Vec<PieceKind>,
}

impl Match {
    /// The pieces waiting to be placed, if any.
    pub fn placing(&self) -> Option<&Placing> {
        self.placing.as_ref()
    }

    /// This match as if returned pieces went back at once (X1): for what-ifs that weigh a
    /// shot, not its placement.
    pub(crate) fn with_automatic_returns(&self) -> Match {
        let mut automatic = self.clone();
        automatic.settings.rules.opponent_places = false;
        automatic
    }

    /// After an action by `actor` that ended with `verdict`: the pieces it sent back wait for
    /// the next seat to place them, if the match asks for it and goes on. A new board sets
    /// every piece up afresh, so nothing waits then.
    pub(crate) fn owe_placement(&mut self, actor: Seat, verdict: &Verdict) {
        let pieces = verdict.returns();
        if !self.settings.opponent_places() || pieces.is_empty() || self.is_over() || verdict.new_board() {
            return;
        }
        let seats = self.mode().seats();
        let at = seats.iter().position(|s| *s == actor).unwrap_or(self.turn);
        let by = seats[(at + 1) % seats.len()];
        self.placing = Some(Placing { by, pieces });
    }

    /// `seat` places the waiting pieces: all of them as they wait (`kinds` empty, the
    /// automatic spots of X1), or each named once, in any order. The spots are the table's to
    /// check before this is called.
    pub fn place(&mut self, seat: Seat, kinds: &[PieceKind]) -> Result<(), RulesError> {
        if self.is_over() {
            return Err(RulesError::MatchOver);
        }
        let placing = self.placing.as_ref().ok_or(RulesError::NothingToPlace)?;
        if seat != placing.by {
            return Err(RulesError::NotYourPlacing { seat, expected: placing.by });
        }
        if !kinds.is_empty() {
            let (mut named, mut waiting) = (kinds.to_vec(), placing.pieces.clone());
            named.sort();
            waiting.sort();
            if named != waiting {
                return Err(RulesError::WrongPiecesPlaced {
                    named: kinds.to_vec(),
                    waiting: placing.pieces.clone(),
                });
            }
        }
        self.placing = None;
        Ok(())
    }
}
