//! Why the server refuses a lobby request: one typed reason each, its words the ones the device
//! is told (what was wrong and what is allowed). A database failure is told as one plain line,
//! its detail kept for the log.

use crate::store::{StoreError, MAX_ASKED, MAX_FRIENDS};
use carrom_core::rules::Ruleset;
use carrom_net::lobby::LOBBY;
use carrom_net::NetError;

/// The longest part of a request that a refusal repeats back.
const ECHOED: usize = 16;

/// A lobby request refused.
#[derive(Debug, thiserror::Error)]
pub enum LobbyError {
    /// A request before the hello.
    #[error("say hello first")]
    NoHello,
    /// A second hello on one connection.
    #[error("one hello a connection")]
    SecondHello,
    /// A device that speaks another lobby version.
    #[error("lobby version {0}: this server speaks version {LOBBY}; update the game")]
    OtherLobby(u32),
    /// A name, token or room code the protocol does not take.
    #[error(transparent)]
    Field(#[from] NetError),
    /// A token too short to be safe from guessing.
    #[error("token must be {min} to {max} characters (got {got})")]
    ShortToken {
        /// Characters given.
        got: usize,
        /// The fewest taken.
        min: usize,
        /// The most taken.
        max: usize,
    },
    /// A name that looks like a ranked player's.
    #[error("the name {0:?} looks like a ranked player's name: choose another (letters that look alike count as alike)")]
    NameTaken(String),
    /// No mode of that name.
    #[error("no mode {0:?}: singles, doubles or points")]
    NoMode(String),
    /// No ruleset of that name.
    #[error("no ruleset {0:?}: {presets}", presets = Ruleset::PRESETS.join(", "))]
    NoRuleset(String),
    /// The player holds a seat in a running match.
    #[error("you have a match running: resume it first")]
    Busy,
    /// The player has no running match to come back to.
    #[error("you have no match running")]
    NotPlaying,
    /// The player's match ended while they were away.
    #[error("your match has ended")]
    Ended,
    /// The player left a rated match before it began and is barred from the queue a while.
    #[error("you left a rated match before it had begun: quick match again in {0} s (a friend's room is open to you now)")]
    Barred(u64),
    /// The server is stopping.
    #[error("this server is restarting: try again in a moment")]
    Restarting,
    /// No room or match has that code.
    #[error("no room has the code {0}: codes expire, ask your friend for a new one")]
    NoRoom(String),
    /// A code with neither a match to watch nor a room.
    #[error("no match has the code {0}")]
    NothingToWatch(String),
    /// The room's match has not begun: nothing to watch yet.
    #[error("the match of room {0} has not begun yet")]
    NotBegun(String),
    /// The room's match has begun: its seats are taken.
    #[error("the match of room {0} has begun: watch it instead")]
    Begun(String),
    /// Every seat of the room is taken.
    #[error("room {0} is full")]
    Full(String),
    /// The node that held the room is gone.
    #[error("the server that held room {0} has gone: ask your friend for a new one")]
    RoomGone(String),
    /// A rematch asked with no match behind it.
    #[error("no match to play again")]
    NoMatch,
    /// A rematch asked when none is open.
    #[error("no rematch is open: the match is not over, or the time to ask has passed")]
    NoRematch,
    /// A rematch asked by someone who did not play.
    #[error("only the match's players can ask for a rematch")]
    NotAPlayer,
    /// The match could not be started or taken up.
    #[error(transparent)]
    Start(#[from] StartError),
    /// A kept match that cannot be played again (its record is damaged).
    #[error("your match cannot be taken up: {0}")]
    Unplayable(String),
    /// A request about people refused.
    #[error(transparent)]
    People(#[from] PeopleError),
    /// The database failed (logged where it happened).
    #[error("the server cannot reach its database: try again in a moment")]
    Database,
}

impl From<StoreError> for LobbyError {
    fn from(error: StoreError) -> LobbyError {
        tracing::error!(%error, "the database failed");
        LobbyError::Database
    }
}

/// Why a match could not be started.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    /// The mode, ruleset or table refused.
    #[error("{0}")]
    Game(String),
    /// The server runs as many matches as it may.
    #[error("this server is full ({0} matches): try again in a moment")]
    Full(usize),
    /// The server is stopping.
    #[error("this server is restarting: try again in a moment")]
    Draining,
    /// The match could not be recorded (the detail is in the log).
    #[error("the server cannot reach its database: try again in a moment")]
    Database,
}

/// At most [`ECHOED`] characters of what a device sent, to repeat back in a refusal.
pub fn echoed(given: &str) -> String {
    given.chars().take(ECHOED).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refusal_says_what_was_wrong_and_what_is_allowed() {
        let told = LobbyError::NoRuleset(echoed("chess-with-a-very-long-name")).to_string();
        assert_eq!(told, r#"no ruleset "chess-with-a-ver": classic, icf, freestyle, disc_pool"#);
        assert!(LobbyError::OtherLobby(LOBBY + 1).to_string().contains("update the game"));
    }
}

/// The most invitations a player has waiting for an answer at once.
pub const MAX_INVITES: i64 = 3;
/// The most reports a player files a day.
pub const REPORTS_A_DAY: i64 = 10;

/// A request about people refused.
#[derive(Debug, thiserror::Error)]
pub enum PeopleError {
    /// No live link code nor recovery code is the one given.
    #[error("no link or recovery code is {0:?}: a link code works once, for a few minutes; ask your other device for a new one")]
    NoCode(String),
    /// Too many codes tried from one address.
    #[error("more than {0} codes a minute from this address: wait a minute")]
    ClaimsTooFast(u32),
    /// No player has the friend tag.
    #[error("no player has the friend tag {0}")]
    NoTag(String),
    /// No player has the id.
    #[error("no such player")]
    NoPlayer,
    /// A request about oneself.
    #[error("that is you")]
    Yourself,
    /// One of the two blocked the other (who, is not said).
    #[error("this player cannot be asked")]
    Blocked,
    /// Too many friends or requests.
    #[error("at most {MAX_FRIENDS} friends and {MAX_ASKED} requests waiting: remove some first")]
    FriendsFull,
    /// Friends or asked already.
    #[error("already friends, or asked already")]
    Already,
    /// No request from that player.
    #[error("this player has not asked to be your friend")]
    NoRequest,
    /// An invitation to someone who is not a friend.
    #[error("only friends can be invited")]
    NotFriends,
    /// An invitation to a friend who is not connected.
    #[error("your friend is not online")]
    NotOnline,
    /// Too many invitations waiting.
    #[error("at most {MAX_INVITES} invitations wait for an answer at once: wait for one")]
    TooManyInvites,
    /// An invitation answered, expired or never sent.
    #[error("this invitation has expired or was answered")]
    NoInvite,
    /// A device id that is not one of the player's other devices.
    #[error("no other device of yours has that id (this device cannot unlink itself)")]
    NoDevice,
    /// Quick chat from a connection that plays no match.
    #[error("quick chat is for the players of a match")]
    NotInAMatch,
    /// A report of someone who did not play that match with the reporter.
    #[error("you can report only the players of a match you played")]
    NotThere,
    /// A report of a seat no one held in that match.
    #[error("no one sat in seat {0} of that match (seats are 0 to 3)")]
    NoSeat(u8),
    /// Too many reports.
    #[error("at most {REPORTS_A_DAY} reports a day")]
    TooManyReports,
}
