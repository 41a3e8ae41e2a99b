//! The daily challenge on the server: the day's challenge made here from the date, as every
//! device makes it, and an entry's strikes played again on this server's own core. Only what
//! the strikes do here counts: a device cannot claim a score its strikes do not make. (Which
//! hand made them it cannot tell: a strike the coach suggested, or a script's, counts as a
//! person's.)

use carrom_core::practice::{daily, play_attempt, Stroke, Trick};
use std::collections::BTreeMap;
use std::sync::Arc;
use tokio::sync::{Mutex, OnceCell, Semaphore};

/// A day's challenge takes entries from this long before its day begins (UTC), seconds: a
/// device's clock may be a little ahead. Not more, or its board could be filled before anyone
/// can play it.
pub const EARLY_SECONDS: i64 = 5 * 60;
/// And until this long after its day ends: an attempt begun before midnight may end after it.
pub const LATE_SECONDS: i64 = 60 * 60;

/// Entries played again at once: each holds a core for a moment, and the matches need theirs.
const JUDGING_AT_ONCE: usize = 2;

/// A day's challenge, made once (none when no layout of the day could be done by the expert).
type Made = Arc<OnceCell<Option<Arc<Trick>>>>;

/// The challenges made so far (only the open days are kept), and the room to judge entries in.
pub struct Challenges {
    made: Mutex<BTreeMap<u32, Made>>,
    judging: Arc<Semaphore>,
}

impl Default for Challenges {
    fn default() -> Self {
        Challenges { made: Mutex::new(BTreeMap::new()), judging: Arc::new(Semaphore::new(JUDGING_AT_ONCE)) }
    }
}

/// Whether `day` (days since 1 January 1970, UTC) takes entries at `now` (seconds since 1970).
fn is_open(day: u32, now: i64) -> bool {
    let begins = i64::from(day) * 86_400;
    (begins - EARLY_SECONDS..begins + 86_400 + LATE_SECONDS).contains(&now)
}

/// Whether `day`'s challenge takes entries now, or why not.
pub fn open(day: u32) -> Result<(), String> {
    let now = crate::store::now();
    if !is_open(day, now) {
        return Err(format!(
            "day {day} is not open: a day takes entries from {} minutes before it begins to {} \
             minutes after it ends (UTC; today is day {})",
            EARLY_SECONDS / 60,
            LATE_SECONDS / 60,
            now / 86_400
        ));
    }
    Ok(())
}

impl Challenges {
    /// `day`'s challenge, made on first asking (by the expert, on a blocking thread: a second
    /// or so) and kept while its day is open. Asked together, it is made once; a request that
    /// goes away meanwhile leaves it to be made and kept all the same.
    pub async fn challenge(&self, day: u32) -> Result<Arc<Trick>, String> {
        let made = {
            let mut made = self.made.lock().await;
            let now = crate::store::now();
            made.retain(|d, _| is_open(*d, now) || *d == day);
            made.entry(day).or_default().clone()
        };
        let making = tokio::spawn(async move {
            made.get_or_init(|| async move {
                tokio::task::spawn_blocking(move || daily(day).map(Arc::new)).await.unwrap_or(None)
            })
            .await
            .clone()
        });
        let trick = making.await.map_err(|e| format!("making the challenge of day {day} failed: {e}"))?;
        trick.ok_or_else(|| format!("day {day} has no challenge: none could be made for it"))
    }

    /// Plays `strikes` from `trick`'s position: the strikes and stars they earn, or why they
    /// earn none. At most `JUDGING_AT_ONCE` entries are played at a time, each holding its
    /// place until it is played, whether or not its request still waits.
    pub async fn judge(&self, trick: Arc<Trick>, strikes: Vec<Stroke>) -> Result<(u8, u8), String> {
        let judging = self.judging.clone();
        let played = tokio::spawn(async move {
            let _place = judging.acquire_owned().await.map_err(|e| e.to_string())?;
            tokio::task::spawn_blocking(move || play_attempt(&trick, &strikes).map_err(|e| e.to_string()))
                .await
                .map_err(|e| format!("playing the entry again failed: {e}"))?
        });
        played.await.map_err(|e| format!("playing the entry again failed: {e}"))?
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_day_takes_entries_from_just_before_it_begins_to_an_hour_after_it_ends() {
        let day = 20_791;
        let begins = i64::from(day) * 86_400;
        assert!(!is_open(day, begins - EARLY_SECONDS - 1), "the evening before: its board is not open yet");
        assert!(is_open(day, begins - EARLY_SECONDS));
        assert!(is_open(day, begins + 43_200));
        assert!(is_open(day, begins + 86_400 + LATE_SECONDS - 1));
        assert!(!is_open(day, begins + 86_400 + LATE_SECONDS));
    }
}
