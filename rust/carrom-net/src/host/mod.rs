//! The host's side: it knows which peer holds which seat, checks every message against the
//! match it is lent, numbers each accepted turn and sends it to everyone, and compares the
//! hashes the peers send back. It also keeps the time: the turn timer, and the wait for a player
//! who dropped. Bytes and the time in, messages out; the transport, the clock and the match are
//! the caller's.
//!
//! The host owns no match of its own. The caller's one match — the board the player sees, or a
//! server's `Served` — carries out every numbered turn the host sends (a strike rolls at the
//! caller's pace) and says `settled` when it rests; only then is the next turn taken, and a
//! strike that arrives before waits for it.
//!
//! By job: `addressed` (where each message goes), `seats` (who holds which seat, the hello), `waits` (a player gone, waited for or
//! stood in for), `turns` (requests checked and numbered, the turn clock, settling) and
//! `hashes` (the peers' hashes compared); here, the host's state and what comes in.

mod addressed;
mod hashes;
mod seats;
mod turns;
mod waits;

use crate::clock::TurnClock;
use crate::error::NetError;
use crate::hash::StateHash;
pub use crate::holder::Holder;
use crate::intent;
use crate::message::{decode, ToHost, ToPeer, MAX_TO_HOST_BYTES};
use crate::players::{check_name, MAX_PAUSE_SECONDS};
use crate::rate::RateLimit;
use crate::request::Request;
use crate::rested::Rested;
pub use addressed::{Addressed, Fan};
use carrom_core::game::Game;
use carrom_core::Seat;
use std::collections::{BTreeMap, BTreeSet, VecDeque};

/// A connection, numbered by the transport (Godot's peer id).
pub type PeerId = i64;

/// Messages a peer may send in a second, on average (aim updates come ten times a second).
pub const MESSAGES_PER_SECOND: u32 = 20;
/// Messages a peer may send at once.
pub const MESSAGE_BURST: u32 = 40;
/// Shots whose hashes the host keeps, to compare a late answer with.
const HASHES_KEPT: usize = 64;
/// The least time between two whole states sent to one peer whose hash differed: a resent
/// state is the one large message a peer can ask for, so it cannot be asked for in a loop.
pub const STATE_RESEND_SECONDS: f64 = 5.0;
/// How long the match waits for a player who dropped before the computer takes their seats,
/// unless the host says otherwise.
pub const DROP_SECONDS: u32 = 60;
/// Unless the host says otherwise, a device may be waited for this many drop waits' worth of
/// time in all, over the whole match. Past that the match no longer stops for it: with a turn
/// timer its turns are timed as if it were there (one that runs out passes, three in a row
/// forfeit), without one the computer plays for it; it takes its seats back on return. With
/// the turn clock held, not restarted, while the match waits, stepping away and back can
/// then neither stop a match nor lengthen a turn without end.
pub const AWAY_ALLOWANCE_WAITS: u32 = 3;

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

/// A wait for a device gone while it holds a seat.
struct Wait {
    since: f64,
    until: f64,
}

struct Connection {
    /// The device token it said hello with: `None` until then (and once another connection
    /// of the same device took over).
    token: Option<String>,
    rate: RateLimit,
    /// Its player said they stepped away (`ToHost::Away`): connected, but not at the game.
    stepped_away: bool,
}

