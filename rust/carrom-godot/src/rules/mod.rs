//! `CarromRules`: carrom-core's referee as a Godot node. It sets a match up on the
//! `CarromBoard` it names — the board owns the match, the one copy on this machine — reads the
//! match for the game (scores, whose turn, the queen), and announces what the rules decide, as
//! its own signals, in the order they decided it: the board tells it by `ruled`. It never holds
//! itself borrowed while the board acts, so a listener may call either node back.

mod announce;
mod awaited;
pub(crate) mod placing;
mod reads;
mod replay;
mod toss;

use crate::alive::alive;
use crate::board::CarromBoard;
use crate::convert;
use crate::enums::{Kind, Mode, Penalty, Queen};
use crate::refusal::{value_or_default, Refused};
use crate::ruleset::CarromRuleset;
use carrom_core::game::{save, Game, GameError};
use carrom_core::rules::{Foul, Match, MatchSettings, Ruleset, Tally};
use godot::classes::{Engine, INode, Node};
use godot::prelude::*;
use godot::signal::ConnectHandle;

/// Referees a carrom match played on the `CarromBoard` in `board`: singles, doubles or the
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
    /// Whether chance picks the breaker even under a ruleset with a toss (RULES.md IC6).
    #[export]
    skip_toss: bool,
    /// The board this node referees: the match is played, and kept, there.
    #[export]
    #[var(set = set_board)]
    board: Option<Gd<CarromBoard>>,

    /// How the last finished board was scored, for `get_board_tally`.
    last_tally: Vec<Tally>,
    /// The board's `ruled`, heard while this node is in the tree.
    listening: Option<ConnectHandle>,
    base: Base<Node>,
}

#[godot_api]
impl INode for CarromRules {
    fn enter_tree(&mut self) {
        if !Engine::singleton().is_editor_hint() {
            self.listen();
        }
    }

    fn ready(&mut self) {
        if !Engine::singleton().is_editor_hint() && alive(&self.board).is_none() {
            Refused::from("CarromRules.board must be set to the CarromBoard it referees").log();
        }
    }

