//! carrom-core: the whole carrom game without Godot.
//!
//! - [`spec`]: the ICF board and the physical constants.
//! - [`baseline`]: where the striker may stand (K1).
//! - [`physics`]: the table, simulated with rapier2d, with sliding friction.
//! - [`rules`]: the referee, a pure state machine over shot summaries.
//! - [`game`]: the one turn sequence (`Turn`) that joins a table and a referee, the replay
//!   and the one saved match.
//! - [`ai`]: the computer opponent; [`aim`]: the aim guide; [`markings`]: what is printed
//!   on the board.
//!
//! Units are SI; the board's centre is the origin, `x` to seat 0's right, `y` towards seat 0.
//!
//! ```
//! use carrom_core::prelude::*;
//!
//! let mut game = Game::new(BoardSpec::icf(), MatchSettings::new(Mode::Singles), 7).unwrap();
//! let seat = game.rules().to_play().unwrap();
//! let ruling = game
//!     .perform(&Action::Strike { seat, offset: 0.0, direction: -seat.towards(), speed: 6.0 })
//!     .unwrap();
//! assert!(ruling.report.is_some_and(|r| r.broke_formation));
//! ```

pub mod ai;
pub mod aim;
pub mod baseline;
mod formation;
pub mod game;
pub mod markings;
pub mod physics;
pub mod piece;
pub mod practice;
mod return_spot;
pub mod rules;
pub mod seat;
pub mod spec;
pub mod vec2;

pub use physics::{Event, PieceState, Place, Pocket, ShotReport, Snapshot, Table, TableError};
pub use piece::{PieceId, PieceKind};
pub use seat::Seat;
pub use spec::BoardSpec;
pub use vec2::Vec2;

/// What most users of the crate need, in one `use`.
pub mod prelude {
    pub use crate::ai::{Level, Shot};
    pub use crate::game::{Action, Game, GameError, Referee, Replay, Ruling, Turn};
    pub use crate::physics::{Event, Place, Pocket, ShotReport, Table, TableError};
    pub use crate::piece::{PieceId, PieceKind};
    pub use crate::rules::{Match, MatchSettings, Mode, RuleEvent, Side, Verdict};
    pub use crate::seat::Seat;
    pub use crate::spec::BoardSpec;
    pub use crate::vec2::Vec2;
}
