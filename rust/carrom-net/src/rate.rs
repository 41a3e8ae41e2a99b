//! How fast a peer may send: a bucket of messages that fills at a steady rate. Aim updates come
//! a few times a second; anything much faster is a fault or an attack, and is refused.

use crate::error::NetError;

/// A token bucket, fed the time by the caller (so that tests and replays are exact).
#[derive(Clone, Debug)]
pub struct RateLimit {
    per_second: u32,
    burst: f64,
    tokens: f64,
    last: Option<f64>,
}

impl RateLimit {
    /// At most `per_second` messages a second on average, `burst` at once.
    pub fn new(per_second: u32, burst: u32) -> RateLimit {
        RateLimit { per_second, burst: f64::from(burst), tokens: f64::from(burst), last: None }
    }

    /// Takes one message sent at `now` (seconds, any origin), or refuses it.
    pub fn take(&mut self, now: f64) -> Result<(), NetError> {
        let elapsed = match self.last {
            Some(last) if now.is_finite() && now > last => now - last,
            _ => 0.0,
        };
        if now.is_finite() {
            self.last = Some(self.last.map_or(now, |last| last.max(now)));
        }
        self.tokens = (self.tokens + elapsed * f64::from(self.per_second)).min(self.burst);
        if self.tokens < 1.0 {
            return Err(NetError::RateLimited { per_second: self.per_second });
        }
        self.tokens -= 1.0;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_burst_is_taken_then_the_rate_holds() {
        let mut limit = RateLimit::new(10, 5);
        for _ in 0..5 {
            limit.take(0.0).unwrap();
        }
        assert!(limit.take(0.0).is_err(), "the sixth at once");
        limit.take(0.1).unwrap();
        assert!(limit.take(0.1).is_err(), "one per tenth of a second");
    }

    #[test]
    fn time_going_backwards_gives_nothing() {
        let mut limit = RateLimit::new(10, 1);
        limit.take(5.0).unwrap();
        assert!(limit.take(1.0).is_err());
        assert!(limit.take(f64::NAN).is_err());
    }
}
