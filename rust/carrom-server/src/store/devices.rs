//! A player's devices, friend tag and codes: a device signs in by its token's hash; a code
//! shown on one device, or the player's recovery code, brings another device to the same
//! player; each of these is logged.

use super::{now, Store, StoreError};
use carrom_net::lobby::{tag_of, Device, TAG_NUMBERS};
use sqlx::Row;

/// A device signed in: its player and what others see of them.
#[derive(Clone, Debug, PartialEq)]
pub struct SignedIn {
    /// The player's public id.
    pub player: String,
    /// The device's public id.
    pub device: String,
    /// The player's friend tag (`Name#1234`; empty while no number is free for the name).
    pub tag: String,
}

/// Tries at a free tag number before a player is left without one until the next hello.
const TAG_TRIES: u32 = 20;

impl Store {
    /// The player whose device token hashes to `token_hash`, made on first sight; the name is
    /// the one given now, and `look` what it looks like (`names::look`). `None` (and nothing
    /// changed) when another player on a leaderboard has a name that looks the same — unless
    /// it is the name this player has already (two ranked players named alike before names
    /// were compared keep their names).
    pub async fn player(
        &self,
        token_hash: &str,
        name: &str,
        look: &str,
        new_id: &str,
    ) -> Result<Option<SignedIn>, StoreError> {
        let known = self.device_player(token_hash).await?;
        let me = known.clone().unwrap_or_default();
        let taken = sqlx::query(
            "SELECT 1 AS taken FROM players p WHERE p.name_look = $1 AND p.id <> $2 \
             AND EXISTS (SELECT 1 FROM ratings r WHERE r.player = p.id AND r.games > 0) \
             AND NOT EXISTS (SELECT 1 FROM players me WHERE me.id = $2 AND me.name = $3) LIMIT 1",
        )
        .bind(look)
        .bind(&me)
        .bind(name)
        .fetch_optional(&self.pool)
        .await?;
        if taken.is_some() {
            return Ok(None);
        }
        let player = match known {
            Some(player) => {
                // A new look may meet another player's tag: this player then draws a new number.
                sqlx::query(
                    "UPDATE players SET name = $2, name_look = $3, seen = $4, tag = CASE WHEN EXISTS \
                     (SELECT 1 FROM players o WHERE o.name_look = $3 AND o.tag = players.tag AND o.id <> $1) \
                     THEN 0 ELSE tag END WHERE id = $1",
                )
                .bind(&player)
                .bind(name)
                .bind(look)
                .bind(now())
                .execute(&self.pool)
                .await?;
                player
            }
            None => self.new_player(token_hash, name, look, new_id).await?,
        };
        sqlx::query("UPDATE devices SET seen = $2 WHERE token_hash = $1")
            .bind(token_hash)
            .bind(now())
            .execute(&self.pool)
            .await?;
        let tag = self.tag(&player, name, look).await?;
        let device = self.device_id(token_hash).await?;
        Ok(Some(SignedIn { player, device, tag }))
    }

