//! The lobby: the few messages a player's device and a match server exchange before a match
//! (and between matches) — who this is, quick match, a friend's room by its code, watching,
//! coming back to one's seat, a rematch. They travel as WebSocket *text* frames; the match's own
//! messages (`ToHost`, `ToPeer`) travel unchanged as *binary* frames once the server has said
//! `matched`, so a device plays a server's match exactly as it plays a friend's.

use crate::error::NetError;
use serde::{Deserialize, Serialize};

/// The lobby's version: a device and a server that differ are told at hello.
pub const LOBBY: u32 = 1;
/// The most bytes of one lobby message from a device.
pub const MAX_LOBBY_BYTES: usize = 1024;
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
    if text.len() > MAX_LOBBY_BYTES {
        return Err(NetError::TooLarge { bytes: text.len(), limit: MAX_LOBBY_BYTES });
    }
    serde_json::from_str(text).map_err(|e| NetError::Malformed(e.to_string()))
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
    fn a_typed_code_is_read_in_any_case_with_spaces_and_dashes() {
        assert_eq!(normal_code("abc-d2f").unwrap(), "ABCD2F");
        assert_eq!(normal_code(" ab cd 2f ").unwrap(), "ABCD2F");
        assert!(normal_code("ABCD0F").is_err(), "0 is not in the alphabet");
        assert!(normal_code("ABCDE").is_err());
        assert!(normal_code("ABCDEFG").is_err());
    }
}
