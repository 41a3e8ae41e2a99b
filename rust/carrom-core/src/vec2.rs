//! A plain 2-D vector in metres (or metres per second), the only geometric type in the public
//! API, so that callers never depend on the physics engine's math types.

use serde::{Deserialize, Serialize};
use std::ops::{Add, Mul, Neg, Sub};

/// A point or a direction on the board. The board's centre is the origin, `x` runs to seat 0's
/// right and `y` towards seat 0 (down on a screen where seat 0 sits at the bottom).
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Vec2 {
    /// Towards seat 0's right.
    pub x: f32,
    /// Towards seat 0.
    pub y: f32,
}

impl Vec2 {
    /// The centre of the board; no movement.
    pub const ZERO: Vec2 = Vec2 { x: 0.0, y: 0.0 };

    /// The vector (`x`, `y`).
    pub const fn new(x: f32, y: f32) -> Self {
        Self { x, y }
    }

    /// The unit vector at `angle` radians from the `x` axis (towards `y`). Uses `libm`, not
    /// the platform's maths library, so that every platform gets the same bits.
    pub fn from_angle(angle: f32) -> Self {
        Self::new(libm::cosf(angle), libm::sinf(angle))
    }

    /// The angle of this vector from the `x` axis, radians (platform-independent, as above).
    pub fn angle(self) -> f32 {
        libm::atan2f(self.y, self.x)
    }

    /// Length, by a correctly rounded square root (the same bits on every platform).
    pub fn length(self) -> f32 {
        self.length_squared().sqrt()
    }

    /// Length squared (no square root).
    pub fn length_squared(self) -> f32 {
        self.x * self.x + self.y * self.y
    }

    /// The dot product.
    pub fn dot(self, other: Vec2) -> f32 {
        self.x * other.x + self.y * other.y
    }

    /// Distance between two points.
    pub fn distance(self, other: Vec2) -> f32 {
        (self - other).length()
    }

    /// The same direction with length one, or `None` for a zero or non-finite vector.
    pub fn normalized(self) -> Option<Vec2> {
        let len = self.length();
        (len.is_finite() && len > 0.0).then(|| self * (1.0 / len))
    }

    /// Whether both parts are numbers.
    pub fn is_finite(self) -> bool {
        self.x.is_finite() && self.y.is_finite()
    }

    /// Quarter turns by the seat order: (x, y) → (y, −x), applied `turns` times.
    pub fn quarter_turns(self, turns: u8) -> Vec2 {
        (0..turns % 4).fold(self, |v, _| Vec2::new(v.y, -v.x))
    }

    /// The shortest distance from this point to the segment `a`–`b`.
    pub fn distance_to_segment(self, a: Vec2, b: Vec2) -> f32 {
        let ab = b - a;
        let len2 = ab.length_squared();
        if len2 == 0.0 {
            return self.distance(a);
        }
        let t = ((self - a).dot(ab) / len2).clamp(0.0, 1.0);
        self.distance(a + ab * t)
    }
}

impl Add for Vec2 {
    type Output = Vec2;
    fn add(self, o: Vec2) -> Vec2 {
        Vec2::new(self.x + o.x, self.y + o.y)
    }
}

impl Sub for Vec2 {
    type Output = Vec2;
    fn sub(self, o: Vec2) -> Vec2 {
        Vec2::new(self.x - o.x, self.y - o.y)
    }
}

impl Mul<f32> for Vec2 {
    type Output = Vec2;
    fn mul(self, k: f32) -> Vec2 {
        Vec2::new(self.x * k, self.y * k)
    }
}

impl Neg for Vec2 {
    type Output = Vec2;
    fn neg(self) -> Vec2 {
        Vec2::new(-self.x, -self.y)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quarter_turns_cycle_back_after_four() {
        let v = Vec2::new(0.3, -0.1);
        assert_eq!(v.quarter_turns(4), v);
        assert_eq!(v.quarter_turns(1), Vec2::new(-0.1, -0.3));
    }

    #[test]
    fn zero_and_nan_vectors_have_no_direction() {
        assert_eq!(Vec2::ZERO.normalized(), None);
        assert_eq!(Vec2::new(f32::NAN, 1.0).normalized(), None);
        let n = Vec2::new(3.0, 4.0).normalized().unwrap();
        assert!((n.length() - 1.0).abs() < 1e-6);
    }

    #[test]
    fn segment_distance_clamps_to_the_ends() {
        let p = Vec2::new(2.0, 1.0);
        assert_eq!(p.distance_to_segment(Vec2::ZERO, Vec2::new(1.0, 0.0)), 2f32.sqrt());
        assert_eq!(Vec2::new(0.5, 1.0).distance_to_segment(Vec2::ZERO, Vec2::new(1.0, 0.0)), 1.0);
    }
}
