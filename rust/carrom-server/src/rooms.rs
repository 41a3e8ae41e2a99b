//! Friends' rooms from a connection's side: making one (one a player), joining one by its
//! code (here, or on the node that holds it), and the player taken out of any other room.

use crate::lobby::{busy, game_of, Desk, Me};
use crate::refused::LobbyError;
use crate::server::{Room, Server};
use carrom_net::lobby::{ToClient, ToServer};
use std::sync::Arc;

impl Desk {
    pub(crate) async fn create(
        &mut self,
        server: &Arc<Server>,
        me: &Me,
        mode: &str,
        rules: &str,
    ) -> Result<String, LobbyError> {
        let (mode, rules) = game_of(mode, rules)?;
        self.not_busy(server, me).await?;
        let code = server.new_code();
        let seconds = server.config.code_seconds;
        let expires = crate::store::now() + i64::from(seconds);
        server.store.put_room(&code, mode.name(), &rules, &me.player, expires, &server.node).await?;
        let member = self.member(me, 0.0);
        let mut hub = server.hub();
        if hub.draining {
            return Err(LobbyError::Restarting);
        }
        let expires = server.now() + f64::from(seconds);
        hub.rooms.insert(code.clone(), Room { mode, rules, members: vec![member], expires });
        self.outbox.text(&ToClient::Room {
            code: code.clone(),
            expires_in: seconds,
            taken: 1,
            seats: mode.seats().len() as u8,
        });
        Ok(code)
    }

    pub(crate) async fn join(&mut self, server: &Arc<Server>, me: &Me, code: &str) -> Result<(), LobbyError> {
        let here = server.hub().rooms.contains_key(code) || server.hub().codes.contains_key(code);
        if !here {
            return self.join_elsewhere(server, me, code).await;
        }
        let running = server.hub().codes.get(code).cloned();
        if let Some(id) = running {
            if server.hub().playing.get(&me.player) == Some(&id) {
                return self.resume(server, me).await;
            }
            return Err(LobbyError::Begun(code.into()));
        }
        if busy(server, &me.player).await? {
            return Err(LobbyError::Busy);
        }
        self.leave_queue(server, &me.player).await;
        let full = {
            let mut hub = server.hub();
            let now = server.now();
            // One room a player, whichever connection joined it: a player in two rooms at once
            // would sit in two matches once both filled.
            leave_rooms_but(&mut hub, &me.player, code, now);
            let Some(room) = hub.rooms.get_mut(code) else {
                return Err(LobbyError::NoRoom(code.into()));
            };
            let seats = room.mode.seats().len();
            if !room.members.iter().any(|m| m.player == me.player) {
                if room.members.len() >= seats {
                    return Err(LobbyError::Full(code.into()));
                }
                room.members.push(self.member(me, 0.0));
            }
            let told = ToClient::Room {
                code: code.to_string(),
                expires_in: (room.expires - now).max(0.0) as u32,
                taken: room.members.len() as u8,
                seats: seats as u8,
            };
            for member in &room.members {
                member.outbox.text(&told);
            }
            if room.members.len() == seats {
                hub.rooms.remove(code)
            } else {
                None
            }
        };
        if let Some(room) = full {
            server.start_match(code.to_string(), room.mode, &room.rules, false, room.members).await?;
        }
        Ok(())
    }

    /// A code this node holds no room or match for: another node's, sent on; or none.
    pub(crate) async fn join_elsewhere(
        &mut self,
        server: &Arc<Server>,
        me: &Me,
        code: &str,
    ) -> Result<(), LobbyError> {
        let then = ToServer::Join { code: code.to_string() };
        let gone = || LobbyError::RoomGone(code.into());
        if let Some(room) = server.store.room_node(code).await? {
            if room.node.as_deref() == Some(server.node.as_str()) || !room.alive {
                return Err(gone());
            }
            let url = match room.node {
                Some(node) => server.store.live_url(&node).await?,
                None => None,
            };
            let url = url.ok_or_else(gone)?;
            self.outbox.text(&ToClient::Elsewhere { url, then });
            return Ok(());
        }
        if let Some(holding) = server.store.match_of_code(code).await? {
            let mine = server.store.playing(&me.player).await?;
            if mine.is_some_and(|m| m.id == holding.id) {
                return self.resume(server, me).await;
            }
            return Err(LobbyError::Begun(code.into()));
        }
        Err(LobbyError::NoRoom(code.into()))
    }
}

/// Takes `player` out of every room but `code`'s; the others left in a room are told its count.
fn leave_rooms_but(hub: &mut crate::server::Hub, player: &str, code: &str, now: f64) {
    hub.rooms.retain(|other, room| {
        if other == code || !room.members.iter().any(|m| m.player == player) {
            return true;
        }
        room.members.retain(|m| m.player != player);
        let told = ToClient::Room {
            code: other.clone(),
            expires_in: (room.expires - now).max(0.0) as u32,
            taken: room.members.len() as u8,
            seats: room.mode.seats().len() as u8,
        };
        for member in &room.members {
            member.outbox.text(&told);
        }
        !room.members.is_empty()
    });
}
