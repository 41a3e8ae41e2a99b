//! What the table refuses, and why. Every refusal leaves the table as it was.

use crate::baseline::PlacementError;
use crate::piece::PieceId;
use crate::spec::SpecError;

#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum TableError {
    #[error("pieces are still moving: wait for the shot to settle")]
    StillMoving,
    #[error("no shot is under way")]
    AtRest,
    #[error("place the striker on a baseline before striking")]
    StrikerNotPlaced,
    #[error(transparent)]
    Placement(#[from] PlacementError),
    #[error("strike direction ({x}, {y}) must be a finite, non-zero vector")]
    BadDirection { x: f32, y: f32 },
    #[error("strike direction must point forward, across the front baseline (K3)")]
    Backwards,
    #[error("strike speed {speed} m/s must be above 0 and at most {max} m/s")]
    BadSpeed { speed: f32, max: f32 },
    #[error("{0} is on the board: only a pocketed or fallen piece can be returned")]
    NotOffTheBoard(PieceId),
    #[error("{0} is not a piece on this table: ids run from 0 to 18, and 19 is the striker")]
    NoSuchPiece(u8),
    #[error("{id} cannot stand at ({x}, {y}): a piece must lie wholly on the surface, off the pockets")]
    OffSurface { id: PieceId, x: f32, y: f32 },
    #[error("{id} would overlap {other} there")]
    Overlaps { id: PieceId, other: PieceId },
    #[error("no free spot is left on the board for {0}")]
    NoRoom(PieceId),
    #[error(transparent)]
    Spec(#[from] SpecError),
    #[error("snapshot is damaged: {0}")]
    BadSnapshot(String),
}
