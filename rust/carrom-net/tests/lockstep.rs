//! A host and its peers in one process, joined by a queue of bytes: whole boards played in
//! step, late and returning players, and every kind of bad message refused with the match
//! unharmed.

use carrom_core::game::Game;
use carrom_core::rules::{MatchSettings, Mode, Ruleset};
use carrom_core::{BoardSpec, Seat, Vec2};
use carrom_net::pick::{self, forward, Aim};
use carrom_net::replica::Change;
use carrom_net::{Holder, Host, Intent, NetError, Outgoing, PeerId, Replica, Served, StateHash, ToPeer, Who};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::collections::VecDeque;

/// Strikes after which a board is given up as not ending.
const STRIKE_LIMIT: usize = 500;

struct Peer {
    id: PeerId,
    token: String,
    replica: Replica,
    /// The peer's one match, as the host's turns reach it.
    game: Option<Game>,
    connected: bool,
    players: Option<(Vec<carrom_net::Player>, u32)>,
}

/// The host, its peers, and the bytes on their way.
struct Net {
    host: Served,
    peers: Vec<Peer>,
    to_host: VecDeque<(PeerId, Vec<u8>)>,
    logs: Vec<String>,
    refusals: Vec<NetError>,
    now: f64,
}

impl Net {
    fn new(mode: Mode, seed: u64, holders: Vec<(Seat, Holder)>) -> Net {
        Net::with_host(host_for(mode, seed, holders))
    }

    fn with_host(host: Served) -> Net {
        Net { host, peers: vec![], to_host: VecDeque::new(), logs: vec![], refusals: vec![], now: 0.0 }
    }

    /// A peer connects and says hello with its device token.
    fn join(&mut self, id: PeerId, token: &str) {
        self.host.host_mut().connect(id);
        match self.peers.iter_mut().find(|p| p.token == token) {
            Some(peer) => {
                peer.id = id;
                peer.connected = true;
            }
            None => self.peers.push(Peer {
                id,
                token: token.into(),
                replica: Replica::new(),
                game: None,
                connected: true,
                players: None,
            }),
        }
        self.to_host.push_back((id, Replica::hello("player", token)));
        self.run();
    }

    fn leave(&mut self, token: &str) {
        let peer = self.peers.iter_mut().find(|p| p.token == token).unwrap();
        peer.connected = false;
        let out = self.host.host_mut().disconnect(peer.id, self.now);
        self.send(out);
    }

    /// `seconds` pass at the host.
    fn wait(&mut self, seconds: f64) {
        self.now += seconds;
        let out = self.host.tick(self.now);
        self.send(out);
        self.run();
    }

    /// What the last `Players` message told the peer with `token`: (seat, who), and the pause.
    fn seen_players(&self, token: &str) -> (Vec<(u8, Who)>, u32) {
        let peer = self.peers.iter().find(|p| p.token == token).unwrap();
        let (players, pause) = peer.players.clone().expect("told who sits where");
        (players.iter().map(|p| (p.seat, p.who)).collect(), pause)
    }

    /// Delivers every message until none is left.
    fn run(&mut self) {
        while let Some((from, bytes)) = self.to_host.pop_front() {
            self.now += 0.05;
            match self.host.receive(from, &bytes, self.now) {
                Ok(out) => self.send(out),
                Err(error) => {
                    self.send(vec![Host::refusal(from, &error)]);
                    self.refusals.push(error);
                }
            }
        }
    }

    fn send(&mut self, out: Vec<Outgoing>) {
        for message in out {
            let (targets, body): (Vec<PeerId>, ToPeer) = match message {
                Outgoing::To(id, body) => (vec![id], body),
                Outgoing::All(body) => (self.connected_ids(None), body),
                Outgoing::AllBut(id, body) => (self.connected_ids(Some(id)), body),
                Outgoing::Log(line) => {
                    self.logs.push(line);
                    continue;
                }
            };
            let bytes = carrom_net::message::encode(&body);
            for id in targets {
                let peer = self.peers.iter_mut().find(|p| p.id == id && p.connected).unwrap();
                let (change, mut replies) = peer.replica.receive(&bytes).unwrap();
                match change {
                    Change::Players { players, pause_seconds } => {
                        peer.players = Some((players, pause_seconds))
                    }
                    Change::Joined { game, .. } | Change::Resynced(game) => peer.game = Some(*game),
                    Change::Shot(action) => {
                        let game = peer.game.as_mut().expect("joined before a shot");
                        // A turn the host took that this match refuses: the hash tells.
                        let _ = game.perform(&action);
                        replies.push(peer.replica.settled(game));
                    }
                    _ => {}
                }
                for reply in replies {
                    self.to_host.push_back((id, reply));
                }
            }
        }
    }

