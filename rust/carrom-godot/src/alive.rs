//! Node references that may outlive their node, and signal connections that may outlive either
//! end: a freed node reads as none, never as a panic.

use godot::obj::{Gd, GodotClass};

/// The node `node` refers to, if it is set and still alive.
pub fn alive<T: GodotClass>(node: &Option<Gd<T>>) -> Option<Gd<T>> {
    node.as_ref().filter(|n| n.is_instance_valid()).cloned()
}

/// Ends a connection made with a typed signal's `connect_*`, if it still stands (either end
/// may have been freed since).
pub fn disconnect(handle: Option<godot::signal::ConnectHandle>) {
    if let Some(handle) = handle.filter(|h| h.is_connected()) {
        handle.disconnect();
    }
}
