//! `Driver`: the numbered turns one machine's match plays, one at a time and in order. The host
//! numbers a turn and sends it to everyone; every machine — a match server, the host's board, a
//! peer's board — begins it once the turn before has rested, and tells the protocol when it
//! rests. A server runs a strike to rest at once; a board lets it roll frame by frame and says
//! when it has ruled. Both keep their turns here, so the order is decided once.

use crate::host::{Host, Outgoing};
use carrom_core::game::{Action, Begun, Game, GameError, Ruling};
use std::collections::VecDeque;

/// A match that numbered turns are played on.
pub trait Stage {
    /// The match, to settle a turn with once it rests.
    fn game(&self) -> &Game;
    /// Begins `action`: ruled at once, or rolling until the stage says it has rested.
    fn begin(&mut self, action: &Action) -> Result<Begun, GameError>;
}

/// The turns due on one machine's match, and whether one is under way there.
#[derive(Debug, Default)]
pub struct Driver {
    due: VecDeque<Action>,
    showing: bool,
}

impl Driver {
    /// No turn due.
    pub fn new() -> Driver {
        Driver::default()
    }

    /// Takes the turns the host numbered for all in `out`. A turn sent to one peer alone (the
    /// shot rolling for one who came in during it) is not taken: this match has it already.
    pub fn take(&mut self, out: &[Outgoing]) {
        for message in out {
            if let Outgoing::All(body) = message {
                if let Ok(Some((_, action))) = body.turn() {
                    self.due.push_back(action);
                }
            }
        }
    }

    /// A turn the host sent this peer, after those before it.
    pub fn push(&mut self, action: Action) {
        self.due.push_back(action);
    }

    /// The next turn to begin, if none is under way: it is under way from now until
    /// [`Driver::rested`].
    pub fn begin_next(&mut self) -> Option<Action> {
        if self.showing {
            return None;
        }
        let action = self.due.pop_front()?;
        self.showing = true;
        Some(action)
    }

    /// The turn under way is over (ruled at rest, or refused by this match): true if there was
    /// one, and the protocol is to be told.
    pub fn rested(&mut self) -> bool {
        std::mem::take(&mut self.showing)
    }

    /// Drops every turn due and the one under way: this match was replaced by the host's.
    pub fn clear(&mut self) {
        self.due.clear();
        self.showing = false;
    }

    /// Turns due and not begun.
    pub fn len(&self) -> usize {
        self.due.len()
    }

    /// Whether no turn is due.
    pub fn is_empty(&self) -> bool {
        self.due.is_empty()
    }

    /// Whether a turn is under way on this match.
    pub fn is_showing(&self) -> bool {
        self.showing
    }

    /// Begins what is due on `stage` as far as it goes without waiting: each turn ruled at once
    /// is settled with `host` at `now`, and what settling numbers (a strike that waited) is
    /// played in turn; a rolling strike stops it until [`Driver::settle`]. Returns what
    /// settling answered, with a log line for each turn `stage` refused.
    pub fn play(&mut self, stage: &mut impl Stage, host: &mut Host, now: f64) -> Vec<Outgoing> {
        let mut out = vec![];
        while let Some(action) = self.begin_next() {
            let ruling = match stage.begin(&action) {
                Ok(Begun::Rolling) => break,
                Ok(Begun::Ruled(ruling)) => Some(ruling),
                Err(e) => {
                    out.push(Outgoing::Log(format!("turn {} was refused here: {e}", host.shots())));
                    None
                }
            };
            out.extend(self.settled(stage, host, ruling.as_ref(), now));
        }
        out
    }

    /// The strike rolling on `stage` has rested, ruled as `ruling`: `host` is told, and what is
    /// due next is played (see [`Driver::play`]).
    pub fn settle(
        &mut self,
        stage: &mut impl Stage,
        host: &mut Host,
        ruling: Option<&Ruling>,
        now: f64,
    ) -> Vec<Outgoing> {
        let mut out = self.settled(stage, host, ruling, now);
        out.extend(self.play(stage, host, now));
        out
    }

