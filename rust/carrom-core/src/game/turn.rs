//! `Turn`: the one place a turn is sequenced — may this seat act, place the striker, strike,
//! step to rest, judge, carry the verdict out on the table, record it for the replay. `Game`,
//! the Godot nodes, the computer's what-ifs and self-play all go through it, so a turn plays
//! the same wherever it is played.

use super::placement::{self, Spot};
use super::returns::{apply_verdict, Returned};
use super::{Action, GameError, Replay};
use crate::physics::{Event, Place, ShotReport, Table, TableError};
use crate::piece::{PieceId, PieceKind};
use crate::rules::{Foul, Match, ShotSummary, Verdict};
use crate::seat::Seat;
use crate::vec2::Vec2;

/// A table and, when a match is refereed, its rules and record, borrowed together for one
/// action. Without rules it is free play: any seat strikes, nothing is judged.
pub struct Turn<'a> {
    table: &'a mut Table,
    rules: Option<&'a mut Match>,
    record: Option<&'a mut Replay>,
}

/// How an action ended.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Ruling {
    /// The shot's report, for a strike.
    pub report: Option<ShotReport>,
    /// What the rules decided (empty in free play).
    pub verdict: Verdict,
    /// Pieces the verdict put back on the board, and where.
    pub returned: Vec<Returned>,
}

/// How an action began.
#[derive(Clone, Debug, PartialEq)]
pub enum Begun {
    /// A strike: the shot rolls until stepped to rest, and is ruled then.
    Rolling,
    /// Anything else, ruled at once.
    Ruled(Ruling),
}

/// What one physics step produced.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Step {
    /// Hits, pockets and the like, in order; the last step of a shot ends with `Settled`.
    pub events: Vec<Event>,
    /// On the step the shot settled: how it was ruled.
    pub ruling: Option<Ruling>,
}

impl<'a> Turn<'a> {
    /// Free play on `table`: no referee, no record.
    pub fn free(table: &'a mut Table) -> Turn<'a> {
        Turn { table, rules: None, record: None }
    }

    /// A turn judged by `rules` but not recorded: the computer's what-if of a shot.
    pub fn judged(table: &'a mut Table, rules: &'a mut Match) -> Turn<'a> {
        Turn { table, rules: Some(rules), record: None }
    }

