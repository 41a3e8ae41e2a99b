//! Bytes on the wire: a board of singles between a host and one peer, in one process, with
//! every message counted. `cargo run --release -p carrom-net --example wire [seed]`.
//! Figures are in docs/online.md.

use carrom_core::ai::{plan_shot, Level};
use carrom_core::game::Game;
use carrom_core::rules::{MatchSettings, Mode, Ruleset};
use carrom_core::{BoardSpec, Seat};
use carrom_net::message::encode;
use carrom_net::replica::Change;
use carrom_net::{Holder, Intent, Outgoing, Replica, Served, ToPeer};
use std::collections::BTreeMap;

const PEER: i64 = 2;

fn main() {
    let seed: u64 = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(7);
    let settings = MatchSettings {
        rules: Ruleset { max_boards: 1, ..Ruleset::classic() },
        ..MatchSettings::new(Mode::Singles)
    };
    let game = Game::new(BoardSpec::icf(), settings, seed).expect("a new match");
    let holders = [(Seat::ALL[0], Holder::Host), (Seat::ALL[2], Holder::Device("peer".into()))];
    let mut host = Served::new(game, holders).expect("a match at rest");
    let mut peer = Peer { replica: Replica::new(), game: None };
    let mut bytes: BTreeMap<&str, (u32, usize)> = BTreeMap::new();
    let mut count = |kind: &'static str, size: usize| {
        let entry = bytes.entry(kind).or_default();
        entry.0 += 1;
        entry.1 += size;
    };
    host.host_mut().connect(PEER);
    let mut to_host = vec![Replica::hello("Peer", "peer")];
    let mut now = 0.0;
    let mut strikes = 0;
    loop {
        while let Some(message) = to_host.pop() {
            count(kind_to_host(&message), message.len());
            now += 0.05;
            let out = host.receive(PEER, &message, now).expect("the host takes it");
            for bytes_out in outgoing(out) {
                count(kind_to_peer(&bytes_out), bytes_out.len());
                to_host.extend(peer.receive(&bytes_out));
            }
        }
        let Some(seat) = host.game().rules().to_play() else { break };
        if strikes >= 600 {
            break;
        }
        strikes += 1;
        let max = host.game().table().spec().physics.max_striker_speed;
        let shot =
            plan_shot(host.game().table(), host.game().rules(), seat, Level::Easy, strikes).expect("a shot");
        let intent = Intent::new(seat, shot.offset, shot.direction, (shot.speed / max).clamp(0.05, 1.0));
        if seat == Seat::ALL[0] {
            for bytes_out in outgoing(host.play_own(&intent, now).expect("the host's strike")) {
                count(kind_to_peer(&bytes_out), bytes_out.len());
                to_host.extend(peer.receive(&bytes_out));
            }
        } else {
            to_host.push(Replica::strike(&intent));
        }
    }
    println!("one board of singles, host and one peer, seed {seed}: {strikes} strikes");
    let mut total = 0;
    for (kind, (n, size)) in &bytes {
        println!(
            "{kind:>16}: {n:>4} messages, {size:>8} bytes, {:>6.0} bytes each",
            *size as f64 / f64::from(*n)
        );
        total += size;
    }
    println!(
        "           total: {total} bytes, {:.0} bytes per strike",
        total as f64 / f64::from(strikes.max(1) as u32)
    );
}

/// The peer: its side of the protocol and its one match.
struct Peer {
    replica: Replica,
    game: Option<Game>,
}

impl Peer {
    /// Takes a message from the host, plays any turn on its match, and says what to answer.
    fn receive(&mut self, bytes: &[u8]) -> Vec<Vec<u8>> {
        let (change, mut replies) = self.replica.receive(bytes).expect("the peer takes it");
        match change {
            Change::Joined { game, .. } | Change::Resynced(game) => self.game = Some(*game),
            Change::Shot(action) => {
                let game = self.game.as_mut().expect("joined before a shot");
                game.perform(&action).expect("the host's turn plays here too");
                replies.push(self.replica.settled(game));
            }
            _ => {}
        }
        replies
    }
}

fn outgoing(out: Vec<Outgoing>) -> Vec<Vec<u8>> {
    out.into_iter()
        .filter_map(|o| match o {
            Outgoing::To(_, body) | Outgoing::All(body) | Outgoing::AllBut(_, body) => Some(encode(&body)),
            Outgoing::Log(_) => None,
        })
        .collect()
}

fn kind_to_host(bytes: &[u8]) -> &'static str {
    let text = String::from_utf8_lossy(bytes);
    ["hello", "strike", "hash", "aim"].into_iter().find(|k| text.contains(&format!("\"{k}\""))).map_or(
        "other",
        |k| match k {
            "hello" => "peer: hello",
            "strike" => "peer: strike",
            "hash" => "peer: hash",
            _ => "peer: aim",
        },
    )
}

fn kind_to_peer(bytes: &[u8]) -> &'static str {
    match carrom_net::message::decode::<ToPeer>(bytes, usize::MAX) {
        Ok(ToPeer::Welcome { .. }) => "host: welcome",
        Ok(ToPeer::Shot { .. }) => "host: shot",
        Ok(ToPeer::State { .. }) => "host: state",
        Ok(ToPeer::Aim { .. }) => "host: aim",
        Ok(ToPeer::Players { .. }) => "host: players",
        _ => "host: other",
    }
}
