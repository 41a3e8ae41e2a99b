//! The people of the lobby: a player as others see them (a name and a friend tag), a friend's
//! presence, a player's devices, the quick-chat phrases and the reasons a report may give. Only
//! fixed phrases travel in a match: there is no free text to moderate.

use crate::error::NetError;
use serde::{Deserialize, Serialize};

/// A player as another sees them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Person {
    /// The public id: what a request names them by.
    pub player: String,
    /// The name they gave last.
    pub name: String,
    /// Their friend tag, `Name#1234`: what one player tells another to be found.
    pub tag: String,
}

/// What a friend is doing now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Presence {
    /// Connected, in the menus.
    Online,
    /// Connected, with the game in the background.
    Away,
    /// In a match (its code lets a friend watch).
    Playing,
    /// Not connected.
    Offline,
}

/// A friend, with their presence.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Friend {
    /// Who.
    pub who: Person,
    /// What they are doing.
    pub presence: Presence,
    /// When they were last connected, seconds since 1970 (0: never since friends began).
    pub seen: i64,
    /// The code of the match they play, to watch it.
    pub code: Option<String>,
}

/// One of a player's devices.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Device {
    /// Its public id (never its token): what `unlink` names.
    pub id: String,
    /// When it was linked, seconds since 1970.
    pub linked: i64,
    /// When it last said hello.
    pub seen: i64,
    /// Whether it is the device asking.
    pub this: bool,
}

/// The phrases of quick chat, by the key each is sent as (each game shows it in its language).
pub const PHRASES: [&str; 10] =
    ["good_shot", "well_played", "oops", "your_turn", "thanks", "hello", "good_luck", "smile", "wow", "sad"];

/// The reasons a player may report another for.
pub const REPORT_REASONS: [&str; 4] = ["cheating", "quitting", "offensive_name", "other"];

/// The shortest and longest friend tag number.
pub const TAG_NUMBERS: std::ops::RangeInclusive<u32> = 1000..=9999;

/// Checks that `phrase` is one of the fixed phrases.
pub fn check_phrase(phrase: &str) -> Result<(), NetError> {
    one_of("chat phrase", phrase, &PHRASES)
}

/// Checks that `reason` is one a report may give.
pub fn check_reason(reason: &str) -> Result<(), NetError> {
    one_of("report reason", reason, &REPORT_REASONS)
}

fn one_of(what: &'static str, value: &str, allowed: &[&str]) -> Result<(), NetError> {
    if allowed.contains(&value) {
        return Ok(());
    }
    let shown: String = value.chars().take(24).collect();
    Err(NetError::Malformed(format!("{what} {shown:?}: allowed are {}", allowed.join(", "))))
}

/// A friend tag, `Name#1234`, as a player typed it: the name (spaces around it dropped) and
/// the number, or what a tag looks like.
pub fn read_tag(typed: &str) -> Result<(String, u32), NetError> {
    let wrong = || {
        let shown: String = typed.chars().take(40).collect();
        NetError::Malformed(format!(
            "friend tag {shown:?}: a name, '#' and a number of four digits, as Asha#1234"
        ))
    };
    // No name holds a '#' (`players::check_name`): a tag splits one way only.
    let (name, number) = typed.trim().rsplit_once('#').ok_or_else(wrong)?;
    let number: u32 = number.trim().parse().map_err(|_| wrong())?;
    let name = name.trim();
    if name.is_empty() || !TAG_NUMBERS.contains(&number) {
        return Err(wrong());
    }
    crate::players::check_name(name)?;
    Ok((name.to_string(), number))
}

/// The friend tag of `name` and `number`.
pub fn tag_of(name: &str, number: u32) -> String {
    format!("{name}#{number}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_friend_tag_is_read_as_typed_and_written_back_alike() {
        assert_eq!(read_tag(" Asha # 1234 ").unwrap(), ("Asha".to_string(), 1234));
        assert!(read_tag("A#b#4321").is_err(), "no name holds a #: a tag reads one way only");
        assert_eq!(tag_of("Asha", 1234), "Asha#1234");
        for bad in ["Asha", "Asha#", "#1234", "Asha#12", "Asha#99999", "Asha#12a4", "Asha#-123"] {
            assert!(read_tag(bad).is_err(), "{bad}");
        }
        assert!(read_tag("Asha#1234").is_ok());
    }

    #[test]
    fn only_the_fixed_phrases_and_reasons_are_taken() {
        assert!(check_phrase("good_shot").is_ok());
        assert!(check_phrase("you are bad").unwrap_err().to_string().contains("good_shot"));
        assert!(check_reason("cheating").is_ok());
        assert!(check_reason("x").is_err());
    }
}
