//! `Match`: the referee of a whole match of boards. It is fed one strike at a time (its
//! summary) and answers with a verdict; it never touches the physics, so every clause can be
//! tested with hand-written summaries. Its work is spread over the files of this folder, each
//! one `impl Match` of one job: a strike judged (`strike`), a turn passed (`pass`), a board and
//! a match scored (`scoring`), a board's tally (`tally`), a saved match checked (`checked`).

mod checked;
mod games;
mod pass;
mod penalty;
mod placing;
mod scoring;
mod strike;
mod tally;
mod toss;

pub use games::FinishedGame;
pub use pass::TIMEOUTS_TO_FORFEIT;
pub use placing::Placing;

use crate::rules::board::BoardState;
use crate::rules::error::RulesError;
use crate::rules::event::{RuleEvent, Verdict};
use crate::rules::foul::Foul;
use crate::rules::settings::{MatchSettings, Mode};
use crate::rules::side::Side;
use crate::seat::Seat;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

/// How a finished match ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    /// This side won.
    Won(Side),
    /// The leaders could not be separated (see RULES.md, G4).
    Drawn(Vec<Side>),
}

/// A whole match as the referee sees it: settings, whose turn, the board under way, scores.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Match {
    pub(crate) settings: MatchSettings,
    pub(crate) seed: u64,
    /// Index in the turn order of the player who broke the first board (S1).
    pub(crate) first: usize,
    /// Index in the turn order of the seat to play.
    pub(crate) turn: usize,
    pub(crate) board: BoardState,
    pub(crate) scores: Vec<u32>,
    /// Points each finished board gave each side.
    pub(crate) board_points: Vec<Vec<u32>>,
    pub(crate) striking: bool,
    pub(crate) elapsed_seconds: f64,
    pub(crate) time_up: bool,
    pub(crate) outcome: Option<Outcome>,
    /// Turns each seat (in turn order) has let time out in a row (see `pass.rs`). Saves
    /// written before the turn timer have none: nobody has timed out.
    #[serde(default)]
    pub(crate) timeouts: Vec<u8>,
    /// Play time added while a strike was under way, in the order it came: it counts once the
    /// strike is judged, so that the match reads the same live and replayed (where a strike
    /// is judged before the time recorded after it). Empty at rest.
    #[serde(default)]
    pub(crate) time_while_striking: Vec<f64>,
    /// Returned pieces waiting for an opponent to place them (X3); saves from before have none.
    #[serde(default)]
    pub(crate) placing: Option<Placing>,
    /// The games finished before the one under way, in a match of games (IC5); saves from
    /// before have none.
    #[serde(default)]
    pub(crate) games: Vec<FinishedGame>,
    /// The seat that won the toss, while it has yet to choose who breaks (IC6); saves from
    /// before have none.
    #[serde(default)]
    pub(crate) toss: Option<Seat>,
}

impl Match {
    /// A new match; `seed` picks the first player (S1).
    pub fn new(settings: MatchSettings, seed: u64) -> Result<Match, RulesError> {
        settings.validate()?;
        let seats = settings.mode.seats().len();
        let first = ChaCha8Rng::seed_from_u64(seed).random_range(0..seats);
        let sides = settings.mode.side_count();
        let mut m = Match {
            board: BoardState::new(1, Seat::ALL[0], None, sides, true),
            settings,
            seed,
            first,
            turn: first,
            scores: vec![0; sides],
            board_points: vec![],
            striking: false,
            elapsed_seconds: 0.0,
            time_up: false,
            outcome: None,
            timeouts: vec![0; seats],
            time_while_striking: vec![],
            placing: None,
            games: vec![],
            toss: None,
        };
        if m.settings.rules.toss && m.mode() != Mode::Solo {
            m.toss = Some(m.mode().seats()[first]);
        }
        m.board = m.fresh_board(1);
        Ok(m)
    }

    /// Board `number` of the game under way set up: the break passes round the table board by
    /// board, and game by game (IC5), and the breaker's side plays white (S1, S4).
    pub(crate) fn fresh_board(&mut self, number: u32) -> BoardState {
        let seats = self.mode().seats();
        self.turn = (self.first + self.games.len() + number as usize - 1) % seats.len();
        let breaker = seats[self.turn];
        let white = if self.settings.colours() { self.mode().side_of(breaker) } else { None };
        BoardState::new(number, breaker, white, self.mode().side_count(), self.settings.rules.queen)
    }

    /// The settings it is played under.
    pub fn settings(&self) -> &MatchSettings {
        &self.settings
    }

    /// The game played.
    pub fn mode(&self) -> Mode {
        self.settings.mode
    }

    /// The seed that chose the first player.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The seat to strike, or `None` once the match is over.
    pub fn to_play(&self) -> Option<Seat> {
        self.outcome.is_none().then(|| self.mode().seats()[self.turn])
    }

