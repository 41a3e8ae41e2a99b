//! `Units`: the board's scale, pixels per metre, and every conversion between the core's metres
//! and the node's pixels and Godot vectors. Each site that crosses the boundary uses it.

use carrom_core::Vec2;
use godot::builtin::Vector2;

/// How many pixels one metre of board takes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Units {
    pixels_per_meter: f32,
}

impl Default for Units {
    fn default() -> Self {
        Units { pixels_per_meter: 1000.0 }
    }
}

impl Units {
    /// A scale; `None` unless it is a finite number above zero.
    pub fn new(pixels_per_meter: f32) -> Option<Units> {
        (pixels_per_meter.is_finite() && pixels_per_meter > 0.0).then_some(Units { pixels_per_meter })
    }

    /// Pixels per metre.
    pub fn scale(self) -> f32 {
        self.pixels_per_meter
    }

    /// A length in metres as pixels.
    pub fn pixels(self, metres: f32) -> f64 {
        f64::from(metres * self.pixels_per_meter)
    }

    /// A point in board metres as a Godot vector in pixels.
    pub fn point(self, metres: Vec2) -> Vector2 {
        vector(metres * self.pixels_per_meter)
    }

    /// A length in pixels from GDScript as metres, if it is a finite number.
    pub fn metres(self, name: &str, pixels: f64) -> Result<f32, String> {
        crate::convert::finite(name, pixels).map(|p| p / self.pixels_per_meter)
    }
}

/// A core vector as a Godot vector, unscaled (directions).
pub fn vector(v: Vec2) -> Vector2 {
    Vector2::new(v.x, v.y)
}

/// A Godot vector as a core vector, unscaled (directions).
pub fn vec2(v: Vector2) -> Vec2 {
    Vec2::new(v.x, v.y)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn metres_and_pixels_convert_both_ways() {
        let units = Units::new(500.0).unwrap();
        assert_eq!(units.point(Vec2::new(0.37, -0.1)), Vector2::new(185.0, -50.0));
        assert_eq!(units.metres("offset", 100.0), Ok(0.2));
        assert!(units.metres("offset", f64::NAN).unwrap_err().contains("offset"));
        assert_eq!(units.pixels(0.74), 370.0);
    }

    #[test]
    fn a_scale_must_be_positive_and_finite() {
        assert!(Units::new(0.0).is_none());
        assert!(Units::new(-3.0).is_none());
        assert!(Units::new(f32::INFINITY).is_none());
        assert_eq!(Units::default().scale(), 1000.0);
    }
}
