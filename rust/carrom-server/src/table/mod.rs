//! A table: one running match, its own task. It holds the match's carrom-net host and the one
//! copy of the match (`Served`: every strike checked and simulated here, so results can be
//! trusted), reads what its players and watchers send, saves the match after every shot, and
//! records its end — once — with the ratings it changes.

mod chat;
mod keep;
mod refuse;
mod spec;

use crate::metrics::Metrics;
use crate::outbox::{Frame, Outbox};
use crate::store::{Fence, Store};
use carrom_net::lobby::ToClient;
use carrom_net::{Addressed, Fan, Outgoing, PeerId, Served, ToPeer};
use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::mpsc;

pub use spec::TableSpec;

/// Events a table's channel holds at most; a socket waits when it is full.
const EVENTS: usize = 256;
/// Watchers a match takes besides its players.
pub const MAX_WATCHERS: usize = 16;
/// How long a finished match stays open for its players to see the end and ask for a rematch.
const LINGER: Duration = Duration::from_secs(120);
/// How often the table keeps the time (the turn timer, the wait for a dropped player).
const TICK: Duration = Duration::from_millis(100);
/// How long a new table waits for its players to connect before it counts one as missing.
const CONNECT_GRACE: Duration = Duration::from_secs(10);
/// Hellos a connection may have refused by its table (the table said its hello): past this it
/// is cut off.
const MAX_REFUSED_HERE: u32 = 8;
/// The longest a table waits for the database to save or end its match before trying again.
const WRITE_WITHIN: Duration = Duration::from_secs(2);

/// What a table needs of the server that runs it: its clock, database and metrics, and to be
/// told when a match is over and when the table ends.
pub trait House: Send + Sync + 'static {
    /// Seconds since the server started: the protocol's clock.
    fn now(&self) -> f64;
    /// The database.
    fn store(&self) -> &Store;
    /// The node's id in the fleet: it saves and ends only the matches it holds.
    fn fence(&self) -> Fence;
    /// What the server counts.
    fn metrics(&self) -> &Metrics;
    /// Seconds a player who left a rated match before every side struck waits to queue again.
    fn leaver_seconds(&self) -> u32;
    /// The match of `spec` is over and recorded: its players are free.
    fn match_over(&self, spec: &TableSpec);
    /// The table of match `id` has ended.
    fn table_closed(&self, id: &str);
}

/// What a table is told.
pub enum ToTable {
    /// A device takes its seat, or watches.
    Connect {
        /// Its connection.
        peer: PeerId,
        /// Its player's public id.
        player: String,
        /// The name it gave.
        name: String,
        /// Its way out.
        outbox: Outbox,
    },
    /// A protocol message from a connection, as it came, and when it came.
    Bytes {
        /// The connection.
        peer: PeerId,
        /// The frame.
        bytes: Vec<u8>,
        /// When it arrived.
        at: Instant,
    },
    /// A connection left.
    Leave {
        /// The connection.
        peer: PeerId,
    },
    /// A quick-chat phrase from a connection, for the others at the table but those in
    /// `quiet` (players who blocked the sender).
    Chat {
        /// The sender.
        peer: PeerId,
        /// The phrase's key.
        phrase: String,
        /// Players not to tell.
        quiet: Vec<String>,
    },
    /// The server is stopping: tell everyone, and end (the match is saved as it stands).
    Drain,
    /// The node's database has not answered for longer than its lease: another node may hold
    /// the match now. Tell everyone to connect again, and end, writing nothing.
    CutOff,
}

struct Guest {
    player: String,
    outbox: Outbox,
    /// Hellos the table refused it.
    refused_here: u32,
    /// When it was last told to slow down (match seconds): a flood is told once a second, not
    /// once a message, or the answers to it would fill its outbox and cut it off.
    told_to_slow_at: f64,
}

struct Table {
    server: Arc<dyn House>,
    spec: TableSpec,
    served: Served,
    guests: BTreeMap<PeerId, Guest>,
    saved_shots: Option<u32>,
    /// When the match ended and was recorded.
    recorded: Option<Instant>,
    /// When the table opened.
    opened: Instant,
    /// Whether another node has taken the match over: this table ends without a word more.
    moved: bool,
    /// Messages waiting for the match to be saved, with when their strike came.
    pending: Vec<(Vec<Outgoing>, Option<Instant>)>,
}

/// Opens a table for `served` and returns its channel.
pub fn open(server: Arc<dyn House>, spec: TableSpec, served: Served) -> mpsc::Sender<ToTable> {
    let (tx, rx) = mpsc::channel(EVENTS);
    let table = Table {
        server,
        spec,
        served,
        guests: BTreeMap::new(),
        saved_shots: None,
        recorded: None,
        opened: Instant::now(),
        moved: false,
        pending: vec![],
    };
    // Counted as it opens, not when its task first runs: a scrape right after sees it.
    table.server.metrics().matches.inc();
    table.server.metrics().started.inc();
    tokio::spawn(table.run(rx));
    tx
}

