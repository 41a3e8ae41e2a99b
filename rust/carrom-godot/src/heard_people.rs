//! What a match server told a device about people — codes, devices, friends, invitations,
//! quick chat — as the fields of `CarromLobby.read`'s dictionary.

use crate::fields::{Field, Fields};
use carrom_net::lobby::{Device, Friend, Person, Presence, ToClient};

/// The kinds of the messages about people, as `CarromLobby.read` answers them.
pub mod kind {
    /// A code for another device: `code`, `expires_in`.
    pub const LINK_CODE: i64 = 10;
    /// The player's new recovery code: `code`.
    pub const RECOVERY: i64 = 11;
    /// The player's devices: `list` (id, linked, seen, this).
    pub const DEVICES: i64 = 12;
    /// Friends (`friends`: player, name, tag, presence, seen, code) and people (`asking`,
    /// `asked`, `recent`, `blocked`: player, name, tag).
    pub const FRIENDS: i64 = 13;
    /// Someone asks to be friends: `player`, `name`, `tag`.
    pub const FRIEND_ASKED: i64 = 14;
    /// Friends now: `player`, `name`, `tag`.
    pub const BEFRIENDED: i64 = 15;
    /// A friend invites: `invite`, `player`, `name`, `tag`, `mode`, `rules`, `expires_in`.
    pub const INVITED: i64 = 16;
    /// An invitation answered: `player`, `name`, `tag`, `accept`.
    pub const REPLIED: i64 = 17;
    /// A report was recorded.
    pub const REPORTED: i64 = 18;
    /// Quick chat: `seat`, `phrase`.
    pub const CHAT: i64 = 19;
    /// A friend asks to be partners in the doubles queue: `id`, `player`, `name`, `tag`,
    /// `rules`, `expires_in`.
    pub const PARTNER_ASKED: i64 = 20;

    /// Whether `kind` is one of the messages about people.
    pub fn is_about_people(kind: i64) -> bool {
        (LINK_CODE..=PARTNER_ASKED).contains(&kind)
    }
}

/// A friend's presence, as `CarromLobby.PRESENCE_*` names it.
pub mod presence {
    /// Connected, in the menus.
    pub const ONLINE: i64 = 0;
    /// Connected, the game in the background.
    pub const AWAY: i64 = 1;
    /// In a match (`code` lets a friend watch).
    pub const PLAYING: i64 = 2;
    /// Not connected (`seen`: when last).
    pub const OFFLINE: i64 = 3;
}

/// The fields of a message about people; `None` for any other.
pub fn people_fields(told: ToClient) -> Option<Fields> {
    let int = |n: u32| Field::Int(i64::from(n));
    let people = |list: Vec<Person>| Field::List(list.into_iter().map(person_fields).collect());
    Some(match told {
        ToClient::LinkCode { code, expires_in } => {
            vec![
                ("kind", Field::Int(kind::LINK_CODE)),
                ("code", Field::Text(code)),
                ("expires_in", int(expires_in)),
            ]
        }
        ToClient::Recovery { code } => {
            vec![("kind", Field::Int(kind::RECOVERY)), ("code", Field::Text(code))]
        }
        ToClient::Devices { devices } => vec![
            ("kind", Field::Int(kind::DEVICES)),
            ("list", Field::List(devices.into_iter().map(device_fields).collect())),
        ],
        ToClient::Friends { friends, asking, asked, recent, blocked } => vec![
            ("kind", Field::Int(kind::FRIENDS)),
            ("list", Field::List(friends.into_iter().map(friend_fields).collect())),
            ("asking", people(asking)),
            ("asked", people(asked)),
            ("recent", people(recent)),
            ("blocked", people(blocked)),
        ],
        ToClient::FriendAsked { who } => with_kind(kind::FRIEND_ASKED, person_fields(who)),
        ToClient::Befriended { who } => with_kind(kind::BEFRIENDED, person_fields(who)),
        ToClient::Invited { invite, who, mode, rules, expires_in } => {
            let mut fields = with_kind(kind::INVITED, person_fields(who));
            fields.push(("id", Field::Text(invite)));
            fields.push(("mode", Field::Text(mode)));
            fields.push(("rules", Field::Text(rules)));
            fields.push(("expires_in", int(expires_in)));
            fields
        }
        ToClient::PartnerAsked { invite, who, rules, expires_in } => {
            let mut fields = with_kind(kind::PARTNER_ASKED, person_fields(who));
            fields.push(("id", Field::Text(invite)));
            fields.push(("rules", Field::Text(rules)));
            fields.push(("expires_in", int(expires_in)));
            fields
        }
        ToClient::Replied { who, accept } => {
            let mut fields = with_kind(kind::REPLIED, person_fields(who));
            fields.push(("accept", Field::Bool(accept)));
            fields
        }
        ToClient::Reported => vec![("kind", Field::Int(kind::REPORTED))],
        ToClient::Chat { seat, phrase } => {
            vec![
                ("kind", Field::Int(kind::CHAT)),
                ("seat", int(u32::from(seat))),
                ("phrase", Field::Text(phrase)),
            ]
        }
        _ => return None,
    })
}

