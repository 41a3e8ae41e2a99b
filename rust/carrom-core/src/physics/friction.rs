//! Sliding friction against the playing surface. Rapier simulates the board's plane, not the
//! surface under the pieces, so the drag is applied here between steps as Coulomb friction: a
//! constant deceleration μ·g that stops a piece cleanly, not a damping that never quite does.

use crate::vec2::Vec2;

/// The new velocity after `dt` of sliding with deceleration `decel`; exactly zero once the
/// piece would have stopped within the step.
pub fn slow_linear(velocity: Vec2, decel: f32, dt: f32) -> Vec2 {
    let speed = velocity.length();
    let drop = decel * dt;
    if speed <= drop {
        Vec2::ZERO
    } else {
        velocity * ((speed - drop) / speed)
    }
}

/// The new spin after `dt`, for a disc whose friction torque (uniform pressure over its face,
/// ⅔·μ·m·g·r) over its moment of inertia (½·m·r²) decelerates it by 4μg/(3r).
pub fn slow_spin(spin: f32, mu_g: f32, radius: f32, dt: f32) -> f32 {
    let drop = 4.0 * mu_g / (3.0 * radius) * dt;
    if spin.abs() <= drop {
        0.0
    } else {
        spin - drop * spin.signum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coulomb_friction_stops_in_v_over_mu_g() {
        let (mu_g, dt) = (0.12 * 9.81, 1.0 / 240.0);
        let mut v = Vec2::new(3.0, 4.0);
        let mut steps = 0;
        let mut travelled = 0.0;
        while v != Vec2::ZERO {
            v = slow_linear(v, mu_g, dt);
            travelled += v.length() * dt;
            steps += 1;
        }
        let t = steps as f32 * dt;
        assert!((t - 5.0 / mu_g).abs() <= dt, "stopped after {t}s");
        // Distance v²/(2μg), within one step's travel.
        assert!((travelled - 25.0 / (2.0 * mu_g)).abs() < 5.0 * dt * 2.0);
    }

    #[test]
    fn spin_decays_to_exactly_zero_both_ways() {
        let mut w = -20.0;
        for _ in 0..10_000 {
            w = slow_spin(w, 1.2, 0.016, 1.0 / 240.0);
        }
        assert_eq!(w, 0.0);
        assert!(slow_spin(5.0, 1.2, 0.016, 1.0 / 240.0) < 5.0);
    }
}
