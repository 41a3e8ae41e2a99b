//! The daily challenge's board in the database: a player's best attempt at each day's
//! challenge, ranked by strikes; equal strikes share a place, listed by who did it first.

use super::{now_ms, Store, StoreError};
use serde::Serialize;
use sqlx::any::AnyRow;
use sqlx::Row;

/// A line of a day's board.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DailyRow {
    /// Its place: 1 for the fewest strikes; equal strikes share one.
    pub rank: u32,
    /// The player's public id.
    pub player: String,
    /// The name they last gave.
    pub name: String,
    /// Strikes used.
    pub strikes: u32,
    /// Stars earned (1–3).
    pub stars: u32,
}

/// Where a player stands on a day's board.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct DailyPlace {
    /// Their place.
    pub rank: u32,
    /// Players on the board that day.
    pub of: u32,
    /// Their best strikes.
    pub strikes: u32,
}

impl DailyRow {
    fn of(row: &AnyRow, rank: u32) -> Result<DailyRow, StoreError> {
        let count = |name: &str| -> Result<u32, StoreError> {
            Ok(u32::try_from(row.try_get::<i64, _>(name)?).unwrap_or(0))
        };
        Ok(DailyRow {
            rank,
            player: row.try_get("id")?,
            name: row.try_get("name")?,
            strikes: count("strikes")?,
            stars: count("stars")?,
        })
    }
}

impl Store {
    /// Keeps `player`'s attempt at `day`'s challenge if it is their first or takes fewer
    /// strikes than their best; returns whether it was kept.
    pub async fn keep_daily(
        &self,
        day: u32,
        player: &str,
        strikes: u8,
        stars: u8,
        entry: &str,
    ) -> Result<bool, StoreError> {
        let done = sqlx::query(
            "INSERT INTO daily_scores (day, player, strikes, stars, entry, at_ms) VALUES ($1, $2, $3, $4, $5, $6) \
             ON CONFLICT (day, player) DO UPDATE SET strikes = excluded.strikes, stars = excluded.stars, \
             entry = excluded.entry, at_ms = excluded.at_ms WHERE excluded.strikes < daily_scores.strikes",
        )
        .bind(i64::from(day))
        .bind(player)
        .bind(i64::from(strikes))
        .bind(i64::from(stars))
        .bind(entry)
        .bind(now_ms())
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Where `player` stands on `day`'s board, if they are on it.
    pub async fn daily_place(&self, day: u32, player: &str) -> Result<Option<DailyPlace>, StoreError> {
        let mine = sqlx::query("SELECT strikes FROM daily_scores WHERE day = $1 AND player = $2")
            .bind(i64::from(day))
            .bind(player)
            .fetch_optional(&self.pool)
            .await?;
        let Some(mine) = mine else { return Ok(None) };
        let strikes: i64 = mine.try_get("strikes")?;
        // Equal strikes share a place: nothing is gained by posting first.
        let row = sqlx::query(
            "SELECT COUNT(*) AS n, SUM(CASE WHEN strikes < $2 THEN 1 ELSE 0 END) AS ahead \
             FROM daily_scores WHERE day = $1",
        )
        .bind(i64::from(day))
        .bind(strikes)
        .fetch_one(&self.pool)
        .await?;
        let count = |name: &str| -> Result<u32, StoreError> {
            Ok(u32::try_from(row.try_get::<i64, _>(name)?).unwrap_or(0))
        };
        Ok(Some(DailyPlace {
            rank: count("ahead")? + 1,
            of: count("n")?,
            strikes: u32::try_from(strikes).unwrap_or(0),
        }))
    }

    /// The best `limit` of `day`'s board, and how many players are on it.
    pub async fn daily_board(&self, day: u32, limit: u32) -> Result<(Vec<DailyRow>, u32), StoreError> {
        let rows = sqlx::query(
            "SELECT p.id AS id, p.name AS name, d.strikes AS strikes, d.stars AS stars \
             FROM daily_scores d JOIN players p ON p.id = d.player \
             WHERE d.day = $1 ORDER BY d.strikes, d.at_ms, p.id LIMIT $2",
        )
        .bind(i64::from(day))
        .bind(i64::from(limit))
        .fetch_all(&self.pool)
        .await?;
        let mut board = rows.iter().map(|row| DailyRow::of(row, 0)).collect::<Result<Vec<_>, _>>()?;
        // Equal strikes share the place of the first of them (the rows come fewest first).
        for i in 0..board.len() {
            board[i].rank = match i.checked_sub(1).map(|before| &board[before]) {
                Some(before) if before.strikes == board[i].strikes => before.rank,
                _ => i as u32 + 1,
            };
        }
        let total = sqlx::query("SELECT COUNT(*) AS n FROM daily_scores WHERE day = $1")
            .bind(i64::from(day))
            .fetch_one(&self.pool)
            .await?;
        Ok((board, u32::try_from(total.try_get::<i64, _>("n")?).unwrap_or(0)))
    }
}
