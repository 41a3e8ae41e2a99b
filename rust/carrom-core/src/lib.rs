//! carrom-core: the whole carrom game without Godot.
//!
//! - [`spec`]: the ICF board and the physical constants.
//! - [`layout`], [`baseline`], [`centre`]: where pieces start, where the striker may stand,
//!   where returned pieces go.
//! - [`physics`]: the table, simulated with rapier2d.
//!
//! Units are SI; the board's centre is the origin, `x` to seat 0's right, `y` towards seat 0.

pub mod ai;
pub mod aim;
pub mod baseline;
pub mod centre;
pub mod game;
pub mod layout;
pub mod markings;
pub mod physics;
pub mod piece;
pub mod rules;
pub mod seat;
pub mod spec;
pub mod vec2;

pub use physics::{Event, PieceState, Place, Pocket, ShotReport, Snapshot, Table, TableError};
pub use piece::{PieceId, PieceKind};
pub use seat::Seat;
pub use spec::BoardSpec;
pub use vec2::Vec2;
