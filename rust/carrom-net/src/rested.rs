//! `Rested`: the match as the host's machine showed it when its last numbered turn came to rest.
//! Everything the host tells about the match — the welcome, a resent state, whose turn it is,
//! the hash peers are compared with — is read from here, so that it is always a state every
//! peer reaches once it has played the same turns, never a shot half rolled.

use crate::hash::StateHash;
use carrom_core::game::{Awaited, Game, GameError};
use carrom_core::physics::TableError;
use carrom_core::Seat;

/// A match at rest after `shots` numbered turns.
#[derive(Clone, Debug, PartialEq)]
pub struct Rested {
    /// Numbered turns carried out.
    pub shots: u32,
    /// The match as its save document.
    pub state: String,
    /// The hash of `state`.
    pub hash: StateHash,
    /// The seat to play, or none once the match is over.
    pub to_play: Option<Seat>,
    /// Who the match waits for, and for what (none once it is over).
    pub awaited: Option<Awaited>,
    /// Whether the match has ended.
    pub over: bool,
}

impl Rested {
    /// `game` after `shots` turns; refused while a shot still rolls on it.
    pub fn of(game: &Game, shots: u32) -> Result<Rested, GameError> {
        if game.table().is_moving() {
            return Err(TableError::StillMoving.into());
        }
        let state = game.to_json()?;
        Ok(Rested {
            shots,
            hash: StateHash::of_save(&state),
            state,
            to_play: game.rules().to_play(),
            awaited: game.awaited(),
            over: game.rules().is_over(),
        })
    }
}
