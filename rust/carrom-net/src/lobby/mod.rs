//! The lobby: the few messages a player's device and a match server exchange before a match
//! (and between matches) — who this is, quick match, a friend's room by its code, watching,
//! coming back to one's seat, a rematch. They travel as WebSocket *text* frames; the match's own
//! messages (`ToHost`, `ToPeer`) travel unchanged as *binary* frames once the server has said
//! `matched`, so a device plays a server's match exactly as it plays a friend's.

mod code;
mod people;
mod results;

pub use people::{
    check_phrase, check_reason, read_tag, tag_of, Device, Friend, Person, Presence, PHRASES, REPORT_REASONS,
    TAG_NUMBERS,
};

#[cfg(test)]
use code::MAX_URL_HOST;
pub use code::{is_server_url, normal_code, CODE_ALPHABET, CODE_LENGTH};
pub use results::{Change, Ending, Rating};

use crate::error::NetError;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

/// The lobby's version: a device and a server that differ are told at hello. Version 2: the
/// lobby's hello is the one hello; a device seated at a table sends the match none of its own.
/// Version 3: people — friend tags, devices linked by code, friends, invites, blocks, reports
/// and quick chat. Version 4: a report names the seat the player held.
pub const LOBBY: u32 = 4;
/// The most bytes of one lobby message from a device.
pub const MAX_LOBBY_BYTES: usize = 1024;
/// The most bytes of one lobby message from a server, as a device reads it (the longest, a
/// friends list, holds a few hundred people).
pub const MAX_TOLD_BYTES: usize = 256 * 1024;

/// What a device asks the server.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ToServer {
    /// The first message: the lobby's version, the player's name and the device's own token
    /// (kept between runs; the server keeps only its hash).
    Hello {
        /// The lobby version the device speaks.
        lobby: u32,
        /// Shown to the others.
        name: String,
        /// The device's token.
        token: String,
    },
    /// Pair me with players of my strength in this game.
    Quick {
        /// `singles`, `doubles` or `points`.
        mode: String,
        /// A ruleset preset: `classic`, `icf`, `freestyle` or `disc_pool`.
        rules: String,
    },
    /// Make a room for friends; the server answers with its code.
    Create {
        /// `singles`, `doubles` or `points`.
        mode: String,
        /// A ruleset preset.
        rules: String,
    },
    /// Take a seat in a friend's room.
    Join {
        /// The room's code.
        code: String,
    },
    /// Watch the match of a room (every shot, no strikes).
    Watch {
        /// The room's code.
        code: String,
    },
    /// Back to the seat this player holds in a running match.
    Resume,
    /// Leave the queue or the room not yet started.
    Cancel,
    /// Play the room's players again, once the match is over.
    Rematch,
    /// Are you there? (Godot's WebSocketPeer cannot see the server's pings: a device that hears
    /// nothing for a while knows its link is dead.)
    Ping,
    /// Instead of a hello: this device becomes the player of `code`, a link code shown on
    /// another of their devices or their recovery code.
    Claim {
        /// The lobby version the device speaks.
        lobby: u32,
        /// The device's token.
        token: String,
        /// The link or recovery code.
        code: String,
    },
    /// A code for another device to become this player, for a few minutes.
    LinkCode,
    /// A new recovery code (the last one stops working).
    Recovery,
    /// The player's devices.
    Devices,
    /// This device no longer signs in as this player.
    Unlink {
        /// The device's public id.
        device: String,
    },
    /// Friends, requests, recent opponents and blocked players.
    Friends,
    /// Ask the player of a friend tag to be friends (or accept their request).
    Befriend {
        /// `Name#1234`.
        tag: String,
    },
    /// Accept or decline a friend request.
    Answer {
        /// Who asked.
        player: String,
        /// Yes or no.
        accept: bool,
    },
    /// No longer friends.
    Unfriend {
        /// The friend.
        player: String,
    },
    /// Make a room and invite a friend who is online to it.
    Invite {
        /// The friend.
        player: String,
        /// `singles`, `doubles` or `points`.
        mode: String,
        /// A ruleset preset.
        rules: String,
    },
    /// Queue for doubles with a friend who is online as partner: this player waits at once;
    /// the friend is asked, and waits beside them once they accept.
    Partner {
        /// The friend.
        player: String,
        /// A ruleset preset.
        rules: String,
    },
    /// Accept or decline an invitation: to a room (accepted: joined) or to be partners
    /// (accepted: queued beside the friend).
    Reply {
        /// The invitation's id.
        invite: String,
        /// Yes or no.
        accept: bool,
    },
    /// No invitations, friend requests, chat or quick matches with this player.
    Block {
        /// Who.
        player: String,
    },
    /// Lift a block.
    Unblock {
        /// Who.
        player: String,
    },
    /// Report a player of a match to the server's operator. The player is named by the seat
    /// they held, as the match showed it: a device knows its match's seats, not its players' ids,
    /// and can name no one who did not sit there.
    Report {
        /// The seat they held (0–3).
        seat: u8,
        /// The match.
        match_id: String,
        /// One of `REPORT_REASONS`.
        reason: String,
    },
    /// A quick-chat phrase to the others at this device's match.
    Chat {
        /// One of `PHRASES`.
        phrase: String,
    },
    /// The game went to the background (or came back): friends see the player away.
    Away {
        /// Whether it is away now.
        away: bool,
    },
}

