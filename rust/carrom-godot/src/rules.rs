//! `CarromRules`: the referee of carrom-core as a Godot node. It owns the rules of a match
//! (carrom-core's `Referee`: the match state and its replay); the `CarromBoard` it referees owns
//! the table. The board judges every strike through this node's referee and hands the verdict
//! back to be announced here, as signals, in the order the rules decided it.

use crate::alive::alive;
use crate::board::CarromBoard;
use crate::convert;
use crate::enums::{Kind, Mode, Penalty, Queen};
use crate::refusal::{value_or_default, Refused};
use crate::ruleset::CarromRuleset;
use carrom_core::game::{save, GameError, Referee, Replay, Ruling};
use carrom_core::physics::Table;
use carrom_core::rules::{Foul, Match, MatchSettings, Outcome, RuleEvent, Ruleset, Scoring, Tally, Verdict};
use carrom_core::{PieceKind, Seat};
use godot::classes::{Engine, INode, Node};
use godot::prelude::*;

/// Match time gathered before it is counted on the clock (and recorded in the replay).
const CLOCK_TICK_SECONDS: f64 = 1.0;

/// Referees a carrom match on the `CarromBoard` in `board`: singles, doubles or the
/// three-player points game, with every rule of RULES.md, under the `ruleset` given (the seeds'
/// rules when none is; Freestyle and Disc Pool ship in `addons/carrom/rulesets/`, and a modder
/// saves their own `CarromRuleset`). Call `start_match(seed)`, then let
/// players place and strike on the board: the board refuses the wrong seat, and after every
/// shot this node emits what the rules decided. `save_match`/`load_match` keep a whole match.
#[derive(GodotClass)]
#[class(init, base=Node)]
pub struct CarromRules {
    /// Who plays: `MODE_SINGLES` (2 players), `MODE_DOUBLES` (4 in teams), `MODE_POINTS` (3,
    /// every piece anyone's).
    #[export]
    mode: Mode,
    /// The rules played by (a `CarromRuleset`); none plays the seeds' rules ("classic").
    #[export]
    ruleset: Option<Gd<CarromRuleset>>,
    /// Points that win the match; 0 plays to the ruleset's target.
    #[export(range = (0.0, 1000.0))]
    target_points: i64,
    /// Boards after which the highest total wins; 0 plays the ruleset's number.
    #[export(range = (0.0, 100.0))]
    max_boards: i64,
    /// A clock for the whole match in seconds; 0 plays without one.
    #[export(range = (0.0, 36000.0, or_greater))]
    time_limit_seconds: f64,
    /// The board this node referees.
    #[export]
    #[var(set = set_board)]
    board: Option<Gd<CarromBoard>>,

    referee: Option<Referee>,
    /// How the last finished board was scored, for `get_board_tally`.
    last_tally: Vec<Tally>,
    /// Play time not yet counted on the clock.
    clock: f64,
    base: Base<Node>,
}

#[godot_api]
impl INode for CarromRules {
    fn ready(&mut self) {
        if Engine::singleton().is_editor_hint() {
            return;
        }
        match alive(&self.board) {
            Some(board) => self.attach(Some(board)),
            None => Refused::from("CarromRules.board must be set to the CarromBoard it referees").log(),
        }
    }

    fn process(&mut self, delta: f64) {
        if self.time_limit_seconds <= 0.0 || Engine::singleton().is_editor_hint() || self.referee.is_none() {
            return;
        }
        self.clock += delta.max(0.0);
        if self.clock >= CLOCK_TICK_SECONDS {
            let seconds = std::mem::take(&mut self.clock);
            if let Err(refused) = self.with_board_turn(|turn| turn.add_time(seconds)) {
                refused.log();
            }
        }
    }

    fn exit_tree(&mut self) {
        self.attach(None);
    }
}