    /// A turn judged by `rules` and recorded in `record`.
    pub(crate) fn recorded(table: &'a mut Table, rules: &'a mut Match, record: &'a mut Replay) -> Turn<'a> {
        Turn { table, rules: Some(rules), record: Some(record) }
    }

    /// Whether `seat` may act now: nothing moves and, in a refereed match, it is that seat's
    /// turn in a match still under way. The one check every action makes.
    pub fn may_act(&self, seat: Seat) -> Result<(), GameError> {
        if self.table.is_moving() {
            return Err(TableError::StillMoving.into());
        }
        if let Some(rules) = &self.rules {
            rules.may_act(seat)?;
        }
        Ok(())
    }

    /// Stands `seat`'s striker on its baseline at `offset` metres to the player's right.
    pub fn place_striker(&mut self, seat: Seat, offset: f32) -> Result<Vec2, GameError> {
        self.may_act(seat)?;
        Ok(self.table.place_striker(seat, offset)?)
    }

    /// Strikes the placed striker along `direction` at `speed` m/s.
    pub fn strike(&mut self, direction: Vec2, speed: f32) -> Result<(), GameError> {
        let (seat, offset) = self.table.striker_placing().ok_or(TableError::StrikerNotPlaced)?;
        self.may_act(seat)?;
        self.table.check_strike(direction, speed)?;
        if let Some(rules) = self.rules.as_deref_mut() {
            rules.begin_strike(seat)?;
        }
        self.table.strike(direction, speed)?;
        self.record(Action::Strike { seat, offset, direction, speed });
        Ok(())
    }

    /// A strike's start as one action records it: placed at `offset`, struck; the shot then
    /// rolls, step by step or to rest.
    pub fn place_and_strike(
        &mut self,
        seat: Seat,
        offset: f32,
        direction: Vec2,
        speed: f32,
    ) -> Result<(), GameError> {
        self.place_striker(seat, offset)?;
        self.strike(direction, speed)
    }

    /// One physics step; on the step the shot settles, it is judged and carried out.
    pub fn step(&mut self) -> Result<Step, GameError> {
        let events = self.table.step();
        let ruling = match events.last() {
            Some(Event::Settled(report)) => Some(self.settle(report.clone())?),
            _ => None,
        };
        Ok(Step { events, ruling })
    }

    /// Steps the shot under way to rest and rules on it.
    pub fn run_to_rest(&mut self) -> Result<Ruling, GameError> {
        let report = self.table.run_to_rest()?;
        self.settle(report)
    }

    /// Judges a settled shot and carries the verdict out on the table.
    fn settle(&mut self, report: ShotReport) -> Result<Ruling, GameError> {
        let Some(rules) = self.rules.as_deref_mut().filter(|r| r.is_striking()) else {
            return Ok(Ruling { report: Some(report), ..Ruling::default() });
        };
        let mut summary = ShotSummary::from_report(&report);
        summary.touched = rules.settings().rules.break_by_touch && report.first_touched.is_some();
        let verdict = rules.resolve(&summary)?;
        if let Some(record) = self.record.as_deref_mut() {
            record.outcomes.push(summary);
        }
        self.carry_out(Some(report), verdict)
    }

    /// Carries a verdict out on the table — returned pieces, a new board, the striker back in
    /// hand — whichever action brought it: the one way every ruling reaches the table.
    fn carry_out(&mut self, report: Option<ShotReport>, verdict: Verdict) -> Result<Ruling, GameError> {
        // Only the clock acts while a shot rolls, and it holds its time until the shot is
        // judged: nothing to carry out yet.
        if self.table.is_moving() {
            debug_assert!(verdict.events.is_empty(), "a verdict while a shot rolls: {verdict:?}");
            return Ok(Ruling { report, verdict, returned: vec![] });
        }
        let queen = self.rules.as_deref().is_some_and(|r| r.settings().rules.queen);
        let waiting = self.rules.as_deref().is_some_and(|r| r.placing().is_some());
        let returned = apply_verdict(self.table, &verdict, queen, waiting)?;
        // A striker placed by a seat whose turn has ended (a pass, a declared foul) goes back to
        // hand, as after a strike: the next seat finds the table as a replay leaves it.
        let to_play = self.rules.as_deref().and_then(Match::to_play);
        if self.table.striker_seat().is_some_and(|seat| Some(seat) != to_play) {
            self.table.set_piece(PieceId::STRIKER, Place::Hand, Vec2::ZERO)?;
        }
        Ok(Ruling { report, verdict, returned })
    }

    /// A foul seen outside the physics (F7, F8) by the seat to play.
    pub fn declare_foul(&mut self, seat: Seat, foul: Foul) -> Result<Ruling, GameError> {
        self.may_act(seat)?;
        let rules = self.rules.as_deref_mut().ok_or(GameError::NoMatch("declaring a foul"))?;
        let verdict = rules.declare_foul(seat, foul)?;
        self.record(Action::DeclareFoul { seat, foul });
        self.carry_out(None, verdict)
    }

    /// The seat to play let its time run out: its turn passes without a strike.
    pub fn pass(&mut self, seat: Seat) -> Result<Ruling, GameError> {
        self.may_act(seat)?;
        let rules = self.rules.as_deref_mut().ok_or(GameError::NoMatch("passing a turn"))?;
        let verdict = rules.pass(seat)?;
        self.record(Action::Pass { seat });
        self.carry_out(None, verdict)
    }

    /// `seat` places the pieces waiting beside the board (X3): at `spots`, or nearest the
    /// centre when `spots` is empty. Refused whole, nothing moved, if a spot may not be had.
    pub fn place(&mut self, seat: Seat, spots: &[Spot]) -> Result<Ruling, GameError> {
        if self.table.is_moving() {
            return Err(TableError::StillMoving.into());
        }
        let rules = self.rules.as_deref_mut().ok_or(GameError::NoMatch("placing returned pieces"))?;
        let kinds: Vec<PieceKind> = spots.iter().map(|s| s.kind).collect();
        let mut after = rules.clone();
        after.place(seat, &kinds)?;
        let waiting = rules.placing().map(|p| p.pieces.clone()).unwrap_or_default();
        let returned = placement::place(self.table, &waiting, spots)?;
        *rules = after;
        self.record(Action::Place { seat, spots: spots.to_vec() });
        Ok(Ruling { returned, ..Ruling::default() })
    }

    /// The toss's winner `seat` chooses to break (`breaks`) or to let the seat after it break
    /// (IC6); the first board is set up afresh for the breaker.
    pub fn choose_break(&mut self, seat: Seat, breaks: bool) -> Result<Ruling, GameError> {
        if self.table.is_moving() {
            return Err(TableError::StillMoving.into());
        }
        let rules = self.rules.as_deref_mut().ok_or(GameError::NoMatch("choosing who breaks"))?;
        let verdict = rules.choose_break(seat, breaks)?;
        self.record(Action::ChooseBreak { seat, breaks });
        self.carry_out(None, verdict)
    }

    /// Counts `seconds` of play against the match clock (G1).
    pub fn add_time(&mut self, seconds: f64) -> Result<Ruling, GameError> {
        let rules = self.rules.as_deref_mut().ok_or(GameError::NoMatch("adding time"))?;
        let verdict = rules.add_time(seconds)?;
        self.record(Action::AddTime { seconds });
        self.carry_out(None, verdict)
    }

    /// Whether `action` may be carried out now, changing nothing: what a host asks of a
    /// peer's turn before it numbers it, without trying it on a copy of the table.
    pub fn check(&self, action: &Action) -> Result<(), GameError> {
        check(self.table, self.rules.as_deref(), action)
    }

    /// Begins one action: a strike is placed and struck and then rolls (stepped by the caller,
    /// frame by frame or to rest); anything else is ruled at once. Refused whole, nothing
    /// changed, when `check` refuses it.
    pub fn begin(&mut self, action: &Action) -> Result<Begun, GameError> {
        let ruling = match *action {
            Action::Strike { seat, offset, direction, speed } => {
                self.check(action)?;
                self.place_and_strike(seat, offset, direction, speed)?;
                return Ok(Begun::Rolling);
            }
            Action::DeclareFoul { seat, foul } => self.declare_foul(seat, foul)?,
            Action::Pass { seat } => self.pass(seat)?,
            Action::Place { seat, ref spots } => self.place(seat, spots)?,
            Action::ChooseBreak { seat, breaks } => self.choose_break(seat, breaks)?,
            Action::AddTime { seconds } => self.add_time(seconds)?,
        };
        Ok(Begun::Ruled(ruling))
    }

    /// Carries out one action to its end (a strike runs to rest).
    pub fn perform(&mut self, action: &Action) -> Result<Ruling, GameError> {
        match self.begin(action)? {
            Begun::Rolling => self.run_to_rest(),
            Begun::Ruled(ruling) => Ok(ruling),
        }
    }

    fn record(&mut self, action: Action) {
        if let Some(record) = self.record.as_deref_mut() {
            record.actions.push(action);
        }
    }
}

/// [`Turn::check`], on a table and, in a refereed match, its rules.
pub(crate) fn check(table: &Table, rules: Option<&Match>, action: &Action) -> Result<(), GameError> {
    if table.is_moving() && !matches!(action, Action::AddTime { .. }) {
        return Err(TableError::StillMoving.into());
    }
    if let Action::Strike { seat, offset, direction, speed } = *action {
        if let Some(rules) = rules {
            rules.may_act(seat)?;
        }
        table.check_striker_spot(seat, offset)?;
        table.check_flick(seat, direction, speed)?;
        return Ok(());
    }
    let rules = rules.ok_or(GameError::NoMatch("acting in a match"))?;
    // The rules alone, tried on a copy: a match's rules are a few small numbers.
    let mut trial = rules.clone();
    match *action {
        Action::DeclareFoul { seat, foul } => trial.declare_foul(seat, foul).map(drop)?,
        Action::Pass { seat } => trial.pass(seat).map(drop)?,
        Action::Place { seat, ref spots } => {
            let kinds: Vec<PieceKind> = spots.iter().map(|s| s.kind).collect();
            trial.place(seat, &kinds)?;
            placement::check(table, spots)?;
        }
        Action::ChooseBreak { seat, breaks } => trial.choose_break(seat, breaks).map(drop)?,
        Action::AddTime { seconds } => trial.add_time(seconds).map(drop)?,
        Action::Strike { .. } => {}
    }
    Ok(())
}
