//! How a board's points were made, side by side: what each side held and which points came
//! from coins and which from the queen. The end-of-board panel shows it in the words of the
//! rules screen, so a player sees why the score moved.

use super::board::Coins;
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
