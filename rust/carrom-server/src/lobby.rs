//! A connection's lobby requests: hello, quick match, rooms, watching, resuming, rematch.
//! Each is checked field by field; a refusal says what was wrong and what is allowed, and
//! changes nothing.

use crate::doors::{Door, CODES_PER_MINUTE};
use crate::fleet::Reach;
use crate::identity::sign_in;
use crate::names;
use crate::outbox::Outbox;
use crate::queue::{self, Waiting};
use crate::refused::{echoed, LobbyError};
use crate::server::{Member, Server, Slot};
use crate::store::Queued;
use carrom_core::rules::{Mode, Ruleset};
use carrom_net::lobby::{normal_code, Rating, ToClient, ToServer, LOBBY};
use carrom_net::rate::RateLimit;
use carrom_net::PeerId;
use std::net::IpAddr;
use std::sync::Arc;

/// Who a connection is, once it has said hello.
#[derive(Clone)]
pub struct Me {
    /// The player's public id.
    pub player: String,
    /// The name given.
    pub name: String,
    /// The device's public id.
    pub device: String,
    /// The hash of the device's token (never the token).
    pub token_hash: String,
}

/// A lobby request refused: the kind, counted in `/metrics`, and the reason the device is told.
#[derive(Debug)]
pub struct Refusal {
    /// The kind, as `/metrics` counts it (`Lobby`, `LobbyFlood`, `CodeGuesses`, …).
    pub kind: &'static str,
    /// What was wrong and what is allowed.
    pub reason: String,
}

/// One connection's side of the lobby.
pub struct Desk {
    /// The connection.
    pub peer: PeerId,
    /// Its way out.
    pub outbox: Outbox,
    /// Where its protocol frames go.
    pub slot: Slot,
    /// Who it is, after hello.
    pub me: Option<Me>,
    /// Where it connects from.
    pub address: IpAddr,
    /// How fast it may ask.
    pub pace: RateLimit,
    /// How fast it may chat.
    pub chat_pace: RateLimit,
}

/// Lobby requests a connection may make a second, and at once: a person taps a few buttons.
pub const REQUESTS_PER_SECOND: u32 = 5;
/// Lobby requests a connection may make at once.
pub const REQUEST_BURST: u32 = 20;

impl Desk {
    /// Answers `request`; a refusal is the reason, in words.
    pub async fn answer(&mut self, server: &Arc<Server>, request: ToServer) -> Result<(), Refusal> {
        if matches!(request, ToServer::Join { .. } | ToServer::Watch { .. })
            && !server.doors.may_enter(Door::Code, self.address)
        {
            return Err(Refusal {
                kind: "CodeGuesses",
                reason: format!(
                    "more than {CODES_PER_MINUTE} room codes a minute from this address: wait a minute"
                ),
            });
        }
        self.handle(server, request).await.map_err(|e| Refusal { kind: "Lobby", reason: e.to_string() })
    }

    /// Whether this connection may send a lobby frame now, or why not.
    pub fn paced(&mut self, server: &Server) -> Result<(), Refusal> {
        self.pace.take(server.now()).map_err(|_| Refusal {
            kind: "LobbyFlood",
            reason: format!("more than {REQUESTS_PER_SECOND} requests a second: slow down"),
        })
    }

