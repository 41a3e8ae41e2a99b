//! The server's shared state: its settings, database and metrics, and the hub — who waits for
//! a quick match, the friends' rooms not yet started, the tables running and who sits at them.
//! The hub is held under a plain mutex for moments only: nothing waits while holding it.

use crate::config::Config;
use crate::metrics::Metrics;
use crate::outbox::Outbox;
use crate::queue::{self, Queue};
use crate::seating;
use crate::store::{Fence, SavedMatch, Store};
use crate::table::{self, House, TableSpec, ToTable};
use carrom_core::game::Game;
use carrom_core::rules::{MatchSettings, Mode, Ruleset};
use carrom_core::BoardSpec;
use carrom_net::lobby::{ToClient, CODE_ALPHABET, CODE_LENGTH};
use carrom_net::rate::{RateLimit, RateLimits};
use carrom_net::{Holder, Host, PeerId, Served};
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};
use tokio::sync::mpsc;

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
/// How long a finished match's players have to ask for a rematch, seconds.
const REMATCH_SECONDS: f64 = 120.0;

/// The match a connection is at (playing or watching), for its protocol frames.
#[derive(Clone)]
pub struct Joined {
    /// The match's id.
    pub id: String,
    /// Its code.
    pub code: String,
    /// Its table.
    pub tx: mpsc::Sender<ToTable>,
}

/// Where a connection's protocol frames go; set by the hub when it seats the connection.
pub type Slot = Arc<Mutex<Option<Joined>>>;

/// A connection that has said hello, as the lobby knows it.
#[derive(Clone)]
pub struct Member {
    /// The connection.
    pub peer: PeerId,
    /// The player's public id.
    pub player: String,
    /// The name given.
    pub name: String,
    /// The device token given (checked again at the protocol's hello).
    pub token: String,
    /// The player's rating on the ladder in question.
    pub rating: f64,
    /// The connection's way out.
    pub outbox: Outbox,
    /// Where its protocol frames go.
    pub slot: Slot,
    /// The address it connects from (behind a trusted proxy, the device's).
    pub address: IpAddr,
}

/// A friends' room not yet started.
pub struct Room {
    /// The mode.
    pub mode: Mode,
    /// The ruleset preset.
    pub rules: String,
    /// Who is in it, the maker first.
    pub members: Vec<Member>,
    /// When its code expires, server seconds.
    pub expires: f64,
}

/// A finished match whose players may play again.
pub struct Rematch {
    spec: TableSpec,
    asked: Vec<Member>,
    until: f64,
}

/// A running table.
pub struct TableRef {
    /// Its channel.
    pub tx: mpsc::Sender<ToTable>,
    /// Its code.
    pub code: String,
}

/// Who waits, plays and watches.
pub struct Hub {
    /// Players waiting for a quick match.
    pub queue: Queue<Member>,
    /// Rooms waiting for their players, by code.
    pub rooms: HashMap<String, Room>,
    /// Tables running, by match id.
    pub tables: HashMap<String, TableRef>,
    /// Running matches by code.
    pub codes: HashMap<String, String>,
    /// The match each player sits in while it is not over.
    pub playing: HashMap<String, String>,
    /// Finished matches open for a rematch, by code.
    pub rematches: HashMap<String, Rematch>,
    /// How fast each address has come in, by door.
    arrivals: RateLimits<(Door, IpAddr)>,
    /// When each address was last logged refused, by kind: once a minute each.
    logged: RateLimits<(&'static str, IpAddr)>,
    /// Whether the server is stopping: no new matches.
    pub draining: bool,
    /// When the lease last renewed was asked for (it runs from then, or later).
    pub renewed: Option<Instant>,
    /// Why this process must stop, once it must (its node's name taken by another process).
    pub lost: Option<String>,
    /// Whether its matches were stopped for want of the database.
    pub cut_off: bool,
}

impl Default for Hub {
    fn default() -> Hub {
        Hub {
            queue: Queue::default(),
            rooms: HashMap::new(),
            tables: HashMap::new(),
            codes: HashMap::new(),
            playing: HashMap::new(),
            rematches: HashMap::new(),
            arrivals: RateLimits::new(ADDRESSES_KEPT),
            logged: RateLimits::new(ADDRESSES_KEPT),
            draining: false,
            renewed: None,
            lost: None,
            cut_off: false,
        }
    }
}

/// Everything the server's tasks share.
pub struct Server {
    /// The settings it was started with.
    pub config: Config,
    /// The database.
    pub store: Store,
    /// What it counts.
    pub metrics: Metrics,
    /// Its id in the fleet (`--node`).
    pub node: String,
    /// This process's epoch: new each start, so that two processes under one name, or one
    /// that wakes after its lease ran out, cannot both hold a match.
    pub epoch: String,
    /// Where clients reach it directly.
    pub url: String,
    /// The daily challenges made here, and the room to judge their entries.
    pub challenges: crate::daily::Challenges,
    hub: Mutex<Hub>,
    /// Told when this process must stop of itself (`lose`).
    stopping: tokio::sync::Notify,
    clock: Instant,
    next_peer: AtomicI64,
}

/// Why a match could not be started.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    /// The mode, ruleset or table refused.
    #[error("{0}")]
    Game(String),
    /// The server runs as many matches as it may.
    #[error("this server is full ({0} matches): try again in a moment")]
    Full(usize),
    /// The server is stopping.
    #[error("this server is restarting: try again in a moment")]
    Draining,
}

