//! Shots worth trying, from geometry alone: for each piece the seat may pocket and each pocket,
//! the striker spots and aims that send it there directly or off one cushion; full-power
//! breaks while the formation stands; and a few safe shots when nothing else is open.

use super::Shot;
use crate::aim::{aim_through, guide_from, path_alone, sweep_disc};
use crate::baseline;
use crate::physics::{Pocket, Table};
use crate::piece::{PieceId, PieceKind};
use crate::seat::Seat;
use crate::vec2::Vec2;

/// A shot and how promising it looks before simulating it (higher first).
#[derive(Clone, Debug)]
pub struct Candidate {
    pub shot: Shot,
    pub promise: f32,
}

/// Spots along the baseline the planner tries: the band evenly, and both base circles.
fn offsets(table: &Table) -> Vec<f32> {
    let spec = table.spec();
    let clear = baseline::clear_of_circles(spec);
    let circle = spec.base_circle_offset();
    let mut spots: Vec<f32> = (0..=10).map(|i| -clear + 2.0 * clear * i as f32 / 10.0).collect();
    spots.extend([-circle, circle]);
    spots
}

/// Direct and one-cushion cut shots at `targets`.
pub fn pocketing(table: &Table, seat: Seat, targets: &[PieceId]) -> Vec<Candidate> {
    let spec = table.spec();
    let p = &spec.physics;
    let decel = p.sliding_friction * p.gravity;
    let rs = spec.radius(PieceKind::Striker);
    let wall = spec.half_surface() - rs;
    let forward = -seat.towards();
    let mut found = vec![];
    for offset in offsets(table) {
        let Ok(start) = table.check_striker_spot(seat, offset) else { continue };
        for &id in targets {
            let target = &table.pieces()[id.index()];
            let rc = spec.radius(target.kind);
            let transfer = (1.0 + p.piece_restitution) * spec.striker_mass
                / (spec.striker_mass + spec.mass(target.kind));
            for pocket in Pocket::ALL {
                let to_pocket = pocket.centre(spec) - target.position;
                let Some(u) = to_pocket.normalized() else { continue };
                if !lane_clear(table, id, target.position, pocket.centre(spec)) {
                    continue;
                }
                let ghost = target.position - u * (rs + rc);
                // The ghost itself, and its image behind each cushion for a one-bank shot: the
                // cushion returns `e` of the speed into it, so the image lies 1/e as deep. That
                // mirror is a first guess; `aim_through` finds the line that really banks there.
                let e = p.cushion_restitution.max(0.05);
                let aims = [
                    (ghost, 1.0),
                    (Vec2::new(wall + (wall - ghost.x) / e, ghost.y), e),
                    (Vec2::new(-wall - (wall + ghost.x) / e, ghost.y), e),
                    (Vec2::new(ghost.x, wall + (wall - ghost.y) / e), e),
                    (Vec2::new(ghost.x, -wall - (wall + ghost.y) / e), e),
                ];
                for (bank, (aim, bounce)) in aims.into_iter().enumerate() {
                    let Some(guess) = (aim - start).normalized() else { continue };
                    // The direction the striker arrives with, after the bank if there is one,
                    // and how far it runs to the ghost.
                    let (dir, arrival, travel) = if bank == 0 {
                        (guess, guess, (ghost - start).length())
                    } else {
                        let max = p.max_striker_speed;
                        let Some(dir) = aim_through(table, start, ghost, 1, guess, max) else { continue };
                        let Some(&cushion) = path_alone(table, start, dir, max).get(1) else { continue };
                        let Some(arrival) = (ghost - cushion).normalized() else { continue };
                        (dir, arrival, (cushion - start).length() + (ghost - cushion).length())
                    };
                    if dir.dot(forward) < 0.05 {
                        continue;
                    }
                    let cut = arrival.dot(u);
                    if cut < 0.25 {
                        continue;
                    }
                    let coin_speed = (2.0 * decel * (to_pocket.length() + 0.04)).sqrt();
                    let at_contact = coin_speed / (transfer * cut);
                    let speed = ((at_contact / bounce).powi(2) + 2.0 * decel * travel).sqrt();
                    if speed > p.max_striker_speed {
                        continue;
                    }
                    let guide = guide_from(table, start, dir, speed * 1.2);
                    if guide.hit != Some(id) {
                        continue;
                    }
                    // Room to spare beside the striker's path forgives an unsteady hand.
                    let room = clearance(table, id, &guide.points).min(0.03);
                    let promise =
                        cut * 2.0 - travel - to_pocket.length() - bank.min(1) as f32 * 0.6 + room * 30.0;
                    for boost in BOOSTS {
                        let speed = (speed * boost).min(p.max_striker_speed);
                        found.push(Candidate { shot: Shot { seat, offset, direction: dir, speed }, promise });
                    }
                }
            }
        }
    }
    found
}

/// Speeds each pocketing line is tried at, as factors of the least that reaches the pocket.
const BOOSTS: [f32; 3] = [1.0, 1.35, 1.8];
/// Candidates `pocketing` lists per line.
pub const SPEEDS: usize = BOOSTS.len();

/// The smallest gap between the striker, along `path`, and any piece but `target`.
fn clearance(table: &Table, target: PieceId, path: &[Vec2]) -> f32 {
    let spec = table.spec();
    let rs = spec.radius(PieceKind::Striker);
    table
        .pieces()
        .iter()
        .filter(|q| q.on_board() && q.id != target && q.kind != PieceKind::Striker)
        .flat_map(|q| {
            path.windows(2)
                .map(move |w| q.position.distance_to_segment(w[0], w[1]) - rs - spec.radius(q.kind))
        })
        .fold(f32::INFINITY, f32::min)
}