    async fn handle(&mut self, server: &Arc<Server>, request: ToServer) -> Result<(), LobbyError> {
        match request {
            ToServer::Hello { lobby, name, token } => return self.hello(server, lobby, name, token).await,
            ToServer::Claim { lobby, token, code } => return self.claim(server, lobby, &token, &code).await,
            ToServer::Ping => {
                self.outbox.text(&ToClient::Pong);
                return Ok(());
            }
            _ => {}
        }
        let Some(me) = self.me.clone() else {
            return Err(LobbyError::NoHello);
        };
        match request {
            ToServer::Hello { .. } | ToServer::Claim { .. } => Err(LobbyError::SecondHello),
            ToServer::Ping => Ok(()),
            ToServer::Quick { mode, rules } => self.quick(server, &me, &mode, &rules, None).await,
            ToServer::Create { mode, rules } => self.create(server, &me, &mode, &rules).await.map(drop),
            ToServer::Join { code } => self.join(server, &me, &normal_code(&code)?).await,
            ToServer::Watch { code } => self.watch(server, &me, &normal_code(&code)?).await,
            ToServer::Resume => self.resume(server, &me).await,
            ToServer::Cancel => {
                self.leave_lobby(server, &me.player).await;
                Ok(())
            }
            ToServer::Rematch => {
                let code = self.slot.lock().ok().and_then(|s| s.as_ref().map(|j| j.code.clone()));
                let code = code.ok_or(LobbyError::NoMatch)?;
                server.rematch(&code, self.member(&me, 0.0)).await
            }
            people => self.people(server, &me, people).await,
        }
    }

    async fn hello(
        &mut self,
        server: &Arc<Server>,
        lobby: u32,
        name: String,
        token: String,
    ) -> Result<(), LobbyError> {
        if self.me.is_some() {
            return Err(LobbyError::SecondHello);
        }
        // One form of every name: kept, shown and compared so.
        let name = names::normal(&name);
        if lobby != LOBBY {
            return Err(LobbyError::OtherLobby(lobby));
        }
        let signed = sign_in(server, &name, &token).await?;
        let me = Me {
            player: signed.player,
            name,
            device: signed.device,
            token_hash: crate::secret::hash(&token),
        };
        self.welcome(server, me, signed.tag).await
    }

    /// Welcomes this connection as `me`, known to others by `tag`: online from now on.
    pub(crate) async fn welcome(
        &mut self,
        server: &Arc<Server>,
        me: Me,
        tag: String,
    ) -> Result<(), LobbyError> {
        let ratings = server
            .store
            .standings(&me.player)
            .await?
            .into_iter()
            .map(|(ladder, s)| Rating {
                ladder: ladder.into(),
                rating: s.rating.round() as i32,
                games: s.games,
            })
            .collect();
        let playing = busy(server, &me.player).await?;
        server.store.go_online(&self.conn(server), &me.player, &server.node).await?;
        server.hub().people.entry(me.player.clone()).or_default().push((self.peer, self.outbox.clone()));
        let welcome =
            ToClient::Welcome { player: me.player.clone(), ratings, playing, name: me.name.clone(), tag };
        self.me = Some(me);
        self.outbox.text(&welcome);
        Ok(())
    }

    /// This connection's name in the fleet's list of who is online.
    pub(crate) fn conn(&self, server: &Server) -> String {
        format!("{}:{}:{}", server.node, server.epoch, self.peer)
    }

    /// Puts this player in the quick-match queue for `mode` under `rules`, with `party` when
    /// they queue with a friend.
    pub(crate) async fn quick(
        &mut self,
        server: &Arc<Server>,
        me: &Me,
        mode: &str,
        rules: &str,
        party: Option<String>,
    ) -> Result<(), LobbyError> {
        let (mode, rules) = game_of(mode, rules)?;
        self.not_busy(server, me).await?;
        let barred = server.store.queue_bar_left(&me.player).await?;
        if barred > 0 {
            return Err(LobbyError::Barred(barred as u64));
        }
        let rating = server.store.standing(&me.player, mode.name()).await?.rating;
        if server.hub().draining {
            return Err(LobbyError::Restarting);
        }
        let queued = Queued {
            player: me.player.clone(),
            name: me.name.clone(),
            mode: mode.name().into(),
            rules: rules.clone(),
            rating,
            since_ms: crate::store::now_ms(),
            node: server.node.clone(),
            address: self.address.to_string(),
            party: party.clone(),
        };
        server.store.enqueue(&queued).await?;
        let member = self.member(me, rating);
        let since = server.now();
        server.hub().queue.add(
            (mode.name().into(), rules),
            Waiting { player: me.player.clone(), rating, since, party, with: member },
        );
        self.outbox.text(&ToClient::Queued { seconds: 0, window: queue::window(0.0) as u32 });
        Ok(())
    }

