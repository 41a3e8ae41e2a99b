//! The ways into the server that an address may not rush, and what a refusal at them costs:
//! counted, and logged once a minute for each address and kind. Addresses are believed from
//! trusted proxies only.

use crate::server::Server;
use carrom_net::rate::RateLimit;
use std::net::IpAddr;

/// Handshakes an address may make at once (and `Config::handshake_rate` a second after).
const HANDSHAKE_BURST: u32 = 20;
/// Queries (ratings, leaderboards) an address may make a second, and at once.
const QUERIES_PER_SECOND: u32 = 10;
const QUERY_BURST: u32 = 30;
/// Addresses whose arrivals are remembered at most (see `RateLimits`: a flood of new ones
/// forgets only those not seen for a while).
pub const ADDRESSES_KEPT: usize = 100_000;

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
}

/// Codes an address may try a minute, and at once.
pub const CODES_PER_MINUTE: u32 = 6;
const CODE_BURST: u32 = 6;

impl Server {
    /// Whether `address` may come in by `door` now.
    pub fn may_enter(&self, door: Door, address: IpAddr) -> bool {
        let now = self.now();
        let limit = match door {
            Door::Socket => {
                RateLimit::new(self.config.handshake_rate, HANDSHAKE_BURST.max(self.config.handshake_rate))
            }
            Door::Query => RateLimit::new(QUERIES_PER_SECOND, QUERY_BURST),
            Door::Code => RateLimit::per_minute(CODES_PER_MINUTE, CODE_BURST),
        };
        self.hub().arrivals.take(&(door, address), now, || limit).is_ok()
    }

    /// Whether `address` is a proxy the operator trusts to say who it forwards (`--trusted-proxy`).
    pub fn is_trusted_proxy(&self, address: IpAddr) -> bool {
        self.config.trusted_proxies.iter().any(|net| net.contains(&address))
    }

    /// Counts a refusal of kind `kind` of what `address` sent, and logs it — once a minute for
    /// each address and kind, however many it sends.
    pub fn refused(&self, address: IpAddr, kind: &'static str, reason: &str) {
        self.metrics.refused_as(kind);
        let now = self.now();
        let log = self.hub().logged.take(&(kind, address), now, || RateLimit::per_minute(1, 1)).is_ok();
        if log {
            tracing::info!(%address, kind, reason, "refused (said once a minute for an address)");
        }
    }
}
