//! Light and shade over the board's drawing, from the lamp's side (`Look::light`): the rails'
//! bevels brighter where they face the lamp, the shadow the raised frame throws on the surface,
//! a faint sheen of lacquer, and each pocket drawn as a cup going down into the dark. All of it
//! is drawn once with the board (a change of lamp or turn redraws it), as gradients of vertex
//! colour: a few triangles, cheap for a phone's GPU and for a software renderer alike.

use super::style::Look;
use carrom_core::markings::Markings;
use godot::classes::{Node2D, RenderingServer};
use godot::prelude::*;
use std::f32::consts::TAU;

/// Segments round a circle of the sheen and the cups.
const ROUND: usize = 40;

/// The bevels of the four rails and the frame's shadow on the surface, over the wood and the
/// surface but under the marks.
pub fn frame_and_surface(canvas: &mut Node2D, m: &Markings, c: &Look, ppm: f32) {
    let (h, f) = (m.half_surface * ppm, m.frame_width * ppm);
    let outer = h + f;
    let (lip, edge, reach) = (f * 0.16, f * 0.09, f * 0.32);
    let mut mesh = Mesh::default();
    for quarter in 0..4 {
        let turn = quarter as f32 * TAU / 4.0;
        // Seat 0's rail, at the bottom; the others are it turned by quarter turns.
        let inward = Vector2::new(0.0, -1.0).rotated(turn);
        let facing = inward.dot(c.light);
        let at = |x: f32, y: f32| Vector2::new(x, y).rotated(turn);
        // The lip running down to the surface faces the centre; the outer edge faces away.
        let lip_colour = light_or_shade(facing, 0.38, 0.55);
        mesh.quad(
            [at(-h, h), at(h, h), at(h + lip, h + lip), at(-h - lip, h + lip)],
            [lip_colour.darkened(0.2), lip_colour.darkened(0.2), lip_colour, lip_colour],
        );
        let edge_colour = light_or_shade(-facing, 0.26, 0.45);
        mesh.quad(
            [
                at(-outer, outer),
                at(outer, outer),
                at(outer - edge, outer - edge),
                at(-outer + edge, outer - edge),
            ],
            [edge_colour; 4],
        );
        // The rail between the lamp and the surface throws a soft shadow onto it.
        let over = (-facing).max(0.0);
        if over > 0.0 {
            let dark = Color::from_rgba(0.0, 0.0, 0.0, 0.36 * over);
            let clear = Color::from_rgba(0.0, 0.0, 0.0, 0.0);
            let w = reach * over;
            mesh.quad([at(-h, h), at(h, h), at(h - w, h - w), at(-h + w, h - w)], [dark, dark, clear, clear]);
        }
    }
    // The lacquer shows the lamp as a broad, faint brightness on its side of the surface.
    let glow = Color::from_rgba(1.0, 0.98, 0.92, 0.10);
    mesh.fan(c.light * h * 0.38, h * 0.58, glow, |_| Color::from_rgba(1.0, 0.98, 0.92, 0.0));
    mesh.draw(canvas);
}

/// Each pocket as a cup: its wall lit on the side away from the lamp (which the light reaches
/// over the rim), dark towards the middle, with the strands of a net in the bottom.
pub fn pockets(canvas: &mut Node2D, m: &Markings, c: &Look, ppm: f32, line: f32) {
    let radius = m.pocket_radius * ppm;
    let wall = c.frame.darkened(0.7);
    let mut mesh = Mesh::default();
    for p in &m.pockets {
        let at = Vector2::new(p.x * ppm, p.y * ppm);
        mesh.fan(at, radius * 0.62, c.pocket, |_| c.pocket);
        mesh.ring(at, radius * 0.62, radius, c.pocket, |out| {
            let lit = (-out.dot(c.light)).max(0.0);
            wall.lerp(c.frame.darkened(0.25), f64::from(0.7 * lit))
        });
    }
    // The net's strands and the cup's rim go into the same triangles: one draw for all four
    // pockets (each separate line costs a software renderer as much as a large fill).
    let strand = c.pocket.lightened(0.12);
    let (thin, rim) = ((line * 0.8).max(1.0), c.frame.darkened(0.65));
    for p in &m.pockets {
        let at = Vector2::new(p.x * ppm, p.y * ppm);
        for k in [0.42, 0.66] {
            mesh.ring(at, radius * k - thin / 2.0, radius * k + thin / 2.0, strand, |_| strand);
        }
        for spoke in 0..6 {
            let out = Vector2::from_angle(spoke as f32 * TAU / 6.0 + 0.3);
            mesh.strand(at + out * radius * 0.2, at + out * radius * 0.78, thin, strand);
        }
        mesh.ring(at, radius - line, radius + line, rim, |_| rim);
    }
    mesh.draw(canvas);
}

