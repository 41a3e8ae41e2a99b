//! `CarromNet`: online play's protocol (carrom-net) as a node. It holds the host's side or a
//! peer's, reads the bytes the game's transport hands it, and says what to send by signals.
//! It keeps no match of its own: the protocol is lent the one match of this machine, the one
//! its `CarromRules` plays on the board, and every turn the host numbers — this player's, the
//! others', the computer's — is played there from the host's exact numbers, one at a time, each
//! after the one before has come to rest. On the host it also keeps the time: the turn timer
//! and the wait for a player who dropped.

mod aim;
mod beacon;
mod peer;
mod roster;
mod steps;
mod turns;

use crate::convert;
use crate::enums::{Holder, News, RefusalKind, Who};
use crate::refusal::Refused;
use crate::rules::CarromRules;
use carrom_net::clock::MAX_TURN_SECONDS;
use carrom_net::players::MAX_PAUSE_SECONDS;
use carrom_net::rate::{RateLimit, AIMS_PER_SECOND};
use carrom_net::{Driver, Host, NetError, Outgoing, Player, Replica, Request, StateHash};
use godot::classes::{INode, Node, Time};
use godot::prelude::*;
use godot::signal::ConnectHandle;

/// Plays a match online: call `host_match` on the host, `join` on a peer, pass every message
/// the transport brings to `receive_from_peer` (host) or `receive_from_host` (peer), and send
/// what `send_to_peer` and `send_to_host` ask. A player's strike goes through `strike`.
#[derive(GodotClass)]
#[class(init, base=Node)]
pub struct CarromNet {
    /// The rules of this machine's match: the host's turns are played on its board's match.
    #[export]
    rules: Option<Gd<CarromRules>>,
    /// Seconds each turn has before it passes (0: no timer; at most 600); three timeouts in a
    /// row forfeit the match. Set it on the host before `host_match`; a peer has the host's
    /// value once joined.
    #[export(range = (0.0, 600.0))]
    turn_seconds: i64,
    /// On the host: seconds the match waits for a player who dropped before the computer takes
    /// their seats (at most 3600). Read when `host_match` is called.
    #[export(range = (0.0, 3600.0))]
    #[init(val = 60)]
    drop_seconds: i64,
    /// On the host: the name the others see for the person here.
    #[export]
    host_name: GString,
    host: Option<Host>,
    replica: Option<Replica>,
    /// Turns to show, each after the one before has come to rest.
    driver: Driver,
    /// The seat of the turn this machine last sent the host, until the host numbers a turn for
    /// that seat or refuses it.
    asked: Option<u8>,
    /// How often this machine's player's aim may go out.
    #[init(val = RateLimit::new(AIMS_PER_SECOND, 1))]
    aim_pace: RateLimit,
    /// Who sits where, as last told.
    players: Vec<Player>,
    /// When the wait for a player who dropped ends, as last told (engine seconds).
    wait_until: f64,
    /// The board's `ruling_taken`, heard while a match is hosted or joined.
    listening: Option<ConnectHandle>,
    base: Base<Node>,
}

#[godot_api]
impl INode for CarromNet {
    fn process(&mut self, _delta: f64) {
        if let Some(host) = &mut self.host {
            let out = host.tick(now());
            if !out.is_empty() {
                self.deliver(out);
            }
        }
        self.show_due_later();
    }

    fn ready(&mut self) {
        if !godot::classes::Engine::singleton().is_editor_hint() && self.board().is_err() {
            Refused::from("CarromNet.rules must be set to the CarromRules of a board").log();
        }
    }

    fn exit_tree(&mut self) {
        self.stop_listening();
    }
}

