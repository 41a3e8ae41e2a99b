//! A board's tally from the match as it stands: what each side held and which points came from
//! coins and which from the queen, were a side to take the board.

use super::Match;
use crate::piece::PieceKind;
use crate::rules::ruleset::Scoring;
use crate::rules::side::Side;
use crate::rules::tally::Tally;

impl Match {
    /// Each side's tally of the board as it stands, were `winner` to take it.
    pub fn board_tally(&self, winner: Option<Side>) -> Vec<Tally> {
        let s = &self.settings.rules;
        let board = &self.board;
        let points_game = self.settings.scoring() == Scoring::Pieces;
        let mut tally: Vec<Tally> = (0..self.mode().side_count())
            .map(|i| {
                let side = Side(i as u8);
                Tally {
                    held: board.held.get(i).copied().unwrap_or_default(),
                    queen_covered: board.queen.covered_by() == Some(side),
                    ..Tally::default()
                }
            })
            .collect();
        for (i, t) in tally.iter_mut().enumerate() {
            let side = Side(i as u8);
            if points_game {
                t.coin_points =
                    u32::from(t.held.black) * s.black_points + u32::from(t.held.white) * s.white_points;
                t.queen_points = if t.queen_covered { s.queen_points } else { 0 };
            } else if winner == Some(side) {
                let theirs = board.colour_of(side).map_or(PieceKind::Black, PieceKind::other_colour);
                t.coin_points = u32::from(board.on_board.get(theirs));
                // The bonus counts while the winner's total before this board is below the
                // ruleset's bar, if it has one (IC1).
                let counts =
                    s.queen_bonus_below.is_none_or(|bar| self.scores.get(i).is_some_and(|t| *t < bar));
                t.queen_points = if t.queen_covered && counts { s.queen_bonus } else { 0 };
            }
        }
        tally
    }
}