#[godot_api]
impl CarromRules {
    /// The games (`mode`).
    #[constant]
    const MODE_SINGLES: i64 = Mode::Singles as i64;
    #[constant]
    const MODE_DOUBLES: i64 = Mode::Doubles as i64;
    #[constant]
    const MODE_POINTS: i64 = Mode::Points as i64;
    /// What a foul cost (`penalty` of `foul_committed`).
    #[constant]
    const PENALTY_WHITE: i64 = Penalty::White as i64;
    #[constant]
    const PENALTY_BLACK: i64 = Penalty::Black as i64;
    #[constant]
    const PENALTY_DUE: i64 = Penalty::Due as i64;
    #[constant]
    const PENALTY_SHARED: i64 = Penalty::Shared as i64;
    /// Where the queen stands (`get_queen_state`).
    #[constant]
    const QUEEN_ON_BOARD: i64 = Queen::OnBoard as i64;
    #[constant]
    const QUEEN_AWAITING_COVER: i64 = Queen::AwaitingCover as i64;
    #[constant]
    const QUEEN_TOO_EARLY: i64 = Queen::TooEarly as i64;
    #[constant]
    const QUEEN_COVERED: i64 = Queen::Covered as i64;
    #[constant]
    const QUEEN_NOT_PLAYED: i64 = Queen::NotPlayed as i64;

    /// `seat` is to strike now.
    #[signal]
    fn turn_started(seat: i64);
    /// A break attempt left the formation whole; the same seat tries again.
    #[signal]
    fn break_failed(seat: i64, attempts_left: i64);
    /// A foul: `foul` is its clause ("F1"–"F8", also a translation key), `penalty` what it cost
    /// (`PENALTY_*`).
    #[signal]
    fn foul_committed(seat: i64, foul: GString, penalty: Penalty);
    /// The queen was pocketed by `seat`.
    #[signal]
    fn queen_pocketed(seat: i64);
    /// `seat` covered the queen.
    #[signal]
    fn queen_covered(seat: i64);
    /// The queen went back to the centre: `reason` is "queen_too_early", "queen_not_covered"
    /// or "queen_by_foul".
    #[signal]
    fn queen_returned(reason: GString);
    /// A piece went back to the centre; `reason` is a stable key ("penalty", "due",
    /// "opponent_piece", "last_piece", "off_board", or a queen reason).
    #[signal]
    fn piece_returned(kind: Kind, reason: GString);
    /// The match clock ran out: the board under way is the last.
    #[signal]
    fn time_up();
    /// `seat` let its turn's time run out (an online turn timer): the turn passes.
    /// `in_a_row` counts its timeouts in a row; at three its side forfeits.
    #[signal]
    fn turn_timed_out(seat: i64, in_a_row: i64);
    /// `side` gave the match up: its player at `seat` timed out three turns in a row.
    /// `board_finished` and `match_finished` follow.
    #[signal]
    fn forfeited(seat: i64, side: i64);
    /// A board ended: `winner` side (-1 for none), each side's points from it, the totals.
    #[signal]
    fn board_finished(winner: i64, points: PackedInt32Array, scores: PackedInt32Array);
    /// A board began: its number and the seat that breaks (and plays white).
    #[signal]
    fn board_started(number: i64, breaker: i64);
    /// The match ended: the winning side (-1 for a draw) and the totals.
    #[signal]
    fn match_finished(winner: i64, scores: PackedInt32Array);

    /// Starts a new match with the exported settings on a fresh table; `seed` picks who starts
    /// (S1). Refused, with the setting named, when a setting is out of range.
    #[func]
    fn start_match(&mut self, seed: i64) -> Result<(), Refused> {
        let settings = self.settings()?;
        let mut board = alive(&self.board).ok_or("CarromRules.board must be set before start_match")?;
        let spec = {
            // The board's signals reach game code that may call back into this node.
            let _reentrant = self.base_mut();
            let mut board = board.bind_mut();
            board.new_table_for_match(settings.rules.queen)?.spec().clone()
        };
        let referee = Referee::new(spec, settings, seed as u64)?;
        let (number, breaker) = (referee.rules().board().number, referee.rules().board().breaker);
        self.referee = Some(referee);
        self.last_tally.clear();
        self.clock = 0.0;
        self.signals().board_started().emit(i64::from(number), seat_number(breaker));
        self.signals().turn_started().emit(seat_number(breaker));
        Ok(())
    }

    /// The seats that play `mode`, in turn order.
    #[func]
    fn seats_of_mode(mode: Mode) -> PackedInt32Array {
        carrom_core::rules::Mode::from(mode).seats().iter().map(|s| i32::from(u8::from(*s))).collect()
    }

