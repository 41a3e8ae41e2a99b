//! Returned pieces placed by an opponent (X3): where a waiting piece may go, and putting the
//! waiting pieces there. A coin goes anywhere wholly inside the outer circle, overlapping
//! nothing; the queen as near the centre as she can go (no further from it than the nearest
//! free spot, plus one queen's radius), so that the placer picks the side, not the distance.

use super::returns::{return_pieces, waiting_pieces};
use super::GameError;
use crate::physics::{Place, Table};
use crate::piece::{PieceId, PieceKind};
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
        // Measured on the board as the verdict left it: pieces placed before her in the same
        // placement cannot push her further out.
        let nearest = table.free_spot_near(Vec2::ZERO, kind).map_or(0.0, Vec2::length);
        if at.length() > nearest + r {
            return Some("the queen goes as near the centre as she can");
        }
    }
    None
}

/// `kinds` with the queen first: she goes as near the centre as she can, before the coins
/// take room.
pub fn queen_first(kinds: &[PieceKind]) -> Vec<PieceKind> {
    let mut ordered = kinds.to_vec();
    ordered.sort_by_key(|k| *k != PieceKind::Queen);
    ordered
}

/// Where X1 would put each of the waiting `kinds` (in their order), the queen's spot found
/// first: the spots a person placing starts from. Empty while a shot rolls or on a board with
/// no room.
pub fn proposals(table: &Table, kinds: &[PieceKind]) -> Vec<Vec2> {
    let Some(mut scratch) = table.clone_at_rest() else { return vec![] };
    let Ok(placed) = return_pieces(&mut scratch, &queen_first(kinds)) else { return vec![] };
    if placed.len() != kinds.len() {
        return vec![];
    }
    // Back in the waiting order: each kind takes the next spot found for its kind.
    let mut left: Vec<Spot> = placed.iter().map(|r| Spot { kind: r.kind, at: r.at }).collect();
    kinds
        .iter()
        .filter_map(|kind| {
            let i = left.iter().position(|s| s.kind == *kind)?;
            Some(left.remove(i).at)
        })
        .collect()
}

/// Whether `spots` place the waiting pieces (each named once, every spot free and in the
/// circle) on `table`, moving nothing: the pieces each spot would take. Empty `spots` (X1
/// places them) is always allowed and takes none here.
pub(crate) fn check(table: &Table, spots: &[Spot]) -> Result<Vec<PieceId>, GameError> {
    let Some(first) = spots.first() else { return Ok(vec![]) };
    for (i, spot) in spots.iter().enumerate() {
        if let Some(why) = refusal(table, spot.kind, spot.at, &spots[..i]) {
            return Err(GameError::Placement { kind: spot.kind, x: spot.at.x, y: spot.at.y, why });
        }
    }
    let kinds: Vec<PieceKind> = spots.iter().map(|s| s.kind).collect();
    waiting_pieces(table, &kinds).ok_or(GameError::Placement {
        kind: first.kind,
        x: first.at.x,
        y: first.at.y,
        why: "a piece named does not wait beside the board",
    })
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
    // Every piece chosen before any moves: a placement is refused whole or made whole.
    let ids = check(table, spots)?;
    let mut returned = vec![];
    for (spot, id) in spots.iter().zip(ids) {
        table.set_piece(id, Place::Board, spot.at)?;
        returned.push(super::Returned { piece: id, kind: spot.kind, at: spot.at });
    }
    Ok(returned)
}
