//! Where the computer places returned pieces (X3): each waiting piece goes where it helps the
//! placer most, judged by geometry alone — a piece the placer's side may pocket where its lanes
//! to the pockets are open from that side's baselines, a piece only the others may pocket where
//! theirs are shut. The next seat to strike counts most. Spots are tried on rings round the
//! centre, inside the outer circle; the same position always gives the same spots.

use super::candidate;
use crate::game::placement::refusal;
use crate::game::returns::waiting_piece;
use crate::game::Spot;
use crate::physics::{Place, Table};
use crate::piece::PieceKind;
use crate::rules::Match;
use crate::seat::Seat;
use crate::vec2::Vec2;

/// Rings tried, as shares of the room inside the outer circle, and spots on each ring.
const RINGS: [f32; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];
const SPOTS_PER_RING: usize = 24;
/// Weight of a seat that does not strike next: its chance comes a turn later, if at all.
const LATER: f32 = 0.5;

/// The spots `seat` chooses for the pieces waiting to be placed, in the order they wait; empty
/// when nothing waits for `seat` (or, on a board too full to try, to let them go nearest the
/// centre).
pub fn place(table: &Table, rules: &Match, seat: Seat) -> Vec<Spot> {
    let Some(placing) = rules.placing().filter(|p| p.by == seat) else { return vec![] };
    let Some(mut scratch) = table.clone_at_rest() else { return vec![] };
    let mut spots: Vec<Spot> = vec![];
    for &kind in &placing.pieces {
        let Some(id) = waiting_piece(&scratch, kind) else { return vec![] };
        let legal: Vec<Vec2> = candidates(&scratch, kind)
            .into_iter()
            .filter(|at| refusal(&scratch, kind, *at, &[]).is_none())
            .collect();
        let mut best: Option<(Vec2, f32)> = None;
        for at in legal {
            if scratch.set_piece(id, Place::Board, at).is_err() {
                continue;
            }
            let worth = worth(&scratch, rules, seat, id);
            if best.is_none_or(|(_, w)| worth > w) {
                best = Some((at, worth));
            }
        }
        let Some((at, _)) = best else { return vec![] };
        scratch.set_piece(id, Place::Board, at).ok();
        spots.push(Spot { kind, at });
    }
    // Checked whole as the turn will check it; anything refused lets X1 place them instead.
    let fine = spots.iter().enumerate().all(|(i, s)| refusal(table, s.kind, s.at, &spots[..i]).is_none());
    if fine {
        spots
    } else {
        vec![]
    }
}

/// Spots on rings round the centre, inside the outer circle for a piece of `kind`; the
/// nearest free spot to the centre first, which the queen is held to.
fn candidates(table: &Table, kind: PieceKind) -> Vec<Vec2> {
    let spec = table.spec();
    let room = spec.outer_circle_diameter / 2.0 - spec.radius(kind);
    let mut spots: Vec<Vec2> = table.free_spot_near(Vec2::ZERO, kind).into_iter().collect();
    for share in RINGS {
        let ring = room * share;
        let count = if ring == 0.0 { 1 } else { SPOTS_PER_RING };
        for step in 0..count {
            let angle = step as f32 * std::f32::consts::TAU / count as f32;
            spots.push(Vec2::new(ring * angle.cos(), ring * angle.sin()));
        }
    }
    spots
}

/// What piece `id`, where it stands, is worth to `seat`'s side: the best lane each seat that
/// may pocket it has, for the placer's side and against the others, the seat to strike next
/// counting whole and the rest by `LATER`.
fn worth(table: &Table, rules: &Match, seat: Seat, id: crate::piece::PieceId) -> f32 {
    let Ok(piece) = table.piece(id) else { return 0.0 };
    let mine = rules.side_of(seat);
    let next = rules.to_play();
    rules
        .mode()
        .seats()
        .iter()
        .filter_map(|&other| {
            let side = rules.side_of(other)?;
            let may_pocket = piece.kind == PieceKind::Queen || rules.board().is_own(side, piece.kind);
            if !may_pocket {
                return None;
            }
            let best = candidate::pocketing(table, other, &[id])
                .iter()
                .map(|c| c.promise)
                .fold(None, |b: Option<f32>, p| Some(b.map_or(p, |b| b.max(p))));
            // No lane at all is worth less than the worst lane found.
            let lane = best.map_or(0.0, |p| 1.0 + (p + 3.0).max(0.0));
            let weight = if Some(other) == next { 1.0 } else { LATER };
            let sign = if Some(side) == mine { 1.0 } else { -1.0 };
            Some(sign * weight * lane)
        })
        .sum()
}
