//! What the table refuses, and why. Every refusal leaves the table as it was.

use crate::baseline::PlacementError;
use crate::piece::PieceId;
use crate::spec::SpecError;

/// Why the table refused an action.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum TableError {
    /// A shot is under way.
    #[error("pieces are still moving: wait for the shot to settle")]
    StillMoving,
    /// Only a shot under way can be run.
    #[error("no shot is under way")]
    AtRest,
    /// A strike needs a placed striker.
    #[error("place the striker on a baseline before striking")]
    StrikerNotPlaced,
    /// An illegal or occupied striker spot (K1).
    #[error(transparent)]
    Placement(#[from] PlacementError),
    /// A strike direction that is zero or not a number.
    #[error("strike direction ({x}, {y}) must be a finite, non-zero vector")]
    BadDirection {
        /// Its x.
        x: f32,
        /// Its y.
        y: f32,
    },
    /// A strike that does not go forward (K3).
    #[error("strike direction must point forward, across the front baseline (K3)")]
    Backwards,
    /// A strike speed out of range.
    #[error("strike speed {speed} m/s must be above 0 and at most {max} m/s")]
    BadSpeed {
        /// The speed asked for, m/s.
        speed: f32,
        /// The board's top speed, m/s.
        max: f32,
    },
    /// Only a pocketed or fallen piece can be returned.
    #[error("{0} is on the board: only a pocketed or fallen piece can be returned")]
    NotOffTheBoard(PieceId),
    /// No piece has this number.
    #[error("{0} is not a piece on this table: ids run from 0 to 18, and 19 is the striker")]
    NoSuchPiece(u8),
    /// A piece set where it cannot lie.
    #[error("{id} cannot stand at ({x}, {y}): a piece must lie wholly on the surface, off the pockets")]
    OffSurface {
        /// The piece.
        id: PieceId,
        /// Where it was asked to stand.
        x: f32,
        /// Where it was asked to stand.
        y: f32,
    },
    /// A piece set at a position that is not a number, on the board or off it.
    #[error(
        "{id} cannot be put at ({x}, {y}): a position must be two finite numbers, wherever the piece goes"
    )]
    NotFinite {
        /// The piece.
        id: PieceId,
        /// The position's x.
        x: f32,
        /// The position's y.
        y: f32,
    },
    /// A piece set on top of another.
    #[error("{id} would overlap {other} there")]
    Overlaps {
        /// The piece.
        id: PieceId,
        /// The piece already there.
        other: PieceId,
    },
    /// Only the striker waits in hand; a coin in hand would be lost to the rules.
    #[error("{0} cannot be put in hand: only the striker waits in hand")]
    NotInHand(PieceId),
    /// The board is too full to put the piece back.
    #[error("no free spot is left on the board for {0}")]
    NoRoom(PieceId),
    /// An impossible board spec.
    #[error(transparent)]
    Spec(#[from] SpecError),
    /// A saved table that is damaged or impossible.
    #[error("snapshot is damaged: {0}")]
    BadSnapshot(String),
}
