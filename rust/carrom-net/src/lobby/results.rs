//! What the lobby says of ratings and of a match's end: a player's rating on a ladder, how a
//! recorded match ended, and what it did to each player's rating.

use serde::{Deserialize, Serialize};

/// A rating on one ladder.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rating {
    /// `singles`, `doubles` or `points`.
    pub ladder: String,
    /// The rating, on the singles scale (1500 to start).
    pub rating: i32,
    /// Rated matches finished on this ladder.
    pub games: u32,
}

/// How a recorded match ended (`won`, `drawn` or `abandoned` on the wire and in the database).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ending {
    /// A side won it.
    Won,
    /// It ended level.
    Drawn,
    /// A player left and did not come back before it was over.
    Abandoned,
}

impl Ending {
    /// Its name, as on the wire.
    pub fn as_str(self) -> &'static str {
        match self {
            Ending::Won => "won",
            Ending::Drawn => "drawn",
            Ending::Abandoned => "abandoned",
        }
    }
}

/// A player's rating before and after a match.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Change {
    /// The seat the player held.
    pub seat: u8,
    /// The player's name.
    pub name: String,
    /// Before.
    pub before: i32,
    /// After.
    pub after: i32,
}
