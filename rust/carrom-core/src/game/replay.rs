//! A match is its board, settings and seed plus its actions: replaying them gives every state
//! again, bit for bit. Beside the actions the replay keeps what each strike did as the rules
//! saw it (its summary), so that the rules' half of a match can be checked against its record
//! without the physics, in microseconds (`judge`); playing it again (`play`) checks that every
//! strike still does what was recorded.

use super::save::MAX_SAVE_BYTES;
use super::{Action, Game, GameError, Referee};
use crate::physics::Table;
use crate::rules::{Match, MatchSettings, ShotSummary};
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
    /// What each strike that came to rest did, in order: one for every strike in `actions`
    /// but a shot still rolling.
    pub outcomes: Vec<ShotSummary>,
}

impl Replay {
    /// Plays the actions again from the start and returns the game they lead to.
    pub fn play(&self) -> Result<Game, GameError> {
        let mut table = Table::new(self.spec.clone())?;
        let referee = self.play_on(&mut table)?;
        Ok(Game::from_parts(table, referee))
    }

    /// Sets `table` up afresh for this match and plays every action on it through the turn
    /// sequence; returns the referee at the end. On a refused action, or a strike that does
    /// not do what the replay recorded, `table` is left where that action found it and the
    /// error names the action.
    pub fn play_on(&self, table: &mut Table) -> Result<Referee, GameError> {
        let strikes = self.actions.iter().filter(|a| matches!(a, Action::Strike { .. })).count();
        let recorded = self.outcomes.len();
        // One outcome a strike, but a last one still rolling when the replay was kept.
        if recorded != strikes && recorded + 1 != strikes {
            return Err(GameError::BadSave(format!(
                "the replay records {recorded} outcomes for {strikes} strikes: one for each strike that came to rest"
            )));
        }
        *table = Table::new(self.spec.clone())?;
        let mut referee = Referee::new(self.spec.clone(), self.settings.clone(), self.seed)?;
        referee.set_up(table);
        for (i, action) in self.actions.iter().enumerate() {
            referee.turn(table).perform(action).map_err(|e| self.at(i, e))?;
            if !matches!(action, Action::Strike { .. }) {
                continue;
            }
            // The strike came to rest and its outcome is the last; the replay's k-th must match
            // (a replay saved with its last shot rolling has none for it yet).
            let outcomes = &referee.replay().outcomes;
            let Some(now) = outcomes.last() else { continue };
            let k = outcomes.len() - 1;
            if let Some(then) = self.outcomes.get(k).filter(|then| *then != now) {
                return Err(self.at(i, format!("the strike did {now:?}, the replay says {then:?}")));
            }
        }
        Ok(referee)
    }

    /// The replay of its first `actions` actions (every one, when it has fewer): played, it
    /// gives the match as it stood then, to step through a match forwards and back. The
    /// outcomes of the strikes kept are kept.
    pub fn up_to(&self, actions: usize) -> Replay {
        // The whole replay, as it is, so that it is checked whole as `play` checks it.
        if actions >= self.actions.len() {
            return self.clone();
        }
        let actions = self.actions[..actions.min(self.actions.len())].to_vec();
        let strikes = actions.iter().filter(|a| matches!(a, Action::Strike { .. })).count();
        let outcomes = self.outcomes[..strikes.min(self.outcomes.len())].to_vec();
        Replay {
            spec: self.spec.clone(),
            settings: self.settings.clone(),
            seed: self.seed,
            actions,
            outcomes,
        }
    }

    /// The action that comes next in this replay after `played`, a match that is this
    /// replay's first actions (as `up_to` gives them): a viewer plays it on its board, the
    /// strike rolling on screen, and stays on the recorded match shot by shot. Refused when
    /// `played` is another match, has a shot still rolling, or is already at the end.
    pub fn next_after(&self, played: &Replay) -> Result<&Action, GameError> {
        let n = played.actions.len();
        let same_start =
            played.spec == self.spec && played.settings == self.settings && played.seed == self.seed;
        let same_actions = self.actions.get(..n).is_some_and(|head| head == played.actions.as_slice());
        let same_outcomes =
            self.outcomes.get(..played.outcomes.len()).is_some_and(|head| head == played.outcomes.as_slice());
        if !(same_start && same_actions && same_outcomes) {
            return Err(GameError::ReplayStep(
                "the match on the board is not the start of this replay: step from `up_to` of it".into(),
            ));
        }
        let strikes = played.actions.iter().filter(|a| matches!(a, Action::Strike { .. })).count();
        if strikes > played.outcomes.len() {
            return Err(GameError::ReplayStep(
                "the last shot is still rolling: wait for it to come to rest".into(),
            ));
        }
        self.actions.get(n).ok_or_else(|| {
            GameError::ReplayStep(format!("the replay ends after its {n} actions: there is no next one"))
        })
    }

    /// The rules' state this replay leads to, judged from its recorded outcomes alone (no
    /// physics: microseconds an action). Refused when an action is not legal where it stands,
    /// or the outcomes are not one for each strike that came to rest.
    pub fn judge(&self) -> Result<Match, GameError> {
        let mut rules = Match::new(self.settings.clone(), self.seed)?;
        let mut outcomes = self.outcomes.iter();
        for (i, action) in self.actions.iter().enumerate() {
            let judged = match *action {
                Action::Strike { seat, .. } => {
                    rules.begin_strike(seat).and_then(|()| match outcomes.next() {
                        Some(outcome) => rules.resolve(outcome).map(drop),
                        // Only the last strike may still be rolling, play time after it.
                        None if self.actions[i + 1..].iter().all(|a| matches!(a, Action::AddTime { .. })) => {
                            Ok(())
                        }
                        None => Err(crate::rules::RulesError::NoStrike),
                    })
                }
                Action::DeclareFoul { seat, foul } => rules.declare_foul(seat, foul).map(drop),
                Action::Pass { seat } => rules.pass(seat).map(drop),
                Action::Place { seat, ref spots } => {
                    rules.place(seat, &spots.iter().map(|s| s.kind).collect::<Vec<_>>())
                }
                Action::ChooseBreak { seat, breaks } => rules.choose_break(seat, breaks).map(drop),
                Action::AddTime { seconds } => rules.add_time(seconds).map(drop),
            };
            judged.map_err(|e| self.at(i, e))?;
        }
        if outcomes.next().is_some() {
            return Err(GameError::BadSave("the replay records more outcomes than strikes".into()));
        }
        Ok(rules)
    }

    /// An error of action `i`, numbered from 1 as a person counts.
    fn at(&self, i: usize, e: impl std::fmt::Display) -> GameError {
        GameError::BadSave(format!("replay action {} of {}: {e}", i + 1, self.actions.len()))
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
