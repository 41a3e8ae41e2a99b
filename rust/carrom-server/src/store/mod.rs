//! The database: players, ratings, rooms, the daily challenge's board, and every match — saved after each shot while it
//! runs, with its replay once it is over. One interface for SQLite (the default, no setup) and
//! PostgreSQL (a real deployment), through sqlx's runtime-chosen driver and one schema written
//! in what both read alike; the URL picks which.

mod daily;
mod devices;
mod finish;
mod fleet;
mod friends;
mod leaver;
mod notices;
mod rows;
mod waiting;

pub use daily::{DailyPlace, DailyRow};
pub use devices::SignedIn;
pub use finish::{Finished, Seated};
pub use fleet::{Fence, Holding, Node, Renewal, LEASE_MS};
pub use friends::{Befriending, ReportRow, MAX_ASKED, MAX_FRIENDS};
pub use notices::{Invitation, Notice};
pub use rows::{HistoryRow, LeaderRow, SavedMatch};
pub use waiting::Queued;

use crate::rating::{Standing, LADDERS};
use sqlx::any::{AnyPoolOptions, AnyRow};
use sqlx::migrate::{Migration, MigrationType, Migrator};
use sqlx::{AnyPool, Row};
use std::borrow::Cow;
use std::time::{Duration, SystemTime, UNIX_EPOCH};
use thiserror::Error;

/// Why the database could not do what was asked.
#[derive(Debug, Error)]
pub enum StoreError {
    /// The database refused or failed.
    #[error("database: {0}")]
    Database(#[from] sqlx::Error),
    /// The schema could not be brought up to date.
    #[error("database schema: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    /// The database did not answer in time.
    #[error("database: no answer in time")]
    TimedOut,
    /// A URL that names no database this server speaks.
    #[error("database URL {0:?}: use sqlite://PATH or postgres://USER@HOST:PORT/NAME")]
    Url(String),
}

/// The database, shared by every task of the server.
#[derive(Clone)]
pub struct Store {
    pool: AnyPool,
    /// The database's own clock, milliseconds since 1970, as SQL: leases are timed by it, so
    /// that nodes whose clocks differ still agree on whose lease has run out.
    clock: &'static str,
}

/// The schema's migrations, in order, built into the binary.
const MIGRATIONS: [(i64, &str, &str); 8] = [
    (1, "players ratings matches", include_str!("../../migrations/0001_players_ratings_matches.sql")),
    (2, "fleet", include_str!("../../migrations/0002_fleet.sql")),
    (3, "daily challenge", include_str!("../../migrations/0003_daily.sql")),
    (4, "fair ratings", include_str!("../../migrations/0004_fair_ratings.sql")),
    (5, "epochs", include_str!("../../migrations/0005_epochs.sql")),
    (6, "name looks", include_str!("../../migrations/0006_name_looks.sql")),
    (7, "people", include_str!("../../migrations/0007_people.sql")),
    (8, "parties", include_str!("../../migrations/0008_parties.sql")),
];

impl Store {
    /// Opens the database at `url` (a SQLite file is made, with its folder, if missing) and
    /// brings its schema up to date.
    pub async fn open(url: &str) -> Result<Store, StoreError> {
        sqlx::any::install_default_drivers();
        if let Some(path) = url.strip_prefix("sqlite://") {
            let file = path.split('?').next().unwrap_or_default();
            if let Some(folder) = std::path::Path::new(file).parent().filter(|f| !f.as_os_str().is_empty()) {
                std::fs::create_dir_all(folder).map_err(|e| StoreError::Database(sqlx::Error::Io(e)))?;
            }
        } else if !url.starts_with("postgres://") && !url.starts_with("postgresql://") {
            return Err(StoreError::Url(url.chars().take(80).collect()));
        }
        // SQLite takes one writer at a time: one connection keeps writes in order without
        // "database is locked"; PostgreSQL takes a few.
        let connections = if url.starts_with("sqlite:") { 1 } else { 8 };
        let pool = AnyPoolOptions::new()
            .max_connections(connections)
            .acquire_timeout(Duration::from_secs(10))
            .after_connect(|connection, _| {
                Box::pin(async move {
                    // SQLite: a write-ahead log, synced at checkpoints rather than at every
                    // shot's save — a crash of the process loses nothing; of the machine, at most
                    // the last moments.
                    if connection.backend_name().eq_ignore_ascii_case("sqlite") {
                        sqlx::query("PRAGMA journal_mode = WAL").execute(&mut *connection).await?;
                        sqlx::query("PRAGMA synchronous = NORMAL").execute(&mut *connection).await?;
                    }
                    Ok(())
                })
            })
            .connect(url)
            .await?;
        let migrations = MIGRATIONS
            .iter()
            .map(|(version, about, sql)| {
                Migration::new(
                    *version,
                    Cow::Borrowed(*about),
                    MigrationType::Simple,
                    Cow::Borrowed(*sql),
                    false,
                )
            })
            .collect::<Vec<_>>();
        let migrator = Migrator { migrations: Cow::Owned(migrations), ..Migrator::DEFAULT };
        migrator.run(&pool).await?;
        let clock = if url.starts_with("sqlite:") {
            "CAST((julianday('now') - 2440587.5) * 86400000.0 AS BIGINT)"
        } else {
            "CAST(EXTRACT(EPOCH FROM clock_timestamp()) * 1000 AS BIGINT)"
        };
        Ok(Store { pool, clock })
    }

    /// Whether the database answers.
    pub async fn ping(&self) -> bool {
        sqlx::query("SELECT 1").execute(&self.pool).await.is_ok()
    }

