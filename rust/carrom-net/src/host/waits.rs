//! The waits for a player who is gone: a device that dropped or stepped away is waited for,
//! within its allowance over the match; when a wait ends the computer stands in, and a device
//! back takes its seats again.

use super::{Host, Outgoing, PeerId, Wait, AWAY_ALLOWANCE_WAITS};
use crate::holder::Holder;
use crate::players::MAX_PAUSE_SECONDS;

impl Host {
    /// Seconds a device may be waited for in all.
    pub(super) fn allowance(&self) -> f64 {
        let waits = self.drop_seconds.saturating_mul(AWAY_ALLOWANCE_WAITS);
        f64::from(self.away_allowance.unwrap_or(waits))
    }

    /// Whether the match waits for a player who dropped.
    pub fn is_paused(&self) -> bool {
        !self.away.is_empty()
    }

    /// A peer left at `now`. Its seats stay its own, for when the same device comes back;
    /// if it held one, the match waits for it, and everyone is told.
    pub fn disconnect(&mut self, peer: PeerId, now: f64) -> Vec<Outgoing> {
        match self.peers.remove(&peer).and_then(|c| c.token) {
            Some(_) => self.notice_missing(now),
            None => vec![],
        }
    }

    /// The match waits for every device that holds a seat but is neither connected nor waited
    /// for yet — one that dropped, or one given a seat that never connected — so that no seat
    /// is left timed by nobody and stood in for by nobody. `disconnect` and `tick` both ask.
    pub(super) fn notice_missing(&mut self, now: f64) -> Vec<Outgoing> {
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

    /// Whole seconds the match still waits for dropped players at `now`, counted to the
    /// millisecond first (so that a wait of 30 s just begun says 30, not 31).
    pub(super) fn wait_left(&self, now: f64) -> u32 {
        let longest = self.away.values().map(|wait| wait.until - now).fold(0.0, f64::max);
        let seconds = ((longest * 1000.0).round() / 1000.0).ceil();
        seconds.min(f64::from(MAX_PAUSE_SECONDS)) as u32
    }

    /// `peer`'s player stepped away or came back. Away, its seats are waited for as a dropped
    /// player's are (the others are told, the turn clock stops, the computer stands in when the
    /// wait ends); back, they are its own again at once.
    pub(super) fn step_away(&mut self, peer: PeerId, away: bool, now: f64) -> Vec<Outgoing> {
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
    pub(super) fn come_back(&mut self, token: &str, now: f64) -> bool {
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
    pub(super) fn end_wait(&mut self, token: &str, now: f64) -> bool {
        let Some(wait) = self.away.remove(token) else { return false };
        *self.waited.entry(token.to_string()).or_default() += (now.min(wait.until) - wait.since).max(0.0);
        true
    }
}
