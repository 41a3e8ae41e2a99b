//! One node among several over one database. Each node keeps a lease on itself and holds the
//! matches it runs; a match held by a node whose lease ran out (killed, cut off, drained) is
//! claimed by another, which takes it up from its last saved shot. A request for a match or room
//! held elsewhere is answered with where to go. The quick-match queue is the database's: the
//! live node with the least id is the matchmaker, and a pairing takes its players from the queue
//! in one transaction, so that two matchmakers for a moment still seat nobody twice.

use crate::queue::{Queue, Waiting};
use crate::refused::LobbyError;
use crate::server::{fresh_match, random_code, Joined, Server};
use crate::store::{Fence, Holding, Node, Queued, Renewal, SavedMatch, StoreError, LEASE_MS};
use crate::table::{TableSpec, ToTable};
use carrom_core::game::Game;
use carrom_core::rules::Mode;
use carrom_net::lobby::{ToClient, ToServer};
use std::sync::Arc;

/// Matches a node claims from dead nodes in one sweep: the rest wait for the next sweep (or
/// another node), so that the survivors share a dead node's matches.
const CLAIMS_A_SWEEP: u32 = 50;

/// Where a request for a match is answered.
pub enum Reach {
    /// Here: the match's table on this node.
    Here(Joined),
    /// At another node, reached at this URL.
    There(String),
    /// Between nodes for a moment (its node gone, not yet taken over): ask again soon.
    Later(String),
}

/// What a device is told while a match is between nodes.
const BETWEEN: &str = "your match is moving to another server: trying again in a moment";

impl Server {
    /// The fleet's part of a sweep: renews this node's lease, claims dead nodes' matches,
    /// pairs the queue when this node is the matchmaker, and tells this node's waiting players
    /// of the matches they were placed in.
    pub async fn fleet_sweep(self: &Arc<Self>) {
        // A database that does not answer (cut off, not refusing) must not hold the sweep past
        // half a lease: the next sweep tries again, and the lease's end is noticed meanwhile.
        let within = std::time::Duration::from_millis(LEASE_MS as u64 / 2);
        match tokio::time::timeout(within, self.fleet_sweep_once()).await {
            Ok(Ok(())) => {}
            Ok(Err(error)) => tracing::warn!(%error, "the fleet's sweep failed: tried again in a moment"),
            Err(_) => tracing::warn!(
                "the database did not answer the fleet's sweep in time: tried again in a moment"
            ),
        }
    }

    async fn fleet_sweep_once(self: &Arc<Self>) -> Result<(), StoreError> {
        let draining = self.hub().draining;
        if !draining {
            self.renew().await?;
            self.claim_orphans().await?;
        }
        let live = self.store.live_nodes().await?;
        if !draining && live.first().is_some_and(|n| n.id == self.node) {
            self.matchmake(&live).await?;
            // One node sweeps for the fleet: the matchmaker.
            let swept = self.store.sweep_rooms().await?;
            if swept > 0 {
                tracing::debug!(swept, "expired rooms forgotten");
            }
            self.store.sweep_people().await?;
        }
        self.tell_placed().await?;
        self.deliver_notices().await
    }

    /// This node as the fleet sees it now.
    fn as_node(&self) -> Node {
        Node {
            id: self.node.clone(),
            url: self.url.clone(),
            matches: self.hub().tables.len() as i64,
            capacity: self.config.max_matches as i64,
            epoch: self.epoch.clone(),
        }
    }

    /// Renews this process's lease on its node's name. Found held by another process, the
    /// name is lost: this one stops (its matches are fenced off by their epoch already).
    async fn renew(&self) -> Result<(), StoreError> {
        // The lease runs from when it was asked for at the latest: timed from here, this node
        // never believes it holds a lease the database has let run out.
        let asked = std::time::Instant::now();
        match self.store.renew(&self.as_node()).await? {
            Renewal::Held => {
                self.hub().renewed = Some(asked);
            }
            Renewal::Clash { epoch, .. } => self.lose(format!(
                "another process now runs as node {:?} (epoch {epoch}, this one {}): this one stops",
                self.node, self.epoch
            )),
        }
        Ok(())
    }

