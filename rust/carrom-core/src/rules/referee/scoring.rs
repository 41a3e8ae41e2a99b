//! The end of a board (P1–P3, M3) and of the match (G1–G4).

use super::{Match, Outcome};
use crate::rules::event::{RuleEvent, Verdict};
use crate::rules::settings::Mode;
use crate::rules::side::Side;
use crate::rules::tally::Tally;

impl Match {
    /// Points each side takes from the board as it stands, were `winner` to take it: the sum
    /// of its tally (P2, P3, M3).
    pub fn board_points_now(&self, winner: Option<Side>) -> Vec<u32> {
        self.board_tally(winner).iter().map(Tally::points).collect()
    }

    /// Scores the board, then sets up the next board, or the next game (IC5), or ends the
    /// match.
    pub(crate) fn finish_board(&mut self, cleared_by: Option<Side>, verdict: &mut Verdict) {
        self.score_board(cleared_by, verdict);
        let outcome = match self.decided(self.time_up) {
            None => {
                let next = self.board_points.len() as u32 + 1;
                self.board = self.fresh_board(next);
                verdict.push(RuleEvent::BoardStarted { number: next, breaker: self.board.breaker });
                return;
            }
            Some(_) if self.games_in_match() > 1 => match self.finish_game(verdict) {
                Some(outcome) => outcome,
                None => return,
            },
            Some(game) => game,
        };
        let winner = match &outcome {
            Outcome::Won(side) => Some(*side),
            Outcome::Drawn(_) => None,
        };
        self.outcome = Some(outcome);
        verdict.push(RuleEvent::MatchFinished { winner, scores: self.scores.clone() });
    }

    /// How the game under way ends after the boards scored so far, if it does (G1–G4): a side
    /// reached the target, the last board was played, or `time_up`. In a match of one game,
    /// how the match ends. A loaded match is held to the same test.
    pub(crate) fn decided(&self, time_up: bool) -> Option<Outcome> {
        self.game_decided(&self.scores, self.board_points.len() as u32, time_up)
    }

    /// How a game with these totals after `played` boards ends, if it does. One deciding board
    /// breaks a tie on points or boards, never after time is up. Alone there is one board,
    /// whatever its target (CB3).
    pub(crate) fn game_decided(&self, scores: &[u32], played: u32, time_up: bool) -> Option<Outcome> {
        let alone = self.mode() == Mode::Solo;
        let reached = !alone && scores.iter().any(|s| *s >= self.settings.rules.target_points);
        let last_board = (alone && played >= 1) || played >= self.settings.rules.max_boards;
        if !(reached || last_board || time_up) {
            return None;
        }
        let leader = sole_leader(scores);
        let decided = leader.is_some() || time_up || played > self.settings.rules.max_boards;
        let tie_on_target = leader.is_none() && reached && !last_board && !time_up;
        (decided && !tie_on_target).then(|| match leader {
            Some(side) => Outcome::Won(side),
            None => Outcome::Drawn(leaders(scores)),
        })
    }

    /// Adds the board's points, as they stand were `cleared_by` to take it, to the totals.
    pub(crate) fn score_board(&mut self, cleared_by: Option<Side>, verdict: &mut Verdict) {
        let tally = self.board_tally(cleared_by);
        let points: Vec<u32> = tally.iter().map(Tally::points).collect();
        let winner = if self.settings.colours() { cleared_by } else { sole_leader(&points) };
        for (score, p) in self.scores.iter_mut().zip(&points) {
            *score += p;
        }
        self.board_points.push(points.clone());
        verdict.push(RuleEvent::BoardFinished {
            number: self.board.number,
            winner,
            points,
            scores: self.scores.clone(),
            tally,
        });
    }
}

/// The one side with the most, if only one has it.
pub(crate) fn sole_leader(values: &[u32]) -> Option<Side> {
    let best = leaders(values);
    (best.len() == 1).then(|| best[0])
}

pub(crate) fn leaders(values: &[u32]) -> Vec<Side> {
    leaders_among(values, |_| true)
}

/// The sides `among` allows that have the most.
pub(crate) fn leaders_among(values: &[u32], among: impl Fn(Side) -> bool) -> Vec<Side> {
    let sides = || values.iter().enumerate().map(|(i, v)| (Side(i as u8), *v)).filter(|(s, _)| among(*s));
    let max = sides().map(|(_, v)| v).max().unwrap_or(0);
    sides().filter(|(_, v)| *v == max).map(|(s, _)| s).collect()
}