    /// The allowed range of each number setting: {"target_points": [low, high], "max_boards":
    /// [low, high]}, for a menu that offers them.
    #[func]
    fn get_limits() -> VarDictionary {
        let mut d = VarDictionary::new();
        for (name, range) in [("target_points", Ruleset::TARGET_POINTS), ("max_boards", Ruleset::MAX_BOARDS)]
        {
            d.set(name, &PackedInt32Array::from(&[*range.start() as i32, *range.end() as i32]));
        }
        d
    }

    /// The rules of the match under way (a new resource: changing it changes nothing), or before
    /// a match those `start_match` would play: `ruleset` with `target_points` and `max_boards`.
    /// Null, with an error, when those cannot be played.
    #[func]
    fn get_match_ruleset(&self) -> Option<Gd<CarromRuleset>> {
        let rules = match self.rules() {
            Some(m) => Ok(m.settings().rules.clone()),
            None => self.settings().map(|s| s.rules),
        };
        value_or_default(rules.map(|r| Some(CarromRuleset::from_core(&r))))
    }

    /// Whether boards are scored by pieces (each piece its value, the first to the target wins
    /// at once: Freestyle, and every three-player game), so a board's points grow as it is
    /// played; otherwise the board's winner scores when it ends.
    #[func]
    fn is_scored_by_pieces(&self) -> bool {
        self.match_settings().is_some_and(|s| s.scoring() == Scoring::Pieces)
    }

    /// Whether sides play a colour each in this match.
    #[func]
    fn has_colours(&self) -> bool {
        self.match_settings().is_some_and(|s| s.colours())
    }

    /// The seat to strike, or -1 before a match or once it is over.
    #[func]
    fn get_seat_to_play(&self) -> i64 {
        convert::or_minus_one(self.rules().and_then(Match::to_play).map(u8::from))
    }

    /// The seats in play, in turn order (of the exported `mode` before a match).
    #[func]
    fn get_seats(&self) -> PackedInt32Array {
        Self::seats_of_mode(self.rules().map_or(self.mode, |m| m.mode().into()))
    }

    /// The side (team, or player in the points game) `seat` plays for, or -1.
    #[func]
    fn get_side_of_seat(&self, seat: i64) -> i64 {
        let Some(rules) = self.rules() else { return -1 };
        convert::or_minus_one(convert::seat(seat).ok().and_then(|s| rules.side_of(s)).map(|s| s.number()))
    }

    /// The seats of `side`, in turn order.
    #[func]
    fn get_seats_of_side(&self, side: i64) -> PackedInt32Array {
        let Some(rules) = self.rules() else { return PackedInt32Array::new() };
        let of_side = |seat: &&Seat| rules.side_of(**seat).is_some_and(|s| i64::from(s.number()) == side);
        rules.mode().seats().iter().filter(of_side).map(|s| i32::from(u8::from(*s))).collect()
    }

    /// The colour `seat` plays on this board (`CarromBoard.KIND_WHITE` or `KIND_BLACK`), or -1
    /// in the points game.
    #[func]
    fn get_colour_of_seat(&self, seat: i64) -> i64 {
        let colour = self.rules().and_then(|rules| {
            let side = rules.side_of(convert::seat(seat).ok()?)?;
            rules.board().colour_of(side)
        });
        colour.map_or(-1, |c| Kind::from(c) as i64)
    }

    /// Match totals by side.
    #[func]
    fn get_scores(&self) -> PackedInt32Array {
        self.rules().map(|g| ints(g.scores())).unwrap_or_default()
    }

    /// Points each side would take from the board as it stands (the points game shows these
    /// as they grow).
    #[func]
    fn get_board_points(&self) -> PackedInt32Array {
        self.rules().map(|g| ints(&g.board_points_now(None))).unwrap_or_default()
    }

    /// The number of the board under way (1 for the first).
    #[func]
    fn get_board_number(&self) -> i64 {
        self.rules().map_or(0, |g| g.board().number.into())
    }

    /// Dues owed by each side.
    #[func]
    fn get_dues(&self) -> PackedInt32Array {
        self.rules().map(|g| ints(&g.board().dues)).unwrap_or_default()
    }

    /// Coins of each colour still on the board: {"white": n, "black": n, "queen": bool}.
    #[func]
    fn get_pieces_left(&self) -> VarDictionary {
        let mut d = VarDictionary::new();
        if let Some(g) = self.rules() {
            d.set("white", i64::from(g.board().on_board.white));
            d.set("black", i64::from(g.board().on_board.black));
            d.set("queen", g.board().queen.on_board());
        }
        d
    }

