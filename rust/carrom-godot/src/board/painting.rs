//! The board's still drawing (frame, surface, shading, marks, pockets) painted once into a
//! texture, and that texture drawn each frame: a software renderer (and a phone's GPU, a
//! little) then draws one square instead of some hundred lines, arcs and meshes. Painted again
//! when the look changes, when the board turns (the shading follows the lamp) and when its size
//! on the screen changes (the painting stays as sharp as the screen).

use super::draw::draw_board;
use super::style::Look;
use crate::units::Units;
use carrom_core::markings::Markings;
use godot::classes::viewport::Msaa;
use godot::classes::{sub_viewport::UpdateMode, INode2D, Node2D, SubViewport};
use godot::prelude::*;

/// The largest side of the painting, in texture pixels (16 MB of memory at most).
const LARGEST: f32 = 2048.0;

/// The node that paints the board inside the painting's viewport.
#[derive(GodotClass)]
#[class(init, internal, base=Node2D)]
pub struct BoardPainter {
    wanted: Option<(Markings, Look, Units)>,
    base: Base<Node2D>,
}

#[godot_api]
impl INode2D for BoardPainter {
    fn draw(&mut self) {
        if let Some((m, look, units)) = self.wanted.take() {
            draw_board(&mut self.base_mut(), &m, &look, units);
            self.wanted = Some((m, look, units));
        }
    }
}

/// The board's painting: a viewport that renders once when asked, with its painter.
pub struct Painting {
    viewport: Gd<SubViewport>,
    painter: Gd<BoardPainter>,
    /// Screen pixels per board pixel when last painted.
    pub painted_at: f32,
}

impl Painting {
    /// A painting kept under `board` (an internal child: not part of the scene).
    pub fn new(board: &mut Gd<Node2D>) -> Painting {
        let mut viewport = SubViewport::new_alloc();
        // (No `set_disable_3d`: a shipping engine built without 3-D has no such method, and a
        // viewport with no 3-D node in it renders none anyway.)
        viewport.set_transparent_background(true);
        viewport.set_msaa_2d(Msaa::DISABLED);
        viewport.set_update_mode(UpdateMode::DISABLED);
        let painter = BoardPainter::new_alloc();
        viewport.add_child(&painter);
        board.add_child_ex(&viewport).internal(godot::classes::node::InternalMode::FRONT).done();
        Painting { viewport, painter, painted_at: 0.0 }
    }

    /// Paints the board at `sharpness` screen pixels per board pixel and draws the painting on
    /// `canvas`, centred, `outer` board pixels across.
    pub fn paint_and_draw(
        &mut self,
        canvas: &mut Node2D,
        m: Markings,
        look: Look,
        units: Units,
        sharpness: f32,
    ) {
        let outer = 2.0 * (m.half_surface + m.frame_width) * units.scale();
        let sharpness = sharpness.clamp(0.05, LARGEST / outer.max(1.0));
        let side = (outer * sharpness).ceil().max(1.0);
        self.viewport.set_size(Vector2i::new(side as i32, side as i32));
        {
            let mut painter = self.painter.bind_mut();
            painter.wanted = Some((m, look, units));
        }
        self.painter.set_scale(Vector2::new(sharpness, sharpness));
        self.painter.set_position(Vector2::new(side / 2.0, side / 2.0));
        self.painter.queue_redraw();
        self.viewport.set_update_mode(UpdateMode::ONCE);
        self.painted_at = sharpness;
        let half = outer / 2.0;
        let rect = Rect2::new(Vector2::new(-half, -half), Vector2::new(outer, outer));
        if let Some(texture) = self.viewport.get_texture() {
            canvas.draw_texture_rect(&texture, rect, false);
        }
    }
}
