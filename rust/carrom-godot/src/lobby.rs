//! `CarromLobby`: the match server's lobby (carrom-net's `lobby`) for the game's link to it.
//! Every request is written here and every answer read here, over the same Rust types the
//! server speaks, so a script keeps only its socket: it never spells a message, a field or the
//! rule of a room code (modes and rulesets are named by `CarromRules.get_mode_names()` and
//! `CarromRuleset.get_preset_names()`, as the server names them).

use crate::fields::Field;
use crate::heard::{heard_fields, kind};
use crate::heard_people::kind as people;
use crate::heard_people::presence;
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
    /// A code another device of this player can claim: `code`, `expires_in` seconds.
    #[constant]
    const HEARD_LINK_CODE: i64 = people::LINK_CODE;
    /// The player's recovery code, shown once: `code`.
    #[constant]
    const HEARD_RECOVERY: i64 = people::RECOVERY;
    /// The player's devices: `list` (dictionaries of id, linked, seen, this).
    #[constant]
    const HEARD_DEVICES: i64 = people::DEVICES;
    /// Friends: `list` (player, name, tag, presence — a `PRESENCE_*` —, seen, code to watch),
    /// and `asking`, `asked`, `recent`, `blocked` (player, name, tag).
    #[constant]
    const HEARD_FRIENDS: i64 = people::FRIENDS;
    /// Someone asks to be friends: `player`, `name`, `tag`.
    #[constant]
    const HEARD_FRIEND_ASKED: i64 = people::FRIEND_ASKED;
    /// Friends now: `player`, `name`, `tag`.
    #[constant]
    const HEARD_BEFRIENDED: i64 = people::BEFRIENDED;
    /// A friend invites: `id`, `player`, `name`, `tag`, `mode`, `rules`, `expires_in`.
    #[constant]
    const HEARD_INVITED: i64 = people::INVITED;
    /// An invitation answered: `player`, `name`, `tag`, `accept`.
    #[constant]
    const HEARD_REPLIED: i64 = people::REPLIED;
    /// A report was recorded.
    #[constant]
    const HEARD_REPORTED: i64 = people::REPORTED;
    /// Quick chat at this match: `seat`, `phrase` (one of `get_phrases()`).
    #[constant]
    const HEARD_CHAT: i64 = people::CHAT;
    /// A friend asks to be partners in the doubles queue: `id`, `player`, `name`, `tag`,
    /// `rules`, `expires_in` (`reply` answers it).
    #[constant]
    const HEARD_PARTNER_ASKED: i64 = people::PARTNER_ASKED;

    /// A friend connected, in the menus.
    #[constant]
    const PRESENCE_ONLINE: i64 = presence::ONLINE;
    /// A friend connected, the game in the background.
    #[constant]
    const PRESENCE_AWAY: i64 = presence::AWAY;
    /// A friend in a match (its `code` lets one watch).
    #[constant]
    const PRESENCE_PLAYING: i64 = presence::PLAYING;
    /// A friend not connected.
    #[constant]
    const PRESENCE_OFFLINE: i64 = presence::OFFLINE;

    /// Whether `kind` (a `HEARD_*`) is a message about people: codes, devices, friends,
    /// invitations, quick chat.
    #[func]
    fn is_about_people(kind: i64) -> bool {
        people::is_about_people(kind)
    }

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

    /// Instead of a hello: this device becomes the player of `code` (a link code from another
    /// of their devices, or their recovery code).
    #[func]
    fn claim(token: GString, code: GString) -> GString {
        frame(&ToServer::Claim { lobby: LOBBY, token: token.to_string(), code: code.to_string() })
    }

    /// A code for another device to become this player (`HEARD_LINK_CODE`).
    #[func]
    fn link_code() -> GString {
        frame(&ToServer::LinkCode)
    }

    /// A new recovery code (`HEARD_RECOVERY`); the last one stops working.
    #[func]
    fn recovery() -> GString {
        frame(&ToServer::Recovery)
    }

    /// This player's devices (`HEARD_DEVICES`).
    #[func]
    fn devices() -> GString {
        frame(&ToServer::Devices)
    }

    /// The device `device` (its id) no longer signs in as this player.
    #[func]
    fn unlink(device: GString) -> GString {
        frame(&ToServer::Unlink { device: device.to_string() })
    }

    /// Friends, requests, recent opponents and blocked players (`HEARD_FRIENDS`).
    #[func]
    fn friends() -> GString {
        frame(&ToServer::Friends)
    }

    /// Ask the player of friend tag `tag` (`Name#1234`) to be friends.
    #[func]
    fn befriend(tag: GString) -> GString {
        frame(&ToServer::Befriend { tag: tag.to_string() })
    }

    /// Accept or decline `player`'s friend request.
    #[func]
    fn answer(player: GString, accept: bool) -> GString {
        frame(&ToServer::Answer { player: player.to_string(), accept })
    }

    /// No longer friends with `player`.
    #[func]
    fn unfriend(player: GString) -> GString {
        frame(&ToServer::Unfriend { player: player.to_string() })
    }

    /// A room of `mode` under `rules`, and `player`, a friend online, invited to it.
    #[func]
    fn invite(player: GString, mode: GString, rules: GString) -> GString {
        frame(&ToServer::Invite {
            player: player.to_string(),
            mode: mode.to_string(),
            rules: rules.to_string(),
        })
    }

    /// Queue for doubles under `rules` with `player`, a friend online, as partner.
    #[func]
    fn partner(player: GString, rules: GString) -> GString {
        frame(&ToServer::Partner { player: player.to_string(), rules: rules.to_string() })
    }

    /// Accept (joining the room) or decline the invitation `invite`.
    #[func]
    fn reply(invite: GString, accept: bool) -> GString {
        frame(&ToServer::Reply { invite: invite.to_string(), accept })
    }

    /// No invitations, requests, chat or quick matches with `player`.
    #[func]
    fn block(player: GString) -> GString {
        frame(&ToServer::Block { player: player.to_string() })
    }

    /// Lift the block of `player`.
    #[func]
    fn unblock(player: GString) -> GString {
        frame(&ToServer::Unblock { player: player.to_string() })
    }

    /// Report the player who held `seat` in match `match_id` for `reason` (one of
    /// `get_report_reasons()`).
    #[func]
    fn report(seat: u8, match_id: GString, reason: GString) -> GString {
        let (match_id, reason) = (match_id.to_string(), reason.to_string());
        frame(&ToServer::Report { seat, match_id, reason })
    }

    /// A quick-chat phrase (one of `get_phrases()`) to the others at this match.
    #[func]
    fn chat(phrase: GString) -> GString {
        frame(&ToServer::Chat { phrase: phrase.to_string() })
    }

    /// The game went to the background (`away`) or came back: friends see it.
    #[func]
    fn away(away: bool) -> GString {
        frame(&ToServer::Away { away })
    }

    /// The quick-chat phrases, by the keys they travel as (each game words them itself).
    #[func]
    fn get_phrases() -> PackedStringArray {
        lobby::PHRASES.iter().map(|p| GString::from(*p)).collect()
    }

    /// The reasons a report may give.
    #[func]
    fn get_report_reasons() -> PackedStringArray {
        lobby::REPORT_REASONS.iter().map(|p| GString::from(*p)).collect()
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