    fn exit_tree(&mut self) {
        self.stop_listening();
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
    #[constant]
    const MODE_SOLO: i64 = Mode::Solo as i64;
    /// What a foul cost (`penalty` of `foul_committed`).
    #[constant]
    const PENALTY_WHITE: i64 = Penalty::White as i64;
    #[constant]
    const PENALTY_BLACK: i64 = Penalty::Black as i64;
    #[constant]
    const PENALTY_DUE: i64 = Penalty::Due as i64;
    #[constant]
    const PENALTY_SHARED: i64 = Penalty::Shared as i64;
    #[constant]
    const PENALTY_BOARD_LOST: i64 = Penalty::BoardLost as i64;
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
    /// Returned pieces wait for `seat` to place them (`kinds`, `CarromBoard.KIND_*`) with
    /// `place_returned`; nobody strikes until then (X3). After the verdict's other signals.
    #[signal]
    fn placement_owed(seat: i64, kinds: PackedInt32Array);

    /// Under a ruleset with a toss (IC6), `seat` won it: it chooses who breaks
    /// (`choose_break`) before anyone strikes. Emitted by `start_match` instead of
    /// `turn_started`.
    #[signal]
    fn toss_won(seat: i64);
    /// The toss's winner `seat` chose: `breaker` breaks the first board.
    #[signal]
    fn break_chosen(seat: i64, breaker: i64);
    /// A game of a match of games ended (IC5): its winning side (-1 for none), each side's
    /// total, and the games each side has won. A new game's first board follows unless the
    /// match is over.
    #[signal]
    fn game_finished(number: i64, winner: i64, scores: PackedInt32Array, games_won: PackedInt32Array);

    /// Starts a new match with the exported settings on a fresh table of the board; `seed`
    /// picks who starts (S1), or who wins the toss (IC6). Refused, with the setting named, when
    /// a setting is out of range.
    #[func(gd_self)]
    fn start_match(mut this: Gd<Self>, seed: i64) -> Result<(), Refused> {
        let (settings, mut board) = {
            let rules = this.bind();
            (rules.settings()?, rules.board_or("start_match")?)
        };
        board.bind_mut().start_game(settings, seed as u64)?;
        this.bind_mut().last_tally.clear();
        let (number, breaker, toss) = {
            let board = board.bind();
            let start = board.game().map(|g| (g.rules().board(), g.rules().toss()));
            start.map(|(b, toss)| (b.number, b.breaker, toss)).ok_or("the match did not start")?
        };
        this.signals().board_started().emit(i64::from(number), announce::seat_number(breaker));
        match toss {
            Some(winner) => this.signals().toss_won().emit(announce::seat_number(winner)),
            None => this.signals().turn_started().emit(announce::seat_number(breaker)),
        }
        Ok(())
    }

    /// Declares a foul the board cannot see, by the seat to play: "F7" (touched a piece) or
    /// "F8" (broke a striking rule).
    #[func(gd_self)]
    fn declare_foul(this: Gd<Self>, seat: i64, foul: GString) -> Result<(), Refused> {
        let seat = convert::seat(seat)?;
        let foul = Foul::from_clause(&foul.to_string()).map_err(GameError::from)?;
        let mut board = this.bind().board_or("declare_foul")?;
        let ruled = board.bind_mut().rule(|turn| turn.declare_foul(seat, foul));
        ruled
    }

    /// The seat to play let its time run out (an online turn timer): its turn passes without
    /// a strike, and a third time in a row forfeits the match. Refused out of turn or while
    /// pieces move.
    #[func(gd_self)]
    fn pass_turn(this: Gd<Self>, seat: i64) -> Result<(), Refused> {
        let seat = convert::seat(seat)?;
        let mut board = this.bind().board_or("pass_turn")?;
        let ruled = board.bind_mut().rule(|turn| turn.pass(seat));
        ruled
    }

    /// The whole match — table, rules, settings and the replay so far — as one versioned
    /// document, for `load_match`. Empty, with an error, before a match.
    #[func]
    fn save_match(&self) -> GString {
        GString::from(value_or_default(self.save_match_text()).as_str())
    }

    /// Loads a match saved by `save_match`, its table onto the board. A document of another
    /// version, or damaged, is refused and nothing changes.
    #[func(gd_self)]
    fn load_match(this: Gd<Self>, text: GString) -> Result<(), Refused> {
        let game = Game::from_json(&text.to_string())?;
        CarromRules::take_match(this, game)
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

    #[func]
    fn set_board(&mut self, board: Option<Gd<CarromBoard>>) {
        self.stop_listening();
        self.board = board;
        if self.base().is_inside_tree() && !Engine::singleton().is_editor_hint() {
            self.listen();
        }
    }
}

/// The Rust side of the rules node, for the computer and the online layer.
impl CarromRules {
    /// The board this node referees, if it is still there.
    pub(crate) fn board_node(&self) -> Option<Gd<CarromBoard>> {
        alive(&self.board)
    }

    /// Reads the match played on the board, if there is one.
    pub(crate) fn with_game<R>(&self, read: impl FnOnce(&Game) -> R) -> Option<R> {
        let board = alive(&self.board)?;
        let board = board.bind();
        let read = board.game().map(read);
        read
    }

    /// Reads the rules' state of the match played on the board, if there is one.
    pub(crate) fn with_rules<R>(&self, read: impl FnOnce(&Match) -> R) -> Option<R> {
        self.with_game(|game| read(game.rules()))
    }

    /// The match as its save document, or why not.
    pub(crate) fn save_match_text(&self) -> Result<String, Refused> {
        let text = self.with_game(|game| game.to_json().map_err(Refused::from));
        text.unwrap_or_else(|| Err("no match to save: call start_match or load_match first".into()))
    }

    /// Makes `game` (loaded, replayed, or the online host's) the match played on the board,
    /// and its settings this node's exported properties.
    pub(crate) fn take_match(mut this: Gd<Self>, game: Game) -> Result<(), Refused> {
        let mut board = this.bind().board_or("load_match")?;
        let settings = game.rules().settings().clone();
        board.bind_mut().take_game(game);
        let mut rules = this.bind_mut();
        rules.mode = settings.mode.into();
        rules.ruleset = Some(CarromRuleset::from_core(&settings.rules));
        rules.target_points = settings.rules.target_points.into();
        rules.max_boards = settings.rules.max_boards.into();
        rules.time_limit_seconds = settings.time_limit_seconds.unwrap_or(0.0);
        rules.last_tally.clear();
        Ok(())
    }

    /// The board, or why `call` cannot be made without one.
    fn board_or(&self, call: &str) -> Result<Gd<CarromBoard>, Refused> {
        alive(&self.board).ok_or_else(|| format!("CarromRules.board must be set before {call}").into())
    }

    /// Hears the board's `ruled`, to announce each verdict.
    fn listen(&mut self) {
        if self.listening.is_some() {
            return;
        }
        if let Some(board) = alive(&self.board) {
            self.listening =
                Some(board.signals().ruled().connect_other(&self.to_gd(), CarromRules::on_board_ruled));
        }
    }

    fn stop_listening(&mut self) {
        crate::alive::disconnect(self.listening.take());
    }

    /// The board ruled: its verdict, announced.
    fn on_board_ruled(&mut self) {
        let verdict = alive(&self.board).map(|b| b.bind().last_verdict().clone());
        let Some(verdict) = verdict else { return };
        self.announce(&verdict);
        // Owed by this verdict's returns: a clock tick while pieces wait owes nothing new.
        let owed = self.with_rules(|m| m.placing().cloned()).flatten();
        if let Some(placing) = owed.filter(|_| !verdict.returns().is_empty()) {
            let kinds: PackedInt32Array = placing.pieces.iter().map(|k| Kind::from(*k) as i32).collect();
            self.signals().placement_owed().emit(announce::seat_number(placing.by), &kinds);
        }
    }

    /// The settings of the match under way, or of the one `start_match` would start.
    fn match_settings(&self) -> Option<MatchSettings> {
        self.with_rules(|m| m.settings().clone()).or_else(|| self.settings().ok())
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
        let settings = if self.skip_toss {
            MatchSettings { rules: Ruleset { toss: false, ..settings.rules }, ..settings }
        } else {
            settings
        };
        settings.validate().map_err(GameError::from)?;
        Ok(settings)
    }
}
