//! The one error path of the nodes. A `#[func]` that may be refused returns
//! `Result<(), Refused>`: GDScript sees `true` when it was done, and `false` with one Godot error
//! saying what was wrong and what is allowed. A call that returns a value goes through
//! `value_or_default`: the value, or an empty one after that one error. A refused call changes
//! nothing.

use carrom_core::game::GameError;
use godot::meta::error::{CallOutcome, ErrorToGodot};
use godot::prelude::*;

/// Why a call was refused, in words for the game maker.
#[derive(Debug, Clone, PartialEq)]
pub struct Refused(pub String);

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Refused {}

impl From<String> for Refused {
    fn from(reason: String) -> Refused {
        Refused(reason)
    }
}

impl From<&str> for Refused {
    fn from(reason: &str) -> Refused {
        Refused(reason.to_string())
    }
}

impl From<GameError> for Refused {
    fn from(error: GameError) -> Refused {
        Refused(error.to_string())
    }
}

impl From<carrom_core::aim::AimError> for Refused {
    fn from(error: carrom_core::aim::AimError) -> Refused {
        Refused(error.to_string())
    }
}

impl From<carrom_core::physics::TableError> for Refused {
    fn from(error: carrom_core::physics::TableError) -> Refused {
        Refused(error.to_string())
    }
}

impl Refused {
    /// Tells the refusal as one Godot error.
    pub fn log(&self) {
        godot_error!("carrom: {}", self.0);
    }
}

/// The value of a call that returns one, or an empty value after the one error saying why.
pub fn value_or_default<T: Default>(result: Result<T, Refused>) -> T {
    result.unwrap_or_else(|refused| {
        refused.log();
        T::default()
    })
}

impl ErrorToGodot<()> for Refused {
    type Mapped = bool;

    fn result_to_godot(result: Result<(), Refused>) -> CallOutcome<bool> {
        match result {
            Ok(()) => CallOutcome::Return(true),
            Err(refused) => {
                refused.log();
                CallOutcome::Return(false)
            }
        }
    }
}