impl Server {
    /// A server over `store`, reached by clients at `url`.
    pub fn new(config: Config, store: Store, url: String) -> Arc<Server> {
        Arc::new(Server {
            node: config.node_id(),
            epoch: random_id(),
            url,
            config,
            store,
            challenges: crate::daily::Challenges::default(),
            metrics: Metrics::default(),
            hub: Mutex::new(Hub::default()),
            clock: Instant::now(),
            next_peer: AtomicI64::new(1),
            stopping: tokio::sync::Notify::new(),
        })
    }

    /// Seconds since the server started: the protocol's clock.
    pub fn now(&self) -> f64 {
        self.clock.elapsed().as_secs_f64()
    }

    /// Who this process is to the fleet: its node's name and its epoch.
    pub fn fence(&self) -> Fence {
        Fence { node: self.node.clone(), epoch: self.epoch.clone() }
    }

    /// A new connection's number.
    pub fn next_peer(&self) -> PeerId {
        self.next_peer.fetch_add(1, Ordering::Relaxed)
    }

    /// The hub, for a moment.
    pub fn hub(&self) -> MutexGuard<'_, Hub> {
        // A task that panicked while holding it left plain maps behind: still usable.
        self.hub.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

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

    /// A new room code, used by no room or running match of this node.
    pub fn new_code(&self) -> String {
        let hub = self.hub();
        loop {
            let code = random_code();
            if !hub.rooms.contains_key(&code) && !hub.codes.contains_key(&code) {
                return code;
            }
        }
    }

    /// Starts a match of `mode` under `rules` for `members`, in a room of `code`.
    pub async fn start_match(
        self: &Arc<Self>,
        code: String,
        mode: Mode,
        rules: &str,
        rated: bool,
        members: Vec<Member>,
    ) -> Result<(), StartError> {
        if self.hub().draining {
            return Err(StartError::Draining);
        }
        if self.hub().tables.len() >= self.config.max_matches {
            return Err(StartError::Full(self.config.max_matches));
        }
        let entrants = members.iter().map(|m| (m.player.clone(), m.name.clone(), m.rating)).collect();
        let (spec, game, saved) =
            fresh_match(code, mode, rules, rated, entrants).map_err(StartError::Game)?;
        let players: Vec<String> = spec.seated.iter().map(|s| s.player.clone()).collect();
        self.store
            .open_match(&saved, &self.fence(), &players)
            .await
            .map_err(|e| StartError::Game(e.refusal()))?;
        let served = self.serve(game, &spec, 0).map_err(StartError::Game)?;
        let tx = self.open_table(spec.clone(), served);
        if let Err(error) = self.store.room_started(&spec.code, &spec.id).await {
            tracing::warn!(%error, "the room's code could not be kept");
        }
        for member in members {
            self.seat(
                &Joined { id: spec.id.clone(), code: spec.code.clone(), tx: tx.clone() },
                member,
                false,
            );
        }
        Ok(())
    }

    /// The host and match of a table for `spec`, after `shots` turns.
    pub(crate) fn serve(&self, game: Game, spec: &TableSpec, shots: u32) -> Result<Served, String> {
        let holders = spec
            .seated
            .iter()
            .map(|s| Ok((carrom_net::intent::seat(s.seat)?, Holder::Device(s.player.clone()))))
            .collect::<Result<Vec<_>, carrom_net::NetError>>()
            .map_err(|e| e.to_string())?;
        let mut host = Host::new(&game, holders)
            .map_err(|e| e.to_string())?
            .with_turn_seconds(self.config.turn_seconds)
            .with_drop_seconds(self.config.drop_seconds)
            .resumed_at(shots);
        if let Some(seconds) = self.config.away_allowance {
            host = host.with_away_allowance(seconds);
        }
        Ok(Served::with_host(game, host))
    }