    fn connected_ids(&self, but: Option<PeerId>) -> Vec<PeerId> {
        self.peers.iter().filter(|p| p.connected && Some(p.id) != but).map(|p| p.id).collect()
    }

    /// The seat the match waits for takes its turn (a strike, or a placement owed: X3): from
    /// its device if a peer holds it, else at the host.
    fn play_one(&mut self, rng: &mut ChaCha8Rng) -> bool {
        let Some(seat) = self.host.game().awaited().map(|a| a.seat) else { return false };
        let Some(request) = pick::turn(self.host.game(), Aim::Computer, rng) else { return false };
        match self.host.host().holder(seat) {
            Holder::Device(token) => {
                let peer = self.peers.iter().find(|p| p.token == token && p.connected).unwrap();
                self.to_host.push_back((peer.id, Replica::ask(&request)));
                self.run();
            }
            _ => {
                let out = self.host.play_own(request, self.now).unwrap();
                self.send(out);
                self.run();
            }
        }
        true
    }

    /// Whether every connected peer has the host's match, bit for bit.
    fn in_step(&self) -> bool {
        let ours = StateHash::of_game(self.host.game()).unwrap();
        self.peers.iter().filter(|p| p.connected).all(|p| {
            p.replica.shots() == self.host.host().shots()
                && p.game.as_ref().map(|g| StateHash::of_game(g).unwrap()) == Some(ours)
        })
    }
}

fn play_board(net: &mut Net, seed: u64) -> usize {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut strikes = 0;
    while strikes < STRIKE_LIMIT && net.play_one(&mut rng) {
        strikes += 1;
        assert!(net.in_step(), "out of step after shot {}", net.host.host().shots());
    }
    strikes
}

#[test]
fn a_singles_board_is_played_in_step_by_host_and_peers() {
    let holders = vec![(Seat::ALL[0], Holder::Host), (Seat::ALL[2], Holder::Device("guest".into()))];
    let mut net = Net::new(Mode::Singles, 3, holders);
    net.join(2, "guest");
    net.join(3, "watcher");
    assert_eq!(net.peers[0].replica.seats(), &[Seat::ALL[2]]);
    assert!(net.peers[1].replica.seats().is_empty(), "a watcher holds no seat");
    let strikes = play_board(&mut net, 11);
    assert!(net.host.game().rules().is_over(), "the one board ended after {strikes} strikes");
    assert!(net.refusals.is_empty() && net.logs.is_empty(), "{:?} {:?}", net.refusals, net.logs);
}

#[test]
fn r1_a_match_of_any_ruleset_reaches_every_peer_with_its_rules_and_keeps_step() {
    for rules in [Ruleset::freestyle(), Ruleset::disc_pool()] {
        let name = rules.name.clone();
        let settings =
            MatchSettings { rules: Ruleset { max_boards: 1, ..rules }, ..MatchSettings::new(Mode::Singles) };
        let holders = vec![(Seat::ALL[0], Holder::Host), (Seat::ALL[2], Holder::Device("guest".into()))];
        let mut net = Net::with_host(
            Served::new(Game::new(BoardSpec::icf(), settings.clone(), 5).unwrap(), holders).unwrap(),
        );
        net.join(2, "guest");
        let peer = net.peers[0].game.as_ref().expect("the welcome brought the match");
        assert_eq!(peer.rules().settings(), &settings, "{name}: the peer plays the host's rules");
        let strikes = play_board(&mut net, 13);
        assert!(strikes > 0 && net.refusals.is_empty() && net.logs.is_empty(), "{name}: {:?}", net.logs);
    }
}

