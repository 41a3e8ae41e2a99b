//! Friends' rooms from a connection's side: making one (one a player), joining one by its
//! code (here, or on the node that holds it), and the player taken out of any other room.

use crate::lobby::{busy, game_of, Desk, Me};
use crate::server::{Room, Server};
use crate::store::StoreError;
use carrom_net::lobby::{ToClient, ToServer};
use std::sync::Arc;

impl Desk {
    pub(crate) async fn create(
        &mut self,
        server: &Arc<Server>,
        me: &Me,
        mode: &str,
        rules: &str,
    ) -> Result<(), String> {
        let (mode, rules) = game_of(mode, rules)?;
        self.not_busy(server, me).await?;
        let code = server.new_code();
        let seconds = server.config.code_seconds;
        let expires = crate::store::now() + i64::from(seconds);
        server
            .store
            .put_room(&code, mode.name(), &rules, &me.player, expires, &server.node)
            .await
            .map_err(|e| e.to_string())?;
        let member = self.member(me, 0.0);
        let mut hub = server.hub();
        if hub.draining {
            return Err("this server is restarting: try again in a moment".into());
        }
        let expires = server.now() + f64::from(seconds);
        hub.rooms.insert(code.clone(), Room { mode, rules, members: vec![member], expires });
        self.outbox.text(&ToClient::Room {
            code,
            expires_in: seconds,
            taken: 1,
            seats: mode.seats().len() as u8,
        });
        Ok(())
    }

    pub(crate) async fn join(&mut self, server: &Arc<Server>, me: &Me, code: &str) -> Result<(), String> {
        let here = server.hub().rooms.contains_key(code) || server.hub().codes.contains_key(code);
        if !here {
            return self.join_elsewhere(server, me, code).await;
        }
        let running = server.hub().codes.get(code).cloned();
        if let Some(id) = running {
            if server.hub().playing.get(&me.player) == Some(&id) {
                return self.resume(server, me).await;
            }
            return Err(format!("the match of room {code} has begun: watch it instead"));
        }
        if busy(server, &me.player).await? {
            return Err("you have a match running: resume it first".into());
        }
        self.leave_queue(server, &me.player).await;
        let full = {
            let mut hub = server.hub();
            let now = server.now();
            // One room a player, whichever connection joined it: a player in two rooms at once
            // would sit in two matches once both filled.
            leave_rooms_but(&mut hub, &me.player, code, now);
            let Some(room) = hub.rooms.get_mut(code) else {
                return Err(format!(
                    "no room has the code {code}: codes expire, ask your friend for a new one"
                ));
            };
            let seats = room.mode.seats().len();
            if !room.members.iter().any(|m| m.player == me.player) {
                if room.members.len() >= seats {
                    return Err(format!("room {code} is full"));
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
            server
                .start_match(code.to_string(), room.mode, &room.rules, false, room.members)
                .await
                .map_err(|e| e.to_string())?;
        }
        Ok(())
    }

    /// A code this node holds no room or match for: another node's, sent on; or none.
    pub(crate) async fn join_elsewhere(
        &mut self,
        server: &Arc<Server>,
        me: &Me,
        code: &str,
    ) -> Result<(), String> {
        let then = ToServer::Join { code: code.to_string() };
        if let Some(room) = server.store.room_node(code).await.map_err(StoreError::refusal)? {
            if room.node.as_deref() == Some(server.node.as_str()) || !room.alive {
                return Err(format!(
                    "the server that held room {code} has gone: ask your friend for a new one"
                ));
            }
            let url = match room.node {
                Some(node) => server.store.live_url(&node).await.map_err(StoreError::refusal)?,
                None => None,
            };
            let url = url.ok_or_else(|| {
                format!("the server that held room {code} has gone: ask your friend for a new one")
            })?;
            self.outbox.text(&ToClient::Elsewhere { url, then });
            return Ok(());
        }
        if let Some(holding) = server.store.match_of_code(code).await.map_err(StoreError::refusal)? {
            let mine = server.store.playing(&me.player).await.map_err(StoreError::refusal)?;
            if mine.is_some_and(|m| m.id == holding.id) {
                return self.resume(server, me).await;
            }
            return Err(format!("the match of room {code} has begun: watch it instead"));
        }
        Err(format!("no room has the code {code}: codes expire, ask your friend for a new one"))
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
