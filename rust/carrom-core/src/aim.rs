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

/// Why the guide would not look: an input no strike could have.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum AimError {
    /// A speed that is not a number, below zero or past the board's hardest strike.
    #[error("speed {speed} m/s: a strike's speed is a number from 0 to {max} m/s")]
    Speed {
        /// The speed given.
        speed: f32,
        /// The hardest strike this board allows (`max_striker_speed`).
        max: f32,
    },
    /// A direction or start with a part that is not a number.
    #[error("{what} must be finite numbers (got {x}, {y})")]
    NotFinite {
        /// `direction` or `start`.
        what: &'static str,
        /// Its first part.
        x: f32,
        /// Its second part.
        y: f32,
    },
}

/// The guide for the striker where it stands, struck along `direction` at `speed` m/s. A
/// direction of zero length gives a guide of the start alone; a speed past the board's
/// hardest strike, or anything not a number, is refused.
pub fn predict_path(table: &Table, direction: Vec2, speed: f32) -> Result<AimGuide, AimError> {
    predict_path_from(table, table.pieces()[PieceId::STRIKER.index()].position, direction, speed)
}

/// The guide for a striker standing at `start` (the coach's look at a spot it has not taken),
/// struck along `direction` at `speed` m/s; refused as `predict_path` refuses.
pub fn predict_path_from(
    table: &Table,
    start: Vec2,
    direction: Vec2,
    speed: f32,
) -> Result<AimGuide, AimError> {
    let max = table.spec().physics.max_striker_speed;
    if !(0.0..=max).contains(&speed) {
        return Err(AimError::Speed { speed, max });
    }
    for (what, v) in [("direction", direction), ("start", start)] {
        if !(v.x.is_finite() && v.y.is_finite()) {
            return Err(AimError::NotFinite { what, x: v.x, y: v.y });
        }
    }
    Ok(guide_from(table, start, direction, speed))
}

/// The guide without the checks, for the computer's own looks, whose speeds it makes itself
/// (a little past the hardest strike, to see where a line leads).
pub(crate) fn guide_from(table: &Table, start: Vec2, direction: Vec2, speed: f32) -> AimGuide {
    follow(table, start, direction, speed, true)
}

/// The striker's path from `start` off the cushions as if no piece lay in its way: where it
/// bounces and where it stops or drops. What an aim through the cushions is solved against.
pub fn path_alone(table: &Table, start: Vec2, direction: Vec2, speed: f32) -> Vec<Vec2> {
    follow(table, start, direction, speed, false).points
}

/// The guide's walk: straight runs slowing at μ·g, each ended by a piece (when `meet_pieces`),
/// a pocket, a cushion or a stop; a cushion bounces the striker as `bounce` says.
fn follow(table: &Table, start: Vec2, direction: Vec2, speed: f32, meet_pieces: bool) -> AimGuide {
    let spec = table.spec();
    let (Some(mut dir), true) = (direction.normalized(), speed.is_finite() && speed > 0.0) else {
        return AimGuide { points: vec![start], ..AimGuide::default() };
    };
    let r = spec.radius(PieceKind::Striker);
    let p = &spec.physics;
    let decel = p.sliding_friction * p.gravity;
    let (mut speed, mut rim) = (speed, 0.0_f32);
    let wall = spec.half_surface() - r;
    let mut pos = start;
    let mut guide = AimGuide { points: vec![pos], ..AimGuide::default() };
    for _ in 0..=MAX_BOUNCES {
        let reach = speed * speed / (2.0 * decel);
        let piece_hit = table
            .pieces()
            .iter()
            .filter(|q| meet_pieces && q.on_board() && q.kind != PieceKind::Striker)
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
        // The run slows the striker, and the board's drag on its face slows its rim by 4/3 as
        // much over the same time.
        let arriving = (speed * speed - 2.0 * decel * nearest).max(0.0).sqrt();
        let spun_down = 4.0 / 3.0 * (speed - arriving);
        rim = if rim.abs() <= spun_down { 0.0 } else { rim - spun_down * rim.signum() };
        let mut velocity = dir * arriving;
        for (normal, touching) in [
            (Vec2::new(pos.x.signum(), 0.0), pos.x.abs() >= wall - 1e-6),
            (Vec2::new(0.0, pos.y.signum()), pos.y.abs() >= wall - 1e-6),
        ] {
            if touching {
                (velocity, rim) = bounce(velocity, rim, normal, p.cushion_restitution, p.cushion_friction);
            }
        }
        speed = velocity.length();
        let Some(next) = velocity.normalized() else { return guide };
        dir = next;
    }
    guide
}