    async fn device_player(&self, token_hash: &str) -> Result<Option<String>, StoreError> {
        let row = sqlx::query("SELECT player FROM devices WHERE token_hash = $1")
            .bind(token_hash)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.map(|r| r.try_get("player")).transpose()?)
    }

    async fn device_id(&self, token_hash: &str) -> Result<String, StoreError> {
        let row = sqlx::query("SELECT id FROM devices WHERE token_hash = $1")
            .bind(token_hash)
            .fetch_one(&self.pool)
            .await?;
        Ok(row.try_get("id")?)
    }

    /// A new player for a device seen first: if the same device said hello twice at once, the
    /// first one's player stands and the other is forgotten.
    async fn new_player(
        &self,
        token_hash: &str,
        name: &str,
        look: &str,
        new_id: &str,
    ) -> Result<String, StoreError> {
        let at = now();
        sqlx::query(
            "INSERT INTO players (id, token_hash, name, created, name_look, seen) VALUES ($1, $2, $3, $4, $5, $4)",
        )
        .bind(new_id)
        .bind(format!("player:{new_id}"))
        .bind(name)
        .bind(at)
        .bind(look)
        .execute(&self.pool)
        .await?;
        sqlx::query(
            "INSERT INTO devices (token_hash, id, player, linked, seen) VALUES ($1, $2, $3, $4, $4) \
             ON CONFLICT (token_hash) DO NOTHING",
        )
        .bind(token_hash)
        .bind(crate::server::random_id())
        .bind(new_id)
        .bind(at)
        .execute(&self.pool)
        .await?;
        let player = self.device_player(token_hash).await?.unwrap_or_else(|| new_id.to_string());
        if player != new_id {
            sqlx::query("DELETE FROM players WHERE id = $1").bind(new_id).execute(&self.pool).await?;
        }
        Ok(player)
    }

    /// The player's friend tag, a number drawn first if they have none.
    async fn tag(&self, player: &str, name: &str, look: &str) -> Result<String, StoreError> {
        for _ in 0..TAG_TRIES {
            let row = sqlx::query("SELECT tag FROM players WHERE id = $1")
                .bind(player)
                .fetch_one(&self.pool)
                .await?;
            let tag: i64 = row.try_get("tag")?;
            if tag > 0 {
                return Ok(tag_of(name, tag as u32));
            }
            let span = TAG_NUMBERS.end() - TAG_NUMBERS.start() + 1;
            let drawn = TAG_NUMBERS.start() + u32::from_le_bytes(crate::server::random_bytes::<4>()) % span;
            // Two players drawing one number for one look at once: the index refuses the
            // second, which draws again.
            let _ = sqlx::query(
                "UPDATE players SET tag = $2 WHERE id = $1 AND tag = 0 \
                 AND NOT EXISTS (SELECT 1 FROM players o WHERE o.name_look = $3 AND o.tag = $2)",
            )
            .bind(player)
            .bind(i64::from(drawn))
            .bind(look)
            .execute(&self.pool)
            .await;
        }
        Ok(String::new())
    }

    /// The player of the friend tag made of a name that looks like `look` and `number`.
    pub async fn player_of_tag(&self, look: &str, number: u32) -> Result<Option<String>, StoreError> {
        let row = sqlx::query("SELECT id FROM players WHERE name_look = $1 AND tag = $2")
            .bind(look)
            .bind(i64::from(number))
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.map(|r| r.try_get("id")).transpose()?)
    }

    /// Keeps `code_hash` as a way for another device to become `player` until `expires`
    /// (seconds since 1970), in place of any code the player had.
    pub async fn put_link_code(&self, player: &str, code_hash: &str, expires: i64) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM link_codes WHERE player = $1 OR expires < $2")
            .bind(player)
            .bind(now())
            .execute(&self.pool)
            .await?;
        sqlx::query("INSERT INTO link_codes (code_hash, player, expires) VALUES ($1, $2, $3)")
            .bind(code_hash)
            .bind(player)
            .bind(expires)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Keeps `code_hash` as the player's recovery code, in place of the last.
    pub async fn put_recovery(&self, player: &str, code_hash: &str) -> Result<(), StoreError> {
        sqlx::query("UPDATE players SET recovery_hash = $2 WHERE id = $1")
            .bind(player)
            .bind(code_hash)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// The player a link code (used up now) or a recovery code hashing to `code_hash` brings a
    /// device to, and which kind of code it was.
    pub async fn claim_code(&self, code_hash: &str) -> Result<Option<(String, &'static str)>, StoreError> {
        let linked =
            sqlx::query("DELETE FROM link_codes WHERE code_hash = $1 AND expires >= $2 RETURNING player")
                .bind(code_hash)
                .bind(now())
                .fetch_optional(&self.pool)
                .await?;
        if let Some(row) = linked {
            return Ok(Some((row.try_get("player")?, "linked")));
        }
        let recovered = sqlx::query("SELECT id FROM players WHERE recovery_hash = $1")
            .bind(code_hash)
            .fetch_optional(&self.pool)
            .await?;
        Ok(recovered.map(|r| r.try_get("id").map(|p| (p, "recovered"))).transpose()?)
    }

    /// The device of `token_hash` signs in as `player` from now on.
    pub async fn link_device(&self, token_hash: &str, player: &str) -> Result<(), StoreError> {
        let at = now();
        sqlx::query(
            "INSERT INTO devices (token_hash, id, player, linked, seen) VALUES ($1, $2, $3, $4, $4) \
             ON CONFLICT (token_hash) DO UPDATE SET player = excluded.player, linked = excluded.linked",
        )
        .bind(token_hash)
        .bind(crate::server::random_id())
        .bind(player)
        .bind(at)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The player's devices, oldest first; `this` marks the one of `token_hash`.
    pub async fn devices(&self, player: &str, token_hash: &str) -> Result<Vec<Device>, StoreError> {
        let rows = sqlx::query(
            "SELECT id, linked, seen, token_hash FROM devices WHERE player = $1 ORDER BY linked, id",
        )
        .bind(player)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok(Device {
                    id: r.try_get("id")?,
                    linked: r.try_get("linked")?,
                    seen: r.try_get("seen")?,
                    this: r.try_get::<String, _>("token_hash")? == token_hash,
                })
            })
            .collect()
    }

    /// Takes the device `device` from `player`, unless it is the one of `token_hash`: whether
    /// one was.
    pub async fn unlink(&self, player: &str, device: &str, token_hash: &str) -> Result<bool, StoreError> {
        let done = sqlx::query("DELETE FROM devices WHERE id = $1 AND player = $2 AND token_hash <> $3")
            .bind(device)
            .bind(player)
            .bind(token_hash)
            .execute(&self.pool)
            .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Logs what happened to a player's devices or codes, and from where.
    pub async fn log_account(
        &self,
        player: &str,
        event: &str,
        device: &str,
        address: &str,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO account_log (player, event, device, address, at) VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(player)
        .bind(event)
        .bind(device)
        .bind(address)
        .bind(now())
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// What the log holds for `player`, oldest first: each event's name.
    pub async fn account_events(&self, player: &str) -> Result<Vec<String>, StoreError> {
        let rows = sqlx::query("SELECT event FROM account_log WHERE player = $1 ORDER BY at")
            .bind(player)
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(|r| Ok(r.try_get("event")?)).collect()
    }
}
