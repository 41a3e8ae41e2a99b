//! Who is connected where, the notices one node leaves for a player connected to another, and
//! the invitations friends send: the fleet shares them through the database, so the node a
//! friend is on does not matter.

use super::{now, Store, StoreError};
use sqlx::Row;

/// How long a notice waits for its player's node to deliver it, milliseconds.
const NOTICE_MS: i64 = 60_000;

/// A notice for a player connected to this node.
#[derive(Clone, Debug, PartialEq)]
pub struct Notice {
    /// Its id: a node delivers it once.
    pub id: String,
    /// For whom.
    pub player: String,
    /// The lobby message, as its text.
    pub body: String,
    /// When it was left, the database's milliseconds.
    pub at: i64,
}

/// An invitation, as its invited player answers it.
#[derive(Clone, Debug, PartialEq)]
pub struct Invitation {
    /// Who sent it.
    pub inviter: String,
    /// The room's code (empty for an invitation to be partners).
    pub code: String,
    /// The room's mode, or `party` for an invitation to be partners.
    pub mode: String,
    /// The ruleset.
    pub rules: String,
}

impl Store {
    /// A connection of `player` on `node` said hello.
    pub async fn go_online(&self, conn: &str, player: &str, node: &str) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO online (conn, player, node, state, code) VALUES ($1, $2, $3, 'online', NULL) \
             ON CONFLICT (conn) DO UPDATE SET player = excluded.player, state = 'online'",
        )
        .bind(conn)
        .bind(player)
        .bind(node)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The game of a connection went to the background, or came back.
    pub async fn set_away(&self, conn: &str, away: bool) -> Result<(), StoreError> {
        sqlx::query("UPDATE online SET state = $2 WHERE conn = $1")
            .bind(conn)
            .bind(if away { "away" } else { "online" })
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// A connection of `player` went: they were last seen now.
    pub async fn go_offline(&self, conn: &str, player: &str) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM online WHERE conn = $1").bind(conn).execute(&self.pool).await?;
        sqlx::query("UPDATE players SET seen = $2 WHERE id = $1")
            .bind(player)
            .bind(now())
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Forgets the connections an earlier process of `node` had (it starts again without them).
    pub async fn forget_online(&self, node: &str) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM online WHERE node = $1").bind(node).execute(&self.pool).await?;
        Ok(())
    }

    /// Whether `player` is connected through a node whose lease is current.
    pub async fn is_online(&self, player: &str) -> Result<bool, StoreError> {
        let row = sqlx::query(&format!(
            "SELECT 1 AS yes FROM online o JOIN nodes n ON n.id = o.node \
             WHERE o.player = $1 AND n.lease_until >= {} LIMIT 1",
            self.clock
        ))
        .bind(player)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.is_some())
    }

    /// Leaves `body` (a lobby message's text) for `player`, wherever they are connected.
    pub async fn notify(&self, player: &str, body: &str) -> Result<(), StoreError> {
        sqlx::query(&format!(
            "INSERT INTO notices (id, player, body, at) VALUES ($1, $2, $3, {})",
            self.clock
        ))
        .bind(crate::server::random_id())
        .bind(player)
        .bind(body)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The notices left since `since_ms` for players connected to `node`, oldest first.
    pub async fn notices(&self, node: &str, since_ms: i64) -> Result<Vec<Notice>, StoreError> {
        let rows = sqlx::query(
            "SELECT n.id AS id, n.player AS player, n.body AS body, n.at AS at FROM notices n \
             WHERE n.at > $2 AND EXISTS (SELECT 1 FROM online o WHERE o.player = n.player AND o.node = $1) \
             ORDER BY n.at, n.id",
        )
        .bind(node)
        .bind(since_ms)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok(Notice {
                    id: r.try_get("id")?,
                    player: r.try_get("player")?,
                    body: r.try_get("body")?,
                    at: r.try_get("at")?,
                })
            })
            .collect()
    }

    /// The database's clock now, milliseconds since 1970.
    pub async fn clock_ms(&self) -> Result<i64, StoreError> {
        let row = sqlx::query(&format!("SELECT {} AS now", self.clock)).fetch_one(&self.pool).await?;
        Ok(row.try_get("now")?)
    }

    /// Keeps an invitation, unless `inviter` has `most` standing already: whether it was kept.
    #[allow(clippy::too_many_arguments)]
    pub async fn put_invite(
        &self,
        id: &str,
        inviter: &str,
        invited: &str,
        code: &str,
        game: (&str, &str),
        expires: i64,
        most: i64,
    ) -> Result<bool, StoreError> {
        let standing = sqlx::query("SELECT COUNT(*) AS n FROM invites WHERE inviter = $1 AND expires >= $2")
            .bind(inviter)
            .bind(now())
            .fetch_one(&self.pool)
            .await?;
        if standing.try_get::<i64, _>("n")? >= most {
            return Ok(false);
        }
        sqlx::query(
            "INSERT INTO invites (id, inviter, invited, code, mode, rules, expires) VALUES ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(id)
        .bind(inviter)
        .bind(invited)
        .bind(code)
        .bind(game.0)
        .bind(game.1)
        .bind(expires)
        .execute(&self.pool)
        .await?;
        Ok(true)
    }

    /// Takes the invitation `id` sent to `invited`, while it stands (it is answered once).
    pub async fn take_invite(&self, id: &str, invited: &str) -> Result<Option<Invitation>, StoreError> {
        let row = sqlx::query(
            "DELETE FROM invites WHERE id = $1 AND invited = $2 AND expires >= $3 RETURNING inviter, code, mode, rules",
        )
        .bind(id)
        .bind(invited)
        .bind(now())
        .fetch_optional(&self.pool)
        .await?;
        let invitation = |r: sqlx::any::AnyRow| {
            Ok::<_, sqlx::Error>(Invitation {
                inviter: r.try_get("inviter")?,
                code: r.try_get("code")?,
                mode: r.try_get("mode")?,
                rules: r.try_get("rules")?,
            })
        };
        Ok(row.map(invitation).transpose()?)
    }

    /// The party `party` waits no more for its second player: its first waits alone.
    pub async fn unparty(&self, party: &str) -> Result<(), StoreError> {
        sqlx::query("UPDATE waiting SET party = NULL WHERE party = $1")
            .bind(party)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Forgets what has run out: notices, invitations, link codes, and the connections of
    /// nodes gone. How many rows went.
    pub async fn sweep_people(&self) -> Result<u64, StoreError> {
        let clock = self.clock;
        let mut gone = 0;
        for (sql, at) in [
            (format!("DELETE FROM notices WHERE at < {clock} - {NOTICE_MS}"), None),
            ("DELETE FROM invites WHERE expires < $1".to_string(), Some(now())),
            ("DELETE FROM link_codes WHERE expires < $1".to_string(), Some(now())),
            (format!("DELETE FROM online WHERE node NOT IN (SELECT id FROM nodes WHERE lease_until >= {clock})"), None),
        ] {
            let mut query = sqlx::query(&sql);
            if let Some(at) = at {
                query = query.bind(at);
            }
            gone += query.execute(&self.pool).await?.rows_affected();
        }
        Ok(gone)
    }
}
