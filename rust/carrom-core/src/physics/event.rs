//! What happens on the table during a shot, step by step: the game sounds and animates these,
//! and the shot report sums them up for the rules.

use super::pocket::Pocket;
use super::report::{Pocketing, ShotReport};
use crate::piece::{PieceId, PieceKind};
use crate::vec2::Vec2;
use serde::{Deserialize, Serialize};

/// Something that happened on the table during one step of a shot.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Event {
    /// Two pieces struck each other with this impulse (N·s) at this point.
    Collision {
        /// One piece.
        a: PieceId,
        /// The other.
        b: PieceId,
        /// N·s: how hard (for sound).
        impulse: f32,
        /// Where they touched, metres.
        at: Vec2,
    },
    /// A piece struck the cushion.
    Cushion {
        /// The piece.
        piece: PieceId,
        /// N·s: how hard.
        impulse: f32,
        /// Where it touched, metres.
        at: Vec2,
    },
    /// A piece's centre passed over a pocket: it is out of play.
    Pocketed {
        /// The piece.
        piece: PieceId,
        /// What it is.
        kind: PieceKind,
        /// Which pocket.
        pocket: Pocket,
    },
    /// A piece got outside the frame (F2). The rules decide where it goes back.
    LeftBoard {
        /// The piece.
        piece: PieceId,
        /// What it is.
        kind: PieceKind,
    },
    /// Everything has stopped; the shot is over.
    Settled(ShotReport),
}

impl Event {
    /// Folds this step's event into the report of the shot under way.
    pub(crate) fn add_to(&self, report: &mut ShotReport) {
        match *self {
            Event::Pocketed { piece, kind: PieceKind::Striker, pocket } => {
                debug_assert_eq!(piece, PieceId::STRIKER);
                report.striker_pocketed = Some(pocket);
            }
            Event::Pocketed { piece, kind, pocket } => {
                report.pocketed.push(Pocketing { piece, kind, pocket });
                report.broke_formation = true;
            }
            Event::LeftBoard { piece, kind } => report.off_board.push((piece, kind)),
            Event::Collision { a, b, .. } if report.first_touched.is_none() => {
                if a == PieceId::STRIKER {
                    report.first_touched = Some(b);
                } else if b == PieceId::STRIKER {
                    report.first_touched = Some(a);
                }
            }
            _ => {}
        }
    }
}
