//! The messages, and their one way on and off the wire: JSON in an envelope that names the
//! protocol version, bounded in size before it is read, and read into typed messages that
//! refuse unknown kinds and fields.

use crate::bits::Exact;
use crate::error::NetError;
use crate::hash::StateHash;
use crate::intent::{self, Intent};
use crate::placed::{self, WireSpot};
use crate::players::Player;
use crate::request::{Choice, Placement, Request};
use carrom_core::game::save::MAX_SAVE_BYTES;
use carrom_core::game::Action;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

/// The protocol version this build speaks.
pub const PROTOCOL: u32 = 4;
/// The most bytes a peer may send the host: nothing a peer sends carries a state; the largest
/// message is a placement of a whole set (19 spots of about 50 bytes).
pub const MAX_TO_HOST_BYTES: usize = 2048;
/// The most bytes the host may send a peer: a whole saved match, escaped, and a little more.
pub const MAX_TO_PEER_BYTES: usize = 2 * MAX_SAVE_BYTES + 1024;

/// What a peer sends the host.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "snake_case")]
pub enum ToHost {
    /// The first message: who this is. The token is the device's own, kept between runs, so
    /// that a player who drops out takes their seats back on rejoining.
    Hello {
        /// Shown to the others.
        name: String,
        /// The device's token.
        token: String,
    },
    /// Where the player is aiming now (throttled by the sender), shown to the others.
    Aim {
        /// The seat aiming.
        seat: u8,
        /// Striker offset along the baseline, metres.
        offset: Exact,
        /// Aim direction, any length.
        direction: [Exact; 2],
    },
    /// A strike the player asks for.
    Strike(Intent),
    /// The player places the returned pieces waiting for their seat (RULES.md X3): each at its
    /// spot, or all nearest the centre when `spots` is empty.
    Place(Placement),
    /// The player who won the toss chooses who breaks (IC6).
    ChooseBreak(Choice),
    /// The hash of the peer's state after shot `shot`.
    Hash {
        /// How many shots the peer has played.
        shot: u32,
        /// Its state's hash.
        hash: StateHash,
    },
    /// The player stepped away (`away`: a phone sent the game to the background) or is back:
    /// while away the match waits for them as for a dropped player, its turn clock stopped,
    /// before the connection itself is lost.
    Away {
        /// Away now, or back.
        away: bool,
    },
}

/// What the host sends a peer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "snake_case")]
pub enum ToPeer {
    /// The answer to hello: the seats this peer holds and the match as it stands.
    Welcome {
        /// Seats held by the peer.
        seats: Vec<u8>,
        /// Shots played so far.
        shots: u32,
        /// The match's save document.
        state: String,
        /// Seconds a turn has before it passes; 0 for no timer.
        turn_seconds: u32,
    },
    /// Who sits where; sent to all whenever it changes.
    Players {
        /// Each seat of the match.
        players: Vec<Player>,
        /// Seconds the match still waits for a player who dropped; 0 when it is not waiting.
        pause_seconds: u32,
    },
    /// Someone is aiming.
    Aim {
        /// The seat aiming.
        seat: u8,
        /// Striker offset along the baseline, metres.
        offset: Exact,
        /// Aim direction.
        direction: [Exact; 2],
    },
    /// Shot `number` (1 for the first), to play now, as the host checked it.
    Shot {
        /// Its number.
        number: u32,
        /// The seat that strikes.
        seat: u8,
        /// Striker offset, metres.
        offset: Exact,
        /// Direction.
        direction: [Exact; 2],
        /// Speed, m/s.
        speed: Exact,
    },
    /// Turn `number` (counted with the shots) passed: `seat` let its time run out.
    Pass {
        /// Its number.
        number: u32,
        /// The seat that timed out.
        seat: u8,
    },
    /// Turn `number` (counted with the shots): `seat` placed the returned pieces at `spots` (all
    /// nearest the centre when empty).
    Placed {
        /// Its number.
        number: u32,
        /// The seat that placed.
        seat: u8,
        /// Where each went.
        spots: Vec<WireSpot>,
    },
    /// Turn `number` (counted with the shots): the toss's winner `seat` chose whether it breaks.
    BreakChosen {
        /// Its number.
        number: u32,
        /// The toss's winner.
        seat: u8,
        /// Whether it breaks.
        breaks: bool,
    },
    /// The host's state after `shots` shots: load it (after checking it) instead of yours.
    State {
        /// Shots played.
        shots: u32,
        /// The match's save document.
        state: String,
    },
    /// The last message was refused, and why.
    Refused {
        /// The reason, for the log.
        reason: String,
        /// Its kind, for the player.
        kind: crate::error::Refusal,
    },
}

