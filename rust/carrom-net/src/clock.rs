//! The turn timer: how long the seat to play has to strike before its turn passes. The host
//! alone keeps it; peers draw their own ring from the same number of seconds.

/// Seconds added to every turn for the time a message takes to arrive and a peer's board takes
/// to show that the turn is theirs.
pub const GRACE_SECONDS: f64 = 2.0;
/// The longest turn a host may set, seconds.
pub const MAX_TURN_SECONDS: u32 = 600;

/// A turn's deadline, when a timer is set.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TurnClock {
    seconds: u32,
    deadline: Option<f64>,
}

impl TurnClock {
    /// A timer of `seconds` a turn; 0 is no timer. More than [`MAX_TURN_SECONDS`] is that.
    pub fn new(seconds: u32) -> TurnClock {
        TurnClock { seconds: seconds.min(MAX_TURN_SECONDS), deadline: None }
    }

    /// Seconds a turn has; 0 when there is no timer.
    pub fn seconds(&self) -> u32 {
        self.seconds
    }

    /// Whether a turn is being timed now.
    pub fn is_running(&self) -> bool {
        self.deadline.is_some()
    }

    /// A turn begins at `now`, after `delay` seconds of a shot still rolling on the screens.
    pub fn start(&mut self, now: f64, delay: f64) {
        if self.seconds > 0 {
            self.deadline = Some(now + delay + f64::from(self.seconds) + GRACE_SECONDS);
        }
    }

    /// Nobody is being timed: the match is paused, over, or the computer is to play.
    pub fn stop(&mut self) {
        self.deadline = None;
    }

    /// Whether the turn being timed has run out at `now`.
    pub fn expired(&self, now: f64) -> bool {
        self.deadline.is_some_and(|d| now >= d)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_turn_runs_out_after_its_seconds_the_shot_and_the_grace() {
        let mut clock = TurnClock::new(20);
        clock.start(100.0, 3.0);
        assert!(!clock.expired(100.0 + 3.0 + 20.0 + GRACE_SECONDS - 0.01));
        assert!(clock.expired(100.0 + 3.0 + 20.0 + GRACE_SECONDS));
        clock.stop();
        assert!(!clock.expired(1e9), "a stopped clock never runs out");
    }

    #[test]
    fn no_timer_never_runs() {
        let mut clock = TurnClock::new(0);
        clock.start(0.0, 0.0);
        assert!(!clock.is_running() && !clock.expired(1e9));
        assert_eq!(TurnClock::new(100_000).seconds(), MAX_TURN_SECONDS);
    }
}