/// The host of one match.
pub struct Host {
    /// The match's seats, in turn order.
    seats: Vec<Seat>,
    holders: BTreeMap<Seat, Holder>,
    peers: BTreeMap<PeerId, Connection>,
    /// Turns numbered so far.
    shots: u32,
    /// The match as the last numbered turn left it, once carried out on the lent match.
    rested: Rested,
    /// The turn numbered and not yet settled, with when it was numbered.
    rolling: Option<(ToPeer, f64)>,
    /// Turns peers asked for while a turn rolled here, tried in order once it rests.
    waiting: VecDeque<(PeerId, Request)>,
    /// Peers' hashes after the turn rolling here, compared once it rests.
    early: Vec<(PeerId, u32, StateHash)>,
    hashes: VecDeque<(u32, StateHash)>,
    host_name: String,
    /// The last name each device gave (kept while it is away).
    names: BTreeMap<String, String>,
    clock: TurnClock,
    /// Devices that dropped while holding a seat: when the wait for each began and ends.
    away: BTreeMap<String, Wait>,
    drop_seconds: u32,
    /// Seconds each device may be waited for in all; `None`: `AWAY_ALLOWANCE_WAITS` waits.
    away_allowance: Option<u32>,
    /// Seconds each device has been waited for so far, waits under way not counted.
    waited: BTreeMap<String, f64>,
    /// Devices gone with their allowance spent: not waited for, their turns timed.
    unwaited: BTreeSet<String>,
    /// When each device was last sent the whole state (a welcome or a resent state): kept by
    /// device, not connection, so that connecting again does not reset the wait.
    state_sent_at: BTreeMap<String, f64>,
}

impl Host {
    /// Hosts the match `game` (at rest) with its seats held as `holders` says (a seat left out
    /// is the computer's), without a turn timer, waiting [`DROP_SECONDS`] for a player who
    /// drops. The caller keeps the match and lends it to every call that needs it.
    pub fn new(game: &Game, holders: impl IntoIterator<Item = (Seat, Holder)>) -> Result<Host, NetError> {
        let holders = holders.into_iter().collect();
        let mut host = Host {
            seats: game.rules().mode().seats().to_vec(),
            holders,
            peers: BTreeMap::new(),
            shots: 0,
            rested: Rested::of(game, 0).map_err(NetError::BadState)?,
            rolling: None,
            waiting: VecDeque::new(),
            early: vec![],
            hashes: VecDeque::new(),
            host_name: String::new(),
            names: BTreeMap::new(),
            clock: TurnClock::default(),
            away: BTreeMap::new(),
            drop_seconds: DROP_SECONDS,
            away_allowance: None,
            waited: BTreeMap::new(),
            unwaited: BTreeSet::new(),
            state_sent_at: BTreeMap::new(),
        };
        host.remember_hash();
        Ok(host)
    }

    /// Gives each turn `seconds` (0: no timer); a turn that runs out passes (RULES.md, T2).
    pub fn with_turn_seconds(mut self, seconds: u32) -> Host {
        self.clock = TurnClock::new(seconds);
        self
    }

    /// Waits `seconds` (at most an hour) for a player who drops before the computer takes over.
    pub fn with_drop_seconds(mut self, seconds: u32) -> Host {
        self.drop_seconds = seconds.min(MAX_PAUSE_SECONDS);
        self
    }

    /// Waits for one device `seconds` in all over the match (its drops and its times away
    /// added up); past that, the computer plays for it at once whenever it is gone.
    pub fn with_away_allowance(mut self, seconds: u32) -> Host {
        self.away_allowance = Some(seconds);
        self
    }

    /// Takes the match up again after `shots` numbered turns (a server started again on the
    /// match it saved): turn numbers go on from there, as every peer that played them counts.
    pub fn resumed_at(mut self, shots: u32) -> Host {
        self.shots = shots;
        self.rested.shots = shots;
        self.hashes.clear();
        self.remember_hash();
        self
    }

    /// The name of the person at the host, shown to the others; refused like a peer's name.
    pub fn set_host_name(&mut self, name: &str) -> Result<(), NetError> {
        check_name(name)?;
        self.host_name = name.to_string();
        Ok(())
    }

    /// Seconds a turn has; 0 for no timer.
    pub fn turn_seconds(&self) -> u32 {
        self.clock.seconds()
    }

    /// Turns numbered so far.
    pub fn shots(&self) -> u32 {
        self.shots
    }

    /// Whether a numbered turn has not yet been settled on the lent match.
    pub fn is_rolling(&self) -> bool {
        self.rolling.is_some()
    }