    fn settled(
        &mut self,
        stage: &impl Stage,
        host: &mut Host,
        ruling: Option<&Ruling>,
        now: f64,
    ) -> Vec<Outgoing> {
        if !self.rested() {
            return vec![];
        }
        let out = host.settled(stage.game(), ruling, now);
        self.take(&out);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::request::Choice;
    use crate::{Holder, Intent, Request, ToPeer};
    use carrom_core::game::Asked;
    use carrom_core::rules::{MatchSettings, Mode};
    use carrom_core::{BoardSpec, Seat};

    /// A board's match: strikes roll until the test runs them to rest.
    struct Board(Game);

    impl Stage for Board {
        fn game(&self) -> &Game {
            &self.0
        }
        fn begin(&mut self, action: &Action) -> Result<Begun, GameError> {
            self.0.begin(action)
        }
    }

    fn hosted() -> (Board, Host) {
        let game = Game::new(BoardSpec::icf(), MatchSettings::new(Mode::Singles), 1).unwrap();
        let host = Host::new(&game, [(Seat::ALL[0], Holder::Host), (Seat::ALL[2], Holder::Host)]).unwrap();
        (Board(game), host)
    }

    #[test]
    fn turns_ruled_at_once_are_settled_and_a_rolling_strike_waits_for_rest() {
        let (mut board, mut host) = hosted();
        let mut driver = Driver::new();
        let awaited = board.0.awaited().unwrap();
        if awaited.asked == Asked::ChooseBreak {
            let choice = Request::ChooseBreak(Choice { seat: u8::from(awaited.seat), breaks: true });
            driver.take(&host.play_own(board.game(), choice, 0.0).unwrap());
            driver.play(&mut board, &mut host, 0.0);
            assert_eq!(host.rested_shots(), 1, "the toss's choice is settled as soon as it is ruled");
        }
        let before = host.rested_shots();
        let seat = board.0.awaited().unwrap().seat;
        let strike = Request::Strike(Intent::new(seat, 0.0, crate::pick::forward(seat), 0.6));
        driver.take(&host.play_own(board.game(), strike, 0.0).unwrap());
        assert_eq!(driver.len(), 1, "the strike numbered for all is due here");
        assert!(driver.play(&mut board, &mut host, 0.0).is_empty(), "a rolling strike is not settled");
        assert!(driver.is_showing());
        assert_eq!(host.rested_shots(), before);

        let ruling = board.0.run_to_rest().unwrap();
        driver.settle(&mut board, &mut host, Some(&ruling), 1.0);
        assert!(!driver.is_showing());
        assert_eq!(host.rested_shots(), before + 1, "the host kept the rested match");
        assert_eq!(host.rested_hash(), crate::StateHash::of_game(board.game()).unwrap());
    }

    #[test]
    fn a_turn_sent_to_one_peer_alone_is_not_played_again() {
        let mut driver = Driver::new();
        let shot = ToPeer::Pass { number: 1, seat: 0 };
        driver.take(&[Outgoing::To(3, shot.clone()), Outgoing::AllBut(3, shot.clone())]);
        assert!(driver.is_empty());
        driver.take(&[Outgoing::All(shot)]);
        assert_eq!(driver.len(), 1);
    }

    #[test]
    fn a_replaced_match_drops_what_was_due() {
        let mut driver = Driver::new();
        driver.push(Action::Pass { seat: Seat::ALL[0] });
        driver.push(Action::Pass { seat: Seat::ALL[2] });
        assert!(driver.begin_next().is_some());
        assert!(driver.begin_next().is_none(), "one turn at a time");
        driver.clear();
        assert!(driver.is_empty() && !driver.is_showing());
        assert!(!driver.rested(), "nothing under way to tell the host of");
    }
}
