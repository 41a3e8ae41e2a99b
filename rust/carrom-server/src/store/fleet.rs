//! What nodes of a fleet share through the database: their leases, which node holds each match
//! and room, who plays in which match, and the one quick-match queue. Every hand-over is a
//! compare-and-set on the row's holder, so two nodes can never both take a match or a player.

use super::{SavedMatch, Store, StoreError};
use sqlx::Row;

/// How long a node's lease lasts without renewal, milliseconds: a node silent longer is taken
/// for dead and its matches are claimed.
pub const LEASE_MS: i64 = 5_000;

/// Who holds a lease or a match: a node's name and the epoch of the process running under it
/// (new each time a process starts).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fence {
    /// The node's name (`--node`).
    pub node: String,
    /// The process's epoch: random, taken at start.
    pub epoch: String,
}

/// What renewing a lease found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Renewal {
    /// The lease is this process's for `LEASE_MS` more.
    Held,
    /// Another process holds the name, its lease current for `left_ms` more.
    Clash {
        /// Its epoch.
        epoch: String,
        /// Milliseconds its lease has left, by the database's clock.
        left_ms: i64,
    },
}

/// A node as the fleet sees it.
#[derive(Clone, Debug, PartialEq)]
pub struct Node {
    /// Its id.
    pub id: String,
    /// Where clients reach it (`ws://…/ws` or `wss://…/ws`).
    pub url: String,
    /// Matches it runs.
    pub matches: i64,
    /// The most it runs.
    pub capacity: i64,
    /// The epoch of the process running under its name.
    pub epoch: String,
}

/// Where a running match is held.
#[derive(Clone, Debug, PartialEq)]
pub struct Holding {
    /// The match.
    pub id: String,
    /// The node holding it, if any.
    pub node: Option<String>,
    /// The epoch of the process that holds it.
    pub epoch: String,
    /// Whether that process's lease is current.
    pub alive: bool,
}

impl Store {
    /// Whether a match's holder (`m`, joined to its node `n`) lives, as an `alive` column: its
    /// node's lease is current by the database's clock, and held by the match's epoch.
    fn alive(&self) -> String {
        format!("CASE WHEN n.lease_until >= {} AND n.epoch = m.epoch THEN 1 ELSE 0 END AS alive", self.clock)
    }

    /// Renews the lease on `node`'s name for its process (its epoch; made on first call), with
    /// what it runs now — unless another process holds the name with a lease still current,
    /// which is said, and nothing is changed.
    pub async fn renew(&self, node: &Node) -> Result<Renewal, StoreError> {
        let clock = self.clock;
        let done = sqlx::query(&format!(
            "INSERT INTO nodes (id, url, lease_until, matches, capacity, epoch) \
             VALUES ($1, $2, {clock} + $3, $4, $5, $6) \
             ON CONFLICT (id) DO UPDATE SET url = excluded.url, lease_until = excluded.lease_until, \
             matches = excluded.matches, capacity = excluded.capacity, epoch = excluded.epoch \
             WHERE nodes.epoch = excluded.epoch OR nodes.lease_until < {clock}"
        ))
        .bind(&node.id)
        .bind(&node.url)
        .bind(LEASE_MS)
        .bind(node.matches)
        .bind(node.capacity)
        .bind(&node.epoch)
        .execute(&self.pool)
        .await?;
        if done.rows_affected() == 1 {
            return Ok(Renewal::Held);
        }
        let row =
            sqlx::query(&format!("SELECT epoch, lease_until - {clock} AS left_ms FROM nodes WHERE id = $1"))
                .bind(&node.id)
                .fetch_one(&self.pool)
                .await?;
        Ok(Renewal::Clash { epoch: row.try_get("epoch")?, left_ms: row.try_get("left_ms")? })
    }

