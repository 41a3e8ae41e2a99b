//! `ShotSummary`: what the referee needs to know of one strike. Made from the physics' shot
//! report in play, or written by hand in tests.

use crate::physics::ShotReport;
use crate::piece::PieceKind;
use serde::{Deserialize, Serialize};

/// One strike as the referee needs to know it.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct ShotSummary {
    /// Queen and coins pocketed, in the order they dropped.
    pub pocketed: Vec<PieceKind>,
    /// F1.
    pub striker_pocketed: bool,
    /// Pieces that left the board (F2); `Striker` for the striker.
    pub off_board: Vec<PieceKind>,
    /// Whether the strike broke the opening formation (S4).
    pub broke_formation: bool,
    /// Whether the striker touched a piece: recorded only under a ruleset where a touch makes
    /// the break (IC2), so that the summaries of every other match read as they always have.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub touched: bool,
}

impl ShotSummary {
    /// A strike that pocketed nothing and broke nothing.
    pub fn nothing() -> Self {
        Self::default()
    }

    /// A strike that pocketed these pieces (and so broke the formation, if it stood).
    pub fn pocketing(kinds: &[PieceKind]) -> Self {
        Self { pocketed: kinds.to_vec(), broke_formation: true, ..Self::default() }
    }

    /// The summary of a settled shot.
    pub fn from_report(report: &ShotReport) -> Self {
        Self {
            pocketed: report.pocketed_kinds().collect(),
            striker_pocketed: report.striker_pocketed.is_some(),
            off_board: report.off_board.iter().map(|(_, kind)| *kind).collect(),
            broke_formation: report.broke_formation,
            touched: false,
        }
    }

    pub(crate) fn count(&self, kind: PieceKind) -> usize {
        self.pocketed.iter().filter(|k| **k == kind).count()
    }
}
