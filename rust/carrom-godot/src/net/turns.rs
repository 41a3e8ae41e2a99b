//! The online node's work behind its calls: the protocol's answers delivered, what the host
//! changed shown, and the numbered turns played on the board's match one at a time. Anything
//! that makes the board act runs with this node unborrowed (from a `gd_self` call, or deferred),
//! so that the game may call this node back from the board's and the rules' signals.

use super::{net_refusal, now, CarromNet};
use crate::alive::alive;
use crate::board::CarromBoard;
use crate::convert;
use crate::enums::{News, RefusalKind};
use crate::refusal::Refused;
use crate::rules::CarromRules;
use carrom_core::game::{Action, Game};
use carrom_core::{Seat, Vec2};
use carrom_net::replica::Change;
use carrom_net::{Addressed, Fan, Host, Intent, Outgoing, Player, Replica, Request, StateHash, ToPeer};
use godot::prelude::*;

impl CarromNet {
    pub(super) fn rules_node(&self) -> Result<Gd<CarromRules>, Refused> {
        alive(&self.rules).ok_or_else(|| "CarromNet.rules must be set to the match's CarromRules".into())
    }

    /// The board whose match is this machine's.
    pub(super) fn board(&self) -> Result<Gd<CarromBoard>, Refused> {
        self.rules_node()?.bind().board_node().ok_or_else(|| "CarromNet: the rules have no board".into())
    }

    /// Reads this machine's match, if there is one.
    pub(super) fn with_game<R>(&self, read: impl FnOnce(&Game) -> R) -> Option<R> {
        self.rules_node().ok()?.bind().with_game(read)
    }

    /// Hears the board's `ruling_taken`: a numbered turn shown there has been ruled (heard
    /// before the rules announce it, so nothing the announcement starts is in the hash).
    pub(super) fn listen(&mut self, board: &Gd<CarromBoard>) {
        self.stop_listening();
        self.listening =
            Some(board.signals().ruling_taken().connect_other(&self.to_gd(), CarromNet::on_board_ruled));
    }

    pub(super) fn stop_listening(&mut self) {
        crate::alive::disconnect(self.listening.take());
    }

    /// The board ruled: if on the turn shown, and that turn is at rest, it is settled with the
    /// protocol — the host keeps its hash and takes what waited, a peer answers its hash.
    fn on_board_ruled(&mut self) {
        let at_rest = self.board().is_ok_and(|b| !b.bind().is_moving_now());
        if at_rest && self.driver.rested() {
            self.settle();
        }
        self.show_due_later();
    }

    /// The turn shown is over (ruled, or refused by this machine's match): the protocol is
    /// told, with the match as it stands, and `turn_settled` says the hash put to the others.
    fn settle(&mut self) {
        let Ok(board) = self.board() else { return };
        let board = board.bind();
        let Some(game) = board.game() else { return };
        let (out, to_host) = match (&mut self.host, &mut self.replica) {
            (Some(host), _) => (host.settled(game, None, now()), None),
            (None, Some(replica)) => (vec![], Some(replica.settled(game))),
            _ => return,
        };
        drop(board);
        let (shots, hash) = (self.settled_shots(), self.sent_hash().map(|h| h.to_string()));
        self.signals().turn_settled().emit(shots, &GString::from(hash.unwrap_or_default().as_str()));
        if let Some(message) = to_host {
            self.signals().send_to_host().emit(&PackedByteArray::from(message.as_slice()));
        }
        self.deliver(out);
    }

    /// The hash this machine last put to the others: the host's kept hash, a peer's sent one.
    pub(super) fn sent_hash(&self) -> Option<StateHash> {
        match (&self.host, &self.replica) {
            (Some(host), _) => Some(host.rested_hash()),
            (None, Some(replica)) => replica.sent_hash(),
            _ => None,
        }
    }

    /// Numbered turns settled on this machine's match.
    fn settled_shots(&self) -> i64 {
        let host = self.host.as_ref().map(Host::rested_shots);
        i64::from(host.or_else(|| self.replica.as_ref().map(Replica::settled_shots)).unwrap_or(0))
    }