    /// Turns settled on the lent match.
    pub fn rested_shots(&self) -> u32 {
        self.rested.shots
    }

    /// The lent match's save document as the last settled turn left it (what a server keeps).
    pub fn rested_state(&self) -> &str {
        &self.rested.state
    }

    /// The hash of the lent match as the last settled turn left it: the hash every peer must
    /// answer with after the same turns.
    pub fn rested_hash(&self) -> StateHash {
        self.rested.hash
    }

    /// A peer connected; it must say hello before anything else.
    pub fn connect(&mut self, peer: PeerId) {
        let rate = RateLimit::new(MESSAGES_PER_SECOND, MESSAGE_BURST);
        self.peers.insert(peer, Connection { token: None, rate, stepped_away: false });
    }

    /// A peer connected whose device the transport has proved already (a match server's lobby
    /// took its hello): it is taken at once as device `token` named `name`, as if it had said
    /// that hello here, and any hello it sends later is refused. Returns its welcome.
    pub fn connect_proved(
        &mut self,
        peer: PeerId,
        name: String,
        token: String,
        now: f64,
    ) -> Result<Vec<Outgoing>, NetError> {
        self.connect(peer);
        let welcomed = self.hello(peer, name, token, now);
        if welcomed.is_err() {
            self.peers.remove(&peer);
        }
        welcomed
    }

    /// Reads what `peer` sent at `now` (seconds) and answers it, checked against `game`, the
    /// match lent (at rest unless a numbered turn rolls on it). A refused message changes
    /// nothing; the caller logs the reason and may tell the peer (`refusal`).
    pub fn receive(
        &mut self,
        game: &Game,
        peer: PeerId,
        bytes: &[u8],
        now: f64,
    ) -> Result<Vec<Outgoing>, NetError> {
        let connection = self.peers.get_mut(&peer).ok_or(NetError::NoHello)?;
        connection.rate.take(now)?;
        let message: ToHost = decode(bytes, MAX_TO_HOST_BYTES)?;
        // One hello a connection, first: nothing is answered before it, and a second one
        // (another token on the same connection) would leave its seats with nobody timed.
        match (&message, &connection.token) {
            (ToHost::Hello { .. }, Some(_)) => return Err(NetError::HelloTwice),
            (ToHost::Hello { .. }, None) => {}
            (_, None) => return Err(NetError::NoHello),
            (_, Some(_)) => {}
        }
        match message {
            ToHost::Hello { name, token } => self.hello(peer, name, token, now),
            ToHost::Aim { seat, offset, direction } => {
                let seat = self.own_seat(peer, seat)?;
                // The peer's board rested first: whose turn it is is known here at rest.
                if self.is_rolling() {
                    return Ok(vec![]);
                }
                if self.rested.to_play != Some(seat) {
                    return Err(NetError::NotYourTurn { seat: seat_number(seat), to_play: self.to_play() });
                }
                offset.finite("offset")?;
                intent::direction(direction)?;
                Ok(vec![Outgoing::AllBut(peer, ToPeer::Aim { seat: seat_number(seat), offset, direction })])
            }
            ToHost::Strike(intent) => self.ask(game, peer, Request::Strike(intent), now),
            ToHost::Place(placement) => self.ask(game, peer, Request::Place(placement), now),
            ToHost::ChooseBreak(choice) => self.ask(game, peer, Request::ChooseBreak(choice), now),
            ToHost::Hash { shot, hash } => Ok(self.check_hash(peer, shot, hash, now)),
            ToHost::Away { away } => Ok(self.step_away(peer, away, now)),
        }
    }

    /// The message that tells a peer why it was refused.
    pub fn refusal(peer: PeerId, error: &NetError) -> Outgoing {
        Outgoing::To(peer, ToPeer::Refused { reason: error.to_string(), kind: error.refusal() })
    }
}

pub(super) fn seat_number(seat: Seat) -> u8 {
    u8::from(seat)
}
