//! The four corner pockets. A piece drops when its centre passes over a pocket's opening, even
//! between two steps of a fast shot.

use crate::spec::BoardSpec;
use crate::vec2::Vec2;
use serde::{Deserialize, Serialize};

/// A corner pocket, numbered from the one at (+x, +y) (seat 0's right) going round the seats:
/// 0 (+x,+y), 1 (+x,−y), 2 (−x,−y), 3 (−x,+y).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct Pocket(pub(crate) u8);

/// A pocket number outside 0–3.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("pocket {0} does not exist: pockets are 0, 1, 2 and 3")]
pub struct NoSuchPocket(pub i64);

impl Pocket {
    /// The pocket numbered `number`, if there is one.
    pub fn new(number: i64) -> Result<Pocket, NoSuchPocket> {
        u8::try_from(number).ok().filter(|n| *n < 4).map(Pocket).ok_or(NoSuchPocket(number))
    }

    /// Its number, 0–3.
    pub fn number(self) -> u8 {
        self.0
    }

    /// The four pockets, in number order.
    pub const ALL: [Pocket; 4] = [Pocket(0), Pocket(1), Pocket(2), Pocket(3)];

    /// Centre of the pocket's opening: it touches both cushions of its corner.
    pub fn centre(self, spec: &BoardSpec) -> Vec2 {
        let c = spec.half_surface() - spec.pocket_radius();
        Vec2::new(c, c).quarter_turns(self.0)
    }
}

impl TryFrom<u8> for Pocket {
    type Error = NoSuchPocket;
    fn try_from(number: u8) -> Result<Self, Self::Error> {
        Pocket::new(i64::from(number))
    }
}

impl From<Pocket> for u8 {
    fn from(pocket: Pocket) -> u8 {
        pocket.0
    }
}

/// The pocket whose opening the centre crossed moving from `from` to `to`, if any.
pub fn crossed(spec: &BoardSpec, from: Vec2, to: Vec2) -> Option<Pocket> {
    Pocket::ALL.into_iter().find(|p| p.centre(spec).distance_to_segment(from, to) < spec.pocket_radius())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pockets_sit_in_the_corners_touching_both_cushions() {
        let spec = BoardSpec::icf();
        for p in Pocket::ALL {
            let c = p.centre(&spec);
            assert!((c.x.abs() + spec.pocket_radius() - spec.half_surface()).abs() < 1e-6);
            assert!((c.y.abs() + spec.pocket_radius() - spec.half_surface()).abs() < 1e-6);
        }
        assert_eq!(Pocket(0).centre(&spec).x.signum(), 1.0);
        assert_eq!(Pocket(0).centre(&spec).y.signum(), 1.0);
    }

    #[test]
    fn a_fast_piece_skipping_over_the_opening_still_drops() {
        let spec = BoardSpec::icf();
        let c = Pocket(2).centre(&spec);
        let from = c + Vec2::new(0.03, -0.0);
        let to = c + Vec2::new(-0.03, 0.0);
        assert_eq!(crossed(&spec, from, to), Some(Pocket(2)));
        assert_eq!(crossed(&spec, Vec2::ZERO, Vec2::new(0.1, 0.0)), None);
    }
}
