//! `Served`: a host with its match on a machine that shows nothing — a match server, a test,
//! a load bot. It is the one match the host is lent: every turn the host numbers is carried out
//! on it at once (a strike run to rest) and settled, so what it sends is what it has played.

use crate::driver::{Driver, Stage};
use crate::error::NetError;
use crate::host::{Holder, Host, Outgoing, PeerId};
use crate::request::Request;
use carrom_core::game::{Action, Begun, Game, GameError};
use carrom_core::Seat;

/// A host and the match it hosts.
pub struct Served {
    host: Host,
    game: Game,
    driver: Driver,
}

/// The match on a machine that shows nothing: a strike is run to rest as it begins.
struct AtOnce<'a>(&'a mut Game);

impl Stage for AtOnce<'_> {
    fn game(&self) -> &Game {
        self.0
    }

    fn begin(&mut self, action: &Action) -> Result<Begun, GameError> {
        self.0.perform(action).map(Begun::Ruled)
    }
}

impl Served {
    /// Hosts `game` with its seats held as `holders` says (see [`Host::new`]).
    pub fn new(game: Game, holders: impl IntoIterator<Item = (Seat, Holder)>) -> Result<Served, NetError> {
        let host = Host::new(&game, holders)?;
        Ok(Served::with_host(game, host))
    }

    /// Hosts `game` by `host`, made for it (with its timers set).
    pub fn with_host(game: Game, host: Host) -> Served {
        Served { host, game, driver: Driver::new() }
    }

    /// The match.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The protocol's side.
    pub fn host(&self) -> &Host {
        &self.host
    }

    /// The protocol's side, to connect peers and hand seats out.
    pub fn host_mut(&mut self) -> &mut Host {
        &mut self.host
    }

    /// What `peer` sent (see [`Host::receive`]), its turns played here.
    pub fn receive(&mut self, peer: PeerId, bytes: &[u8], now: f64) -> Result<Vec<Outgoing>, NetError> {
        let out = self.host.receive(&self.game, peer, bytes, now)?;
        Ok(self.carry_out(out, now))
    }

    /// A peer whose device is proved already, taken at once (see [`Host::connect_proved`]).
    pub fn connect_proved(
        &mut self,
        peer: PeerId,
        name: String,
        token: String,
        now: f64,
    ) -> Result<Vec<Outgoing>, NetError> {
        let out = self.host.connect_proved(peer, name, token, now)?;
        Ok(self.carry_out(out, now))
    }

    /// A turn for a seat played here (see [`Host::play_own`]).
    pub fn play_own(&mut self, request: impl Into<Request>, now: f64) -> Result<Vec<Outgoing>, NetError> {
        let out = self.host.play_own(&self.game, request, now)?;
        Ok(self.carry_out(out, now))
    }

    /// The time is `now` (see [`Host::tick`]): a turn that timed out is passed here too.
    pub fn tick(&mut self, now: f64) -> Vec<Outgoing> {
        let out = self.host.tick(now);
        self.carry_out(out, now)
    }

    /// Carries out every numbered turn in `out` on the match and settles it; what settling
    /// answers (a waiting strike taken, say) is carried out in turn.
    fn carry_out(&mut self, mut out: Vec<Outgoing>, now: f64) -> Vec<Outgoing> {
        self.driver.take(&out);
        out.extend(self.driver.play(&mut AtOnce(&mut self.game), &mut self.host, now));
        out
    }
}
