//! Where the computer places returned pieces (X3): each waiting piece goes where it helps the
//! placer most, judged by geometry alone — a piece the placer's side may pocket where its lanes
//! to the pockets are open from that side's baselines, a piece only the others may pocket where
//! theirs are shut. The next seat to strike counts most. Spots are tried on rings round the
//! centre, inside the outer circle; the same position always gives the same spots.

use super::candidate;
use crate::game::placement::{queen_first, refusal};
use crate::game::returns::waiting_piece;
use crate::game::Spot;
use crate::physics::{Place, Table};
use crate::piece::{PieceId, PieceKind};
use crate::rules::Match;
use crate::seat::Seat;
use crate::vec2::Vec2;

/// Rings tried, as shares of the room inside the outer circle, and spots on each ring.
const RINGS: [f32; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];
const SPOTS_PER_RING: usize = 24;
/// Weight of a seat that does not strike next: its chance comes a turn later, if at all.
const LATER: f32 = 0.5;
/// Targets whose lanes count for a seat: a position with a few open lanes beats one with one.
const LANES: usize = 3;

/// The spots `seat` chooses for the pieces waiting to be placed, the queen's first; empty
/// when nothing waits for `seat` (or, on a board too full to try, to let them go nearest the
/// centre).
pub fn place(table: &Table, rules: &Match, seat: Seat) -> Vec<Spot> {
    let Some(placing) = rules.placing().filter(|p| p.by == seat) else { return vec![] };
    let Some(mut scratch) = table.clone_at_rest() else { return vec![] };
    let mut spots: Vec<Spot> = vec![];
    for kind in queen_first(&placing.pieces) {
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
            let worth = worth(&scratch, rules, seat);
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

/// What the position is worth to `seat`'s side with the placed piece where it stands: the open
/// lanes of every seat to the pieces it may pocket (its best `LANES` targets), for the placer's
/// side and against the others, the seat to strike next counting whole and the rest by
/// `LATER`. A piece that shuts an opponent's lanes counts, and so does one that shuts the
/// placer's own.
fn worth(table: &Table, rules: &Match, seat: Seat) -> f32 {
    let mine = rules.side_of(seat);
    let next = rules.to_play();
    let board = rules.board();
    rules
        .mode()
        .seats()
        .iter()
        .filter_map(|&other| {
            let side = rules.side_of(other)?;
            let holds = board.held.get(side.index()).is_some_and(|h| h.total() > 0);
            let targets: Vec<PieceId> = table
                .pieces()
                .iter()
                .filter(|p| p.on_board() && p.kind != PieceKind::Striker)
                .filter(|p| board.is_own(side, p.kind) || (p.kind == PieceKind::Queen && holds))
                .map(|p| p.id)
                .collect();
            let mut best: Vec<f32> = targets
                .iter()
                .filter_map(|&id| {
                    candidate::pocketing(table, other, &[id]).iter().map(|c| c.promise).reduce(f32::max)
                })
                .collect();
            best.sort_by(|a, b| b.total_cmp(a));
            let lanes: f32 = best.iter().take(LANES).map(|p| 1.0 + (p + 3.0).max(0.0)).sum();
            let weight = if Some(other) == next { 1.0 } else { LATER };
            let sign = if Some(side) == mine { 1.0 } else { -1.0 };
            Some(sign * weight * lanes)
        })
        .sum()
}
