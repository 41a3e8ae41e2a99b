//! The table's physics: a rapier2d world per shot, Coulomb friction against the surface,
//! pockets, hits and the shot report.

mod contact;
mod cushion;
mod error;
mod event;
mod friction;
mod piece_state;
mod pocket;
mod power;
mod report;
mod setting;
mod snapshot;
mod table;
mod world;

pub use error::TableError;
pub use event::Event;
pub use piece_state::{PieceState, Place};
pub use pocket::Pocket;
pub use power::{speed_of, POWER_ALLOWED};
pub use report::{Pocketing, ShotReport};
pub use snapshot::{Snapshot, MAX_RESUMED_STEPS, MAX_SNAPSHOT_BYTES};
pub use table::Table;
