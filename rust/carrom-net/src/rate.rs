//! How fast a peer may send: a bucket of messages that fills at a steady rate. Aim updates come
//! a few times a second; anything much faster is a fault or an attack, and is refused.

use crate::error::NetError;

/// Aim updates a device sends a second at most: half of what a host takes from a peer
/// (`host::MESSAGES_PER_SECOND`), so that aiming never costs a player a refusal.
pub const AIMS_PER_SECOND: u32 = 10;

/// A token bucket, fed the time by the caller (so that tests and replays are exact).
#[derive(Clone, Debug)]
pub struct RateLimit {
    /// Tokens added a second.
    rate: f64,
    burst: f64,
    tokens: f64,
    last: Option<f64>,
}

impl RateLimit {
    /// At most `per_second` messages a second on average, `burst` at once.
    pub fn new(per_second: u32, burst: u32) -> RateLimit {
        RateLimit::at(f64::from(per_second), burst)
    }

    /// At most `per_minute` a minute on average (guesses at a room's code, say), `burst` at once.
    pub fn per_minute(per_minute: u32, burst: u32) -> RateLimit {
        RateLimit::at(f64::from(per_minute) / 60.0, burst)
    }

    fn at(rate: f64, burst: u32) -> RateLimit {
        RateLimit { rate, burst: f64::from(burst), tokens: f64::from(burst), last: None }
    }

    /// Takes one message sent at `now` (seconds, any origin), or refuses it.
    pub fn take(&mut self, now: f64) -> Result<(), NetError> {
        self.tokens = self.tokens_at(now);
        if now.is_finite() {
            self.last = Some(self.last.map_or(now, |last| last.max(now)));
        }
        if self.tokens < 1.0 {
            return Err(NetError::RateLimited { per_second: self.rate.ceil() as u32 });
        }
        self.tokens -= 1.0;
        Ok(())
    }

    /// Whether the bucket is full again at `now`: forgetting it then changes nothing.
    pub fn is_full(&self, now: f64) -> bool {
        self.tokens_at(now) >= self.burst
    }

    fn tokens_at(&self, now: f64) -> f64 {
        let elapsed = match self.last {
            Some(last) if now.is_finite() && now > last => now - last,
            _ => 0.0,
        };
        (self.tokens + elapsed * self.rate).min(self.burst)
    }
}

/// A rate limit for each of many keys (addresses, say) in bounded memory. Keys live in two
/// generations: a key seen is kept in the newer; when the newer holds `capacity / 2` keys, the
/// older is forgotten and the newer becomes the older. So a flood of new keys forgets only the
/// keys not seen for a whole generation (never everyone at once), and a full bucket, which is
/// the same as a new one, is dropped whenever `sweep` finds it.
#[derive(Debug)]
pub struct RateLimits<K> {
    newer: std::collections::HashMap<K, RateLimit>,
    older: std::collections::HashMap<K, RateLimit>,
    capacity: usize,
}

impl<K: std::hash::Hash + Eq + Clone> RateLimits<K> {
    /// At most `capacity` keys remembered (at least 2).
    pub fn new(capacity: usize) -> RateLimits<K> {
        RateLimits {
            newer: std::collections::HashMap::new(),
            older: std::collections::HashMap::new(),
            capacity: capacity.max(2),
        }
    }

    /// Takes one for `key` at `now`, its bucket made by `new` the first time it is seen.
    pub fn take(&mut self, key: &K, now: f64, new: impl FnOnce() -> RateLimit) -> Result<(), NetError> {
        if !self.newer.contains_key(key) {
            let limit = self.older.remove(key).unwrap_or_else(new);
            if self.newer.len() >= self.capacity / 2 {
                self.older = std::mem::take(&mut self.newer);
            }
            self.newer.insert(key.clone(), limit);
        }
        match self.newer.get_mut(key) {
            Some(limit) => limit.take(now),
            None => Ok(()),
        }
    }

    /// Forgets every key whose bucket is full again at `now`.
    pub fn sweep(&mut self, now: f64) {
        self.newer.retain(|_, limit| !limit.is_full(now));
        self.older.retain(|_, limit| !limit.is_full(now));
    }

    /// Keys remembered.
    pub fn len(&self) -> usize {
        self.newer.len() + self.older.len()
    }

    /// Whether no key is remembered.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
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

    #[test]
    fn a_per_minute_limit_allows_a_few_tries_a_minute() {
        let mut limit = RateLimit::per_minute(6, 3);
        for _ in 0..3 {
            limit.take(0.0).unwrap();
        }
        assert!(limit.take(5.0).is_err(), "the fourth within ten seconds");
        limit.take(10.0).unwrap();
        assert!(!limit.is_full(10.0) && limit.is_full(40.0));
    }

    #[test]
    fn many_keys_stay_bounded_and_a_key_in_use_is_never_forgotten() {
        let mut limits = RateLimits::new(100);
        let strict = || RateLimit::new(1, 1);
        limits.take(&0_u32, 0.0, strict).unwrap();
        for key in 1..10_000_u32 {
            let _ = limits.take(&key, 0.0, strict);
            // The busy key is seen again and again: it keeps its emptied bucket.
            if key % 10 == 0 {
                assert!(limits.take(&0, 0.0, strict).is_err(), "forgotten at {key}");
            }
            assert!(limits.len() <= 100, "{} keys", limits.len());
        }
        limits.sweep(5.0);
        assert!(limits.is_empty(), "every bucket is full again after five seconds");
    }
}
