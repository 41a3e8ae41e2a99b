//! What the server reads back from the database, row by row.

use super::StoreError;
use serde::Serialize;
use sqlx::any::AnyRow;
use sqlx::Row;

/// A running match as saved after its last settled shot.
#[derive(Clone, Debug, PartialEq)]
pub struct SavedMatch {
    /// Its id.
    pub id: String,
    /// Its room's code (every match has one, for watching).
    pub code: String,
    /// `singles`, `doubles` or `points`.
    pub mode: String,
    /// The ruleset preset.
    pub rules: String,
    /// Whether it changes ratings.
    pub rated: bool,
    /// Who sits where, as JSON (a list of `Seated`).
    pub seats: String,
    /// Turns numbered and settled.
    pub shots: u32,
    /// The match's save document.
    pub state: String,
}

impl SavedMatch {
    /// Who sits where, read from `seats`.
    pub fn seated(&self) -> Result<Vec<super::Seated>, serde_json::Error> {
        serde_json::from_str(&self.seats)
    }

    pub(super) fn of(row: &AnyRow) -> Result<SavedMatch, StoreError> {
        Ok(SavedMatch {
            id: row.try_get("id")?,
            code: row.try_get("code")?,
            mode: row.try_get("mode")?,
            rules: row.try_get("rules")?,
            rated: row.try_get::<i64, _>("rated")? != 0,
            seats: row.try_get("seats")?,
            shots: u32::try_from(row.try_get::<i64, _>("shots")?).unwrap_or(0),
            state: row.try_get("state")?,
        })
    }
}

/// A line of a leaderboard.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LeaderRow {
    /// The player's public id.
    pub player: String,
    /// The name they last gave.
    pub name: String,
    /// Their rating, rounded.
    pub rating: i32,
    /// Rated matches they finished on the ladder.
    pub games: u32,
}

impl LeaderRow {
    pub(super) fn of(row: &AnyRow) -> Result<LeaderRow, StoreError> {
        Ok(LeaderRow {
            player: row.try_get("id")?,
            name: row.try_get("name")?,
            rating: row.try_get::<f64, _>("rating")?.round() as i32,
            games: u32::try_from(row.try_get::<i64, _>("games")?).unwrap_or(0),
        })
    }
}

/// One rated match in a player's history.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct HistoryRow {
    /// The match.
    pub id: String,
    /// Its ladder.
    pub ladder: String,
    /// The rating before it, rounded.
    pub before: i32,
    /// And after.
    pub after: i32,
    /// When it was recorded, seconds since 1970.
    pub at: i64,
}

impl HistoryRow {
    pub(super) fn of(row: &AnyRow) -> Result<HistoryRow, StoreError> {
        Ok(HistoryRow {
            id: row.try_get("match_id")?,
            ladder: row.try_get("ladder")?,
            before: row.try_get::<f64, _>("rating_before")?.round() as i32,
            after: row.try_get::<f64, _>("rating_after")?.round() as i32,
            at: row.try_get("at")?,
        })
    }
}