    /// A player's name, if the player exists.
    pub async fn name(&self, player: &str) -> Result<Option<String>, StoreError> {
        let row = sqlx::query("SELECT name FROM players WHERE id = $1")
            .bind(player)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.map(|r| r.try_get("name")).transpose()?)
    }

    /// A player's standing on `ladder` (a newcomer's if never rated there).
    pub async fn standing(&self, player: &str, ladder: &str) -> Result<Standing, StoreError> {
        let row = sqlx::query(
            "SELECT rating, deviation, volatility, games FROM ratings WHERE player = $1 AND ladder = $2",
        )
        .bind(player)
        .bind(ladder)
        .fetch_optional(&self.pool)
        .await?;
        Ok(match row {
            Some(row) => standing_of(&row)?,
            None => Standing::new(ladder),
        })
    }

    /// A player's standing on every ladder.
    pub async fn standings(&self, player: &str) -> Result<Vec<(&'static str, Standing)>, StoreError> {
        let mut all = vec![];
        for ladder in LADDERS {
            all.push((ladder, self.standing(player, ladder).await?));
        }
        Ok(all)
    }

    /// Saves a running match as it stands (its state after its last settled shot), if `holder`
    /// (this node, and this process of it) still holds it: false when another has taken it over
    /// (this one was taken for dead, or another process runs under its name).
    pub async fn save(&self, saved: &SavedMatch, holder: &Fence) -> Result<bool, StoreError> {
        let done = sqlx::query(
            "UPDATE matches SET shots = $1, state = $2, updated = $3 \
             WHERE id = $4 AND status = 'playing' AND node = $5 AND epoch = $6",
        )
        .bind(i64::from(saved.shots))
        .bind(&saved.state)
        .bind(now())
        .bind(&saved.id)
        .bind(&holder.node)
        .bind(&holder.epoch)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// A saved match by id.
    pub async fn saved(&self, id: &str) -> Result<Option<SavedMatch>, StoreError> {
        let row = sqlx::query(
            "SELECT id, code, mode, rules, rated, seats, shots, state FROM matches WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await?;
        row.as_ref().map(SavedMatch::of).transpose()
    }

    /// Keeps a friends' room's code, held by `node`, until `expires` (seconds since 1970).
    pub async fn put_room(
        &self,
        code: &str,
        mode: &str,
        rules: &str,
        owner: &str,
        expires: i64,
        node: &str,
    ) -> Result<(), StoreError> {
        // One room a player: a new one replaces any not yet started.
        sqlx::query("DELETE FROM rooms WHERE owner = $1 AND match_id IS NULL")
            .bind(owner)
            .execute(&self.pool)
            .await?;
        sqlx::query(
            "INSERT INTO rooms (code, mode, rules, owner, match_id, expires, node) \
             VALUES ($1, $2, $3, $4, NULL, $5, $6) ON CONFLICT (code) DO UPDATE SET mode = excluded.mode, \
             rules = excluded.rules, owner = excluded.owner, match_id = NULL, expires = excluded.expires, \
             node = excluded.node",
        )
        .bind(code)
        .bind(mode)
        .bind(rules)
        .bind(owner)
        .bind(expires)
        .bind(node)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Forgets rooms whose codes have expired (a started room's match is found by its code in
    /// the matches themselves): how many.
    pub async fn sweep_rooms(&self) -> Result<u64, StoreError> {
        let done =
            sqlx::query("DELETE FROM rooms WHERE expires < $1").bind(now()).execute(&self.pool).await?;
        Ok(done.rows_affected())
    }

    /// The room's code now leads to `match_id`.
    pub async fn room_started(&self, code: &str, match_id: &str) -> Result<(), StoreError> {
        sqlx::query("UPDATE rooms SET match_id = $1 WHERE code = $2")
            .bind(match_id)
            .bind(code)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// The best `limit` players of `ladder` who have finished a rated match there.
    pub async fn leaderboard(&self, ladder: &str, limit: u32) -> Result<Vec<LeaderRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT p.id AS id, p.name AS name, r.rating AS rating, r.games AS games \
             FROM ratings r JOIN players p ON p.id = r.player \
             WHERE r.ladder = $1 AND r.games > 0 ORDER BY r.rating DESC, p.id LIMIT $2",
        )
        .bind(ladder)
        .bind(i64::from(limit))
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(LeaderRow::of).collect()
    }

    /// A player's last `limit` rating changes, newest first.
    pub async fn history(&self, player: &str, limit: u32) -> Result<Vec<HistoryRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT match_id, ladder, rating_before, rating_after, at FROM rating_changes \
             WHERE player = $1 ORDER BY at DESC, match_id LIMIT $2",
        )
        .bind(player)
        .bind(i64::from(limit))
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(HistoryRow::of).collect()
    }

    /// Finished matches recorded.
    pub async fn finished_count(&self) -> Result<i64, StoreError> {
        let row = sqlx::query("SELECT COUNT(*) AS n FROM results").fetch_one(&self.pool).await?;
        Ok(row.try_get("n")?)
    }
}

fn standing_of(row: &AnyRow) -> Result<Standing, sqlx::Error> {
    Ok(Standing {
        rating: row.try_get("rating")?,
        deviation: row.try_get("deviation")?,
        volatility: row.try_get("volatility")?,
        games: u32::try_from(row.try_get::<i64, _>("games")?).unwrap_or(0),
    })
}

/// Seconds since 1970, as every time in the database is kept.
pub fn now() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64)
}

/// Milliseconds since 1970, for leases and the queue (finer than a second).
pub fn now_ms() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_millis() as i64)
}
