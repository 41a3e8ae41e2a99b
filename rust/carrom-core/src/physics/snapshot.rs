//! Snapshots of a whole table. At rest a snapshot is the pieces and the spec; during a shot it
//! also carries rapier's world (contacts and solver state included), so that restoring it and
//! going on gives the very same shot, bit for bit, as never having stopped.

use super::error::TableError;
use super::table::Table;
use serde::{Deserialize, Serialize};

/// A saved table, serde-serialisable (JSON for saves, any serde format for the network).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Snapshot(serde_json::Value);

impl Table {
    /// The whole table as data, for `restore`.
    pub fn snapshot(&self) -> Result<Snapshot, TableError> {
        serde_json::to_value(self).map(Snapshot).map_err(|e| TableError::BadSnapshot(e.to_string()))
    }

    /// A table rebuilt from a snapshot, checked before it is used.
    pub fn restore(snapshot: &Snapshot) -> Result<Table, TableError> {
        let table: Table =
            serde_json::from_value(snapshot.0.clone()).map_err(|e| TableError::BadSnapshot(e.to_string()))?;
        table.check().map_err(TableError::BadSnapshot)?;
        Ok(table)
    }
}

impl Snapshot {
    /// The snapshot as JSON text.
    pub fn to_json(&self) -> String {
        self.0.to_string()
    }

    /// A snapshot read from `to_json`'s text (checked only when restored).
    pub fn from_json(json: &str) -> Result<Snapshot, TableError> {
        serde_json::from_str(json).map(Snapshot).map_err(|e| TableError::BadSnapshot(e.to_string()))
    }
}

/// The shot under way as base64 text of its bincode form: exact, and safe in JSON.
pub(crate) mod motion_text {
    use super::super::table::Motion;
    use base64::engine::general_purpose::STANDARD;
    use base64::Engine;
    use serde::de::Error as _;
    use serde::ser::Error as _;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub fn serialize<S: Serializer>(motion: &Option<Motion>, s: S) -> Result<S::Ok, S::Error> {
        let text = match motion {
            Some(m) => Some(STANDARD.encode(bincode::serialize(m).map_err(S::Error::custom)?)),
            None => None,
        };
        text.serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Motion>, D::Error> {
        let Some(text) = Option::<String>::deserialize(d)? else { return Ok(None) };
        let bytes = STANDARD.decode(text).map_err(D::Error::custom)?;
        bincode::deserialize(&bytes).map(Some).map_err(D::Error::custom)
    }
}