#[test]
fn open_seats_go_to_devices_in_the_order_they_join() {
    let holders = vec![
        (Seat::ALL[0], Holder::Host),
        (Seat::ALL[1], Holder::Open),
        (Seat::ALL[2], Holder::Computer),
        (Seat::ALL[3], Holder::Open),
    ];
    let mut net = Net::new(Mode::Doubles, 4, holders);
    // Nobody strikes while a seat is open, and no turn is timed.
    let host_seat = Seat::ALL[0];
    let intent = Intent::new(host_seat, 0.0, forward(host_seat), 0.5);
    assert_eq!(net.host.play_own(&intent, 0.0), Err(NetError::SeatsOpen { open: 2 }));
    for (id, token) in [(2, "first"), (3, "second"), (4, "third")] {
        net.join(id, token);
    }
    assert_eq!(net.peers[0].replica.seats(), &[Seat::ALL[1]]);
    assert_eq!(net.peers[1].replica.seats(), &[Seat::ALL[3]]);
    assert!(net.peers[2].replica.seats().is_empty(), "no seat left: the third watches");
    assert_eq!(net.host.host().holder(Seat::ALL[2]), Holder::Computer, "the computer's seat stays its own");
    assert_eq!(net.host.host().open_seats(), 0, "every seat taken: play may start");
    // A device that comes back gets its own seat, not another open one.
    net.leave("first");
    net.join(5, "first");
    assert_eq!(net.peers[0].replica.seats(), &[Seat::ALL[1]]);
}

#[test]
fn doubles_with_three_devices_stay_in_step() {
    let holders = vec![
        (Seat::ALL[0], Holder::Host),
        (Seat::ALL[1], Holder::Device("b".into())),
        (Seat::ALL[2], Holder::Device("c".into())),
        (Seat::ALL[3], Holder::Device("d".into())),
    ];
    let mut net = Net::new(Mode::Doubles, 8, holders);
    for (id, token) in [(2, "b"), (3, "c"), (4, "d")] {
        net.join(id, token);
    }
    let strikes = play_board(&mut net, 5);
    assert!(net.host.game().rules().is_over(), "the board ended after {strikes} strikes");
    assert!(net.refusals.is_empty() && net.logs.is_empty());
}

#[test]
fn a_late_joiner_starts_from_the_host_state_and_keeps_step() {
    let holders = vec![(Seat::ALL[0], Holder::Host), (Seat::ALL[2], Holder::Computer)];
    let mut net = Net::new(Mode::Singles, 21, holders);
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    for _ in 0..15 {
        net.play_one(&mut rng);
    }
    net.join(7, "late");
    assert!(net.in_step(), "joined at shot {}", net.host.host().shots());
    for _ in 0..15 {
        net.play_one(&mut rng);
        assert!(net.in_step());
    }
}

/// Singles of the host (seat 0) and a phone (seat 2), watched by a third device; after
/// `strikes` strikes and at the host's turn, the phone drops. The host waits 30 s for it.
fn phone_drops_after(strikes: usize) -> (Net, ChaCha8Rng) {
    let holders = vec![(Seat::ALL[0], Holder::Host), (Seat::ALL[2], Holder::Device("phone".into()))];
    let mut net = Net::with_host(host_set_up(Mode::Singles, 5, holders, |h| h.with_drop_seconds(30)));
    net.join(2, "phone");
    net.join(3, "watcher");
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    for _ in 0..strikes {
        net.play_one(&mut rng);
    }
    while net.host.game().rules().to_play() != Some(Seat::ALL[0]) {
        net.play_one(&mut rng);
    }
    // A time whose sum with 30 s does not come back exactly in binary: the wait still reads 30.
    assert!(net.now < 1000.0);
    net.now = 1002.005;
    net.leave("phone");
    (net, rng)
}

#[test]
fn a_dropped_player_pauses_the_match_and_rejoins_with_the_same_token() {
    let (mut net, mut rng) = phone_drops_after(6);
    // Everyone is told the match waits, and for how long; nobody may strike meanwhile.
    assert_eq!(net.seen_players("watcher"), (vec![(0, Who::Host), (2, Who::Away)], 30));
    assert!(net.host.host().is_paused());
    let intent = pick::computer(net.host.game(), Seat::ALL[0], &mut rng);
    assert!(matches!(net.host.play_own(&intent, net.now), Err(NetError::Paused { seconds: 30 })));
    net.wait(10.0);
    // Back within the wait, on a new connection: the seat is theirs and play goes on.
    net.join(9, "phone");
    assert!(!net.host.host().is_paused());
    assert_eq!(net.peers[0].replica.seats(), &[Seat::ALL[2]]);
    assert_eq!(net.seen_players("watcher"), (vec![(0, Who::Host), (2, Who::Person)], 0));
    assert!(net.in_step());
    for _ in 0..6 {
        net.play_one(&mut rng);
    }
    assert!(net.in_step());
}

