//! `CarromNet`: online play's protocol (carrom-net) as a node. It holds the host's side or a
//! peer's, reads the bytes the game's transport hands it, and says what to send by signals;
//! every shot — this player's, the others', the computer's — is played on this machine's board
//! from the exact numbers the host sent, one at a time, as each comes to rest. On the host it
//! also keeps the time: the turn timer and the wait for a player who dropped.

use crate::alive::alive;
use crate::convert;
use crate::refusal::Refused;
use crate::rules::CarromRules;
use carrom_core::game::{Action, Game};
use carrom_core::{Seat, Vec2};
use carrom_net::message::encode;
use carrom_net::replica::Change;
use carrom_net::{
    Beacon, Exact, Holder, Host, Intent, NetError, Outgoing, Player, Replica, StateHash, ToPeer, Who,
};
use godot::classes::{INode, Node, Time};
use godot::prelude::*;
use std::collections::VecDeque;

/// Plays a match online: call `host_match` on the host, `join` on a peer, pass every message
/// the transport brings to `receive_from_peer` (host) or `receive_from_host` (peer), and send
/// what `send_to_peer` and `send_to_host` ask. A player's strike goes through `strike`.
#[derive(GodotClass)]
#[class(init, base=Node)]
pub struct CarromNet {
    /// The rules of this machine's match: shots are played on its board.
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
    due: VecDeque<Action>,
    /// Who sits where, as last told.
    players: Vec<Player>,
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
        self.play_due();
    }
}

#[godot_api]
impl CarromNet {
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
    /// A line for the log (a refused peer, a resync).
    #[signal]
    fn log_line(text: GString);
    /// Who sits where changed (see `get_players`); `pause_seconds` above 0 means the match
    /// waits that long for a player who dropped, and nobody may strike meanwhile.
    #[signal]
    fn players_changed(pause_seconds: i64);
    /// `seat` let its turn's time run out and the turn passed (shown when the board reaches it).
    #[signal]
    fn turn_passed(seat: i64);

