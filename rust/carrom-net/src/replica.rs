//! A peer's side: its copy of the match, kept in step by playing each shot the host numbers,
//! in order, and answering with its state's hash. A state from the host is checked like any
//! saved match before it replaces the copy.

use crate::error::NetError;
use crate::hash::StateHash;
use crate::intent::{self, try_action};
use crate::message::{decode, encode, ToHost, ToPeer, MAX_TO_PEER_BYTES};
use crate::players::{check_players, Player};
use carrom_core::game::{Action, Game};
use carrom_core::Seat;

/// What a message from the host changed, for the game to show.
#[derive(Clone, Debug, PartialEq)]
pub enum Change {
    /// Joined: these seats are ours, the match is loaded.
    Joined(Vec<Seat>),
    /// Someone is aiming here.
    Aim {
        /// The seat.
        seat: Seat,
        /// Striker offset, metres.
        offset: f32,
        /// Direction.
        direction: carrom_core::Vec2,
    },
    /// A turn was played: a strike (to animate) or a pass (a turn that timed out).
    Shot(Action),
    /// Who sits where changed; `pause_seconds` above 0 means the match waits for a player.
    Players {
        /// Each seat.
        players: Vec<Player>,
        /// Seconds the match still waits.
        pause_seconds: u32,
    },
    /// The host's state replaced ours.
    Resynced,
    /// The host refused our last message.
    Refused(String),
}

/// A peer's copy of the match.
#[derive(Default)]
pub struct Replica {
    game: Option<Game>,
    seats: Vec<Seat>,
    shots: u32,
    turn_seconds: u32,
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

    /// The match, once joined.
    pub fn game(&self) -> Option<&Game> {
        self.game.as_ref()
    }

    /// Seats this peer holds.
    pub fn seats(&self) -> &[Seat] {
        &self.seats
    }

    /// Shots played here.
    pub fn shots(&self) -> u32 {
        self.shots
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
                self.load(shots, &state)?;
                self.seats.clone_from(&seats);
                self.turn_seconds = turn_seconds.min(crate::clock::MAX_TURN_SECONDS);
                Ok((Change::Joined(seats), vec![]))
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
            ToPeer::Shot { .. } | ToPeer::Pass { .. } => match message.turn()? {
                Some((number, action)) => self.play(number, action),
                None => Err(NetError::WrongWay("only a shot or a pass")),
            },
            ToPeer::State { shots, state } => {
                self.load(shots, &state)?;
                Ok((Change::Resynced, vec![self.hash_message()]))
            }
            ToPeer::Refused { reason } => Ok((Change::Refused(reason), vec![])),
        }
    }

    /// A strike this peer asks for.
    pub fn strike(intent: &crate::Intent) -> Vec<u8> {
        encode(&ToHost::Strike(*intent))
    }

    /// Where this peer is aiming.
    pub fn aim(seat: Seat, offset: f32, direction: carrom_core::Vec2) -> Vec<u8> {
        encode(&ToHost::Aim {
            seat: u8::from(seat),
            offset: crate::Exact::new(offset),
            direction: [crate::Exact::new(direction.x), crate::Exact::new(direction.y)],
        })
    }

    /// Turn `number`, in order after the one before.
    fn play(&mut self, number: u32, action: Action) -> Result<(Change, Vec<Vec<u8>>), NetError> {
        let game = self.game.as_ref().ok_or(NetError::NoHello)?;
        if number != self.shots + 1 {
            return Err(NetError::OutOfOrder { expected: self.shots + 1, got: number });
        }
        // A turn the host took but this copy refuses means the copies differ: the hash says
        // so and the host's state follows.
        if let Ok((next, _)) = try_action(game, &action) {
            self.game = Some(next);
        }
        self.shots = number;
        Ok((Change::Shot(action), vec![self.hash_message()]))
    }

    fn load(&mut self, shots: u32, state: &str) -> Result<(), NetError> {
        let game = Game::from_json(state).map_err(NetError::BadState)?;
        self.game = Some(game);
        self.shots = shots;
        Ok(())
    }

    fn hash_message(&self) -> Vec<u8> {
        let hash = self.game.as_ref().and_then(|g| StateHash::of_game(g).ok());
        // With no game to hash, an impossible hash asks the host for its state.
        let hash = hash.unwrap_or_else(|| StateHash::of_save(""));
        encode(&ToHost::Hash { shot: self.shots, hash })
    }
}
