//! Hits between pieces, and between a piece and the cushion, read off rapier's contact pairs
//! after each step. A pair is reported once, on the step its impulse first appears.

use super::event::Event;
use super::piece_state::PieceState;
use super::world::piece_of;
use crate::piece::PieceId;
use crate::spec::BoardSpec;
use crate::vec2::Vec2;
use rapier2d::prelude::*;
use std::collections::BTreeSet;

/// Stands for the frame in a touching pair.
pub const FRAME: u8 = u8::MAX;

/// The hits that began in the last step, updating `touching` to the pairs now in contact.
pub fn new_hits(
    world: &PhysicsWorld,
    touching: &mut BTreeSet<(u8, u8)>,
    pieces: &[PieceState],
    spec: &BoardSpec,
) -> Vec<Event> {
    let mut now = BTreeSet::new();
    let mut events = vec![];
    for pair in world.contact_pairs() {
        let impulse = pair.total_impulse_magnitude();
        if impulse <= 0.0 {
            continue;
        }
        let a = piece_of(world, pair.collider1);
        let b = piece_of(world, pair.collider2);
        let key = match (a, b) {
            (Some(a), Some(b)) => (a.0.min(b.0), a.0.max(b.0)),
            (Some(p), None) | (None, Some(p)) => (p.0, FRAME),
            (None, None) => continue,
        };
        now.insert(key);
        if touching.contains(&key) {
            continue;
        }
        let body_pos = |id: u8| {
            world
                .colliders
                .get(if a == Some(PieceId(id)) { pair.collider1 } else { pair.collider2 })
                .map(|c| Vec2::new(c.translation().x, c.translation().y))
                .unwrap_or(pieces[usize::from(id)].position)
        };
        events.push(match key {
            (piece, FRAME) => {
                let centre = body_pos(piece);
                let h = spec.half_surface();
                let at = Vec2::new(centre.x.clamp(-h, h), centre.y.clamp(-h, h));
                let at = nearest_face(at, h);
                Event::Cushion { piece: PieceId(piece), impulse, at }
            }
            (x, y) => {
                let (cx, cy) = (body_pos(x), body_pos(y));
                let rx = spec.radius(pieces[usize::from(x)].kind);
                let at = cx + (cy - cx).normalized().unwrap_or(Vec2::ZERO) * rx;
                Event::Collision { a: PieceId(x), b: PieceId(y), impulse, at }
            }
        });
    }
    *touching = now;
    events
}

/// The point of the cushion face nearest a piece centred at `c`.
fn nearest_face(c: Vec2, h: f32) -> Vec2 {
    let dx = h - c.x.abs();
    let dy = h - c.y.abs();
    if dx <= dy {
        Vec2::new(h * c.x.signum(), c.y)
    } else {
        Vec2::new(c.x, h * c.y.signum())
    }
}
