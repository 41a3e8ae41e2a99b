//! `CarromBoard`: the table of carrom-core as a Godot node. It draws the board, moves the
//! piece scenes from the simulation every physics frame, and turns table events into signals.

use crate::convert::{self, Field};
use crate::pieces::PieceNodes;
use crate::rules_node::CarromRules;
use crate::variant::{dictionary, vec2, vector};
use carrom_core::aim::predict_path;
use carrom_core::game::{apply_verdict, Returned};
use carrom_core::layout::radius;
use carrom_core::markings::markings;
use carrom_core::physics::{Event, ShotReport, Snapshot, Table, TableError};
use carrom_core::rules::Verdict;
use carrom_core::spec::PhysicsConstants;
use carrom_core::{baseline, PieceId, PieceKind};
use godot::classes::{Engine, INode2D, Node2D, PackedScene};
use godot::prelude::*;

/// Physics steps run at most per frame, so that a slow frame does not snowball.
const MAX_STEPS_PER_FRAME: usize = 64;

/// A carrom board: the ICF playing surface with its pockets, markings and pieces, simulated by
/// carrom-core (rapier2d with sliding friction). Place the striker with `place_striker`, strike
/// with `strike`, and listen to the signals for what happens. Sizes are in pixels at
/// `pixels_per_meter`; the node's origin is the centre of the board.
#[derive(GodotClass)]
#[class(tool, base=Node2D)]
pub struct CarromBoard {
    /// Scale of the board: 1 metre of board is this many pixels (the surface is 0.74 m).
    #[export(range = (100.0, 4000.0, or_greater))]
    #[var(get = get_pixels_per_meter, set = set_pixels_per_meter)]
    pixels_per_meter: PhantomVar<f32>,

    /// Colour of the playing surface.
    #[export_group(name = "Colours")]
    #[export]
    #[var(set = set_surface_color)]
    surface_color: Color,
    /// Colour of the frame around the surface.
    #[export]
    #[var(set = set_frame_color)]
    frame_color: Color,
    /// Colour of the printed lines.
    #[export]
    #[var(set = set_line_color)]
    line_color: Color,
    /// Colour of the base circles and the centre circle.
    #[export]
    #[var(set = set_circle_color)]
    circle_color: Color,
    /// Colour of the pocket openings.
    #[export]
    #[var(set = set_pocket_color)]
    pocket_color: Color,

    /// Scene for each white coin (a plain `CarromPiece` when empty).
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
    hide_pocketed: bool,

    /// Coefficient of sliding friction between a piece and the surface (μ).
    #[export_group(name = "Physics")]
    #[export(range = (0.01, 0.6, 0.01))]
    #[var(get = get_sliding_friction, set = set_sliding_friction)]
    sliding_friction: PhantomVar<f32>,
    /// Bounce of two pieces striking each other (0 dead, 1 perfectly elastic).
    #[export(range = (0.0, 1.0, 0.01))]
    #[var(get = get_piece_restitution, set = set_piece_restitution)]
    piece_restitution: PhantomVar<f32>,
    /// Bounce of a piece off the cushion.
    #[export(range = (0.0, 1.0, 0.01))]
    #[var(get = get_cushion_restitution, set = set_cushion_restitution)]
    cushion_restitution: PhantomVar<f32>,
    /// Rim friction between two pieces (turns glancing hits into spin).
    #[export(range = (0.0, 1.0, 0.01))]
    #[var(get = get_piece_friction, set = set_piece_friction)]
    piece_friction: PhantomVar<f32>,
    /// Friction between a piece and the cushion.
    #[export(range = (0.0, 1.0, 0.01))]
    #[var(get = get_cushion_friction, set = set_cushion_friction)]
    cushion_friction: PhantomVar<f32>,
    /// Speed of the striker at full power, m/s.
    #[export(range = (1.0, 12.0, 0.1))]
    #[var(get = get_max_striker_speed, set = set_max_striker_speed)]
    max_striker_speed: PhantomVar<f32>,

