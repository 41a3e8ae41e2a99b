//! What a player asks the host to play: a strike, the placement of returned pieces (RULES.md
//! X3) or the toss's choice (IC6). Each is checked like a strike — the seat is the asker's and
//! the one that must act now, every number is finite — and tried on a copy of the match at
//! rest before the host numbers it, so a refused one changes nothing.

use crate::error::NetError;
use crate::intent::{self, Intent};
use crate::placed::{self, WireSpot};
use carrom_core::game::{Action, Game};
use serde::{Deserialize, Serialize};

/// A turn a player asks for: what `ToHost::Strike`, `ToHost::Place` and
/// `ToHost::ChooseBreak` carry.
#[derive(Clone, Debug, PartialEq)]
pub enum Request {
    /// A strike.
    Strike(Intent),
    /// The waiting pieces placed.
    Place(Placement),
    /// The toss's winner chooses.
    ChooseBreak(Choice),
}

/// The pieces waiting for `seat` placed at `spots` (all nearest the centre when empty).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Placement {
    /// The seat that places.
    pub seat: u8,
    /// Where each waiting piece goes.
    pub spots: Vec<WireSpot>,
}

/// The toss's winner `seat` chooses to break, or to let the seat after it break.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Choice {
    /// The toss's winner.
    pub seat: u8,
    /// Whether it breaks.
    pub breaks: bool,
}

impl From<&Intent> for Request {
    fn from(intent: &Intent) -> Request {
        Request::Strike(*intent)
    }
}

impl Request {
    /// The seat asking, as sent.
    pub fn seat_number(&self) -> u8 {
        match self {
            Request::Strike(intent) => intent.seat,
            Request::Place(placement) => placement.seat,
            Request::ChooseBreak(choice) => choice.seat,
        }
    }

    /// The action this asks for on `game`'s board, every field checked.
    pub fn action(&self, game: &Game) -> Result<Action, NetError> {
        Ok(match self {
            Request::Strike(intent) => intent.action(game)?,
            Request::Place(p) => {
                Action::Place { seat: intent::seat(p.seat)?, spots: placed::from_wire(&p.spots)? }
            }
            Request::ChooseBreak(c) => Action::ChooseBreak { seat: intent::seat(c.seat)?, breaks: c.breaks },
        })
    }
}
