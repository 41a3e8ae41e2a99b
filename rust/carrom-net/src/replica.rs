//! A peer's side of the protocol: it takes the host's numbered turns in order and hands each to
//! the peer's one match (the board the player sees) to carry out; when that match has settled
//! the turn, it answers with the match's hash. A state from the host is checked like any saved
//! match before it is handed over to replace the match. The replica keeps no match of its own.

use crate::error::NetError;
use crate::hash::StateHash;
use crate::intent;
use crate::message::{decode, encode, ToHost, ToPeer, MAX_TO_PEER_BYTES};
use crate::players::{check_players, Player};
use carrom_core::game::{Action, Game};
use carrom_core::Seat;

/// What a message from the host changed, for the game to show.
pub enum Change {
    /// Joined: these seats are ours, and this is the match to show (checked like a save).
    Joined {
        /// The seats this device plays.
        seats: Vec<Seat>,
        /// The host's match, to put on this machine's board.
        game: Box<Game>,
    },
    /// Someone is aiming here.
    Aim {
        /// The seat.
        seat: Seat,
        /// Striker offset, metres.
        offset: f32,
        /// Direction.
        direction: carrom_core::Vec2,
    },
    /// A turn to carry out on this machine's match, after those before it: a strike (to
    /// animate) or a pass (a turn that timed out); then call [`Replica::settled`].
    Shot(Action),
    /// Who sits where changed; `pause_seconds` above 0 means the match waits for a player.
    Players {
        /// Each seat.
        players: Vec<Player>,
        /// Seconds the match still waits.
        pause_seconds: u32,
    },
    /// The host's state, to replace this machine's match (it differed); turns not yet carried
    /// out are dropped.
    Resynced(Box<Game>),
    /// The host refused our last message.
    Refused {
        /// Why, in words for the log.
        reason: String,
        /// Its kind, for the player.
        kind: crate::error::Refusal,
    },
}

/// A peer's side of one match.
#[derive(Default)]
pub struct Replica {
    joined: bool,
    seats: Vec<Seat>,
    /// Turns received from the host.
    shots: u32,
    /// Turns this machine's match has settled.
    settled: u32,
    turn_seconds: u32,
    /// The hash last sent to the host.
    sent: Option<StateHash>,
}

impl Replica {
    /// A peer not yet joined.
    pub fn new() -> Replica {
        Replica::default()
    }

    /// The hello to send first.
    pub fn hello(name: &str, token: &str) -> Vec<u8> {
        encode(&ToHost::Hello { name: name.to_string(), token: token.to_string() })
    }

    /// Whether the host's welcome has come.
    pub fn is_joined(&self) -> bool {
        self.joined
    }

    /// Seats this peer holds.
    pub fn seats(&self) -> &[Seat] {
        &self.seats
    }

    /// Turns received from the host.
    pub fn shots(&self) -> u32 {
        self.shots
    }

    /// Turns this machine's match has settled.
    pub fn settled_shots(&self) -> u32 {
        self.settled
    }

    /// The hash this peer last sent the host: the hash of its match after the turns settled.
    pub fn sent_hash(&self) -> Option<StateHash> {
        self.sent
    }

    /// Seconds a turn has before it passes, as the host set it; 0 for no timer.
    pub fn turn_seconds(&self) -> u32 {
        self.turn_seconds
    }

    /// Reads a message from the host; returns what changed and the replies to send.
    pub fn receive(&mut self, bytes: &[u8]) -> Result<(Change, Vec<Vec<u8>>), NetError> {
        let message: ToPeer = decode(bytes, MAX_TO_PEER_BYTES)?;
        match message {
            ToPeer::Welcome { seats, shots, state, turn_seconds } => {
                let seats = seats.into_iter().map(intent::seat).collect::<Result<Vec<_>, _>>()?;
                let game = self.load(shots, &state)?;
                self.seats.clone_from(&seats);
                self.turn_seconds = turn_seconds.min(crate::clock::MAX_TURN_SECONDS);
                Ok((Change::Joined { seats, game }, vec![]))
            }
            ToPeer::Players { players, pause_seconds } => {
                check_players(&players, pause_seconds)?;
                Ok((Change::Players { players, pause_seconds }, vec![]))
            }
            ToPeer::Aim { seat, offset, direction } => {
                let change = Change::Aim {
                    seat: intent::seat(seat)?,
                    offset: offset.finite("offset")?,
                    direction: intent::direction(direction)?,
                };
                Ok((change, vec![]))
            }
            ToPeer::Shot { .. }
            | ToPeer::Pass { .. }
            | ToPeer::Placed { .. }
            | ToPeer::BreakChosen { .. } => match message.turn()? {
                Some((number, action)) => self.play(number, action),
                None => Err(NetError::WrongWay("only a numbered turn")),
            },
            ToPeer::State { shots, state } => {
                let game = self.load(shots, &state)?;
                let hash = self.hash_message(shots, &game);
                Ok((Change::Resynced(game), vec![hash]))
            }
            ToPeer::Refused { reason, kind } => Ok((Change::Refused { reason, kind }, vec![])),
        }
    }

    /// A strike this peer asks for.
    pub fn strike(intent: &crate::Intent) -> Vec<u8> {
        encode(&ToHost::Strike(*intent))
    }

    /// A turn this peer asks for: a strike, a placement of returned pieces, the toss's choice.
    pub fn ask(request: &crate::Request) -> Vec<u8> {
        encode(&ToHost::from(request))
    }

    /// This peer's player stepped away (the app went to the background) or came back.
    pub fn away(away: bool) -> Vec<u8> {
        encode(&ToHost::Away { away })
    }

    /// Where this peer is aiming.
    pub fn aim(seat: Seat, offset: f32, direction: carrom_core::Vec2) -> Vec<u8> {
        encode(&ToHost::Aim {
            seat: u8::from(seat),
            offset: crate::Exact::new(offset),
            direction: [crate::Exact::new(direction.x), crate::Exact::new(direction.y)],
        })
    }

    /// This machine's match has settled the next turn received (carried it out and come to
    /// rest, or refused it): the hash to send the host, which resends its state if they differ.
    pub fn settled(&mut self, game: &Game) -> Vec<u8> {
        self.settled = (self.settled + 1).min(self.shots);
        self.hash_message(self.settled, game)
    }

    /// Turn `number`, in order after the one before.
    fn play(&mut self, number: u32, action: Action) -> Result<(Change, Vec<Vec<u8>>), NetError> {
        if !self.joined {
            return Err(NetError::NoHello);
        }
        if number != self.shots + 1 {
            return Err(NetError::OutOfOrder { expected: self.shots + 1, got: number });
        }
        self.shots = number;
        Ok((Change::Shot(action), vec![]))
    }

    fn load(&mut self, shots: u32, state: &str) -> Result<Box<Game>, NetError> {
        let game = Game::from_json(state).map_err(NetError::BadState)?;
        self.joined = true;
        self.shots = shots;
        self.settled = shots;
        Ok(Box::new(game))
    }

    fn hash_message(&mut self, shot: u32, game: &Game) -> Vec<u8> {
        // A match that cannot be hashed sends an impossible hash, which asks for the state.
        let hash = StateHash::of_game(game).unwrap_or_else(|_| StateHash::of_save(""));
        self.sent = Some(hash);
        encode(&ToHost::Hash { shot, hash })
    }
}
