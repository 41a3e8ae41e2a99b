//! The frame's cushions: four walls just outside the playing surface, with the inside corners
//! filled to a quarter circle so that nothing can wedge itself into a right angle.

use crate::spec::BoardSpec;
use rapier2d::prelude::*;

/// How thick the walls are behind the cushion face: thick enough that nothing crosses them in
/// one step even at the engine's speed limit.
const WALL_HALF_THICKNESS: f32 = 0.1;
/// Straight pieces that approximate each rounded corner.
const CORNER_SEGMENTS: usize = 6;

/// The shapes of the whole frame, as one compound collider on the fixed ground.
pub fn frame_shapes(spec: &BoardSpec) -> Vec<(Pose, SharedShape)> {
    let h = spec.half_surface();
    let t = WALL_HALF_THICKNESS;
    let long = h + 2.0 * t;
    let mut shapes = vec![
        (Pose::translation(0.0, h + t), SharedShape::cuboid(long, t)),
        (Pose::translation(0.0, -h - t), SharedShape::cuboid(long, t)),
        (Pose::translation(h + t, 0.0), SharedShape::cuboid(t, long)),
        (Pose::translation(-h - t, 0.0), SharedShape::cuboid(t, long)),
    ];
    let r = spec.corner_radius;
    if r > 0.0 {
        for (sx, sy) in [(1.0, 1.0), (1.0, -1.0), (-1.0, -1.0), (-1.0, 1.0)] {
            let corner = Vector::new(sx * h, sy * h);
            let centre = Vector::new(sx * (h - r), sy * (h - r));
            let arc: Vec<Vector> = (0..=CORNER_SEGMENTS)
                .map(|i| {
                    let a = std::f32::consts::FRAC_PI_2 * i as f32 / CORNER_SEGMENTS as f32;
                    centre + Vector::new(sx * libm::cosf(a) * r, sy * libm::sinf(a) * r)
                })
                .collect();
            for pair in arc.windows(2) {
                shapes.push((Pose::IDENTITY, SharedShape::triangle(corner, pair[0], pair[1])));
            }
        }
    }
    shapes
}
