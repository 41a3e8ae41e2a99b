//! Carrying out a verdict on the table: returned pieces go to the free spot nearest the centre
//! (X1), a new board is set up afresh, and the striker goes back to hand.

use crate::physics::{Place, Table, TableError};
use crate::piece::{PieceId, PieceKind};
use crate::rules::Verdict;
use crate::vec2::Vec2;
use serde::{Deserialize, Serialize};

/// A piece put back on the board by the rules.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Returned {
    /// Which piece.
    pub piece: PieceId,
    /// Its kind.
    pub kind: PieceKind,
    /// Where it now stands, metres.
    pub at: Vec2,
}

/// Applies `verdict` to a table at rest and says which pieces went where. Pieces that left the
/// board go back first, then pocketed ones, lowest id first, so the same verdict always moves
/// the same pieces; when an opponent is to place them (`waiting`, X3), they stay where they
/// are for now. A new board is set up with the queen if `queen` (the ruleset has her).
pub(crate) fn apply_verdict(
    table: &mut Table,
    verdict: &Verdict,
    queen: bool,
    waiting: bool,
) -> Result<Vec<Returned>, TableError> {
    if verdict.new_board() {
        table.set_up(queen);
        return Ok(vec![]);
    }
    let returned = if waiting { vec![] } else { return_pieces(table, &verdict.returns())? };
    if table.piece(PieceId::STRIKER)?.place != Place::Board || table.striker_seat().is_none() {
        table.set_piece(PieceId::STRIKER, Place::Hand, Vec2::ZERO)?;
    }
    Ok(returned)
}

/// Puts pieces of `kinds` back at the free spot nearest the centre (X1), in order.
pub(crate) fn return_pieces(table: &mut Table, kinds: &[PieceKind]) -> Result<Vec<Returned>, TableError> {
    let mut returned = vec![];
    for &kind in kinds {
        let Some(id) = waiting_piece(table, kind) else { continue };
        let at = table.return_to_centre(id)?;
        returned.push(Returned { piece: id, kind, at });
    }
    Ok(returned)
}

/// The piece of `kind` that goes back next: a fallen one first, then a pocketed one, lowest
/// id first, so that the same placement always moves the same pieces.
pub(crate) fn waiting_piece(table: &Table, kind: PieceKind) -> Option<PieceId> {
    waiting_pieces(table, &[kind]).and_then(|ids| ids.first().copied())
}

/// The pieces that go back for `kinds`, in order, each chosen as `waiting_piece` chooses and
/// none twice; `None` when one kind has no piece waiting.
pub(crate) fn waiting_pieces(table: &Table, kinds: &[PieceKind]) -> Option<Vec<PieceId>> {
    let mut chosen: Vec<PieceId> = vec![];
    for &kind in kinds {
        let free = |p: &&crate::physics::PieceState| p.kind == kind && !chosen.contains(&p.id);
        let fallen = table.pieces().iter().filter(free).find(|p| p.place == Place::Off);
        let pocketed = || table.pieces().iter().filter(free).find(|p| matches!(p.place, Place::Pocket(_)));
        chosen.push(fallen.or_else(pocketed)?.id);
    }
    Some(chosen)
}