    /// Coins `side` has pocketed this board and keeps: {"white": n, "black": n}; empty for a
    /// side that does not exist.
    #[func]
    fn get_held_coins(&self, side: i64) -> VarDictionary {
        let mut d = VarDictionary::new();
        let held = self.rules().and_then(|g| g.board().held.get(usize::try_from(side).ok()?).copied());
        if let Some(coins) = held {
            d.set("white", i64::from(coins.white));
            d.set("black", i64::from(coins.black));
        }
        d
    }

    /// How the last finished board's points were made, one dictionary per side: coins held
    /// ("white", "black"), "queen" (covered by this side), "coin_points", "queen_points" and
    /// "points". Empty before the first board ends; read it on `board_finished`.
    #[func]
    fn get_board_tally(&self) -> Array<VarDictionary> {
        self.last_tally
            .iter()
            .map(|t| {
                let mut d = VarDictionary::new();
                d.set("white", i64::from(t.held.white));
                d.set("black", i64::from(t.held.black));
                d.set("queen", t.queen_covered);
                d.set("coin_points", i64::from(t.coin_points));
                d.set("queen_points", i64::from(t.queen_points));
                d.set("points", i64::from(t.points()));
                d
            })
            .collect()
    }

    /// Where the queen stands (`QUEEN_*`).
    #[func]
    fn get_queen_state(&self) -> Queen {
        self.rules().map_or(Queen::OnBoard, |g| g.board().queen.into())
    }

    /// The side the queen belongs to (awaiting its cover, too early, or covered), or -1.
    #[func]
    fn get_queen_side(&self) -> i64 {
        let queen = self.rules().map(|g| g.board().queen);
        convert::or_minus_one(queen.and_then(|q| q.covered_by().or(q.uncovered_with())).map(|s| s.number()))
    }

    /// Whether the formation still stands (the strike is a break attempt).
    #[func]
    fn is_breaking(&self) -> bool {
        self.rules().is_some_and(|g| !g.board().broken)
    }

    /// Whether the match has ended.
    #[func]
    fn is_match_over(&self) -> bool {
        self.rules().is_some_and(Match::is_over)
    }

    /// The winning side, or -1 while playing or for a draw.
    #[func]
    fn get_winner(&self) -> i64 {
        match self.rules().and_then(Match::outcome) {
            Some(Outcome::Won(side)) => side.number().into(),
            _ => -1,
        }
    }

    /// Declares a foul the board cannot see, by the seat to play: "F7" (touched a piece) or
    /// "F8" (broke a striking rule).
    #[func]
    fn declare_foul(&mut self, seat: i64, foul: GString) -> Result<(), Refused> {
        let seat = convert::seat(seat)?;
        let foul = Foul::from_clause(&foul.to_string()).map_err(GameError::from)?;
        let ruling = self.with_board_turn(|turn| turn.declare_foul(seat, foul))?;
        self.show_on_board(ruling);
        Ok(())
    }

    /// The seat to play let its time run out (an online turn timer): its turn passes without
    /// a strike, and a third time in a row forfeits the match. Refused out of turn or while
    /// pieces move.
    #[func]
    pub(crate) fn pass_turn(&mut self, seat: i64) -> Result<(), Refused> {
        let seat = convert::seat(seat)?;
        let ruling = self.with_board_turn(|turn| turn.pass(seat))?;
        self.show_on_board(ruling);
        Ok(())
    }

    /// The whole match — table, rules, settings and the replay so far — as one versioned
    /// document, for `load_match`. Empty, with an error, before a match.
    #[func]
    fn save_match(&self) -> GString {
        GString::from(value_or_default(self.save_match_text()).as_str())
    }

    /// Loads a match saved by `save_match`, its table onto the board. A document of another
    /// version, or damaged, is refused and nothing changes.
    #[func]
    fn load_match(&mut self, text: GString) -> Result<(), Refused> {
        self.load_match_text(&text.to_string())
    }

    /// Why a saved match (from `save_match`) cannot be loaded, or "" when it can: for a menu
    /// that offers to continue it. Checks the whole document, changes nothing, logs nothing.
    #[func]
    fn check_match(text: GString) -> GString {
        match save::read(&text.to_string()) {
            Ok(_) => GString::new(),
            Err(e) => GString::from(e.to_string().as_str()),
        }
    }