#[godot_api]
impl CarromNet {
    /// Who plays a seat (`get_who`, `who` of `get_players`).
    #[constant]
    const WHO_HOST: i64 = Who::Host as i64;
    #[constant]
    const WHO_COMPUTER: i64 = Who::Computer as i64;
    #[constant]
    const WHO_PERSON: i64 = Who::Person as i64;
    #[constant]
    const WHO_AWAY: i64 = Who::Away as i64;
    #[constant]
    const WHO_STAND_IN: i64 = Who::StandIn as i64;
    #[constant]
    const WHO_OPEN: i64 = Who::Open as i64;
    #[constant]
    const WHO_UNTOLD: i64 = Who::Untold as i64;
    /// Who the host gives a seat to (`host_match`, `set_holder`).
    #[constant]
    const HOLDER_HERE: i64 = Holder::Here as i64;
    #[constant]
    const HOLDER_COMPUTER: i64 = Holder::Computer as i64;
    #[constant]
    const HOLDER_OPEN: i64 = Holder::Open as i64;
    /// The protocol's version, which every message carries (`{"protocol": …, "body": …}`).
    #[constant]
    const PROTOCOL: i64 = carrom_net::PROTOCOL as i64;
    /// What changed at a seat (`seat_news`).
    #[constant]
    const NEWS_JOINED: i64 = News::Joined as i64;
    #[constant]
    const NEWS_BACK: i64 = News::Back as i64;
    #[constant]
    const NEWS_AWAY: i64 = News::Away as i64;
    #[constant]
    const NEWS_STOOD_IN: i64 = News::StoodIn as i64;
    /// Why the host refused a turn (`turn_refused`).
    #[constant]
    const REFUSED_NOT_YOUR_TURN: i64 = RefusalKind::NotYourTurn as i64;
    #[constant]
    const REFUSED_NOT_YOUR_SEAT: i64 = RefusalKind::NotYourSeat as i64;
    #[constant]
    const REFUSED_WAITING: i64 = RefusalKind::Waiting as i64;
    #[constant]
    const REFUSED_ROLLING: i64 = RefusalKind::Rolling as i64;
    #[constant]
    const REFUSED_OVER: i64 = RefusalKind::Over as i64;
    #[constant]
    const REFUSED_RULES: i64 = RefusalKind::Rules as i64;
    #[constant]
    const REFUSED_TOO_FAST: i64 = RefusalKind::TooFast as i64;
    #[constant]
    const REFUSED_OTHER: i64 = RefusalKind::Other as i64;

    /// Send `bytes` to the peer the transport numbers `peer`.
    #[signal]
    fn send_to_peer(peer: i64, bytes: PackedByteArray);
    /// Send `bytes` to the host.
    #[signal]
    fn send_to_host(bytes: PackedByteArray);
    /// Joined the host's match: these seats are played here.
    #[signal]
    fn joined(seats: PackedInt32Array);
    /// Someone is aiming: `offset` along their baseline and `direction`, in board pixels.
    #[signal]
    fn aim_shown(seat: i64, offset: f64, direction: Vector2);
    /// A shot begins on this board.
    #[signal]
    fn shot_started(seat: i64);
    /// The host refused this machine's last message, and why.
    #[signal]
    fn refused(reason: GString);
    /// The host took the turn this machine sent for `seat` (a strike, a placement, the toss's
    /// choice): it is numbered and on its way to every board.
    #[signal]
    fn turn_accepted(seat: i64);
    /// The host refused the turn this machine sent for `seat`: why, as a `REFUSED_*` kind for
    /// the player and in the host's words: the turn is that seat's again, to be taken anew.
    #[signal]
    fn turn_refused(seat: i64, kind: RefusalKind, reason: GString);
    /// A line for the log (a refused peer, a resync).
    #[signal]
    fn log_line(text: GString);
    /// Who sits where changed (see `get_players`); `pause_seconds` above 0 means the match
    /// waits that long for a player who dropped, and nobody may strike meanwhile.
    #[signal]
    fn players_changed(pause_seconds: i64);
    /// What changed at `seat` (`NEWS_*`), told before the `players_changed` that brings it.
    #[signal]
    fn seat_news(seat: i64, news: News);
    /// `seat` let its turn's time run out and the turn passed (shown when the board reaches it).
    #[signal]
    fn turn_passed(seat: i64);
    /// `seat` placed the returned pieces (RULES.md X3) — from this device, another, or by its
    /// turn clock — and they stand on this board: the turn they held up goes on.
    #[signal]
    fn pieces_placed(seat: i64);
    /// A numbered turn came to rest on this machine's board: `shots` turns are settled here,
    /// and `hash` is the hash this machine puts to the others for them (a peer sends it to the
    /// host; the host compares the peers' with it) — the hash of the match the board shows.
    #[signal]
    fn turn_settled(shots: i64, hash: GString);

