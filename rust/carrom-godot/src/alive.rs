//! Node references that may outlive their node: a freed node reads as none, never as a panic.

use godot::obj::{Gd, GodotClass};

/// The node `node` refers to, if it is set and still alive.
pub fn alive<T: GodotClass>(node: &Option<Gd<T>>) -> Option<Gd<T>> {
    node.as_ref().filter(|n| n.is_instance_valid()).cloned()
}