    table: Table,
    pixels: f32,
    nodes: PieceNodes,
    accumulator: f64,
    last_report: Option<ShotReport>,
    referee: Option<Gd<CarromRules>>,
    base: Base<Node2D>,
}

#[godot_api]
impl INode2D for CarromBoard {
    fn init(base: Base<Node2D>) -> Self {
        Self {
            pixels_per_meter: PhantomVar::default(),
            surface_color: Color::from_rgb(0.93, 0.80, 0.58),
            frame_color: Color::from_rgb(0.36, 0.20, 0.09),
            line_color: Color::from_rgb(0.12, 0.08, 0.05),
            circle_color: Color::from_rgb(0.72, 0.10, 0.10),
            pocket_color: Color::from_rgb(0.07, 0.05, 0.04),
            white_coin_scene: None,
            black_coin_scene: None,
            queen_scene: None,
            striker_scene: None,
            hide_pocketed: true,
            sliding_friction: PhantomVar::default(),
            piece_restitution: PhantomVar::default(),
            cushion_restitution: PhantomVar::default(),
            piece_friction: PhantomVar::default(),
            cushion_friction: PhantomVar::default(),
            max_striker_speed: PhantomVar::default(),
            table: Table::icf(),
            pixels: 1000.0,
            nodes: PieceNodes::default(),
            accumulator: 0.0,
            last_report: None,
            referee: None,
            base,
        }
    }

    fn ready(&mut self) {
        self.rebuild_piece_nodes();
    }

    fn physics_process(&mut self, delta: f64) {
        if Engine::singleton().is_editor_hint() || !self.table.is_moving() {
            return;
        }
        self.accumulator += delta;
        let dt = f64::from(self.table.spec().physics.time_step);
        let mut events = vec![];
        let mut steps = 0;
        while self.accumulator >= dt && steps < MAX_STEPS_PER_FRAME && self.table.is_moving() {
            events.extend(self.table.step());
            self.accumulator -= dt;
            steps += 1;
        }
        if !self.table.is_moving() {
            self.accumulator = 0.0;
        }
        self.sync_nodes();
        self.emit_events(events);
    }

    fn draw(&mut self) {
        let m = markings(self.table.spec());
        let colours = crate::draw::Colours {
            surface: self.surface_color,
            frame: self.frame_color,
            line: self.line_color,
            circle: self.circle_color,
            pocket: self.pocket_color,
        };
        let ppm = self.pixels;
        crate::draw::draw_board(&mut self.base_mut(), &m, &colours, ppm);
    }
}

#[godot_api]
impl CarromBoard {
    /// A piece dropped into a pocket (0–3, clockwise from the bottom right). `kind` is
    /// "white", "black", "queen" or "striker".
    #[signal]
    fn piece_pocketed(piece: i64, kind: GString, pocket: i64);
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
    fn piece_left_board(piece: i64, kind: GString);
    /// The striker was placed on a seat's baseline, at `at` in board pixels.
    #[signal]
    fn striker_placed(seat: i64, at: Vector2);
    /// A piece was put back on the board (a rule returned it), at `at` in board pixels.
    #[signal]
    fn piece_placed(piece: i64, kind: GString, at: Vector2);
    /// Everything stopped. The report has `seat`, `pocketed` (array of {piece, kind, pocket}),
    /// `striker_pocketed`, `striker_pocket`, `off_board`, `broke_formation`, `first_touched`,
    /// `steps` and `stopped_early`.
    #[signal]
    pub fn shot_finished(report: VarDictionary);
    /// The board was set up afresh in the opening formation.
    #[signal]
    fn board_reset();

    /// Puts every piece back in the opening formation and the striker in hand.
    #[func]
    fn reset_board(&mut self) {
        self.table.reset();
        self.accumulator = 0.0;
        self.last_report = None;
        self.sync_nodes();
        self.signals().board_reset().emit();
    }