    pub(crate) fn seat_to_play(&self) -> Seat {
        self.mode().seats()[self.turn]
    }

    /// The side `seat` plays for, if it plays.
    pub fn side_of(&self, seat: Seat) -> Option<Side> {
        self.mode().side_of(seat)
    }

    /// The board under way (or the last, once the match is over).
    pub fn board(&self) -> &BoardState {
        &self.board
    }

    /// Match totals by side.
    pub fn scores(&self) -> &[u32] {
        &self.scores
    }

    /// Points of each finished board, by side.
    pub fn board_points(&self) -> &[Vec<u32>] {
        &self.board_points
    }

    /// How the match ended, once it has.
    pub fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    /// Whether the match has ended.
    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// Whether a strike has begun and waits for its verdict.
    pub fn is_striking(&self) -> bool {
        self.striking
    }

    /// Checks that `seat` plays in this match.
    pub fn check_seat(&self, seat: Seat) -> Result<Side, RulesError> {
        self.side_of(seat).ok_or_else(|| RulesError::SeatNotInMatch {
            seat,
            in_play: self.mode().seats().iter().map(|s| u8::from(*s)).collect(),
        })
    }

    /// Whether `seat` may act now: the match goes on, the seat plays in it, no strike is
    /// under way and it is that seat's turn. The rules' half of [`crate::game::Turn::may_act`].
    pub fn may_act(&self, seat: Seat) -> Result<(), RulesError> {
        if self.is_over() {
            return Err(RulesError::MatchOver);
        }
        self.check_seat(seat)?;
        if self.striking {
            return Err(RulesError::StrikeUnderWay);
        }
        if let Some(by) = self.toss {
            return Err(RulesError::TossOwed { by });
        }
        if let Some(placing) = &self.placing {
            return Err(RulesError::PlacementOwed { by: placing.by });
        }
        let expected = self.seat_to_play();
        if seat != expected {
            return Err(RulesError::NotYourTurn { seat, expected });
        }
        Ok(())
    }

    /// `seat` takes its strike; `resolve` must follow with what the strike did.
    pub fn begin_strike(&mut self, seat: Seat) -> Result<(), RulesError> {
        self.may_act(seat)?;
        self.striking = true;
        self.reset_timeouts();
        Ok(())
    }

    /// A foul seen outside the physics: touching a piece (F7) or a striking rule (F8) broken
    /// by the seat to play. It costs the penalty and ends the turn.
    pub fn declare_foul(&mut self, seat: Seat, foul: Foul) -> Result<Verdict, RulesError> {
        if !matches!(foul, Foul::TouchedPiece | Foul::StrikingRule) {
            return Err(RulesError::NotDeclarable(foul.clause()));
        }
        self.may_act(seat)?;
        self.reset_timeouts();
        let mut verdict = Verdict::default();
        self.punish(&[foul], &mut verdict);
        self.end_turn(&mut verdict);
        self.owe_placement(seat, &verdict);
        Ok(verdict)
    }

    /// Counts `seconds` of play against the match clock (G1), if there is one. When it runs
    /// out, the board under way is the last one. Time that passes while a strike rolls is held
    /// and counted once the strike is judged.
    pub fn add_time(&mut self, seconds: f64) -> Result<Verdict, RulesError> {
        if !(seconds.is_finite() && seconds >= 0.0) {
            return Err(RulesError::BadTime(seconds));
        }
        let mut verdict = Verdict::default();
        if self.is_over() {
            return Ok(verdict);
        }
        if self.striking {
            self.time_while_striking.push(seconds);
            return Ok(verdict);
        }
        self.count_time(seconds, &mut verdict);
        Ok(verdict)
    }

    /// The time held while the strike rolled, counted now that it is judged.
    pub(crate) fn count_held_time(&mut self, verdict: &mut Verdict) {
        for seconds in std::mem::take(&mut self.time_while_striking) {
            if self.is_over() {
                return;
            }
            self.count_time(seconds, verdict);
        }
    }

    fn count_time(&mut self, seconds: f64, verdict: &mut Verdict) {
        // Never infinite: the clock is saved as JSON, which has no infinity.
        self.elapsed_seconds = (self.elapsed_seconds + seconds).min(f64::MAX);
        if let Some(limit) = self.settings.time_limit_seconds {
            if !self.time_up && self.elapsed_seconds >= limit {
                self.time_up = true;
                verdict.push(RuleEvent::TimeUp);
            }
        }
    }

    /// The match state as JSON text, for `from_json`.
    pub fn to_json(&self) -> Result<String, RulesError> {
        serde_json::to_string(self).map_err(|e| RulesError::BadSave(format!("cannot be written: {e}")))
    }

    /// A match loaded from `to_json`'s text, checked before it is used.
    pub fn from_json(json: &str) -> Result<Match, RulesError> {
        let m: Match = serde_json::from_str(json).map_err(|e| RulesError::BadSave(e.to_string()))?;
        m.checked()
    }
}
