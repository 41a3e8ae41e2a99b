//! `Game`: a table and its referee together. It places and strikes through the rules' turn
//! order, runs the physics, hands each shot report to the rules and carries out the verdict.
//! Replays, saves, the computer opponent and headless play all go through it.

mod replay;
mod returns;

pub use replay::Replay;
pub use returns::{apply_verdict, Returned};

use crate::physics::{Event, ShotReport, Table, TableError};
use crate::rules::{Foul, Match, MatchSettings, RulesError, ShotSummary, Verdict};
use crate::seat::Seat;
use crate::spec::BoardSpec;
use crate::vec2::Vec2;
use serde::{Deserialize, Serialize};

/// One thing a player does.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Action {
    /// Place at `offset` on the baseline and strike.
    Strike { seat: Seat, offset: f32, direction: Vec2, speed: f32 },
    /// A foul seen outside the physics (F7, F8).
    DeclareFoul { seat: Seat, foul: Foul },
    /// Play time for the match clock (G1).
    AddTime { seconds: f64 },
}

#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum GameError {
    #[error(transparent)]
    Table(#[from] TableError),
    #[error(transparent)]
    Rules(#[from] RulesError),
    #[error("saved game is damaged: {0}")]
    BadSave(String),
}

/// What one step of play produced.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Step {
    pub events: Vec<Event>,
    /// The verdict, on the step the shot settled.
    pub verdict: Option<Verdict>,
    /// Pieces the verdict put back on the board.
    pub returned: Vec<Returned>,
}

#[derive(Serialize, Deserialize)]
pub struct Game {
    table: Table,
    rules: Match,
    replay: Replay,
    /// The report of the last shot that settled.
    #[serde(default)]
    last_report: Option<ShotReport>,
}

impl Game {
    pub fn new(spec: BoardSpec, settings: MatchSettings, seed: u64) -> Result<Game, GameError> {
        let rules = Match::new(settings.clone(), seed)?;
        let table = Table::new(spec.clone())?;
        Ok(Game { table, rules, replay: Replay { spec, settings, seed, actions: vec![] }, last_report: None })
    }

    pub fn table(&self) -> &Table {
        &self.table
    }

    pub fn rules(&self) -> &Match {
        &self.rules
    }

    /// The report of the last shot that settled.
    pub fn last_report(&self) -> Option<&ShotReport> {
        self.last_report.as_ref()
    }

    /// The actions so far, from which the whole game can be played again.
    pub fn replay(&self) -> &Replay {
        &self.replay
    }

    /// Places `seat`'s striker, if it is that seat's turn and the spot is legal.
    pub fn place_striker(&mut self, seat: Seat, offset: f32) -> Result<Vec2, GameError> {
        self.check_turn(seat)?;
        Ok(self.table.place_striker(seat, offset)?)
    }

    fn check_turn(&self, seat: Seat) -> Result<(), GameError> {
        if self.table.is_moving() {
            return Err(TableError::StillMoving.into());
        }
        let expected = self.rules.to_play().ok_or(RulesError::MatchOver)?;
        self.rules.check_seat(seat)?;
        if seat != expected {
            return Err(RulesError::NotYourTurn { seat, expected }.into());
        }
        Ok(())
    }

    /// Strikes the placed striker. The table checks the strike, then the rules open it.
    pub fn strike(&mut self, direction: Vec2, speed: f32) -> Result<(), GameError> {
        let seat = self.table.striker_seat().ok_or(TableError::StrikerNotPlaced)?;
        self.check_turn(seat)?;
        let offset = self.table.piece(crate::piece::PieceId::STRIKER)?.position.dot(seat.right());
        self.table.strike(direction, speed)?;
        self.rules.begin_strike(seat)?;
        self.replay.actions.push(Action::Strike { seat, offset, direction, speed });
        Ok(())
    }

    /// One physics step; on the step the shot settles, the verdict and the pieces it returned.
    pub fn step(&mut self) -> Result<Step, GameError> {
        let events = self.table.step();
        let mut step = Step { events, ..Step::default() };
        if let Some(Event::Settled(report)) = step.events.last() {
            let verdict = self.rules.resolve(&ShotSummary::from_report(report))?;
            self.last_report = Some(report.clone());
            step.returned = apply_verdict(&mut self.table, &verdict)?;
            step.verdict = Some(verdict);
        }
        Ok(step)
    }

    /// Steps until the shot under way settles and returns its verdict.
    pub fn run_to_rest(&mut self) -> Result<Verdict, GameError> {
        if !self.table.is_moving() {
            return Err(TableError::AtRest.into());
        }
        loop {
            if let Some(verdict) = self.step()?.verdict {
                return Ok(verdict);
            }
        }
    }

    pub fn declare_foul(&mut self, seat: Seat, foul: Foul) -> Result<Verdict, GameError> {
        self.check_turn(seat)?;
        let verdict = self.rules.declare_foul(seat, foul)?;
        apply_verdict(&mut self.table, &verdict)?;
        self.replay.actions.push(Action::DeclareFoul { seat, foul });
        Ok(verdict)
    }

    pub fn add_time(&mut self, seconds: f64) -> Result<Verdict, GameError> {
        let verdict = self.rules.add_time(seconds)?;
        self.replay.actions.push(Action::AddTime { seconds });
        Ok(verdict)
    }

    /// Carries out one action to its end (a strike runs to rest).
    pub fn perform(&mut self, action: &Action) -> Result<Verdict, GameError> {
        match *action {
            Action::Strike { seat, offset, direction, speed } => {
                self.place_striker(seat, offset)?;
                self.strike(direction, speed)?;
                self.run_to_rest()
            }
            Action::DeclareFoul { seat, foul } => self.declare_foul(seat, foul),
            Action::AddTime { seconds } => self.add_time(seconds),
        }
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// A game loaded from `to_json`, its table and match checked.
    pub fn from_json(json: &str) -> Result<Game, GameError> {
        let value: serde_json::Value =
            serde_json::from_str(json).map_err(|e| GameError::BadSave(e.to_string()))?;
        let snapshot: crate::physics::Snapshot = serde_json::from_value(value["table"].clone())
            .map_err(|e| GameError::BadSave(format!("table: {e}")))?;
        let table = Table::restore(&snapshot)?;
        let rules = Match::from_json(&value["rules"].to_string())?;
        let replay: Replay = serde_json::from_value(value["replay"].clone())
            .map_err(|e| GameError::BadSave(format!("replay: {e}")))?;
        let last_report = serde_json::from_value(value["last_report"].clone()).unwrap_or(None);
        Ok(Game { table, rules, replay, last_report })
    }
}