    /// Stands `seat`'s striker on its baseline, `offset` pixels to the player's right of the
    /// middle. Returns whether the spot was legal (K1) and free; an illegal spot changes
    /// nothing and logs why.
    #[func]
    fn place_striker(&mut self, seat: i64, offset: f64) -> bool {
        let result = self.try_place_striker(seat, offset);
        match result {
            Ok(at) => {
                self.sync_nodes();
                let at = vector(at * self.pixels);
                self.signals().striker_placed().emit(seat, at);
                true
            }
            Err(message) => {
                godot_error!("CarromBoard.place_striker: {message}");
                false
            }
        }
    }

    fn try_place_striker(&mut self, seat: i64, offset: f64) -> Result<carrom_core::Vec2, String> {
        let seat = convert::seat(seat)?;
        let offset = convert::finite("offset", offset)? / self.pixels;
        if let Some(referee) = &self.referee {
            referee.bind().check_may_strike(seat)?;
        }
        self.table.place_striker(seat, offset).map_err(|e| match e {
            TableError::Placement(p) => convert::placement_message(&p, self.pixels),
            other => other.to_string(),
        })
    }

    /// Whether `seat`'s striker may stand at `offset` pixels along its baseline: on the band
    /// or wholly on a base circle (K1), and clear of every piece. Never logs an error.
    #[func]
    fn is_striker_position_legal(&self, seat: i64, offset: f64) -> bool {
        let (Ok(seat), Ok(offset)) = (convert::seat(seat), convert::finite("offset", offset)) else {
            return false;
        };
        self.table.check_striker_spot(seat, offset / self.pixels).is_ok()
    }

    /// The legal offset (K1, pieces ignored) nearest `offset`, in pixels: where a dragged
    /// striker should snap.
    #[func]
    fn nearest_legal_offset(&self, offset: f64) -> f64 {
        let offset = convert::finite("offset", offset).unwrap_or(0.0) / self.pixels;
        f64::from(baseline::nearest_legal_offset(self.table.spec(), offset) * self.pixels)
    }

    /// The legal spot clear of every piece nearest `offset` (pixels) on `seat`'s baseline: where
    /// a new turn's striker stands. Returns `offset` itself when it is free.
    #[func]
    fn get_free_striker_offset(&self, seat: i64, offset: f64) -> f64 {
        let (Ok(seat), Ok(offset)) = (convert::seat(seat), convert::finite("offset", offset)) else {
            godot_error!("CarromBoard.get_free_striker_offset: seat must be 0-3 and offset finite");
            return 0.0;
        };
        let found = self.table.nearest_free_striker_offset(seat, offset / self.pixels);
        found.map_or(0.0, |o| f64::from(o * self.pixels))
    }

    /// The largest offset from the middle of a baseline the striker may have, in pixels.
    #[func]
    fn get_striker_offset_limit(&self) -> f64 {
        let spec = self.table.spec();
        f64::from((spec.base_circle_offset() + baseline::covering_circle(spec)) * self.pixels)
    }

    /// The size of the whole board, frame included, in pixels (it is square).
    #[func]
    fn get_board_size(&self) -> f64 {
        let spec = self.table.spec();
        f64::from((spec.playing_surface + 2.0 * spec.frame_width) * self.pixels)
    }

    /// The radius of a piece of `kind` ("white", "black", "queen", "striker") in pixels, or 0
    /// for an unknown kind.
    #[func]
    fn get_piece_radius(&self, kind: GString) -> f64 {
        let kind = match kind.to_string().as_str() {
            "white" => PieceKind::White,
            "black" => PieceKind::Black,
            "queen" => PieceKind::Queen,
            "striker" => PieceKind::Striker,
            other => {
                godot_error!(
                    "CarromBoard.get_piece_radius: kind must be white, black, queen or striker, got {other}"
                );
                return 0.0;
            }
        };
        f64::from(radius(self.table.spec(), kind) * self.pixels)
    }

    /// Where `seat`'s striker stands at `offset` pixels, in board pixels.
    #[func]
    fn get_striker_spot(&self, seat: i64, offset: f64) -> Vector2 {
        let (Ok(seat), Ok(offset)) = (convert::seat(seat), convert::finite("offset", offset)) else {
            godot_error!("CarromBoard.get_striker_spot: seat must be 0-3 and offset finite");
            return Vector2::ZERO;
        };
        vector(baseline::striker_spot(self.table.spec(), seat, offset / self.pixels) * self.pixels)
    }

