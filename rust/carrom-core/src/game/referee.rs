//! `Referee`: the rules' half of a refereed match — the match state and its record so far.
//! The table is the other half; a `Turn` brings the two together for one action.

use super::{GameError, Replay, Turn};
use crate::physics::Table;
use crate::rules::{Match, MatchSettings};
use crate::spec::BoardSpec;
use serde::{Deserialize, Serialize};

/// A match's rules and its replay. The Godot `CarromRules` node owns one; `Game` owns one
/// beside its table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Referee {
    rules: Match,
    replay: Replay,
}

impl Referee {
    /// A new match on a board of `spec`; `seed` picks who breaks first (S1).
    pub fn new(spec: BoardSpec, settings: MatchSettings, seed: u64) -> Result<Referee, GameError> {
        let rules = Match::new(settings.clone(), seed)?;
        Ok(Referee { rules, replay: Replay { spec, settings, seed, actions: vec![], outcomes: vec![] } })
    }

    /// Joins a saved match's parts after the save has checked them.
    pub(crate) fn from_parts(rules: Match, replay: Replay) -> Referee {
        Referee { rules, replay }
    }

    /// Sets `table` up for this match's first board: the formation, without the queen for a
    /// ruleset that has none.
    pub fn set_up(&self, table: &mut Table) {
        table.set_up(self.rules.settings().rules.queen);
    }

    /// The rules' state: whose turn, the board, scores.
    pub fn rules(&self) -> &Match {
        &self.rules
    }

    /// Everything played so far, from which the match can be played again.
    pub fn replay(&self) -> &Replay {
        &self.replay
    }

    /// The one turn sequence on `table`, judged by this match and recorded in its replay.
    pub fn turn<'a>(&'a mut self, table: &'a mut Table) -> Turn<'a> {
        Turn::recorded(table, &mut self.rules, &mut self.replay)
    }
}
