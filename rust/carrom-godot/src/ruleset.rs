//! `CarromRuleset`: the rules of a game that are data, as a Resource, so that a modder adds a
//! mode by saving a `.tres` file (scoring values, colours, the queen and her cover, colour
//! fouls, target and boards, the ICF's laws one by one) and assigning it to
//! `CarromRules.ruleset`. The addon ships the four presets of carrom-core as
//! `addons/carrom/rulesets/*.tres`.

use crate::enums::Scoring;
use crate::refusal::Refused;
use carrom_core::game::GameError;
use carrom_core::rules::Ruleset;
use godot::classes::Resource;
use godot::prelude::*;

/// The rules a `CarromRules` plays by. Every value is checked when a match starts: a ruleset
/// no match can be played under (board scoring without colours, no coin worth a point, a value
/// out of range) is refused with an error naming the field and what it allows.
#[derive(GodotClass)]
#[class(init, tool, base=Resource)]
pub struct CarromRuleset {
    /// A stable name of lowercase letters, digits and underscores ("classic", "freestyle",
    /// "disc_pool", or your own): the game looks up the rules screen's text by it.
    #[export]
    #[init(val = GString::from("classic"))]
    id: GString,
    /// Two sides each play a colour (white or black). Three players never do.
    #[export]
    #[init(val = true)]
    colours: bool,
    /// The queen is on the board.
    #[export]
    #[init(val = true)]
    queen: bool,
    /// A pocketed queen must be covered by the side's next pocketed coin.
    #[export]
    #[init(val = true)]
    queen_cover: bool,
    /// Pocketing an opponent's coin is a foul; without, the coin counts for its owner.
    #[export]
    #[init(val = true)]
    colour_fouls: bool,
    /// `SCORING_BOARD`: the board's winner takes the opponents' coins left plus
    /// `queen_bonus`. `SCORING_PIECES`: every piece counts its value, first to the target wins.
    #[export]
    scoring: Scoring,
    /// Points that win the match.
    #[export(range = (1.0, 1000.0))]
    #[init(val = Ruleset::classic().target_points.into())]
    target_points: i64,
    /// Boards after which the highest total wins.
    #[export(range = (1.0, 100.0))]
    #[init(val = Ruleset::classic().max_boards.into())]
    max_boards: i64,
    /// Board scoring: bonus for the board winner who also covered the queen.
    #[export(range = (0.0, 100.0))]
    #[init(val = Ruleset::classic().queen_bonus.into())]
    queen_bonus: i64,
    /// Attempts a player has to break the formation.
    #[export(range = (1.0, 10.0))]
    #[init(val = Ruleset::classic().break_attempts.into())]
    break_attempts: i64,
    /// Pieces scoring (and the three-player game): a white's value.
    #[export(range = (0.0, 100.0))]
    #[init(val = Ruleset::classic().white_points.into())]
    white_points: i64,
    /// Pieces scoring: a black's value.
    #[export(range = (0.0, 100.0))]
    #[init(val = Ruleset::classic().black_points.into())]
    black_points: i64,
    /// Pieces scoring: the queen's value once she is the side's.
    #[export(range = (0.0, 100.0))]
    #[init(val = Ruleset::classic().queen_points.into())]
    queen_points: i64,
    /// Board scoring: the queen's bonus counts only for a winner whose total before the board
    /// is below this (ICF: 22); 0 counts it always.
    #[export(range = (0.0, 1000.0))]
    queen_bonus_below: i64,
    /// A break attempt is the break once the striker touches any piece (ICF).
    #[export]
    break_by_touch: bool,
    /// Own coins pocketed with the striker go back with the penalty, and the player strikes
    /// again (ICF).
    #[export]
    striker_returns_pocketed: bool,
    /// Pocketing a last coin, one's own or the opponent's, while the queen is still to be won
    /// loses the board (ICF).
    #[export]
    last_coin_loses_board: bool,
    /// Games a match is played over, best of (1, 3, 5, 7 or 9).
    #[export(range = (1.0, 9.0, 2.0))]
    #[init(val = 1)]
    games: i64,
    /// A toss picks who chooses to break or to let the other side break (ICF). Played offline:
    /// online, chance picks the breaker.
    #[export]
    toss: bool,
    /// An opponent places the pieces that go back to the centre (RULES.md X3): they wait beside
    /// the board (`CarromRules.placement_owed`) until `place_returned`. Off, they go to the free
    /// spot nearest the centre at once (X1). On in every preset, online and offline alike.
    #[export]
    #[init(val = true)]
    opponent_places: bool,
    base: Base<Resource>,
}

#[godot_api]
impl CarromRuleset {
    /// How boards are scored (`scoring`).
    #[constant]
    const SCORING_BOARD: i64 = Scoring::Board as i64;
    #[constant]
    const SCORING_PIECES: i64 = Scoring::Pieces as i64;