/// White over what faces the lamp, black over what faces away, by how squarely.
fn light_or_shade(facing: f32, light: f32, shade: f32) -> Color {
    if facing >= 0.0 {
        Color::from_rgba(1.0, 0.97, 0.9, light * facing)
    } else {
        Color::from_rgba(0.0, 0.0, 0.0, shade * -facing)
    }
}

/// Triangles with a colour at each corner, drawn in one call.
#[derive(Default)]
struct Mesh {
    points: PackedVector2Array,
    colours: PackedColorArray,
    indices: PackedInt32Array,
}

impl Mesh {
    fn corner(&mut self, at: Vector2, colour: Color) -> i32 {
        self.points.push(at);
        self.colours.push(colour);
        self.points.len() as i32 - 1
    }

    /// A four-cornered shape, corners in order round it.
    fn quad(&mut self, at: [Vector2; 4], colours: [Color; 4]) {
        let i: Vec<i32> = at.iter().zip(colours).map(|(p, c)| self.corner(*p, c)).collect();
        for k in [0, 1, 2, 0, 2, 3] {
            self.indices.push(i[k]);
        }
    }

    /// A disc shaded from `middle` at its centre to `rim(direction)` at its edge.
    fn fan(&mut self, centre: Vector2, radius: f32, middle: Color, rim: impl Fn(Vector2) -> Color) {
        let hub = self.corner(centre, middle);
        let first = self.points.len() as i32;
        for k in 0..ROUND {
            let out = Vector2::from_angle(k as f32 * TAU / ROUND as f32);
            self.corner(centre + out * radius, rim(out));
        }
        for k in 0..ROUND as i32 {
            self.indices.push(hub);
            self.indices.push(first + k);
            self.indices.push(first + (k + 1) % ROUND as i32);
        }
    }

    /// A straight strand `width` wide from `a` to `b`.
    fn strand(&mut self, a: Vector2, b: Vector2, width: f32, colour: Color) {
        let side = (b - a).normalized().orthogonal() * (width / 2.0);
        self.quad([a - side, b - side, b + side, a + side], [colour; 4]);
    }

    /// A ring from `inner` to `outer` radius, `middle` on its inside, `rim(direction)` outside.
    fn ring(
        &mut self,
        centre: Vector2,
        inner: f32,
        outer: f32,
        middle: Color,
        rim: impl Fn(Vector2) -> Color,
    ) {
        for k in 0..ROUND {
            let (a, b) = (k as f32 * TAU / ROUND as f32, (k + 1) as f32 * TAU / ROUND as f32);
            let (out_a, out_b) = (Vector2::from_angle(a), Vector2::from_angle(b));
            self.quad(
                [
                    centre + out_a * inner,
                    centre + out_a * outer,
                    centre + out_b * outer,
                    centre + out_b * inner,
                ],
                [middle, rim(out_a), rim(out_b), middle],
            );
        }
    }

    fn draw(self, canvas: &mut Node2D) {
        if self.indices.is_empty() {
            return;
        }
        let item = canvas.get_canvas_item();
        RenderingServer::singleton()
            .canvas_item_add_triangle_array_ex(item, &self.indices, &self.points, &self.colours)
            .done();
    }
}
