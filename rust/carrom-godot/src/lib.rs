//! carrom-godot: carrom-core as Godot 4 nodes, by gdext. Thin glue: it converts units and
//! types, owns the core objects inside nodes, turns core events into signals and refused calls
//! into one Godot error each. No rule or physics formula lives here.

// Pure conversions, tested by `cargo test` without an engine.
#[cfg_attr(test, allow(dead_code))]
mod convert;
#[cfg_attr(test, allow(dead_code))]
mod fields;
#[cfg_attr(test, allow(dead_code))]
mod heard;
mod heard_people;
#[cfg_attr(test, allow(dead_code))]
mod units;

#[cfg(not(test))]
mod ai;
#[cfg(not(test))]
mod alive;
#[cfg(not(test))]
mod board;
#[cfg(not(test))]
mod enums;
#[cfg(not(test))]
mod lobby;
#[cfg(not(test))]
mod net;
#[cfg(not(test))]
mod physics;
#[cfg(not(test))]
mod piece;
#[cfg(not(test))]
mod refusal;
#[cfg(not(test))]
mod rules;
#[cfg(not(test))]
mod ruleset;
#[cfg(not(test))]
mod trick;
#[cfg(not(test))]
mod variant;

use godot::prelude::*;

struct CarromExtension;

#[gdextension]
unsafe impl ExtensionLibrary for CarromExtension {}
