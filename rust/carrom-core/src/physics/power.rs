//! Striker power: how hard a player flicks, as a share of the board's top striker speed. The
//! one check of it, for the board node and for a network peer's strike alike.

/// What power may be, in words for a refusal.
pub const POWER_ALLOWED: &str = "above 0, at most 1";

/// The striker's speed, m/s, for `power` (above 0, at most 1) of `max_speed`; `None` for any
/// other power, NaN included.
pub fn speed_of(power: f64, max_speed: f32) -> Option<f32> {
    (power > 0.0 && power <= 1.0).then_some(power as f32 * max_speed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn power_above_0_and_up_to_1_gives_a_share_of_the_top_speed() {
        assert_eq!(speed_of(0.5, 6.0), Some(3.0));
        assert_eq!(speed_of(1.0, 6.0), Some(6.0));
        for bad in [0.0, -0.1, 1.01, f64::NAN, f64::INFINITY] {
            assert_eq!(speed_of(bad, 6.0), None, "{bad}");
        }
    }
}
