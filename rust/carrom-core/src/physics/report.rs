//! The shot report: one shot summed up for the rules (which pieces dropped and in what order,
//! the striker, pieces off the board, whether the break broke, what the striker hit first).

use super::pocket::Pocket;
use crate::piece::{PieceId, PieceKind};
use crate::seat::Seat;
use serde::{Deserialize, Serialize};

/// One piece dropping into one pocket.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pocketing {
    /// The piece.
    pub piece: PieceId,
    /// What it is.
    pub kind: PieceKind,
    /// Which pocket.
    pub pocket: Pocket,
}

/// One shot summed up once it has settled.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ShotReport {
    /// The seat that struck.
    pub seat: Option<Seat>,
    /// Coins and queen pocketed, in the order they dropped (never the striker).
    pub pocketed: Vec<Pocketing>,
    /// The pocket the striker fell into (F1), if it did.
    pub striker_pocketed: Option<Pocket>,
    /// Pieces that left the board (F2), the striker included, in order.
    pub off_board: Vec<(PieceId, PieceKind)>,
    /// Whether the formation broke: a piece dropped, or a piece that started inside the outer
    /// circle ended outside it (our reading of S4, see RULES.md).
    pub broke_formation: bool,
    /// The first piece the striker touched, if any.
    pub first_touched: Option<PieceId>,
    /// Physics steps the shot took.
    pub steps: u32,
    /// Whether the shot hit the time limit and was stopped where it lay.
    pub stopped_early: bool,
}

impl ShotReport {
    /// Kinds pocketed, in order.
    pub fn pocketed_kinds(&self) -> impl Iterator<Item = PieceKind> + '_ {
        self.pocketed.iter().map(|p| p.kind)
    }
}
