//! The lobby: the few messages a player's device and a match server exchange before a match
//! (and between matches) — who this is, quick match, a friend's room by its code, watching,
//! coming back to one's seat, a rematch. They travel as WebSocket *text* frames; the match's own
//! messages (`ToHost`, `ToPeer`) travel unchanged as *binary* frames once the server has said
//! `matched`, so a device plays a server's match exactly as it plays a friend's.

use crate::error::NetError;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

/// The lobby's version: a device and a server that differ are told at hello. Version 2: the
/// lobby's hello is the one hello; a device seated at a table sends the match none of its own.
pub const LOBBY: u32 = 2;
/// The most bytes of one lobby message from a device.
pub const MAX_LOBBY_BYTES: usize = 1024;
/// The most bytes of one lobby message from a server, as a device reads it (the longest, a
/// welcome, holds three ratings).
pub const MAX_TOLD_BYTES: usize = 16 * 1024;
/// The longest server address a device follows.
const MAX_URL_HOST: usize = 260;
/// The characters of a room code: capital letters and digits that cannot be misread for one
/// another (no 0/O, 1/I/L).
pub const CODE_ALPHABET: &[u8] = b"ABCDEFGHJKMNPQRSTUVWXYZ23456789";
/// Characters in a room code.
pub const CODE_LENGTH: usize = 6;

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
}

/// A rating on one ladder.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rating {
    /// `singles`, `doubles` or `points`.
    pub ladder: String,
    /// The rating, on the singles scale (1500 to start).
    pub rating: i32,
    /// Rated matches finished on this ladder.
    pub games: u32,
}

/// How a recorded match ended (`won`, `drawn` or `abandoned` on the wire and in the database).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ending {
    /// A side won it.
    Won,
    /// It ended level.
    Drawn,
    /// A player left and did not come back before it was over.
    Abandoned,
}

impl Ending {
    /// Its name, as on the wire.
    pub fn as_str(self) -> &'static str {
        match self {
            Ending::Won => "won",
            Ending::Drawn => "drawn",
            Ending::Abandoned => "abandoned",
        }
    }
}

/// A player's rating before and after a match.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Change {
    /// The seat the player held.
    pub seat: u8,
    /// The player's name.
    pub name: String,
    /// Before.
    pub before: i32,
    /// After.
    pub after: i32,
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

/// Whether `text` is a match server's address a device may dial: `ws://` or `wss://`, a host
/// of ASCII letters, digits, dots, dashes (or an IPv6 address's brackets and colons), then
/// any path of printable ASCII without spaces.
pub fn is_server_url(text: &str) -> bool {
    let Some(rest) = text.strip_prefix("wss://").or_else(|| text.strip_prefix("ws://")) else {
        return false;
    };
    let (host, path) = rest.split_at(rest.find('/').unwrap_or(rest.len()));
    let host_char = |c: char| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '[' | ']' | ':');
    !host.is_empty()
        && host.len() <= MAX_URL_HOST
        && host.chars().all(host_char)
        && path.chars().all(|c| c.is_ascii_graphic())
}

/// A lobby message as the text of a frame.
pub fn write<T: Serialize>(message: &T) -> String {
    // Strings, integers and lists: serialising cannot fail.
    serde_json::to_string(message).unwrap_or_default()
}