#[test]
fn a_device_back_on_a_new_connection_takes_over_from_its_old_one() {
    let holders = vec![(Seat::ALL[0], Holder::Host), (Seat::ALL[2], Holder::Device("phone".into()))];
    let mut net = Net::new(Mode::Singles, 5, holders);
    net.join(2, "phone");
    // The phone comes back on connection 6 before the host noticed connection 2 had died.
    net.host.host_mut().connect(6);
    net.to_host.push_back((6, Replica::hello("player", "phone")));
    net.peers[0].id = 6;
    net.run();
    assert_eq!(net.host.host().joined_peers(), vec![6], "only the new connection gets the match");
    assert!(net.logs.iter().any(|l| l.contains("2 is forgotten")), "{:?}", net.logs);
    // The old connection can no longer act, and its end does not pause the match.
    let bytes = Replica::strike(&Intent::new(Seat::ALL[2], 0.0, forward(Seat::ALL[2]), 0.5));
    assert_eq!(net.host.receive(2, &bytes, net.now), Err(NetError::NoHello));
    net.host.host_mut().disconnect(2, net.now);
    assert!(!net.host.host().is_paused());
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    for _ in 0..4 {
        net.play_one(&mut rng);
    }
    assert!(net.in_step());
}

#[test]
fn a_player_who_stays_away_is_stood_in_for_by_the_computer_until_they_return() {
    let (mut net, mut rng) = phone_drops_after(4);
    net.wait(31.0);
    assert!(!net.host.host().is_paused(), "the wait is over");
    assert_eq!(net.host.host().holder(Seat::ALL[2]), Holder::StandIn("phone".into()));
    assert_eq!(net.seen_players("watcher"), (vec![(0, Who::Host), (2, Who::StandIn)], 0));
    // The host plays the seat for them (the computer's choice) …
    for _ in 0..6 {
        net.play_one(&mut rng);
        assert!(net.in_step());
    }
    // … until the same device comes back and takes it.
    net.join(9, "phone");
    assert_eq!(net.host.host().holder(Seat::ALL[2]), Holder::Device("phone".into()));
    assert_eq!(net.peers[0].replica.seats(), &[Seat::ALL[2]]);
    let strikes = play_board(&mut net, 2);
    assert!(net.host.game().rules().is_over(), "the board ended after {strikes} more strikes");
    assert!(net.refusals.is_empty(), "{:?}", net.refusals);
}

#[test]
fn the_turn_timer_passes_a_turn_and_three_in_a_row_forfeit() {
    let mut net = two_devices(|host| host.with_turn_seconds(20));
    assert_eq!(net.peers[0].replica.turn_seconds(), 20, "the welcome says how long a turn is");
    let mut rng = ChaCha8Rng::seed_from_u64(6);
    net.play_one(&mut rng);
    let sleeper = net.host.game().rules().to_play().unwrap();
    let shots = net.host.host().shots();
    // The clock starts on the host's next look at the time, after the shot has rolled.
    net.wait(1.0);
    net.wait(15.0);
    assert_eq!(net.host.host().shots(), shots, "15 s in, the turn is still theirs");
    net.wait(20.0);
    assert_eq!(net.host.host().shots(), shots + 1, "past 20 s and the grace, the turn passed");
    assert_eq!(net.host.game().rules().to_play(), Some(sleeper.opposite()));
    assert!(net.in_step(), "every peer played the pass");
    // The other player strikes; the sleeper lets two more turns go and forfeits.
    for _ in 0..2 {
        while net.host.game().rules().to_play() != Some(sleeper) {
            net.play_one(&mut rng);
        }
        net.wait(0.5);
        net.wait(30.0);
    }
    let rules = net.host.game().rules();
    assert!(rules.is_over(), "three timeouts in a row forfeit");
    assert_eq!(
        rules.outcome(),
        Some(&carrom_core::rules::Outcome::Won(rules.side_of(sleeper.opposite()).unwrap()))
    );
    assert!(net.in_step());
    assert!(net.refusals.is_empty(), "{:?}", net.refusals);
}

#[test]
fn the_timer_waits_for_nobody_it_cannot_hurry() {
    // The computer's seat and a paused match are never timed.
    let holders = vec![(Seat::ALL[0], Holder::Computer), (Seat::ALL[2], Holder::Device("b".into()))];
    let mut net = Net::with_host(host_set_up(Mode::Singles, 2, holders, |h| {
        h.with_turn_seconds(5).with_drop_seconds(600)
    }));
    net.join(3, "b");
    net.leave("b");
    for _ in 0..10 {
        net.wait(30.0);
    }
    assert_eq!(net.host.host().shots(), 0, "nobody's turn passed while the match waited");
}