/// What the server tells a device.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ToClient {
    /// Hello answered: who the server knows this player as.
    Welcome {
        /// The player's public id (never the token).
        player: String,
        /// Ratings by ladder (`singles`, `doubles`, `points`), rounded.
        ratings: Vec<Rating>,
        /// Whether the player holds a seat in a running match (`resume` takes it back).
        playing: bool,
        /// The player's name (after a claim, the one the player had).
        name: String,
        /// The player's friend tag.
        tag: String,
    },
    /// Waiting for a quick match.
    Queued {
        /// Seconds waited so far.
        seconds: u32,
        /// How far from the player's rating an opponent may be now: it widens with the wait.
        window: u32,
    },
    /// A friends' room, made or joined, not yet started.
    Room {
        /// The code to share.
        code: String,
        /// Seconds before the code expires if the match has not started.
        expires_in: u32,
        /// Seats taken, of `seats`.
        taken: u8,
        /// Seats of the room's mode.
        seats: u8,
    },
    /// A match for this device: from now on its binary frames are the match's protocol (say
    /// the protocol's hello first).
    Matched {
        /// The match's id.
        id: String,
        /// Its room's code, to share with friends who want to watch.
        code: String,
        /// Whether this device only watches.
        watching: bool,
    },
    /// The match is over and recorded.
    Over {
        /// Each player's rating change, when the match was rated.
        changes: Vec<Change>,
        /// How it ended.
        ending: Ending,
    },
    /// The last request was refused, and why.
    Refused {
        /// The reason, in words.
        reason: String,
    },
    /// The server is going away (an update): connect again in a moment.
    Closing {
        /// Why.
        reason: String,
    },
    /// The answer to a ping.
    Pong,
    /// Not now, but soon: what was asked is on its way between servers of the fleet (a node
    /// gone, its match not yet taken over). A device coming back to its match asks again after
    /// a pause; one in the lobby shows the reason.
    Later {
        /// Why, in words.
        reason: String,
    },
    /// What was asked is held by another server of the fleet: connect to `url`, say hello, and
    /// ask `then` there (a client goes back to the server it was given at first when that link
    /// drops later).
    Elsewhere {
        /// The other server, `ws://…` or `wss://…`.
        url: String,
        /// What to ask it: resume, join or watch.
        then: ToServer,
    },
    /// A code another device can claim within `expires_in` seconds.
    LinkCode {
        /// The code.
        code: String,
        /// Seconds it works.
        expires_in: u32,
    },
    /// The player's recovery code, shown once: to write down.
    Recovery {
        /// The code.
        code: String,
    },
    /// The player's devices.
    Devices {
        /// Each, oldest first.
        devices: Vec<Device>,
    },
    /// Friends and the players around them.
    Friends {
        /// Friends, with presence.
        friends: Vec<Friend>,
        /// Who asks to be this player's friend.
        asking: Vec<Person>,
        /// Whom this player asked.
        asked: Vec<Person>,
        /// The last opponents and partners.
        recent: Vec<Person>,
        /// Players this one blocked.
        blocked: Vec<Person>,
    },
    /// Someone asks to be friends.
    FriendAsked {
        /// Who.
        who: Person,
    },
    /// A request was accepted: friends now.
    Befriended {
        /// Who.
        who: Person,
    },
    /// A friend invites this player to a room.
    Invited {
        /// The invitation's id, for `reply`.
        invite: String,
        /// Who invites.
        who: Person,
        /// The room's mode.
        mode: String,
        /// Its ruleset.
        rules: String,
        /// Seconds it stands.
        expires_in: u32,
    },
    /// A friend asks this player to queue for doubles as their partner.
    PartnerAsked {
        /// The invitation's id, for `reply`.
        invite: String,
        /// Who asks.
        who: Person,
        /// The ruleset.
        rules: String,
        /// Seconds it stands.
        expires_in: u32,
    },
    /// An invitation this player sent was answered.
    Replied {
        /// Who answered.
        who: Person,
        /// Whether they come.
        accept: bool,
    },
    /// A report was recorded.
    Reported,
    /// A quick-chat phrase from a seat of this match.
    Chat {
        /// The seat that sent it.
        seat: u8,
        /// One of `PHRASES`.
        phrase: String,
    },
}

/// Reads a lobby message from a device: bounded before it is read, unknown kinds and fields
/// refused.
pub fn read(text: &str) -> Result<ToServer, NetError> {
    bounded(text, MAX_LOBBY_BYTES)
}

/// Reads a lobby message from a server, as a device does: bounded, unknown kinds and fields
/// refused (a server and a device that speak different lobbies are told so at hello).
pub fn read_told(text: &str) -> Result<ToClient, NetError> {
    bounded(text, MAX_TOLD_BYTES)
}

fn bounded<T: DeserializeOwned>(text: &str, limit: usize) -> Result<T, NetError> {
    if text.len() > limit {
        return Err(NetError::TooLarge { bytes: text.len(), limit });
    }
    serde_json::from_str(text).map_err(|e| NetError::Malformed(e.to_string()))
}

impl ToServer {
    /// Whether a server may send a device on to ask this of another server: coming back to its
    /// seat, or joining or watching a room by a well-formed code. Nothing else is followed (a
    /// hello would hand the device's token to wherever the message points).
    pub fn may_be_sent_on(&self) -> bool {
        match self {
            ToServer::Resume => true,
            ToServer::Join { code } | ToServer::Watch { code } => normal_code(code).as_deref() == Ok(code),
            _ => false,
        }
    }
}

/// A lobby message as the text of a frame.
pub fn write<T: Serialize>(message: &T) -> String {
    // Strings, integers and lists: serialising cannot fail.
    serde_json::to_string(message).unwrap_or_default()
}

#[cfg(test)]
mod tests;
