//! What kind of match is played: the seating (`Mode`), the ruleset, and the match clock.

use super::error::RulesError;
use super::ruleset::{Ruleset, Scoring};
use serde::{Deserialize, Serialize};

/// The three games of the seeds (M1, M2, M3), and clearing the board alone (CB1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Mode {
    /// Two players opposite each other, white against black (M1).
    #[default]
    Singles,
    /// Four players, partners opposite each other sharing a colour (M2).
    Doubles,
    /// Three players, no colours: every piece scores for whoever pockets it (M3).
    Points,
    /// One player alone, every coin theirs, the turn never passing: clearing the board in as
    /// few strikes as can be (CB1–CB3). Not a game players meet in, so not in `ALL`.
    Solo,
}

impl Mode {
    /// Every mode players meet in: offered by menus, hosts and the match server. `Solo` is
    /// not among them.
    pub const ALL: [Mode; 3] = [Mode::Singles, Mode::Doubles, Mode::Points];

    /// The mode of a `name` among `ALL`, if there is one: a name from a command line or a
    /// peer never sets up a match of one.
    pub fn from_name(name: &str) -> Option<Mode> {
        Mode::ALL.into_iter().find(|m| m.name() == name)
    }

    /// A stable lowercase name, for saves and translation keys.
    pub fn name(self) -> &'static str {
        match self {
            Mode::Singles => "singles",
            Mode::Doubles => "doubles",
            Mode::Points => "points",
            Mode::Solo => "solo",
        }
    }
}

/// What a match is played with: who sits where, the ruleset, and an optional clock.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct MatchSettings {
    /// Who sits where: two players, two pairs, or three players.
    pub mode: Mode,
    /// The rules that are data: scoring, colours, the queen, the match's length. Written into
    /// the same level of a save as the mode, so saves from before rulesets read as classic.
    #[serde(flatten)]
    pub rules: Ruleset,
    /// An optional clock for the whole match, seconds (G1); `None` plays without one.
    pub time_limit_seconds: Option<f64>,
}

impl MatchSettings {
    /// The seeds' settings for `mode`.
    pub fn new(mode: Mode) -> Self {
        Self { mode, ..Self::default() }
    }

    /// Clearing the board alone (CB1–CB3): one board, scored by pieces as `rules` value them,
    /// which ends only when nothing is left on it (the ruleset's target and boards do not
    /// apply).
    pub fn solo(rules: Ruleset) -> Self {
        Self::with_rules(Mode::Solo, rules)
    }

    /// `mode` played under `rules`.
    pub fn with_rules(mode: Mode, rules: Ruleset) -> Self {
        Self { mode, rules, time_limit_seconds: None }
    }

    /// Refuses settings out of range, naming the setting and what it allows.
    pub fn validate(&self) -> Result<(), RulesError> {
        self.rules.validate()?;
        if let Some(t) = self.time_limit_seconds {
            if !(t.is_finite() && t > 0.0) {
                return Err(RulesError::BadSetting {
                    field: "time_limit_seconds",
                    allowed: "a positive number of seconds, or none",
                });
            }
        }
        Ok(())
    }

    /// Whether sides play colours: the ruleset says so and two sides play (three sides cannot
    /// share two colours, M3).
    pub fn colours(&self) -> bool {
        self.rules.colours && self.mode.side_count() == 2
    }

    /// How boards are scored: as the ruleset says with colours, by pieces without.
    pub fn scoring(&self) -> Scoring {
        if self.colours() {
            self.rules.scoring
        } else {
            Scoring::Pieces
        }
    }

    /// Whether pocketing an opponent's coin is a foul (F3, F5).
    pub fn colour_fouls(&self) -> bool {
        self.colours() && self.rules.colour_fouls
    }

    /// Whether returned pieces wait for an opponent to place them (X3): the ruleset asks for
    /// it, and there is an opponent (alone, CB1, they go back at once).
    pub fn opponent_places(&self) -> bool {
        self.rules.opponent_places && self.mode.side_count() > 1
    }

    /// Whether a pocketed queen must be covered (Q2).
    pub fn queen_cover(&self) -> bool {
        self.rules.queen && self.rules.queen_cover
    }
}