/// Singles between two devices, "a" (seat 0, connection 2) and "b" (seat 2, connection 3),
/// on a host that `setup` may give a timer or a wait; both joined.
/// Two devices, a shot played and a second gone by: the match, the seat to play, and its
/// device's token and peer.
fn after_a_shot(setup: impl FnOnce(Host) -> Host) -> (Net, Seat, &'static str, PeerId) {
    let mut net = two_devices(setup);
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    net.play_one(&mut rng);
    net.wait(1.0);
    let seat = net.host.game().rules().to_play().unwrap();
    let (token, id) = if seat == Seat::ALL[0] { ("a", 2) } else { ("b", 3) };
    (net, seat, token, id)
}

fn two_devices(setup: impl FnOnce(Host) -> Host) -> Net {
    let holders =
        vec![(Seat::ALL[0], Holder::Device("a".into())), (Seat::ALL[2], Holder::Device("b".into()))];
    let mut net = Net::with_host(host_set_up(Mode::Singles, 1, holders, setup));
    net.join(2, "a");
    net.join(3, "b");
    net
}

/// A host of one board of `mode`, with its match.
fn host_for(mode: Mode, seed: u64, holders: Vec<(Seat, Holder)>) -> Served {
    host_set_up(mode, seed, holders, |host| host)
}

/// A host of one board of `mode` that `setup` may give a timer or a wait, with its match.
fn host_set_up(
    mode: Mode,
    seed: u64,
    holders: Vec<(Seat, Holder)>,
    setup: impl FnOnce(Host) -> Host,
) -> Served {
    let game = one_board(mode, seed);
    let host = setup(Host::new(&game, holders).unwrap());
    Served::with_host(game, host)
}

/// A new match of one board of `mode`.
fn one_board(mode: Mode, seed: u64) -> Game {
    let settings =
        MatchSettings { rules: Ruleset { max_boards: 1, ..Ruleset::classic() }, ..MatchSettings::new(mode) };
    Game::new(BoardSpec::icf(), settings, seed).unwrap()
}

#[test]
fn bad_messages_are_refused_and_the_match_is_unharmed() {
    let mut net = two_devices(|host| host);
    let before = StateHash::of_game(net.host.game()).unwrap();
    let to_play = net.host.game().rules().to_play().unwrap();
    let (mover, other) = if to_play == Seat::ALL[0] { (2, 3) } else { (3, 2) };
    let idle_seat = to_play.opposite();
    let ahead = forward(to_play);
    let send = |net: &mut Net, from: PeerId, bytes: Vec<u8>| {
        net.to_host.push_back((from, bytes));
        net.run();
        net.refusals.pop()
    };
    // A shot for the other player's seat.
    let theirs = Replica::strike(&Intent::new(idle_seat, 0.0, forward(idle_seat), 0.5));
    assert_eq!(send(&mut net, mover, theirs), Some(NetError::NotYourSeat(u8::from(idle_seat))));
    // Its own seat, out of turn.
    let early = Replica::strike(&Intent::new(idle_seat, 0.0, forward(idle_seat), 0.5));
    assert!(matches!(send(&mut net, other, early), Some(NetError::NotYourTurn { .. })));
    // Not a number, and beyond full power.
    let nan = Replica::strike(&Intent::new(to_play, 0.0, ahead, f32::NAN));
    assert_eq!(send(&mut net, mover, nan), Some(NetError::NotANumber("power")));
    let strong = Replica::strike(&Intent::new(to_play, 0.0, ahead, 2.0));
    assert!(matches!(send(&mut net, mover, strong), Some(NetError::OutOfRange { what: "power", .. })));
    // An illegal spot, and backwards.
    let off = Replica::strike(&Intent::new(to_play, 5.0, ahead, 0.5));
    assert!(matches!(send(&mut net, mover, off), Some(NetError::Refused(_))));
    let back = Replica::strike(&Intent::new(to_play, 0.0, Vec2::new(-ahead.x, -ahead.y), 0.5));
    assert!(matches!(send(&mut net, mover, back), Some(NetError::Refused(_))));
    // Oversized, another version, an unknown field.
    assert!(matches!(send(&mut net, mover, vec![b' '; 5000]), Some(NetError::TooLarge { .. })));
    let old = br#"{"protocol":9,"body":{"hash":{"shot":0,"hash":"00"}}}"#.to_vec();
    assert!(matches!(send(&mut net, mover, old), Some(NetError::Protocol { found: 9, .. })));
    let forged =
        br#"{"protocol":4,"body":{"strike":{"seat":0,"offset":0,"direction":[0,0],"power":0,"speed":9}}}"#;
    assert!(matches!(send(&mut net, mover, forged.to_vec()), Some(NetError::Malformed(_))));
    // Nothing of it reached the match; every peer is still in step, and play goes on.
    assert_eq!(StateHash::of_game(net.host.game()).unwrap(), before);
    assert_eq!(net.host.host().shots(), 0);
    assert!(net.in_step());
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    assert!(net.play_one(&mut rng) && net.host.host().shots() == 1 && net.in_step());
}