    /// A new resource holding the preset `name` ("classic", "icf", "freestyle" or
    /// "disc_pool"), or null with an error naming the presets.
    #[func]
    fn preset(name: GString) -> Option<Gd<CarromRuleset>> {
        match Ruleset::preset(&name.to_string()) {
            Ok(rules) => Some(Self::from_core(&rules)),
            Err(e) => {
                Refused::from(GameError::from(e)).log();
                None
            }
        }
    }

    /// The range each number may take, as carrom-core checks it: {"target_points": [low,
    /// high], …}. The inspector's sliders span the same ranges.
    #[func]
    fn get_limits() -> VarDictionary {
        let whole = |r: std::ops::RangeInclusive<u32>| (f64::from(*r.start()), f64::from(*r.end()));
        let (target, boards, points) =
            (whole(Ruleset::TARGET_POINTS), whole(Ruleset::MAX_BOARDS), whole(Ruleset::PIECE_POINTS));
        let attempts = Ruleset::BREAK_ATTEMPTS;
        let mut ranges = vec![
            ("target_points", target.0, target.1),
            ("max_boards", boards.0, boards.1),
            ("break_attempts", f64::from(*attempts.start()), f64::from(*attempts.end())),
            ("queen_bonus_below", 0.0, target.1),
            ("games", 1.0, f64::from(Ruleset::GAMES[Ruleset::GAMES.len() - 1])),
        ];
        for name in ["queen_bonus", "white_points", "black_points", "queen_points"] {
            ranges.push((name, points.0, points.1));
        }
        crate::variant::limits(&ranges)
    }

    /// The presets' names, in the order a menu offers them.
    #[func]
    fn get_preset_names() -> PackedStringArray {
        Ruleset::PRESETS.iter().map(|name| GString::from(*name)).collect()
    }

    /// Why no match can be played under these rules, or "" when one can. Logs nothing.
    #[func]
    fn check(&self) -> GString {
        match self.to_core() {
            Ok(_) => GString::new(),
            Err(refused) => GString::from(refused.0.as_str()),
        }
    }
}

impl CarromRuleset {
    /// The rules in carrom-core's terms, checked.
    pub fn to_core(&self) -> Result<Ruleset, Refused> {
        let number = |field: &str, v: i64| {
            u32::try_from(v)
                .map_err(|_| Refused(format!("CarromRuleset.{field} must be 0 or more (got {v})")))
        };
        let rules = Ruleset {
            name: self.id.to_string(),
            colours: self.colours,
            queen: self.queen,
            queen_cover: self.queen_cover,
            colour_fouls: self.colour_fouls,
            scoring: self.scoring.into(),
            target_points: number("target_points", self.target_points)?,
            max_boards: number("max_boards", self.max_boards)?,
            queen_bonus: number("queen_bonus", self.queen_bonus)?,
            break_attempts: u8::try_from(self.break_attempts).map_err(|_| {
                Refused(format!("CarromRuleset.break_attempts must be 1 to 10 (got {})", self.break_attempts))
            })?,
            white_points: number("white_points", self.white_points)?,
            black_points: number("black_points", self.black_points)?,
            queen_points: number("queen_points", self.queen_points)?,
            queen_bonus_below: Some(number("queen_bonus_below", self.queen_bonus_below)?).filter(|b| *b > 0),
            break_by_touch: self.break_by_touch,
            striker_returns_pocketed: self.striker_returns_pocketed,
            last_coin_loses_board: self.last_coin_loses_board,
            games: number("games", self.games)?,
            toss: self.toss,
            opponent_places: self.opponent_places,
        };
        rules.validate().map_err(|e| Refused(format!("CarromRuleset \"{}\": {e}", self.id)))?;
        Ok(rules)
    }

    /// A new resource holding `rules`.
    pub fn from_core(rules: &Ruleset) -> Gd<CarromRuleset> {
        let mut gd = CarromRuleset::new_gd();
        {
            let mut r = gd.bind_mut();
            r.id = GString::from(rules.name.as_str());
            r.colours = rules.colours;
            r.queen = rules.queen;
            r.queen_cover = rules.queen_cover;
            r.colour_fouls = rules.colour_fouls;
            r.scoring = rules.scoring.into();
            r.target_points = rules.target_points.into();
            r.max_boards = rules.max_boards.into();
            r.queen_bonus = rules.queen_bonus.into();
            r.break_attempts = rules.break_attempts.into();
            r.white_points = rules.white_points.into();
            r.black_points = rules.black_points.into();
            r.queen_points = rules.queen_points.into();
            r.queen_bonus_below = rules.queen_bonus_below.unwrap_or(0).into();
            r.break_by_touch = rules.break_by_touch;
            r.striker_returns_pocketed = rules.striker_returns_pocketed;
            r.last_coin_loses_board = rules.last_coin_loses_board;
            r.games = rules.games.into();
            r.toss = rules.toss;
            r.opponent_places = rules.opponent_places;
        }
        gd
    }
}
