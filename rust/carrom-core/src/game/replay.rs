//! A match is its board, settings and seed plus its actions: replaying them gives every state
//! again, bit for bit.

use super::save::MAX_SAVE_BYTES;
use super::{Action, Game, GameError, Referee};
use crate::physics::Table;
use crate::rules::MatchSettings;
use crate::spec::BoardSpec;
use serde::{Deserialize, Serialize};

/// How a match began and everything done in it since.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Replay {
    /// The board it is played on.
    pub spec: BoardSpec,
    /// The match's settings.
    pub settings: MatchSettings,
    /// The seed that chose the first player.
    pub seed: u64,
    /// Every action, in order.
    pub actions: Vec<Action>,
}

impl Replay {
    /// Plays the actions again from the start and returns the game they lead to.
    pub fn play(&self) -> Result<Game, GameError> {
        let mut table = Table::new(self.spec.clone())?;
        let referee = self.play_on(&mut table)?;
        Ok(Game::from_parts(table, referee))
    }

    /// Sets `table` up afresh for this match and plays every action on it through the turn
    /// sequence; returns the referee at the end. On a refused action `table` is left where
    /// that action found it, and the error names the action.
    pub fn play_on(&self, table: &mut Table) -> Result<Referee, GameError> {
        *table = Table::new(self.spec.clone())?;
        let mut referee = Referee::new(self.spec.clone(), self.settings.clone(), self.seed)?;
        referee.set_up(table);
        for (i, action) in self.actions.iter().enumerate() {
            referee.turn(table).perform(action).map_err(|e| {
                GameError::BadSave(format!("replay action {} of {}: {e}", i + 1, self.actions.len()))
            })?;
        }
        Ok(referee)
    }

    /// The replay as JSON text.
    pub fn to_json(&self) -> Result<String, GameError> {
        serde_json::to_string(self).map_err(|e| GameError::BadSave(format!("cannot be written: {e}")))
    }

    /// A replay read from `to_json`'s text; its actions are checked as they are played.
    pub fn from_json(text: &str) -> Result<Replay, GameError> {
        if text.len() > MAX_SAVE_BYTES {
            return Err(GameError::BadSave(format!("a replay may have at most {MAX_SAVE_BYTES} bytes")));
        }
        serde_json::from_str(text).map_err(|e| GameError::BadSave(format!("replay: {e}")))
    }
}