    /// Plays a replay (from `get_replay`) again from its start, bit for bit, through the same
    /// turn sequence as live play, and makes where it ends the match under way. A damaged
    /// replay, or one with an action the rules refuse, is refused and nothing changes.
    #[func]
    fn play_replay(&mut self, text: GString) -> Result<(), Refused> {
        let replay = Replay::from_json(&text.to_string())?;
        let mut table = Table::new(replay.spec.clone()).map_err(GameError::from)?;
        let referee = replay.play_on(&mut table)?;
        self.take_match(table, referee)
    }

    /// The replay of the match so far (how it began and every action) as JSON, for
    /// `play_replay`.
    #[func]
    fn get_replay(&self) -> GString {
        let text = match &self.referee {
            Some(referee) => referee.replay().to_json().map_err(Refused::from),
            None => Err("no match to replay: call start_match or load_match first".into()),
        };
        GString::from(value_or_default(text).as_str())
    }

    #[func]
    fn set_board(&mut self, board: Option<Gd<CarromBoard>>) {
        let ready = self.base().is_node_ready() && !Engine::singleton().is_editor_hint();
        if ready {
            self.attach(board.clone());
        }
        self.board = board;
    }
}

/// The Rust side of the rules node, for the board and the computer.
impl CarromRules {
    /// The referee of the match under way, for the board's turns.
    pub(crate) fn referee_mut(&mut self) -> Option<&mut Referee> {
        self.referee.as_mut()
    }

    /// The rules of the match under way.
    pub(crate) fn rules(&self) -> Option<&Match> {
        self.referee.as_ref().map(Referee::rules)
    }

    /// The board this node referees, if it is still there.
    pub(crate) fn board_node(&self) -> Option<Gd<CarromBoard>> {
        alive(&self.board)
    }

    /// Takes a whole match from a save document (network play's welcome and resync).
    pub(crate) fn load_match_text(&mut self, text: &str) -> Result<(), Refused> {
        let (table, referee) = save::read(text)?;
        self.take_match(table, referee)
    }

    /// The match as its save document, or why not.
    pub(crate) fn save_match_text(&self) -> Result<String, Refused> {
        match (&self.referee, alive(&self.board)) {
            (Some(referee), Some(board)) => save::write(board.bind().table(), referee).map_err(Refused::from),
            _ => Err("no match to save: call start_match or load_match first".into()),
        }
    }

    /// Whether a match is under way (or over, and still shown).
    pub(crate) fn has_match(&self) -> bool {
        self.referee.is_some()
    }

    /// Each rule event of a verdict as its signal, in order.
    pub(crate) fn announce(&mut self, verdict: &Verdict) {
        for event in &verdict.events {
            match event {
                RuleEvent::BreakFailed { seat, attempts_left } => {
                    self.signals().break_failed().emit(seat_number(*seat), i64::from(*attempts_left))
                }
                RuleEvent::Foul { seat, foul, penalty } => self.signals().foul_committed().emit(
                    seat_number(*seat),
                    &GString::from(foul.clause()),
                    Penalty::from(*penalty),
                ),
                RuleEvent::PieceReturned { kind, reason } => {
                    let reason = GString::from(reason.key());
                    if *kind == PieceKind::Queen {
                        self.signals().queen_returned().emit(&reason);
                    }
                    self.signals().piece_returned().emit(Kind::from(*kind), &reason);
                }
                RuleEvent::QueenPocketed { seat } => self.signals().queen_pocketed().emit(seat_number(*seat)),
                RuleEvent::QueenCovered { seat } => self.signals().queen_covered().emit(seat_number(*seat)),
                RuleEvent::TurnContinues { seat } => self.signals().turn_started().emit(seat_number(*seat)),
                RuleEvent::TurnPasses { to, .. } => self.signals().turn_started().emit(seat_number(*to)),
                RuleEvent::TimeUp => self.signals().time_up().emit(),
                RuleEvent::TimedOut { seat, in_a_row } => {
                    self.signals().turn_timed_out().emit(seat_number(*seat), i64::from(*in_a_row))
                }
                RuleEvent::Forfeited { seat, side } => {
                    self.signals().forfeited().emit(seat_number(*seat), i64::from(side.number()))
                }
                RuleEvent::BoardFinished { winner, points, scores, tally, .. } => {
                    self.last_tally.clone_from(tally);
                    self.signals().board_finished().emit(
                        convert::or_minus_one(winner.map(|w| w.number())),
                        &ints(points),
                        &ints(scores),
                    )
                }
                RuleEvent::BoardStarted { number, breaker } => {
                    self.signals().board_started().emit(i64::from(*number), seat_number(*breaker));
                    self.signals().turn_started().emit(seat_number(*breaker));
                }
                RuleEvent::MatchFinished { winner, scores } => self
                    .signals()
                    .match_finished()
                    .emit(convert::or_minus_one(winner.map(|w| w.number())), &ints(scores)),
            }
        }
    }

