//! People in the lobby: a player's devices and codes, friends and their presence, invitations,
//! blocks and reports, and quick chat in a match. Each request is checked field by field; a
//! refusal says what was wrong, and changes nothing.

mod account;
mod chat;
mod friends;
mod invites;
mod notices;

pub use crate::refused::{PeopleError, MAX_INVITES, REPORTS_A_DAY};
pub use chat::chat_pace;

use crate::lobby::{Desk, Me};
use crate::refused::LobbyError;
use crate::server::Server;
use carrom_net::lobby::ToServer;
use std::sync::Arc;

impl Desk {
    /// Answers a request about people from `me`.
    pub(crate) async fn people(
        &mut self,
        server: &Arc<Server>,
        me: &Me,
        request: ToServer,
    ) -> Result<(), LobbyError> {
        match request {
            ToServer::LinkCode => self.link_code(server, me).await,
            ToServer::Recovery => self.recovery(server, me).await,
            ToServer::Devices => self.devices(server, me).await,
            ToServer::Unlink { device } => self.unlink(server, me, &device).await,
            ToServer::Friends => self.friends(server, me).await,
            ToServer::Befriend { tag } => self.befriend(server, me, &tag).await,
            ToServer::Answer { player, accept } => self.answer_friend(server, me, &player, accept).await,
            ToServer::Unfriend { player } => {
                server.store.part(&me.player, &player).await?;
                self.friends(server, me).await
            }
            ToServer::Block { player } => self.block(server, me, &player).await,
            ToServer::Unblock { player } => {
                server.store.unblock(&me.player, &player).await?;
                self.friends(server, me).await
            }
            ToServer::Report { seat, match_id, reason } => {
                self.report(server, me, seat, &match_id, &reason).await
            }
            ToServer::Invite { player, mode, rules } => self.invite(server, me, &player, &mode, &rules).await,
            ToServer::Partner { player, rules } => self.partner(server, me, &player, &rules).await,
            ToServer::Reply { invite, accept } => self.reply(server, me, &invite, accept).await,
            ToServer::Chat { phrase } => self.chat(server, me, &phrase).await,
            ToServer::Away { away } => Ok(server.store.set_away(&self.conn(server), away).await?),
            // The lobby's own requests never come here.
            _ => Ok(()),
        }
    }

    /// This connection has gone: its player is offline here, and last seen now.
    pub(crate) async fn gone_offline(&self, server: &Arc<Server>, me: &Me) {
        {
            let mut hub = server.hub();
            if let Some(connections) = hub.people.get_mut(&me.player) {
                connections.retain(|(peer, _)| *peer != self.peer);
                if connections.is_empty() {
                    hub.people.remove(&me.player);
                }
            }
        }
        if let Err(error) = server.store.go_offline(&self.conn(server), &me.player).await {
            tracing::warn!(%error, "a connection's end could not be written: it shows online until its node's lease runs out");
        }
    }
}