    /// Takes this node's name for this process as it starts, and what it held when it last
    /// stopped (one started again under its name claims them once they are orphans). Another
    /// process under the name whose lease is still renewed is a clash: refused, saying so. A
    /// lease that is current but not renewed (a process killed a moment ago) is waited out.
    pub async fn take_up_held(self: &Arc<Self>) -> Result<usize, String> {
        let mut last: Option<i64> = None;
        loop {
            match self.store.renew(&self.as_node()).await.map_err(|e| e.to_string())? {
                Renewal::Held => break,
                Renewal::Clash { epoch, left_ms } => {
                    // Renewed since the last look (its end moved later): a live twin.
                    let end = crate::store::now_ms() + left_ms;
                    if last.is_some_and(|before| end > before + 250) {
                        return Err(format!(
                            "node {:?} is already running (epoch {epoch}, its lease renewed): give each process its own --node",
                            self.node
                        ));
                    }
                    last = Some(*last.get_or_insert(end));
                    let wait = left_ms.clamp(100, 1_000) as u64;
                    tokio::time::sleep(std::time::Duration::from_millis(wait)).await;
                }
            }
        }
        self.hub().renewed = Some(std::time::Instant::now());
        // The node's name is this process's now: the connections an earlier one had went with it.
        self.store.forget_online(&self.node).await.map_err(|e| e.to_string())?;
        self.claim_orphans().await.map_err(|e| e.to_string())
    }

    /// Claims, within this node's room, running matches no live node holds.
    async fn claim_orphans(self: &Arc<Self>) -> Result<usize, StoreError> {
        let room = self.config.max_matches.saturating_sub(self.hub().tables.len());
        let limit = CLAIMS_A_SWEEP.min(u32::try_from(room).unwrap_or(u32::MAX));
        if limit == 0 {
            return Ok(0);
        }
        let mut taken = 0;
        for orphan in self.store.orphans(limit).await? {
            if self.claim(&orphan).await?.is_some() {
                taken += 1;
            }
        }
        Ok(taken)
    }

    /// Claims one match from a dead node (or none) and takes it up here.
    async fn claim(self: &Arc<Self>, orphan: &Holding) -> Result<Option<Joined>, StoreError> {
        if !self.store.claim(orphan, &self.fence()).await? {
            return Ok(None);
        }
        let Some(saved) = self.store.saved(&orphan.id).await? else { return Ok(None) };
        tracing::info!(id = %orphan.id, from = ?orphan.node, "took over a match from a node gone");
        self.metrics.taken_over.inc();
        match self.take_up(saved) {
            Ok(joined) => Ok(Some(joined)),
            Err(error) => {
                tracing::error!(id = %orphan.id, %error, "a claimed match could not be taken up");
                Ok(None)
            }
        }
    }

    /// Opens a table for a saved match held by this node (or finds it open).
    pub fn take_up(self: &Arc<Self>, saved: SavedMatch) -> Result<Joined, LobbyError> {
        if let Some(joined) = self.joined(&saved.id) {
            return Ok(joined);
        }
        let game = Game::from_json(&saved.state).map_err(|e| LobbyError::Unplayable(e.to_string()))?;
        let spec = TableSpec::of_saved(&saved).map_err(LobbyError::Unplayable)?;
        let served = self.serve(game, &spec, saved.shots).map_err(LobbyError::Unplayable)?;
        let tx = self.open_table(spec.clone(), served);
        Ok(Joined { id: spec.id, code: spec.code, tx })
    }

    /// Where the match `holding` is played: here (taken up, or claimed from a dead node when
    /// this one has room), or the URL of the live node that holds it.
    pub async fn reach(self: &Arc<Self>, holding: &Holding) -> Result<Reach, LobbyError> {
        if let Some(joined) = self.joined(&holding.id) {
            return Ok(Reach::Here(joined));
        }
        if holding.node.as_deref() == Some(self.node.as_str()) && holding.epoch == self.epoch {
            let saved = self.store.saved(&holding.id).await?.ok_or(LobbyError::Ended)?;
            return self.take_up(saved).map(Reach::Here);
        }
        let room = self.hub().tables.len() < self.config.max_matches;
        if !holding.alive && room {
            if let Some(joined) = self.claim(holding).await? {
                return Ok(Reach::Here(joined));
            }
        }
        // Held by a live node (or claimed by one just now).
        let now = self.store.holding(&holding.id).await?.ok_or(LobbyError::Ended)?;
        let url = match now.node {
            Some(node) => self.store.live_url(&node).await?,
            None => None,
        };
        Ok(url.map_or_else(|| Reach::Later(BETWEEN.into()), Reach::There))
    }

