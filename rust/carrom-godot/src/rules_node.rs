//! `CarromRules`: the referee of carrom-core as a Godot node. It watches its `CarromBoard`,
//! judges every shot, tells the board which pieces to put back, and announces the verdict as
//! signals in the order the rules decided it.

use crate::board::CarromBoard;
use crate::convert;
use carrom_core::rules::{Match, MatchSettings, Outcome, QueenState, RuleEvent, ShotSummary, Verdict};
use carrom_core::{PieceKind, Seat};
use godot::classes::{Engine, INode, Node};
use godot::prelude::*;

/// Referees a carrom match on the `CarromBoard` at `board`: singles, doubles or the
/// three-player points game, with every rule of RULES.md. Call `start_match(seed)`, then let
/// players place and strike on the board: the board refuses the wrong seat, and after every
/// shot this node emits what the rules decided.
#[derive(GodotClass)]
#[class(base=Node)]
pub struct CarromRules {
    /// 0 singles (2 players), 1 doubles (4 players in teams), 2 points game (3 players).
    #[export(enum = (Singles = 0, Doubles = 1, Points = 2))]
    mode: i64,
    /// Points that win the match.
    #[export(range = (1.0, 500.0))]
    target_points: i64,
    /// Boards after which the highest total wins.
    #[export(range = (1.0, 50.0))]
    max_boards: i64,
    /// Bonus for the board winner who also covered the queen.
    #[export(range = (0.0, 50.0))]
    queen_bonus: i64,
    /// A clock for the whole match in seconds; 0 plays without one.
    #[export(range = (0.0, 36000.0, or_greater))]
    time_limit_seconds: f64,
    /// The board this node referees.
    #[export(node_path = ("CarromBoard"))]
    board: NodePath,

    game: Option<Match>,
    board_node: Option<Gd<CarromBoard>>,
    base: Base<Node>,
}

#[godot_api]
impl INode for CarromRules {
    fn init(base: Base<Node>) -> Self {
        let defaults = MatchSettings::default();
        Self {
            mode: 0,
            target_points: defaults.target_points.into(),
            max_boards: defaults.max_boards.into(),
            queen_bonus: defaults.queen_bonus.into(),
            time_limit_seconds: 0.0,
            board: NodePath::default(),
            game: None,
            board_node: None,
            base,
        }
    }

    fn ready(&mut self) {
        if Engine::singleton().is_editor_hint() {
            return;
        }
        let path = self.board.clone();
        let Some(mut board) =
            self.base().get_node_or_null(&path).and_then(|n| n.try_cast::<CarromBoard>().ok())
        else {
            godot_error!("CarromRules.board must point to a CarromBoard (got \"{path}\")");
            return;
        };
        board.bind_mut().set_referee(Some(self.to_gd()));
        board.signals().shot_finished().connect_other(&self.to_gd(), Self::on_shot_finished);
        self.board_node = Some(board);
    }

    fn process(&mut self, delta: f64) {
        if self.time_limit_seconds <= 0.0 || Engine::singleton().is_editor_hint() {
            return;
        }
        let Some(game) = self.game.as_mut() else { return };
        if let Ok(verdict) = game.add_time(delta) {
            self.announce(&verdict);
        }
    }

    fn exit_tree(&mut self) {
        if let Some(board) = &mut self.board_node {
            if board.is_instance_valid() {
                board.bind_mut().set_referee(None);
            }
        }
    }
}