    pub(crate) fn open_table(self: &Arc<Self>, spec: TableSpec, served: Served) -> mpsc::Sender<ToTable> {
        let tx = table::open(self.clone() as Arc<dyn House>, spec.clone(), served);
        let mut hub = self.hub();
        hub.tables.insert(spec.id.clone(), TableRef { tx: tx.clone(), code: spec.code.clone() });
        hub.codes.insert(spec.code.clone(), spec.id.clone());
        for seated in &spec.seated {
            hub.playing.insert(seated.player.clone(), spec.id.clone());
        }
        tx
    }

    /// Seats `member` at the table `joined` (or lets it watch): its protocol frames go there
    /// from now on, and it is told so.
    pub fn seat(&self, joined: &Joined, member: Member, watching: bool) {
        let previous = member.slot.lock().map(|mut slot| slot.replace(joined.clone())).unwrap_or_default();
        if let Some(previous) = previous {
            let _ = previous.tx.try_send(ToTable::Leave { peer: member.peer });
        }
        let connect = ToTable::Connect {
            peer: member.peer,
            player: member.player.clone(),
            name: member.name.clone(),
            token: member.token.clone(),
            outbox: member.outbox.clone(),
        };
        if joined.tx.try_send(connect).is_err() {
            member.outbox.text(&ToClient::Refused { reason: "that match is busy: try again".into() });
            return;
        }
        member.outbox.text(&ToClient::Matched { id: joined.id.clone(), code: joined.code.clone(), watching });
    }

    /// The table of a running match by id.
    pub fn joined(&self, id: &str) -> Option<Joined> {
        let hub = self.hub();
        hub.tables.get(id).map(|t| Joined { id: id.to_string(), code: t.code.clone(), tx: t.tx.clone() })
    }

    /// `member` asks to play the match of `code` again: once every player of it has asked, it
    /// starts (the same seats; the toss is new).
    pub async fn rematch(self: &Arc<Self>, code: &str, member: Member) -> Result<(), String> {
        let ready = {
            let mut hub = self.hub();
            let Some(offer) = hub.rematches.get_mut(code) else {
                return Err("no rematch is open: the match is not over, or the time to ask has passed".into());
            };
            if !offer.spec.seated.iter().any(|s| s.player == member.player) {
                return Err("only the match's players can ask for a rematch".into());
            }
            offer.asked.retain(|m| m.player != member.player);
            offer.asked.push(member);
            if offer.asked.len() < offer.spec.seated.len() {
                None
            } else {
                hub.rematches.remove(code)
            }
        };
        let Some(offer) = ready else { return Ok(()) };
        let spec = offer.spec;
        let mut members = offer.asked;
        // The same seats as before: in the order of the seats.
        members.sort_by_key(|m| spec.seated.iter().position(|s| s.player == m.player));
        self.start_match(spec.code.clone(), spec.mode, &spec.rules, spec.rated, members)
            .await
            .map_err(|e| e.to_string())
    }

    /// Keeps this node's place in the fleet (its lease, the queue, dead nodes' matches), expires
    /// old rooms and offers, and tells each player in the queue how long they have waited. Run
    /// twice a second.
    pub async fn sweep(self: &Arc<Self>) {
        self.keep_or_stop_matches();
        self.fleet_sweep().await;
        let now = self.now();
        {
            let mut hub = self.hub();
            for (_, waiting) in hub.queue.iter() {
                let seconds = now - waiting.since;
                waiting.with.outbox.text(&ToClient::Queued {
                    seconds: seconds as u32,
                    window: queue::window(seconds) as u32,
                });
            }
            let expired: Vec<String> = hub
                .rooms
                .iter()
                .filter(|(_, room)| room.expires <= now)
                .map(|(code, _)| code.clone())
                .collect();
            for code in expired {
                if let Some(room) = hub.rooms.remove(&code) {
                    for member in room.members {
                        member.outbox.text(&ToClient::Refused {
                            reason: format!("room {code} expired before its match began: make a new one"),
                        });
                    }
                }
            }
            hub.rematches.retain(|_, offer| offer.until > now);
            hub.arrivals.sweep(now);
            hub.logged.sweep(now);
        }
    }

    /// This process must stop, for `why`: it drains, and `run` ends with `why` as its error.
    pub fn lose(&self, why: String) {
        tracing::error!("{why}");
        self.hub().lost.get_or_insert(why);
        self.stopping.notify_one();
    }

    /// Resolves once this process must stop of itself.
    pub async fn lost(&self) {
        self.stopping.notified().await;
    }

