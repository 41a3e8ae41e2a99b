//! Building a rapier world for one shot from the pieces as they lie. A shot always starts from
//! a freshly built world, so a table restored from a save plays exactly like the original.

use super::cushion;
use super::piece_state::{PieceState, Place};
use crate::piece::PieceId;
use crate::spec::BoardSpec;
use rapier2d::prelude::*;

/// Marks the frame in collider user data; pieces carry their id + 1.
pub const FRAME_TAG: u128 = 0;

/// Rapier multiplies the two colliders' coefficients (rule `Multiply`), so pieces carry the
/// square root of the piece–piece value and the cushion the rest of the piece–cushion value.
/// The floor keeps the cushion's share finite when a modder sets the piece value to zero.
fn material(piece_piece: f32, piece_cushion: f32) -> (f32, f32) {
    let piece = piece_piece.sqrt().max(1e-3);
    (piece, piece_cushion / piece)
}

/// The fresh world and, for each piece id, its body if it is on the board.
pub fn build(spec: &BoardSpec, pieces: &[PieceState]) -> (PhysicsWorld, Vec<Option<RigidBodyHandle>>) {
    let p = &spec.physics;
    let mut world = PhysicsWorld::new();
    world.gravity = Vector::ZERO;
    world.integration_parameters.dt = p.time_step;
    world.integration_parameters.min_ccd_dt = p.time_step / 100.0;
    world.integration_parameters.length_unit = spec.coin_diameter;
    let (piece_e, cushion_e) = material(p.piece_restitution, p.cushion_restitution);
    let (piece_mu, cushion_mu) = material(p.piece_friction, p.cushion_friction);

    let ground = world.insert_body(RigidBodyBuilder::fixed());
    let frame = ColliderBuilder::compound(cushion::frame_shapes(spec))
        .restitution(cushion_e)
        .restitution_combine_rule(CoefficientCombineRule::Multiply)
        .friction(cushion_mu)
        .friction_combine_rule(CoefficientCombineRule::Multiply)
        .user_data(FRAME_TAG);
    world.insert_collider(frame, Some(ground));

    let handles = pieces
        .iter()
        .enumerate()
        .map(|(i, piece)| {
            if piece.place != Place::Board {
                return None;
            }
            let body = RigidBodyBuilder::dynamic()
                .translation(Vector::new(piece.position.x, piece.position.y))
                .rotation(piece.angle)
                .linvel(Vector::new(piece.velocity.x, piece.velocity.y))
                .angvel(piece.spin)
                .ccd_enabled(true)
                .can_sleep(false);
            let handle = world.insert_body(body);
            let collider = ColliderBuilder::ball(spec.radius(piece.kind))
                .mass(spec.mass(piece.kind))
                .restitution(piece_e)
                .restitution_combine_rule(CoefficientCombineRule::Multiply)
                .friction(piece_mu)
                .friction_combine_rule(CoefficientCombineRule::Multiply)
                .user_data(i as u128 + 1);
            world.insert_collider(collider, Some(handle));
            Some(handle)
        })
        .collect();
    (world, handles)
}

/// The piece a collider belongs to, or `None` for the frame.
pub fn piece_of(world: &PhysicsWorld, collider: ColliderHandle) -> Option<PieceId> {
    let tag = world.colliders.get(collider)?.user_data;
    (tag != FRAME_TAG).then(|| PieceId((tag - 1) as u8))
}

#[cfg(test)]
mod tests {
    use super::material;

    #[test]
    fn material_products_give_the_spec_values() {
        let (piece, cushion) = material(0.85, 0.75);
        assert!((piece * piece - 0.85).abs() < 1e-6);
        assert!((piece * cushion - 0.75).abs() < 1e-6);
        let (piece, cushion) = material(0.0, 0.6);
        assert!((piece * cushion - 0.6).abs() < 1e-6);
    }
}
