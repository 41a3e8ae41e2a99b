//! `Table`: one carrom board with its pieces, and the shot that may be running on it. This is
//! the physics API the rules, the computer opponent and the Godot nodes all use.

use super::contact;
use super::error::TableError;
use super::event::Event;
use super::friction::{slow_linear, slow_spin};
use super::piece_state::{PieceState, Place};
use super::pocket;
use super::report::ShotReport;
use super::world;
use crate::baseline;
use crate::formation::opening_formation;
use crate::piece::{PieceId, PieceKind};
use crate::seat::Seat;
use crate::spec::BoardSpec;
use crate::vec2::Vec2;
use rapier2d::prelude::*;
use std::collections::BTreeSet;

/// A board, its 19 pieces and its striker.
pub struct Table {
    pub(crate) spec: BoardSpec,
    pub(crate) pieces: Vec<PieceState>,
    /// The seat whose striker stands on its baseline, ready to strike, and its offset there
    /// as given (kept exactly, for the replay).
    pub(crate) placed_striker: Option<(Seat, f32)>,
    /// The shot under way, if any.
    pub(crate) motion: Option<Motion>,
}

/// How a shot began: the table at rest with the striker placed, and the strike. A saved shot
/// in motion is this and the number of steps played, simulated again on load.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Start {
    pub(crate) pieces: Vec<PieceState>,
    pub(crate) striker: (Seat, f32),
    pub(crate) direction: Vec2,
    pub(crate) speed: f32,
}

/// A shot under way: the rapier world and what the shot has done so far.
pub(crate) struct Motion {
    pub(crate) start: Start,
    pub(crate) world: PhysicsWorld,
    pub(crate) bodies: Vec<Option<RigidBodyHandle>>,
    /// Pairs of touching pieces (the frame is `contact::FRAME`), to report each hit once.
    pub(crate) touching: BTreeSet<(u8, u8)>,
    /// Pieces that started the shot inside the outer circle (for the break, S4).
    pub(crate) inside_outer: Vec<bool>,
    pub(crate) report: ShotReport,
}

impl Table {
    /// A table set up for the opening (S2, S3), the striker in hand.
    pub fn new(spec: BoardSpec) -> Result<Table, TableError> {
        spec.validate()?;
        let mut table = Table { spec, pieces: vec![], placed_striker: None, motion: None };
        table.reset();
        Ok(table)
    }

    /// A table of the ICF board (whose spec a unit test validates), for callers that have no
    /// error to report.
    pub fn icf() -> Table {
        let mut table = Table { spec: BoardSpec::icf(), pieces: vec![], placed_striker: None, motion: None };
        table.reset();
        table
    }

    /// Puts every piece back in the opening formation and the striker in hand, stopping any
    /// shot under way.
    pub fn reset(&mut self) {
        self.motion = None;
        self.placed_striker = None;
        self.pieces = opening_formation(&self.spec)
            .into_iter()
            .map(|p| PieceState::at_rest(p.id, p.kind, Place::Board, p.position))
            .collect();
        self.pieces.push(PieceState::at_rest(PieceId::STRIKER, PieceKind::Striker, Place::Hand, Vec2::ZERO));
    }

    /// The formation of `reset`, or for a ruleset without the queen (Disc Pool) the same with
    /// the queen put off the board, where she stays: the coins keep their spots so a board
    /// looks the same in every ruleset.
    pub fn set_up(&mut self, queen: bool) {
        self.reset();
        if !queen {
            self.pieces[PieceId::QUEEN.index()].place = Place::Off;
        }
    }

    /// A copy of the table for what-ifs (the computer opponent's), if no shot is under way.
    pub fn clone_at_rest(&self) -> Option<Table> {
        self.motion.is_none().then(|| Table {
            spec: self.spec.clone(),
            pieces: self.pieces.clone(),
            placed_striker: self.placed_striker,
            motion: None,
        })
    }

    /// The board and its physical constants.
    pub fn spec(&self) -> &BoardSpec {
        &self.spec
    }

    /// Changes sizes or physical constants between shots. Refused while pieces move, and when
    /// a piece (or the placed striker) could not stand where it is on the new board.
    pub fn set_spec(&mut self, spec: BoardSpec) -> Result<(), TableError> {
        self.ensure_at_rest()?;
        spec.validate()?;
        let candidate =
            Table { spec, pieces: self.pieces.clone(), placed_striker: self.placed_striker, motion: None };
        candidate.check_at_rest()?;
        *self = candidate;
        Ok(())
    }

