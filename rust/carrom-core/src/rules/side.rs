//! Who sits where and who plays with whom (M1–M3, S1): a side is one player, or a pair of
//! partners in doubles. Scores, colours and dues belong to sides.

use super::settings::Mode;
use crate::seat::Seat;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A side of the match: index into its scores. A match has at most three sides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct Side(pub(crate) u8);

/// A side number outside 0–2.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("side {0} does not exist: a match has sides 0 and 1, and 2 in the points game")]
pub struct NoSuchSide(pub i64);

impl Side {
    /// Most sides a match has (the points game's three players).
    pub const MAX: usize = 3;

    /// Side `number`, if a match can have it.
    pub fn new(number: i64) -> Result<Side, NoSuchSide> {
        u8::try_from(number).ok().filter(|n| usize::from(*n) < Self::MAX).map(Side).ok_or(NoSuchSide(number))
    }

    /// Its number.
    pub fn number(self) -> u8 {
        self.0
    }

    /// Its index in per-side lists (scores, dues).
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

impl TryFrom<u8> for Side {
    type Error = NoSuchSide;
    fn try_from(number: u8) -> Result<Self, Self::Error> {
        Side::new(i64::from(number))
    }
}

impl From<Side> for u8 {
    fn from(side: Side) -> u8 {
        side.0
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "side {}", self.0)
    }
}

const S: [Seat; 4] = Seat::ALL;

impl Mode {
    /// The seats in play, in turn order (play passes to the right).
    pub fn seats(self) -> &'static [Seat] {
        const SINGLES: [Seat; 2] = [S[0], S[2]];
        const DOUBLES: [Seat; 4] = [S[0], S[1], S[2], S[3]];
        const POINTS: [Seat; 3] = [S[0], S[1], S[2]];
        const SOLO: [Seat; 1] = [S[0]];
        match self {
            Mode::Singles => &SINGLES,
            Mode::Doubles => &DOUBLES,
            Mode::Points => &POINTS,
            Mode::Solo => &SOLO,
        }
    }

    /// How many sides play.
    pub fn side_count(self) -> usize {
        match self {
            Mode::Singles | Mode::Doubles => 2,
            Mode::Points => 3,
            Mode::Solo => 1,
        }
    }

    /// The side a seat plays for: partners sit opposite each other in doubles (M2).
    pub fn side_of(self, seat: Seat) -> Option<Side> {
        let i = self.seats().iter().position(|s| *s == seat)?;
        Some(Side((i % self.side_count()) as u8))
    }

    /// The seats of a side, in turn order.
    pub fn seats_of(self, side: Side) -> Vec<Seat> {
        self.seats().iter().copied().filter(|s| self.side_of(*s) == Some(side)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn m1_singles_opponents_sit_opposite() {
        let seats = Mode::Singles.seats();
        assert_eq!(seats, [Seat::ALL[0], Seat::ALL[2]]);
        assert_ne!(Mode::Singles.side_of(seats[0]), Mode::Singles.side_of(seats[1]));
        assert_eq!(Mode::Singles.side_of(Seat::ALL[1]), None);
    }

    #[test]
    fn m2_doubles_partners_sit_opposite_and_share_a_side() {
        for seat in Seat::ALL {
            assert_eq!(Mode::Doubles.side_of(seat), Mode::Doubles.side_of(seat.opposite()));
        }
        assert_ne!(Mode::Doubles.side_of(Seat::ALL[0]), Mode::Doubles.side_of(Seat::ALL[1]));
        assert_eq!(Mode::Doubles.seats_of(Side(1)), [Seat::ALL[1], Seat::ALL[3]]);
    }

    #[test]
    fn m3_points_game_has_three_sides_of_one_player() {
        let sides: Vec<_> = Mode::Points.seats().iter().map(|s| Mode::Points.side_of(*s)).collect();
        assert_eq!(sides, [Some(Side(0)), Some(Side(1)), Some(Side(2))]);
    }
}