    /// Hosts the match `rules` holds now. `holders` maps a seat to who plays it: "" for the
    /// person here, "computer", "open" (the next device to join takes it), or a device's token.
    /// Refused before a match or while a shot is under way.
    #[func]
    fn host_match(&mut self, holders: VarDictionary) -> Result<(), Refused> {
        let game = Game::from_json(&self.rules_node()?.bind().save_match_text()?).map_err(Refused::from)?;
        let mut seats = vec![];
        for (key, value) in holders.iter_shared() {
            let seat = convert::seat(key.try_to::<i64>().map_err(|_| "holders: a key that is not a seat")?)?;
            seats.push((seat, holder_of(&value.to_string())));
        }
        let turn = u32::try_from(self.turn_seconds.clamp(0, 600)).unwrap_or(0);
        let wait = u32::try_from(self.drop_seconds.clamp(0, 3600)).unwrap_or(60);
        let mut host = Host::new(game, seats).with_turn_seconds(turn).with_drop_seconds(wait);
        if !self.host_name.is_empty() {
            host.set_host_name(&self.host_name.to_string()).map_err(net_refusal)?;
        }
        let players = host.players(now());
        self.host = Some(host);
        self.replica = None;
        self.due.clear();
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

    /// Gives `seat` to "computer", "" (the person here) or a device token: the computer can
    /// take a dropped player's seat, and hand it back.
    #[func]
    fn set_holder(&mut self, seat: i64, holder: GString) -> Result<(), Refused> {
        let seat = convert::seat(seat)?;
        let host = self.host.as_mut().ok_or("set_holder: only the host hands seats out")?;
        let out = host.set_holder(seat, holder_of(&holder.to_string()), now());
        self.deliver(out);
        Ok(())
    }

    /// Bytes from `peer`, on the host. False, with one warning, when refused: the peer is told
    /// why and the match goes on.
    #[func]
    fn receive_from_peer(&mut self, peer: i64, bytes: PackedByteArray) -> bool {
        let Some(host) = &mut self.host else { return false };
        match host.receive(peer, bytes.as_slice(), now()) {
            Ok(out) => {
                self.deliver(out);
                true
            }
            Err(error) => {
                godot_warn!("carrom: refused a message from peer {peer}: {error}");
                self.deliver(vec![Host::refusal(peer, &error)]);
                false
            }
        }
    }

    /// Joins a host as `name`, with this device's `token` (kept between runs, so that seats
    /// come back after a drop): the hello goes out by `send_to_host`.
    #[func]
    fn join(&mut self, name: GString, token: GString) {
        self.host = None;
        self.replica = Some(Replica::new());
        let hello = Replica::hello(&name.to_string(), &token.to_string());
        self.signals().send_to_host().emit(&PackedByteArray::from(hello.as_slice()));
    }

    /// Bytes from the host, on a peer. False, with one warning, when they cannot be used.
    #[func]
    fn receive_from_host(&mut self, bytes: PackedByteArray) -> bool {
        let Some(replica) = &mut self.replica else { return false };
        let (change, replies) = match replica.receive(bytes.as_slice()) {
            Ok(answer) => answer,
            Err(error) => {
                godot_warn!("carrom: a message from the host could not be used: {error}");
                return false;
            }
        };
        for reply in replies {
            self.signals().send_to_host().emit(&PackedByteArray::from(reply.as_slice()));
        }
        self.show(change)
    }

    /// This machine's player strikes for `seat`: striker at `offset` pixels along the baseline,
    /// along `direction`, at `power` (above 0, at most 1). The host plays it at once if the
    /// rules allow; a peer sends it to the host. False, with one error, when refused here.
    #[func]
    fn strike(&mut self, seat: i64, offset: f64, direction: Vector2, power: f64) -> Result<(), Refused> {
        let intent = self.intent(seat, offset, direction, power)?;
        if let Some(host) = &mut self.host {
            let out = host.play_own(&intent, now()).map_err(net_refusal)?;
            self.deliver(out);
        } else if self.replica.is_some() {
            self.signals().send_to_host().emit(&PackedByteArray::from(Replica::strike(&intent).as_slice()));
        } else {
            return Err("strike: host a match or join one first".into());
        }
        Ok(())
    }

    /// Where this machine's player aims now, for the others to see (send it a few times a
    /// second, not every frame).
    #[func]
    fn aim(&mut self, seat: i64, offset: f64, direction: Vector2) -> Result<(), Refused> {
        let (seat, offset, direction) = self.exact_aim(seat, offset, direction)?;
        if self.host.is_some() {
            let aim = ToPeer::Aim {
                seat: u8::from(seat),
                offset: Exact::new(offset),
                direction: [Exact::new(direction.x), Exact::new(direction.y)],
            };
            self.deliver(vec![Outgoing::All(aim)]);
        } else if self.replica.is_some() {
            let bytes = Replica::aim(seat, offset, direction);
            self.signals().send_to_host().emit(&PackedByteArray::from(bytes.as_slice()));
        }
        Ok(())
    }

    /// On the host: the datagram to broadcast on the local network so that players find this
    /// match (`read_beacon` reads it), for the host listening on `port`. Empty elsewhere.
    #[func]
    fn get_beacon(&self, port: i64) -> PackedByteArray {
        let (Some(host), Ok(port)) = (&self.host, u16::try_from(port)) else {
            return PackedByteArray::new();
        };
        let name = self.host_name.to_string();
        let open = u8::try_from(host.open_seats()).unwrap_or(u8::MAX);
        let beacon = Beacon::new(port, &name, host.game().rules().mode().name(), open);
        PackedByteArray::from(beacon.to_bytes().as_slice())
    }

    /// A host's beacon read from a datagram: `{port, name, mode, open}` ("singles", "doubles" or
    /// "points"; the seats still open), or an empty dictionary when it is not a beacon of this
    /// game's protocol. Anyone on the network can send one: every field is checked.
    #[func]
    fn read_beacon(bytes: PackedByteArray) -> VarDictionary {
        let mut found = VarDictionary::new();
        if let Ok(beacon) = Beacon::read(bytes.as_slice()) {
            found.set("port", i64::from(beacon.port));
            found.set("name", &beacon.name.to_variant());
            found.set("mode", &beacon.mode.to_variant());
            found.set("open", i64::from(beacon.open));
        }
        found
    }

    /// Shows at once every turn received and not yet shown, each run to rest: the match as the
    /// host has it, for a peer that keeps it when the host leaves.
    #[func]
    fn finish_due(&mut self) {
        let Ok(rules) = self.rules_node() else { return };
        for _ in 0..self.due.len() + 2 {
            if let Some(mut board) = rules.bind().board_node() {
                if board.bind().is_moving_now() {
                    self.reentrant(|| board.bind_mut().simulate_to_rest());
                }
            }
            if self.due.is_empty() {
                return;
            }
            self.play_due();
        }
    }

    /// Whether this machine hosts the match.
    #[func]
    fn is_host(&self) -> bool {
        self.host.is_some()
    }

    /// Whether the computer plays `seat` here: on the host, a computer's seat, or the seat of
    /// a player who dropped and did not come back in time.
    #[func]
    fn is_computer_seat(&self, seat: i64) -> bool {
        let (Some(host), Ok(seat)) = (&self.host, convert::seat(seat)) else { return false };
        host.holder(seat).is_computer()
    }

    /// Who sits where: one dictionary per seat of the match, `{seat, name, who}`, `who` one of
    /// "host", "computer", "person", "away" (dropped; the match waits), "stand_in" (the computer
    /// for a player who did not come back) or "open". Names are as the players gave them.
    #[func]
    fn get_players(&self) -> Array<VarDictionary> {
        self.players
            .iter()
            .map(|p| {
                let mut d = VarDictionary::new();
                d.set("seat", i64::from(p.seat));
                d.set("name", &p.name.to_variant());
                d.set("who", &who_key(p.who).to_variant());
                d
            })
            .collect()
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
        self.due.len() as i64
    }

    /// The hash of this machine's match as its board shows it: equal on every machine once
    /// the same shots have come to rest.
    #[func]
    fn get_state_hash(&self) -> GString {
        let text = self.rules_node().and_then(|r| r.bind().save_match_text());
        text.map(|t| GString::from(StateHash::of_save(&t).to_string().as_str())).unwrap_or_default()
    }
}

impl CarromNet {
    fn rules_node(&self) -> Result<Gd<CarromRules>, Refused> {
        alive(&self.rules).ok_or_else(|| "CarromNet.rules must be set to the match's CarromRules".into())
    }