    /// All 20 pieces, indexed by `PieceId`.
    pub fn pieces(&self) -> &[PieceState] {
        &self.pieces
    }

    /// One piece.
    pub fn piece(&self, id: PieceId) -> Result<&PieceState, TableError> {
        self.pieces.get(id.index()).ok_or(TableError::NoSuchPiece(id.0))
    }

    /// Whether a shot is under way.
    pub fn is_moving(&self) -> bool {
        self.motion.is_some()
    }

    /// The seat whose striker is placed and ready.
    pub fn striker_seat(&self) -> Option<Seat> {
        self.placed_striker.map(|(seat, _)| seat)
    }

    /// Where the placed striker stands: its seat and its offset along the baseline, metres,
    /// exactly as it was placed.
    pub fn striker_placing(&self) -> Option<(Seat, f32)> {
        self.placed_striker
    }

    pub(super) fn ensure_at_rest(&self) -> Result<(), TableError> {
        if self.is_moving() {
            Err(TableError::StillMoving)
        } else {
            Ok(())
        }
    }

    /// Where `seat`'s striker would stand at `offset`, if that spot is legal (K1) and clear of
    /// every piece on the board.
    pub fn check_striker_spot(&self, seat: Seat, offset: f32) -> Result<Vec2, TableError> {
        baseline::check_offset(&self.spec, offset)?;
        let spot = baseline::striker_spot(&self.spec, seat, offset);
        let reach = self.spec.radius(PieceKind::Striker);
        let blocker = self.pieces.iter().find(|p| {
            p.kind != PieceKind::Striker
                && p.on_board()
                && p.position.distance(spot) < reach + self.spec.radius(p.kind)
        });
        match blocker {
            Some(p) => Err(baseline::PlacementError::OverlapsPiece { offset, piece: p.id }.into()),
            None => Ok(spot),
        }
    }

    /// The legal, free spot for `seat`'s striker nearest `wanted` (metres along the baseline),
    /// searched outwards in 5 mm steps; `None` if pieces cover the whole baseline.
    pub fn nearest_free_striker_offset(&self, seat: Seat, wanted: f32) -> Option<f32> {
        let limit = baseline::offset_limit(&self.spec);
        let wanted = if wanted.is_finite() { wanted.clamp(-limit, limit) } else { 0.0 };
        let steps = (2.0 * limit / 0.005).ceil() as i32;
        (0..=steps)
            .flat_map(|i| [i, -i])
            .map(|i| {
                baseline::nearest_legal_offset(&self.spec, (wanted + i as f32 * 0.005).clamp(-limit, limit))
            })
            .find(|offset| self.check_striker_spot(seat, *offset).is_ok())
    }

    /// Stands `seat`'s striker on its baseline at `offset` metres to the player's right.
    pub fn place_striker(&mut self, seat: Seat, offset: f32) -> Result<Vec2, TableError> {
        self.ensure_at_rest()?;
        let spot = self.check_striker_spot(seat, offset)?;
        let striker = &mut self.pieces[PieceId::STRIKER.index()];
        *striker = PieceState::at_rest(PieceId::STRIKER, PieceKind::Striker, Place::Board, spot);
        self.placed_striker = Some((seat, offset));
        Ok(spot)
    }

    /// Whether the placed striker may be flicked along `direction` at `speed` m/s: it must
    /// point forward from the seat's baseline (K3), the speed within (0, max_striker_speed].
    /// Returns the unit direction.
    pub fn check_strike(&self, direction: Vec2, speed: f32) -> Result<Vec2, TableError> {
        self.ensure_at_rest()?;
        let (seat, _) = self.placed_striker.ok_or(TableError::StrikerNotPlaced)?;
        self.check_flick(seat, direction, speed)
    }

    /// Whether `seat`'s striker, once placed, may be flicked along `direction` at `speed`:
    /// `check_strike` before the striker stands, so that a strike can be judged whole without
    /// placing it.
    pub fn check_flick(&self, seat: Seat, direction: Vec2, speed: f32) -> Result<Vec2, TableError> {
        self.ensure_at_rest()?;
        let dir =
            direction.normalized().ok_or(TableError::BadDirection { x: direction.x, y: direction.y })?;
        if !seat.is_forward(dir) {
            return Err(TableError::Backwards);
        }
        let max = self.spec.physics.max_striker_speed;
        if !(speed.is_finite() && speed > 0.0 && speed <= max) {
            return Err(TableError::BadSpeed { speed, max });
        }
        Ok(dir)
    }