    /// Gives up `holder`'s lease at once (a drained node): its matches are claimed by the others.
    pub async fn release(&self, holder: &Fence) -> Result<(), StoreError> {
        sqlx::query("UPDATE nodes SET lease_until = 0 WHERE id = $1 AND epoch = $2")
            .bind(&holder.node)
            .bind(&holder.epoch)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// The nodes whose lease is current, by id.
    pub async fn live_nodes(&self) -> Result<Vec<Node>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT id, url, matches, capacity, epoch FROM nodes WHERE lease_until >= {} ORDER BY id",
            self.clock
        ))
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok(Node {
                    id: r.try_get("id")?,
                    url: r.try_get("url")?,
                    matches: r.try_get("matches")?,
                    capacity: r.try_get("capacity")?,
                    epoch: r.try_get("epoch")?,
                })
            })
            .collect()
    }

    /// Where clients reach `node`, if its lease is current.
    pub async fn live_url(&self, node: &str) -> Result<Option<String>, StoreError> {
        let row =
            sqlx::query(&format!("SELECT url FROM nodes WHERE id = $1 AND lease_until >= {}", self.clock))
                .bind(node)
                .fetch_optional(&self.pool)
                .await?;
        Ok(row.map(|r| r.try_get("url")).transpose()?)
    }

    /// Writes a new match, held by `holder`, with its players.
    pub async fn open_match(
        &self,
        saved: &SavedMatch,
        holder: &Fence,
        players: &[String],
    ) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        insert_match(&mut tx, saved, holder, players).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Up to `limit` running matches held by no live process: a dead node's, one whose name
    /// another process runs under now, or one saved before fleets.
    pub async fn orphans(&self, limit: u32) -> Result<Vec<Holding>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT m.id AS id, m.node AS node, m.epoch AS epoch, 0 AS alive FROM matches m \
             LEFT JOIN nodes n ON n.id = m.node WHERE m.status = 'playing' AND (m.node IS NULL \
             OR n.id IS NULL OR n.lease_until < {} OR n.epoch <> m.epoch) ORDER BY m.updated LIMIT $1",
            self.clock
        ))
        .bind(i64::from(limit))
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(holding).collect()
    }

    /// Takes match `orphan` for `holder` if it is still held as it was when found: whether it
    /// was taken. Compared on the node and the epoch, so two claimers never both take it.
    pub async fn claim(&self, orphan: &Holding, holder: &Fence) -> Result<bool, StoreError> {
        let done = sqlx::query(
            "UPDATE matches SET node = $1, epoch = $2 WHERE id = $3 AND status = 'playing' \
             AND COALESCE(node, '') = $4 AND epoch = $5",
        )
        .bind(&holder.node)
        .bind(&holder.epoch)
        .bind(&orphan.id)
        .bind(orphan.node.as_deref().unwrap_or_default())
        .bind(&orphan.epoch)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// The running match `player` plays in, and where it is held.
    pub async fn playing(&self, player: &str) -> Result<Option<Holding>, StoreError> {
        let row = sqlx::query(&format!(
            "SELECT m.id AS id, m.node AS node, m.epoch AS epoch, {} FROM match_players p \
             JOIN matches m ON m.id = p.match_id LEFT JOIN nodes n ON n.id = m.node \
             WHERE p.player = $1 AND m.status = 'playing' ORDER BY m.created DESC LIMIT 1",
            self.alive()
        ))
        .bind(player)
        .fetch_optional(&self.pool)
        .await?;
        row.map(|r| holding(&r)).transpose()
    }

    /// The running match of room `code`, and where it is held.
    pub async fn match_of_code(&self, code: &str) -> Result<Option<Holding>, StoreError> {
        let row = sqlx::query(&format!(
            "SELECT m.id AS id, m.node AS node, m.epoch AS epoch, {} FROM matches m \
             LEFT JOIN nodes n ON n.id = m.node WHERE m.code = $1 AND m.status = 'playing' \
             ORDER BY m.created DESC LIMIT 1",
            self.alive()
        ))
        .bind(code)
        .fetch_optional(&self.pool)
        .await?;
        row.map(|r| holding(&r)).transpose()
    }

    /// Where running match `id` is held.
    pub async fn holding(&self, id: &str) -> Result<Option<Holding>, StoreError> {
        let row = sqlx::query(&format!(
            "SELECT m.id AS id, m.node AS node, m.epoch AS epoch, {} FROM matches m \
             LEFT JOIN nodes n ON n.id = m.node WHERE m.id = $1 AND m.status = 'playing'",
            self.alive()
        ))
        .bind(id)
        .fetch_optional(&self.pool)
        .await?;
        row.map(|r| holding(&r)).transpose()
    }

    /// The node holding room `code` while it waits for its players, if the room lives.
    pub async fn room_node(&self, code: &str) -> Result<Option<Holding>, StoreError> {
        let row = sqlx::query(&format!(
            "SELECT r.code AS id, r.node AS node, '' AS epoch, \
             CASE WHEN n.lease_until >= {} THEN 1 ELSE 0 END AS alive FROM rooms r \
             LEFT JOIN nodes n ON n.id = r.node WHERE r.code = $1 AND r.match_id IS NULL AND r.expires > $2",
            self.clock
        ))
        .bind(code)
        .bind(super::now())
        .fetch_optional(&self.pool)
        .await?;
        row.map(|r| holding(&r)).transpose()
    }

    /// Seats a group from the queue in the new match `saved`, held by `holder`, in one
    /// transaction: false (and nothing changed) if any of them has left the queue meanwhile.
    pub async fn place(
        &self,
        players: &[String],
        saved: &SavedMatch,
        holder: &Fence,
    ) -> Result<bool, StoreError> {
        let mut tx = self.pool.begin().await?;
        for player in players {
            let taken =
                sqlx::query("UPDATE waiting SET match_id = $1 WHERE player = $2 AND match_id IS NULL")
                    .bind(&saved.id)
                    .bind(player)
                    .execute(&mut *tx)
                    .await?
                    .rows_affected();
            if taken != 1 {
                tx.rollback().await?;
                return Ok(false);
            }
        }
        insert_match(&mut tx, saved, holder, players).await?;
        tx.commit().await?;
        Ok(true)
    }
}

async fn insert_match(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    saved: &SavedMatch,
    holder: &Fence,
    players: &[String],
) -> Result<(), StoreError> {
    let at = super::now();
    sqlx::query(
        "INSERT INTO matches (id, code, mode, rules, rated, seats, shots, state, status, created, updated, node, epoch) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'playing', $9, $9, $10, $11)",
    )
    .bind(&saved.id)
    .bind(&saved.code)
    .bind(&saved.mode)
    .bind(&saved.rules)
    .bind(i64::from(saved.rated))
    .bind(&saved.seats)
    .bind(i64::from(saved.shots))
    .bind(&saved.state)
    .bind(at)
    .bind(&holder.node)
    .bind(&holder.epoch)
    .execute(&mut **tx)
    .await?;
    for player in players {
        sqlx::query("INSERT INTO match_players (match_id, player) VALUES ($1, $2)")
            .bind(&saved.id)
            .bind(player)
            .execute(&mut **tx)
            .await?;
    }
    Ok(())
}

/// A running match's holder as a row with `id`, `node`, `epoch` and `alive` says.
fn holding(row: &sqlx::any::AnyRow) -> Result<Holding, StoreError> {
    Ok(Holding {
        id: row.try_get("id")?,
        node: row.try_get("node")?,
        epoch: row.try_get("epoch")?,
        alive: row.try_get::<i64, _>("alive")? == 1,
    })
}
