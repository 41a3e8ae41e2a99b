//! Drawing the board's markings (from carrom-core's `markings`) onto a canvas item.

use super::style::Look;
use crate::units::Units;
use carrom_core::markings::Markings;
use carrom_core::Vec2;
use godot::classes::{Node2D, Texture2D};
use godot::prelude::*;
use std::f32::consts::TAU;

/// Line width of the printed marks, metres.
const LINE: f32 = 0.0012;

/// Draws the board: frame and surface, then the printed marks over them, then the pockets.
pub fn draw_board(canvas: &mut Node2D, m: &Markings, c: &Look, units: Units) {
    let ppm = units.scale();
    let mut pen = Pen { canvas, ppm, line: (LINE * ppm).max(1.0) };
    pen.frame_and_surface(m, c);
    super::shade::frame_and_surface(pen.canvas, m, c, ppm);
    pen.baselines(m, c);
    pen.circles(m, c);
    pen.arrows(m, c);
    super::shade::pockets(pen.canvas, m, c, ppm, pen.line);
}

/// A canvas item with the board's scale and the width of its printed lines.
struct Pen<'a> {
    canvas: &'a mut Node2D,
    ppm: f32,
    line: f32,
}

impl Pen<'_> {
    /// A point in metres, in pixels.
    fn px(&self, v: Vec2) -> Vector2 {
        Vector2::new(v.x * self.ppm, v.y * self.ppm)
    }

    /// The frame (wood along each rail, or flat) with a darker rim, then the surface.
    fn frame_and_surface(&mut self, m: &Markings, c: &Look) {
        let (h, f, line) = (m.half_surface * self.ppm, m.frame_width * self.ppm, self.line);
        let canvas = &mut *self.canvas;
        let outer = Rect2::new(Vector2::new(-h - f, -h - f), Vector2::new(2.0 * (h + f), 2.0 * (h + f)));
        match &c.frame_wood {
            Some(wood) => draw_rails(canvas, h, f, c.frame, wood),
            None => canvas.draw_rect(outer, c.frame),
        }
        canvas.draw_rect_ex(outer, c.frame.darkened(0.35)).filled(false).width(f * 0.12).done();
        let surface = Rect2::new(Vector2::new(-h, -h), Vector2::new(2.0 * h, 2.0 * h));
        match &c.surface_wood {
            Some(wood) => canvas.draw_texture_rect_ex(wood, surface, false).modulate(c.surface).done(),
            None => canvas.draw_rect(surface, c.surface),
        }
        canvas.draw_rect_ex(surface, c.frame.darkened(0.5)).filled(false).width(line * 2.0).done();
    }

    /// Each seat's two baselines and their base circles.
    fn baselines(&mut self, m: &Markings, c: &Look) {
        let (base_r, line) = (m.base_circle_radius * self.ppm, self.line);
        for b in &m.baselines {
            let (front, back) =
                ([self.px(b.front[0]), self.px(b.front[1])], [self.px(b.back[0]), self.px(b.back[1])]);
            let centres: Vec<Vector2> = b.circles.iter().map(|centre| self.px(*centre)).collect();
            let canvas = &mut *self.canvas;
            canvas.draw_line_ex(front[0], front[1], c.line).width(line).antialiased(true).done();
            canvas.draw_line_ex(back[0], back[1], c.line).width(line).antialiased(true).done();
            for centre in centres {
                canvas.draw_circle(centre, base_r, c.circle);
                canvas.draw_arc_ex(centre, base_r, 0.0, TAU, 32, c.line).width(line).antialiased(true).done();
            }
        }
    }

    /// The centre circle, filled, and the outer circle round the formation.
    fn circles(&mut self, m: &Markings, c: &Look) {
        let (centre_r, outer_r, line) =
            (m.centre_circle_radius * self.ppm, m.outer_circle_radius * self.ppm, self.line);
        let canvas = &mut *self.canvas;
        canvas.draw_circle(Vector2::ZERO, centre_r, c.circle);
        canvas
            .draw_arc_ex(Vector2::ZERO, centre_r, 0.0, TAU, 32, c.line)
            .width(line)
            .antialiased(true)
            .done();
        canvas.draw_arc_ex(Vector2::ZERO, outer_r, 0.0, TAU, 96, c.line).width(line).antialiased(true).done();
    }

    /// The diagonal foul lines: a line, an arrowhead at the pocket end, an arc round the inner end.
    fn arrows(&mut self, m: &Markings, c: &Look) {
        let (ppm, line) = (self.ppm, self.line);
        for a in &m.arrows {
            let (tip, tail) = (self.px(a.tip), self.px(a.tail));
            let canvas = &mut *self.canvas;
            canvas.draw_line_ex(tip, tail, c.line).width(line).antialiased(true).done();
            let along = (tail - tip).normalized();
            let side = Vector2::new(-along.y, along.x);
            let head = 0.012 * ppm;
            let mut points = PackedVector2Array::new();
            points.push(tip);
            points.push(tip + along * head + side * head * 0.5);
            points.push(tip + along * head - side * head * 0.5);
            canvas.draw_colored_polygon(&points, c.line);
            let facing = (-along).angle();
            canvas
                .draw_arc_ex(tail, a.arc_radius * ppm, facing - 2.4, facing + 2.4, 32, c.line)
                .width(line)
                .antialiased(true)
                .done();
        }
    }
}

/// The frame as four mitred rails of `wood`, each with the grain along its length, and the
/// joints at the corners drawn as a fine darker line.
fn draw_rails(canvas: &mut Node2D, h: f32, f: f32, tint: Color, wood: &Gd<Texture2D>) {
    let outer = h + f;
    // The rail nearest seat 0 (bottom); the others are it turned by quarter turns.
    let rail =
        [Vector2::new(-outer, outer), Vector2::new(outer, outer), Vector2::new(h, h), Vector2::new(-h, h)];
    for quarter in 0..4 {
        let turn = quarter as f32 * TAU / 4.0;
        let mut points = PackedVector2Array::new();
        let mut uvs = PackedVector2Array::new();
        for corner in rail {
            points.push(corner.rotated(turn));
            // u along the rail, v across it; every other rail runs the other way, so that
            // neighbouring rails do not show the same grain side by side.
            let u = (corner.x + outer) / (2.0 * outer);
            let v = (outer - corner.y) / f;
            uvs.push(Vector2::new(if quarter % 2 == 0 { u } else { 1.0 - u }, v));
        }
        canvas.draw_colored_polygon_ex(&points, tint).uvs(&uvs).texture(wood).done();
    }
    let joint = tint.darkened(0.45);
    for corner in
        [Vector2::new(1.0, 1.0), Vector2::new(-1.0, 1.0), Vector2::new(1.0, -1.0), Vector2::new(-1.0, -1.0)]
    {
        canvas
            .draw_line_ex(corner * h, corner * outer, joint)
            .width((f * 0.02).max(1.0))
            .antialiased(true)
            .done();
    }
}