    /// Flicks the placed striker along `direction` at `speed` m/s, if `check_strike` allows.
    pub fn strike(&mut self, direction: Vec2, speed: f32) -> Result<(), TableError> {
        let dir = self.check_strike(direction, speed)?;
        let striker = self.placed_striker.ok_or(TableError::StrikerNotPlaced)?;
        let seat = striker.0;
        let start = Start { pieces: self.pieces.clone(), striker, direction, speed };
        self.pieces[PieceId::STRIKER.index()].velocity = dir * speed;
        let (world, bodies) = world::build(&self.spec, &self.pieces);
        let outer = self.spec.outer_circle_diameter / 2.0;
        let inside_outer = self.pieces.iter().map(|p| p.on_board() && p.position.length() < outer).collect();
        self.placed_striker = None;
        self.motion = Some(Motion {
            start,
            world,
            bodies,
            touching: BTreeSet::new(),
            inside_outer,
            report: ShotReport { seat: Some(seat), ..ShotReport::default() },
        });
        Ok(())
    }

    /// Advances a running shot by one time step and tells what happened in it; the last step
    /// of a shot ends with `Event::Settled`. At rest it does nothing.
    pub fn step(&mut self) -> Vec<Event> {
        let Some(motion) = self.motion.as_mut() else {
            return vec![];
        };
        motion.world.step();
        let mut events = contact::new_hits(&motion.world, &mut motion.touching, &self.pieces, &self.spec);
        let p = &self.spec.physics;
        let mu_g = p.sliding_friction * p.gravity;
        let half = self.spec.half_surface();
        let mut all_still = true;
        for (piece, slot) in self.pieces.iter_mut().zip(motion.bodies.iter_mut()) {
            let Some(handle) = *slot else { continue };
            let Some(body) = motion.world.bodies.get_mut(handle) else { continue };
            let t = body.translation();
            let now = Vec2::new(t.x, t.y);
            let r = self.spec.radius(piece.kind);
            let dropped = pocket::crossed(&self.spec, piece.position, now);
            let off = now.x.abs() > half + r || now.y.abs() > half + r || !now.is_finite();
            piece.position = if now.is_finite() { now } else { piece.position };
            if dropped.is_some() || off {
                piece.velocity = Vec2::ZERO;
                piece.spin = 0.0;
                motion.world.remove_body(handle);
                *slot = None;
                if let Some(pocket) = dropped {
                    piece.place = Place::Pocket(pocket);
                    piece.position = pocket.centre(&self.spec);
                    events.push(Event::Pocketed { piece: piece.id, kind: piece.kind, pocket });
                } else {
                    piece.place = Place::Off;
                    events.push(Event::LeftBoard { piece: piece.id, kind: piece.kind });
                }
                continue;
            }
            let v = body.linvel();
            let velocity = slow_linear(Vec2::new(v.x, v.y), mu_g, p.time_step);
            let spin = slow_spin(body.angvel(), mu_g, r, p.time_step);
            body.set_linvel(Vector::new(velocity.x, velocity.y), true);
            body.set_angvel(spin, true);
            piece.velocity = velocity;
            piece.spin = spin;
            piece.angle = body.rotation().angle();
            all_still &= piece.is_still();
        }
        for event in &events {
            event.add_to(&mut motion.report);
        }
        motion.report.steps += 1;
        let out_of_time = motion.report.steps as f32 * p.time_step >= p.max_shot_seconds;
        if all_still || out_of_time {
            events.push(Event::Settled(self.finish(out_of_time)));
        }
        events
    }

    /// Ends the shot: everything stops where it lies and the report is complete.
    fn finish(&mut self, stopped_early: bool) -> ShotReport {
        let Some(motion) = self.motion.take() else {
            return ShotReport::default();
        };
        let mut report = motion.report;
        let outer = self.spec.outer_circle_diameter / 2.0;
        for (piece, was_inside) in self.pieces.iter_mut().zip(motion.inside_outer) {
            piece.velocity = Vec2::ZERO;
            piece.spin = 0.0;
            if was_inside
                && piece.kind != PieceKind::Striker
                && !(piece.on_board() && piece.position.length() < outer)
            {
                report.broke_formation = true;
            }
        }
        report.stopped_early = stopped_early;
        report
    }

    /// Runs the shot under way until everything stops (bounded by `max_shot_seconds`) and
    /// returns its report.
    pub fn run_to_rest(&mut self) -> Result<ShotReport, TableError> {
        if !self.is_moving() {
            return Err(TableError::AtRest);
        }
        loop {
            if let Some(Event::Settled(report)) = self.step().pop() {
                return Ok(report);
            }
        }
    }
}