#[test]
fn a_forged_hash_brings_the_host_state_and_a_log_line() {
    let holders = vec![(Seat::ALL[0], Holder::Host), (Seat::ALL[2], Holder::Computer)];
    let mut net = Net::new(Mode::Singles, 2, holders);
    net.join(2, "peer");
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    net.play_one(&mut rng);
    // Past the wait after the welcome's state, a differing hash is mended and logged.
    net.wait(carrom_net::host::STATE_RESEND_SECONDS + 1.0);
    let lie =
        carrom_net::message::encode(&carrom_net::ToHost::Hash { shot: 1, hash: StateHash::of_save("lie") });
    net.to_host.push_back((2, lie));
    net.run();
    assert_eq!(net.logs.len(), 1, "{:?}", net.logs);
    assert!(net.logs[0].contains("differs after shot 1"), "{}", net.logs[0]);
    assert!(net.in_step());
}

#[test]
fn a_flood_of_aims_is_cut_off() {
    let mut net = two_devices(|host| host);
    let seat = net.host.game().rules().to_play().unwrap();
    let id = if seat == Seat::ALL[0] { 2 } else { 3 };
    let aim = Replica::aim(seat, 0.0, forward(seat));
    let mut refused = 0;
    for _ in 0..200 {
        // All at one moment: far faster than any aiming hand.
        if let Err(NetError::RateLimited { .. }) = net.host.receive(id, &aim, 100.0) {
            refused += 1;
        }
    }
    assert!(refused >= 150, "{refused} refused");
}

#[test]
fn a_peer_refuses_a_state_that_is_not_a_match() {
    let mut replica = Replica::new();
    let bad = carrom_net::message::encode(&ToPeer::State {
        shots: 1,
        state: "{\"format\":\"carrom-match\"}".into(),
    });
    assert!(matches!(replica.receive(&bad), Err(NetError::BadState(_))));
    assert!(!replica.is_joined());
    let shot_first = carrom_net::message::encode(&ToPeer::Refused {
        reason: "x".into(),
        kind: carrom_net::Refusal::Other,
    });
    assert!(matches!(replica.receive(&shot_first), Ok((Change::Refused { .. }, _))));
}

#[test]
fn a_peer_refuses_a_list_of_players_it_cannot_show() {
    let mut replica = Replica::new();
    let player = |seat: u8, name: &str| carrom_net::Player { seat, name: name.into(), who: Who::Person };
    let cases = [
        (vec![player(7, "x")], 0),
        (vec![player(0, "a"), player(0, "b")], 0),
        (vec![player(0, "<script>")], 0),
        (vec![player(0, &"n".repeat(25))], 0),
        (vec![player(0, "ok")], 100_000),
    ];
    for (players, pause_seconds) in cases {
        let bytes = carrom_net::message::encode(&ToPeer::Players { players, pause_seconds });
        assert!(replica.receive(&bytes).is_err());
    }
    let fine = carrom_net::message::encode(&ToPeer::Players {
        players: vec![player(2, "Asha K")],
        pause_seconds: 60,
    });
    assert!(matches!(replica.receive(&fine), Ok((Change::Players { pause_seconds: 60, .. }, _))));
}

/// Whole states (`ToPeer::State`) the host sent in `out`.
fn states_in(out: &[Outgoing]) -> usize {
    out.iter().filter(|o| matches!(o, Outgoing::To(_, ToPeer::State { .. }))).count()
}

#[test]
fn a_connection_that_never_said_hello_is_answered_nothing_but_a_refusal() {
    let mut net = two_devices(|host| host);
    net.host.host_mut().connect(9);
    let forged =
        carrom_net::message::encode(&carrom_net::ToHost::Hash { shot: 0, hash: StateHash::of_save("x") });
    assert_eq!(net.host.receive(9, &forged, 1.0), Err(NetError::NoHello), "no state for a stranger");
    let aim = Replica::aim(Seat::ALL[0], 0.0, forward(Seat::ALL[0]));
    assert_eq!(net.host.receive(9, &aim, 1.1), Err(NetError::NoHello));
    assert!(net.in_step());
}

