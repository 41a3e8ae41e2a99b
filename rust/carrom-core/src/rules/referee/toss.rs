//! The toss (IC6): under a ruleset that has one, chance picks the seat that wins it (the same
//! draw that picks the first player without one, S1), and that seat chooses to break or to
//! let the next seat break. Nobody strikes before the choice.

use super::Match;
use crate::rules::error::RulesError;
use crate::rules::event::{RuleEvent, Verdict};
use crate::seat::Seat;

impl Match {
    /// The seat that won the toss, while it has yet to choose.
    pub fn toss(&self) -> Option<Seat> {
        self.toss
    }

    /// The toss's winner `seat` chooses: to break (`breaks`), or to let the seat after it
    /// break. The first board is set up again for the breaker it chose.
    pub fn choose_break(&mut self, seat: Seat, breaks: bool) -> Result<Verdict, RulesError> {
        let winner = self.toss.ok_or(RulesError::NoToss)?;
        if seat != winner {
            return Err(RulesError::NotYourToss { seat, expected: winner });
        }
        let seats = self.mode().seats();
        let at = seats.iter().position(|s| *s == seat).unwrap_or(self.first);
        self.first = if breaks { at } else { (at + 1) % seats.len() };
        self.toss = None;
        self.board = self.fresh_board(1);
        let mut verdict = Verdict::default();
        verdict.push(RuleEvent::BreakChosen { seat, breaker: self.board.breaker });
        verdict.push(RuleEvent::BoardStarted { number: 1, breaker: self.board.breaker });
        Ok(verdict)
    }
}
