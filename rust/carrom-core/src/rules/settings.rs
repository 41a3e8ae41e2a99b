//! What kind of match is played and by what numbers: the seed values are the defaults
//! (25 points, 8 boards, queen 5, points game black 1 / white 2 / queen 5).

use super::error::RulesError;
use serde::{Deserialize, Serialize};

/// The three games of the seeds (M1, M2, M3).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Mode {
    /// Two players opposite each other, white against black (M1).
    #[default]
    Singles,
    /// Four players, partners opposite each other sharing a colour (M2).
    Doubles,
    /// Three players, no colours: every piece scores for whoever pockets it (M3).
    Points,
}

impl Mode {
    /// A stable lowercase name, for saves and translation keys.
    pub fn name(self) -> &'static str {
        match self {
            Mode::Singles => "singles",
            Mode::Doubles => "doubles",
            Mode::Points => "points",
        }
    }
}

/// What a match is played to and with.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct MatchSettings {
    /// The game.
    pub mode: Mode,
    /// Total at which a side wins the match (G1, G3).
    pub target_points: u32,
    /// Boards after which the highest total wins (G4).
    pub max_boards: u32,
    /// Points for the board winner who also covered the queen (P3).
    pub queen_bonus: u32,
    /// Attempts a player has to break the formation (S4, F6).
    pub break_attempts: u8,
    /// Points game: what a black is worth (M3).
    pub black_points: u32,
    /// Points game: what a white is worth.
    pub white_points: u32,
    /// Points game: what the covered queen is worth.
    pub queen_points: u32,
    /// An optional clock for the whole match, seconds (G1); `None` plays without one.
    pub time_limit_seconds: Option<f64>,
}

impl Default for MatchSettings {
    fn default() -> Self {
        Self {
            mode: Mode::Singles,
            target_points: 25,
            max_boards: 8,
            queen_bonus: 5,
            break_attempts: 3,
            black_points: 1,
            white_points: 2,
            queen_points: 5,
            time_limit_seconds: None,
        }
    }
}

impl MatchSettings {
    /// The points a match may be played to.
    pub const TARGET_POINTS: std::ops::RangeInclusive<u32> = 1..=1000;
    /// The boards a match may last at most.
    pub const MAX_BOARDS: std::ops::RangeInclusive<u32> = 1..=100;

    /// The seeds' settings for `mode`.
    pub fn new(mode: Mode) -> Self {
        Self { mode, ..Self::default() }
    }

    /// Refuses settings out of range, naming the setting and what it allows.
    pub fn validate(&self) -> Result<(), RulesError> {
        let bad = |field: &'static str, allowed: &'static str| Err(RulesError::BadSetting { field, allowed });
        if !Self::TARGET_POINTS.contains(&self.target_points) {
            return bad("target_points", "1 to 1000");
        }
        if !Self::MAX_BOARDS.contains(&self.max_boards) {
            return bad("max_boards", "1 to 100");
        }
        if !(1..=10).contains(&self.break_attempts) {
            return bad("break_attempts", "1 to 10");
        }
        for (field, value) in [
            ("queen_bonus", self.queen_bonus),
            ("black_points", self.black_points),
            ("white_points", self.white_points),
            ("queen_points", self.queen_points),
        ] {
            if value > 100 {
                return bad(field, "0 to 100");
            }
        }
        if let Some(t) = self.time_limit_seconds {
            if !(t.is_finite() && t > 0.0) {
                return bad("time_limit_seconds", "a positive number of seconds, or none");
            }
        }
        Ok(())
    }
}
