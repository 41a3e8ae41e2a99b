//! The host's side: it holds the match, knows which peer holds which seat, checks every
//! message, plays each accepted strike and sends it to everyone, and compares the hashes the
//! peers send back. Bytes in, messages out; the transport is the caller's.

use crate::error::NetError;
use crate::hash::StateHash;
use crate::intent::{self, try_strike, Intent};
use crate::message::{decode, ToHost, ToPeer, MAX_TO_HOST_BYTES};
use crate::rate::RateLimit;
use carrom_core::game::Game;
use carrom_core::Seat;
use std::collections::{BTreeMap, VecDeque};

/// A connection, numbered by the transport (Godot's peer id).
pub type PeerId = i64;

/// Messages a peer may send in a second, on average (aim updates come ten times a second).
pub const MESSAGES_PER_SECOND: u32 = 20;
/// Messages a peer may send at once.
pub const MESSAGE_BURST: u32 = 40;
/// Shots whose hashes the host keeps, to compare a late answer with.
const HASHES_KEPT: usize = 64;
/// The longest name and token.
const MAX_NAME: usize = 24;
const MAX_TOKEN: usize = 64;

/// Who plays a seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Holder {
    /// The person at the host.
    Host,
    /// The computer, played by the host.
    Computer,
    /// The person whose device has this token.
    Device(String),
    /// Nobody yet: the next device that joins without a seat of its own takes it.
    Open,
}

/// A message to send.
#[derive(Clone, Debug, PartialEq)]
pub enum Outgoing {
    /// To one peer.
    To(PeerId, ToPeer),
    /// To every peer that said hello.
    All(ToPeer),
    /// To every peer that said hello but one.
    AllBut(PeerId, ToPeer),
    /// A line for the host's log (a mismatch, a resync).
    Log(String),
}

struct Connection {
    token: Option<String>,
    name: String,
    rate: RateLimit,
}

/// The host of one match.
pub struct Host {
    game: Game,
    holders: BTreeMap<Seat, Holder>,
    peers: BTreeMap<PeerId, Connection>,
    shots: u32,
    hashes: VecDeque<(u32, StateHash)>,
}

impl Host {
    /// Hosts `game` with its seats held as `holders` says (a seat left out is the computer's).
    pub fn new(game: Game, holders: impl IntoIterator<Item = (Seat, Holder)>) -> Host {
        let holders = holders.into_iter().collect();
        let mut host = Host { game, holders, peers: BTreeMap::new(), shots: 0, hashes: VecDeque::new() };
        host.remember_hash();
        host
    }

    /// The match as the host has it.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Shots played so far.
    pub fn shots(&self) -> u32 {
        self.shots
    }

    /// Who holds `seat`.
    pub fn holder(&self, seat: Seat) -> Holder {
        self.holders.get(&seat).cloned().unwrap_or(Holder::Computer)
    }

    /// Gives `seat` to `holder`: the computer takes over a seat whose player has gone.
    pub fn set_holder(&mut self, seat: Seat, holder: Holder) {
        self.holders.insert(seat, holder);
    }

    /// The name a connected peer gave.
    pub fn name_of(&self, peer: PeerId) -> Option<&str> {
        self.peers.get(&peer).map(|c| c.name.as_str())
    }

    /// A peer connected; it must say hello before anything else.
    pub fn connect(&mut self, peer: PeerId) {
        let rate = RateLimit::new(MESSAGES_PER_SECOND, MESSAGE_BURST);
        self.peers.insert(peer, Connection { token: None, name: String::new(), rate });
    }

    /// A peer left. Its seats stay its own, for when the same device comes back.
    pub fn disconnect(&mut self, peer: PeerId) {
        self.peers.remove(&peer);
    }

    /// Peers that said hello: those an `All` message goes to.
    pub fn joined_peers(&self) -> Vec<PeerId> {
        self.peers.iter().filter(|(_, c)| c.token.is_some()).map(|(id, _)| *id).collect()
    }

    /// Whether a device with `token` is connected now.
    pub fn is_connected(&self, token: &str) -> bool {
        self.peers.values().any(|c| c.token.as_deref() == Some(token))
    }

    /// Reads what `peer` sent at `now` (seconds) and answers it. A refused message changes
    /// nothing; the caller logs the reason and may tell the peer (`refusal`).
    pub fn receive(&mut self, peer: PeerId, bytes: &[u8], now: f64) -> Result<Vec<Outgoing>, NetError> {
        let connection = self.peers.get_mut(&peer).ok_or(NetError::NoHello)?;
        connection.rate.take(now)?;
        let message: ToHost = decode(bytes, MAX_TO_HOST_BYTES)?;
        match message {
            ToHost::Hello { name, token } => self.hello(peer, name, token),
            ToHost::Aim { seat, offset, direction } => {
                let seat = self.own_seat(peer, seat)?;
                if self.game.rules().to_play() != Some(seat) {
                    return Err(NetError::NotYourTurn { seat: seat_number(seat), to_play: self.to_play() });
                }
                offset.finite("offset")?;
                intent::direction(direction)?;
                Ok(vec![Outgoing::AllBut(peer, ToPeer::Aim { seat: seat_number(seat), offset, direction })])
            }
            ToHost::Strike(intent) => {
                self.own_seat(peer, intent.seat)?;
                self.strike(&intent)
            }
            ToHost::Hash { shot, hash } => Ok(self.check_hash(peer, shot, hash)),
        }
    }

