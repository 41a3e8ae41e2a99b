//! What a match server told a device in its lobby (carrom-net's `ToClient`), as the fields of
//! the dictionary `CarromLobby.read` hands the game: a kind number and the message's values,
//! each already checked, so that no script spells the wire or trusts the server's text.

use crate::fields::{Field, Fields};
use carrom_net::lobby::{self, ToClient};

/// The kinds `CarromLobby.read` answers with (its `HEARD_*` constants).
pub mod kind {
    /// Not a message this game reads: the dictionary's `error` says why.
    pub const UNREADABLE: i64 = -1;
    /// Hello answered: `player`, `ratings`, `playing`.
    pub const WELCOME: i64 = 0;
    /// Waiting for a quick match: `seconds`, `window`.
    pub const QUEUED: i64 = 1;
    /// A friends' room: `code`, `expires_in`, `taken`, `seats`.
    pub const ROOM: i64 = 2;
    /// A match for this device: `id`, `code`, `watching`.
    pub const MATCHED: i64 = 3;
    /// The match is recorded: `ending`, `changes`.
    pub const OVER: i64 = 4;
    /// The last request was refused: `reason`.
    pub const REFUSED: i64 = 5;
    /// The server is going away: `reason`.
    pub const CLOSING: i64 = 6;
    /// A ping answered.
    pub const PONG: i64 = 7;
    /// Not now, soon: `reason`.
    pub const LATER: i64 = 8;
    /// Go to another server: `url`, and `then`, the frame to send there once welcomed;
    /// `resumes` when that is coming back to one's seat.
    pub const ELSEWHERE: i64 = 9;
}

/// The fields of the lobby message in `text`, with its `kind` first.
pub fn heard_fields(text: &str) -> Fields {
    let told = match lobby::read_told(text) {
        Ok(told) => told,
        Err(error) => {
            return vec![("kind", Field::Int(kind::UNREADABLE)), ("error", Field::Text(error.to_string()))]
        }
    };
    let int = |n: u32| Field::Int(i64::from(n));
    match told {
        ToClient::Welcome { player, ratings, playing, name, tag } => vec![
            ("kind", Field::Int(kind::WELCOME)),
            ("player", Field::Text(player)),
            ("ratings", Field::List(ratings.into_iter().map(rating_fields).collect())),
            ("playing", Field::Bool(playing)),
            ("name", Field::Text(name)),
            ("tag", Field::Text(tag)),
        ],
        ToClient::Queued { seconds, window } => {
            vec![("kind", Field::Int(kind::QUEUED)), ("seconds", int(seconds)), ("window", int(window))]
        }
        ToClient::Room { code, expires_in, taken, seats } => vec![
            ("kind", Field::Int(kind::ROOM)),
            ("code", Field::Text(code)),
            ("expires_in", int(expires_in)),
            ("taken", int(u32::from(taken))),
            ("seats", int(u32::from(seats))),
        ],
        ToClient::Matched { id, code, watching } => vec![
            ("kind", Field::Int(kind::MATCHED)),
            ("id", Field::Text(id)),
            ("code", Field::Text(code)),
            ("watching", Field::Bool(watching)),
        ],
        ToClient::Over { changes, ending } => vec![
            ("kind", Field::Int(kind::OVER)),
            ("ending", Field::Text(ending.as_str().into())),
            ("changes", Field::List(changes.into_iter().map(change_fields).collect())),
        ],
        ToClient::Refused { reason } => reason_fields(kind::REFUSED, reason),
        ToClient::Closing { reason } => reason_fields(kind::CLOSING, reason),
        ToClient::Later { reason } => reason_fields(kind::LATER, reason),
        ToClient::Pong => vec![("kind", Field::Int(kind::PONG))],
        ToClient::Elsewhere { url, then } => elsewhere_fields(url, then),
        people => crate::heard_people::people_fields(people).unwrap_or_else(|| {
            vec![
                ("kind", Field::Int(kind::UNREADABLE)),
                ("error", Field::Text("not a message this game reads".into())),
            ]
        }),
    }
}

