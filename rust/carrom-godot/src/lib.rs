//! carrom-godot: carrom-core as Godot 4 nodes, by gdext. Thin glue: it converts units and
//! types, owns the core objects inside nodes, turns core events into signals and bad calls into
//! Godot errors. No rule or physics formula lives here.

// The nodes are not built for unit tests (they need a running engine), so some helpers look
// unused there.
#[cfg_attr(test, allow(dead_code))]
mod convert;

#[cfg(not(test))]
mod ai_node;
#[cfg(not(test))]
mod board;
#[cfg(not(test))]
mod draw;
#[cfg(not(test))]
mod piece_node;
#[cfg(not(test))]
mod pieces;
#[cfg(not(test))]
mod rules_node;
#[cfg(not(test))]
mod variant;

use godot::prelude::*;

struct CarromExtension;

#[gdextension]
unsafe impl ExtensionLibrary for CarromExtension {}