    async fn watch(&mut self, server: &Arc<Server>, me: &Me, code: &str) -> Result<(), LobbyError> {
        let local = server.hub().codes.get(code).cloned();
        let reach = match local.and_then(|id| server.joined(&id)) {
            Some(joined) => Reach::Here(joined),
            None => match server.store.match_of_code(code).await? {
                Some(holding) => server.reach(&holding).await?,
                None => {
                    let waiting = server.hub().rooms.contains_key(code)
                        || server.store.room_node(code).await?.is_some();
                    let code = code.to_string();
                    return Err(if waiting {
                        LobbyError::NotBegun(code)
                    } else {
                        LobbyError::NothingToWatch(code)
                    });
                }
            },
        };
        match reach {
            Reach::Here(joined) => server.seat(&joined, self.member(me, 0.0), true),
            Reach::There(url) => {
                self.outbox.text(&ToClient::Elsewhere { url, then: ToServer::Watch { code: code.into() } })
            }
            Reach::Later(reason) => self.outbox.text(&ToClient::Later { reason }),
        }
        Ok(())
    }

    pub(crate) async fn resume(&mut self, server: &Arc<Server>, me: &Me) -> Result<(), LobbyError> {
        let local = server.hub().playing.get(&me.player).cloned();
        let reach = match local.and_then(|id| server.joined(&id)) {
            Some(joined) => Reach::Here(joined),
            None => {
                let holding = server.store.playing(&me.player).await?;
                server.reach(&holding.ok_or(LobbyError::NotPlaying)?).await?
            }
        };
        match reach {
            Reach::Here(joined) => server.seat(&joined, self.member(me, 0.0), false),
            Reach::There(url) => self.outbox.text(&ToClient::Elsewhere { url, then: ToServer::Resume }),
            Reach::Later(reason) => self.outbox.text(&ToClient::Later { reason }),
        }
        Ok(())
    }

    /// Refuses a player who already has a match running anywhere in the fleet.
    pub(crate) async fn not_busy(&self, server: &Arc<Server>, me: &Me) -> Result<(), LobbyError> {
        if busy(server, &me.player).await? {
            return Err(LobbyError::Busy);
        }
        self.leave_lobby(server, &me.player).await;
        Ok(())
    }

    /// Takes this player out of the queue, here and in the fleet's.
    pub(crate) async fn leave_queue(&self, server: &Arc<Server>, player: &str) {
        let queued = server.hub().queue.remove(player).is_some();
        if queued {
            if let Err(error) = server.store.dequeue(player).await {
                tracing::warn!(%error, "a player could not be taken out of the fleet's queue");
            }
        }
    }

    /// Takes this player out of the queue and of any room not yet started.
    pub async fn leave_lobby(&self, server: &Arc<Server>, player: &str) {
        self.leave_queue(server, player).await;
        server.hub().rooms.retain(|_, room| {
            room.members.retain(|m| m.player != player);
            !room.members.is_empty()
        });
    }

    pub(crate) fn member(&self, me: &Me, rating: f64) -> Member {
        Member {
            peer: self.peer,
            player: me.player.clone(),
            name: me.name.clone(),
            rating,
            outbox: self.outbox.clone(),
            slot: self.slot.clone(),
            address: self.address,
        }
    }
}

/// Whether `player` holds a seat in a running match on any node.
pub(crate) async fn busy(server: &Arc<Server>, player: &str) -> Result<bool, LobbyError> {
    if server.hub().playing.contains_key(player) {
        return Ok(true);
    }
    Ok(server.store.playing(player).await?.is_some())
}

/// The mode and ruleset named, or what is allowed.
pub(crate) fn game_of(mode: &str, rules: &str) -> Result<(Mode, String), LobbyError> {
    let mode = Mode::from_name(mode).ok_or_else(|| LobbyError::NoMode(echoed(mode)))?;
    Ruleset::preset(rules).map_err(|_| LobbyError::NoRuleset(echoed(rules)))?;
    Ok((mode, rules.to_string()))
}
