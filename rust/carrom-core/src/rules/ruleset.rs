//! A ruleset: the rules of a game of carrom that are data — what pieces score, whether sides
//! play colours, whether the queen is on the board and needs a cover, whether pocketing an
//! opponent's coin is a foul, and how long a match lasts. The seeds' rules, Freestyle and
//! Disc Pool are three presets; a modder writes another (a `CarromRuleset` resource in Godot)
//! without touching Rust. Rules that are not data (the order a strike is judged in) stay in
//! `strike.rs`.

use super::error::RulesError;
use serde::{Deserialize, Serialize};

/// How a board's points are counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Scoring {
    /// The side that clears its colour takes the opponents' coins still on the board, plus
    /// `queen_bonus` if it covered the queen (P2, P3). Needs colours.
    #[default]
    Board,
    /// Every piece a side holds counts its value, and a side that reaches the target wins at
    /// once (M3, Freestyle).
    Pieces,
}

/// The data half of a game's rules (see RULES.md, "Rulesets").
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Ruleset {
    /// A stable name: "classic" (the seeds'), "freestyle", "disc_pool", or a modder's own.
    /// It keys the rules screen's text.
    #[serde(rename = "ruleset")]
    pub name: String,
    /// Whether two sides each play a colour (S1, F3–F5). Three sides never do (M3).
    pub colours: bool,
    /// Whether the queen is on the board (S2, Q1–Q4).
    pub queen: bool,
    /// Whether a pocketed queen must be covered (Q2–Q4); without, she is the side's the moment
    /// she drops in a strike without a foul.
    pub queen_cover: bool,
    /// Whether pocketing an opponent's coin is a foul (F3, F5); without, it counts for its
    /// owner (their last coin goes back to the centre).
    pub colour_fouls: bool,
    /// How a board is scored.
    pub scoring: Scoring,
    /// Total at which a side wins the match (G1, G3).
    pub target_points: u32,
    /// Boards after which the highest total wins (G4).
    pub max_boards: u32,
    /// Board scoring: points for the board winner who also covered the queen (P3).
    pub queen_bonus: u32,
    /// Attempts a player has to break the formation (S4, F6).
    pub break_attempts: u8,
    /// Pieces scoring: what a black is worth (M3).
    pub black_points: u32,
    /// Pieces scoring: what a white is worth.
    pub white_points: u32,
    /// Pieces scoring: what the queen is worth once she is the side's.
    pub queen_points: u32,
    /// Board scoring: the queen's bonus counts only for a board winner whose total before the
    /// board is below this (the ICF's 22); `None` counts it always (P3).
    pub queen_bonus_below: Option<u32>,
    /// Whether a break attempt counts once the striker touches any piece (ICF); without, a
    /// piece must drop or leave the outer circle (S4).
    pub break_by_touch: bool,
    /// Whether the side's own coins pocketed with the striker go back with the penalty piece
    /// and the player strikes again (ICF); without, they stay down and the turn ends (F1).
    pub striker_returns_pocketed: bool,
    /// Whether pocketing a last coin, the side's own or the opponent's, while the queen is still
    /// to be won loses the board (ICF): the opponent takes it with the queen's points and the
    /// fouler's coins left. Without, the coin goes back with a penalty (F4, F5).
    pub last_coin_loses_board: bool,
    /// Games a match is played over, best of: the first side to win more than half of them
    /// wins the match. One game makes the match the game.
    pub games: u32,
    /// Whether a toss picks who chooses to break or to let the other side break (ICF);
    /// without, chance picks the breaker (S1).
    pub toss: bool,
    /// Whether an opponent places the pieces that go back to the centre (X3); without, they go
    /// to the free spot nearest the centre at once (X1). Every preset plays with it, online and
    /// offline alike; a save or replay from before the setting reads as without (its strikes
    /// were played so).
    #[serde(default)]
    pub opponent_places: bool,
}

impl Default for Ruleset {
    fn default() -> Self {
        Ruleset::classic()
    }
}

