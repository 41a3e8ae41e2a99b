//! Who holds which seat: the seats and their holders, who is connected, the names shown, and
//! the hello that seats a device (a newcomer takes an open seat; a device back takes its own).

use super::{seat_number, Host, Outgoing, PeerId};
use crate::error::NetError;
use crate::holder::Holder;
use crate::intent;
use crate::message::ToPeer;
use crate::players::{check_name, check_token, Player, Who};
use carrom_core::Seat;

impl Host {
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

    /// Seats nobody has taken yet: play starts when every one is taken.
    pub fn open_seats(&self) -> usize {
        self.seats.iter().filter(|s| self.holder(**s) == Holder::Open).count()
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
    pub(super) fn is_present(&self, token: &str) -> bool {
        self.peers.values().any(|c| c.token.as_deref() == Some(token) && !c.stepped_away)
    }

    pub(super) fn name_of_device(&self, token: &str) -> String {
        self.names.get(token).cloned().unwrap_or_default()
    }

    pub(super) fn hello(
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

    /// `seat` if it exists and `peer`'s device holds it.
    pub(super) fn own_seat(&self, peer: PeerId, seat: u8) -> Result<Seat, NetError> {
        let token = self.peers.get(&peer).and_then(|c| c.token.clone()).ok_or(NetError::NoHello)?;
        let seat = intent::seat(seat)?;
        if self.holder(seat) != Holder::Device(token) {
            return Err(NetError::NotYourSeat(seat_number(seat)));
        }
        Ok(seat)
    }

    pub(super) fn to_play(&self) -> Option<u8> {
        self.rested.to_play.map(seat_number)
    }
}
