//! Where each message the host makes goes: the one fan-out of `Outgoing` to the peers joined
//! now, for every transport that carries them (the match server's sockets, the game's ENet or
//! WebSocket peers).

use super::{Host, Outgoing, PeerId};
use crate::message::{encode, ToPeer};

/// Whom a message is for, as the host said it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fan {
    /// One peer: a welcome, a refusal, a state resent, the shot rolling for a peer that came
    /// in during it.
    One,
    /// Every joined peer: a numbered turn (which the host's own match plays too), the players.
    All,
    /// Every joined peer but the one it came from: another player's aim, passed on.
    AllBut,
}

/// A message of the host's, addressed: its body, its bytes, and the peers they go to.
#[derive(Clone, Debug, PartialEq)]
pub struct Addressed {
    /// Whom the host meant it for.
    pub fan: Fan,
    /// The peers it goes to, of those joined now.
    pub to: Vec<PeerId>,
    /// What it says.
    pub body: ToPeer,
    /// It, encoded once for every peer.
    pub bytes: Vec<u8>,
}

impl Host {
    /// Each of `out` addressed to the peers joined now; a line for the host's log is `Err`.
    /// Only a message for `Fan::All` that numbers a turn is one the host's own match plays.
    pub fn address(&self, out: Vec<Outgoing>) -> Vec<Result<Addressed, String>> {
        let joined = self.joined_peers();
        out.into_iter()
            .map(|message| {
                let (fan, to, body) = match message {
                    Outgoing::To(peer, body) => (Fan::One, vec![peer], body),
                    Outgoing::All(body) => (Fan::All, joined.clone(), body),
                    Outgoing::AllBut(but, body) => {
                        (Fan::AllBut, joined.iter().copied().filter(|p| *p != but).collect(), body)
                    }
                    Outgoing::Log(line) => return Err(line),
                };
                let bytes = encode(&body);
                Ok(Addressed { fan, to, body, bytes })
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::holder::Holder;
    use crate::replica::Replica;
    use carrom_core::game::Game;
    use carrom_core::rules::{MatchSettings, Mode};
    use carrom_core::{BoardSpec, Seat};

    #[test]
    fn a_message_for_one_peer_is_never_taken_for_one_for_all_even_when_that_peer_is_the_only_one() {
        let game = Game::new(BoardSpec::icf(), MatchSettings::new(Mode::Singles), 1).unwrap();
        let holders = [(Seat::ALL[0], Holder::Host), (Seat::ALL[2], Holder::Device("phone".into()))];
        let mut host = Host::new(&game, holders).unwrap();
        host.connect(7);
        host.receive(&game, 7, &Replica::hello("Asha", "phone"), 0.0).unwrap();
        host.connect(8);
        let body = ToPeer::Refused { reason: "x".into(), kind: crate::Refusal::Other };
        let out = vec![
            Outgoing::To(7, body.clone()),
            Outgoing::All(body.clone()),
            Outgoing::AllBut(7, body),
            Outgoing::Log("a line".into()),
        ];
        let addressed = host.address(out);
        let fans: Vec<_> = addressed.into_iter().map(|a| a.map(|a| (a.fan, a.to))).collect();
        assert_eq!(
            fans,
            [
                Ok((Fan::One, vec![7])),
                Ok((Fan::All, vec![7])),
                Ok((Fan::AllBut, vec![])),
                Err("a line".into())
            ],
            "peer 8 has not said hello: it is not joined"
        );
    }
}