fn reason_fields(kind: i64, reason: String) -> Fields {
    vec![("kind", Field::Int(kind)), ("reason", Field::Text(reason))]
}

/// A move to another server is followed only to a plain address and for a request this game
/// makes itself (`ToServer::may_be_sent_on`); anything else is a refusal the player reads.
fn elsewhere_fields(url: String, then: lobby::ToServer) -> Fields {
    if !lobby::is_server_url(&url) || !then.may_be_sent_on() {
        let shown: String = url.chars().take(60).collect();
        let reason = format!("the server sent this game to {shown}, which it cannot follow");
        return reason_fields(kind::REFUSED, reason);
    }
    vec![
        ("kind", Field::Int(kind::ELSEWHERE)),
        ("url", Field::Text(url)),
        ("resumes", Field::Bool(then == lobby::ToServer::Resume)),
        ("then", Field::Text(lobby::write(&then))),
    ]
}

fn rating_fields(rating: lobby::Rating) -> Fields {
    vec![
        ("ladder", Field::Text(rating.ladder)),
        ("rating", Field::Int(i64::from(rating.rating))),
        ("games", Field::Int(i64::from(rating.games))),
    ]
}

fn change_fields(change: lobby::Change) -> Fields {
    vec![
        ("seat", Field::Int(i64::from(change.seat))),
        ("name", Field::Text(change.name)),
        ("before", Field::Int(i64::from(change.before))),
        ("after", Field::Int(i64::from(change.after))),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use carrom_net::lobby::{write, Change, Ending, ToServer};

    fn kind_of(fields: &Fields) -> i64 {
        match fields.first() {
            Some(("kind", Field::Int(k))) => *k,
            other => panic!("no kind first: {other:?}"),
        }
    }

    #[test]
    fn every_message_of_the_server_reads_as_its_kind_and_values() {
        let over = ToClient::Over {
            changes: vec![Change { seat: 2, name: "Asha".into(), before: 1500, after: 1516 }],
            ending: Ending::Won,
        };
        let fields = heard_fields(&write(&over));
        assert_eq!(kind_of(&fields), kind::OVER);
        assert_eq!(fields[1], ("ending", Field::Text("won".into())));
        let Field::List(changes) = &fields[2].1 else { panic!("{fields:?}") };
        assert!(changes[0].contains(&("after", Field::Int(1516))));
        let room = ToClient::Room { code: "ABCD2F".into(), expires_in: 60, taken: 1, seats: 4 };
        assert!(heard_fields(&write(&room)).contains(&("seats", Field::Int(4))));
    }

    #[test]
    fn a_move_is_followed_only_to_a_plain_address_for_a_request_this_game_makes() {
        let fine = ToClient::Elsewhere { url: "ws://10.0.0.2:8080/ws".into(), then: ToServer::Resume };
        let fields = heard_fields(&write(&fine));
        assert_eq!(kind_of(&fields), kind::ELSEWHERE);
        assert!(fields.contains(&("then", Field::Text(r#"{"type":"resume"}"#.into()))));
        let hello = ToServer::Hello { lobby: 1, name: "x".into(), token: "t".into() };
        let token_thief = ToClient::Elsewhere { url: "ws://evil/ws".into(), then: hello };
        assert_eq!(kind_of(&heard_fields(&write(&token_thief))), kind::REFUSED);
        let bad_url = ToClient::Elsewhere { url: "http://evil/ws".into(), then: ToServer::Resume };
        assert_eq!(kind_of(&heard_fields(&write(&bad_url))), kind::REFUSED);
    }

    #[test]
    fn what_this_game_does_not_read_is_said_not_guessed() {
        for junk in
            ["", "null", "[]", r#"{"type":"become_admin"}"#, r#"{"type":"queued","seconds":-1,"window":0}"#]
        {
            let fields = heard_fields(junk);
            assert_eq!(kind_of(&fields), kind::UNREADABLE, "{junk}");
            assert!(matches!(&fields[1], ("error", Field::Text(e)) if !e.is_empty()));
        }
    }
}
