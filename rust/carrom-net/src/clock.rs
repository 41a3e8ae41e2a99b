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
    /// Seconds the turn had left when the match stopped to wait for a player: the same turn
    /// goes on with them, not with a fresh clock.
    held: Option<f64>,
}

impl TurnClock {
    /// A timer of `seconds` a turn; 0 is no timer. More than [`MAX_TURN_SECONDS`] is that.
    pub fn new(seconds: u32) -> TurnClock {
        TurnClock { seconds: seconds.min(MAX_TURN_SECONDS), deadline: None, held: None }
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
        self.held = None;
        if self.seconds > 0 {
            self.deadline = Some(now + delay + f64::from(self.seconds) + GRACE_SECONDS);
        }
    }

    /// Nobody is being timed: the match is over, the computer is to play, or a new turn is
    /// about to begin.
    pub fn stop(&mut self) {
        self.deadline = None;
        self.held = None;
    }

    /// The match waits for a player at `now`: the turn being timed keeps what it had left.
    pub fn hold(&mut self, now: f64) {
        if let Some(deadline) = self.deadline.take() {
            self.held = Some((deadline - now).max(0.0));
        }
    }

    /// The match goes on at `now` with the turn it held, its time left (and the grace for the
    /// screens to show it) from now; false when no turn was held.
    pub fn resume(&mut self, now: f64) -> bool {
        match self.held.take() {
            Some(left) if self.seconds > 0 => {
                self.deadline = Some(now + left.max(GRACE_SECONDS));
                true
            }
            _ => false,
        }
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
    fn a_held_turn_goes_on_with_the_time_it_had_left() {
        let mut clock = TurnClock::new(20);
        clock.start(0.0, 0.0);
        clock.hold(15.0);
        assert!(!clock.is_running() && !clock.expired(1e9), "held, it does not run out");
        assert!(clock.resume(100.0));
        let left = 20.0 + GRACE_SECONDS - 15.0;
        assert!(!clock.expired(100.0 + left - 0.01) && clock.expired(100.0 + left));
        // A new turn has the whole time again; nothing held, nothing resumes.
        clock.hold(101.0);
        clock.start(200.0, 0.0);
        assert!(!clock.resume(201.0) && clock.is_running());
    }

    #[test]
    fn no_timer_never_runs() {
        let mut clock = TurnClock::new(0);
        clock.start(0.0, 0.0);
        assert!(!clock.is_running() && !clock.expired(1e9));
        assert_eq!(TurnClock::new(100_000).seconds(), MAX_TURN_SECONDS);
    }
}
