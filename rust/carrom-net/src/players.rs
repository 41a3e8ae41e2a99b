//! Who sits where, as every device is told: names and seats for the lobby and the top bar,
//! and which players are away (the match waits for them) or stood in for by the computer.

use crate::error::NetError;
use crate::intent;
use serde::{Deserialize, Serialize};

/// The longest name a player may give.
pub const MAX_NAME: usize = 24;
/// The longest a match waits for a player who dropped, seconds.
pub const MAX_PAUSE_SECONDS: u32 = 3600;

/// Who plays a seat, as the others see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Who {
    /// The person at the host.
    Host,
    /// The computer, played by the host.
    Computer,
    /// A person on a connected device.
    Person,
    /// A person whose device dropped: the match waits for them.
    Away,
    /// The computer, standing in for a person who did not come back in time.
    StandIn,
    /// Nobody yet.
    Open,
}

/// One seat of the match.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Player {
    /// The seat (0–3).
    pub seat: u8,
    /// The name its person gave; empty for the computer and an open seat.
    pub name: String,
    /// Who plays it.
    pub who: Who,
}

/// What changed at a seat, for everyone to be told.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum News {
    /// A person took an open seat.
    Joined,
    /// A person who dropped is back.
    Back,
    /// A person dropped: the match waits for them.
    Away,
    /// The computer stands in for a person who did not come back in time.
    StoodIn,
}

/// The news between two tellings of who sits where, seat by seat. A first telling (a seat
/// not in `before`) is no news, nor is a seat handed to the computer or left open.
pub fn news(before: &[Player], after: &[Player]) -> Vec<(u8, News)> {
    let news = |now: &Player| {
        let was = before.iter().find(|p| p.seat == now.seat)?.who;
        match now.who {
            _ if was == now.who => None,
            Who::Away => Some(News::Away),
            Who::StandIn => Some(News::StoodIn),
            Who::Person if was == Who::Open => Some(News::Joined),
            Who::Person => Some(News::Back),
            Who::Host | Who::Computer | Who::Open => None,
        }
    };
    after.iter().filter_map(|now| Some((now.seat, news(now)?))).collect()
}

/// Checks a player's name: 1 to [`MAX_NAME`] characters, each a letter, mark or digit of any
/// script, a space, `-`, `_` or a joiner (see [`crate::name`]).
pub fn check_name(name: &str) -> Result<(), NetError> {
    crate::name::check(name, MAX_NAME)
}

/// Checks `text`: 1 to `max` characters, each one `allowed`.
pub fn check_identity(
    what: &'static str,
    text: &str,
    max: usize,
    allowed: impl Fn(char) -> bool,
) -> Result<(), NetError> {
    let len = text.chars().count();
    if len == 0 || len > max || !text.chars().all(allowed) {
        return Err(NetError::BadIdentity { what, max, len });
    }
    Ok(())
}

/// The longest device token, for a host and for the match server alike.
pub const MAX_TOKEN: usize = 64;

/// Checks a device token: 1 to [`MAX_TOKEN`] letters, digits, `-` or `_`.
pub fn check_token(token: &str) -> Result<(), NetError> {
    check_identity("token", token, MAX_TOKEN, |c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

/// Checks a list of players from the host: real seats, each once, names as a player may give
/// them (or none), a pause the host may ask for.
pub fn check_players(players: &[Player], pause_seconds: u32) -> Result<(), NetError> {
    let mut seen = [false; 4];
    for player in players {
        let seat = intent::seat(player.seat)?;
        if std::mem::replace(&mut seen[seat.index()], true) {
            return Err(NetError::OutOfRange {
                what: "players",
                value: f32::from(player.seat),
                allowed: "each seat once",
            });
        }
        if !player.name.is_empty() {
            check_name(&player.name)?;
        }
    }
    if pause_seconds > MAX_PAUSE_SECONDS {
        return Err(NetError::OutOfRange {
            what: "pause",
            value: pause_seconds as f32,
            allowed: "at most 3600 seconds",
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(seat: u8, who: Who) -> Player {
        Player { seat, name: format!("p{seat}"), who }
    }

    #[test]
    fn a_seat_taken_left_stood_in_for_and_returned_to_is_news_and_a_first_telling_is_not() {
        let before = [at(0, Who::Host), at(1, Who::Open), at(2, Who::Person), at(3, Who::Away)];
        let after = [at(0, Who::Host), at(1, Who::Person), at(2, Who::Away), at(3, Who::StandIn)];
        assert_eq!(news(&before, &after), vec![(1, News::Joined), (2, News::Away), (3, News::StoodIn)]);
        let later = [at(0, Who::Host), at(1, Who::Person), at(2, Who::Person), at(3, Who::Person)];
        assert_eq!(news(&after, &later), vec![(2, News::Back), (3, News::Back)]);
        assert!(news(&[], &later).is_empty(), "the first telling is no news");
        let handed = [at(0, Who::Computer), at(1, Who::Open), at(2, Who::Person), at(3, Who::Person)];
        assert!(news(&later, &handed).is_empty(), "a seat given to the computer or opened is no news");
    }
}