    /// A player's strike in the protocol's units: metres along the baseline, exactly.
    fn intent(&self, seat: i64, offset: f64, direction: Vector2, power: f64) -> Result<Intent, Refused> {
        let (seat, offset, direction) = self.exact_aim(seat, offset, direction)?;
        let power = convert::finite("power", power)?;
        Ok(Intent::new(seat, offset, direction, power))
    }

    /// A seat, an offset in metres along its baseline and a direction, from GDScript's values.
    fn exact_aim(&self, seat: i64, offset: f64, direction: Vector2) -> Result<(Seat, f32, Vec2), Refused> {
        let seat = convert::seat(seat)?;
        let rules = self.rules_node()?;
        let board = rules.bind().board_node().ok_or("CarromNet: the rules have no board")?;
        let offset = board.bind().units().metres("offset", offset)?;
        Ok((seat, offset, convert::direction(direction.x, direction.y)?))
    }

    /// Sends what the host says to send; a shot for everyone is shown here too.
    fn deliver(&mut self, out: Vec<Outgoing>) {
        let joined = self.host.as_ref().map(Host::joined_peers).unwrap_or_default();
        for message in out {
            let relayed = matches!(message, Outgoing::AllBut(..));
            let (targets, body) = match message {
                Outgoing::To(peer, body) => (vec![peer], body),
                Outgoing::All(body) => (joined.clone(), body),
                Outgoing::AllBut(but, body) => (joined.iter().copied().filter(|p| *p != but).collect(), body),
                Outgoing::Log(line) => {
                    godot_warn!("carrom: {line}");
                    self.signals().log_line().emit(&GString::from(line.as_str()));
                    continue;
                }
            };
            // The host's own numbered turns are shown here too.
            if let Ok(Some((_, action))) = body.turn() {
                self.due.push_back(action);
            }
            if let ToPeer::Players { players, pause_seconds } = &body {
                self.show(Change::Players { players: players.clone(), pause_seconds: *pause_seconds });
            }
            // Another player's aim passed on by this host is shown here too.
            if let (true, ToPeer::Aim { seat, offset, direction }) = (relayed, &body) {
                if let (Ok(seat), Ok(dir)) =
                    (Seat::try_from(*seat), carrom_net::intent::direction(*direction))
                {
                    self.show(Change::Aim { seat, offset: offset.get(), direction: dir });
                }
            }
            let bytes = PackedByteArray::from(encode(&body).as_slice());
            for peer in targets {
                self.signals().send_to_peer().emit(peer, &bytes);
            }
        }
        self.play_due();
    }

