//! A match's end, recorded once: its result, its replay, and — when it was rated — every
//! player's new rating, in one transaction keyed by the match, so that a result recorded twice
//! (a server that stopped between the two, a node that took the match over) changes nothing
//! the second time.

use super::{now, standing_of, Store, StoreError};
use crate::rating::{self, Standing};
use carrom_net::lobby::Ending;
use serde::{Deserialize, Serialize};

/// A player in a seat of a match.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seated {
    /// The seat (0–3).
    pub seat: u8,
    /// The player's public id.
    pub player: String,
    /// The name they gave.
    pub name: String,
    /// The side the seat plays for.
    pub side: usize,
}

/// How a match ended, to record.
pub struct Finished<'a> {
    /// The match.
    pub id: &'a str,
    /// The node recording it: only the node (and process) holding a match may end it.
    pub holder: &'a super::Fence,
    /// `won`, `drawn` or `abandoned`.
    pub ending: Ending,
    /// Its replay document.
    pub replay: &'a str,
    /// Its last state.
    pub state: &'a str,
    /// Turns played.
    pub shots: u32,
    /// The ladder it is rated on, if rated.
    pub ladder: Option<&'a str>,
    /// Its players.
    pub seated: &'a [Seated],
    /// Where each side finished (0 first).
    pub ranks: &'a [usize],
}

impl Store {
    /// Records `finished`: `None` if it was recorded already (or another node holds it), else
    /// each player's rating before and after (empty for an unrated match).
    pub async fn finish(
        &self,
        finished: &Finished<'_>,
    ) -> Result<Option<Vec<(Seated, i32, i32)>>, StoreError> {
        let at = now();
        let mut tx = self.pool.begin().await?;
        let ours = sqlx::query(
            "UPDATE matches SET status = 'over', ending = $1, replay = $2, state = $3, shots = $4, updated = $5 \
             WHERE id = $6 AND status = 'playing' AND node = $7 AND epoch = $8",
        )
        .bind(finished.ending.as_str())
        .bind(finished.replay)
        .bind(finished.state)
        .bind(i64::from(finished.shots))
        .bind(at)
        .bind(finished.id)
        .bind(&finished.holder.node)
        .bind(&finished.holder.epoch)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        let first = if ours == 1 {
            sqlx::query(
                "INSERT INTO results (match_id, ending, at) VALUES ($1, $2, $3) ON CONFLICT (match_id) DO NOTHING",
            )
            .bind(finished.id)
            .bind(finished.ending.as_str())
            .bind(at)
            .execute(&mut *tx)
            .await?
            .rows_affected()
        } else {
            0
        };
        if first == 0 {
            tx.rollback().await?;
            return Ok(None);
        }
        let changes = match finished.ladder {
            Some(ladder) => rate(&mut tx, finished, ladder, at).await?,
            None => vec![],
        };
        tx.commit().await?;
        Ok(Some(changes))
    }
}

/// Rates the players of `finished` on `ladder` in `tx`, each change kept beside the match:
/// each player's rating before and after.
async fn rate(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    finished: &Finished<'_>,
    ladder: &str,
    at: i64,
) -> Result<Vec<(Seated, i32, i32)>, StoreError> {
    let mut changes = vec![];
    let mut before = vec![];
    for seated in finished.seated {
        let row = sqlx::query(
            "SELECT rating, deviation, volatility, games FROM ratings WHERE player = $1 AND ladder = $2",
        )
        .bind(&seated.player)
        .bind(ladder)
        .fetch_optional(&mut **tx)
        .await?;
        before.push(match row {
            Some(row) => standing_of(&row)?,
            None => Standing::new(ladder),
        });
    }
    let sides: Vec<usize> = finished.seated.iter().map(|s| s.side).collect();
    let after = rating::rate(ladder, &before, &sides, finished.ranks);
    for ((seated, old), new) in finished.seated.iter().zip(&before).zip(&after) {
        sqlx::query(
            "INSERT INTO ratings (player, ladder, rating, deviation, volatility, games) \
             VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (player, ladder) DO UPDATE SET \
             rating = excluded.rating, deviation = excluded.deviation, \
             volatility = excluded.volatility, games = excluded.games",
        )
        .bind(&seated.player)
        .bind(ladder)
        .bind(new.rating)
        .bind(new.deviation)
        .bind(new.volatility)
        .bind(i64::from(new.games))
        .execute(&mut **tx)
        .await?;
        sqlx::query(
            "INSERT INTO rating_changes (match_id, player, ladder, rating_before, rating_after, at) \
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(finished.id)
        .bind(&seated.player)
        .bind(ladder)
        .bind(old.rating)
        .bind(new.rating)
        .bind(at)
        .execute(&mut **tx)
        .await?;
        changes.push((seated.clone(), old.rating.round() as i32, new.rating.round() as i32));
    }
    Ok(changes)
}
