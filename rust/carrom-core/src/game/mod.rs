//! A match played: the one turn sequence (`Turn`), the rules' half of a refereed match
//! (`Referee`), the two together (`Game`), the replay and the one saved document.

mod action;
mod awaited;
mod error;
pub mod placement;
mod referee;
mod replay;
pub(crate) mod returns;
pub mod save;
mod turn;

pub use action::Action;
pub use awaited::{Asked, Awaited};
pub use error::GameError;
pub use placement::Spot;
pub use referee::Referee;
pub use replay::Replay;
pub use returns::Returned;
pub use turn::{Begun, Ruling, Step, Turn};

use crate::physics::Table;
use crate::rules::{Foul, Match, MatchSettings};
use crate::seat::Seat;
use crate::spec::BoardSpec;
use crate::vec2::Vec2;

/// A table and its referee together, for play without Godot: tests, replays, self-play and
/// network play.
pub struct Game {
    table: Table,
    referee: Referee,
}

impl Game {
    /// A new match on a board of `spec`; `seed` picks who breaks first (S1).
    pub fn new(spec: BoardSpec, settings: MatchSettings, seed: u64) -> Result<Game, GameError> {
        let mut table = Table::new(spec.clone())?;
        let referee = Referee::new(spec, settings, seed)?;
        referee.set_up(&mut table);
        Ok(Game { table, referee })
    }

    /// A game of a table and the referee of the match on it.
    pub(crate) fn from_parts(table: Table, referee: Referee) -> Game {
        Game { table, referee }
    }

    /// The table: pieces and any shot under way.
    pub fn table(&self) -> &Table {
        &self.table
    }

    /// The table alone, the match let go: a board goes back to free play as the match left it.
    pub fn into_table(self) -> Table {
        self.table
    }

    /// The rules' state: whose turn, the board, scores.
    pub fn rules(&self) -> &Match {
        self.referee.rules()
    }

    /// The actions so far, from which the whole game can be played again.
    pub fn replay(&self) -> &Replay {
        self.referee.replay()
    }

    /// The one turn sequence on this game's table and referee.
    pub fn turn(&mut self) -> Turn<'_> {
        self.referee.turn(&mut self.table)
    }

    /// Places `seat`'s striker, if that seat may act and the spot is legal.
    pub fn place_striker(&mut self, seat: Seat, offset: f32) -> Result<Vec2, GameError> {
        self.turn().place_striker(seat, offset)
    }

    /// Strikes the placed striker.
    pub fn strike(&mut self, direction: Vec2, speed: f32) -> Result<(), GameError> {
        self.turn().strike(direction, speed)
    }

    /// One physics step, judged and carried out on the step the shot settles.
    pub fn step(&mut self) -> Result<Step, GameError> {
        self.turn().step()
    }

    /// Steps the shot under way to rest and rules on it.
    pub fn run_to_rest(&mut self) -> Result<Ruling, GameError> {
        self.turn().run_to_rest()
    }

    /// A foul seen outside the physics (F7, F8).
    pub fn declare_foul(&mut self, seat: Seat, foul: Foul) -> Result<Ruling, GameError> {
        self.turn().declare_foul(seat, foul)
    }

    /// The seat to play let its time run out (an online turn timer): the turn passes.
    pub fn pass(&mut self, seat: Seat) -> Result<Ruling, GameError> {
        self.turn().pass(seat)
    }

    /// `seat` places the returned pieces waiting beside the board (X3); empty `spots` puts
    /// them nearest the centre.
    pub fn place(&mut self, seat: Seat, spots: &[Spot]) -> Result<Ruling, GameError> {
        self.turn().place(seat, spots)
    }

    /// The toss's winner chooses to break or to let the seat after it break (IC6).
    pub fn choose_break(&mut self, seat: Seat, breaks: bool) -> Result<Ruling, GameError> {
        self.turn().choose_break(seat, breaks)
    }

    /// Counts play time against the match clock (G1).
    pub fn add_time(&mut self, seconds: f64) -> Result<Ruling, GameError> {
        self.turn().add_time(seconds)
    }

    /// Carries out one action to its end (a strike runs to rest).
    pub fn perform(&mut self, action: &Action) -> Result<Ruling, GameError> {
        self.turn().perform(action)
    }

    /// Whether `action` may be carried out now, changing nothing (see [`Turn::check`]).
    pub fn check(&self, action: &Action) -> Result<(), GameError> {
        turn::check(&self.table, Some(self.rules()), action)
    }

    /// Begins one action: a strike rolls until stepped, anything else is ruled (see
    /// [`Turn::begin`]).
    pub fn begin(&mut self, action: &Action) -> Result<Begun, GameError> {
        self.turn().begin(action)
    }

    /// Who the match waits for, and for what; `None` once it is over.
    pub fn awaited(&self) -> Option<Awaited> {
        Awaited::of(self.rules())
    }

    /// A copy of the match for what-ifs, if no shot is under way (a test's, a tool's). To ask
    /// whether an action may be taken, `check` needs no copy.
    pub fn clone_at_rest(&self) -> Option<Game> {
        Some(Game { table: self.table.clone_at_rest()?, referee: self.referee.clone() })
    }

    /// The whole match as one saved document (see [`save`]).
    pub fn to_json(&self) -> Result<String, GameError> {
        save::write(&self.table, &self.referee)
    }

    /// A match loaded from `to_json`'s text, every part checked.
    pub fn from_json(text: &str) -> Result<Game, GameError> {
        let (table, referee) = save::read(text)?;
        Ok(Game { table, referee })
    }
}