impl Table {
    async fn run(mut self, mut rx: mpsc::Receiver<ToTable>) {
        let mut tick = tokio::time::interval(TICK);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
        loop {
            self.keep().await;
            self.deliver_pending();
            if self.moved {
                self.tell_all(&ToClient::Closing {
                    reason: "your match moved to another server: connect again".into(),
                });
                break;
            }
            if self.recorded.is_some_and(|at| self.guests.is_empty() || at.elapsed() > LINGER) {
                break;
            }
            tokio::select! {
                event = rx.recv() => match event {
                    Some(ToTable::Drain) | None => {
                        self.tell_all(&ToClient::Closing { reason: "the server is restarting: connect again in a moment".into() });
                        break;
                    }
                    Some(ToTable::CutOff) => {
                        self.tell_all(&ToClient::Closing {
                            reason: "this server lost its database: connect again, your match goes on from its last shot".into(),
                        });
                        break;
                    }
                    Some(event) => self.take(event),
                },
                _ = tick.tick() => {
                    // The lobby seats a match's players one after another: the clock (and the
                    // wait for a missing player) starts once all are here, or after a grace,
                    // not in the moment between.
                    if self.opened.elapsed() >= CONNECT_GRACE || self.all_seated_here() {
                        let out = self.served.tick(self.server.now());
                        self.deliver(out, None);
                    }
                }
            }
        }
        self.server.metrics().matches.dec();
        self.server.table_closed(&self.spec.id);
    }

    fn take(&mut self, event: ToTable) {
        let now = self.server.now();
        match event {
            ToTable::Connect { peer, player, name, outbox } => {
                let seated = self.spec.seated.iter().any(|s| s.player == player);
                let watchers = self.guests.values().filter(|g| !self.is_seated(&g.player)).count();
                if !seated && watchers >= MAX_WATCHERS {
                    outbox.text(&ToClient::Refused {
                        reason: format!("this match has {MAX_WATCHERS} watchers already, the most it takes"),
                    });
                    return;
                }
                if seated && self.served.host().shots() > 0 {
                    self.server.metrics().reconnects.inc();
                }
                // The one hello: the lobby's, proved with the device token; the match knows
                // the player by their public id, so nothing a device sends can name another.
                let welcome = match self.served.connect_proved(peer, name, player.clone(), now) {
                    Ok(out) => out,
                    Err(error) => {
                        tracing::warn!(table = %self.spec.id, peer, %error, "a seated device was refused");
                        outbox.text(&ToClient::Refused { reason: error.to_string() });
                        return;
                    }
                };
                self.guests.insert(
                    peer,
                    Guest { player, outbox, refused_here: 0, told_to_slow_at: f64::NEG_INFINITY },
                );
                self.deliver(welcome, None);
            }
            ToTable::Bytes { peer, bytes, at } => {
                if !self.guests.contains_key(&peer) {
                    return;
                }
                match self.served.receive(peer, &bytes, now) {
                    Ok(out) => self.deliver(out, Some(at)),
                    Err(error) => self.refuse(peer, &error, now),
                }
            }
            ToTable::Leave { peer } => {
                if self.guests.remove(&peer).is_some() {
                    let out = self.served.host_mut().disconnect(peer, now);
                    self.deliver(out, None);
                }
            }
            ToTable::Chat { peer, phrase, quiet } => self.chat(peer, phrase, &quiet),
            ToTable::Drain | ToTable::CutOff => {}
        }
    }

    /// Sends `out` — once the match is saved as it stands: a shot reaches the players only
    /// after it is in the database, so a node that fails or is fenced off has sent nobody a
    /// shot the node that takes the match over does not know. Until then it waits, in order.
    fn deliver(&mut self, out: Vec<Outgoing>, strike_at: Option<Instant>) {
        if self.saved_shots != Some(self.served.host().rested_shots()) || !self.pending.is_empty() {
            self.pending.push((out, strike_at));
            return;
        }
        self.send_now(out, strike_at);
    }

    /// Sends what waited for the match to be saved, now that it is.
    fn deliver_pending(&mut self) {
        if self.saved_shots != Some(self.served.host().rested_shots()) {
            return;
        }
        for (out, strike_at) in std::mem::take(&mut self.pending) {
            self.send_now(out, strike_at);
        }
    }

    fn send_now(&mut self, out: Vec<Outgoing>, strike_at: Option<Instant>) {
        for message in self.served.host().address(out) {
            let Addressed { fan, to, body, bytes } = match message {
                Ok(addressed) => addressed,
                Err(line) => {
                    tracing::info!(table = %self.spec.id, "{line}");
                    continue;
                }
            };
            match (fan, &body, strike_at) {
                (Fan::One, ToPeer::State { .. }, _) => {
                    self.server.metrics().desyncs.inc();
                }
                (Fan::All, ToPeer::Shot { .. }, Some(at)) => {
                    self.server.metrics().strike_to_shot.observe(at.elapsed().as_secs_f64())
                }
                _ => {}
            }
            for peer in to {
                self.send(peer, bytes.clone());
            }
        }
    }

    fn send(&self, peer: PeerId, bytes: Vec<u8>) {
        if let Some(guest) = self.guests.get(&peer) {
            guest.outbox.send(Frame::Binary(bytes));
        }
    }

    fn tell_all(&self, message: &ToClient) {
        for guest in self.guests.values() {
            guest.outbox.text(message);
        }
    }

    /// Whether every seated player has a connection here.
    fn all_seated_here(&self) -> bool {
        self.spec.seated.iter().all(|s| self.guests.values().any(|g| g.player == s.player))
    }

    fn is_seated(&self, player: &str) -> bool {
        self.spec.seated.iter().any(|s| s.player == player)
    }
}