#[godot_api]
impl CarromRules {
    /// `seat` is to strike now.
    #[signal]
    fn turn_started(seat: i64);
    /// A break attempt left the formation whole; the same seat tries again.
    #[signal]
    fn break_failed(seat: i64, attempts_left: i64);
    /// A foul: `foul` is its clause ("F1"–"F8"), `penalty` the piece given back ("white",
    /// "black"), "due" when the player had nothing to give, or "shared" when another foul of
    /// the same strike already carries the penalty.
    #[signal]
    fn foul_committed(seat: i64, foul: GString, penalty: GString);
    #[signal]
    fn queen_pocketed(seat: i64);
    #[signal]
    fn queen_covered(seat: i64);
    /// The queen went back to the centre: `reason` is "queen_too_early", "queen_not_covered"
    /// or "queen_by_foul".
    #[signal]
    fn queen_returned(reason: GString);
    /// A piece went back to the centre; `reason` is a stable key ("penalty", "due",
    /// "opponent_piece", "last_piece", "off_board", or a queen reason).
    #[signal]
    fn piece_returned(kind: GString, reason: GString);
    /// The match clock ran out: the board under way is the last.
    #[signal]
    fn time_up();
    /// A board ended: `winner` side (-1 for none), each side's points from it, the totals.
    #[signal]
    fn board_finished(winner: i64, points: PackedInt32Array, scores: PackedInt32Array);
    /// A board began: its number and the seat that breaks (and plays white).
    #[signal]
    fn board_started(number: i64, breaker: i64);
    /// The match ended: the winning side (-1 for a draw) and the totals.
    #[signal]
    fn match_finished(winner: i64, scores: PackedInt32Array);

    /// Starts a new match with the exported settings; `seed` picks who starts (S1). Resets
    /// the board. Returns false, with an error, if a setting is out of range.
    #[func]
    fn start_match(&mut self, seed: i64) -> bool {
        let settings = match self.settings() {
            Ok(s) => s,
            Err(e) => {
                godot_error!("CarromRules.start_match: {e}");
                return false;
            }
        };
        let game = match Match::new(settings, seed as u64) {
            Ok(g) => g,
            Err(e) => {
                godot_error!("CarromRules.start_match: {e}");
                return false;
            }
        };
        let breaker = game.board().breaker;
        self.game = Some(game);
        if let Some(board) = &mut self.board_node {
            board.bind_mut().reset_for_match();
        }
        self.signals().board_started().emit(1, i64::from(u8::from(breaker)));
        self.signals().turn_started().emit(i64::from(u8::from(breaker)));
        true
    }

    fn settings(&self) -> Result<MatchSettings, String> {
        let number =
            |name: &str, v: i64| u32::try_from(v).map_err(|_| format!("{name} must be 0 or more (got {v})"));
        let settings = MatchSettings {
            mode: convert::mode(self.mode)?,
            target_points: number("target_points", self.target_points)?,
            max_boards: number("max_boards", self.max_boards)?,
            queen_bonus: number("queen_bonus", self.queen_bonus)?,
            time_limit_seconds: (self.time_limit_seconds > 0.0).then_some(self.time_limit_seconds),
            ..MatchSettings::default()
        };
        settings.validate().map_err(|e| e.to_string())?;
        Ok(settings)
    }

    /// The seat to strike, or -1 before a match or once it is over.
    #[func]
    fn get_seat_to_play(&self) -> i64 {
        convert::or_minus_one(self.game.as_ref().and_then(Match::to_play).map(u8::from))
    }

    /// The seats in play, in turn order.
    #[func]
    fn get_seats(&self) -> PackedInt32Array {
        let mode = self.game.as_ref().map(Match::mode).or_else(|| convert::mode(self.mode).ok());
        mode.map(|m| m.seats().iter().map(|s| i32::from(u8::from(*s))).collect()).unwrap_or_default()
    }

    /// The side (team, or player in the points game) `seat` plays for, or -1.
    #[func]
    fn get_side_of_seat(&self, seat: i64) -> i64 {
        let Some(game) = &self.game else { return -1 };
        convert::or_minus_one(convert::seat(seat).ok().and_then(|s| game.side_of(s)).map(|s| s.0))
    }

    /// "white" or "black" for the colour `seat` plays on this board; "" in the points game.
    #[func]
    fn get_colour_of_seat(&self, seat: i64) -> GString {
        let colour = self.game.as_ref().and_then(|g| {
            let side = g.side_of(convert::seat(seat).ok()?)?;
            g.board().colour_of(side)
        });
        GString::from(colour.map_or("", PieceKind::name))
    }

    /// Match totals by side.
    #[func]
    fn get_scores(&self) -> PackedInt32Array {
        self.game.as_ref().map(|g| ints(g.scores())).unwrap_or_default()
    }

