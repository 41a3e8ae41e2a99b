//! The board's still drawing (frame, surface, shading, marks, pockets) painted once into a
//! texture, and that texture drawn each frame: a software renderer (and a phone's GPU, a
//! little) then draws one square instead of some hundred lines, arcs and meshes. Painted again
//! when the look changes, when the board turns (the shading follows the lamp) and when its size
//! on the screen changes (the painting stays as sharp as the screen).
//!
//! The painted square is drawn by an internal child of its own, before every other child, with
//! a material that neither blends (the board is opaque) nor lights it, and read texel for
//! texel while it lies square on the screen: a software renderer spends most of a frame on the
//! pixels it shades, and this square is the most of them (measured in the README).

use super::draw::draw_board;
use super::style::Look;
use crate::units::Units;
use carrom_core::markings::Markings;
use godot::classes::canvas_item::TextureFilter;
use godot::classes::viewport::Msaa;
use godot::classes::{
    sub_viewport::UpdateMode, INode2D, Node2D, Shader, ShaderMaterial, SubViewport, Texture2D,
};
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

/// The node that draws the painted square on the board.
#[derive(GodotClass)]
#[class(init, internal, base=Node2D)]
pub struct BoardPicture {
    shown: Option<(Gd<Texture2D>, Rect2)>,
    base: Base<Node2D>,
}

#[godot_api]
impl INode2D for BoardPicture {
    fn draw(&mut self) {
        if let Some((texture, rect)) = self.shown.clone() {
            self.base_mut().draw_texture_rect(&texture, rect, false);
        }
    }
}

/// Copies the painting as it is: no light, no blending with what lies under it.
const OPAQUE_SHADER: &str = "shader_type canvas_item;\nrender_mode unshaded, blend_disabled;\n";
/// The same, blended: for a board faded by its own or a parent's modulate.
const FADED_SHADER: &str = "shader_type canvas_item;\nrender_mode unshaded;\n";
/// Frames a painting may lag a board that never holds still (one forever turning or zooming)
/// before it is painted again anyway.
const MOST_STALE_FRAMES: u32 = 30;

/// The board's painting: a viewport that renders once when asked, with its painter, and the
/// picture that shows it.
pub struct Painting {
    viewport: Gd<SubViewport>,
    painter: Gd<BoardPainter>,
    picture: Gd<BoardPicture>,
    opaque: Gd<ShaderMaterial>,
    faded: Gd<ShaderMaterial>,
    /// Screen pixels per board pixel asked for when last painted, and painted at (the same,
    /// but for a screen so sharp that the painting would pass its largest size).
    pub painted_for: f32,
    painted_at: f32,
    /// Frames the painting has been out of date while the board moved.
    stale: u32,
}

fn material(code: &str) -> Gd<ShaderMaterial> {
    let mut shader = Shader::new_gd();
    shader.set_code(code);
    let mut material = ShaderMaterial::new_gd();
    material.set_shader(&shader);
    material
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
        let mut picture = BoardPicture::new_alloc();
        let (opaque, faded) = (material(OPAQUE_SHADER), material(FADED_SHADER));
        picture.set_material(&opaque);
        let front = godot::classes::node::InternalMode::FRONT;
        board.add_child_ex(&viewport).internal(front).done();
        board.add_child_ex(&picture).internal(front).done();
        Painting { viewport, painter, picture, opaque, faded, painted_for: 0.0, painted_at: 0.0, stale: 0 }
    }

    /// Whether to paint again now: the painting is `out_of_date` (the board turned or scaled
    /// since), and the board holds `still` — or has moved on for too long to wait for it.
    pub fn due(&mut self, out_of_date: bool, still: bool) -> bool {
        if !out_of_date {
            self.stale = 0;
            return false;
        }
        self.stale += 1;
        let due = still || self.stale > MOST_STALE_FRAMES;
        if due {
            self.stale = 0;
        }
        due
    }

    /// Reads the painting texel for texel while it lies square on the screen (the board at a
    /// quarter `turn`) at the `sharpness` it was painted at, and filtered while it turns or
    /// scales; blends it only while the board is `faded`.
    pub fn follow(&mut self, turn: f32, sharpness: f32, faded: bool) {
        let quarters = turn / std::f32::consts::FRAC_PI_2;
        let square = (quarters - quarters.round()).abs() < 1e-3
            && (sharpness - self.painted_at).abs() <= 0.005 * sharpness;
        let filter = if square { TextureFilter::NEAREST } else { TextureFilter::LINEAR };
        if self.picture.get_texture_filter() != filter {
            self.picture.set_texture_filter(filter);
        }
        let wanted = if faded { &self.faded } else { &self.opaque };
        if self.picture.get_material().as_ref() != Some(&wanted.clone().upcast()) {
            self.picture.set_material(wanted);
        }
    }

    /// Paints the board at `sharpness` screen pixels per board pixel and shows the painting,
    /// centred.
    pub fn paint(&mut self, m: Markings, look: Look, units: Units, sharpness: f32) {
        let outer = 2.0 * (m.half_surface + m.frame_width) * units.scale();
        self.painted_for = sharpness;
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
        // The whole texture, a screen pixel a texel: the board in its middle, `outer` across,
        // and under a pixel of clear edge round it.
        let across = side / sharpness;
        let rect = Rect2::new(Vector2::new(-across / 2.0, -across / 2.0), Vector2::new(across, across));
        self.picture.bind_mut().shown = self.viewport.get_texture().map(|t| (t.upcast(), rect));
        self.picture.queue_redraw();
    }
}
