//! A match state that came from outside (a save, a peer) checked before it is used, phase by
//! phase: the sizes of its parts, the board under way, the boards played, the clocks. Each
//! refusal names what does not fit.

use super::{pass, Match, Outcome};
use crate::piece::PieceKind;
use crate::rules::error::RulesError;
use crate::rules::queen::QueenState;
use crate::rules::side::Side;

/// A refusal of a saved match, saying why.
fn bad(why: &str) -> Result<(), RulesError> {
    Err(RulesError::BadSave(why.to_string()))
}

impl Match {
    /// This match if its parts fit together, for a match that came from outside: settings in
    /// range, one entry per side, the coins of one carrom set, seats and sides that play, board
    /// numbers and scores that follow from the boards played, and no outcome while play goes on.
    pub(crate) fn checked(mut self) -> Result<Match, RulesError> {
        self.settings.validate().map_err(|e| RulesError::BadSave(e.to_string()))?;
        self.check_sizes()?;
        self.check_board()?;
        self.check_boards_played()?;
        if self.timeouts.is_empty() {
            self.timeouts = vec![0; self.mode().seats().len()];
        }
        self.check_clocks()?;
        self.check_placing()?;
        self.check_games()?;
        self.check_toss()?;
        Ok(self)
    }

    /// Whether `side` plays in this match.
    fn plays(&self, side: Side) -> bool {
        side.index() < self.mode().side_count()
    }

    /// Seats that are seats of the match, and one score, hold and due per side.
    fn check_sizes(&self) -> Result<(), RulesError> {
        let (seats, sides) = (self.mode().seats().len(), self.mode().side_count());
        if self.turn >= seats || self.first >= seats {
            return bad("the seat to play is not a seat of the match");
        }
        let board = &self.board;
        if self.scores.len() != sides || board.held.len() != sides || board.dues.len() != sides {
            return bad("scores, coins held and dues must have one entry per side");
        }
        Ok(())
    }

    /// The board under way: one carrom set, a breaker who plays, colours and the queen as the
    /// ruleset has them, fewer failed breaks than allowed, dues only where nothing is held.
    fn check_board(&self) -> Result<(), RulesError> {
        let board = &self.board;
        if !board.coins_accounted() {
            return bad("the saved counts do not add up to one carrom set");
        }
        if !self.mode().seats().contains(&board.breaker) {
            return bad("the breaker does not play in this match");
        }
        let colours_ok = match board.white_side {
            None => !self.settings.colours(),
            Some(side) => self.settings.colours() && self.plays(side),
        };
        if !colours_ok {
            return bad(
                "white must belong to a side of the match when colours are played, and to none without",
            );
        }
        if (board.queen == QueenState::NotPlayed) == self.settings.rules.queen {
            return bad("the queen must be in play exactly when the ruleset has her");
        }
        let queen_side = board.queen.covered_by().or(board.queen.uncovered_with());
        if queen_side.is_some_and(|side| !self.plays(side)) {
            return bad("the queen is held by a side that does not play");
        }
        if board.failed_breaks >= self.settings.rules.break_attempts {
            return bad("failed breaks must be fewer than the break attempts allowed");
        }
        if board.dues.iter().zip(&board.held).any(|(due, held)| *due > 0 && held.total() > 0) {
            return bad("a side that holds a coin has paid its dues");
        }
        Ok(())
    }

    /// The boards played: the board's number follows from them, they have not decided a match
    /// that goes on, each scored every side once, the scores are their sums, and an outcome
    /// names sides that play with no strike after it.
    fn check_boards_played(&self) -> Result<(), RulesError> {
        let sides = self.mode().side_count();
        let finished = self.board_points.len() as u32;
        let expected_number = if self.outcome.is_some() { finished } else { finished + 1 };
        let number = self.board.number;
        if number != expected_number || number == 0 || finished > self.settings.rules.max_boards + 1 {
            return bad("the board number does not follow from the boards played");
        }
        // A match its boards have decided is over (the time is left out: it may have run out
        // during the board under way, which then ends the match when it ends).
        if self.outcome.is_none() && finished > 0 && self.decided(false).is_some() {
            return bad("the boards played have decided the match, yet it goes on");
        }
        if self.board_points.iter().any(|points| points.len() != sides) {
            return bad("every finished board scores each side once");
        }
        let totals: Vec<u32> =
            (0..sides).map(|i| self.board_points.iter().map(|points| points[i]).sum()).collect();
        if totals != self.scores {
            return bad("the scores are not the sums of the boards' points");
        }
        let outcome_ok = match &self.outcome {
            None => true,
            Some(Outcome::Won(side)) => self.plays(*side) && !self.striking,
            Some(Outcome::Drawn(tied)) => tied.iter().all(|s| self.plays(*s)) && !self.striking,
        };
        if !outcome_ok {
            return bad("the outcome names a side that does not play, or a strike goes on after it");
        }
        Ok(())
    }