    /// Points each side would take from the board as it stands (the points game shows these
    /// as they grow).
    #[func]
    fn get_board_points(&self) -> PackedInt32Array {
        self.game.as_ref().map(|g| ints(&g.board_points_now(None))).unwrap_or_default()
    }

    /// The number of the board under way (1 for the first).
    #[func]
    fn get_board_number(&self) -> i64 {
        self.game.as_ref().map_or(0, |g| g.board().number.into())
    }

    /// Dues owed by each side.
    #[func]
    fn get_dues(&self) -> PackedInt32Array {
        self.game.as_ref().map(|g| g.board().dues.iter().map(|d| i32::from(*d)).collect()).unwrap_or_default()
    }

    /// Coins of each colour still on the board: {"white": n, "black": n, "queen": bool}.
    #[func]
    fn get_pieces_left(&self) -> VarDictionary {
        let mut d = VarDictionary::new();
        if let Some(g) = &self.game {
            d.set("white", i64::from(g.board().on_board.white));
            d.set("black", i64::from(g.board().on_board.black));
            d.set("queen", g.board().queen.on_board());
        }
        d
    }

    /// The queen: {"state": "on_board" | "awaiting_cover" | "too_early" | "covered", "side": n}.
    #[func]
    fn get_queen_state(&self) -> VarDictionary {
        let mut d = VarDictionary::new();
        let Some(g) = &self.game else { return d };
        let (state, side) = match g.board().queen {
            QueenState::OnBoard => ("on_board", -1),
            QueenState::AwaitingCover { side } => ("awaiting_cover", i64::from(side.0)),
            QueenState::TooEarly { side } => ("too_early", i64::from(side.0)),
            QueenState::Covered { side } => ("covered", i64::from(side.0)),
        };
        d.set("state", state);
        d.set("side", side);
        d
    }

    /// Whether the formation still stands (the strike is a break attempt).
    #[func]
    fn is_breaking(&self) -> bool {
        self.game.as_ref().is_some_and(|g| !g.board().broken)
    }

    #[func]
    fn is_match_over(&self) -> bool {
        self.game.as_ref().is_some_and(Match::is_over)
    }

    /// The winning side, or -1 while playing or for a draw.
    #[func]
    fn get_winner(&self) -> i64 {
        match self.game.as_ref().and_then(Match::outcome) {
            Some(Outcome::Won(side)) => side.0.into(),
            _ => -1,
        }
    }

    /// Declares a foul the board cannot see, by the seat to play: "F7" (touched a piece) or
    /// "F8" (broke a striking rule). Returns whether it was accepted.
    #[func]
    fn declare_foul(&mut self, seat: i64, foul: GString) -> bool {
        let result = (|| {
            let seat = convert::seat(seat)?;
            let foul = convert::foul(&foul.to_string())?;
            let game = self.game.as_mut().ok_or("no match under way: call start_match first")?;
            game.declare_foul(seat, foul).map_err(|e| e.to_string())
        })();
        match result {
            Ok(verdict) => {
                self.carry_out(&verdict);
                true
            }
            Err(e) => {
                godot_error!("CarromRules.declare_foul: {e}");
                false
            }
        }
    }

    /// The whole match state as JSON text, for `load_state`.
    #[func]
    fn save_state(&self) -> GString {
        GString::from(self.game.as_ref().map(Match::to_json).unwrap_or_default().as_str())
    }

    /// Restores a match saved by `save_state` (restore the board with its own `load_state`).
    #[func]
    fn load_state(&mut self, json: GString) -> bool {
        match Match::from_json(&json.to_string()) {
            Ok(game) => {
                self.mode = match game.mode() {
                    carrom_core::rules::Mode::Singles => 0,
                    carrom_core::rules::Mode::Doubles => 1,
                    carrom_core::rules::Mode::Points => 2,
                };
                self.game = Some(game);
                true
            }
            Err(e) => {
                godot_error!("CarromRules.load_state: {e}");
                false
            }
        }
    }

