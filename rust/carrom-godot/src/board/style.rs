//! The board's look as its drawing reads it: the colours, the wood and the lamp.

use godot::classes::Texture2D;
use godot::prelude::*;

/// The board's look, from its exported properties.
pub struct Look {
    pub surface: Color,
    pub frame: Color,
    pub line: Color,
    pub circle: Color,
    pub pocket: Color,
    /// Wood laid along each rail of the frame, tinted by `frame`.
    pub frame_wood: Option<Gd<Texture2D>>,
    /// Wood stretched over the playing surface, tinted by `surface`.
    pub surface_wood: Option<Gd<Texture2D>>,
    /// Towards the lamp, in the board's own frame (a unit vector): see `shade`.
    pub light: Vector2,
}
