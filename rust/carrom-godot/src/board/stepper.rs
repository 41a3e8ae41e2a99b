//! `Stepper`: the fixed-step scheduler. Godot's frames come at any length; the simulation
//! steps at its own fixed time step, so a shot plays the same at any frame rate.

/// Physics steps run at most per frame, so that a slow frame does not snowball.
pub const MAX_STEPS_PER_FRAME: u32 = 64;

/// Frame time not yet simulated.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Stepper {
    owed: f64,
}

impl Stepper {
    /// Adds a frame of `delta` seconds and says how many steps of `step` seconds are due now.
    pub fn steps_for(&mut self, delta: f64, step: f64) -> u32 {
        if !(delta.is_finite() && delta > 0.0 && step > 0.0) {
            return 0;
        }
        self.owed += delta;
        let due = (self.owed / step).floor().min(f64::from(MAX_STEPS_PER_FRAME));
        self.owed = (self.owed - due * step).min(step * f64::from(MAX_STEPS_PER_FRAME));
        due as u32
    }

    /// Forgets time owed: a shot ended or began.
    pub fn clear(&mut self) {
        self.owed = 0.0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames_turn_into_whole_steps_and_carry_the_rest() {
        let mut s = Stepper::default();
        let step = 1.0 / 240.0;
        let total: u32 = (0..60).map(|_| s.steps_for(1.0 / 60.0, step)).sum();
        assert!((239..=240).contains(&total), "{total}");
    }

    #[test]
    fn a_long_frame_is_capped_and_bad_deltas_step_nothing() {
        let mut s = Stepper::default();
        assert_eq!(s.steps_for(10.0, 1.0 / 240.0), MAX_STEPS_PER_FRAME);
        s.clear();
        assert_eq!(s.steps_for(f64::NAN, 1.0 / 240.0), 0);
        assert_eq!(s.steps_for(-1.0, 1.0 / 240.0), 0);
    }
}
