//! Where a returned piece goes (X1, F0): as near the centre as possible. On a flat screen a
//! piece cannot lie on top of another, so it takes the free spot nearest the centre.

use crate::vec2::Vec2;

/// Touching pieces count as not overlapping, whatever the rounding: a returned coin fits back
/// into a gap exactly its size.
const TOUCH: f32 = 2e-6;

/// The spot nearest `target` where a disc of `radius` overlaps none of `occupied` (centre,
/// radius) and stays within `limit` of the centre (its centre's largest |x| and |y|).
///
/// The nearest free spot is the target itself, or the point of one forbidden circle nearest
/// the target, or where two forbidden circles cross; all of them are tried, nearest first.
pub fn nearest_free_spot(target: Vec2, radius: f32, occupied: &[(Vec2, f32)], limit: f32) -> Option<Vec2> {
    let forbidden: Vec<(Vec2, f32)> = occupied.iter().map(|&(c, r)| (c, r + radius)).collect();
    let is_free = |p: Vec2| {
        p.is_finite()
            && p.x.abs() <= limit
            && p.y.abs() <= limit
            && occupied.iter().all(|&(c, r)| p.distance(c) >= r + radius - TOUCH)
    };
    let mut candidates = vec![target];
    for &(c, r) in &forbidden {
        let away = (target - c).normalized().unwrap_or(Vec2::new(1.0, 0.0));
        candidates.push(c + away * r);
    }
    for (i, &(c1, r1)) in forbidden.iter().enumerate() {
        for &(c2, r2) in &forbidden[i + 1..] {
            candidates.extend(circle_crossings(c1, r1, c2, r2));
        }
    }
    candidates
        .into_iter()
        .filter(|p| is_free(*p))
        .min_by(|a, b| a.distance(target).total_cmp(&b.distance(target)))
}

/// The points where two circles cross (none, one or two), nudged outward a hair.
fn circle_crossings(c1: Vec2, r1: f32, c2: Vec2, r2: f32) -> Vec<Vec2> {
    let d = c1.distance(c2);
    if d == 0.0 || d > r1 + r2 || d < (r1 - r2).abs() {
        return vec![];
    }
    let along = (d * d + r1 * r1 - r2 * r2) / (2.0 * d);
    let h = (r1 * r1 - along * along).max(0.0).sqrt();
    let axis = (c2 - c1) * (1.0 / d);
    let normal = Vec2::new(-axis.y, axis.x);
    let base = c1 + axis * along;
    [base + normal * h, base - normal * h]
        .into_iter()
        .map(|p| {
            let out1 = (p - c1).normalized().unwrap_or(normal) * 1e-7;
            let out2 = (p - c2).normalized().unwrap_or(normal) * 1e-7;
            p + out1 + out2
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn x1_empty_centre_is_taken() {
        assert_eq!(nearest_free_spot(Vec2::ZERO, 0.0159, &[], 0.35), Some(Vec2::ZERO));
    }

    #[test]
    fn x1_returned_piece_never_overlaps_and_stays_close() {
        let r = 0.0159;
        let mut occupied = vec![];
        for _ in 0..19 {
            let spot = nearest_free_spot(Vec2::ZERO, r, &occupied, 0.35).unwrap();
            for &(c, rc) in &occupied {
                assert!(spot.distance(c) >= r + rc - TOUCH, "overlap at {spot:?}");
            }
            occupied.push((spot, r));
        }
        // 19 discs packed from the centre stay within three rings of coins.
        assert!(occupied.iter().all(|(c, _)| c.length() < 7.0 * r));
    }

    #[test]
    fn x1_piece_beside_the_centre_pushes_the_spot_away_from_it() {
        let r = 0.0159;
        let spot = nearest_free_spot(Vec2::ZERO, r, &[(Vec2::new(0.01, 0.0), r)], 0.35).unwrap();
        assert!(spot.x < 0.0);
        assert!((spot.distance(Vec2::new(0.01, 0.0)) - 2.0 * r).abs() < 1e-3);
    }
}