    /// What `peer` sent, taken by the host: false, with one warning, when refused.
    pub(super) fn take_from_peer(&mut self, peer: i64, bytes: &[u8]) -> bool {
        let Ok(board) = self.board() else { return false };
        let Some(host) = &mut self.host else { return false };
        let board = board.bind();
        let Some(game) = board.game() else { return false };
        let answer = host.receive(game, peer, bytes, now());
        drop(board);
        match answer {
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

    /// What the host sent, read by this peer: what it changed, once its replies are sent.
    pub(super) fn take_from_host(&mut self, bytes: &[u8]) -> Option<Change> {
        let replica = self.replica.as_mut()?;
        let (change, replies) = match replica.receive(bytes) {
            Ok(answer) => answer,
            Err(error) => {
                godot_warn!("carrom: a message from the host could not be used: {error}");
                return None;
            }
        };
        for reply in replies {
            self.signals().send_to_host().emit(&PackedByteArray::from(reply.as_slice()));
        }
        Some(change)
    }

    /// This machine's turn — a strike, a placement, the toss's choice — played by the host, or
    /// sent to it. `what` names the call in a refusal.
    pub(super) fn send_request(&mut self, what: &str, request: Request) -> Result<(), Refused> {
        if self.host.is_some() {
            let board = self.board()?;
            let out = {
                let board = board.bind();
                let game = board.game().ok_or_else(|| format!("{what}: no match on the board"))?;
                let host = self.host.as_mut().ok_or_else(|| format!("{what}: not hosting"))?;
                host.play_own(game, request, now()).map_err(net_refusal)?
            };
            self.deliver(out);
        } else if self.replica.is_some() {
            self.asked = Some(request.seat_number());
            self.signals().send_to_host().emit(&PackedByteArray::from(Replica::ask(&request).as_slice()));
        } else {
            return Err(format!("{what}: host a match or join one first").into());
        }
        Ok(())
    }

    /// A player's strike in the protocol's units: metres along the baseline, exactly.
    pub(super) fn intent(
        &self,
        seat: i64,
        offset: f64,
        direction: Vector2,
        power: f64,
    ) -> Result<Intent, Refused> {
        let (seat, offset, direction) = self.exact_aim(seat, offset, direction)?;
        let power = convert::finite("power", power)?;
        Ok(Intent::new(seat, offset, direction, power))
    }

    /// A seat, an offset in metres along its baseline and a direction, from GDScript's values.
    pub(super) fn exact_aim(
        &self,
        seat: i64,
        offset: f64,
        direction: Vector2,
    ) -> Result<(Seat, f32, Vec2), Refused> {
        let seat = convert::seat(seat)?;
        let offset = self.board()?.bind().units().metres("offset", offset)?;
        Ok((seat, offset, convert::direction(direction.x, direction.y)?))
    }

    /// Sends what the host says to send; every numbered turn for all is due here too (a turn
    /// sent to one peer alone, the shot rolling for one who came in during it, is not: this
    /// board plays it already), and other changes the host makes are shown as a peer would
    /// see them.
    pub(super) fn deliver(&mut self, out: Vec<Outgoing>) {
        self.driver.take(&out);
        let Some(addressed) = self.host.as_ref().map(|host| host.address(out)) else { return };
        for message in addressed {
            let Addressed { fan, to, body, bytes } = match message {
                Ok(addressed) => addressed,
                Err(line) => {
                    godot_warn!("carrom: {line}");
                    self.signals().log_line().emit(&GString::from(line.as_str()));
                    continue;
                }
            };
            if let ToPeer::Players { players, pause_seconds } = &body {
                self.seat_players(players.clone(), *pause_seconds);
            }
            // Another player's aim passed on by this host is shown here too.
            if let (Fan::AllBut, ToPeer::Aim { seat, offset, direction }) = (fan, &body) {
                if let (Ok(seat), Ok(dir)) =
                    (Seat::try_from(*seat), carrom_net::intent::direction(*direction))
                {
                    self.show_aim(seat, offset.get(), dir);
                }
            }
            let bytes = PackedByteArray::from(bytes.as_slice());
            for peer in to {
                self.signals().send_to_peer().emit(peer, &bytes);
            }
        }
    }

    fn show_aim(&mut self, seat: Seat, offset: f32, direction: Vec2) {
        let Ok(board) = self.board() else { return };
        let units = board.bind().units();
        let dir = Vector2::new(direction.x, direction.y);
        self.signals().aim_shown().emit(i64::from(u8::from(seat)), units.pixels(offset), dir);
    }

    /// What a message from the host changed, shown here. False when the match it brought could
    /// not be put on the board.
    pub(super) fn show(mut this: Gd<Self>, change: Change) -> bool {
        match change {
            Change::Joined { seats, game } => {
                if !CarromNet::take(&this, *game) {
                    return false;
                }
                let turn_seconds = this.bind().replica.as_ref().map_or(0, |r| i64::from(r.turn_seconds()));
                this.bind_mut().turn_seconds = turn_seconds;
                let seats: PackedInt32Array = seats.iter().map(|s| i32::from(u8::from(*s))).collect();
                this.signals().joined().emit(&seats);
            }
            Change::Resynced(game) => {
                {
                    let mut net = this.bind_mut();
                    net.driver.clear();
                }
                if !CarromNet::take(&this, *game) {
                    return false;
                }
                this.signals().log_line().emit("took the host's state");
            }
            Change::Aim { seat, offset, direction } => this.bind_mut().show_aim(seat, offset, direction),
            Change::Shot(action) => {
                let seat = action.seat().map(u8::from);
                let accepted = {
                    let mut net = this.bind_mut();
                    net.driver.push(action);
                    let accepted = seat.is_some() && net.asked == seat;
                    if accepted {
                        net.asked = None;
                    }
                    accepted
                };
                if let (true, Some(seat)) = (accepted, seat) {
                    this.signals().turn_accepted().emit(i64::from(seat));
                }
            }
            Change::Refused { reason, kind } => {
                let reason = GString::from(reason.as_str());
                this.signals().refused().emit(&reason);
                let asked = this.bind_mut().asked.take();
                if let Some(seat) = asked {
                    this.signals().turn_refused().emit(i64::from(seat), RefusalKind::from(kind), &reason);
                }
            }
            Change::Players { players, pause_seconds } => {
                this.bind_mut().seat_players(players, pause_seconds)
            }
        }
        true
    }

    /// Who sits where, as the host told: what changed at each seat is told first
    /// (`seat_news`), then `players_changed`.
    pub(super) fn seat_players(&mut self, players: Vec<Player>, pause_seconds: u32) {
        let news = carrom_net::players::news(&self.players, &players);
        self.players = players;
        self.wait_until = now() + f64::from(pause_seconds);
        for (seat, news) in news {
            self.signals().seat_news().emit(i64::from(seat), News::from(news));
        }
        self.signals().players_changed().emit(i64::from(pause_seconds));
    }

    /// Makes the host's match this machine's (on joining, or after a resync).
    fn take(this: &Gd<Self>, game: Game) -> bool {
        let Ok(rules) = this.bind().rules_node() else { return false };
        CarromRules::take_match(rules, game).map_err(|r| r.log()).is_ok()
    }

    /// Shows the turns due, one at a time: each begins when the board is at rest and the one
    /// before has been ruled. A strike then rolls on the board; a pass is ruled at once.
    pub(super) fn show_due(mut this: Gd<Self>) {
        loop {
            let (action, mut board) = {
                let mut net = this.bind_mut();
                let Ok(board) = net.board() else { return };
                if board.bind().is_moving_now() {
                    return;
                }
                let Some(action) = net.driver.begin_next() else { return };
                (action, board)
            };
            let played = board.bind_mut().play(&action);
            let seat = action.seat().map_or(-1, |seat| i64::from(u8::from(seat)));
            match played {
                Ok(()) if matches!(action, Action::Strike { .. }) => {
                    this.signals().shot_started().emit(seat);
                    return;
                }
                Ok(()) if matches!(action, Action::Pass { .. }) => this.signals().turn_passed().emit(seat),
                Ok(()) if matches!(action, Action::Place { .. }) => this.signals().pieces_placed().emit(seat),
                // The toss's choice is told by the rules (`break_chosen`, `turn_started`).
                Ok(()) => {}
                Err(refused) => {
                    // The host numbered a turn this match refuses: the copies differ, and the
                    // hash this settles with says so (the host then resends its state).
                    refused.log();
                    let mut net = this.bind_mut();
                    if net.driver.rested() {
                        net.settle();
                    }
                }
            }
        }
    }

    /// Asks for `show_due` once this node is no longer borrowed (from its own frame or a
    /// signal it hears), when there is a turn to show.
    pub(super) fn show_due_later(&mut self) {
        if !self.driver.is_empty() && !self.driver.is_showing() {
            self.base_mut().call_deferred("_show_due", &[]);
        }
    }
}
