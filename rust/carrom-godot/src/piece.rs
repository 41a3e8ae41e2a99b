//! `CarromPiece`: the plain look of a piece, drawn in code so it is crisp at any size: a disc
//! with turned rings, a rim that sets it off the board, a soft shadow, and a red queen or a
//! striker that stands out.

use crate::enums::Kind;
use crate::refusal::Refused;
use godot::classes::{INode2D, Node2D};
use godot::prelude::*;

/// The default look of a carrom piece, `radius` pixels across its half. Replace it by setting
/// the piece scenes of `CarromBoard`.
#[derive(GodotClass)]
#[class(init, tool, base=Node2D)]
pub struct CarromPiece {
    /// What the piece is (`CarromBoard.KIND_*`).
    #[export]
    #[var(set = set_kind)]
    kind: Kind,
    /// Radius in pixels.
    #[export(range = (1.0, 200.0, or_greater))]
    #[var(set = set_radius)]
    #[init(val = 16.0)]
    radius: f32,
    base: Base<Node2D>,
}

#[godot_api]
impl INode2D for CarromPiece {
    fn draw(&mut self) {
        let r = self.radius;
        // Face, turned rings, and the rim: a dark rim on the light pieces and a light one on
        // the dark, so that every piece stands out from a pale board in daylight.
        let (face, ring, rim) = match self.kind {
            Kind::Black => (
                Color::from_rgb(0.13, 0.11, 0.10),
                Color::from_rgb(0.32, 0.27, 0.24),
                Color::from_rgb(0.55, 0.50, 0.46),
            ),
            Kind::Queen => (
                Color::from_rgb(0.78, 0.08, 0.12),
                Color::from_rgb(0.95, 0.55, 0.45),
                Color::from_rgb(0.35, 0.02, 0.04),
            ),
            Kind::Striker => (
                Color::from_rgb(0.96, 0.95, 0.90),
                Color::from_rgb(0.10, 0.35, 0.75),
                Color::from_rgb(0.06, 0.18, 0.42),
            ),
            Kind::White => (
                Color::from_rgb(0.97, 0.93, 0.82),
                Color::from_rgb(0.70, 0.55, 0.34),
                Color::from_rgb(0.36, 0.25, 0.13),
            ),
        };
        let mut base = self.base_mut();
        // A soft shadow all round, centred: the board turns pieces as they spin, and an offset
        // shadow would swing round with them.
        base.draw_circle(Vector2::ZERO, r * 1.14, Color::from_rgba(0.0, 0.0, 0.0, 0.10));
        base.draw_circle(Vector2::ZERO, r * 1.06, Color::from_rgba(0.0, 0.0, 0.0, 0.22));
        base.draw_circle(Vector2::ZERO, r, face);
        base.draw_arc_ex(Vector2::ZERO, r * 0.95, 0.0, std::f32::consts::TAU, 64, rim)
            .width(r * 0.11)
            .antialiased(true)
            .done();
        for (k, width) in [(0.82, 0.07), (0.55, 0.05), (0.25, 0.05)] {
            base.draw_arc_ex(Vector2::ZERO, r * k, 0.0, std::f32::consts::TAU, 48, ring)
                .width(r * width)
                .antialiased(true)
                .done();
        }
        // A mark off-centre shows the piece turning.
        base.draw_circle(Vector2::new(r * 0.68, 0.0), r * 0.07, ring);
    }
}

#[godot_api]
impl CarromPiece {
    #[func]
    fn set_kind(&mut self, kind: Kind) {
        self.kind = kind;
        self.base_mut().queue_redraw();
    }

    #[func]
    fn set_radius(&mut self, radius: f32) {
        if !(radius.is_finite() && radius > 0.0) {
            Refused(format!("CarromPiece.radius must be a positive number of pixels, got {radius}")).log();
            return;
        }
        self.radius = radius;
        self.base_mut().queue_redraw();
    }

    /// A new piece node of this kind and radius (pixels).
    pub(crate) fn make(kind: carrom_core::PieceKind, radius: f32) -> Gd<CarromPiece> {
        let mut node = CarromPiece::new_alloc();
        {
            let mut piece = node.bind_mut();
            piece.kind = kind.into();
            piece.radius = radius;
        }
        node
    }
}
