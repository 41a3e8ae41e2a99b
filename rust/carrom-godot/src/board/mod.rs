//! `CarromBoard`: carrom-core's table as a Godot node, and the one owner of the match played
//! on it. In free play it owns a table; once a `CarromRules` starts a match it owns that
//! match's `Game` (table, rules, replay), which the rules node configures and reads, the
//! computer plans on and the online layer plays the host's turns on. It draws the board, moves
//! the piece nodes after the simulation and turns table events into signals. Every action goes
//! through carrom-core's one turn sequence (`Turn`).

mod draw;
mod game;
mod inner;
mod looks;
mod painting;
mod pieces;
mod play;
mod practice;
mod query;
mod repaint;
mod shade;
mod show;
mod stepper;
mod style;

use crate::enums::{Kind, Place};
use crate::physics::CarromPhysics;
use crate::refusal::Refused;
use crate::units::Units;
use carrom_core::game::Game;
use carrom_core::physics::{ShotReport, Table};
use carrom_core::practice::Stroke;
use carrom_core::rules::Verdict;
use godot::classes::{Engine, INode2D, Node2D, PackedScene, Texture2D};
use godot::prelude::*;
use pieces::PieceNodes;
use stepper::Stepper;

/// A carrom board: the ICF playing surface with its pockets, markings and pieces, simulated by
/// carrom-core (rapier2d with sliding friction). Place the striker with `place_striker`, strike
/// with `strike`, and listen to the signals for what happens. Sizes are in pixels at
/// `pixels_per_meter`; the node's origin is the centre of the board. Alone it is free play;
/// a `CarromRules` whose `board` is this node referees every strike.
#[derive(GodotClass)]
#[class(init, tool, base=Node2D)]
pub struct CarromBoard {
    /// Scale of the board: 1 metre of board is this many pixels (the surface is 0.74 m).
    #[export(range = (100.0, 4000.0, or_greater))]
    #[var(get = get_pixels_per_meter, set = set_pixels_per_meter)]
    pixels_per_meter: PhantomVar<f32>,
    /// How the board plays (friction, bounce, top speed): a `CarromPhysics` resource, saved as a
    /// preset. Empty plays the ICF board's values. Read again before every strike in free play;
    /// a match keeps the values it started with (they are part of its save and replay).
    #[export]
    #[var(set = set_physics)]
    physics: Option<Gd<CarromPhysics>>,

    /// Colour of the playing surface.
    #[export_group(name = "Colours")]
    #[export]
    #[var(set = set_surface_color)]
    #[init(val = Color::from_rgb(0.93, 0.80, 0.58))]
    surface_color: Color,
    /// Colour of the frame around the surface.
    #[export]
    #[var(set = set_frame_color)]
    #[init(val = Color::from_rgb(0.36, 0.20, 0.09))]
    frame_color: Color,
    /// Colour of the printed lines.
    #[export]
    #[var(set = set_line_color)]
    #[init(val = Color::from_rgb(0.12, 0.08, 0.05))]
    line_color: Color,
    /// Colour of the base circles and the centre circle.
    #[export]
    #[var(set = set_circle_color)]
    #[init(val = Color::from_rgb(0.72, 0.10, 0.10))]
    circle_color: Color,
    /// Colour of the pocket openings.
    #[export]
    #[var(set = set_pocket_color)]
    #[init(val = Color::from_rgb(0.07, 0.05, 0.04))]
    pocket_color: Color,

    /// Where the lamp over the table is, as a direction on the screen (up and to the left by
    /// default): the rails' bevels, their shadows and the pockets' cups are shaded from it, and
    /// follow as the board turns, so that they agree with pieces lit from the same side.
    #[export]
    #[var(set = set_light_direction)]
    #[init(val = Vector2::new(-0.45, -0.8))]
    light_direction: Vector2,

    /// Wood for the frame: laid along each rail with its grain following the rail, and tinted
    /// by `frame_color` (a light texture keeps the colour). Empty draws the frame flat.
    #[export_group(name = "Wood")]
    #[export]
    #[var(set = set_frame_texture)]
    frame_texture: Option<Gd<Texture2D>>,
    /// Wood for the playing surface, stretched over it and tinted by `surface_color`. The
    /// markings are drawn over it, exact as ever. Empty draws the surface flat.
    #[export]
    #[var(set = set_surface_texture)]
    surface_texture: Option<Gd<Texture2D>>,

