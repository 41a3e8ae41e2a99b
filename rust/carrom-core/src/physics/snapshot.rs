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
    pub fn snapshot(&self) -> Snapshot {
        // A table is plain data; serialising it to a JSON value cannot fail.
        Snapshot(serde_json::to_value(self).unwrap_or(serde_json::Value::Null))
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
    pub fn to_json(&self) -> String {
        self.0.to_string()
    }

    pub fn from_json(json: &str) -> Result<Snapshot, TableError> {
        serde_json::from_str(json).map(Snapshot).map_err(|e| TableError::BadSnapshot(e.to_string()))
    }
}