#[test]
fn a_peer_whose_hash_differs_is_sent_the_state_and_logged_at_a_bounded_rate() {
    let mut net = two_devices(|host| host);
    let lie =
        carrom_net::message::encode(&carrom_net::ToHost::Hash { shot: 0, hash: StateHash::of_save("lie") });
    let first = net.host.receive(2, &lie, 10.0).unwrap();
    assert_eq!(states_in(&first), 1, "a real mismatch is mended with the state");
    // Forged hashes in a flood (a watcher's, say) cost no state and no log line each: a log
    // that grew with every message would be a way to fill the server's disk.
    for at in [11.0, 12.0, 13.0] {
        let again = net.host.receive(2, &lie, at).unwrap();
        assert!(again.is_empty(), "asked again within the wait: nothing at all ({again:?})");
    }
    let later = net.host.receive(2, &lie, 10.0 + carrom_net::host::STATE_RESEND_SECONDS).unwrap();
    assert_eq!(states_in(&later), 1, "after the wait a state goes again");
}

#[test]
fn a_second_hello_on_a_connection_is_refused_and_its_seat_stays_timed() {
    let mut net = two_devices(|host| host.with_turn_seconds(20));
    let seat = net.host.game().rules().to_play().unwrap();
    let (id, token) = if seat == Seat::ALL[0] { (2, "a") } else { (3, "b") };
    let other_token = Replica::hello("player", "someone-else");
    assert_eq!(net.host.receive(id, &other_token, 0.1), Err(NetError::HelloTwice));
    assert_eq!(net.host.host().holder(seat), Holder::Device(token.into()), "the seat is still the device's");
    let same = Replica::hello("player", token);
    assert_eq!(net.host.receive(id, &same, 0.2), Err(NetError::HelloTwice));
    // The seat's turn is still timed: it passes after 20 s, not never.
    net.wait(1.0);
    net.wait(25.0);
    assert_eq!(net.host.host().shots(), 1, "the idle seat's turn passed");
    assert_eq!(net.host.game().rules().to_play(), Some(seat.opposite()));
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    assert!(net.play_one(&mut rng) && net.in_step(), "and its own strikes are still taken");
    assert!(net.refusals.is_empty(), "{:?}", net.refusals);
}

#[test]
fn a_seat_whose_device_never_connects_is_waited_for_then_stood_in_for() {
    let holders =
        vec![(Seat::ALL[0], Holder::Device("a".into())), (Seat::ALL[2], Holder::Device("b".into()))];
    let mut net = Net::with_host(host_set_up(Mode::Singles, 1, holders, |h| {
        h.with_turn_seconds(20).with_drop_seconds(30)
    }));
    net.join(2, "a");
    net.wait(1.0);
    let (seen, pause) = net.seen_players("a");
    assert!(seen.contains(&(2, Who::Away)) && pause == 30, "{seen:?}, {pause}");
    net.wait(31.0);
    let (seen, _) = net.seen_players("a");
    assert!(seen.contains(&(2, Who::StandIn)), "{seen:?}");
}

#[test]
fn a_player_who_steps_away_is_waited_for_untimed_and_is_back_on_saying_so() {
    let (mut net, away, token, id) = after_a_shot(|host| host.with_turn_seconds(20).with_drop_seconds(120));
    // The phone goes to the background, still connected: everyone sees the player away.
    net.to_host.push_back((id, Replica::away(true)));
    net.run();
    assert!(net.host.host().is_paused());
    let seen = net.seen_players(if token == "a" { "b" } else { "a" });
    assert!(seen.0.contains(&(u8::from(away), Who::Away)), "{seen:?}");
    // Their turn is not timed while they are away: a minute on, it is still theirs.
    let shots = net.host.host().shots();
    net.wait(30.0);
    net.wait(30.0);
    assert_eq!(net.host.host().shots(), shots, "no turn passed while the player was away");
    // Back: the match goes on, and their clock runs again.
    net.to_host.push_back((id, Replica::away(false)));
    net.run();
    assert!(!net.host.host().is_paused());
    assert!(net.seen_players(token).0.contains(&(u8::from(away), Who::Person)));
    net.wait(1.0);
    net.wait(25.0);
    assert_eq!(net.host.host().shots(), shots + 1, "back, their turn is timed again and passed");
    assert!(net.in_step());
    assert!(net.refusals.is_empty(), "{:?}", net.refusals);
}

