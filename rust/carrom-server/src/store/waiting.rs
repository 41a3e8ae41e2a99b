//! The fleet's one quick-match queue in the database: each node writes its own waiting players,
//! the matchmaker reads the whole fleet's and marks each placed player's row with the match,
//! and the player's node forgets the row once it has told them.

use super::{Store, StoreError};
use sqlx::Row;

/// A player in the fleet's queue.
#[derive(Clone, Debug, PartialEq)]
pub struct Queued {
    /// The player's public id.
    pub player: String,
    /// The name they gave.
    pub name: String,
    /// `singles`, `doubles` or `points`.
    pub mode: String,
    /// The ruleset preset.
    pub rules: String,
    /// The rating on the mode's ladder.
    pub rating: f64,
    /// Since when, milliseconds since 1970.
    pub since_ms: i64,
    /// The node the player waits on.
    pub node: String,
    /// The address the player connects from: two of one address are paired unrated.
    pub address: String,
    /// The party the player queues with, if any.
    pub party: Option<String>,
}

impl Store {
    /// Puts `queued` in the fleet's queue (again, if there already).
    pub async fn enqueue(&self, queued: &Queued) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO waiting (player, name, mode, rules, rating, since_ms, node, address, party) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (player) DO UPDATE SET name = excluded.name, mode = excluded.mode, rules = excluded.rules, \
             rating = excluded.rating, since_ms = excluded.since_ms, node = excluded.node, address = excluded.address, \
             party = excluded.party, match_id = NULL",
        )
        .bind(&queued.player)
        .bind(&queued.name)
        .bind(&queued.mode)
        .bind(&queued.rules)
        .bind(queued.rating)
        .bind(queued.since_ms)
        .bind(&queued.node)
        .bind(&queued.address)
        .bind(&queued.party)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Takes `player` out of the fleet's queue.
    pub async fn dequeue(&self, player: &str) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM waiting WHERE player = $1").bind(player).execute(&self.pool).await?;
        Ok(())
    }

    /// Forgets the queue's players who waited on nodes now gone (their links went with them;
    /// coming back, they ask again).
    pub async fn forget_gone_waiters(&self) -> Result<(), StoreError> {
        let clock = self.clock;
        sqlx::query(&format!(
            "DELETE FROM waiting WHERE node NOT IN (SELECT id FROM nodes WHERE lease_until >= {clock})"
        ))
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Everyone in the fleet's queue who waits on a live node, longest waiting first.
    pub async fn queue(&self) -> Result<Vec<Queued>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT w.player AS player, w.name AS name, w.mode AS mode, w.rules AS rules, w.rating AS rating, \
             w.since_ms AS since_ms, w.node AS node, w.address AS address, w.party AS party FROM waiting w JOIN nodes n ON n.id = w.node \
             WHERE n.lease_until >= {} AND w.match_id IS NULL ORDER BY w.since_ms, w.player",
            self.clock
        ))
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok(Queued {
                    player: r.try_get("player")?,
                    name: r.try_get("name")?,
                    mode: r.try_get("mode")?,
                    rules: r.try_get("rules")?,
                    rating: r.try_get("rating")?,
                    since_ms: r.try_get("since_ms")?,
                    node: r.try_get("node")?,
                    address: r.try_get("address")?,
                    party: r.try_get("party")?,
                })
            })
            .collect()
    }

    /// The players waiting on `node` whom the matchmaker has placed, with their matches (each
    /// forgotten by `forget_placed` once told).
    pub async fn placed(&self, node: &str) -> Result<Vec<(String, String)>, StoreError> {
        let rows =
            sqlx::query("SELECT player, match_id FROM waiting WHERE node = $1 AND match_id IS NOT NULL")
                .bind(node)
                .fetch_all(&self.pool)
                .await?;
        rows.iter().map(|row| Ok((row.try_get("player")?, row.try_get("match_id")?))).collect()
    }

    /// Takes `player`, told of match `id`, out of the fleet's queue.
    pub async fn forget_placed(&self, player: &str, id: &str) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM waiting WHERE player = $1 AND match_id = $2")
            .bind(player)
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }
}
