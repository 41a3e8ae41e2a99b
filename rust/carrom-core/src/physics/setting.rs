//! Pieces put where a rule, a test or a puzzle says (a returned piece to the centre, one piece
//! moved, a whole position laid out), and the check every table from outside passes: a valid
//! spec, the board's pieces, each still and where a piece can lie.

use super::error::TableError;
use super::piece_state::{PieceState, Place};
use super::pocket;
use super::table::Table;
use crate::formation::opening_formation;
use crate::piece::{PieceId, PieceKind};
use crate::return_spot::nearest_free_spot;
use crate::vec2::Vec2;

impl Table {
    /// Puts a pocketed or fallen piece back on the board at the free spot nearest the centre
    /// (X1, F0) and says where.
    pub fn return_to_centre(&mut self, id: PieceId) -> Result<Vec2, TableError> {
        self.ensure_at_rest()?;
        let piece = self.piece(id)?;
        if piece.on_board() {
            return Err(TableError::NotOffTheBoard(id));
        }
        let spot = self.free_spot_near(Vec2::ZERO, piece.kind).ok_or(TableError::NoRoom(id))?;
        self.pieces[id.index()] = PieceState::at_rest(id, piece.kind, Place::Board, spot);
        Ok(spot)
    }

    /// The free spot nearest `target` for a piece of `kind`, clear of every piece on the board.
    pub fn free_spot_near(&self, target: Vec2, kind: PieceKind) -> Option<Vec2> {
        let occupied: Vec<(Vec2, f32)> = self
            .pieces
            .iter()
            .filter(|p| p.on_board())
            .map(|p| (p.position, self.spec.radius(p.kind)))
            .collect();
        let r = self.spec.radius(kind);
        nearest_free_spot(target, r, &occupied, self.spec.half_surface() - r)
    }

    /// Moves one piece, for setting up positions (tests, puzzles, the computer's what-ifs).
    /// The spot must be on the surface, off the pockets and clear of other pieces.
    pub fn set_piece(&mut self, id: PieceId, place: Place, position: Vec2) -> Result<(), TableError> {
        self.ensure_at_rest()?;
        let kind = self.piece(id)?.kind;
        if place == Place::Hand && kind != PieceKind::Striker {
            return Err(TableError::NotInHand(id));
        }
        // Wherever the piece goes, its position is saved: JSON has no NaN or infinity.
        if !position.is_finite() {
            return Err(TableError::NotFinite { id, x: position.x, y: position.y });
        }
        if place == Place::Board {
            let r = self.spec.radius(kind);
            let inside = position.x.abs() <= self.spec.half_surface() - r
                && position.y.abs() <= self.spec.half_surface() - r
                && pocket::crossed(&self.spec, position, position).is_none();
            if !inside {
                return Err(TableError::OffSurface { id, x: position.x, y: position.y });
            }
            if let Some(other) = self.pieces.iter().find(|p| {
                p.id != id && p.on_board() && p.position.distance(position) < r + self.spec.radius(p.kind)
            }) {
                return Err(TableError::Overlaps { id, other: other.id });
            }
        }
        self.pieces[id.index()] = PieceState::at_rest(id, kind, place, position);
        if id == PieceId::STRIKER {
            self.placed_striker = None;
        }
        Ok(())
    }

    /// Lays out a position: piece `id` (0–18) at `spots[id]`, or off the board for `None`, the
    /// striker back in hand. Checked as a loaded table is (on the surface, off the pockets, no
    /// piece on another); refused whole, the table unchanged, when a spot cannot be.
    pub fn arrange(&mut self, spots: &[Option<Vec2>]) -> Result<(), TableError> {
        self.ensure_at_rest()?;
        if spots.len() != PieceId::STRIKER.index() {
            return Err(TableError::BadSnapshot(format!(
                "a position places the {} pieces other than the striker, not {}",
                PieceId::STRIKER.index(),
                spots.len()
            )));
        }
        let mut candidate = self.clone_at_rest().ok_or(TableError::StillMoving)?;
        for (piece, spot) in candidate.pieces.iter_mut().zip(spots) {
            *piece = match spot {
                Some(at) => PieceState::at_rest(piece.id, piece.kind, Place::Board, *at),
                None => PieceState::at_rest(piece.id, piece.kind, Place::Off, Vec2::ZERO),
            };
        }
        let striker = PieceId::STRIKER.index();
        candidate.pieces[striker] =
            PieceState::at_rest(PieceId::STRIKER, PieceKind::Striker, Place::Hand, Vec2::ZERO);
        candidate.placed_striker = None;
        candidate.check_at_rest()?;
        *self = candidate;
        Ok(())
    }

    /// Checks a table at rest that came from outside (a snapshot) or from a change of spec: a
    /// valid spec, the 20 pieces of a board in id order, each still and where a piece can
    /// lie, and a placed striker on a legal, free spot.
    pub(crate) fn check_at_rest(&self) -> Result<(), TableError> {
        let bad = |why: String| Err(TableError::BadSnapshot(why));
        self.spec.validate()?;
        let expected: Vec<PieceKind> =
            opening_formation(&self.spec).iter().map(|p| p.kind).chain([PieceKind::Striker]).collect();
        let kinds: Vec<PieceKind> = self.pieces.iter().map(|p| p.kind).collect();
        if kinds != expected {
            return bad("a table holds the queen, 9 white, 9 black and the striker, in id order".into());
        }
        let half = self.spec.half_surface();
        for (i, p) in self.pieces.iter().enumerate() {
            let finite =
                p.position.is_finite() && p.velocity.is_finite() && p.angle.is_finite() && p.spin.is_finite();
            if p.id.index() != i || !finite {
                return bad(format!("{} has a wrong id or a number that is not finite", p.id));
            }
            if !p.is_still() {
                return bad(format!("{} moves on a table at rest", p.id));
            }
            let reach = half - self.spec.radius(p.kind) + SETTLED_SLACK;
            match p.place {
                Place::Board if p.position.x.abs() > reach || p.position.y.abs() > reach => {
                    return bad(format!("{} lies outside the playing surface", p.id));
                }
                Place::Board if pocket::crossed(&self.spec, p.position, p.position).is_some() => {
                    return bad(format!("{} lies over a pocket", p.id));
                }
                Place::Hand if p.kind != PieceKind::Striker => {
                    return bad(format!("{} is in hand: only the striker waits in hand", p.id));
                }
                _ => {}
            }
        }
        let on_board: Vec<&PieceState> = self.pieces.iter().filter(|p| p.on_board()).collect();
        for (i, a) in on_board.iter().enumerate() {
            for b in &on_board[i + 1..] {
                let touch = self.spec.radius(a.kind) + self.spec.radius(b.kind) - SETTLED_SLACK;
                if a.position.distance(b.position) < touch {
                    return bad(format!("{} and {} lie on top of each other", a.id, b.id));
                }
            }
        }
        if let Some((seat, offset)) = self.placed_striker {
            let striker = &self.pieces[PieceId::STRIKER.index()];
            let spot = self.check_striker_spot(seat, offset)?;
            if striker.place != Place::Board || striker.position != spot {
                return bad(format!("the striker does not stand where {seat} placed it"));
            }
        }
        Ok(())
    }
}

/// How far a piece at rest may sink into a cushion or another piece: the physics lets pieces
/// press a hair into each other, an edited save stacks them.
const SETTLED_SLACK: f32 = 0.002;
