//! What a player does, as the replay records it: exact values, so that playing the same
//! actions again gives the same match bit for bit.

use super::placement::Spot;
use crate::rules::Foul;
use crate::seat::Seat;
use crate::vec2::Vec2;
use serde::{Deserialize, Serialize};

/// One thing a player (or the match clock) does.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Action {
    /// Place at `offset` on the baseline and strike.
    Strike {
        /// The seat that strikes.
        seat: Seat,
        /// Metres to the player's right of the middle of the baseline.
        offset: f32,
        /// Which way the striker goes (any length).
        direction: Vec2,
        /// m/s.
        speed: f32,
    },
    /// A foul seen outside the physics (F7, F8).
    DeclareFoul {
        /// The seat that fouled: the seat to play.
        seat: Seat,
        /// F7 or F8.
        foul: Foul,
    },
    /// The seat to play let its turn's time run out: the turn passes (see RULES.md, T2).
    Pass {
        /// The seat whose turn it was.
        seat: Seat,
    },
    /// The pieces waiting beside the board placed in the centre (X3): at `spots`, each waiting
    /// piece named once, or all of them nearest the centre (X1) when `spots` is empty.
    Place {
        /// The seat that places: the one after the seat whose turn sent them back.
        seat: Seat,
        /// Where each goes.
        spots: Vec<Spot>,
    },
    /// The toss's winner chooses who breaks first (IC6): itself (`breaks`), or the seat after.
    ChooseBreak {
        /// The seat that won the toss.
        seat: Seat,
        /// Whether it breaks.
        breaks: bool,
    },
    /// Play time for the match clock (G1).
    AddTime {
        /// Seconds of play since the last time added.
        seconds: f64,
    },
}

impl Action {
    /// The seat that acts: `None` for the match clock's time.
    pub fn seat(&self) -> Option<Seat> {
        match *self {
            Action::Strike { seat, .. }
            | Action::DeclareFoul { seat, .. }
            | Action::Pass { seat }
            | Action::Place { seat, .. }
            | Action::ChooseBreak { seat, .. } => Some(seat),
            Action::AddTime { .. } => None,
        }
    }

    /// Whether it is a turn a player takes (a strike, a pass, a placement, the toss's choice):
    /// what a host numbers and sends. A declared foul and the clock's time are the local
    /// machine's alone.
    pub fn is_turn(&self) -> bool {
        matches!(
            self,
            Action::Strike { .. } | Action::Pass { .. } | Action::Place { .. } | Action::ChooseBreak { .. }
        )
    }
}
