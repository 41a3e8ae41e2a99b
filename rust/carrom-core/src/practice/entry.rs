//! An attempt at the daily challenge as a device sends it to the match server: the day and
//! each strike's exact values. The server makes the day's challenge itself, plays the strikes
//! again on its own core from that position, and counts only what they do there, so a score
//! cannot be made up: a device says how it struck, never what came of it.

use super::trick::{Attempt, Progress, Trick};
use crate::game::Turn;
use crate::physics::Table;
use crate::vec2::Vec2;
use serde::{Deserialize, Serialize};

/// The largest entry read, bytes: twenty strikes written long fit in well under this.
pub const MAX_ENTRY_BYTES: usize = 4096;

/// One strike as the board took it: exact core values, so that it plays again bit for bit.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Stroke {
    /// Metres to the player's right of the middle of the trick's baseline.
    pub offset: f32,
    /// Which way the striker went (any length).
    pub direction: Vec2,
    /// m/s.
    pub speed: f32,
}

/// An attempt at day `day`'s challenge: its strikes, first to last.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DailyEntry {
    /// Days since 1 January 1970, UTC: which challenge was attempted.
    pub day: u32,
    /// Every strike of the attempt.
    pub strikes: Vec<Stroke>,
}

/// Why an entry was not counted: said to the device as it is.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("entry refused: {0}")]
pub struct EntryError(pub String);

impl DailyEntry {
    /// The entry as JSON text, which [`DailyEntry::read`] reads back as it is.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// An entry from untrusted text: bounded in size, every field checked for its type, and
    /// no more strikes than any trick allows.
    pub fn read(text: &str) -> Result<DailyEntry, EntryError> {
        if text.len() > MAX_ENTRY_BYTES {
            return Err(EntryError(format!(
                "{} bytes is more than the {MAX_ENTRY_BYTES} an entry may have",
                text.len()
            )));
        }
        let entry: DailyEntry = serde_json::from_str(text).map_err(|e| EntryError(e.to_string()))?;
        entry.checked()
    }

    /// The entry, if it holds no fewer strikes than one and no more than any trick allows (for
    /// one read as part of a larger message, bounded there).
    pub fn checked(self) -> Result<DailyEntry, EntryError> {
        let most = usize::from(super::MAX_STRIKES);
        if self.strikes.is_empty() || self.strikes.len() > most {
            return Err(EntryError(format!(
                "an entry holds 1 to {most} strikes, not {}",
                self.strikes.len()
            )));
        }
        Ok(self)
    }
}

/// Plays `strikes` from `trick`'s position, on a board with no referee as the game's trick
/// table is, and judges them as an attempt: the strikes and stars when they do the trick with
/// the last of them. Refused, saying which strike and why, when a strike cannot be made there,
/// when the attempt fails or is not done by the last strike, or when strikes come after it
/// ended. More strikes than the trick allows are refused before any is played, so the work an
/// entry can cause is bounded by the trick.
pub fn play_attempt(trick: &Trick, strikes: &[Stroke]) -> Result<(u8, u8), EntryError> {
    if strikes.len() > usize::from(trick.stars[2]) {
        return Err(EntryError(format!(
            "{} strikes, where this challenge fails after {}",
            strikes.len(),
            trick.stars[2]
        )));
    }
    let mut table = Table::icf();
    trick.set_up(&mut table).map_err(|e| EntryError(format!("the challenge cannot be set up: {e}")))?;
    let mut attempt = Attempt::new(trick.clone());
    for (n, stroke) in strikes.iter().enumerate() {
        let which = n + 1;
        if attempt.progress() != Progress::Going {
            return Err(EntryError(format!("strike {which} comes after the attempt ended")));
        }
        let mut turn = Turn::free(&mut table);
        turn.place_and_strike(trick.seat, stroke.offset, stroke.direction, stroke.speed)
            .map_err(|e| EntryError(format!("strike {which} cannot be made: {e}")))?;
        let ruling = turn.run_to_rest().map_err(|e| EntryError(format!("strike {which}: {e}")))?;
        let report = ruling.report.ok_or_else(|| EntryError(format!("strike {which} made no shot")))?;
        if let Progress::Failed(why) = attempt.record(&report) {
            return Err(EntryError(format!("strike {which} fails the challenge ({})", why.key())));
        }
    }
    match attempt.progress() {
        Progress::Done { strikes, stars } => Ok((strikes, stars)),
        _ => Err(EntryError(format!("the challenge is not done after {} strikes", strikes.len()))),
    }
}