    /// What a message from the host changed, shown here.
    fn show(&mut self, change: Change) -> bool {
        match change {
            Change::Joined(seats) => {
                if !self.load() {
                    return false;
                }
                self.turn_seconds = self.replica.as_ref().map_or(0, |r| i64::from(r.turn_seconds()));
                let seats: PackedInt32Array = seats.iter().map(|s| i32::from(u8::from(*s))).collect();
                self.signals().joined().emit(&seats);
            }
            Change::Resynced => {
                self.due.clear();
                if !self.load() {
                    return false;
                }
                self.signals().log_line().emit("took the host's state");
            }
            Change::Aim { seat, offset, direction } => {
                let units =
                    self.rules_node().ok().and_then(|r| r.bind().board_node()).map(|b| b.bind().units());
                if let Some(units) = units {
                    let dir = Vector2::new(direction.x, direction.y);
                    self.signals().aim_shown().emit(i64::from(u8::from(seat)), units.pixels(offset), dir);
                }
            }
            Change::Shot(action) => {
                self.due.push_back(action);
                self.play_due();
            }
            Change::Refused(reason) => self.signals().refused().emit(&GString::from(reason.as_str())),
            Change::Players { players, pause_seconds } => {
                self.players = players;
                self.signals().players_changed().emit(i64::from(pause_seconds));
            }
        }
        true
    }

    /// Runs `call` (which may make Godot call this node back, through the signals it sets off)
    /// with this node open to such calls.
    fn reentrant<R>(&mut self, call: impl FnOnce() -> R) -> R {
        let _open = self.base_mut();
        call()
    }

    /// Puts the replica's match on the board (on joining, or after a resync).
    fn load(&mut self) -> bool {
        let state = self.replica.as_ref().and_then(Replica::game).and_then(|g| g.to_json().ok());
        let Some(state) = state else { return false };
        let Ok(mut rules) = self.rules_node() else { return false };
        let loaded = self.reentrant(|| rules.bind_mut().load_match_text(&state));
        loaded.map_err(|r| r.log()).is_ok()
    }

    /// Shows the next shot due when the board is at rest.
    fn play_due(&mut self) {
        let Ok(rules) = self.rules_node() else { return };
        let moving = rules.bind().board_node().is_none_or(|b| b.bind().is_moving_now());
        if moving {
            return;
        }
        match self.due.pop_front() {
            Some(Action::Strike { seat, offset, direction, speed }) => {
                let Some(mut board) = rules.bind().board_node() else { return };
                let played = self.reentrant(|| board.bind_mut().play_exact(seat, offset, direction, speed));
                if let Err(refused) = played {
                    refused.log();
                    return;
                }
                self.signals().shot_started().emit(i64::from(u8::from(seat)));
            }
            Some(Action::Pass { seat }) => {
                let seat = i64::from(u8::from(seat));
                let mut rules = rules;
                // The turn it starts is announced at once, and the game may call this node
                // back (its player's aim): let it in while the pass is played.
                let passed = self.reentrant(|| rules.bind_mut().pass_turn(seat));
                if let Err(refused) = passed {
                    refused.log();
                    return;
                }
                self.signals().turn_passed().emit(seat);
            }
            _ => {}
        }
    }
}

fn holder_of(text: &str) -> Holder {
    match text {
        "" => Holder::Host,
        "computer" => Holder::Computer,
        "open" => Holder::Open,
        token => Holder::Device(token.to_string()),
    }
}

fn net_refusal(error: NetError) -> Refused {
    Refused(error.to_string())
}

/// The key GDScript sees for who plays a seat.
fn who_key(who: Who) -> &'static str {
    match who {
        Who::Host => "host",
        Who::Computer => "computer",
        Who::Person => "person",
        Who::Away => "away",
        Who::StandIn => "stand_in",
        Who::Open => "open",
    }
}

/// Seconds since the engine started: the host's clock for timers and waits.
fn now() -> f64 {
    Time::singleton().get_ticks_msec() as f64 / 1000.0
}
