//! The aim guide: where a strike would send the striker, off the cushions, up to the first
//! piece it meets, and which way that piece would go. Geometry with the board's friction and
//! cushion bounce, not a simulation: fast enough to run every frame while a player aims.

use crate::physics::{Pocket, Table};
use crate::piece::{PieceId, PieceKind};
use crate::vec2::Vec2;
use serde::{Deserialize, Serialize};

/// Cushion bounces followed before the guide gives up.
const MAX_BOUNCES: usize = 3;

/// What a strike would do, as far as the guide looks: the striker's path and the piece it
/// meets first.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct AimGuide {
    /// The striker's centre: where it starts, each bounce, and where it meets a piece, drops
    /// or stops.
    pub points: Vec<Vec2>,
    /// The first piece it would strike.
    pub hit: Option<PieceId>,
    /// The direction that piece would be sent: along the line of centres at contact.
    pub hit_direction: Option<Vec2>,
    /// The pocket the striker would fall into first, if it would.
    pub pocket: Option<Pocket>,
}

/// The guide for the striker where it stands, struck along `direction` at `speed` m/s.
pub fn predict_path(table: &Table, direction: Vec2, speed: f32) -> AimGuide {
    predict_path_from(table, table.pieces()[PieceId::STRIKER.index()].position, direction, speed)
}

/// The guide for a striker standing at `start` (the computer's look at a spot it has not
/// taken), struck along `direction` at `speed` m/s.
pub fn predict_path_from(table: &Table, start: Vec2, direction: Vec2, speed: f32) -> AimGuide {
    let spec = table.spec();
    let (Some(mut dir), true) = (direction.normalized(), speed.is_finite() && speed > 0.0) else {
        return AimGuide { points: vec![start], ..AimGuide::default() };
    };
    let r = spec.radius(PieceKind::Striker);
    let p = &spec.physics;
    let mut reach = speed * speed / (2.0 * p.sliding_friction * p.gravity);
    let wall = spec.half_surface() - r;
    let mut pos = start;
    let mut guide = AimGuide { points: vec![pos], ..AimGuide::default() };
    for _ in 0..=MAX_BOUNCES {
        let piece_hit = table
            .pieces()
            .iter()
            .filter(|q| q.on_board() && q.kind != PieceKind::Striker)
            .filter_map(|q| sweep_disc(pos, dir, q.position, r + spec.radius(q.kind)).map(|t| (t, q)))
            .min_by(|a, b| a.0.total_cmp(&b.0));
        let pocket_hit = Pocket::ALL
            .iter()
            .filter_map(|pk| sweep_disc(pos, dir, pk.centre(spec), spec.pocket_radius()).map(|t| (t, *pk)))
            .min_by(|a, b| a.0.total_cmp(&b.0));
        let cushion = distance_to_wall(pos, dir, wall);
        let nearest = [piece_hit.map(|h| h.0), pocket_hit.map(|h| h.0), Some(cushion)]
            .into_iter()
            .flatten()
            .fold(f32::INFINITY, f32::min);
        if nearest >= reach {
            guide.points.push(pos + dir * reach);
            return guide;
        }
        pos = pos + dir * nearest;
        guide.points.push(pos);
        if let Some((_, piece)) = piece_hit.filter(|h| h.0 == nearest) {
            guide.hit = Some(piece.id);
            guide.hit_direction = (piece.position - pos).normalized();
            return guide;
        }
        if let Some((_, pocket)) = pocket_hit.filter(|h| h.0 == nearest) {
            guide.pocket = Some(pocket);
            return guide;
        }
        // The cushion keeps the speed along it and returns `e` of the speed into it, so the
        // striker leaves at a wider angle and slower.
        let e = p.cushion_restitution;
        let mut out = dir;
        if pos.x.abs() >= wall - 1e-6 {
            out.x = -dir.x * e;
        }
        if pos.y.abs() >= wall - 1e-6 {
            out.y = -dir.y * e;
        }
        reach = (reach - nearest) * out.length_squared();
        let Some(next) = out.normalized() else { return guide };
        dir = next;
    }
    guide
}

/// How far a point moving along unit `dir` from `from` goes before coming within `reach` of
/// `centre`, if it ever does ahead of it.
pub(crate) fn sweep_disc(from: Vec2, dir: Vec2, centre: Vec2, reach: f32) -> Option<f32> {
    let to_centre = centre - from;
    let along = to_centre.dot(dir);
    let miss2 = to_centre.length_squared() - along * along;
    let r2 = reach * reach;
    if along <= 0.0 || miss2 > r2 {
        return None;
    }
    Some((along - (r2 - miss2).sqrt()).max(0.0))
}

/// Distance along `dir` to the first cushion for a centre that must stay within `wall`.
fn distance_to_wall(from: Vec2, dir: Vec2, wall: f32) -> f32 {
    let axis = |p: f32, d: f32| {
        if d > 0.0 {
            (wall - p) / d
        } else if d < 0.0 {
            (-wall - p) / d
        } else {
            f32::INFINITY
        }
    };
    axis(from.x, dir.x).min(axis(from.y, dir.y)).max(0.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::physics::Place;
    use crate::seat::Seat;
    use crate::spec::BoardSpec;

    fn lone_coin_table(coin_at: Vec2) -> Table {
        let mut t = Table::new(BoardSpec::icf()).unwrap();
        for id in 0..19 {
            t.set_piece(PieceId(id), Place::Off, Vec2::ZERO).unwrap();
        }
        t.set_piece(PieceId(4), Place::Board, coin_at).unwrap();
        t.place_striker(Seat::new(0).unwrap(), 0.0).unwrap();
        t
    }

    #[test]
    fn aiming_straight_at_a_coin_hits_it_and_sends_it_straight_on() {
        let t = lone_coin_table(Vec2::new(0.0, 0.0));
        let g = predict_path(&t, Vec2::new(0.0, -1.0), 3.0);
        assert_eq!(g.hit, Some(PieceId(4)));
        let d = g.hit_direction.unwrap();
        assert!((d.y + 1.0).abs() < 1e-5 && d.x.abs() < 1e-5);
        let contact = *g.points.last().unwrap();
        assert!((contact.distance(Vec2::ZERO) - (0.0159 + 0.02065)).abs() < 1e-4);
    }

    #[test]
    fn a_glancing_aim_sends_the_coin_along_the_line_of_centres() {
        let t = lone_coin_table(Vec2::new(0.02, 0.0));
        let g = predict_path(&t, Vec2::new(0.0, -1.0), 3.0);
        let d = g.hit_direction.unwrap();
        assert!(d.x > 0.1 && d.y < 0.0, "{d:?}");
    }

    #[test]
    fn a_miss_bounces_off_the_cushion_and_a_soft_shot_stops_short() {
        let t = lone_coin_table(Vec2::new(0.3, 0.3));
        let g = predict_path(&t, Vec2::new(0.0, -1.0), 6.0);
        assert!(g.points.len() >= 3, "{:?}", g.points);
        assert!(g.points[1].y < -0.3, "it reached the far cushion");
        let soft = predict_path(&t, Vec2::new(0.0, -1.0), 0.5);
        assert_eq!(soft.points.len(), 2);
        let travelled = soft.points[0].distance(soft.points[1]);
        assert!((travelled - 0.25 / (2.0 * 0.12 * 9.81)).abs() < 1e-4);
        let none = predict_path(&t, Vec2::ZERO, 1.0);
        assert_eq!(none.points.len(), 1);
    }
}