/// A disc's bounce off a cushion whose outward normal is `normal`: `velocity` in, `rim` the
/// speed of its rim from spinning (counter-clockwise positive). The cushion returns `e` of the
/// speed into it; its friction works on the rim where they touch, up to `mu` times the speed
/// into the cushion (as the board's physics resolves it), until the rim rolls along the cushion
/// instead of sliding — a third of the sliding speed taken off the run, two thirds put into
/// spin, for a disc. So a striker leaves a cushion at a narrower angle than it came in, and a
/// bank aimed by the mirror alone would run wide.
fn bounce(velocity: Vec2, rim: f32, normal: Vec2, e: f32, mu: f32) -> (Vec2, f32) {
    let into = velocity.dot(normal);
    if into <= 0.0 {
        return (velocity, rim);
    }
    let along = Vec2::new(-normal.y, normal.x);
    let tangential = velocity.dot(along);
    let slip = tangential + rim;
    let grip = (-slip / 3.0).clamp(-mu * into, mu * into);
    (along * (tangential + grip) - normal * (e * into), rim + 2.0 * grip)
}

/// The direction that sends a striker from `start`, struck at `speed`, off `cushions`
/// cushions and then through `target`, found from a first `guess` (a mirror image's line,
/// say) by the secant method on the guide's own bounces; `None` when no direction near the
/// guess gets there. The mirror alone misses: a cushion narrows the striker's angle.
pub fn aim_through(
    table: &Table,
    start: Vec2,
    target: Vec2,
    cushions: usize,
    guess: Vec2,
    speed: f32,
) -> Option<Vec2> {
    // How far to the side of the striker's run after its bounces `target` lies (signed).
    let beside = |angle: f32| {
        let points = path_alone(table, start, Vec2::from_angle(angle), speed);
        let (from, to) = (points.get(cushions)?, points.get(cushions + 1)?);
        let run = (*to - *from).normalized()?;
        let off = target - *from;
        Some(run.x * off.y - run.y * off.x)
    };
    let (mut a, mut b) = (guess.angle(), guess.angle() + SECANT_STEP);
    let (mut fa, mut fb) = (beside(a)?, beside(b)?);
    for _ in 0..SECANT_TRIES {
        if fb.abs() < ON_LINE {
            return Some(Vec2::from_angle(b));
        }
        if fb == fa {
            return None;
        }
        let next = b - fb * (b - a) / (fb - fa);
        if (next - guess.angle()).abs() > SECANT_REACH {
            return None;
        }
        (a, fa) = (b, fb);
        b = next;
        fb = beside(b)?;
    }
    (fb.abs() < ON_LINE).then(|| Vec2::from_angle(b))
}

