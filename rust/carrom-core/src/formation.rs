//! The opening formation (S2, S3): the queen at the centre, a ring of six alternating coins
//! touching it, a ring of twelve alternating coins around those, all touching, none
//! overlapping, turned so that the radial pairs of white coins ("double whites") point at the
//! pockets as closely as three lines 120° apart can point at four pockets 90° apart.

use crate::piece::{PieceId, PieceKind};
use crate::spec::BoardSpec;
use crate::vec2::Vec2;
use std::f32::consts::{FRAC_PI_4, PI};

/// One piece of the formation.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Placed {
    pub id: PieceId,
    pub kind: PieceKind,
    pub position: Vec2,
}

/// The angle of the first double white. Whites sit at this angle and every 120° from it, each
/// backed by a white of the outer ring, so one pair points exactly at the pocket at 45° (seat
/// 0's right-hand pocket) and the other two miss their nearest pockets by 30°, the least any
/// turn of the formation achieves.
pub const DOUBLE_WHITE_ANGLE: f32 = FRAC_PI_4;

/// The 19 pieces of S2 in id order: the queen, six inner coins, twelve outer coins.
pub fn opening_formation(spec: &BoardSpec) -> Vec<Placed> {
    let rq = spec.queen_diameter / 2.0;
    let rc = spec.coin_diameter / 2.0;
    let inner = rq + rc;
    // An outer coin between two inner ones touches both of them.
    let half_gap = inner * 0.5; // sin 30°
    let between = inner * (0.75f32).sqrt() + (4.0 * rc * rc - half_gap * half_gap).max(0.0).sqrt();
    let behind = inner + 2.0 * rc;
    let mut pieces = vec![Placed { id: PieceId::QUEEN, kind: PieceKind::Queen, position: Vec2::ZERO }];
    let colour = |k: usize| if k.is_multiple_of(2) { PieceKind::White } else { PieceKind::Black };
    for k in 0..6 {
        let angle = DOUBLE_WHITE_ANGLE + k as f32 * PI / 3.0;
        pieces.push(Placed {
            id: PieceId(1 + k as u8),
            kind: colour(k),
            position: Vec2::from_angle(angle) * inner,
        });
    }
    for k in 0..12 {
        let angle = DOUBLE_WHITE_ANGLE + k as f32 * PI / 6.0;
        let radius = if k % 2 == 0 { behind } else { between };
        pieces.push(Placed {
            id: PieceId(7 + k as u8),
            kind: colour(k),
            position: Vec2::from_angle(angle) * radius,
        });
    }
    pieces
}

#[cfg(test)]
mod tests {
    use super::*;

    const TOUCH: f32 = 1e-5;

    #[test]
    fn s2_nine_white_nine_black_one_queen_at_the_centre() {
        let f = opening_formation(&BoardSpec::icf());
        assert_eq!(f.len(), 19);
        let count = |k| f.iter().filter(|p| p.kind == k).count();
        assert_eq!((count(PieceKind::White), count(PieceKind::Black), count(PieceKind::Queen)), (9, 9, 1));
        assert_eq!(f[0].position, Vec2::ZERO);
        for (i, p) in f.iter().enumerate() {
            assert_eq!(p.id.index(), i);
        }
    }

    #[test]
    fn s2_rings_alternate_in_colour() {
        let f = opening_formation(&BoardSpec::icf());
        for ring in [&f[1..7], &f[7..19]] {
            for (a, b) in ring.iter().zip(ring.iter().cycle().skip(1)) {
                assert_ne!(a.kind, b.kind);
            }
        }
    }

    #[test]
    fn s2_all_touching_none_overlapping() {
        let spec = BoardSpec::icf();
        let f = opening_formation(&spec);
        for a in &f {
            let mut touching = 0;
            for b in &f {
                if a.id == b.id {
                    continue;
                }
                let gap = a.position.distance(b.position) - spec.radius(a.kind) - spec.radius(b.kind);
                assert!(gap > -TOUCH, "{} and {} overlap by {}", a.id, b.id, -gap);
                if gap < TOUCH {
                    touching += 1;
                }
            }
            // Inner coins touch 6 neighbours, outer ones at least 3, the queen 6.
            assert!(touching >= 3, "{} touches only {touching}", a.id);
        }
    }

    #[test]
    fn s3_double_whites_point_at_pockets() {
        let f = opening_formation(&BoardSpec::icf());
        let pockets: Vec<f32> = (0..4).map(|k| FRAC_PI_4 + k as f32 * PI / 2.0).collect();
        let mut misses = vec![];
        for inner in f[1..7].iter().filter(|p| p.kind == PieceKind::White) {
            let angle = inner.position.y.atan2(inner.position.x);
            let behind = f[7..].iter().find(|o| {
                let d = o.position.normalized().unwrap();
                (d.y.atan2(d.x) - angle).abs() < 1e-4
            });
            assert_eq!(behind.map(|p| p.kind), Some(PieceKind::White), "a white backs each inner white");
            let miss = pockets
                .iter()
                .map(|p| {
                    let d = (angle - p).rem_euclid(2.0 * PI);
                    d.min(2.0 * PI - d)
                })
                .fold(f32::MAX, f32::min);
            misses.push(miss.to_degrees());
        }
        misses.sort_by(f32::total_cmp);
        assert!(misses[0] < 1e-3 && misses[2] < 30.0 + 1e-3, "{misses:?}");
    }

    #[test]
    fn formation_fits_in_the_outer_circle() {
        let spec = BoardSpec::icf();
        for p in opening_formation(&spec) {
            assert!(p.position.length() + spec.radius(p.kind) <= spec.outer_circle_diameter / 2.0);
        }
    }
}