    /// Hosts the match `rules` holds now. `holders` maps a seat to who plays it: `HOLDER_HERE`
    /// (the person here), `HOLDER_COMPUTER`, `HOLDER_OPEN` (the next device to join takes it),
    /// or a device's token (a text: the seat is kept for that device).
    /// Refused before a match or while a shot is under way.
    #[func]
    fn host_match(&mut self, holders: VarDictionary) -> Result<(), Refused> {
        let board = self.board()?;
        let mut seats = vec![];
        for (key, value) in holders.iter_shared() {
            let seat = convert::seat(key.try_to::<i64>().map_err(|_| "holders: a key that is not a seat")?)?;
            seats.push((seat, holder_of(u8::from(seat), &value)?));
        }
        let turn = u32::try_from(self.turn_seconds.clamp(0, MAX_TURN_SECONDS.into())).unwrap_or(0);
        let wait = u32::try_from(self.drop_seconds.clamp(0, MAX_PAUSE_SECONDS.into())).unwrap_or(60);
        let host = {
            let board = board.bind();
            let game = board.game().ok_or("host_match: start or load the match first")?;
            if game.rules().settings().time_limit_seconds.is_some() {
                return Err(
                    "host_match: online matches have no match clock (set CarromRules.time_limit_seconds \
                    to 0); each turn has turn_seconds"
                        .into(),
                );
            }
            Host::new(game, seats).map_err(net_refusal)?
        };
        let mut host = host.with_turn_seconds(turn).with_drop_seconds(wait);
        if !self.host_name.is_empty() {
            host.set_host_name(&self.host_name.to_string()).map_err(net_refusal)?;
        }
        let players = host.players(now());
        self.host = Some(host);
        self.replica = None;
        self.driver.clear();
        self.listen(&board);
        self.deliver(vec![Outgoing::All(players)]);
        Ok(())
    }

    /// A peer connected to this host.
    #[func]
    fn peer_connected(&mut self, peer: i64) {
        if let Some(host) = &mut self.host {
            host.connect(peer);
        }
    }

    /// A peer left this host; its seats wait for its device.
    #[func]
    fn peer_disconnected(&mut self, peer: i64) {
        if let Some(host) = &mut self.host {
            let out = host.disconnect(peer, now());
            self.deliver(out);
        }
    }

    /// Gives `seat` to `HOLDER_HERE`, `HOLDER_COMPUTER` or `HOLDER_OPEN`, and tells everyone
    /// (a device that comes back takes its own seats back by itself).
    #[func]
    fn set_holder(&mut self, seat: i64, holder: Holder) -> Result<(), Refused> {
        let seat = convert::seat(seat)?;
        let host = self.host.as_mut().ok_or("set_holder: only the host hands seats out")?;
        let out = host.set_holder(seat, holder.into(), now());
        self.deliver(out);
        Ok(())
    }

    /// Bytes from `peer`, on the host. False, with one warning, when refused: the peer is told
    /// why and the match goes on.
    #[func(gd_self)]
    fn receive_from_peer(mut this: Gd<Self>, peer: i64, bytes: PackedByteArray) -> bool {
        let taken = this.bind_mut().take_from_peer(peer, bytes.as_slice());
        CarromNet::show_due(this);
        taken
    }

    /// Bytes from the host, on a peer. False, with one warning, when they cannot be used.
    #[func(gd_self)]
    fn receive_from_host(mut this: Gd<Self>, bytes: PackedByteArray) -> bool {
        let change = this.bind_mut().take_from_host(bytes.as_slice());
        let shown = change.is_some_and(|change| CarromNet::show(this.clone(), change));
        CarromNet::show_due(this);
        shown
    }

