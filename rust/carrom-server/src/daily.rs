//! The daily challenge on the server: the day's challenge made here from the date, as every
//! device makes it, and an entry's strikes played again on this server's own core. Only what
//! the strikes do here counts, so the board holds scores nobody can make up.

use carrom_core::practice::{daily, play_attempt, Stroke, Trick};
use std::collections::BTreeMap;
use std::sync::Arc;
use tokio::sync::{Mutex, Semaphore};

/// Days either side of today (UTC) whose challenge takes entries: a device's clock may be a
/// little off, and an attempt begun before midnight may end after it.
pub const OPEN_DAYS: u32 = 1;

/// Entries played again at once: each holds a core for a moment, and the matches need theirs.
const JUDGING_AT_ONCE: usize = 2;

/// The challenges made so far (only the open days are kept), and the room to judge entries in.
pub struct Challenges {
    made: Mutex<BTreeMap<u32, Option<Arc<Trick>>>>,
    judging: Semaphore,
}

impl Default for Challenges {
    fn default() -> Self {
        Challenges { made: Mutex::new(BTreeMap::new()), judging: Semaphore::new(JUDGING_AT_ONCE) }
    }
}

/// Today, as the daily challenge counts days: since 1 January 1970, UTC.
pub fn today() -> u32 {
    u32::try_from(crate::store::now() / 86_400).unwrap_or(0)
}

/// Whether `day`'s challenge takes entries now, or why not.
pub fn open(day: u32) -> Result<(), String> {
    let today = today();
    if day.abs_diff(today) > OPEN_DAYS {
        return Err(format!(
            "day {day} is not open: entries are taken for days {} to {} (today is {today}, UTC)",
            today.saturating_sub(OPEN_DAYS),
            today + OPEN_DAYS
        ));
    }
    Ok(())
}

impl Challenges {
    /// `day`'s challenge, made on first asking (by the expert, on a blocking thread: a second
    /// or so) and kept while its day is open. Asked together, it is made once.
    pub async fn challenge(&self, day: u32) -> Result<Arc<Trick>, String> {
        let mut made = self.made.lock().await;
        let today = today();
        made.retain(|d, _| d.abs_diff(today) <= OPEN_DAYS);
        let trick = match made.get(&day) {
            Some(trick) => trick.clone(),
            None => {
                let trick = tokio::task::spawn_blocking(move || daily(day).map(Arc::new))
                    .await
                    .map_err(|e| format!("making the challenge of day {day} failed: {e}"))?;
                made.insert(day, trick.clone());
                trick
            }
        };
        trick.ok_or_else(|| format!("day {day} has no challenge: none could be made for it"))
    }

    /// Plays `strikes` from `trick`'s position: the strikes and stars they earn, or why they
    /// earn none. At most `JUDGING_AT_ONCE` entries are played at a time.
    pub async fn judge(&self, trick: Arc<Trick>, strikes: Vec<Stroke>) -> Result<(u8, u8), String> {
        let _turn = self.judging.acquire().await.map_err(|e| e.to_string())?;
        tokio::task::spawn_blocking(move || play_attempt(&trick, &strikes).map_err(|e| e.to_string()))
            .await
            .map_err(|e| format!("playing the entry again failed: {e}"))?
    }
}