    /// A strike for a seat the host plays itself (its person's, or the computer's).
    pub fn play_own(&mut self, intent: &Intent) -> Result<Vec<Outgoing>, NetError> {
        let seat = intent.seat()?;
        if matches!(self.holder(seat), Holder::Device(_)) {
            return Err(NetError::NotYourSeat(intent.seat));
        }
        self.strike(intent)
    }

    /// The message that tells a peer why it was refused.
    pub fn refusal(peer: PeerId, error: &NetError) -> Outgoing {
        Outgoing::To(peer, ToPeer::Refused { reason: error.to_string() })
    }

    fn hello(&mut self, peer: PeerId, name: String, token: String) -> Result<Vec<Outgoing>, NetError> {
        check_identity("name", &name, MAX_NAME, |c| c.is_alphanumeric() || c == ' ' || c == '-' || c == '_')?;
        check_identity("token", &token, MAX_TOKEN, |c| c.is_ascii_alphanumeric() || c == '-' || c == '_')?;
        if self.peers.iter().any(|(id, c)| *id != peer && c.token.as_deref() == Some(token.as_str())) {
            return Err(NetError::TokenInUse);
        }
        let holds_one = self.holders.values().any(|h| *h == Holder::Device(token.clone()));
        if !holds_one {
            // A newcomer takes the first open seat; with none left it watches.
            if let Some(holder) = self.holders.values_mut().find(|h| **h == Holder::Open) {
                *holder = Holder::Device(token.clone());
            }
        }
        let seats: Vec<u8> = self
            .holders
            .iter()
            .filter(|(_, h)| **h == Holder::Device(token.clone()))
            .map(|(s, _)| seat_number(*s))
            .collect();
        let state = self.game.to_json().map_err(NetError::BadState)?;
        if let Some(connection) = self.peers.get_mut(&peer) {
            connection.token = Some(token);
            connection.name = name;
        }
        Ok(vec![Outgoing::To(peer, ToPeer::Welcome { seats, shots: self.shots, state })])
    }

    fn strike(&mut self, intent: &Intent) -> Result<Vec<Outgoing>, NetError> {
        let action = intent.action(&self.game)?;
        self.game = try_strike(&self.game, &action)?;
        self.shots += 1;
        self.remember_hash();
        let shot = ToPeer::shot(self.shots, &action).ok_or(NetError::WrongWay("only a strike"))?;
        Ok(vec![Outgoing::All(shot)])
    }

    fn check_hash(&mut self, peer: PeerId, shot: u32, hash: StateHash) -> Vec<Outgoing> {
        let ours = self.hashes.iter().find(|(n, _)| *n == shot).map(|(_, h)| *h);
        match ours {
            Some(ours) if ours == hash => vec![],
            // Too old to compare: newer hashes from the peer will say.
            None if shot < self.shots => vec![],
            _ => {
                let state = match self.game.to_json() {
                    Ok(state) => state,
                    Err(e) => return vec![Outgoing::Log(format!("cannot send the state: {e}"))],
                };
                vec![
                    Outgoing::Log(format!(
                        "peer {peer} differs after shot {shot} (its hash {hash}, ours {}): sent our state",
                        ours.map_or("unknown".to_string(), |h| h.to_string())
                    )),
                    Outgoing::To(peer, ToPeer::State { shots: self.shots, state }),
                ]
            }
        }
    }

    fn remember_hash(&mut self) {
        if let Ok(hash) = StateHash::of_game(&self.game) {
            self.hashes.push_back((self.shots, hash));
            while self.hashes.len() > HASHES_KEPT {
                self.hashes.pop_front();
            }
        }
    }

    /// `seat` if it exists and `peer`'s device holds it.
    fn own_seat(&self, peer: PeerId, seat: u8) -> Result<Seat, NetError> {
        let token = self.peers.get(&peer).and_then(|c| c.token.clone()).ok_or(NetError::NoHello)?;
        let seat = intent::seat(seat)?;
        if self.holder(seat) != Holder::Device(token) {
            return Err(NetError::NotYourSeat(seat_number(seat)));
        }
        Ok(seat)
    }

    fn to_play(&self) -> Option<u8> {
        self.game.rules().to_play().map(seat_number)
    }
}

fn seat_number(seat: Seat) -> u8 {
    u8::from(seat)
}

fn check_identity(
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