/// Whether piece `id` can run from `from` to the pocket at `to` without meeting another piece.
fn lane_clear(table: &Table, id: PieceId, from: Vec2, to: Vec2) -> bool {
    let spec = table.spec();
    let Some(dir) = (to - from).normalized() else { return true };
    let length = (to - from).length();
    let r = spec.radius(table.pieces()[id.index()].kind);
    table
        .pieces()
        .iter()
        .filter(|q| q.on_board() && q.id != id && q.kind != PieceKind::Striker)
        .all(|q| sweep_disc(from, dir, q.position, r + spec.radius(q.kind)).is_none_or(|t| t > length))
}

/// Full-power breaks at the formation from several spots.
pub fn breaks(table: &Table, seat: Seat) -> Vec<Candidate> {
    let max = table.spec().physics.max_striker_speed;
    from_every_spot(table, seat, &[0.0, 0.02, -0.02], &[max], |offset| -offset.abs())
}

/// Hits at the targets, straight or off one or two cushions, at several speeds: when no clean
/// pocketing shot is open, a firm hit still moves own coins (even those behind the baseline,
/// which only a bank can reach, and those in the player's own corners, which only two can)
/// and sometimes drops one.
pub fn attacks(table: &Table, seat: Seat, targets: &[PieceId]) -> Vec<Candidate> {
    let spec = table.spec();
    let max = spec.physics.max_striker_speed;
    let wall = spec.half_surface() - spec.radius(PieceKind::Striker);
    let e = spec.physics.cushion_restitution.max(0.05);
    let mut found = vec![];
    for offset in offsets(table) {
        let Ok(start) = table.check_striker_spot(seat, offset) else { continue };
        for &id in targets {
            let at = table.pieces()[id.index()].position;
            for (image, cushions) in images(at, wall, e) {
                let Some(guess) = (image - start).normalized() else { continue };
                let direction = if cushions == 0 {
                    guess
                } else {
                    let Some(d) = aim_through(table, start, at, cushions, guess, max) else { continue };
                    d
                };
                if direction.dot(-seat.towards()) < 0.05
                    || guide_from(table, start, direction, max).hit != Some(id)
                {
                    continue;
                }
                for speed in [0.35 * max, 0.6 * max, 0.9 * max] {
                    found.push(Candidate { shot: Shot { seat, offset, direction, speed }, promise: -5.0 });
                }
            }
        }
    }
    found
}

/// Where to aim to reach `at` straight, off one cushion, or off two (the first cushion's
/// reflection of the second's), with how many cushions: each cushion returns `e` of the speed
/// into it, so an image lies 1/e as deep behind it. A first guess: the cushion's grip narrows
/// the angle, and `aim_through` finds the line the striker really takes.
fn images(at: Vec2, wall: f32, e: f32) -> Vec<(Vec2, usize)> {
    // The four cushions: x = +wall, x = -wall, y = +wall, y = -wall.
    let reflect = |p: Vec2, cushion: usize| match cushion {
        0 => Vec2::new(wall + (wall - p.x) / e, p.y),
        1 => Vec2::new(-wall - (wall + p.x) / e, p.y),
        2 => Vec2::new(p.x, wall + (wall - p.y) / e),
        _ => Vec2::new(p.x, -wall - (wall + p.y) / e),
    };
    let mut found = vec![(at, 0)];
    found.extend((0..4).map(|c| (reflect(at, c), 1)));
    for last in 0..4 {
        for first in (0..4).filter(|f| *f / 2 != last / 2) {
            found.push((reflect(reflect(at, last), first), 2));
        }
    }
    found
}

/// Safeties that break up the opponents' easy coins: hits, straight or off a cushion, at their
/// coins that lie close to a pocket. What they leave decides whether one is played.
pub fn breakups(table: &Table, seat: Seat, theirs: &[PieceId]) -> Vec<Candidate> {
    let spec = table.spec();
    let easy: Vec<PieceId> = theirs
        .iter()
        .copied()
        .filter(|id| {
            let at = table.pieces()[id.index()].position;
            Pocket::ALL.iter().any(|p| p.centre(spec).distance(at) < EASY_COIN)
        })
        .collect();
    let mut found = attacks(table, seat, &easy);
    for c in &mut found {
        c.promise = -8.0;
    }
    found
}

/// An opponent's coin this close to a pocket's centre, metres, is an easy shot to leave them.
const EASY_COIN: f32 = 0.2;

/// Gentle shots towards the centre from across the baseline: something legal to play when no
/// pocketing shot is open.
pub fn safe(table: &Table, seat: Seat) -> Vec<Candidate> {
    let max = table.spec().physics.max_striker_speed;
    from_every_spot(table, seat, &[0.0, 0.15, -0.15], &[0.25 * max, 0.45 * max], |_| -1.0)
}

/// Shots from every free spot on the baseline at points beside the centre (`aims`, metres to
/// the seat's right) at each of `speeds`.
fn from_every_spot(
    table: &Table,
    seat: Seat,
    aims: &[f32],
    speeds: &[f32],
    promise: impl Fn(f32) -> f32,
) -> Vec<Candidate> {
    let mut found = vec![];
    for offset in offsets(table) {
        let Ok(start) = table.check_striker_spot(seat, offset) else { continue };
        for aim in aims {
            let Some(direction) = (seat.right() * *aim - start).normalized() else { continue };
            for &speed in speeds {
                found.push(Candidate {
                    shot: Shot { seat, offset, direction, speed },
                    promise: promise(offset),
                });
            }
        }
    }
    found
}
