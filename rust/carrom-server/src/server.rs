//! The server's shared state: its settings, database and metrics, and the hub — who waits for
//! a quick match, the friends' rooms not yet started, the tables running and who sits at them.
//! The hub is held under a plain mutex for moments only: nothing waits while holding it.

use crate::config::Config;
use crate::metrics::Metrics;
use crate::outbox::Outbox;
use crate::queue::Queue;
use crate::refused::{LobbyError, StartError};
use crate::store::{Fence, Store};
use crate::table::{self, House, TableSpec, ToTable};
use carrom_core::game::Game;
use carrom_core::rules::Mode;
use carrom_net::lobby::ToClient;
use carrom_net::{Holder, Host, PeerId, Served};
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Instant;
use tokio::sync::mpsc;

pub use crate::fresh::{fresh_match, random_bytes, random_code, random_id, random_letters};

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
    /// When the offer ends, server seconds.
    pub(crate) until: f64,
}

/// A running table.
pub struct TableRef {
    /// Its channel.
    pub tx: mpsc::Sender<ToTable>,
    /// Its code.
    pub code: String,
}

/// Who waits, plays and watches.
#[derive(Default)]
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
    /// Whether the server is stopping: no new matches.
    pub draining: bool,
    /// When the lease last renewed was asked for (it runs from then, or later).
    pub renewed: Option<Instant>,
    /// Why this process must stop, once it must (its node's name taken by another process).
    pub lost: Option<String>,
    /// Whether its matches were stopped for want of the database.
    pub cut_off: bool,
    /// The connections of each player who has said hello here: where notices go.
    pub people: HashMap<String, Vec<(PeerId, Outbox)>>,
    /// Notices delivered lately, with when they were left: none is delivered twice.
    pub delivered: crate::delivered::Delivered,
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
    /// The ways in that an address may not rush.
    pub doors: crate::doors::Doors,
    /// The hash of the operator's token, once set at start (none: no operator's addresses).
    pub operator: std::sync::OnceLock<Option<String>>,
    hub: Mutex<Hub>,
    /// Told when this process must stop of itself (`lose`).
    pub(crate) stopping: tokio::sync::Notify,
    clock: Instant,
    next_peer: AtomicI64,
}

impl Server {
    /// A server over `store`, reached by clients at `url`.
    pub fn new(config: Config, store: Store, url: String) -> Arc<Server> {
        let clock = Instant::now();
        Arc::new(Server {
            doors: crate::doors::Doors::new(&config, clock),
            operator: std::sync::OnceLock::new(),
            node: config.node_id(),
            epoch: random_id(),
            url,
            config,
            store,
            challenges: crate::daily::Challenges::default(),
            metrics: Metrics::default(),
            hub: Mutex::new(Hub::default()),
            clock,
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
        let entrants = members.iter().map(|m| (m.player.clone(), m.name.clone(), m.rating, None)).collect();
        let (spec, game, saved) =
            fresh_match(code, mode, rules, rated, entrants).map_err(StartError::Game)?;
        let players: Vec<String> = spec.seated.iter().map(|s| s.player.clone()).collect();
        self.store.open_match(&saved, &self.fence(), &players).await.map_err(|error| {
            tracing::error!(%error, "the database failed");
            StartError::Database
        })?;
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
        // Told before the table can speak: the table welcomes the device as it connects, and
        // a device reads its match's frames only once it knows it is in one.
        let Ok(permit) = joined.tx.try_reserve() else {
            member.outbox.text(&ToClient::Refused { reason: "that match is busy: try again".into() });
            return;
        };
        member.outbox.text(&ToClient::Matched { id: joined.id.clone(), code: joined.code.clone(), watching });
        permit.send(ToTable::Connect {
            peer: member.peer,
            player: member.player.clone(),
            name: member.name.clone(),
            outbox: member.outbox.clone(),
        });
    }

    /// The table of a running match by id.
    pub fn joined(&self, id: &str) -> Option<Joined> {
        let hub = self.hub();
        hub.tables.get(id).map(|t| Joined { id: id.to_string(), code: t.code.clone(), tx: t.tx.clone() })
    }

    /// `member` asks to play the match of `code` again: once every player of it has asked, it
    /// starts (the same seats; the toss is new).
    pub async fn rematch(self: &Arc<Self>, code: &str, member: Member) -> Result<(), LobbyError> {
        let ready = {
            let mut hub = self.hub();
            let Some(offer) = hub.rematches.get_mut(code) else {
                return Err(LobbyError::NoRematch);
            };
            if !offer.spec.seated.iter().any(|s| s.player == member.player) {
                return Err(LobbyError::NotAPlayer);
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
        Ok(self.start_match(spec.code.clone(), spec.mode, &spec.rules, spec.rated, members).await?)
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
