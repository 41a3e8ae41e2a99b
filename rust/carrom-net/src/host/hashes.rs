//! The peers' hashes, compared with the lent match's after each settled turn: one that
//! differs is sent the host's state, at most once every `STATE_RESEND_SECONDS`.

use super::{Host, Outgoing, PeerId, HASHES_KEPT, STATE_RESEND_SECONDS};
use crate::hash::StateHash;
use crate::message::ToPeer;

impl Host {
    /// A peer's hash after `shot`: when it differs from ours, the peer is sent our state, at
    /// most once every [`STATE_RESEND_SECONDS`].
    pub(super) fn check_hash(&mut self, peer: PeerId, shot: u32, hash: StateHash, now: f64) -> Vec<Outgoing> {
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

    pub(super) fn remember_hash(&mut self) {
        self.hashes.push_back((self.rested.shots, self.rested.hash));
        while self.hashes.len() > HASHES_KEPT {
            self.hashes.pop_front();
        }
    }
}