    /// One action of the turn sequence on the board's table, judged by this node's referee.
    fn with_board_turn<R>(
        &mut self,
        act: impl FnOnce(&mut carrom_core::game::Turn) -> Result<R, GameError>,
    ) -> Result<R, Refused> {
        let mut board = alive(&self.board).ok_or("CarromRules.board is not set")?;
        let referee = self.referee.as_mut().ok_or("no match under way: call start_match first")?;
        let result = board.bind_mut().turn_with(Some(referee), act);
        Ok(result?)
    }

    /// Shows a ruling made here (a declared foul): the board puts pieces back and tells, then
    /// this node announces the verdict.
    fn show_on_board(&mut self, ruling: Ruling) {
        if let Some(mut board) = alive(&self.board) {
            // The board's signals reach game code that may call back into this node.
            let _reentrant = self.base_mut();
            board.bind_mut().show(vec![], Some(&ruling));
        }
        self.announce(&ruling.verdict);
    }

    /// The settings of the match under way, or of the one `start_match` would start.
    fn match_settings(&self) -> Option<MatchSettings> {
        match self.rules() {
            Some(m) => Some(m.settings().clone()),
            None => self.settings().ok(),
        }
    }

    /// The exported settings as carrom-core's: the ruleset, with this node's target and boards
    /// where they are set.
    fn settings(&self) -> Result<MatchSettings, Refused> {
        let number =
            |name: &str, v: i64| u32::try_from(v).map_err(|_| format!("{name} must be 0 or more (got {v})"));
        let mut rules = match alive(&self.ruleset) {
            Some(ruleset) => ruleset.bind().to_core()?,
            None => Ruleset::classic(),
        };
        if self.target_points != 0 {
            rules.target_points = number("target_points", self.target_points)?;
        }
        if self.max_boards != 0 {
            rules.max_boards = number("max_boards", self.max_boards)?;
        }
        let settings = MatchSettings {
            mode: self.mode.into(),
            rules,
            time_limit_seconds: (self.time_limit_seconds > 0.0).then_some(self.time_limit_seconds),
        };
        settings.validate().map_err(GameError::from)?;
        Ok(settings)
    }

    /// Makes a loaded or replayed match the one under way: its table on the board, its
    /// settings in the exported properties.
    fn take_match(&mut self, table: Table, referee: Referee) -> Result<(), Refused> {
        let mut board = alive(&self.board).ok_or("CarromRules.board must be set before loading a match")?;
        board.bind_mut().load_table(table);
        let settings = referee.rules().settings();
        self.mode = settings.mode.into();
        self.ruleset = Some(CarromRuleset::from_core(&settings.rules));
        self.target_points = settings.rules.target_points.into();
        self.max_boards = settings.rules.max_boards.into();
        self.time_limit_seconds = settings.time_limit_seconds.unwrap_or(0.0);
        self.referee = Some(referee);
        self.clock = 0.0;
        self.last_tally.clear();
        Ok(())
    }

    /// Becomes the referee of `board` (none to let go of the board it had).
    fn attach(&mut self, board: Option<Gd<CarromBoard>>) {
        if let Some(mut old) = alive(&self.board) {
            old.bind_mut().set_referee(None);
        }
        if let Some(mut new) = alive(&board) {
            new.bind_mut().set_referee(Some(self.to_gd()));
        }
    }
}

fn seat_number(seat: Seat) -> i64 {
    i64::from(u8::from(seat))
}

fn ints(values: &[u32]) -> PackedInt32Array {
    values.iter().map(|v| i32::try_from(*v).unwrap_or(i32::MAX)).collect()
}