    /// Scene for each white coin (a plain `CarromPiece` when empty). A scene's root with a
    /// `radius` property is given the piece's radius in pixels before it enters the tree
    /// (while the board builds its pieces it cannot be called back).
    #[export_group(name = "Piece scenes")]
    #[export]
    #[var(set = set_white_coin_scene)]
    white_coin_scene: Option<Gd<PackedScene>>,
    /// Scene for each black coin.
    #[export]
    #[var(set = set_black_coin_scene)]
    black_coin_scene: Option<Gd<PackedScene>>,
    /// Scene for the queen.
    #[export]
    #[var(set = set_queen_scene)]
    queen_scene: Option<Gd<PackedScene>>,
    /// Scene for the striker.
    #[export]
    #[var(set = set_striker_scene)]
    striker_scene: Option<Gd<PackedScene>>,
    /// Hide a piece's node once it drops; turn off to animate the drop yourself (the board
    /// then leaves a pocketed piece's visibility to you).
    #[export]
    #[init(val = true)]
    hide_pocketed: bool,

    /// The table of free play; while a match is played here, its own table is shown instead.
    #[init(val = Table::icf())]
    free: Table,
    /// The match played on this board: the one copy on this machine.
    game: Option<Game>,
    units: Units,
    nodes: PieceNodes,
    stepper: Stepper,
    last_report: Option<ShotReport>,
    /// Shots finished on this board so far: which shot `last_report` is.
    finished_shots: u64,
    /// The last strike made on this board, exactly as the table took it: what a daily
    /// challenge's entry sends for the match server to play again.
    last_stroke: Option<Stroke>,
    /// What the rules decided last, for the nodes that `ruled` tells.
    last_verdict: Verdict,
    /// Match time gathered before it is counted on the match's clock.
    clock: f64,
    /// The board's turn on the screen when it was last drawn: its shading follows the lamp.
    drawn_turn: f32,
    /// The board's turn and sharpness in the frame before: the painting is made again once
    /// they hold still, not in every frame of a turn or a zoom (meanwhile the painted square
    /// turns and scales with the node, its lamp a little off for those frames).
    seen: (f32, f32),
    /// The still drawing, painted once into a texture (not in the editor, which draws live).
    painting: Option<painting::Painting>,
    base: Base<Node2D>,
}

#[godot_api]
impl INode2D for CarromBoard {
    fn ready(&mut self) {
        self.apply_physics_or_log();
        if !Engine::singleton().is_editor_hint() && self.painting.is_none() {
            let mut board = self.to_gd().upcast::<Node2D>();
            self.painting = Some(painting::Painting::new(&mut board));
        }
        self.rebuild_piece_nodes();
    }

    fn physics_process(&mut self, delta: f64) {
        if Engine::singleton().is_editor_hint() || !self.table().is_moving() {
            return;
        }
        let due = self.stepper.steps_for(delta, f64::from(self.table().spec().physics.time_step));
        self.run_steps(due);
    }

    fn process(&mut self, delta: f64) {
        if !Engine::singleton().is_editor_hint() {
            self.keep_time(delta);
        }
        self.follow_the_screen();
    }

    fn draw(&mut self) {
        self.draw_still();
    }
}

#[godot_api]
impl CarromBoard {
    /// Piece kinds (`kind` in signals and `get_pieces`).
    #[constant]
    const KIND_WHITE: i64 = Kind::White as i64;
    #[constant]
    const KIND_BLACK: i64 = Kind::Black as i64;
    #[constant]
    const KIND_QUEEN: i64 = Kind::Queen as i64;
    #[constant]
    const KIND_STRIKER: i64 = Kind::Striker as i64;
    /// The striker's id (`id` in `get_pieces`, `get_piece_node`, signals).
    #[constant]
    const STRIKER_ID: i64 = carrom_core::PieceId::STRIKER.index() as i64;
    /// Where a piece is (`place` in `get_pieces`).
    #[constant]
    const PLACE_BOARD: i64 = Place::Board as i64;
    #[constant]
    const PLACE_POCKET: i64 = Place::Pocket as i64;
    #[constant]
    const PLACE_OFF: i64 = Place::Off as i64;
    #[constant]
    const PLACE_HAND: i64 = Place::Hand as i64;