/// The secant's first step and tries, radians and count; how close to the run `target` must
/// lie, metres; how far from the guess the answer may turn, radians.
const SECANT_STEP: f32 = 0.004;
const SECANT_TRIES: usize = 8;
const ON_LINE: f32 = 0.0005;
const SECANT_REACH: f32 = 0.35;

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

    /// A board with nothing on it but seat 0's striker, at `offset` along its baseline.
    fn striker_alone(offset: f32) -> Table {
        let mut t = Table::new(BoardSpec::icf()).unwrap();
        for id in 0..19 {
            t.set_piece(PieceId(id), Place::Off, Vec2::ZERO).unwrap();
        }
        t.place_striker(Seat::new(0).unwrap(), offset).unwrap();
        t
    }

    fn lone_coin_table(coin_at: Vec2) -> Table {
        let mut t = striker_alone(0.0);
        t.set_piece(PieceId(4), Place::Board, coin_at).unwrap();
        t
    }

    #[test]
    fn aiming_straight_at_a_coin_hits_it_and_sends_it_straight_on() {
        let t = lone_coin_table(Vec2::new(0.0, 0.0));
        let g = predict_path(&t, Vec2::new(0.0, -1.0), 3.0).unwrap();
        assert_eq!(g.hit, Some(PieceId(4)));
        let d = g.hit_direction.unwrap();
        assert!((d.y + 1.0).abs() < 1e-5 && d.x.abs() < 1e-5);
        let contact = *g.points.last().unwrap();
        assert!((contact.distance(Vec2::ZERO) - (0.0159 + 0.02065)).abs() < 1e-4);
    }

    #[test]
    fn a_speed_no_strike_could_have_is_refused_with_the_range_not_a_panic() {
        let t = lone_coin_table(Vec2::new(0.3, 0.3));
        let max = t.spec().physics.max_striker_speed;
        // Finite but huge: its square overflows, which once reached the bounce as NaN bounds.
        for speed in [1e19, 3e38, f32::MAX, f32::INFINITY, f32::NAN, -1.0, max * 1.01] {
            let refused = predict_path(&t, Vec2::new(0.3, -1.0), speed).unwrap_err();
            assert!(matches!(refused, AimError::Speed { max: m, .. } if m == max), "{speed}: {refused}");
            assert!(refused.to_string().contains(&format!("0 to {max} m/s")), "{refused}");
        }
        let bad_direction = predict_path(&t, Vec2::new(f32::NAN, 1.0), 1.0).unwrap_err();
        assert!(bad_direction.to_string().starts_with("direction must be finite"), "{bad_direction}");
        assert!(predict_path(&t, Vec2::new(0.3, -1.0), max).is_ok(), "the hardest strike is guided");
    }

    #[test]
    fn a_glancing_aim_sends_the_coin_along_the_line_of_centres() {
        let t = lone_coin_table(Vec2::new(0.02, 0.0));
        let g = predict_path(&t, Vec2::new(0.0, -1.0), 3.0).unwrap();
        let d = g.hit_direction.unwrap();
        assert!(d.x > 0.1 && d.y < 0.0, "{d:?}");
    }

    #[test]
    fn a_miss_bounces_off_the_cushion_and_a_soft_shot_stops_short() {
        let t = lone_coin_table(Vec2::new(0.3, 0.3));
        let g = predict_path(&t, Vec2::new(0.0, -1.0), 6.0).unwrap();
        assert!(g.points.len() >= 3, "{:?}", g.points);
        assert!(g.points[1].y < -0.3, "it reached the far cushion");
        let soft = predict_path(&t, Vec2::new(0.0, -1.0), 0.5).unwrap();
        assert_eq!(soft.points.len(), 2);
        let travelled = soft.points[0].distance(soft.points[1]);
        assert!((travelled - 0.25 / (2.0 * 0.12 * 9.81)).abs() < 1e-4);
        let none = predict_path(&t, Vec2::ZERO, 1.0).unwrap();
        assert_eq!(none.points.len(), 1);
    }

    /// Where the striker, struck alone on `table`, comes to rest, and whether it dropped.
    fn rest_of(table: &Table, direction: Vec2, speed: f32) -> (Vec2, bool) {
        let mut t = table.clone_at_rest().unwrap();
        t.strike(direction, speed).unwrap();
        let report = t.run_to_rest().unwrap();
        (t.pieces()[PieceId::STRIKER.index()].position, report.striker_pocketed.is_some())
    }

    #[test]
    fn a_bank_ends_where_the_striker_really_stops() {
        // Off one cushion or two, the guide's stop lies within a couple of centimetres of the
        // physics', a few millimetres on the whole; a mirror bounce that kept the speed along
        // the cushion was off by 3 cm on the whole and 10 at worst.
        let mut misses = vec![];
        for offset in [-0.15, 0.0, 0.1] {
            let table = striker_alone(offset);
            for degrees in [-50.0_f32, -30.0, 10.0, 20.0, 30.0, 40.0, 60.0] {
                for speed in [1.5, 2.5] {
                    let direction = Vec2::new(degrees.to_radians().sin(), -degrees.to_radians().cos());
                    let guide = predict_path(&table, direction, speed).unwrap();
                    let (rest, dropped) = rest_of(&table, direction, speed);
                    let bounces = guide.points.len() - 2;
                    if dropped || guide.pocket.is_some() || bounces == 0 || bounces > 2 {
                        continue;
                    }
                    misses.push(rest.distance(*guide.points.last().unwrap()));
                }
            }
        }
        assert!(misses.len() >= 20, "only {} banks compared", misses.len());
        let worst = misses.iter().copied().fold(0.0, f32::max);
        let mean = misses.iter().sum::<f32>() / misses.len() as f32;
        assert!(worst < 0.03 && mean < 0.008, "off by {mean} m on the whole, {worst} m at worst");
    }

    #[test]
    fn an_aim_through_a_cushion_reaches_a_coin_behind_the_baseline() {
        // A coin in the player's own corner, behind the baseline: only a bank off the far
        // cushion reaches it, and the mirror's line runs wide of it.
        let coin_at = Vec2::new(0.297, 0.323);
        let mut table = lone_coin_table(coin_at);
        let start = table.place_striker(Seat::new(0).unwrap(), 0.0).unwrap();
        let wall = table.spec().half_surface() - table.spec().radius(PieceKind::Striker);
        let e = table.spec().physics.cushion_restitution;
        let mirror = Vec2::new(coin_at.x, -wall - (wall + coin_at.y) / e);
        let guess = (mirror - start).normalized().unwrap();
        let speed = table.spec().physics.max_striker_speed * 0.6;
        let direction = aim_through(&table, start, coin_at, 1, guess, speed).unwrap();
        for (aim, hits) in [(guess, false), (direction, true)] {
            let mut t = table.clone_at_rest().unwrap();
            t.strike(aim, speed).unwrap();
            let report = t.run_to_rest().unwrap();
            assert_eq!(report.first_touched == Some(PieceId(4)), hits, "aimed along {aim:?}");
        }
    }
}
