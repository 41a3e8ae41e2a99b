//! Why a message was refused, in words for the log: what was wrong and what is allowed.

use carrom_core::game::GameError;
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// A refused message. The match is unharmed by it: a refusal changes nothing.
#[derive(Debug, Error, PartialEq)]
pub enum NetError {
    /// More bytes than a message of its kind may have.
    #[error("a message of {bytes} bytes is more than the {limit} allowed")]
    TooLarge {
        /// Its size.
        bytes: usize,
        /// The most allowed.
        limit: usize,
    },
    /// Not a message of this protocol (bad JSON, an unknown kind or field, a missing field).
    #[error("not a carrom message: {0}")]
    Malformed(String),
    /// Another version of the protocol.
    #[error("protocol version {found}, this game speaks version {supported}")]
    Protocol {
        /// The version the message declares.
        found: u32,
        /// The one this build speaks.
        supported: u32,
    },
    /// Too many messages too fast.
    #[error("more than {per_second} messages a second: slow down")]
    RateLimited {
        /// The rate allowed.
        per_second: u32,
    },
    /// A peer that has not said hello (or is not connected) sent a game message.
    #[error("say hello before anything else")]
    NoHello,
    /// A connection that already said hello said it again.
    #[error(
        "this connection has said hello already: one hello a connection (connect again to change device)"
    )]
    HelloTwice,
    /// A name or token that is not allowed.
    #[error("{what} must be 1 to {max} characters of letters, digits, '-' or '_' (got {len})")]
    BadIdentity {
        /// `name` or `token`.
        what: &'static str,
        /// The most characters allowed.
        max: usize,
        /// How many it had.
        len: usize,
    },
    /// A name a player may not give (see `name::check`).
    #[error(
        "a name is 1 to {max} characters: letters, marks and digits of any script, spaces, '-' or '_', with a letter or digit, not starting with a mark; this one will not do: {what}"
    )]
    BadName {
        /// The most characters allowed.
        max: usize,
        /// How many it had.
        len: usize,
        /// What is wrong with it.
        what: String,
    },
    /// A seat number outside 0–3.
    #[error("seat {0} does not exist: seats are 0 to 3")]
    NoSuchSeat(u8),
    /// A seat this peer does not hold.
    #[error("seat {0} is not yours")]
    NotYourSeat(u8),
    /// A turn asked for by a seat that is not the one to act.
    #[error("it is not seat {seat}'s turn{}", to_play.map(|s| format!(" (seat {s} must act now)")).unwrap_or_default())]
    NotYourTurn {
        /// The seat that tried.
        seat: u8,
        /// The seat that must act now (strike, place or choose), if any.
        to_play: Option<u8>,
    },
    /// The match waits for players to take its open seats.
    #[error("the match starts when every seat is taken: {open} still open")]
    SeatsOpen {
        /// Seats still open.
        open: usize,
    },
    /// The match waits for a player who dropped.
    #[error("the match is paused for {seconds} s while a player who dropped comes back")]
    Paused {
        /// Seconds it still waits.
        seconds: u32,
    },
    /// The match is over: nobody strikes.
    #[error("the match is over")]
    MatchOver,
    /// A turn still rolls on the host's board: nothing is taken until it rests.
    #[error("the last shot is still rolling on the host: strike once it has come to rest")]
    Rolling,
    /// A field that must be a finite number.
    #[error("{0} must be a finite number")]
    NotANumber(&'static str),
    /// A number outside what is allowed.
    #[error("{what} is {value}, allowed: {allowed}")]
    OutOfRange {
        /// The field.
        what: &'static str,
        /// Its value.
        value: f32,
        /// What is allowed, in words.
        allowed: &'static str,
    },
    /// The table or the rules refused the strike (an illegal spot, backwards …).
    #[error("the strike was refused: {0}")]
    Refused(GameError),
    /// A shot out of order, on a peer.
    #[error("shot {got} came when shot {expected} was due")]
    OutOfOrder {
        /// The number due.
        expected: u32,
        /// The number that came.
        got: u32,
    },
    /// A placement with more spots than a set has pieces.
    #[error("a placement of {spots} spots: at most {allowed}, one for each waiting piece")]
    TooManySpots {
        /// How many it had.
        spots: usize,
        /// The most allowed.
        allowed: usize,
    },
    /// A state that is not a valid saved match.
    #[error("the state sent is not a valid match: {0}")]
    BadState(GameError),
    /// A message that only the other side sends.
    #[error("{0} is not sent this way")]
    WrongWay(&'static str),
}

/// The kind of a refusal, as a player is told it in their own language (the words of the
/// error stay for the log and a developer).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Refusal {
    /// Another seat is to act.
    NotYourTurn,
    /// The seat is not this device's (or does not exist).
    NotYourSeat,
    /// The match waits for players: open seats, or one who dropped.
    Waiting,
    /// The last shot still rolled on the host.
    Rolling,
    /// The match is over.
    Over,
    /// The rules or the table refused it: a spot, a direction, a placement.
    Rules,
    /// Too many messages too fast.
    TooFast,
    /// Anything else: a message this game could not have meant to send.
    #[default]
    Other,
}

impl NetError {
    /// What kind of refusal this is, for the player.
    pub fn refusal(&self) -> Refusal {
        match self {
            NetError::NotYourTurn { .. } => Refusal::NotYourTurn,
            NetError::NotYourSeat(_) | NetError::NoSuchSeat(_) => Refusal::NotYourSeat,
            NetError::SeatsOpen { .. } | NetError::Paused { .. } => Refusal::Waiting,
            NetError::Rolling => Refusal::Rolling,
            NetError::MatchOver => Refusal::Over,
            NetError::Refused(_) | NetError::TooManySpots { .. } => Refusal::Rules,
            NetError::RateLimited { .. } => Refusal::TooFast,
            _ => Refusal::Other,
        }
    }
}