fn with_kind(kind: i64, mut fields: Fields) -> Fields {
    fields.insert(0, ("kind", Field::Int(kind)));
    fields
}

fn person_fields(person: Person) -> Fields {
    vec![
        ("player", Field::Text(person.player)),
        ("name", Field::Text(person.name)),
        ("tag", Field::Text(person.tag)),
    ]
}

/// A friend's presence, as `CarromLobby.PRESENCE_*`.
fn presence_number(told: Presence) -> i64 {
    match told {
        Presence::Online => presence::ONLINE,
        Presence::Away => presence::AWAY,
        Presence::Playing => presence::PLAYING,
        Presence::Offline => presence::OFFLINE,
    }
}

fn friend_fields(friend: Friend) -> Fields {
    let mut fields = person_fields(friend.who);
    fields.push(("presence", Field::Int(presence_number(friend.presence))));
    fields.push(("seen", Field::Int(friend.seen)));
    fields.push(("code", Field::Text(friend.code.unwrap_or_default())));
    fields
}

fn device_fields(device: Device) -> Fields {
    vec![
        ("id", Field::Text(device.id)),
        ("linked", Field::Int(device.linked)),
        ("seen", Field::Int(device.seen)),
        ("this", Field::Bool(device.this)),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heard::heard_fields;
    use carrom_net::lobby::write;

    #[test]
    fn a_friends_list_reads_as_its_people_and_their_presence() {
        let asha = Person { player: "p1".into(), name: "Asha".into(), tag: "Asha#1234".into() };
        let list = ToClient::Friends {
            friends: vec![Friend {
                who: asha.clone(),
                presence: Presence::Playing,
                seen: 7,
                code: Some("ABCD2F".into()),
            }],
            asking: vec![asha.clone()],
            asked: vec![],
            recent: vec![],
            blocked: vec![],
        };
        let fields = heard_fields(&write(&list));
        assert_eq!(fields[0], ("kind", Field::Int(kind::FRIENDS)));
        let Field::List(friends) = &fields[1].1 else { panic!("{fields:?}") };
        assert!(friends[0].contains(&("presence", Field::Int(presence::PLAYING))));
        assert!(friends[0].contains(&("code", Field::Text("ABCD2F".into()))));
        let chat = heard_fields(&write(&ToClient::Chat { seat: 2, phrase: "good_shot".into() }));
        assert_eq!(
            chat,
            vec![
                ("kind", Field::Int(kind::CHAT)),
                ("seat", Field::Int(2)),
                ("phrase", Field::Text("good_shot".into()))
            ]
        );
        let invited = ToClient::Invited {
            invite: "i1".into(),
            who: asha,
            mode: "singles".into(),
            rules: "classic".into(),
            expires_in: 60,
        };
        let fields = heard_fields(&write(&invited));
        assert_eq!(fields[0], ("kind", Field::Int(kind::INVITED)));
        assert!(fields.contains(&("tag", Field::Text("Asha#1234".into()))));
        assert!(fields.contains(&("id", Field::Text("i1".into()))));
        assert!(kind::is_about_people(kind::CHAT) && !kind::is_about_people(crate::heard::kind::ROOM));
    }
}
