//! Keeping the board's still drawing true to the screen: painted again when the board turns
//! (its shading follows the lamp), when its size on the screen changes or it fades, and drawn
//! from the look properties.

use super::{draw, style, CarromBoard};
use carrom_core::markings::markings;
use godot::prelude::*;

impl CarromBoard {
    /// Asks for a new painting once the board has turned or changed size on the screen and
    /// holds still.
    pub(super) fn follow_the_screen(&mut self) {
        let (turn, sharpness) = (self.base().get_global_rotation(), self.sharpness());
        let turned = turn_between(turn, self.drawn_turn) > 0.02;
        let resized =
            self.painting.as_ref().is_some_and(|p| (sharpness - p.painted_for).abs() > 0.04 * sharpness);
        let (was_turn, was_sharpness) = std::mem::replace(&mut self.seen, (turn, sharpness));
        let still =
            turn_between(turn, was_turn) < 1e-4 && (sharpness - was_sharpness).abs() <= 1e-4 * sharpness;
        let faded = self.fade() < 0.999;
        let repaint = match self.painting.as_mut() {
            Some(painting) => {
                painting.follow(turn, sharpness, faded);
                painting.due(turned || resized, still)
            }
            // The editor draws live.
            None => turned,
        };
        if repaint {
            self.base_mut().queue_redraw();
        }
    }

    /// Draws the board: from its painting, or live (in the editor).
    pub(super) fn draw_still(&mut self) {
        let look = style::Look {
            surface: self.surface_color,
            frame: self.frame_color,
            line: self.line_color,
            circle: self.circle_color,
            pocket: self.pocket_color,
            frame_wood: self.frame_texture.clone(),
            surface_wood: self.surface_texture.clone(),
            light: self.light_towards(),
        };
        let (m, units) = (markings(self.table().spec()), self.units);
        let sharpness = self.sharpness();
        match self.painting.take() {
            Some(mut painting) => {
                painting.paint(m, look, units, sharpness);
                self.painting = Some(painting);
            }
            None => draw::draw_board(&mut self.base_mut(), &m, &look, units),
        }
    }

    /// Screen pixels per board pixel: the node's scale on its canvas and the window's stretch.
    fn sharpness(&self) -> f32 {
        let on_canvas = self.base().get_global_transform_with_canvas().scale().x.abs();
        let stretch =
            self.base().get_viewport().map(|v| v.get_final_transform().scale().x.abs()).unwrap_or(1.0);
        on_canvas * stretch
    }

    /// How opaque the board is drawn: its modulate's alpha and its parents'.
    fn fade(&self) -> f32 {
        let mut alpha = self.base().get_modulate().a;
        let mut parent = self.base().get_parent();
        while let Some(node) = parent {
            let Ok(item) = node.clone().try_cast::<godot::classes::CanvasItem>() else { break };
            alpha *= item.get_modulate().a;
            parent = item.get_parent();
        }
        alpha
    }

    /// Towards the lamp in the board's own frame, remembering the turn it was drawn at.
    fn light_towards(&mut self) -> Vector2 {
        self.drawn_turn = self.base().get_global_rotation();
        self.light_direction.normalized().rotated(-self.drawn_turn)
    }
}

/// How far apart two turns are, in radians, the short way round (a half turn reads as π or
/// −π, and a whole turn as none).
fn turn_between(a: f32, b: f32) -> f32 {
    let (half, whole) = (std::f32::consts::PI, std::f32::consts::TAU);
    ((a - b + half).rem_euclid(whole) - half).abs()
}

#[cfg(test)]
mod tests {
    use super::turn_between;
    use std::f32::consts::{PI, TAU};

    #[test]
    fn a_half_turn_either_way_is_no_turn_between_and_a_whole_turn_is_none() {
        assert!(turn_between(PI, -PI) < 1e-5);
        assert!(turn_between(TAU, 0.0) < 1e-5);
        assert!((turn_between(0.1, -0.1) - 0.2).abs() < 1e-5);
        assert!((turn_between(PI - 0.05, -PI + 0.05) - 0.1).abs() < 1e-4);
    }
}
