//! `CarromNet`: online play's protocol (carrom-net) as a node. It holds the host's side or a
//! peer's, reads the bytes the game's transport hands it, and says what to send by signals;
//! every shot — this player's, the others', the computer's — is played on this machine's board
//! from the exact numbers the host sent, one at a time, as each comes to rest.

use crate::alive::alive;
use crate::convert;
use crate::refusal::Refused;
use crate::rules::CarromRules;
use carrom_core::game::{Action, Game};
use carrom_core::{Seat, Vec2};
use carrom_net::message::encode;
use carrom_net::replica::Change;
use carrom_net::{Exact, Holder, Host, Intent, NetError, Outgoing, Replica, StateHash, ToPeer};
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
    host: Option<Host>,
    replica: Option<Replica>,
    /// Shots to show, each after the one before has come to rest.
    due: VecDeque<Action>,
    base: Base<Node>,
}

#[godot_api]
impl INode for CarromNet {
    fn process(&mut self, _delta: f64) {
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
        self.host = Some(Host::new(game, seats));
        self.replica = None;
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
            host.disconnect(peer);
        }
    }

    /// Gives `seat` to "computer", "" (the person here) or a device token: the computer can
    /// take a dropped player's seat, and hand it back.
    #[func]
    fn set_holder(&mut self, seat: i64, holder: GString) -> Result<(), Refused> {
        let seat = convert::seat(seat)?;
        let host = self.host.as_mut().ok_or("set_holder: only the host hands seats out")?;
        host.set_holder(seat, holder_of(&holder.to_string()));
        Ok(())
    }

    /// Bytes from `peer`, on the host. False, with one warning, when refused: the peer is told
    /// why and the match goes on.
    #[func]
    fn receive_from_peer(&mut self, peer: i64, bytes: PackedByteArray) -> bool {
        let now = Time::singleton().get_ticks_msec() as f64 / 1000.0;
        let Some(host) = &mut self.host else { return false };
        match host.receive(peer, bytes.as_slice(), now) {
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
            let out = host.play_own(&intent).map_err(net_refusal)?;
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
            if let ToPeer::Shot { .. } = &body {
                if let Some(action) = shot_action(&body) {
                    self.due.push_back(action);
                }
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
        }
        true
    }

    /// Puts the replica's match on the board (on joining, or after a resync).
    fn load(&mut self) -> bool {
        let state = self.replica.as_ref().and_then(Replica::game).and_then(|g| g.to_json().ok());
        let Some(state) = state else { return false };
        let Ok(mut rules) = self.rules_node() else { return false };
        let loaded = rules.bind_mut().load_match_text(&state);
        loaded.map_err(|r| r.log()).is_ok()
    }

    /// Shows the next shot due when the board is at rest.
    fn play_due(&mut self) {
        let Ok(rules) = self.rules_node() else { return };
        let Some(mut board) = rules.bind().board_node() else { return };
        if board.bind().is_moving_now() {
            return;
        }
        let Some(Action::Strike { seat, offset, direction, speed }) = self.due.pop_front() else { return };
        if let Err(refused) = board.bind_mut().play_exact(seat, offset, direction, speed) {
            refused.log();
            return;
        }
        self.signals().shot_started().emit(i64::from(u8::from(seat)));
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

/// The strike a shot message carries.
fn shot_action(message: &ToPeer) -> Option<Action> {
    let ToPeer::Shot { seat, offset, direction, speed, .. } = message else { return None };
    Some(Action::Strike {
        seat: Seat::try_from(*seat).ok()?,
        offset: offset.get(),
        direction: Vec2::new(direction[0].get(), direction[1].get()),
        speed: speed.get(),
    })
}
