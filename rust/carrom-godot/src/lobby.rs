//! `CarromLobby`: the match server's lobby (carrom-net's `lobby`) for the game's link to it.
//! Every request is written here and every answer read here, over the same Rust types the
//! server speaks, so a script keeps only its socket: it never spells a message, a field or the
//! rule of a room code (modes and rulesets are named by `CarromRules.get_mode_names()` and
//! `CarromRuleset.get_preset_names()`, as the server names them).

use crate::fields::Field;
use crate::heard::{heard_fields, kind};
use crate::variant::dictionary;
use carrom_net::lobby::{self, ToServer, LOBBY};
use godot::prelude::*;

/// The lobby's messages: each request function returns the text frame to send; `read` turns a
/// text frame from the server into a dictionary with its `kind` (`HEARD_*`) and values.
#[derive(GodotClass)]
#[class(no_init, base=RefCounted)]
pub struct CarromLobby {}

fn frame(request: &ToServer) -> GString {
    GString::from(lobby::write(request).as_str())
}

#[godot_api]
impl CarromLobby {
    /// Not a message this game reads (`error` says why).
    #[constant]
    const HEARD_UNREADABLE: i64 = kind::UNREADABLE;
    /// Hello answered: `player` (public id), `ratings` (dictionaries of ladder, rating, games),
    /// `playing` (a match of theirs runs: `resume` takes the seat back).
    #[constant]
    const HEARD_WELCOME: i64 = kind::WELCOME;
    /// Waiting for a quick match: `seconds` so far, opponents within `window` of the rating.
    #[constant]
    const HEARD_QUEUED: i64 = kind::QUEUED;
    /// A friends' room: `code`, `expires_in` seconds, `taken` of `seats`.
    #[constant]
    const HEARD_ROOM: i64 = kind::ROOM;
    /// A match for this device: `id`, `code`, `watching`. Its binary frames are the match's
    /// protocol from now on.
    #[constant]
    const HEARD_MATCHED: i64 = kind::MATCHED;
    /// The match is over and recorded: `ending` ("won", "drawn", "abandoned") and `changes`
    /// (dictionaries of seat, name, before, after).
    #[constant]
    const HEARD_OVER: i64 = kind::OVER;
    /// The last request was refused: `reason`.
    #[constant]
    const HEARD_REFUSED: i64 = kind::REFUSED;
    /// The server is going away: connect again in a moment (`reason`).
    #[constant]
    const HEARD_CLOSING: i64 = kind::CLOSING;
    /// A ping answered.
    #[constant]
    const HEARD_PONG: i64 = kind::PONG;
    /// Not now, soon (a match moving between servers): `reason`.
    #[constant]
    const HEARD_LATER: i64 = kind::LATER;
    /// Another server holds what was asked: dial `url`, and once welcomed there send `then`
    /// (`resumes`: it is coming back to one's seat).
    #[constant]
    const HEARD_ELSEWHERE: i64 = kind::ELSEWHERE;

    /// The first frame on a new link: this player's name and this device's token.
    #[func]
    fn hello(name: GString, token: GString) -> GString {
        frame(&ToServer::Hello { lobby: LOBBY, name: name.to_string(), token: token.to_string() })
    }

    /// A quick match of `mode` (one of `get_modes()`) under `rules` (one of `get_rulesets()`).
    #[func]
    fn quick(mode: GString, rules: GString) -> GString {
        frame(&ToServer::Quick { mode: mode.to_string(), rules: rules.to_string() })
    }

    /// A room for friends; its code comes back as `HEARD_ROOM`.
    #[func]
    fn create(mode: GString, rules: GString) -> GString {
        frame(&ToServer::Create { mode: mode.to_string(), rules: rules.to_string() })
    }

    /// A seat in the room of `code` (as `normal_code` gives it).
    #[func]
    fn join(code: GString) -> GString {
        frame(&ToServer::Join { code: code.to_string() })
    }

    /// Watching the match of the room of `code`.
    #[func]
    fn watch(code: GString) -> GString {
        frame(&ToServer::Watch { code: code.to_string() })
    }

    /// Back to the seat this player holds in a running match.
    #[func]
    fn resume() -> GString {
        frame(&ToServer::Resume)
    }

    /// Out of the queue, or the room not yet started.
    #[func]
    fn cancel() -> GString {
        frame(&ToServer::Cancel)
    }

    /// The same players again, once the match is over.
    #[func]
    fn rematch() -> GString {
        frame(&ToServer::Rematch)
    }

    /// Are you there? (A link that hears nothing for a while is dead.)
    #[func]
    fn ping() -> GString {
        frame(&ToServer::Ping)
    }

    /// The server's text frame `text`, read: a dictionary with `kind` (`HEARD_*`) and the
    /// values that kind lists. Anything else is `HEARD_UNREADABLE`, never an error in the log.
    #[func]
    fn read(text: GString) -> VarDictionary {
        dictionary(heard_fields(&text.to_string()))
    }

    /// A room code as a player typed it (any case, spaces and dashes between), as the server
    /// reads it; empty when it cannot be one.
    #[func]
    fn normal_code(typed: GString) -> GString {
        lobby::normal_code(&typed.to_string()).map(|c| GString::from(c.as_str())).unwrap_or_default()
    }

    /// Whether `text` is an address of a match server this game can dial (`ws://` or `wss://`).
    #[func]
    fn is_server_url(text: GString) -> bool {
        lobby::is_server_url(&text.to_string())
    }

    /// The code friends on the local network type to join a host at `address` (IPv4) and
    /// `port`, as `XXXXX-XXXXX`; "" when the address is not IPv4 or the port is 0.
    #[func]
    fn host_code(address: GString, port: i64) -> GString {
        let address = address.to_string().parse::<std::net::Ipv4Addr>().ok();
        let port = u16::try_from(port).ok();
        let code = address.zip(port).and_then(|(a, p)| carrom_net::host_code::host_code(a, p));
        GString::from(code.unwrap_or_default().as_str())
    }

    /// The host a typed code stands for, as {"address": "a.b.c.d", "port": n}; empty when
    /// `typed` is not a code (any case, spaces and dashes anywhere; I and L read as 1, O as 0).
    #[func]
    fn read_host_code(typed: GString) -> VarDictionary {
        let found = carrom_net::host_code::read_host_code(&typed.to_string());
        dictionary(found.map_or_else(Vec::new, |(address, port)| {
            vec![("address", Field::Text(address.to_string())), ("port", Field::Int(i64::from(port)))]
        }))
    }
}