impl From<&Request> for ToHost {
    /// The message a peer sends to ask for `request`.
    fn from(request: &Request) -> ToHost {
        match request {
            Request::Strike(intent) => ToHost::Strike(*intent),
            Request::Place(placement) => ToHost::Place(placement.clone()),
            Request::ChooseBreak(choice) => ToHost::ChooseBreak(*choice),
        }
    }
}

impl ToPeer {
    /// Turn `number` for everyone to play: `action`, a strike (its numbers as exact bits), a
    /// pass, a placement or the toss's choice.
    pub fn played(number: u32, action: &Action) -> Option<ToPeer> {
        match action {
            Action::Strike { seat, offset, direction, speed } => Some(ToPeer::Shot {
                number,
                seat: u8::from(*seat),
                offset: Exact::new(*offset),
                direction: [Exact::new(direction.x), Exact::new(direction.y)],
                speed: Exact::new(*speed),
            }),
            Action::Pass { seat } => Some(ToPeer::Pass { number, seat: u8::from(*seat) }),
            Action::Place { seat, spots } => {
                Some(ToPeer::Placed { number, seat: u8::from(*seat), spots: placed::to_wire(spots)? })
            }
            Action::ChooseBreak { seat, breaks } => {
                Some(ToPeer::BreakChosen { number, seat: u8::from(*seat), breaks: *breaks })
            }
            _ => None,
        }
    }

    /// The turn this message carries, numbered, every field checked: the way back from
    /// [`ToPeer::played`]. `None` for a message that carries no turn.
    pub fn turn(&self) -> Result<Option<(u32, Action)>, NetError> {
        let turn = match self {
            &ToPeer::Shot { number, seat, offset, direction, speed } => {
                let action = Action::Strike {
                    seat: intent::seat(seat)?,
                    offset: offset.finite("offset")?,
                    direction: intent::direction(direction)?,
                    speed: speed.finite("speed")?,
                };
                (number, action)
            }
            &ToPeer::Pass { number, seat } => (number, Action::Pass { seat: intent::seat(seat)? }),
            ToPeer::Placed { number, seat, spots } => {
                (*number, Action::Place { seat: intent::seat(*seat)?, spots: placed::from_wire(spots)? })
            }
            &ToPeer::BreakChosen { number, seat, breaks } => {
                (number, Action::ChooseBreak { seat: intent::seat(seat)?, breaks })
            }
            _ => return Ok(None),
        };
        Ok(Some(turn))
    }
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Envelope<T> {
    protocol: u32,
    body: T,
}

/// A message as bytes for the wire.
pub fn encode<T: Serialize>(body: &T) -> Vec<u8> {
    let envelope = Envelope { protocol: PROTOCOL, body };
    // Plain data of strings, integers and arrays: serialising it cannot fail.
    serde_json::to_vec(&envelope).unwrap_or_default()
}

/// Reads a message of at most `limit` bytes, checking its size before anything else.
pub fn decode<T: DeserializeOwned>(bytes: &[u8], limit: usize) -> Result<T, NetError> {
    if bytes.len() > limit {
        return Err(NetError::TooLarge { bytes: bytes.len(), limit });
    }
    #[derive(Deserialize)]
    struct Version {
        protocol: u32,
    }
    let version: Version = serde_json::from_slice(bytes).map_err(|e| NetError::Malformed(e.to_string()))?;
    if version.protocol != PROTOCOL {
        return Err(NetError::Protocol { found: version.protocol, supported: PROTOCOL });
    }
    let envelope: Envelope<T> =
        serde_json::from_slice(bytes).map_err(|e| NetError::Malformed(e.to_string()))?;
    Ok(envelope.body)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_message_reads_back_as_sent() {
        let hash = ToHost::Hash { shot: 3, hash: StateHash::of_save("x") };
        let back: ToHost = decode(&encode(&hash), MAX_TO_HOST_BYTES).unwrap();
        assert_eq!(back, hash);
    }

    #[test]
    fn oversized_unknown_and_other_versions_are_refused() {
        let big = vec![b' '; MAX_TO_HOST_BYTES + 1];
        assert!(matches!(decode::<ToHost>(&big, MAX_TO_HOST_BYTES), Err(NetError::TooLarge { .. })));
        let extra = br#"{"protocol":4,"body":{"hash":{"shot":1,"hash":"00","more":1}}}"#;
        assert!(matches!(decode::<ToHost>(extra, MAX_TO_HOST_BYTES), Err(NetError::Malformed(_))));
        let unknown = br#"{"protocol":4,"body":{"teleport":{}}}"#;
        assert!(matches!(decode::<ToHost>(unknown, MAX_TO_HOST_BYTES), Err(NetError::Malformed(_))));
        let old = br#"{"protocol":0,"body":{}}"#;
        assert_eq!(
            decode::<ToHost>(old, MAX_TO_HOST_BYTES),
            Err(NetError::Protocol { found: 0, supported: PROTOCOL })
        );
    }
}