    /// Pairs everyone in the fleet's queue who can play now and places each match on a node
    /// with room: the node of the longest waiter, else the one with the most room.
    async fn matchmake(self: &Arc<Self>, live: &[Node]) -> Result<(), StoreError> {
        self.store.forget_gone_waiters().await?;
        let rows = self.store.queue().await?;
        if rows.len() < 2 {
            return Ok(());
        }
        let now_ms = crate::store::now_ms();
        let mut queue: Queue<Queued> = Queue::default();
        for row in rows {
            let waiting = Waiting {
                party: row.party.clone(),
                player: row.player.clone(),
                rating: row.rating,
                since: (row.since_ms - now_ms) as f64 / 1000.0,
                with: row.clone(),
            };
            queue.add((row.mode.clone(), row.rules.clone()), waiting);
        }
        let size = |game: &crate::queue::Game| Mode::from_name(&game.0).map_or(2, |m| m.seats().len());
        let mut load: Vec<(Fence, i64)> = live
            .iter()
            .map(|n| (Fence { node: n.id.clone(), epoch: n.epoch.clone() }, n.capacity - n.matches))
            .collect();
        let waiting: Vec<String> = queue.iter().map(|(_, w)| w.player.clone()).collect();
        let blocks = self.store.blocks_among(&waiting).await?;
        let kept_apart =
            |a: &str, b: &str| blocks.iter().any(|(x, y)| (x == a && y == b) || (x == b && y == a));
        for ((mode, rules), group) in queue.pair(0.0, size, kept_apart) {
            let first = &group[0].with.node;
            let node = match load.iter().position(|(holder, room)| &holder.node == first && *room > 0) {
                Some(i) => i,
                None => match load.iter().enumerate().max_by_key(|(_, (_, room))| *room) {
                    Some((i, (_, room))) if *room > 0 => i,
                    // The fleet is full: they wait for the next sweep.
                    _ => continue,
                },
            };
            let Some(mode) = Mode::from_name(&mode) else { continue };
            let entrants = group
                .iter()
                .map(|w| (w.player.clone(), w.with.name.clone(), w.rating, w.party.clone()))
                .collect();
            let rated = apart(group.iter().map(|w| w.with.address.as_str()));
            let Ok((_, _, saved)) = fresh_match(random_code(), mode, &rules, rated, entrants) else {
                continue;
            };
            let players: Vec<String> = group.iter().map(|w| w.player.clone()).collect();
            if self.store.place(&players, &saved, &load[node].0).await? {
                load[node].1 -= 1;
            }
        }
        Ok(())
    }

    /// Tells this node's waiting players of the matches the matchmaker placed them in: seated
    /// here, or sent to the node that holds it.
    async fn tell_placed(self: &Arc<Self>) -> Result<(), StoreError> {
        // A row is forgotten only once its player is told (or gone): a sweep cut short by a
        // slow database leaves the rest to the next.
        for (player, id) in self.store.placed(&self.node).await? {
            let member = self.hub().queue.waiting(&player).map(|w| w.with.clone());
            let Some(member) = member else {
                self.store.forget_placed(&player, &id).await?;
                continue;
            };
            let answer = match self.store.holding(&id).await? {
                Some(holding) => self.reach(&holding).await,
                None => Err(LobbyError::Ended),
            };
            if let Some(waiting) = self.hub().queue.remove(&player) {
                self.metrics.queue_wait.observe(self.now() - waiting.since);
            }
            self.store.forget_placed(&player, &id).await?;
            match answer {
                Ok(Reach::Here(joined)) => self.seat(&joined, member, false),
                Ok(Reach::There(url)) => {
                    member.outbox.text(&ToClient::Elsewhere { url, then: ToServer::Resume })
                }
                Ok(Reach::Later(reason)) => member.outbox.text(&ToClient::Later { reason }),
                Err(refused) => member.outbox.text(&ToClient::Refused { reason: refused.to_string() }),
            }
        }
        Ok(())
    }
}

/// Whether every player of a group connects from an address of their own: two accounts of one
/// person (or of one household, or one café) may play each other, but not for rating.
fn apart<'a>(addresses: impl Iterator<Item = &'a str>) -> bool {
    let mut seen = std::collections::BTreeSet::new();
    addresses.into_iter().all(|address| seen.insert(address))
}

impl Server {
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
    pub(crate) fn keep_or_stop_matches(&self) {
        let mut hub = self.hub();
        let expired = hub
            .renewed
            .is_some_and(|at| at.elapsed() > std::time::Duration::from_millis(crate::store::LEASE_MS as u64));
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
}
