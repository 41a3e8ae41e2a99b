//! A match is its seed plus its actions: replaying them gives every state again, bit for bit.

use super::{Action, Game, GameError};
use crate::rules::MatchSettings;
use crate::spec::BoardSpec;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Replay {
    pub spec: BoardSpec,
    pub settings: MatchSettings,
    pub seed: u64,
    pub actions: Vec<Action>,
}

impl Replay {
    /// Plays the actions again from the start and returns the game they lead to.
    pub fn play(&self) -> Result<Game, GameError> {
        let mut game = Game::new(self.spec.clone(), self.settings.clone(), self.seed)?;
        for action in &self.actions {
            game.perform(action)?;
        }
        Ok(game)
    }
}
