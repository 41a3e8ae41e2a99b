//! Returned pieces placed by an opponent (X3): where a waiting piece may go, and putting the
//! waiting pieces there. A coin goes anywhere wholly inside the outer circle, overlapping
//! nothing; the queen as near the centre as she can go (within one queen's radius of the
//! nearest free spot), so that the placer picks the side, not the distance.

use super::returns::{return_pieces, waiting_piece};
use super::GameError;
use crate::physics::{Place, Table};
use crate::piece::PieceKind;
use crate::vec2::Vec2;
use serde::{Deserialize, Serialize};

/// Where the placer puts one waiting piece.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Spot {
    /// The kind of piece: the next waiting piece of this kind goes here.
    pub kind: PieceKind,
    /// Where its centre goes, metres from the board's centre.
    pub at: Vec2,
}

/// Why a spot is refused, or `None` where a waiting piece of `kind` may go on `table` (the
/// pieces already on the board) beside `placed` (spots taken by pieces placed before it).
pub fn refusal(table: &Table, kind: PieceKind, at: Vec2, placed: &[Spot]) -> Option<&'static str> {
    let spec = table.spec();
    let r = spec.radius(kind);
    if !at.is_finite() {
        return Some("a spot must be two finite numbers");
    }
    if kind == PieceKind::Striker {
        return Some("the striker is never placed in the centre");
    }
    if at.length() + r > spec.outer_circle_diameter / 2.0 {
        return Some("a returned piece goes wholly inside the outer circle");
    }
    let on_board = table.pieces().iter().filter(|p| p.on_board()).map(|p| (p.position, spec.radius(p.kind)));
    let earlier = placed.iter().map(|s| (s.at, spec.radius(s.kind)));
    if on_board.chain(earlier).any(|(c, rc)| c.distance(at) < r + rc) {
        return Some("it would overlap a piece there");
    }
    if kind == PieceKind::Queen {
        let nearest = nearest_free(table, kind, placed).map_or(0.0, Vec2::length);
        if at.length() > nearest + r {
            return Some("the queen goes as near the centre as she can");
        }
    }
    None
}

/// The free spot nearest the centre for `kind`, with `placed` taken too.
fn nearest_free(table: &Table, kind: PieceKind, placed: &[Spot]) -> Option<Vec2> {
    let spec = table.spec();
    let mut occupied: Vec<(Vec2, f32)> =
        table.pieces().iter().filter(|p| p.on_board()).map(|p| (p.position, spec.radius(p.kind))).collect();
    occupied.extend(placed.iter().map(|s| (s.at, spec.radius(s.kind))));
    let r = spec.radius(kind);
    crate::return_spot::nearest_free_spot(Vec2::ZERO, r, &occupied, spec.half_surface() - r)
}

/// Puts the `waiting` kinds on `table`: at `spots` (each waiting piece named once, checked
/// whole before any moves), or nearest the centre (X1) when `spots` is empty. The pieces are
/// chosen as X1 chooses them: fallen ones first, then pocketed, lowest id first.
pub(crate) fn place(
    table: &mut Table,
    waiting: &[PieceKind],
    spots: &[Spot],
) -> Result<Vec<super::Returned>, GameError> {
    if spots.is_empty() {
        return Ok(return_pieces(table, waiting)?);
    }
    for (i, spot) in spots.iter().enumerate() {
        if let Some(why) = refusal(table, spot.kind, spot.at, &spots[..i]) {
            return Err(GameError::Placement { kind: spot.kind, x: spot.at.x, y: spot.at.y, why });
        }
    }
    let mut returned = vec![];
    for spot in spots {
        let id = waiting_piece(table, spot.kind).ok_or(GameError::Placement {
            kind: spot.kind,
            x: spot.at.x,
            y: spot.at.y,
            why: "no piece of that kind waits beside the board",
        })?;
        table.set_piece(id, Place::Board, spot.at)?;
        returned.push(super::Returned { piece: id, kind: spot.kind, at: spot.at });
    }
    Ok(returned)
}
