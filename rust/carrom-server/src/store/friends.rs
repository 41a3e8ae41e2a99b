//! Friends, their requests, blocks and reports: who a player knows, and whom they keep away.

use super::{now, Store, StoreError};
use carrom_net::lobby::{tag_of, Friend, Person, Presence};
use serde::Serialize;
use sqlx::any::AnyRow;
use sqlx::Row;

/// The most friends a player keeps, and the most requests they have out at once.
pub const MAX_FRIENDS: i64 = 200;
/// The most friend requests a player has waiting for an answer.
pub const MAX_ASKED: i64 = 50;

/// What asking to be friends did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Befriending {
    /// The other was asked.
    Asked,
    /// The other had asked already: friends now.
    Friends,
    /// Friends already, or asked already.
    Already,
    /// One of the two blocked the other.
    Blocked,
    /// Too many friends or requests.
    Full,
}

/// A report, as the operator reads it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ReportRow {
    /// Its id.
    pub id: String,
    /// Who reported.
    pub reporter: String,
    /// Who was reported.
    pub reported: String,
    /// The match.
    pub match_id: String,
    /// The reason given.
    pub reason: String,
    /// The match's replay (or its state, were it still running) when it was reported.
    pub replay: Option<String>,
    /// When, seconds since 1970.
    pub at: i64,
}

/// The columns of a person, for `person_of`.
const PERSON: &str = "p.id AS id, p.name AS name, p.tag AS tag";

fn person_of(row: &AnyRow) -> Result<Person, sqlx::Error> {
    let name: String = row.try_get("name")?;
    let tag: i64 = row.try_get("tag")?;
    let tag = if tag > 0 { tag_of(&name, tag as u32) } else { String::new() };
    Ok(Person { player: row.try_get("id")?, name, tag })
}

