//! Snapshots of a whole table, as data that is checked on the way in. At rest a snapshot is
//! the spec and the pieces. During a shot it is the table as the shot began, the strike and
//! the number of steps played: loading plays those steps again, and since the simulation is
//! deterministic the shot goes on bit for bit as if it had never stopped. No engine state is
//! ever read from a file. Playing steps again is the one work a load causes, so a snapshot may
//! claim at most [`MAX_RESUMED_STEPS`] of them: a few tenths of a second on a phone, however
//! slow the board's spec (see `docs/benchmarks.md`, Loading).

use super::error::TableError;
use super::piece_state::PieceState;
use super::table::Table;
use crate::seat::Seat;
use crate::spec::BoardSpec;
use crate::vec2::Vec2;
use serde::{Deserialize, Serialize};

/// The largest saved table read: a table is a few kilobytes.
pub const MAX_SNAPSHOT_BYTES: usize = 256 << 10;

/// The most steps of a shot under way a snapshot may hold: 25 s of play on the ICF board's
/// 240 steps a second, where shots settle in two to ten. A shot still rolling past it is saved
/// once it comes to rest.
pub const MAX_RESUMED_STEPS: u32 = 6_000;

/// A saved table, serde-serialisable (JSON for saves, any serde format for the network).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Snapshot(serde_json::Value);

/// The saved form of a table.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct TableData {
    spec: BoardSpec,
    /// The pieces at rest (as the shot began, during a shot).
    pieces: Vec<PieceState>,
    /// The placed striker's seat and offset.
    placed_striker: Option<(Seat, f32)>,
    /// The shot under way.
    shot: Option<ShotData>,
}

/// A shot under way: its strike and how far it has run.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct ShotData {
    direction: Vec2,
    speed: f32,
    steps: u32,
}

impl Table {
    /// The whole table as data, for `restore`.
    pub fn snapshot(&self) -> Result<Snapshot, TableError> {
        let data = match &self.motion {
            Some(motion) if motion.report.steps > MAX_RESUMED_STEPS => {
                return Err(TableError::BadSnapshot(format!(
                    "a shot {} steps in is too long to save while it rolls (at most {MAX_RESUMED_STEPS}): \
                     save it once it comes to rest",
                    motion.report.steps
                )))
            }
            Some(motion) => TableData {
                spec: self.spec.clone(),
                pieces: motion.start.pieces.clone(),
                placed_striker: Some(motion.start.striker),
                shot: Some(ShotData {
                    direction: motion.start.direction,
                    speed: motion.start.speed,
                    steps: motion.report.steps,
                }),
            },
            None => TableData {
                spec: self.spec.clone(),
                pieces: self.pieces.clone(),
                placed_striker: self.placed_striker,
                shot: None,
            },
        };
        serde_json::to_value(data).map(Snapshot).map_err(|e| TableError::BadSnapshot(e.to_string()))
    }

    /// A table rebuilt from a snapshot: every field checked, a shot under way played again to
    /// where it was.
    pub fn restore(snapshot: &Snapshot) -> Result<Table, TableError> {
        let data: TableData =
            serde_json::from_value(snapshot.0.clone()).map_err(|e| TableError::BadSnapshot(e.to_string()))?;
        let mut table =
            Table { spec: data.spec, pieces: data.pieces, placed_striker: data.placed_striker, motion: None };
        table.check_at_rest()?;
        if let Some(shot) = data.shot {
            if shot.steps > MAX_RESUMED_STEPS {
                return Err(TableError::BadSnapshot(format!(
                    "the saved shot is {} steps in: a saved shot may be at most {MAX_RESUMED_STEPS} steps in",
                    shot.steps
                )));
            }
            table
                .strike(shot.direction, shot.speed)
                .map_err(|e| TableError::BadSnapshot(format!("the saved strike: {e}")))?;
            for step in 0..shot.steps {
                if !table.is_moving() {
                    return Err(TableError::BadSnapshot(format!(
                        "the saved shot settles after {step} steps, not {}",
                        shot.steps
                    )));
                }
                table.step();
            }
            if !table.is_moving() {
                return Err(TableError::BadSnapshot("the saved shot has already settled".into()));
            }
        }
        Ok(table)
    }
}

impl Snapshot {
    /// The snapshot as JSON text.
    pub fn to_json(&self) -> String {
        self.0.to_string()
    }

    /// A snapshot read from `to_json`'s text (checked only when restored), at most
    /// `MAX_SNAPSHOT_BYTES` long.
    pub fn from_json(json: &str) -> Result<Snapshot, TableError> {
        if json.len() > MAX_SNAPSHOT_BYTES {
            return Err(TableError::BadSnapshot(format!(
                "{} bytes is more than the {MAX_SNAPSHOT_BYTES} a saved table may have",
                json.len()
            )));
        }
        serde_json::from_str(json).map(Snapshot).map_err(|e| TableError::BadSnapshot(e.to_string()))
    }
}
