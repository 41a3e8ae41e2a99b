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

use crate::clock::TurnClock;
use crate::error::NetError;
use crate::hash::StateHash;
pub use crate::holder::Holder;
use crate::intent::{self, check_turn};
use crate::message::{decode, ToHost, ToPeer, MAX_TO_HOST_BYTES};
use crate::players::{check_name, check_token, Player, Who, MAX_PAUSE_SECONDS};
use crate::rate::RateLimit;
use crate::request::Request;
use crate::rested::Rested;
use carrom_core::game::{Action, Game, Ruling};
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

    /// Seconds a device may be waited for in all.
    fn allowance(&self) -> f64 {
        let waits = self.drop_seconds.saturating_mul(AWAY_ALLOWANCE_WAITS);
        f64::from(self.away_allowance.unwrap_or(waits))
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

    /// Who holds `seat`.
    pub fn holder(&self, seat: Seat) -> Holder {
        self.holders.get(&seat).cloned().unwrap_or(Holder::Computer)
    }

    /// Gives `seat` to `holder` (the computer takes over a seat whose player has gone), and
    /// tells everyone.
    pub fn set_holder(&mut self, seat: Seat, holder: Holder, now: f64) -> Vec<Outgoing> {
        self.holders.insert(seat, holder);
        vec![Outgoing::All(self.players(now))]
    }

    /// Whether the match waits for a player who dropped.
    pub fn is_paused(&self) -> bool {
        !self.away.is_empty()
    }

    /// Seats nobody has taken yet: play starts when every one is taken.
    pub fn open_seats(&self) -> usize {
        self.seats.iter().filter(|s| self.holder(**s) == Holder::Open).count()
    }

    /// A peer connected; it must say hello before anything else.
    pub fn connect(&mut self, peer: PeerId) {
        let rate = RateLimit::new(MESSAGES_PER_SECOND, MESSAGE_BURST);
        self.peers.insert(peer, Connection { token: None, rate, stepped_away: false });
    }

    /// A peer left at `now`. Its seats stay its own, for when the same device comes back;
    /// if it held one, the match waits for it, and everyone is told.
    pub fn disconnect(&mut self, peer: PeerId, now: f64) -> Vec<Outgoing> {
        match self.peers.remove(&peer).and_then(|c| c.token) {
            Some(_) => self.notice_missing(now),
            None => vec![],
        }
    }

    /// The time is `now`: a wait for a dropped player that ends hands their seats to the
    /// computer; a turn that runs out passes. Call it often (every frame will do).
    pub fn tick(&mut self, now: f64) -> Vec<Outgoing> {
        let mut out = self.notice_missing(now);
        let ended: Vec<String> =
            self.away.iter().filter(|(_, wait)| wait.until <= now).map(|(t, _)| t.clone()).collect();
        for token in ended {
            self.end_wait(&token, now);
            for holder in self.holders.values_mut().filter(|h| **h == Holder::Device(token.clone())) {
                *holder = Holder::StandIn(token.clone());
            }
            out.push(Outgoing::Log(format!(
                "the player on device {token} did not come back: the computer plays for them"
            )));
            out.push(Outgoing::All(self.players(now)));
        }
        // A turn rolling on the lent match is timed from when it rests.
        if self.is_rolling() {
            return out;
        }
        // The clock times whoever must act: a striker, a placer of returned pieces, a toss's
        // winner; what it does when it runs out is the core's (`Awaited::on_timeout`).
        let timed = match self.rested.awaited {
            Some(awaited) if !self.is_paused() && self.open_seats() == 0 => {
                self.is_timed(awaited.seat).then(|| (awaited.seat, awaited.on_timeout()))
            }
            _ => None,
        };
        let Some((seat, action)) = timed else {
            if self.is_paused() {
                self.clock.hold(now);
            } else {
                self.clock.stop();
            }
            return out;
        };
        if !self.clock.is_running() {
            if !self.clock.resume(now) {
                self.clock.start(now, 0.0);
            }
        } else if self.clock.expired(now) {
            match self.number(action, now) {
                Ok(mut played) => out.append(&mut played),
                Err(e) => out.push(Outgoing::Log(format!(
                    "the turn of seat {} could not be ended by its clock: {e}",
                    seat_number(seat)
                ))),
            }
        }
        out
    }

    /// The match waits for every device that holds a seat but is neither connected nor waited
    /// for yet — one that dropped, or one given a seat that never connected — so that no seat
    /// is left timed by nobody and stood in for by nobody. `disconnect` and `tick` both ask.
    fn notice_missing(&mut self, now: f64) -> Vec<Outgoing> {
        let missing: Vec<String> = self
            .holders
            .values()
            .filter_map(|h| match h {
                Holder::Device(token)
                    if !self.is_present(token)
                        && !self.away.contains_key(token)
                        && !self.unwaited.contains(token) =>
                {
                    Some(token.clone())
                }
                _ => None,
            })
            .collect();
        if missing.is_empty() || self.rested.over {
            return vec![];
        }
        let mut out = vec![];
        for token in missing {
            let left = self.allowance() - self.waited.get(&token).copied().unwrap_or(0.0);
            if left <= 0.0 && self.clock.seconds() > 0 {
                out.push(Outgoing::Log(format!(
                    "the player on device {token} is gone again, with no wait left: their turns are timed"
                )));
                self.unwaited.insert(token);
                continue;
            }
            let seconds = f64::from(self.drop_seconds).min(left.max(0.0));
            self.away.insert(token.clone(), Wait { since: now, until: now + seconds });
            out.push(Outgoing::Log(format!(
                "the player on device {token} dropped or is not connected: waiting {seconds:.0} s"
            )));
        }
        if self.is_paused() {
            self.clock.hold(now);
        }
        out.push(Outgoing::All(self.players(now)));
        out
    }

    /// Who sits where, for everyone.
    pub fn players(&self, now: f64) -> ToPeer {
        let players = self
            .seats
            .iter()
            .map(|seat| {
                let holder = self.holder(*seat);
                let (name, who) = match &holder {
                    Holder::Host => (self.host_name.clone(), Who::Host),
                    Holder::Computer => (String::new(), Who::Computer),
                    Holder::Open => (String::new(), Who::Open),
                    Holder::StandIn(token) => (self.name_of_device(token), Who::StandIn),
                    Holder::Device(token)
                        if self.away.contains_key(token) || self.unwaited.contains(token) =>
                    {
                        (self.name_of_device(token), Who::Away)
                    }
                    Holder::Device(token) => (self.name_of_device(token), Who::Person),
                };
                Player { seat: seat_number(*seat), name, who }
            })
            .collect();
        ToPeer::Players { players, pause_seconds: self.wait_left(now) }
    }

    /// Peers that said hello: those an `All` message goes to.
    pub fn joined_peers(&self) -> Vec<PeerId> {
        self.peers.iter().filter(|(_, c)| c.token.is_some()).map(|(id, _)| *id).collect()
    }

    /// Whether a device with `token` is connected now.
    pub fn is_connected(&self, token: &str) -> bool {
        self.peers.values().any(|c| c.token.as_deref() == Some(token))
    }

    /// Whether the player on the device with `token` is at the game: connected, and not
    /// stepped away.
    fn is_present(&self, token: &str) -> bool {
        self.peers.values().any(|c| c.token.as_deref() == Some(token) && !c.stepped_away)
    }

    /// Whole seconds the match still waits for dropped players at `now`, counted to the
    /// millisecond first (so that a wait of 30 s just begun says 30, not 31).
    fn wait_left(&self, now: f64) -> u32 {
        let longest = self.away.values().map(|wait| wait.until - now).fold(0.0, f64::max);
        let seconds = ((longest * 1000.0).round() / 1000.0).ceil();
        seconds.min(f64::from(MAX_PAUSE_SECONDS)) as u32
    }

    fn name_of_device(&self, token: &str) -> String {
        self.names.get(token).cloned().unwrap_or_default()
    }

    /// Whether the turn timer runs for `seat`: a person plays it, on a device that is here.
    fn is_timed(&self, seat: Seat) -> bool {
        match self.holder(seat) {
            Holder::Host => true,
            // Gone with no wait left, their turns run on (RULES.md T2).
            Holder::Device(token) => self.is_present(&token) || self.unwaited.contains(&token),
            _ => false,
        }
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

    /// A turn `peer` asks for, for a seat it holds: taken now, or once the turn rolling here
    /// rests (one waiting a peer: a newer one replaces it).
    fn ask(
        &mut self,
        game: &Game,
        peer: PeerId,
        request: Request,
        now: f64,
    ) -> Result<Vec<Outgoing>, NetError> {
        self.own_seat(peer, request.seat_number())?;
        if self.is_rolling() {
            self.waiting.retain(|(p, _)| *p != peer);
            self.waiting.push_back((peer, request));
            return Ok(vec![]);
        }
        self.take(game, &request, now)
    }

    /// `peer`'s player stepped away or came back. Away, its seats are waited for as a dropped
    /// player's are (the others are told, the turn clock stops, the computer stands in when the
    /// wait ends); back, they are its own again at once.
    fn step_away(&mut self, peer: PeerId, away: bool, now: f64) -> Vec<Outgoing> {
        let Some(connection) = self.peers.get_mut(&peer) else { return vec![] };
        let Some(token) = connection.token.clone() else { return vec![] };
        if std::mem::replace(&mut connection.stepped_away, away) == away {
            return vec![];
        }
        if away {
            return self.notice_missing(now);
        }
        let mut out = vec![];
        if self.come_back(&token, now) {
            out.push(Outgoing::Log(format!("the player on device {token} is back")));
        }
        out.push(Outgoing::All(self.players(now)));
        out
    }

    /// The device with `token` is back: the seats the computer kept for it are its own again
    /// and the match no longer waits for it. Whether it was waited for or stood in for.
    fn come_back(&mut self, token: &str, now: f64) -> bool {
        let mut stood_in = false;
        for holder in self.holders.values_mut() {
            if *holder == Holder::StandIn(token.to_string()) {
                *holder = Holder::Device(token.to_string());
                stood_in = true;
            }
        }
        let unwaited = self.unwaited.remove(token);
        self.end_wait(token, now) || stood_in || unwaited
    }

    /// The wait for `token` ends at `now` (it came back, or the computer takes over): the
    /// time waited counts against its allowance. Whether it was waited for.
    fn end_wait(&mut self, token: &str, now: f64) -> bool {
        let Some(wait) = self.away.remove(token) else { return false };
        *self.waited.entry(token.to_string()).or_default() += (now.min(wait.until) - wait.since).max(0.0);
        true
    }

    /// A turn (a strike, a placement, the toss's choice) for a seat the host plays itself (its
    /// person's, or the computer's), on `game`, the match lent.
    pub fn play_own(
        &mut self,
        game: &Game,
        request: impl Into<Request>,
        now: f64,
    ) -> Result<Vec<Outgoing>, NetError> {
        let request = request.into();
        let seat = intent::seat(request.seat_number())?;
        if !self.holder(seat).is_at_host() {
            return Err(NetError::NotYourSeat(request.seat_number()));
        }
        if self.is_rolling() {
            return Err(NetError::Rolling);
        }
        self.take(game, &request, now)
    }

    /// The turn numbered last has been carried out on `game`, the match lent, which is at rest
    /// (`ruling` is how it ended, if it was carried out): its hash is kept, peers that answered
    /// first are compared, the next turn is timed, and strikes that waited are tried. A turn
    /// the lent match refused is settled too: the peers' hashes then say who differs.
    pub fn settled(&mut self, game: &Game, ruling: Option<&Ruling>, now: f64) -> Vec<Outgoing> {
        let Some((_, numbered_at)) = self.rolling.take() else {
            return vec![Outgoing::Log("a turn settled with none numbered".to_string())];
        };
        match Rested::of(game, self.shots) {
            Ok(rested) => self.rested = rested,
            Err(e) => {
                return vec![Outgoing::Log(format!(
                    "the match could not be read after shot {}: {e}",
                    self.shots
                ))];
            }
        }
        self.remember_hash();
        let rolled = ruling.map_or(0.0, |r| self.rolling_seconds(game, r));
        self.clock.start(now, (numbered_at + rolled - now).max(0.0));
        let mut out = vec![];
        for (peer, shot, hash) in std::mem::take(&mut self.early) {
            out.extend(self.check_hash(peer, shot, hash, now));
        }
        while let Some((peer, request)) = self.waiting.pop_front() {
            if self.is_rolling() {
                // Taken: the rest wait for this one to rest in turn.
                self.waiting.push_front((peer, request));
                break;
            }
            match self.take(game, &request, now) {
                Ok(played) => out.extend(played),
                Err(error) => out.push(Host::refusal(peer, &error)),
            }
        }
        out
    }

    /// The message that tells a peer why it was refused.
    pub fn refusal(peer: PeerId, error: &NetError) -> Outgoing {
        Outgoing::To(peer, ToPeer::Refused { reason: error.to_string() })
    }

    fn hello(
        &mut self,
        peer: PeerId,
        name: String,
        token: String,
        now: f64,
    ) -> Result<Vec<Outgoing>, NetError> {
        check_name(&name)?;
        check_token(&token)?;
        // The same device on a new connection (a phone that changed networks, an app started
        // again) before its old one timed out: the new one takes over, the old is forgotten.
        let mut out = vec![];
        for (id, connection) in self.peers.iter_mut().filter(|(id, _)| **id != peer) {
            if connection.token.as_deref() == Some(token.as_str()) {
                connection.token = None;
                out.push(Outgoing::Log(format!(
                    "device {token} came back on connection {peer}: {id} is forgotten"
                )));
            }
        }
        let mine = |h: &Holder| *h == Holder::Device(token.clone()) || *h == Holder::StandIn(token.clone());
        let returning = self.holders.values().any(mine);
        if !returning {
            if let Some(holder) = self.holders.values_mut().find(|h| **h == Holder::Open) {
                // A newcomer takes the first open seat; with none left it watches.
                *holder = Holder::Device(token.clone());
            }
        }
        // Back (on a new connection, or after the old one died): its seats are its own again.
        let back = self.come_back(&token, now);
        let seats: Vec<u8> = self
            .holders
            .iter()
            .filter(|(_, h)| **h == Holder::Device(token.clone()))
            .map(|(s, _)| seat_number(*s))
            .collect();
        if let Some(connection) = self.peers.get_mut(&peer) {
            connection.token = Some(token.clone());
        }
        self.names.insert(token.clone(), name);
        self.state_sent_at.insert(token.clone(), now);
        if back {
            out.push(Outgoing::Log(format!("the player on device {token} is back")));
        }
        let (shots, state) = (self.rested.shots, self.rested.state.clone());
        out.push(Outgoing::To(
            peer,
            ToPeer::Welcome { seats, shots, state, turn_seconds: self.clock.seconds() },
        ));
        out.extend(self.rolling.as_ref().map(|(turn, _)| Outgoing::To(peer, turn.clone())));
        out.push(Outgoing::All(self.players(now)));
        Ok(out)
    }

    fn take(&mut self, game: &Game, request: &Request, now: f64) -> Result<Vec<Outgoing>, NetError> {
        let open = self.open_seats();
        if open > 0 {
            return Err(NetError::SeatsOpen { open });
        }
        if self.is_paused() {
            return Err(NetError::Paused { seconds: self.wait_left(now) });
        }
        let action = request.action(game)?;
        check_turn(game, &action)?;
        self.number(action, now)
    }

    /// Numbers `action` (a turn checked on the lent match, or what `tick` does for a seat whose
    /// time ran out) and sends it to all, the caller's
    /// match included; nothing more is taken until the caller says it has `settled`.
    fn number(&mut self, action: Action, now: f64) -> Result<Vec<Outgoing>, NetError> {
        let played = ToPeer::played(self.shots + 1, &action)
            .ok_or(NetError::WrongWay("only a strike, a pass, a placement or a toss's choice"))?;
        self.shots += 1;
        self.rolling = Some((played.clone(), now));
        self.clock.stop();
        Ok(vec![Outgoing::All(played)])
    }

    /// How long a shot rolled, as the physics simulated it.
    fn rolling_seconds(&self, game: &Game, ruling: &Ruling) -> f64 {
        let step = f64::from(game.table().spec().physics.time_step);
        ruling.report.as_ref().map_or(0.0, |r| f64::from(r.steps) * step)
    }

    /// A peer's hash after `shot`: when it differs from ours, the peer is sent our state, at
    /// most once every [`STATE_RESEND_SECONDS`].
    fn check_hash(&mut self, peer: PeerId, shot: u32, hash: StateHash, now: f64) -> Vec<Outgoing> {
        // The peer's board rested before this one: compared when it rests here.
        if self.is_rolling() && shot == self.shots {
            self.early.retain(|(p, _, _)| *p != peer);
            self.early.push((peer, shot, hash));
            return vec![];
        }
        let ours = self.hashes.iter().find(|(n, _)| *n == shot).map(|(_, h)| *h);
        match ours {
            Some(ours) if ours == hash => return vec![],
            // Too old to compare: newer hashes from the peer will say.
            None if shot < self.shots => return vec![],
            _ => {}
        }
        let Some(token) = self.peers.get(&peer).and_then(|c| c.token.clone()) else { return vec![] };
        // Within the wait, nothing: neither a state nor a line, so that a flood of forged hashes
        // writes the log once every few seconds at most.
        if self.state_sent_at.get(&token).is_some_and(|at| now - at < STATE_RESEND_SECONDS) {
            return vec![];
        }
        self.state_sent_at.insert(token, now);
        let (shots, state) = (self.rested.shots, self.rested.state.clone());
        let ours = ours.map_or("unknown".to_string(), |h| h.to_string());
        let differs = format!("peer {peer} differs after shot {shot} (its hash {hash}, ours {ours})");
        let mut out = vec![
            Outgoing::Log(format!("{differs}: sent our state")),
            Outgoing::To(peer, ToPeer::State { shots, state }),
        ];
        out.extend(self.rolling.as_ref().map(|(turn, _)| Outgoing::To(peer, turn.clone())));
        out
    }

    fn remember_hash(&mut self) {
        self.hashes.push_back((self.rested.shots, self.rested.hash));
        while self.hashes.len() > HASHES_KEPT {
            self.hashes.pop_front();
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
        self.rested.to_play.map(seat_number)
    }
}

fn seat_number(seat: Seat) -> u8 {
    u8::from(seat)
}