    /// The match clock, the time held while a strike rolls, and the turns timed out.
    fn check_clocks(&self) -> Result<(), RulesError> {
        let limit = self.settings.time_limit_seconds;
        let clock_ok = self.elapsed_seconds.is_finite()
            && self.elapsed_seconds >= 0.0
            && (!self.time_up || limit.is_some_and(|l| self.elapsed_seconds >= l));
        if !clock_ok {
            return bad("the match clock is not a time the match can have reached");
        }
        let held_ok = self.time_while_striking.iter().all(|t| t.is_finite() && *t >= 0.0);
        if !held_ok || (!self.time_while_striking.is_empty() && !self.striking) {
            return bad("time held for a strike must be real seconds, and only while a strike rolls");
        }
        let seats = self.mode().seats().len();
        // Alone (CB1) a turn that runs out comes back however often: the count only grows.
        let can_forfeit = self.mode().side_count() > 1;
        let forfeited = self.timeouts.iter().any(|t| *t >= pass::TIMEOUTS_TO_FORFEIT);
        if self.timeouts.len() != seats
            || (can_forfeit && self.timeouts.iter().any(|t| *t > pass::TIMEOUTS_TO_FORFEIT))
            || (can_forfeit && forfeited && self.outcome.is_none())
        {
            return bad("timed-out turns must be counted once per seat, and three in a row end the match");
        }
        Ok(())
    }

    /// Pieces waiting to be placed (X3): only where the match asks for it and goes on, placed
    /// by a seat that plays, and never the striker or more pieces than a set has.
    fn check_placing(&self) -> Result<(), RulesError> {
        let Some(placing) = &self.placing else { return Ok(()) };
        let ok = self.settings.opponent_places()
            && self.outcome.is_none()
            && !self.striking
            && self.mode().seats().contains(&placing.by)
            && !placing.pieces.is_empty()
            && placing.pieces.len() <= 19
            && !placing.pieces.contains(&PieceKind::Striker)
            && (self.settings.rules.queen || !placing.pieces.contains(&PieceKind::Queen));
        if !ok {
            return bad("pieces wait to be placed where the match cannot have them waiting");
        }
        Ok(())
    }

    /// The games finished (IC5): only in a match of games and no more than it has, each scored
    /// as a game that ended, and none that decide the match while it goes on.
    fn check_games(&self) -> Result<(), RulesError> {
        let count = self.games.len() as u32;
        if count > 0 && self.games_in_match() <= 1 || count > self.games_in_match() {
            return bad("finished games are kept only in a match of games, and no more than it has");
        }
        let sides = self.mode().side_count();
        let most_boards = self.settings.rules.max_boards + 1;
        for (i, game) in self.games.iter().enumerate() {
            let boards = game.board_points.len() as u32;
            let sums: Vec<u32> =
                (0..sides).map(|s| game.board_points.iter().filter_map(|p| p.get(s)).sum()).collect();
            if game.scores.len() != sides
                || game.board_points.iter().any(|p| p.len() != sides)
                || sums != game.scores
                || boards == 0
                || boards > most_boards
            {
                return bad("a finished game's totals must be the sums of its boards, one entry per side");
            }
            // The clock may have ended the last game kept, and the match with it.
            let by_time = self.time_up && i + 1 == self.games.len();
            if self.game_decided(&game.scores, boards, by_time).is_none() {
                return bad("a finished game's boards did not end it");
            }
        }
        if self.outcome.is_none() && count > 0 && self.games_decided(false).is_some() {
            return bad("the games played have decided the match, yet it goes on");
        }
        Ok(())
    }

    /// A toss waiting for its winner's choice (IC6): only under a ruleset with one, by a seat
    /// that plays, before anything has been played.
    fn check_toss(&self) -> Result<(), RulesError> {
        let Some(winner) = self.toss else { return Ok(()) };
        let untouched = self.board_points.is_empty()
            && self.games.is_empty()
            && !self.board.broken
            && self.board.failed_breaks == 0
            && self.outcome.is_none()
            && !self.striking
            && self.placing.is_none();
        if !(self.settings.rules.toss && self.mode().seats().contains(&winner) && untouched) {
            return bad("a toss waits for a choice only under a ruleset with one, before the first strike");
        }
        Ok(())
    }
}