#[test]
fn a_player_away_too_long_is_stood_in_for_and_takes_the_seat_back_on_return() {
    let mut net = two_devices(|host| host.with_drop_seconds(30));
    net.to_host.push_back((3, Replica::away(true)));
    // Saying it twice changes nothing more.
    net.to_host.push_back((3, Replica::away(true)));
    net.run();
    net.wait(31.0);
    assert_eq!(net.host.host().holder(Seat::ALL[2]), Holder::StandIn("b".into()));
    let mut rng = ChaCha8Rng::seed_from_u64(12);
    for _ in 0..4 {
        net.play_one(&mut rng);
    }
    net.to_host.push_back((3, Replica::away(false)));
    net.run();
    assert_eq!(net.host.host().holder(Seat::ALL[2]), Holder::Device("b".into()));
    assert!(net.logs.iter().any(|l| l.contains("device b is back")), "{:?}", net.logs);
    assert!(net.in_step());
    assert!(net.refusals.is_empty(), "{:?}", net.refusals);
}

#[test]
fn a_device_is_waited_for_no_longer_in_all_than_its_allowance_however_often_it_steps_away() {
    let mut net = two_devices(|host| host.with_drop_seconds(30).with_away_allowance(40));
    let b = Seat::ALL[2];
    let step = |net: &mut Net, away: bool| {
        net.to_host.push_back((3, Replica::away(away)));
        net.run();
    };
    // Away 25 s of a 30 s wait, and back: 15 s of the allowance are left.
    step(&mut net, true);
    net.wait(25.0);
    assert_eq!(net.host.host().holder(b), Holder::Device("b".into()));
    step(&mut net, false);
    assert!(!net.host.host().is_paused());
    // Away again: waited for what is left, not a whole wait.
    step(&mut net, true);
    assert_eq!(net.seen_players("a").1, 15, "the pause told is what is left of the allowance");
    net.wait(16.0);
    assert_eq!(net.host.host().holder(b), Holder::StandIn("b".into()), "stood in for after 15 s");
    // Back, the seat is its own again; gone once more, the computer plays for it at once.
    step(&mut net, false);
    assert_eq!(net.host.host().holder(b), Holder::Device("b".into()));
    step(&mut net, true);
    net.wait(0.1);
    assert_eq!(net.host.host().holder(b), Holder::StandIn("b".into()), "no wait is left");
    assert!(!net.host.host().is_paused(), "and the match does not wait");
    assert!(net.in_step());
    assert!(net.refusals.is_empty(), "{:?}", net.refusals);
}

#[test]
fn with_a_turn_timer_a_device_with_no_wait_left_is_not_waited_for_and_its_turns_pass() {
    let (mut net, away, token, id) =
        after_a_shot(|host| host.with_turn_seconds(20).with_drop_seconds(30).with_away_allowance(10));
    // Ten seconds away use the whole allowance.
    net.to_host.push_back((id, Replica::away(true)));
    net.run();
    net.wait(11.0);
    net.to_host.push_back((id, Replica::away(false)));
    net.run();
    // Gone again: nobody waits, nobody stands in, and their turn runs out as if they were there.
    net.to_host.push_back((id, Replica::away(true)));
    net.run();
    net.wait(0.5);
    assert!(!net.host.host().is_paused(), "the match does not wait");
    assert_eq!(net.host.host().holder(away), Holder::Device(token.into()), "nobody stands in");
    let other = if token == "a" { "b" } else { "a" };
    assert!(net.seen_players(other).0.contains(&(u8::from(away), Who::Away)), "the others see them away");
    let shots = net.host.host().shots();
    net.wait(25.0);
    assert_eq!(net.host.host().shots(), shots + 1, "their turn passed");
    assert!(net.in_step());
    assert!(net.refusals.is_empty(), "{:?}", net.refusals);
}

#[test]
fn a_turn_held_while_its_player_is_away_goes_on_with_the_time_it_had_left() {
    let (mut net, _, _, id) = after_a_shot(|host| host.with_turn_seconds(20).with_drop_seconds(120));
    let shots = net.host.host().shots();
    // Fifteen seconds of the turn spent (after the shot's roll on the screens), a minute away,
    // back: what was left, not a fresh 20 s and the grace.
    net.wait(15.0);
    net.to_host.push_back((id, Replica::away(true)));
    net.run();
    net.wait(60.0);
    assert_eq!(net.host.host().shots(), shots, "no turn passed while the player was away");
    net.to_host.push_back((id, Replica::away(false)));
    net.run();
    net.wait(0.1);
    net.wait(14.0);
    assert_eq!(net.host.host().shots(), shots + 1, "the turn passed with the time it had left");
    assert!(net.in_step());
}