impl Ruleset {
    /// The names of the presets, in the order a menu offers them.
    pub const PRESETS: [&'static str; 4] = ["classic", "icf", "freestyle", "disc_pool"];
    /// The points a match may be played to.
    pub const TARGET_POINTS: std::ops::RangeInclusive<u32> = 1..=1000;
    /// The boards a match may last at most.
    pub const MAX_BOARDS: std::ops::RangeInclusive<u32> = 1..=100;
    /// What one piece, or the queen's bonus, may be worth.
    pub const PIECE_POINTS: std::ops::RangeInclusive<u32> = 0..=100;
    /// Attempts a player may have to break the formation.
    pub const BREAK_ATTEMPTS: std::ops::RangeInclusive<u8> = 1..=10;
    /// Games a match may be played over: an odd number, so that one side wins more than half.
    pub const GAMES: [u32; 5] = [1, 3, 5, 7, 9];
    /// A ruleset's name is at most this long.
    pub const NAME_CHARS: usize = 32;

    /// The seeds' rules: singles and doubles with colours and the covered queen, scored by the
    /// board (P2, P3); with three players, the points game (M3).
    pub fn classic() -> Ruleset {
        Ruleset {
            name: "classic".into(),
            colours: true,
            queen: true,
            queen_cover: true,
            colour_fouls: true,
            scoring: Scoring::Board,
            target_points: 25,
            max_boards: 8,
            queen_bonus: 5,
            break_attempts: 3,
            black_points: 1,
            white_points: 2,
            queen_points: 5,
            queen_bonus_below: None,
            break_by_touch: false,
            striker_returns_pocketed: false,
            last_coin_loses_board: false,
            games: 1,
            toss: false,
            opponent_places: true,
        }
    }

    /// The International Carrom Federation's laws where they differ from the seeds' (RULES.md,
    /// IC1–IC6): the queen worth 3 while the winner is below 22, a break made by a touch, own
    /// coins pocketed with the striker back with the penalty and the turn going on, a last coin
    /// before the queen losing the board, a match the best of three games of 25 points or 8
    /// boards each, and a toss.
    pub fn icf() -> Ruleset {
        Ruleset {
            name: "icf".into(),
            queen_bonus: 3,
            queen_bonus_below: Some(22),
            break_by_touch: true,
            striker_returns_pocketed: true,
            last_coin_loses_board: true,
            games: 3,
            toss: true,
            ..Ruleset::classic()
        }
    }

    /// Freestyle: every piece is anyone's; a white scores 20, a black 10, the covered queen 50;
    /// the first to 160 wins.
    pub fn freestyle() -> Ruleset {
        Ruleset {
            name: "freestyle".into(),
            colours: false,
            colour_fouls: false,
            scoring: Scoring::Pieces,
            target_points: 160,
            black_points: 10,
            white_points: 20,
            queen_points: 50,
            ..Ruleset::classic()
        }
    }

    /// Disc Pool: each side pockets its own colour and the first to clear it wins the board;
    /// no queen on the board.
    pub fn disc_pool() -> Ruleset {
        Ruleset { name: "disc_pool".into(), queen: false, queen_bonus: 0, ..Ruleset::classic() }
    }

    /// The preset called `name`.
    pub fn preset(name: &str) -> Result<Ruleset, RulesError> {
        match name {
            "classic" => Ok(Ruleset::classic()),
            "icf" => Ok(Ruleset::icf()),
            "freestyle" => Ok(Ruleset::freestyle()),
            "disc_pool" => Ok(Ruleset::disc_pool()),
            _ => Err(RulesError::NoSuchRuleset(name.chars().take(Self::NAME_CHARS + 1).collect())),
        }
    }

    /// Refuses a ruleset no match can be played under, naming the field and what it allows.
    pub fn validate(&self) -> Result<(), RulesError> {
        let bad = |field: &'static str, allowed: &'static str| Err(RulesError::BadSetting { field, allowed });
        let name_ok = !self.name.is_empty()
            && self.name.len() <= Self::NAME_CHARS
            && self.name.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_');
        if !name_ok {
            return bad("ruleset", "a name of 1 to 32 lowercase letters, digits or underscores");
        }
        if !Self::TARGET_POINTS.contains(&self.target_points) {
            return bad("target_points", "1 to 1000");
        }
        if !Self::MAX_BOARDS.contains(&self.max_boards) {
            return bad("max_boards", "1 to 100");
        }
        if !Self::GAMES.contains(&self.games) {
            return bad("games", "1, 3, 5, 7 or 9 (a match is the best of an odd number of games)");
        }
        if self.queen_bonus_below.is_some_and(|b| !Self::TARGET_POINTS.contains(&b)) {
            return bad("queen_bonus_below", "1 to 1000, or none to count the queen always");
        }
        if !Self::BREAK_ATTEMPTS.contains(&self.break_attempts) {
            return bad("break_attempts", "1 to 10");
        }
        for (field, value) in [
            ("queen_bonus", self.queen_bonus),
            ("black_points", self.black_points),
            ("white_points", self.white_points),
            ("queen_points", self.queen_points),
        ] {
            if !Self::PIECE_POINTS.contains(&value) {
                return bad(field, "0 to 100");
            }
        }
        if self.scoring == Scoring::Board && !self.colours {
            return bad(
                "scoring",
                "pieces when colours is off (board scoring counts the opponents' coins left)",
            );
        }
        if self.black_points == 0 && self.white_points == 0 {
            return bad(
                "white_points",
                "1 or more for white or black: with neither worth a point, no side can score",
            );
        }
        Ok(())
    }
}