    /// A piece dropped into a pocket. Pockets are numbered from the bottom right (seat 0's
    /// right), counter-clockwise as the board is drawn: 0 bottom right, 1 top right, 2 top
    /// left, 3 bottom left.
    #[signal]
    fn piece_pocketed(piece: i64, kind: Kind, pocket: i64);
    /// Two pieces struck each other: impulse in N·s (for sound volume), `at` in board pixels.
    #[signal]
    fn pieces_collided(a: i64, b: i64, impulse: f64, at: Vector2);
    /// A piece struck the cushion.
    #[signal]
    fn cushion_hit(piece: i64, impulse: f64, at: Vector2);
    /// The striker dropped into a pocket (foul F1).
    #[signal]
    fn striker_pocketed();
    /// A piece left the board (foul F2).
    #[signal]
    fn piece_left_board(piece: i64, kind: Kind);
    /// The striker was placed on a seat's baseline, at `at` in board pixels.
    #[signal]
    fn striker_placed(seat: i64, at: Vector2);
    /// A piece was put back on the board (a rule returned it), at `at` in board pixels.
    #[signal]
    fn piece_placed(piece: i64, kind: Kind, at: Vector2);
    /// Everything stopped. The report has `seat`, `pocketed` (array of {piece, kind, pocket}),
    /// `striker_pocketed`, `striker_pocket`, `off_board`, `broke_formation`, `first_touched`,
    /// `steps` and `stopped_early`. In a match it comes before the rules' verdict (`ruled`).
    #[signal]
    fn shot_finished(report: VarDictionary);
    /// The rules ruled on an action of the match played here (a shot come to rest, a pass, a
    /// declared foul, the clock). `CarromRules` listens and announces what they decided, in
    /// order, as its own signals: connect to those.
    #[signal]
    pub(crate) fn ruled();
    /// Just before `ruled`: the match as the action left it, before anything the rules'
    /// announcements start (a person's next turn placing the striker here) changes it.
    /// `CarromNet` settles an online turn here, so that the hash this machine puts to the
    /// others is that of the match every machine reaches.
    #[signal]
    pub(crate) fn ruling_taken();
    /// The board was set up afresh in the opening formation.
    #[signal]
    fn board_reset();

    // Property setters: each takes effect at once, in the editor too.

    #[func]
    fn get_pixels_per_meter(&self) -> f32 {
        self.units.scale()
    }

    #[func]
    fn set_pixels_per_meter(&mut self, value: f32) {
        let Some(units) = Units::new(value) else {
            Refused(format!("CarromBoard.pixels_per_meter must be a positive number (got {value})")).log();
            return;
        };
        self.units = units;
        self.rebuild_if_ready();
        self.base_mut().queue_redraw();
    }

    #[func]
    fn set_physics(&mut self, physics: Option<Gd<CarromPhysics>>) {
        self.physics = physics;
        if !self.table().is_moving() {
            self.apply_physics_or_log();
        }
    }

    #[func]
    fn set_surface_color(&mut self, c: Color) {
        self.surface_color = c;
        self.base_mut().queue_redraw();
    }
    #[func]
    fn set_frame_color(&mut self, c: Color) {
        self.frame_color = c;
        self.base_mut().queue_redraw();
    }
    #[func]
    fn set_line_color(&mut self, c: Color) {
        self.line_color = c;
        self.base_mut().queue_redraw();
    }
    #[func]
    fn set_circle_color(&mut self, c: Color) {
        self.circle_color = c;
        self.base_mut().queue_redraw();
    }
    #[func]
    fn set_pocket_color(&mut self, c: Color) {
        self.pocket_color = c;
        self.base_mut().queue_redraw();
    }

    #[func]
    fn set_light_direction(&mut self, towards: Vector2) {
        if !(towards.x.is_finite() && towards.y.is_finite()) || towards.length() < 1e-3 {
            Refused(format!(
                "CarromBoard.light_direction must be a direction (finite, not zero), got {towards}"
            ))
            .log();
            return;
        }
        self.light_direction = towards;
        self.base_mut().queue_redraw();
    }

    #[func]
    fn set_frame_texture(&mut self, texture: Option<Gd<Texture2D>>) {
        let old = std::mem::replace(&mut self.frame_texture, texture.clone());
        self.redraw_with(old, texture);
    }
    #[func]
    fn set_surface_texture(&mut self, texture: Option<Gd<Texture2D>>) {
        let old = std::mem::replace(&mut self.surface_texture, texture.clone());
        self.redraw_with(old, texture);
    }

    #[func]
    fn set_white_coin_scene(&mut self, scene: Option<Gd<PackedScene>>) {
        self.white_coin_scene = scene;
        self.rebuild_if_ready();
    }
    #[func]
    fn set_black_coin_scene(&mut self, scene: Option<Gd<PackedScene>>) {
        self.black_coin_scene = scene;
        self.rebuild_if_ready();
    }
    #[func]
    fn set_queen_scene(&mut self, scene: Option<Gd<PackedScene>>) {
        self.queen_scene = scene;
        self.rebuild_if_ready();
    }
    #[func]
    fn set_striker_scene(&mut self, scene: Option<Gd<PackedScene>>) {
        self.striker_scene = scene;
        self.rebuild_if_ready();
    }
}