    /// The board finished a shot: judge it, then carry out and announce the verdict.
    fn on_shot_finished(&mut self, _report: VarDictionary) {
        let Some(board) = self.board_node.clone() else { return };
        let Some(game) = self.game.as_mut() else { return };
        if !game.is_striking() {
            return;
        }
        let Some(report) = board.bind().last_report() else { return };
        match game.resolve(&ShotSummary::from_report(&report)) {
            Ok(verdict) => self.carry_out(&verdict),
            Err(e) => godot_error!("CarromRules: the shot could not be judged: {e}"),
        }
    }

    fn carry_out(&mut self, verdict: &Verdict) {
        if let Some(board) = &mut self.board_node {
            let result = board.bind_mut().carry_out(verdict);
            if let Err(e) = result {
                godot_error!("CarromRules: the board could not carry out the verdict: {e}");
            }
        }
        self.announce(verdict);
    }

    /// Each rule event as its signal, in order.
    fn announce(&mut self, verdict: &Verdict) {
        let seat = |s: Seat| i64::from(u8::from(s));
        for event in &verdict.events {
            match event {
                RuleEvent::BreakFailed { seat: s, attempts_left } => {
                    self.signals().break_failed().emit(seat(*s), i64::from(*attempts_left))
                }
                RuleEvent::Foul { seat: s, foul, penalty } => self.signals().foul_committed().emit(
                    seat(*s),
                    &GString::from(foul.clause()),
                    &GString::from(convert::penalty_name(*penalty).as_str()),
                ),
                RuleEvent::PieceReturned { kind, reason } => {
                    let reason = GString::from(convert::return_reason_name(*reason));
                    if *kind == PieceKind::Queen {
                        self.signals().queen_returned().emit(&reason);
                    }
                    self.signals().piece_returned().emit(&GString::from(kind.name()), &reason);
                }
                RuleEvent::QueenPocketed { seat: s } => self.signals().queen_pocketed().emit(seat(*s)),
                RuleEvent::QueenCovered { seat: s } => self.signals().queen_covered().emit(seat(*s)),
                RuleEvent::TurnContinues { seat: s } => self.signals().turn_started().emit(seat(*s)),
                RuleEvent::TurnPasses { to, .. } => self.signals().turn_started().emit(seat(*to)),
                RuleEvent::TimeUp => self.signals().time_up().emit(),
                RuleEvent::BoardFinished { winner, points, scores, .. } => self
                    .signals()
                    .board_finished()
                    .emit(convert::or_minus_one(winner.map(|w| w.0)), &ints(points), &ints(scores)),
                RuleEvent::BoardStarted { number, breaker } => {
                    self.signals().board_started().emit(i64::from(*number), seat(*breaker));
                    self.signals().turn_started().emit(seat(*breaker));
                }
                RuleEvent::MatchFinished { winner, scores } => self
                    .signals()
                    .match_finished()
                    .emit(convert::or_minus_one(winner.map(|w| w.0)), &ints(scores)),
            }
        }
    }

    // --- For CarromBoard (Rust only) --------------------------------------------------------

    /// Whether `seat` may place and strike now. Without a match, anyone may (free play).
    pub(crate) fn check_may_strike(&self, seat: Seat) -> Result<(), String> {
        let Some(game) = &self.game else { return Ok(()) };
        if game.is_over() {
            return Err("the match is over".into());
        }
        game.check_seat(seat).map_err(|e| e.to_string())?;
        match game.to_play() {
            Some(expected) if expected != seat => {
                Err(format!("it is seat {}'s turn, not seat {}'s", u8::from(expected), u8::from(seat)))
            }
            _ if game.is_striking() => Err("a strike is already under way".into()),
            _ => Ok(()),
        }
    }

    /// A copy of the match for the computer's search.
    pub(crate) fn match_copy(&self) -> Option<Match> {
        self.game.clone()
    }

    pub(crate) fn strike_began(&mut self, seat: Seat) {
        if let Some(game) = &mut self.game {
            if let Err(e) = game.begin_strike(seat) {
                godot_error!("CarromRules: {e}");
            }
        }
    }
}

fn ints(values: &[u32]) -> PackedInt32Array {
    values.iter().map(|v| i32::try_from(*v).unwrap_or(i32::MAX)).collect()
}