    /// This machine's player strikes for `seat`: striker at `offset` pixels along the baseline,
    /// along `direction`, at `power` (above 0, at most 1). The host plays it at once if the
    /// rules allow; a peer sends it to the host. False, with one error, when refused here.
    #[func(gd_self)]
    fn strike(
        mut this: Gd<Self>,
        seat: i64,
        offset: f64,
        direction: Vector2,
        power: f64,
    ) -> Result<(), Refused> {
        let intent = this.bind().intent(seat, offset, direction, power)?;
        this.bind_mut().send_request("strike", Request::Strike(intent))?;
        CarromNet::show_due(this);
        Ok(())
    }

    /// Shows at once every turn received and not yet shown, each run to rest: the match as the
    /// host has it, for a peer that keeps it when the host leaves.
    #[func(gd_self)]
    fn finish_due(this: Gd<Self>) {
        let Ok(mut board) = this.bind().board() else { return };
        let due = this.bind().driver.len();
        for _ in 0..due + 2 {
            if board.bind().is_moving_now() {
                board.bind_mut().simulate_to_rest();
            }
            if this.bind().driver.is_empty() {
                return;
            }
            CarromNet::show_due(this.clone());
        }
    }

    /// The range of each number setting, as the protocol holds a host to it:
    /// {"turn_seconds": [0, high], "drop_seconds": [0, high]}.
    #[func]
    fn get_limits() -> VarDictionary {
        crate::variant::limits(&[
            ("turn_seconds", 0.0, f64::from(MAX_TURN_SECONDS)),
            ("drop_seconds", 0.0, f64::from(MAX_PAUSE_SECONDS)),
        ])
    }

    /// Why a host would refuse `name` for a player, or empty when it is a good name: the game
    /// checks a name the way the protocol does before it sends one.
    #[func]
    fn name_problem(name: GString) -> GString {
        match carrom_net::players::check_name(&name.to_string()) {
            Ok(()) => GString::new(),
            Err(why) => GString::from(why.to_string().as_str()),
        }
    }

    /// Whether this machine hosts the match.
    #[func]
    fn is_host(&self) -> bool {
        self.host.is_some()
    }

    /// Shots played in the match so far, as the protocol counts them.
    #[func]
    fn get_shots(&self) -> i64 {
        let shots = self.host.as_ref().map(Host::shots).or_else(|| self.replica.as_ref().map(Replica::shots));
        i64::from(shots.unwrap_or(0))
    }

    /// Shots received and not yet shown on the board.
    #[func]
    fn get_shots_due(&self) -> i64 {
        self.driver.len() as i64
    }

    /// The hash of this machine's match as its board shows it: equal on every machine once
    /// the same shots have come to rest.
    #[func]
    fn get_state_hash(&self) -> GString {
        let hash = self.with_game(|game| StateHash::of_game(game).ok()).flatten();
        hash.map(|h| GString::from(h.to_string().as_str())).unwrap_or_default()
    }

    /// The hash this machine last put to the others: on a peer, the one it sent the host after
    /// the last turn it settled; on the host, the one it compares the peers' with. "" before.
    #[func]
    fn get_sent_hash(&self) -> GString {
        self.sent_hash().map(|h| GString::from(h.to_string().as_str())).unwrap_or_default()
    }

    /// Shows the turns due (see `show_due`), called deferred from where this node is borrowed.
    #[func(gd_self, rename = _show_due)]
    fn show_due_deferred(this: Gd<Self>) {
        CarromNet::show_due(this);
    }
}

/// Who `seat` is given in `host_match`'s `holders`: a `HOLDER_*`, or a device's token.
fn holder_of(seat: u8, value: &Variant) -> Result<carrom_net::Holder, Refused> {
    if let Ok(token) = value.try_to::<GString>() {
        return Ok(carrom_net::Holder::Device(token.to_string()));
    }
    let holder = value.try_to::<Holder>().map_err(|_| {
        format!("holders: seat {seat} is given {value}: give HOLDER_HERE, HOLDER_COMPUTER, HOLDER_OPEN or a device token")
    })?;
    Ok(holder.into())
}

fn net_refusal(error: NetError) -> Refused {
    Refused(error.to_string())
}

/// Seconds since the engine started: the host's clock for timers and waits.
fn now() -> f64 {
    Time::singleton().get_ticks_msec() as f64 / 1000.0
}
