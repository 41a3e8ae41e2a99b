//! Players who left a rated match before every side had struck: the match is not rated, so
//! leaving costs no rating, and instead the leaver waits a while before the next quick match.

use super::{now, Store, StoreError};
use sqlx::Row;

impl Store {
    /// Bars `players` from the quick-match queue for `seconds` from now (a longer bar already
    /// set stands).
    pub async fn bar_from_queue(&self, players: &[String], seconds: u32) -> Result<(), StoreError> {
        let until = now() + i64::from(seconds);
        for player in players {
            sqlx::query(
                "UPDATE players SET queue_barred_until = $1 WHERE id = $2 AND queue_barred_until < $1",
            )
            .bind(until)
            .bind(player)
            .execute(&self.pool)
            .await?;
        }
        Ok(())
    }

    /// Seconds `player` must still wait before a quick match: 0 for none.
    pub async fn queue_bar_left(&self, player: &str) -> Result<u32, StoreError> {
        let row = sqlx::query("SELECT queue_barred_until FROM players WHERE id = $1")
            .bind(player)
            .fetch_optional(&self.pool)
            .await?;
        let until: i64 = row.map(|r| r.try_get("queue_barred_until")).transpose()?.unwrap_or(0);
        Ok(u32::try_from((until - now()).max(0)).unwrap_or(u32::MAX))
    }
}