impl Store {
    /// `player` as others see them.
    pub async fn person(&self, player: &str) -> Result<Option<Person>, StoreError> {
        let row = sqlx::query(&format!("SELECT {PERSON} FROM players p WHERE p.id = $1"))
            .bind(player)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.as_ref().map(person_of).transpose()?)
    }

    /// `asker` asks `asked` to be friends.
    pub async fn befriend(&self, asker: &str, asked: &str) -> Result<Befriending, StoreError> {
        if self.blocked_between(asker, asked).await? {
            return Ok(Befriending::Blocked);
        }
        if self.are_friends(asker, asked).await? {
            return Ok(Befriending::Already);
        }
        if self.answer(asked, asker, true).await? {
            return Ok(Befriending::Friends);
        }
        let counted = sqlx::query(
            "SELECT (SELECT COUNT(*) FROM friends WHERE player = $1) AS friends, \
             (SELECT COUNT(*) FROM friend_requests WHERE asker = $1) AS asked",
        )
        .bind(asker)
        .fetch_one(&self.pool)
        .await?;
        if counted.try_get::<i64, _>("friends")? >= MAX_FRIENDS
            || counted.try_get::<i64, _>("asked")? >= MAX_ASKED
        {
            return Ok(Befriending::Full);
        }
        let done = sqlx::query(
            "INSERT INTO friend_requests (asker, asked, at) VALUES ($1, $2, $3) ON CONFLICT (asker, asked) DO NOTHING",
        )
        .bind(asker)
        .bind(asked)
        .bind(now())
        .execute(&self.pool)
        .await?;
        Ok(if done.rows_affected() == 1 { Befriending::Asked } else { Befriending::Already })
    }

    /// `asked` answers `asker`'s request: whether there was one (friends now, if accepted).
    pub async fn answer(&self, asker: &str, asked: &str, accept: bool) -> Result<bool, StoreError> {
        let mut tx = self.pool.begin().await?;
        let done = sqlx::query("DELETE FROM friend_requests WHERE asker = $1 AND asked = $2")
            .bind(asker)
            .bind(asked)
            .execute(&mut *tx)
            .await?;
        let was = done.rows_affected() == 1;
        if was && accept {
            for (a, b) in [(asker, asked), (asked, asker)] {
                sqlx::query(
                    "INSERT INTO friends (player, friend, since) VALUES ($1, $2, $3) \
                     ON CONFLICT (player, friend) DO NOTHING",
                )
                .bind(a)
                .bind(b)
                .bind(now())
                .execute(&mut *tx)
                .await?;
            }
        }
        tx.commit().await?;
        Ok(was)
    }

    /// Whether `a` and `b` are friends.
    pub async fn are_friends(&self, a: &str, b: &str) -> Result<bool, StoreError> {
        let row = sqlx::query("SELECT 1 AS yes FROM friends WHERE player = $1 AND friend = $2")
            .bind(a)
            .bind(b)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.is_some())
    }

    /// `a` and `b` are no longer friends, nor ask to be, nor invite each other.
    pub async fn part(&self, a: &str, b: &str) -> Result<(), StoreError> {
        for sql in [
            "DELETE FROM friends WHERE (player = $1 AND friend = $2) OR (player = $2 AND friend = $1)",
            "DELETE FROM friend_requests WHERE (asker = $1 AND asked = $2) OR (asker = $2 AND asked = $1)",
            "DELETE FROM invites WHERE (inviter = $1 AND invited = $2) OR (inviter = $2 AND invited = $1)",
        ] {
            sqlx::query(sql).bind(a).bind(b).execute(&self.pool).await?;
        }
        Ok(())
    }

    /// `blocker` blocks `blocked`: they part, and stay apart.
    pub async fn block(&self, blocker: &str, blocked: &str) -> Result<(), StoreError> {
        self.part(blocker, blocked).await?;
        sqlx::query(
            "INSERT INTO blocks (blocker, blocked, at) VALUES ($1, $2, $3) ON CONFLICT (blocker, blocked) DO NOTHING",
        )
        .bind(blocker)
        .bind(blocked)
        .bind(now())
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// `blocker` lifts their block of `blocked`.
    pub async fn unblock(&self, blocker: &str, blocked: &str) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM blocks WHERE blocker = $1 AND blocked = $2")
            .bind(blocker)
            .bind(blocked)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Whether one of `a` and `b` blocked the other.
    pub async fn blocked_between(&self, a: &str, b: &str) -> Result<bool, StoreError> {
        let row = sqlx::query(
            "SELECT 1 AS yes FROM blocks WHERE (blocker = $1 AND blocked = $2) OR (blocker = $2 AND blocked = $1)",
        )
        .bind(a)
        .bind(b)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.is_some())
    }

    /// Who blocked `player` (at most a thousand: the ones a chat must not reach).
    pub async fn blockers_of(&self, player: &str) -> Result<Vec<String>, StoreError> {
        let rows = sqlx::query("SELECT blocker FROM blocks WHERE blocked = $1 LIMIT 1000")
            .bind(player)
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(|r| Ok(r.try_get("blocker")?)).collect()
    }

    /// Every block between two of `players` (either way), as (blocker, blocked).
    pub async fn blocks_among(&self, players: &[String]) -> Result<Vec<(String, String)>, StoreError> {
        if players.is_empty() {
            return Ok(vec![]);
        }
        let list = (1..=players.len()).map(|i| format!("${i}")).collect::<Vec<_>>().join(", ");
        let sql =
            format!("SELECT blocker, blocked FROM blocks WHERE blocker IN ({list}) AND blocked IN ({list})");
        let mut query = sqlx::query(&sql);
        for player in players {
            query = query.bind(player);
        }
        let rows = query.fetch_all(&self.pool).await?;
        rows.iter().map(|r| Ok((r.try_get("blocker")?, r.try_get("blocked")?))).collect()
    }

    /// A player's friends, by name, with what each is doing now: connected through a node
    /// whose lease is current, or playing a match that runs.
    pub async fn friends(&self, player: &str) -> Result<Vec<Friend>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT {PERSON}, p.seen AS seen, \
             (SELECT CAST(MIN(CASE o.state WHEN 'online' THEN 0 ELSE 1 END) AS BIGINT) FROM online o JOIN nodes n ON n.id = o.node \
              WHERE o.player = p.id AND n.lease_until >= {clock}) AS here, \
             (SELECT MIN(m.code) FROM match_players mp JOIN matches m ON m.id = mp.match_id \
              WHERE mp.player = p.id AND m.status = 'playing') AS code \
             FROM friends f JOIN players p ON p.id = f.friend WHERE f.player = $1 ORDER BY p.name, p.id",
            clock = self.clock
        ))
        .bind(player)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                let here: Option<i64> = r.try_get("here")?;
                let code: Option<String> = r.try_get("code")?;
                let presence = match (here, &code) {
                    (_, Some(_)) => Presence::Playing,
                    (Some(0), None) => Presence::Online,
                    (Some(_), None) => Presence::Away,
                    (None, None) => Presence::Offline,
                };
                Ok(Friend { who: person_of(r)?, presence, seen: r.try_get("seen")?, code })
            })
            .collect()
    }

    /// Who asks `player` to be friends (`asking`) or whom they asked, newest first.
    pub async fn requests(&self, player: &str, asking: bool) -> Result<Vec<Person>, StoreError> {
        let (them, me) = if asking { ("asker", "asked") } else { ("asked", "asker") };
        let rows = sqlx::query(&format!(
            "SELECT {PERSON} FROM friend_requests q JOIN players p ON p.id = q.{them} \
             WHERE q.{me} = $1 ORDER BY q.at DESC, p.id LIMIT 100"
        ))
        .bind(player)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.iter().map(person_of).collect::<Result<_, _>>()?)
    }

    /// Whom `player` blocked, by name.
    pub async fn blocked(&self, player: &str) -> Result<Vec<Person>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT {PERSON} FROM blocks b JOIN players p ON p.id = b.blocked WHERE b.blocker = $1 ORDER BY p.name, p.id"
        ))
        .bind(player)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.iter().map(person_of).collect::<Result<_, _>>()?)
    }

    /// The players of `player`'s last matches, the latest first.
    pub async fn recent(&self, player: &str, limit: u32) -> Result<Vec<Person>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT {PERSON} FROM match_players mine \
             JOIN match_players other ON other.match_id = mine.match_id AND other.player <> mine.player \
             JOIN matches m ON m.id = mine.match_id JOIN players p ON p.id = other.player \
             WHERE mine.player = $1 GROUP BY p.id, p.name, p.tag ORDER BY MAX(m.created) DESC, p.id LIMIT $2"
        ))
        .bind(player)
        .bind(i64::from(limit))
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.iter().map(person_of).collect::<Result<_, _>>()?)
    }

    /// Records `reporter`'s report of `reported` in `match_id`, with the match as it stands.
    pub async fn report(
        &self,
        id: &str,
        reporter: &str,
        reported: &str,
        match_id: &str,
        reason: &str,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO reports (id, reporter, reported, match_id, reason, replay, at) \
             SELECT $1, $2, $3, $4, $5, COALESCE(m.replay, m.state), $6 FROM matches m WHERE m.id = $4",
        )
        .bind(id)
        .bind(reporter)
        .bind(reported)
        .bind(match_id)
        .bind(reason)
        .bind(now())
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Reports filed by `reporter` since `since` (seconds since 1970).
    pub async fn reports_since(&self, reporter: &str, since: i64) -> Result<i64, StoreError> {
        let row = sqlx::query("SELECT COUNT(*) AS n FROM reports WHERE reporter = $1 AND at >= $2")
            .bind(reporter)
            .bind(since)
            .fetch_one(&self.pool)
            .await?;
        Ok(row.try_get("n")?)
    }

    /// The latest `limit` reports, newest first.
    pub async fn reports(&self, limit: u32) -> Result<Vec<ReportRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT id, reporter, reported, match_id, reason, replay, at FROM reports ORDER BY at DESC, id LIMIT $1",
        )
        .bind(i64::from(limit))
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok(ReportRow {
                    id: r.try_get("id")?,
                    reporter: r.try_get("reporter")?,
                    reported: r.try_get("reported")?,
                    match_id: r.try_get("match_id")?,
                    reason: r.try_get("reason")?,
                    replay: r.try_get("replay")?,
                    at: r.try_get("at")?,
                })
            })
            .collect()
    }
}
