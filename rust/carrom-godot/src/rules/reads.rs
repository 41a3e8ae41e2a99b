//! What the rules node tells the game about the match played on its board: whose turn, sides
//! and colours, scores, dues, the queen, the last board's tally. Each reads the board's one
//! match; before a match, the settings `start_match` would play.

use super::announce::ints;
use super::CarromRules;
use crate::convert;
use crate::enums::{Kind, Mode, Queen};
use crate::fields;
use crate::refusal::value_or_default;
use crate::ruleset::CarromRuleset;
use crate::variant::dictionary;
use carrom_core::rules::{Match, Outcome, Ruleset, Scoring};
use carrom_core::Seat;
use godot::prelude::*;

#[godot_api(secondary)]
impl CarromRules {
    /// The seats that play `mode`, in turn order.
    #[func]
    fn seats_of_mode(mode: Mode) -> PackedInt32Array {
        carrom_core::rules::Mode::from(mode).seats().iter().map(|s| i32::from(u8::from(*s))).collect()
    }

    /// The modes' names ("singles", "doubles", "points"), as a command line or a beacon says them,
    /// in the order of the `MODE_*` values (so `get_mode_names()[MODE_DOUBLES]` is "doubles").
    #[func]
    fn get_mode_names() -> PackedStringArray {
        carrom_core::rules::Mode::ALL.iter().map(|m| GString::from(m.name())).collect()
    }

    /// The mode named `name` (a `MODE_*`), or -1 for a name that is none of `get_mode_names()`.
    #[func]
    fn mode_named(name: GString) -> i64 {
        carrom_core::rules::Mode::from_name(&name.to_string()).map_or(-1, |m| Mode::from(m) as i64)
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
        let rules = match self.with_rules(|m| m.settings().rules.clone()) {
            Some(rules) => Ok(rules),
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
        convert::or_minus_one(self.with_rules(Match::to_play).flatten().map(u8::from))
    }

    /// The seats in play, in turn order (of the exported `mode` before a match).
    #[func]
    fn get_seats(&self) -> PackedInt32Array {
        let mode = self.with_rules(|m| m.mode().into()).unwrap_or(self.mode);
        Self::seats_of_mode(mode)
    }

    /// The side (team, or player in the points game) `seat` plays for, or -1.
    #[func]
    fn get_side_of_seat(&self, seat: i64) -> i64 {
        let Ok(seat) = convert::seat(seat) else { return -1 };
        convert::or_minus_one(self.with_rules(|m| m.side_of(seat).map(|s| s.number())).flatten())
    }

    /// The seats of `side`, in turn order.
    #[func]
    fn get_seats_of_side(&self, side: i64) -> PackedInt32Array {
        let seats = self.with_rules(|rules| {
            let of_side = |seat: &&Seat| rules.side_of(**seat).is_some_and(|s| i64::from(s.number()) == side);
            rules.mode().seats().iter().filter(of_side).map(|s| i32::from(u8::from(*s))).collect()
        });
        seats.unwrap_or_default()
    }

    /// The colour `seat` plays on this board (`CarromBoard.KIND_WHITE` or `KIND_BLACK`), or -1
    /// in the points game.
    #[func]
    fn get_colour_of_seat(&self, seat: i64) -> i64 {
        let Ok(seat) = convert::seat(seat) else { return -1 };
        let colour = self.with_rules(|rules| rules.board().colour_of(rules.side_of(seat)?)).flatten();
        colour.map_or(-1, |c| Kind::from(c) as i64)
    }

    /// Match totals by side.
    #[func]
    fn get_scores(&self) -> PackedInt32Array {
        self.with_rules(|m| ints(m.scores())).unwrap_or_default()
    }

    /// Points each side would take from the board as it stands (the points game shows these
    /// as they grow).
    #[func]
    fn get_board_points(&self) -> PackedInt32Array {
        self.with_rules(|m| ints(&m.board_points_now(None))).unwrap_or_default()
    }

    /// The number of the board under way (1 for the first).
    #[func]
    fn get_board_number(&self) -> i64 {
        self.with_rules(|m| m.board().number.into()).unwrap_or(0)
    }

    /// Dues owed by each side.
    #[func]
    fn get_dues(&self) -> PackedInt32Array {
        self.with_rules(|m| ints(&m.board().dues)).unwrap_or_default()
    }

    /// Coins of each colour still on the board: {"white": n, "black": n, "queen": bool}.
    #[func]
    fn get_pieces_left(&self) -> VarDictionary {
        self.with_rules(|m| dictionary(fields::pieces_left_fields(m.board()))).unwrap_or_default()
    }

    /// Coins `side` has pocketed this board and keeps: {"white": n, "black": n}; empty for a
    /// side that does not exist.
    #[func]
    fn get_held_coins(&self, side: i64) -> VarDictionary {
        let held = self.with_rules(|m| m.board().held.get(usize::try_from(side).ok()?).copied()).flatten();
        held.map(|coins| dictionary(fields::coins_fields(coins))).unwrap_or_default()
    }

    /// How the last finished board's points were made, one dictionary per side: coins held
    /// ("white", "black"), "queen" (covered by this side), "coin_points", "queen_points" and
    /// "points". Empty before the first board ends; read it on `board_finished`.
    #[func]
    fn get_board_tally(&self) -> Array<VarDictionary> {
        crate::variant::dictionaries(&self.last_tally, fields::tally_fields)
    }

    /// Where the queen stands (`QUEEN_*`).
    #[func]
    fn get_queen_state(&self) -> Queen {
        self.with_rules(|m| m.board().queen.into()).unwrap_or(Queen::OnBoard)
    }

    /// The side the queen belongs to (awaiting its cover, too early, or covered), or -1.
    #[func]
    fn get_queen_side(&self) -> i64 {
        let side = self.with_rules(|m| {
            let queen = m.board().queen;
            queen.covered_by().or(queen.uncovered_with()).map(|s| s.number())
        });
        convert::or_minus_one(side.flatten())
    }

    /// Whether the formation still stands (the strike is a break attempt).
    #[func]
    fn is_breaking(&self) -> bool {
        self.with_rules(|m| !m.board().broken).unwrap_or(false)
    }

    /// Whether the match has ended.
    #[func]
    fn is_match_over(&self) -> bool {
        self.with_rules(Match::is_over).unwrap_or(false)
    }

    /// The winning side, or -1 while playing or for a draw.
    #[func]
    fn get_winner(&self) -> i64 {
        match self.with_rules(|m| m.outcome().cloned()).flatten() {
            Some(Outcome::Won(side)) => side.number().into(),
            _ => -1,
        }
    }
}