    /// A node that has not renewed its lease for longer than the lease lasts (its database
    /// cut off) may have had its matches claimed by another: it stops them and tells their
    /// players, who come back through any node to the one that took them.
    fn keep_or_stop_matches(&self) {
        let mut hub = self.hub();
        let expired =
            hub.renewed.is_some_and(|at| at.elapsed() > Duration::from_millis(crate::store::LEASE_MS as u64));
        if !expired {
            hub.cut_off = false;
            return;
        }
        if !std::mem::replace(&mut hub.cut_off, true) {
            tracing::error!(
                matches = hub.tables.len(),
                "the database has not answered for a lease: stopping every match"
            );
        }
        // Every sweep while it lasts: a table whose channel was full (a flood, a save giving
        // up) hears it the next time.
        for table in hub.tables.values() {
            let _ = table.tx.try_send(ToTable::CutOff);
        }
    }

    /// Stops taking matches and tells every table and waiting player that the server is going.
    pub fn drain(&self) {
        let mut hub = self.hub();
        hub.draining = true;
        let closing =
            ToClient::Closing { reason: "the server is restarting: connect again in a moment".into() };
        for (_, waiting) in hub.queue.iter() {
            waiting.with.outbox.text(&closing);
        }
        for room in hub.rooms.values() {
            for member in &room.members {
                member.outbox.text(&closing);
            }
        }
        for table in hub.tables.values() {
            let _ = table.tx.try_send(ToTable::Drain);
        }
    }
}

impl House for Server {
    fn now(&self) -> f64 {
        Server::now(self)
    }

    fn store(&self) -> &Store {
        &self.store
    }

    fn fence(&self) -> Fence {
        Server::fence(self)
    }

    fn metrics(&self) -> &Metrics {
        &self.metrics
    }

    fn leaver_seconds(&self) -> u32 {
        self.config.leaver_seconds
    }

    /// A table's match is over and recorded: its players are free, and may ask for a rematch.
    fn match_over(&self, spec: &TableSpec) {
        let until = self.now() + REMATCH_SECONDS;
        let mut hub = self.hub();
        for seated in &spec.seated {
            if hub.playing.get(&seated.player) == Some(&spec.id) {
                hub.playing.remove(&seated.player);
            }
        }
        hub.rematches.insert(spec.code.clone(), Rematch { spec: spec.clone(), asked: vec![], until });
    }

    /// A table has ended (its match over, drained, or held by another node now): nobody
    /// plays it here any more.
    fn table_closed(&self, id: &str) {
        let mut hub = self.hub();
        if let Some(table) = hub.tables.remove(id) {
            if hub.codes.get(&table.code).is_some_and(|m| m == id) {
                hub.codes.remove(&table.code);
            }
        }
        hub.playing.retain(|_, playing| playing != id);
    }
}

/// `N` bytes from the operating system's random source.
pub fn random_bytes<const N: usize>() -> [u8; N] {
    let mut bytes = [0; N];
    // Without the system's randomness nothing the server hands out (ids, codes, seeds) is safe.
    getrandom::fill(&mut bytes).expect("the operating system's random source");
    bytes
}

/// A new match of `mode` under `rules` for `entrants` (seated as the mode seats them), in a room
/// of `code`: what its table plays, its match, and how it is saved before its first shot.
pub fn fresh_match(
    code: String,
    mode: Mode,
    rules: &str,
    rated: bool,
    entrants: Vec<seating::Entrant>,
) -> Result<(TableSpec, Game, SavedMatch), String> {
    let ruleset = Ruleset::preset(rules).map_err(|e| e.to_string())?;
    let seed = u64::from_le_bytes(random_bytes::<8>());
    // Under the ICF's laws the toss's winner chooses who breaks (IC6, in the ruleset) and the
    // opponent places returned pieces (X3): each player's device asks for them as for a strike.
    let settings =
        MatchSettings { opponent_places: rules == "icf", ..MatchSettings::with_rules(mode, ruleset) };
    let game = Game::new(BoardSpec::icf(), settings, seed).map_err(|e| e.to_string())?;
    let spec = TableSpec {
        id: random_id(),
        code,
        mode,
        rules: rules.to_string(),
        rated,
        seated: seating::seat(mode, entrants),
    };
    let saved = SavedMatch {
        id: spec.id.clone(),
        code: spec.code.clone(),
        mode: mode.name().into(),
        rules: spec.rules.clone(),
        rated,
        seats: serde_json::to_string(&spec.seated).map_err(|e| e.to_string())?,
        shots: 0,
        state: game.to_json().map_err(|e| e.to_string())?,
    };
    Ok((spec, game, saved))
}

/// A new room code: `CODE_LENGTH` characters of the unambiguous alphabet.
pub fn random_code() -> String {
    random_bytes::<CODE_LENGTH>()
        .iter()
        .map(|b| CODE_ALPHABET[usize::from(*b) % CODE_ALPHABET.len()] as char)
        .collect()
}

/// A new random id: 16 hexadecimal digits.
pub fn random_id() -> String {
    random_bytes::<8>().iter().map(|b| format!("{b:02x}")).collect()
}