/// A room code as a player typed it (any case, spaces or dashes between), or why it cannot be
/// one.
pub fn normal_code(typed: &str) -> Result<String, NetError> {
    let code: String = typed
        .chars()
        .filter(|c| !matches!(c, ' ' | '-'))
        .take(CODE_LENGTH + 1)
        .collect::<String>()
        .to_uppercase();
    let fits = code.len() == CODE_LENGTH && code.bytes().all(|b| CODE_ALPHABET.contains(&b));
    if !fits {
        return Err(NetError::OutOfRange {
            what: "room code",
            value: code.chars().count() as f32,
            allowed: "6 letters and digits, as the friend who made the room was given",
        });
    }
    Ok(code)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_request_reads_back_as_sent() {
        let quick = ToServer::Quick { mode: "singles".into(), rules: "classic".into() };
        assert_eq!(read(&write(&quick)).unwrap(), quick);
    }

    #[test]
    fn unknown_kinds_fields_and_oversize_are_refused() {
        assert!(read(r#"{"type":"become_admin"}"#).is_err());
        assert!(read(r#"{"type":"join","code":"ABCDEF","seat":0}"#).is_err());
        let long = format!(r#"{{"type":"join","code":"{}"}}"#, "A".repeat(MAX_LOBBY_BYTES));
        assert!(matches!(read(&long), Err(NetError::TooLarge { .. })));
    }

    #[test]
    fn a_match_over_names_its_ending_in_words_the_game_reads() {
        for ending in [Ending::Won, Ending::Drawn, Ending::Abandoned] {
            let over = serde_json::to_string(&ToClient::Over { changes: vec![], ending }).unwrap();
            assert!(over.contains(&format!(r#""ending":"{}""#, ending.as_str())), "{over}");
        }
    }

    #[test]
    fn a_device_reads_what_a_server_tells_and_nothing_beyond_it() {
        let room = ToClient::Room { code: "ABCD2F".into(), expires_in: 600, taken: 1, seats: 2 };
        assert_eq!(read_told(&write(&room)).unwrap(), room);
        assert!(read_told(r#"{"type":"queued","seconds":3,"window":50,"extra":1}"#).is_err());
        assert!(read_told(r#"{"type":"hello","lobby":1,"name":"a","token":"b"}"#).is_err());
        let long = format!(r#"{{"type":"refused","reason":"{}"}}"#, "x".repeat(MAX_TOLD_BYTES));
        assert!(matches!(read_told(&long), Err(NetError::TooLarge { .. })));
    }

    #[test]
    fn a_device_is_sent_on_only_to_come_back_join_or_watch() {
        assert!(ToServer::Resume.may_be_sent_on());
        assert!(ToServer::Join { code: "ABCD2F".into() }.may_be_sent_on());
        assert!(ToServer::Watch { code: "ABCD2F".into() }.may_be_sent_on());
        assert!(!ToServer::Join { code: "abcd2f".into() }.may_be_sent_on(), "only as the server spells it");
        assert!(!ToServer::Watch { code: "../../x".into() }.may_be_sent_on());
        let hello = ToServer::Hello { lobby: LOBBY, name: "a".into(), token: "t".into() };
        assert!(!hello.may_be_sent_on(), "a hello would carry the token away");
        assert!(!ToServer::Cancel.may_be_sent_on());
    }

    #[test]
    fn a_server_address_is_ws_or_wss_with_a_plain_host() {
        for good in ["ws://127.0.0.1:8080/ws", "wss://carrom.example.org/ws", "ws://[::1]:80/ws", "ws://h"] {
            assert!(is_server_url(good), "{good}");
        }
        for bad in
            ["http://a/ws", "ws://", "ws:///ws", "ws://a b/ws", "ws://a/w s", "ws://é/ws", "wss://a\\n"]
        {
            assert!(!is_server_url(bad), "{bad}");
        }
        assert!(!is_server_url(&format!("ws://{}", "a".repeat(MAX_URL_HOST + 1))));
    }

    #[test]
    fn a_typed_code_is_read_in_any_case_with_spaces_and_dashes() {
        assert_eq!(normal_code("abc-d2f").unwrap(), "ABCD2F");
        assert_eq!(normal_code(" ab cd 2f ").unwrap(), "ABCD2F");
        assert!(normal_code("ABCD0F").is_err(), "0 is not in the alphabet");
        assert!(normal_code("ABCDE").is_err());
        assert!(normal_code("ABCDEFG").is_err());
    }
}
