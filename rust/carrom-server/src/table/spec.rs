//! What a table plays — the match's id and code, its mode and ruleset, whether it is rated,
//! who sits where — and its row in the database: each made from the other in one place.

use crate::store::{SavedMatch, Seated};
use carrom_core::rules::Mode;

/// What a table plays: the match and who sits where.
#[derive(Clone)]
pub struct TableSpec {
    /// The match's id.
    pub id: String,
    /// Its room's code, for watchers and rematches.
    pub code: String,
    /// The mode.
    pub mode: Mode,
    /// The ruleset preset.
    pub rules: String,
    /// Whether it changes ratings.
    pub rated: bool,
    /// Who sits where.
    pub seated: Vec<Seated>,
}

impl TableSpec {
    /// The table of a match saved by a node (this one before a restart, or one gone).
    pub fn of_saved(saved: &SavedMatch) -> Result<TableSpec, String> {
        let seated = saved.seated().map_err(|e| e.to_string())?;
        let mode = Mode::from_name(&saved.mode).ok_or("no such mode")?;
        Ok(TableSpec {
            id: saved.id.clone(),
            code: saved.code.clone(),
            mode,
            rules: saved.rules.clone(),
            rated: saved.rated,
            seated,
        })
    }

    /// This table's row after `shots` settled turns, the match then being `state` (its save
    /// document).
    pub fn saved(&self, shots: u32, state: String) -> SavedMatch {
        SavedMatch {
            id: self.id.clone(),
            code: self.code.clone(),
            mode: self.mode.name().into(),
            rules: self.rules.clone(),
            rated: self.rated,
            // A list of plain seats always writes: nothing in it can fail to serialise.
            seats: serde_json::to_string(&self.seated).unwrap_or_default(),
            shots,
            state,
        }
    }
}
