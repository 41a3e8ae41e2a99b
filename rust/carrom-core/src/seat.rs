//! The four sides of the board. Seat 0 sits at the bottom (towards +y); play passes to the
//! right, so seat 1 sits at +x, seat 2 opposite seat 0, seat 3 at −x.

use crate::vec2::Vec2;
use serde::{Deserialize, Serialize};
use std::fmt;

/// One side of the board, 0–3.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct Seat(u8);

/// A seat number outside 0–3.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("seat {0} does not exist: seats are 0, 1, 2 and 3")]
pub struct NoSuchSeat(pub i64);

impl Seat {
    /// The four seats in turn order.
    pub const ALL: [Seat; 4] = [Seat(0), Seat(1), Seat(2), Seat(3)];

    /// Seat `index`, if there is one.
    pub fn new(index: i64) -> Result<Seat, NoSuchSeat> {
        u8::try_from(index).ok().filter(|i| *i < 4).map(Seat).ok_or(NoSuchSeat(index))
    }

    /// Its number, 0–3, as an index.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// The seat across the board (a partner in doubles, the opponent in singles).
    pub fn opposite(self) -> Seat {
        Seat((self.0 + 2) % 4)
    }

    /// The unit vector pointing to this seat's player's right, along the baseline.
    pub fn right(self) -> Vec2 {
        Vec2::new(1.0, 0.0).quarter_turns(self.0)
    }

    /// How far to turn the board (radians, towards +y) so that this seat sits at the bottom,
    /// for a view that always shows the player to strike nearest.
    pub fn turn_to_bottom(self) -> f32 {
        f32::from(self.0) * std::f32::consts::FRAC_PI_2
    }

    /// Whether a strike along `direction` goes forward from this seat, across its front
    /// baseline (K3): away from the seat's own side of the frame.
    pub fn is_forward(self, direction: Vec2) -> bool {
        direction.dot(self.towards()) < 0.0
    }

    /// The unit vector from the centre towards this seat's side of the frame.
    pub fn towards(self) -> Vec2 {
        Vec2::new(0.0, 1.0).quarter_turns(self.0)
    }
}

impl TryFrom<u8> for Seat {
    type Error = NoSuchSeat;
    fn try_from(value: u8) -> Result<Self, Self::Error> {
        Seat::new(i64::from(value))
    }
}

impl From<Seat> for u8 {
    fn from(seat: Seat) -> u8 {
        seat.0
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seat {}", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_go_round_to_the_right() {
        // Seat 0 at the bottom faces up; its right is +x, where seat 1 sits.
        assert_eq!(Seat::ALL[0].towards(), Vec2::new(0.0, 1.0));
        assert_eq!(Seat::ALL[1].towards(), Seat::ALL[0].right());
        assert_eq!(Seat::ALL[2].towards(), Vec2::new(0.0, -1.0));
        assert_eq!(Seat::ALL[1].opposite(), Seat::ALL[3]);
    }

    #[test]
    fn turning_by_turn_to_bottom_brings_the_seat_to_the_bottom() {
        for seat in Seat::ALL {
            let a = seat.turn_to_bottom();
            let t = seat.towards();
            // Rotating `towards` by `a` gives +y.
            let (s, c) = (libm::sinf(a), libm::cosf(a));
            let turned = Vec2::new(t.x * c - t.y * s, t.x * s + t.y * c);
            assert!((turned.x).abs() < 1e-6 && (turned.y - 1.0).abs() < 1e-6, "{seat}: {turned:?}");
        }
    }

    #[test]
    fn only_four_seats_exist() {
        assert_eq!(Seat::new(4), Err(NoSuchSeat(4)));
        assert_eq!(Seat::new(-1), Err(NoSuchSeat(-1)));
        assert!(serde_json::from_str::<Seat>("7").is_err());
        assert_eq!(serde_json::from_str::<Seat>("2").unwrap(), Seat::ALL[2]);
    }
}
