//! How a board's points were made, side by side: what each side held and which points came
//! from coins and which from the queen. The end-of-board panel shows it in the words of the
//! rules screen, so a player sees why the score moved.

use super::board::Coins;
use super::match_state::Match;
use super::ruleset::Scoring;
use super::side::Side;
use crate::piece::PieceKind;
use serde::{Deserialize, Serialize};

/// One side's part of a board's score.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    /// Coins the side pocketed and kept this board.
    pub held: Coins,
    /// Whether this side covered the queen.
    pub queen_covered: bool,
    /// Points from coins: the opponents' coins still on the board, for the winner (P2); the
    /// value of the coins held, in the points game (M3).
    pub coin_points: u32,
    /// Points from the queen: the winner's bonus for covering her (P3); her value, in the
    /// points game (M3).
    pub queen_points: u32,
}

impl Tally {
    /// All the points the side takes from the board.
    pub fn points(&self) -> u32 {
        self.coin_points + self.queen_points
    }
}

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
                t.queen_points = if t.queen_covered { s.queen_bonus } else { 0 };
            }
        }
        tally
    }
}
