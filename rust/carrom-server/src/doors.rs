//! The ways into the server that an address may not rush, and what a refusal at them costs:
//! counted, and logged once a minute for each address and kind. Addresses are believed from
//! trusted proxies only.

use crate::config::Config;
use crate::metrics::Metrics;
use carrom_net::rate::{RateLimit, RateLimits};
use std::net::IpAddr;
use std::sync::{Mutex, MutexGuard};
use std::time::Instant;

/// Handshakes an address may make at once (and `Config::handshake_rate` a second after).
const HANDSHAKE_BURST: u32 = 20;
/// Queries (ratings, leaderboards) an address may make a second, and at once.
const QUERIES_PER_SECOND: u32 = 10;
const QUERY_BURST: u32 = 30;
/// Addresses whose arrivals are remembered at most (see `RateLimits`: a flood of new ones
/// forgets only those not seen for a while).
const ADDRESSES_KEPT: usize = 100_000;

/// A way into the server that an address may not rush.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Door {
    /// A new WebSocket connection.
    Socket,
    /// A JSON query (a player, a leaderboard): each costs the database a read.
    Query,
    /// A room's code tried (joining or watching): a few tries a minute, so that codes cannot
    /// be guessed to find matches to watch.
    Code,
    /// A code tried to bring a device to a player (a link or recovery code).
    Claim,
}

/// Link or recovery codes an address may try a minute, and at once: a player types one or
/// two; a guesser, at this pace, tries fewer than three million a year against 31⁸ link codes.
pub const CLAIMS_PER_MINUTE: u32 = 5;
const CLAIM_BURST: u32 = 5;

/// Codes an address may try a minute, and at once.
pub const CODES_PER_MINUTE: u32 = 6;
const CODE_BURST: u32 = 6;

/// The server's doors: how fast each address has come in at each, and whom it believes.
pub struct Doors {
    handshake_rate: u32,
    trusted_proxies: Vec<ipnet::IpNet>,
    clock: Instant,
    counts: Mutex<Counts>,
}

/// What the doors remember, under one lock held for moments only.
struct Counts {
    /// How fast each address has come in, by door.
    arrivals: RateLimits<(Door, IpAddr)>,
    /// When each address was last logged refused, by kind: once a minute each.
    logged: RateLimits<(&'static str, IpAddr)>,
}

impl Doors {
    /// The doors of a server started with `config`, whose clock started at `clock`.
    pub fn new(config: &Config, clock: Instant) -> Doors {
        Doors {
            handshake_rate: config.handshake_rate,
            trusted_proxies: config.trusted_proxies.clone(),
            clock,
            counts: Mutex::new(Counts {
                arrivals: RateLimits::new(ADDRESSES_KEPT),
                logged: RateLimits::new(ADDRESSES_KEPT),
            }),
        }
    }

    fn counts(&self) -> MutexGuard<'_, Counts> {
        // Plain maps of counts: usable whatever a panicking holder left.
        self.counts.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn now(&self) -> f64 {
        self.clock.elapsed().as_secs_f64()
    }

    /// Whether `address` may come in by `door` now.
    pub fn may_enter(&self, door: Door, address: IpAddr) -> bool {
        let limit = match door {
            Door::Socket => RateLimit::new(self.handshake_rate, HANDSHAKE_BURST.max(self.handshake_rate)),
            Door::Query => RateLimit::new(QUERIES_PER_SECOND, QUERY_BURST),
            Door::Code => RateLimit::per_minute(CODES_PER_MINUTE, CODE_BURST),
            Door::Claim => RateLimit::per_minute(CLAIMS_PER_MINUTE, CLAIM_BURST),
        };
        let now = self.now();
        self.counts().arrivals.take(&(door, address), now, || limit).is_ok()
    }

    /// Whether `address` is a proxy the operator trusts to say who it forwards (`--trusted-proxy`).
    pub fn is_trusted_proxy(&self, address: IpAddr) -> bool {
        self.trusted_proxies.iter().any(|net| net.contains(&address))
    }

    /// Counts in `metrics` a refusal of kind `kind` of what `address` sent, and logs it — once
    /// a minute for each address and kind, however many it sends.
    pub fn refused(&self, metrics: &Metrics, address: IpAddr, kind: &'static str, reason: &str) {
        metrics.refused_as(kind);
        let now = self.now();
        let log = self.counts().logged.take(&(kind, address), now, || RateLimit::per_minute(1, 1)).is_ok();
        if log {
            tracing::info!(%address, kind, reason, "refused (said once a minute for an address)");
        }
    }

    /// Forgets the addresses that have not come for a while.
    pub fn sweep(&self) {
        let now = self.now();
        let mut counts = self.counts();
        counts.arrivals.sweep(now);
        counts.logged.sweep(now);
    }
}
