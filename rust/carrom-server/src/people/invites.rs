//! Invitations: a player makes a room (or uses the one they wait in) and invites a friend who is
//! online; the friend's node shows it wherever they are; they accept (and join the room) or
//! decline, within a minute. A few wait at once, at most. A player may also ask a friend to
//! be their partner in the doubles queue: they wait at once, and the friend beside them once
//! they accept; declined, they wait alone.

use crate::lobby::{game_of, Desk, Me};
use crate::people::{PeopleError, MAX_INVITES};
use crate::refused::LobbyError;
use crate::server::Server;
use carrom_net::lobby::{write, ToClient};
use std::sync::Arc;

/// An invitation to be partners, as the invitations keep its mode.
const PARTY: &str = "party";
/// The mode a party plays.
const PARTY_MODE: &str = "doubles";

/// How long an invitation stands, seconds.
pub const INVITE_SECONDS: u32 = 60;

/// Refuses `friend` unless they are `me`'s friend and online.
async fn friend_online(server: &Server, me: &Me, friend: &str) -> Result<(), LobbyError> {
    if !server.store.are_friends(&me.player, friend).await? {
        return Err(PeopleError::NotFriends.into());
    }
    if !server.store.is_online(friend).await? {
        return Err(PeopleError::NotOnline.into());
    }
    Ok(())
}

impl Desk {
    pub(super) async fn invite(
        &mut self,
        server: &Arc<Server>,
        me: &Me,
        friend: &str,
        mode: &str,
        rules: &str,
    ) -> Result<(), LobbyError> {
        let (game_mode, game_rules) = game_of(mode, rules)?;
        let store = &server.store;
        friend_online(server, me, friend).await?;
        // The room this player waits in for the same game, or a new one.
        let waiting = server.hub().rooms.iter().find_map(|(code, room)| {
            let mine = room.members.first().is_some_and(|m| m.player == me.player);
            (mine && room.mode == game_mode && room.rules == game_rules).then(|| code.clone())
        });
        let code = match waiting {
            Some(code) => code,
            None => self.create(server, me, mode, rules).await?,
        };
        let id = crate::server::random_id();
        let expires = crate::store::now() + i64::from(INVITE_SECONDS);
        let game = (game_mode.name(), game_rules.as_str());
        if !store.put_invite(&id, &me.player, friend, &code, game, expires, MAX_INVITES).await? {
            return Err(PeopleError::TooManyInvites.into());
        }
        let told = ToClient::Invited {
            invite: id,
            who: self.person(server, me).await?,
            mode: game_mode.name().into(),
            rules: game_rules,
            expires_in: INVITE_SECONDS,
        };
        store.notify(friend, &write(&told)).await?;
        Ok(())
    }

    pub(super) async fn partner(
        &mut self,
        server: &Arc<Server>,
        me: &Me,
        friend: &str,
        rules: &str,
    ) -> Result<(), LobbyError> {
        let (_, rules) = game_of(PARTY_MODE, rules)?;
        let store = &server.store;
        friend_online(server, me, friend).await?;
        let party = crate::server::random_id();
        let expires = crate::store::now() + i64::from(INVITE_SECONDS);
        if !store.put_invite(&party, &me.player, friend, "", (PARTY, &rules), expires, MAX_INVITES).await? {
            return Err(PeopleError::TooManyInvites.into());
        }
        self.quick(server, me, PARTY_MODE, &rules, Some(party.clone())).await?;
        let who = self.person(server, me).await?;
        let told = ToClient::PartnerAsked { invite: party, who, rules, expires_in: INVITE_SECONDS };
        store.notify(friend, &write(&told)).await?;
        Ok(())
    }

    pub(super) async fn reply(
        &mut self,
        server: &Arc<Server>,
        me: &Me,
        invite: &str,
        accept: bool,
    ) -> Result<(), LobbyError> {
        let taken = server.store.take_invite(invite, &me.player).await?;
        let invitation = taken.ok_or(PeopleError::NoInvite)?;
        let told = ToClient::Replied { who: self.person(server, me).await?, accept };
        server.store.notify(&invitation.inviter, &write(&told)).await?;
        match (invitation.mode == PARTY, accept) {
            (true, true) => {
                self.quick(server, me, PARTY_MODE, &invitation.rules, Some(invite.to_string())).await?
            }
            (true, false) => server.store.unparty(invite).await?,
            (false, true) => self.join(server, me, &invitation.code).await?,
            (false, false) => {}
        }
        Ok(())
    }
}
