//! What a turn refuses. A refused action changes neither the table nor the match.

use crate::physics::TableError;
use crate::piece::PieceKind;
use crate::rules::RulesError;

/// Why an action of a turn, or a saved match, was refused.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum GameError {
    /// The table refused (pieces moving, an illegal spot, a backward strike …).
    #[error(transparent)]
    Table(#[from] TableError),
    /// The referee refused (not that seat's turn, the match is over …).
    #[error(transparent)]
    Rules(#[from] RulesError),
    /// A returned piece placed where it may not go (X3).
    #[error("{kind} cannot be placed at ({x}, {y}): {why}")]
    Placement {
        /// The kind placed.
        kind: PieceKind,
        /// Where, metres from the centre.
        x: f32,
        /// Where, metres from the centre.
        y: f32,
        /// What the spot breaks.
        why: &'static str,
    },
    /// Only a refereed match judges fouls and keeps a clock.
    #[error("no match is under way: start one before {0}")]
    NoMatch(&'static str),
    /// A saved match of a version this build cannot read.
    #[error("saved match is version {found}, this game reads version {supported}")]
    SaveVersion {
        /// The version the document declares (0 when it declares none).
        found: u64,
        /// The one version this build reads.
        supported: u32,
    },
    /// A saved match that is damaged or inconsistent; the text says which part.
    #[error("saved match is damaged: {0}")]
    BadSave(String),
    /// A replay watched a step at a time was asked for a step it cannot give (the match on
    /// the board is another one, a shot still rolls, the replay is at its end).
    #[error("the replay cannot go on: {0}")]
    ReplayStep(String),
}