    /// The rotation (radians) that turns the board so that `seat` sits at the bottom.
    #[func]
    fn get_seat_rotation(&self, seat: i64) -> f64 {
        convert::seat(seat).map_or(0.0, |s| f64::from(s.turn_to_bottom()))
    }

    /// The unit vector pointing from `seat` across the board (the way it strikes).
    #[func]
    fn get_seat_forward(&self, seat: i64) -> Vector2 {
        convert::seat(seat).map_or(Vector2::ZERO, |s| vector(-s.towards()))
    }

    /// Flicks the placed striker along `direction` (board pixels, any length) with `power`
    /// from 0 (exclusive) to 1 (full speed). Returns whether the strike began.
    #[func]
    fn strike(&mut self, direction: Vector2, power: f64) -> bool {
        match self.try_strike(direction, power) {
            Ok(()) => true,
            Err(message) => {
                godot_error!("CarromBoard.strike: {message}");
                false
            }
        }
    }

    fn try_strike(&mut self, direction: Vector2, power: f64) -> Result<(), String> {
        if self.table.is_moving() {
            return Err("pieces are still moving: wait for shot_finished".into());
        }
        let dir = convert::direction(direction.x, direction.y)?;
        let speed = convert::power_to_speed(power, self.table.spec().physics.max_striker_speed)?;
        let seat = self.table.striker_seat().ok_or("place the striker before striking")?;
        if let Some(referee) = &self.referee {
            referee.bind().check_may_strike(seat)?;
        }
        self.table.strike(dir, speed).map_err(|e| e.to_string())?;
        if let Some(referee) = &mut self.referee {
            referee.bind_mut().strike_began(seat);
        }
        self.accumulator = 0.0;
        Ok(())
    }

    /// The aim guide for a strike of the placed striker: `points` (board pixels, from the
    /// striker through cushion bounces to where it meets a piece, drops or stops), `hit_piece`
    /// (-1 for none), `hit_direction` (where that piece would go) and `pocket` (-1 for none).
    #[func]
    fn predict_path(&self, direction: Vector2, power: f64) -> VarDictionary {
        let speed =
            convert::power_to_speed(power, self.table.spec().physics.max_striker_speed).unwrap_or(0.0);
        let guide = predict_path(&self.table, vec2(direction), speed);
        let mut points = PackedVector2Array::new();
        for p in &guide.points {
            points.push(vector(*p * self.pixels));
        }
        let mut dict = dictionary(vec![
            ("hit_piece", Field::Int(convert::or_minus_one(guide.hit.map(|p| p.0)))),
            ("pocket", Field::Int(convert::or_minus_one(guide.pocket.map(|p| p.0)))),
        ]);
        dict.set("points", &points);
        dict.set("hit_direction", vector(guide.hit_direction.unwrap_or_default()));
        dict
    }

    /// Whether a shot is under way.
    #[func]
    fn is_moving(&self) -> bool {
        self.table.is_moving()
    }

    /// Every piece: `id`, `kind`, `place` ("board", "pocket", "off", "hand"), `position`
    /// (board pixels), `angle` and `pocket` (-1 unless pocketed).
    #[func]
    fn get_pieces(&self) -> VarArray {
        let mut array = VarArray::new();
        for p in self.table.pieces() {
            let pocket = match p.place {
                carrom_core::Place::Pocket(pocket) => i64::from(pocket.0),
                _ => -1,
            };
            let dict = dictionary(vec![
                ("id", Field::Int(i64::from(p.id.0))),
                ("kind", Field::Text(p.kind.name().into())),
                ("place", Field::Text(convert::place_name(p.place).into())),
                ("position", Field::Point(p.position * self.pixels)),
                ("angle", Field::Float(f64::from(p.angle))),
                ("pocket", Field::Int(pocket)),
            ]);
            array.push(&dict.to_variant());
        }
        array
    }

