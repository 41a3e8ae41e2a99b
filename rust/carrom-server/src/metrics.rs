//! What the server counts, for Prometheus at `/metrics`: matches, connections, how long a
//! strike takes to come back as a shot, refusals by reason, desyncs, reconnects, the quick-match
//! wait and the database's write time.

use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{exponential_buckets, Histogram};
use prometheus_client::registry::Registry;

/// A refusal's reason, as a label.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct Reason {
    /// The kind of error (`TooLarge`, `NotYourSeat`, …).
    pub reason: String,
}

/// Every metric, shared by the server's tasks.
pub struct Metrics {
    registry: Registry,
    /// Matches running.
    pub matches: Gauge,
    /// Matches started since the process began.
    pub started: Counter,
    /// Matches recorded as finished.
    pub finished: Counter,
    /// WebSocket connections open.
    pub connections: Gauge,
    /// Seconds from a strike's arrival to its shot going out (checked and simulated).
    pub strike_to_shot: Histogram,
    /// Messages refused, by reason.
    pub refusals: Family<Reason, Counter>,
    /// Peers whose hash differed from the server's.
    pub desyncs: Counter,
    /// Players who came back to a running match.
    pub reconnects: Counter,
    /// Matches this node took over from nodes gone.
    pub taken_over: Counter,
    /// Seconds a quick match waited to be paired.
    pub queue_wait: Histogram,
    /// Seconds a save of a match took.
    pub database_write: Histogram,
    /// Connections dropped because they did not read what was sent to them.
    pub slow_dropped: Counter,
    /// Attempts at the daily challenge played again and counted (those refused are counted
    /// among the refusals, as `DailyEntry`).
    pub daily_entries: Counter,
}

impl Default for Metrics {
    fn default() -> Self {
        let mut m = Metrics {
            registry: Registry::with_prefix("carrom"),
            matches: Gauge::default(),
            started: Counter::default(),
            finished: Counter::default(),
            connections: Gauge::default(),
            strike_to_shot: Histogram::new(exponential_buckets(0.000_5, 1.5, 20)),
            refusals: Family::default(),
            desyncs: Counter::default(),
            reconnects: Counter::default(),
            taken_over: Counter::default(),
            queue_wait: Histogram::new(exponential_buckets(0.5, 2.0, 10)),
            database_write: Histogram::new(exponential_buckets(0.000_1, 2.0, 16)),
            slow_dropped: Counter::default(),
            daily_entries: Counter::default(),
        };
        m.registry.register("matches", "Matches running", m.matches.clone());
        m.registry.register("matches_started", "Matches started", m.started.clone());
        m.registry.register("matches_finished", "Matches recorded as finished", m.finished.clone());
        m.registry.register("connections", "WebSocket connections open", m.connections.clone());
        m.registry.register(
            "strike_to_shot_seconds",
            "From a strike's arrival to its shot sent, checked and simulated",
            m.strike_to_shot.clone(),
        );
        m.registry.register("refusals", "Messages refused, by reason", m.refusals.clone());
        m.registry.register("desyncs", "Peers whose state hash differed", m.desyncs.clone());
        m.registry.register("reconnects", "Players back in a running match", m.reconnects.clone());
        m.registry.register("taken_over", "Matches taken over from nodes gone", m.taken_over.clone());
        m.registry.register("queue_wait_seconds", "Quick match wait to be paired", m.queue_wait.clone());
        m.registry.register("database_write_seconds", "Time to save a match", m.database_write.clone());
        m.registry.register("slow_dropped", "Connections dropped for not reading", m.slow_dropped.clone());
        m.registry.register("daily_entries", "Daily challenge attempts counted", m.daily_entries.clone());
        m
    }
}

impl Metrics {
    /// Counts a refusal of kind `error` (its variant's name).
    pub fn refused(&self, error: &impl std::fmt::Debug) {
        let debug = format!("{error:?}");
        let reason: String = debug.chars().take_while(char::is_ascii_alphanumeric).take(40).collect();
        self.refused_as(&reason);
    }

    /// Counts a refusal of the kind named `reason`.
    pub fn refused_as(&self, reason: &str) {
        self.refusals.get_or_create(&Reason { reason: reason.to_string() }).inc();
    }

    /// The text Prometheus scrapes.
    pub fn text(&self) -> String {
        let mut out = String::new();
        // Writing to a String cannot fail.
        let _ = prometheus_client::encoding::text::encode(&mut out, &self.registry);
        out
    }
}
