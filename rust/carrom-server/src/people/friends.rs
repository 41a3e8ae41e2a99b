//! Friends: asked by friend tag, answered, parted; the list with each friend's presence, the
//! requests both ways, the last opponents and the players blocked; blocks and reports.

use crate::lobby::{Desk, Me};
use crate::names;
use crate::people::{PeopleError, REPORTS_A_DAY};
use crate::refused::LobbyError;
use crate::server::Server;
use crate::store::Befriending;
use carrom_net::lobby::{check_reason, read_tag, write, ToClient};
use std::sync::Arc;

/// Opponents and partners the friends list shows.
const RECENT: u32 = 10;

impl Desk {
    /// Sends the player's friends list as it stands.
    pub(super) async fn friends(&mut self, server: &Arc<Server>, me: &Me) -> Result<(), LobbyError> {
        let store = &server.store;
        let list = ToClient::Friends {
            friends: store.friends(&me.player).await?,
            asking: store.requests(&me.player, true).await?,
            asked: store.requests(&me.player, false).await?,
            recent: store.recent(&me.player, RECENT).await?,
            blocked: store.blocked(&me.player).await?,
        };
        self.outbox.text(&list);
        Ok(())
    }

    pub(super) async fn befriend(
        &mut self,
        server: &Arc<Server>,
        me: &Me,
        tag: &str,
    ) -> Result<(), LobbyError> {
        let (name, number) = read_tag(&names::normal(tag))?;
        let found = server.store.player_of_tag(&names::look(&name), number).await?;
        let other = found.ok_or_else(|| PeopleError::NoTag(carrom_net::lobby::tag_of(&name, number)))?;
        if other == me.player {
            return Err(PeopleError::Yourself.into());
        }
        let done = server.store.befriend(&me.player, &other).await?;
        let told = match done {
            Befriending::Asked => ToClient::FriendAsked { who: self.person(server, me).await? },
            Befriending::Friends => ToClient::Befriended { who: self.person(server, me).await? },
            Befriending::Already => return Err(PeopleError::Already.into()),
            Befriending::Blocked => return Err(PeopleError::Blocked.into()),
            Befriending::Full => return Err(PeopleError::FriendsFull.into()),
        };
        server.store.notify(&other, &write(&told)).await?;
        self.friends(server, me).await
    }

    pub(super) async fn answer_friend(
        &mut self,
        server: &Arc<Server>,
        me: &Me,
        asker: &str,
        accept: bool,
    ) -> Result<(), LobbyError> {
        if !server.store.answer(asker, &me.player, accept).await? {
            return Err(PeopleError::NoRequest.into());
        }
        if accept {
            let told = ToClient::Befriended { who: self.person(server, me).await? };
            server.store.notify(asker, &write(&told)).await?;
        }
        self.friends(server, me).await
    }

    pub(super) async fn block(
        &mut self,
        server: &Arc<Server>,
        me: &Me,
        player: &str,
    ) -> Result<(), LobbyError> {
        if player == me.player {
            return Err(PeopleError::Yourself.into());
        }
        if server.store.person(player).await?.is_none() {
            return Err(PeopleError::NoPlayer.into());
        }
        server.store.block(&me.player, player).await?;
        tracing::info!(blocker = %me.player, blocked = %player, "a player was blocked");
        self.friends(server, me).await
    }

    pub(super) async fn report(
        &mut self,
        server: &Arc<Server>,
        me: &Me,
        seat: u8,
        match_id: &str,
        reason: &str,
    ) -> Result<(), LobbyError> {
        check_reason(reason)?;
        let store = &server.store;
        let seated = match store.saved(match_id).await? {
            Some(saved) => saved.seated().unwrap_or_else(|e| {
                tracing::warn!(%match_id, error = %e, "a match's seats could not be read");
                Vec::new()
            }),
            None => Vec::new(),
        };
        if !seated.iter().any(|s| s.player == me.player) {
            return Err(PeopleError::NotThere.into());
        }
        let reported = seated.iter().find(|s| s.seat == seat).ok_or(PeopleError::NoSeat(seat))?;
        if reported.player == me.player {
            return Err(PeopleError::Yourself.into());
        }
        if store.reports_since(&me.player, crate::store::now() - 86_400).await? >= REPORTS_A_DAY {
            return Err(PeopleError::TooManyReports.into());
        }
        let player = &reported.player;
        store.report(&crate::server::random_id(), &me.player, player, match_id, reason).await?;
        tracing::info!(reporter = %me.player, reported = %player, %match_id, reason, "a player was reported");
        self.outbox.text(&ToClient::Reported);
        Ok(())
    }

    /// `me` as others see them.
    pub(super) async fn person(
        &self,
        server: &Server,
        me: &Me,
    ) -> Result<carrom_net::lobby::Person, LobbyError> {
        Ok(server.store.person(&me.player).await?.ok_or(PeopleError::NoPlayer)?)
    }
}
