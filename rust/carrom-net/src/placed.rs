//! Returned pieces placed by an opponent (RULES.md X3), on the wire: each spot a kind that can
//! go back (never the striker: the wire has no word for it) and a point as exact bits, so that
//! every machine places the piece at the same spot to the last bit.

use crate::bits::Exact;
use crate::error::NetError;
use carrom_core::game::Spot;
use carrom_core::{PieceKind, Vec2};
use serde::{Deserialize, Serialize};

/// The most spots a placement carries: a whole set of coins and the queen.
pub const MAX_SPOTS: usize = 19;

/// A piece that can be sent back to the centre.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Returned {
    /// A white coin.
    White,
    /// A black coin.
    Black,
    /// The queen.
    Queen,
}

/// Where one waiting piece goes, metres from the board's centre.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WireSpot {
    /// The kind of piece: the next waiting piece of this kind goes here.
    pub kind: Returned,
    /// Its centre.
    pub at: [Exact; 2],
}

/// `spots` for the wire; `None` when one is the striker, which never waits to be placed.
pub fn to_wire(spots: &[Spot]) -> Option<Vec<WireSpot>> {
    spots
        .iter()
        .map(|spot| {
            let kind = match spot.kind {
                PieceKind::White => Returned::White,
                PieceKind::Black => Returned::Black,
                PieceKind::Queen => Returned::Queen,
                PieceKind::Striker => return None,
            };
            Some(WireSpot { kind, at: [Exact::new(spot.at.x), Exact::new(spot.at.y)] })
        })
        .collect()
}

/// Spots from the wire, each number finite and no more of them than a set has pieces (the
/// rules and the table judge the spots themselves when they are played).
pub fn from_wire(spots: &[WireSpot]) -> Result<Vec<Spot>, NetError> {
    if spots.len() > MAX_SPOTS {
        return Err(NetError::TooManySpots { spots: spots.len(), allowed: MAX_SPOTS });
    }
    spots
        .iter()
        .map(|spot| {
            let kind = match spot.kind {
                Returned::White => PieceKind::White,
                Returned::Black => PieceKind::Black,
                Returned::Queen => PieceKind::Queen,
            };
            let at = Vec2::new(spot.at[0].finite("spot x")?, spot.at[1].finite("spot y")?);
            Ok(Spot { kind, at })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn x3_spots_cross_the_wire_exactly_and_the_striker_never() {
        let spots = vec![
            Spot { kind: PieceKind::Queen, at: Vec2::new(0.001, -0.0) },
            Spot { kind: PieceKind::Black, at: Vec2::new(-0.047_123_4, 0.033) },
        ];
        let back = from_wire(&to_wire(&spots).unwrap()).unwrap();
        for (a, b) in spots.iter().zip(&back) {
            assert_eq!(
                (a.kind, a.at.x.to_bits(), a.at.y.to_bits()),
                (b.kind, b.at.x.to_bits(), b.at.y.to_bits())
            );
        }
        assert_eq!(to_wire(&[Spot { kind: PieceKind::Striker, at: Vec2::ZERO }]), None);
    }

    #[test]
    fn x3_a_spot_that_is_not_a_number_or_too_many_spots_are_refused_by_name() {
        let nan = WireSpot { kind: Returned::White, at: [Exact::new(f32::NAN), Exact::new(0.0)] };
        assert_eq!(from_wire(&[nan]), Err(NetError::NotANumber("spot x")));
        let many = vec![WireSpot { kind: Returned::White, at: [Exact::new(0.0); 2] }; MAX_SPOTS + 1];
        assert_eq!(from_wire(&many), Err(NetError::TooManySpots { spots: 20, allowed: 19 }));
    }
}
