//! A match of games (IC5): under a ruleset of more than one game, a game ends where a
//! one-game match would (G3, G4), its totals are kept, and the next game begins from nil at its
//! first board, until a side has won more than half of the games or all have been played.
//! The first break of each game passes round the table, game by game, as the break of each
//! board passes within a game.

use super::scoring::{leaders, sole_leader};
use super::{Match, Outcome};
use crate::rules::event::{RuleEvent, Verdict};
use crate::rules::settings::Mode;
use crate::rules::side::Side;
use serde::{Deserialize, Serialize};

/// One game of a match of games, as it ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FinishedGame {
    /// Each side's total at the game's end.
    pub scores: Vec<u32>,
    /// Points each of its boards gave each side.
    pub board_points: Vec<Vec<u32>>,
}

impl FinishedGame {
    /// The side that won it: the one with the most points, if only one has them (a game left
    /// level by the clock, or in the points game, is won by nobody).
    pub fn winner(&self) -> Option<Side> {
        sole_leader(&self.scores)
    }
}

impl Match {
    /// Games the match is played over: the ruleset's, but always one alone (CB3).
    pub fn games_in_match(&self) -> u32 {
        if self.mode() == Mode::Solo {
            1
        } else {
            self.settings.rules.games
        }
    }

    /// The games finished so far, the last of them the match's last once it is over. Empty in a
    /// match of one game.
    pub fn games(&self) -> &[FinishedGame] {
        &self.games
    }

    /// The game under way (or the last, once the match is over), from 1.
    pub fn game_number(&self) -> u32 {
        let finished = self.games.len() as u32;
        if self.is_over() {
            finished.max(1)
        } else {
            finished + 1
        }
    }

    /// Games each side has won.
    pub fn games_won(&self) -> Vec<u32> {
        let mut won = vec![0; self.mode().side_count()];
        for side in self.games.iter().filter_map(FinishedGame::winner) {
            if let Some(w) = won.get_mut(side.index()) {
                *w += 1;
            }
        }
        won
    }

    /// The game under way has ended: it is kept, and either the match ends (the outcome is
    /// returned) or the next game begins at its first board.
    pub(crate) fn finish_game(&mut self, verdict: &mut Verdict) -> Option<Outcome> {
        let game = FinishedGame { scores: self.scores.clone(), board_points: self.board_points.clone() };
        let winner = game.winner();
        self.games.push(game);
        verdict.push(RuleEvent::GameFinished {
            number: self.games.len() as u32,
            winner,
            scores: self.scores.clone(),
            games_won: self.games_won(),
        });
        if let Some(outcome) = self.games_decided(self.time_up) {
            return Some(outcome);
        }
        self.scores = vec![0; self.mode().side_count()];
        self.board_points.clear();
        self.board = self.fresh_board(1);
        verdict.push(RuleEvent::BoardStarted { number: 1, breaker: self.board.breaker });
        None
    }

    /// How the match ends after the games finished so far, if it does: a side has won more
    /// than half of them, all have been played, or the clock has run out (then the most games
    /// won wins, and level is a draw).
    pub(crate) fn games_decided(&self, time_up: bool) -> Option<Outcome> {
        let won = self.games_won();
        let majority = self.games_in_match() / 2 + 1;
        let over =
            won.iter().any(|w| *w >= majority) || self.games.len() as u32 >= self.games_in_match() || time_up;
        over.then(|| match sole_leader(&won) {
            Some(side) => Outcome::Won(side),
            None => Outcome::Drawn(leaders(&won)),
        })
    }
}
