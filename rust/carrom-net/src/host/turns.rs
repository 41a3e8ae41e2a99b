//! The turns: a peer's or the host's own request checked and numbered, one at a time on the lent
//! match (a strike that comes while one rolls waits for it), the turn clock that ends a turn
//! not taken in time, and what settles when the lent match rests.

use super::{seat_number, Host, Outgoing, PeerId};
use crate::error::NetError;
use crate::holder::Holder;
use crate::intent::{self, check_turn};
use crate::message::ToPeer;
use crate::request::Request;
use crate::rested::Rested;
use carrom_core::game::{Action, Game, Ruling};
use carrom_core::Seat;

impl Host {
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

    /// Whether the turn timer runs for `seat`: a person plays it, on a device that is here.
    pub(super) fn is_timed(&self, seat: Seat) -> bool {
        match self.holder(seat) {
            Holder::Host => true,
            // Gone with no wait left, their turns run on (RULES.md T2).
            Holder::Device(token) => self.is_present(&token) || self.unwaited.contains(&token),
            _ => false,
        }
    }

    /// A turn `peer` asks for, for a seat it holds: taken now, or once the turn rolling here
    /// rests (one waiting a peer: a newer one replaces it).
    pub(super) fn ask(
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

    pub(super) fn take(
        &mut self,
        game: &Game,
        request: &Request,
        now: f64,
    ) -> Result<Vec<Outgoing>, NetError> {
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
    pub(super) fn number(&mut self, action: Action, now: f64) -> Result<Vec<Outgoing>, NetError> {
        let played = ToPeer::played(self.shots + 1, &action)
            .ok_or(NetError::WrongWay("only a strike, a pass, a placement or a toss's choice"))?;
        self.shots += 1;
        self.rolling = Some((played.clone(), now));
        self.clock.stop();
        Ok(vec![Outgoing::All(played)])
    }

    /// How long a shot rolled, as the physics simulated it.
    pub(super) fn rolling_seconds(&self, game: &Game, ruling: &Ruling) -> f64 {
        let step = f64::from(game.table().spec().physics.time_step);
        ruling.report.as_ref().map_or(0.0, |r| f64::from(r.steps) * step)
    }
}
