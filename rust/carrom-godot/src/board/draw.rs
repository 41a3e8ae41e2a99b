//! Drawing the board's markings (from carrom-core's `markings`) onto a canvas item.

use crate::units::Units;
use carrom_core::markings::Markings;
use carrom_core::Vec2;
use godot::classes::Node2D;
use godot::prelude::*;
use std::f32::consts::TAU;

/// The board's colours, from its exported properties.
pub struct Colours {
    pub surface: Color,
    pub frame: Color,
    pub line: Color,
    pub circle: Color,
    pub pocket: Color,
}

/// Line width of the printed marks, metres.
const LINE: f32 = 0.0012;

pub fn draw_board(canvas: &mut Node2D, m: &Markings, c: &Colours, units: Units) {
    let ppm = units.scale();
    let px = |v: Vec2| Vector2::new(v.x * ppm, v.y * ppm);
    let h = m.half_surface * ppm;
    let f = m.frame_width * ppm;
    let line = (LINE * ppm).max(1.0);
    // Frame, with a darker rim, then the surface.
    canvas.draw_rect(
        Rect2::new(Vector2::new(-h - f, -h - f), Vector2::new(2.0 * (h + f), 2.0 * (h + f))),
        c.frame,
    );
    canvas
        .draw_rect_ex(
            Rect2::new(Vector2::new(-h - f, -h - f), Vector2::new(2.0 * (h + f), 2.0 * (h + f))),
            c.frame.darkened(0.35),
        )
        .filled(false)
        .width(f * 0.12)
        .done();
    canvas.draw_rect(Rect2::new(Vector2::new(-h, -h), Vector2::new(2.0 * h, 2.0 * h)), c.surface);
    canvas
        .draw_rect_ex(Rect2::new(Vector2::new(-h, -h), Vector2::new(2.0 * h, 2.0 * h)), c.frame.darkened(0.5))
        .filled(false)
        .width(line * 2.0)
        .done();
    // Baselines and base circles.
    let base_r = m.base_circle_radius * ppm;
    for b in &m.baselines {
        canvas.draw_line_ex(px(b.front[0]), px(b.front[1]), c.line).width(line).antialiased(true).done();
        canvas.draw_line_ex(px(b.back[0]), px(b.back[1]), c.line).width(line).antialiased(true).done();
        for centre in b.circles {
            canvas.draw_circle(px(centre), base_r, c.circle);
            canvas.draw_arc_ex(px(centre), base_r, 0.0, TAU, 32, c.line).width(line).antialiased(true).done();
        }
    }
    // Centre and outer circles.
    canvas.draw_circle(Vector2::ZERO, m.centre_circle_radius * ppm, c.circle);
    canvas
        .draw_arc_ex(Vector2::ZERO, m.centre_circle_radius * ppm, 0.0, TAU, 32, c.line)
        .width(line)
        .antialiased(true)
        .done();
    canvas
        .draw_arc_ex(Vector2::ZERO, m.outer_circle_radius * ppm, 0.0, TAU, 96, c.line)
        .width(line)
        .antialiased(true)
        .done();
    // Diagonal foul lines: a line, an arrowhead at the pocket end, an arc round the inner end.
    for a in &m.arrows {
        let (tip, tail) = (px(a.tip), px(a.tail));
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
    // Pockets: the dark opening with a shadowed rim.
    for p in &m.pockets {
        canvas.draw_circle(px(*p), m.pocket_radius * ppm, c.pocket);
        canvas
            .draw_arc_ex(px(*p), m.pocket_radius * ppm, 0.0, TAU, 40, c.frame.darkened(0.6))
            .width(line * 2.0)
            .antialiased(true)
            .done();
    }
}