    /// The node showing piece `id` (0 queen, 1–18 coins, 19 striker), or null.
    #[func]
    fn get_piece_node(&self, id: i64) -> Option<Gd<Node2D>> {
        usize::try_from(id).ok().and_then(|i| self.nodes.get(i))
    }

    /// The report of the last finished shot (empty before the first).
    #[func]
    fn get_last_report(&self) -> VarDictionary {
        self.last_report.as_ref().map(|r| dictionary(convert::report_fields(r))).unwrap_or_default()
    }

    /// The whole table (pieces, spec, any shot under way) as JSON text, for `load_state`.
    #[func]
    fn save_state(&self) -> GString {
        GString::from(self.table.snapshot().to_json().as_str())
    }

    /// Restores a table saved by `save_state`. Damaged text is refused with an error and the
    /// board is left as it was.
    #[func]
    fn load_state(&mut self, json: GString) -> bool {
        let restored = Snapshot::from_json(&json.to_string()).and_then(|s| Table::restore(&s));
        match restored {
            Ok(table) => {
                self.table = table;
                self.accumulator = 0.0;
                self.sync_nodes();
                self.base_mut().queue_redraw();
                true
            }
            Err(e) => {
                godot_error!("CarromBoard.load_state: {e}");
                false
            }
        }
    }

    /// Runs the shot under way to its end at once, emitting every signal on the way, and
    /// returns its report (for tests and for skipping an animation).
    #[func]
    fn simulate_to_rest(&mut self) -> VarDictionary {
        if !self.table.is_moving() {
            godot_error!("CarromBoard.simulate_to_rest: no shot is under way");
            return VarDictionary::new();
        }
        let mut events = vec![];
        while self.table.is_moving() {
            events.extend(self.table.step());
        }
        self.accumulator = 0.0;
        self.sync_nodes();
        self.emit_events(events);
        self.get_last_report()
    }

    /// Sends each table event out as its signal.
    fn emit_events(&mut self, events: Vec<Event>) {
        let ppm = self.pixels;
        for event in events {
            match event {
                Event::Collision { a, b, impulse, at } => self.signals().pieces_collided().emit(
                    i64::from(a.0),
                    i64::from(b.0),
                    f64::from(impulse),
                    vector(at * ppm),
                ),
                Event::Cushion { piece, impulse, at } => self.signals().cushion_hit().emit(
                    i64::from(piece.0),
                    f64::from(impulse),
                    vector(at * ppm),
                ),
                Event::Pocketed { piece, kind, pocket } => {
                    if piece == PieceId::STRIKER {
                        self.signals().striker_pocketed().emit();
                    }
                    self.signals().piece_pocketed().emit(
                        i64::from(piece.0),
                        &GString::from(kind.name()),
                        i64::from(pocket.0),
                    );
                }
                Event::LeftBoard { piece, kind } => {
                    self.signals().piece_left_board().emit(i64::from(piece.0), &GString::from(kind.name()))
                }
                Event::Settled(report) => {
                    let dict = dictionary(convert::report_fields(&report));
                    self.last_report = Some(report);
                    self.signals().shot_finished().emit(&dict);
                }
            }
        }
    }

    /// Moves every piece node to its piece.
    fn sync_nodes(&mut self) {
        let hide = self.hide_pocketed;
        self.nodes.sync(self.table.pieces(), self.pixels, hide);
    }

    /// Frees and recreates the piece nodes from the scenes.
    fn rebuild_piece_nodes(&mut self) {
        let scenes = crate::pieces::Scenes {
            white: self.white_coin_scene.clone(),
            black: self.black_coin_scene.clone(),
            queen: self.queen_scene.clone(),
            striker: self.striker_scene.clone(),
        };
        let spec = self.table.spec().clone();
        let mut parent = self.to_gd().upcast::<Node2D>();
        self.nodes.rebuild(&mut parent, &scenes, &spec, self.pixels);
        self.sync_nodes();
    }

    // --- For CarromRules (Rust only) ----------------------------------------------------

