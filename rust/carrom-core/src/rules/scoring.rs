//! The end of a board (P1–P3, M3) and of the match (G1–G4).

use super::event::{RuleEvent, Verdict};
use super::match_state::{Match, Outcome};
use super::settings::Mode;
use super::side::Side;
use crate::piece::PieceKind;

impl Match {
    /// Points each side takes from the board as it stands.
    ///
    /// With colours: the winner scores a point per opponent coin still on the board (P2) and
    /// the queen bonus if it covered the queen (P3). In the points game every side scores what
    /// it holds: black, white and a covered queen at their values (M3).
    pub fn board_points_now(&self, winner: Option<Side>) -> Vec<u32> {
        let s = &self.settings;
        let board = &self.board;
        let mut points = vec![0; self.mode().side_count()];
        match self.mode() {
            Mode::Points => {
                for (i, held) in board.held.iter().enumerate() {
                    points[i] =
                        u32::from(held.black) * s.black_points + u32::from(held.white) * s.white_points;
                    if board.queen.covered_by() == Some(Side(i as u8)) {
                        points[i] += s.queen_points;
                    }
                }
            }
            _ => {
                if let Some(slot) = winner.and_then(|w| points.get_mut(w.index()).map(|slot| (w, slot))) {
                    let (w, points) = slot;
                    let theirs = board.colour_of(w).map_or(PieceKind::Black, PieceKind::other_colour);
                    *points = u32::from(board.on_board.get(theirs));
                    if board.queen.covered_by() == Some(w) {
                        *points += s.queen_bonus;
                    }
                }
            }
        }
        points
    }

    /// Scores the board, then ends the match or sets up the next board.
    pub(crate) fn finish_board(&mut self, cleared_by: Option<Side>, verdict: &mut Verdict) {
        let points = self.board_points_now(cleared_by);
        let winner = match self.mode() {
            Mode::Points => sole_leader(&points),
            _ => cleared_by,
        };
        for (score, p) in self.scores.iter_mut().zip(&points) {
            *score += p;
        }
        self.board_points.push(points.clone());
        verdict.push(RuleEvent::BoardFinished {
            number: self.board.number,
            winner,
            points,
            scores: self.scores.clone(),
        });
        let played = self.board_points.len() as u32;
        let reached = self.scores.iter().any(|s| *s >= self.settings.target_points);
        let last_board = played >= self.settings.max_boards;
        if reached || last_board || self.time_up {
            let leader = sole_leader(&self.scores);
            // One deciding board breaks a tie on points or boards (G4), never after time is up.
            let decided = leader.is_some() || self.time_up || played > self.settings.max_boards;
            let tie_on_target = leader.is_none() && reached && !last_board && !self.time_up;
            if decided && !tie_on_target {
                self.outcome = Some(match leader {
                    Some(side) => Outcome::Won(side),
                    None => Outcome::Drawn(leaders(&self.scores)),
                });
                verdict.push(RuleEvent::MatchFinished { winner: leader, scores: self.scores.clone() });
                return;
            }
        }
        let next = played + 1;
        self.board = self.fresh_board(next);
        verdict.push(RuleEvent::BoardStarted { number: next, breaker: self.board.breaker });
    }
}

/// The one side with the most, if only one has it.
fn sole_leader(values: &[u32]) -> Option<Side> {
    let best = leaders(values);
    (best.len() == 1).then(|| best[0])
}

fn leaders(values: &[u32]) -> Vec<Side> {
    let max = values.iter().copied().max().unwrap_or(0);
    values.iter().enumerate().filter(|(_, v)| **v == max).map(|(i, _)| Side(i as u8)).collect()
}
