//! Every conversion and check the nodes do, as plain Rust so that `cargo test` reaches it:
//! power ⇄ speed, seat numbers, messages in pixels. The nodes only move these values in and out
//! of Godot types; the dictionaries they hand GDScript are made in `fields`.

use carrom_core::baseline::PlacementError;
use carrom_core::{Seat, Vec2};

/// A refused striker spot, told in the node's units (pixels, to a tenth) rather than the
/// core's metres.
pub fn placement_message(error: &PlacementError, pixels_per_meter: f32) -> String {
    error.told("pixels", |m| format!("{} px", (m * pixels_per_meter * 10.0).round() / 10.0))
}

/// A seat number from GDScript.
pub fn seat(value: i64) -> Result<Seat, String> {
    Seat::new(value).map_err(|e| format!("seat: {e}"))
}

/// A finite number from GDScript, or an error naming the argument.
pub fn finite(name: &str, value: f64) -> Result<f32, String> {
    if value.is_finite() && value.abs() < f64::from(f32::MAX) {
        Ok(value as f32)
    } else {
        Err(format!("{name} must be a finite number (got {value})"))
    }
}

/// Strike power 0–1 (of the board's maximum striker speed) to a speed in m/s.
pub fn power_to_speed(power: f64, max_speed: f32) -> Result<f32, String> {
    carrom_core::physics::speed_of(power, max_speed)
        .ok_or_else(|| format!("power must be {} (got {power})", carrom_core::physics::POWER_ALLOWED))
}

/// The power (0–1, never quite 0) that strikes at `speed`, the inverse of `power_to_speed`: how
/// the computer's and the coach's shots are handed to GDScript.
pub fn speed_to_power(speed: f32, max_speed: f32) -> f64 {
    f64::from(speed / max_speed).clamp(0.0001, 1.0)
}

/// A direction from GDScript: finite and not zero.
pub fn direction(x: f32, y: f32) -> Result<Vec2, String> {
    let v = Vec2::new(x, y);
    v.normalized()
        .map(|_| v)
        .ok_or_else(|| format!("direction must be a finite, non-zero vector (got ({x}, {y}))"))
}

/// -1 for "none", the number otherwise, as GDScript expects.
pub fn or_minus_one<T: Into<i64>>(value: Option<T>) -> i64 {
    value.map_or(-1, Into::into)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn power_outside_0_to_1_is_refused_with_the_range() {
        assert_eq!(power_to_speed(0.5, 6.0), Ok(3.0));
        assert_eq!(power_to_speed(1.0, 6.0), Ok(6.0));
        for bad in [0.0, -0.1, 1.01, f64::NAN, f64::INFINITY] {
            let err = power_to_speed(bad, 6.0).unwrap_err();
            assert!(err.contains("power") && err.contains("at most 1"), "{err}");
        }
    }

    #[test]
    fn seats_directions_and_numbers_are_checked() {
        assert!(seat(3).is_ok());
        assert!(seat(4).unwrap_err().contains("seats are 0, 1, 2 and 3"));
        assert!(direction(0.0, 0.0).unwrap_err().contains("non-zero"));
        assert!(direction(f32::NAN, 1.0).is_err());
        assert!(direction(0.0, -2.0).is_ok());
        assert!(finite("offset", f64::NAN).unwrap_err().contains("offset"));
        assert!(finite("offset", 1e300).is_err());
        assert_eq!(finite("offset", 12.5), Ok(12.5));
    }

    #[test]
    fn refused_spots_are_told_in_pixels() {
        let error = PlacementError::BeyondBaseline { offset: 0.3, max: 0.22385 };
        assert_eq!(
            placement_message(&error, 1000.0),
            "striker offset 300 px lies beyond the baseline: allowed is -223.9 px to 223.9 px"
        );
        let straddle = PlacementError::StraddlesBaseCircle {
            offset: 0.2,
            clear: 0.18255,
            circle: 0.2191,
            cover: 0.00475,
        };
        assert!(placement_message(&straddle, 500.0).contains("100 px straddles"));
    }
}