    pub(crate) fn set_referee(&mut self, referee: Option<Gd<CarromRules>>) {
        self.referee = referee;
    }

    pub(crate) fn last_report(&self) -> Option<ShotReport> {
        self.last_report.clone()
    }

    /// Carries out a verdict on the table: returned pieces to the centre (signal
    /// `piece_placed` for each), or a fresh board.
    pub(crate) fn carry_out(&mut self, verdict: &Verdict) -> Result<Vec<Returned>, String> {
        let returned = apply_verdict(&mut self.table, verdict).map_err(|e| e.to_string())?;
        self.sync_nodes();
        if verdict.new_board() {
            self.signals().board_reset().emit();
        }
        for r in &returned {
            let at = vector(r.at * self.pixels);
            self.signals().piece_placed().emit(i64::from(r.piece.0), &GString::from(r.kind.name()), at);
        }
        Ok(returned)
    }

    /// A copy of the table for the computer's search, if nothing moves.
    pub(crate) fn table_copy(&self) -> Option<Table> {
        self.table.clone_at_rest()
    }

    pub(crate) fn pixels(&self) -> f32 {
        self.pixels
    }

    pub(crate) fn max_speed(&self) -> f32 {
        self.table.spec().physics.max_striker_speed
    }

    pub(crate) fn reset_for_match(&mut self) {
        self.reset_board();
    }

    // --- Property accessors ---------------------------------------------------------------

    #[func]
    fn get_pixels_per_meter(&self) -> f32 {
        self.pixels
    }

    #[func]
    fn set_pixels_per_meter(&mut self, value: f32) {
        if !(value.is_finite() && value > 0.0) {
            godot_error!("CarromBoard.pixels_per_meter must be a positive number (got {value})");
            return;
        }
        self.pixels = value;
        self.rebuild_if_ready();
        self.base_mut().queue_redraw();
    }

    /// Changes one physical constant, if the table accepts it (at rest, in range).
    fn update_physics(&mut self, name: &str, change: impl FnOnce(&mut PhysicsConstants)) {
        let mut spec = self.table.spec().clone();
        change(&mut spec.physics);
        if let Err(e) = self.table.set_spec(spec) {
            godot_error!("CarromBoard.{name}: {e}");
        }
    }

    #[func]
    fn get_sliding_friction(&self) -> f32 {
        self.table.spec().physics.sliding_friction
    }
    #[func]
    fn set_sliding_friction(&mut self, v: f32) {
        self.update_physics("sliding_friction", |p| p.sliding_friction = v);
    }
    #[func]
    fn get_piece_restitution(&self) -> f32 {
        self.table.spec().physics.piece_restitution
    }
    #[func]
    fn set_piece_restitution(&mut self, v: f32) {
        self.update_physics("piece_restitution", |p| p.piece_restitution = v);
    }
    #[func]
    fn get_cushion_restitution(&self) -> f32 {
        self.table.spec().physics.cushion_restitution
    }
    #[func]
    fn set_cushion_restitution(&mut self, v: f32) {
        self.update_physics("cushion_restitution", |p| p.cushion_restitution = v);
    }
    #[func]
    fn get_piece_friction(&self) -> f32 {
        self.table.spec().physics.piece_friction
    }
    #[func]
    fn set_piece_friction(&mut self, v: f32) {
        self.update_physics("piece_friction", |p| p.piece_friction = v);
    }
    #[func]
    fn get_cushion_friction(&self) -> f32 {
        self.table.spec().physics.cushion_friction
    }
    #[func]
    fn set_cushion_friction(&mut self, v: f32) {
        self.update_physics("cushion_friction", |p| p.cushion_friction = v);
    }
    #[func]
    fn get_max_striker_speed(&self) -> f32 {
        self.table.spec().physics.max_striker_speed
    }
    #[func]
    fn set_max_striker_speed(&mut self, v: f32) {
        self.update_physics("max_striker_speed", |p| p.max_striker_speed = v);
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

    fn rebuild_if_ready(&mut self) {
        if self.base().is_node_ready() {
            self.rebuild_piece_nodes();
        }
    }
}
