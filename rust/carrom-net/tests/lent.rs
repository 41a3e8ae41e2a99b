//! A host lent the match a player watches: each numbered turn rolls on that one match at the
//! screen's pace, and the host takes nothing new, and compares no hash, until it has rested.

use carrom_core::game::{Action, Asked, Game, Ruling};
use carrom_core::rules::{MatchSettings, Mode, Ruleset};
use carrom_core::{BoardSpec, Seat, Vec2};
use carrom_net::message::{decode, encode, MAX_TO_PEER_BYTES};
use carrom_net::replica::Change;
use carrom_net::{Holder, Host, Intent, Outgoing, Placement, Replica, Request, StateHash, ToHost, ToPeer};

const PHONE: i64 = 2;

/// A host of singles (its person at seat 0, a phone at seat 2), the match it is lent, and the
/// phone's side and match, joined.
fn joined() -> (Host, Game, Replica, Game) {
    let settings = MatchSettings {
        rules: Ruleset { max_boards: 1, ..Ruleset::classic() },
        ..MatchSettings::new(Mode::Singles)
    };
    let game = Game::new(BoardSpec::icf(), settings, 1).unwrap();
    let mut host =
        Host::new(&game, [(Seat::ALL[0], Holder::Host), (Seat::ALL[2], Holder::Device("phone".into()))])
            .unwrap();
    host.connect(PHONE);
    let out = host.receive(&game, PHONE, &Replica::hello("Asha", "phone"), 0.0).unwrap();
    let mut replica = Replica::new();
    let mut phone_game = None;
    for body in to_phone(out) {
        if let (Change::Joined { game, .. }, _) = replica.receive(&encode(&body)).unwrap() {
            phone_game = Some(*game);
        }
    }
    (host, game, replica, phone_game.expect("welcomed"))
}

/// The messages in `out` that reach the phone.
fn to_phone(out: Vec<Outgoing>) -> Vec<ToPeer> {
    out.into_iter()
        .filter_map(|o| match o {
            Outgoing::All(body) | Outgoing::To(PHONE, body) => Some(body),
            _ => None,
        })
        .collect()
}

/// The numbered turn in `out`.
fn turn_in(out: &[Outgoing]) -> Option<(u32, Action)> {
    out.iter().find_map(|o| match o {
        Outgoing::All(body) => body.turn().ok().flatten(),
        _ => None,
    })
}

/// Straight ahead from `seat` at half power, from the middle of its baseline.
fn ahead(seat: Seat) -> Intent {
    let towards = seat.towards();
    Intent::new(seat, 0.0, Vec2::new(-towards.x, -towards.y), 0.5)
}

/// Begins `action` on `game` as a board does: a strike is placed and struck, and rolls on
/// (`None`); any other turn is ruled at once.
fn begin(game: &mut Game, action: &Action) -> Option<Ruling> {
    match *action {
        Action::Strike { seat, offset, direction, speed } => {
            game.turn().place_and_strike(seat, offset, direction, speed).unwrap();
            None
        }
        _ => Some(game.perform(action).unwrap()),
    }
}

/// What the match waits for, asked of the host: a strike straight ahead, or returned pieces
/// placed nearest the centre (X3).
fn next_request(game: &Game) -> Option<Request> {
    let awaited = game.awaited()?;
    Some(match awaited.asked {
        Asked::Place => Request::Place(Placement { seat: u8::from(awaited.seat), spots: vec![] }),
        _ => Request::Strike(ahead(awaited.seat)),
    })
}

/// The phone's side after `body`: it plays a turn to rest at once and answers its hash.
fn phone_plays(replica: &mut Replica, game: &mut Game, body: &ToPeer) -> Vec<Vec<u8>> {
    let (change, mut replies) = replica.receive(&encode(body)).unwrap();
    if let Change::Shot(action) = change {
        game.perform(&action).unwrap();
        replies.push(replica.settled(game));
    }
    replies
}

/// Whether the host's seat 0 breaks first in this match.
fn host_breaks(game: &Game) -> bool {
    game.rules().to_play() == Some(Seat::ALL[0])
}

#[test]
fn the_hash_the_host_keeps_is_the_hash_of_the_match_it_was_lent_after_every_shot() {
    let (mut host, mut game, mut replica, mut phone_game) = joined();
    for _ in 0..8 {
        let Some(request) = next_request(&game) else { break };
        let out = if request.seat_number() == 0 {
            host.play_own(&game, request, 1.0).unwrap()
        } else {
            host.receive(&game, PHONE, &Replica::ask(&request), 1.0).unwrap()
        };
        let (_, action) = turn_in(&out).expect("a numbered turn");
        // A strike rolls on the host's screen, step by step.
        let mut ruling = begin(&mut game, &action);
        while ruling.is_none() {
            ruling = game.step().unwrap().ruling;
        }
        let answers: Vec<Vec<u8>> =
            to_phone(out).iter().flat_map(|b| phone_plays(&mut replica, &mut phone_game, b)).collect();
        let settled = host.settled(&game, ruling.as_ref(), 2.0);
        assert!(settled.iter().all(|o| matches!(o, Outgoing::All(ToPeer::Players { .. }))), "{settled:?}");
        assert_eq!(host.rested_hash(), StateHash::of_game(&game).unwrap(), "the hash of the match shown");
        for answer in answers {
            let reply = host.receive(&game, PHONE, &answer, 2.1).unwrap();
            assert!(reply.is_empty(), "the phone is in step: {reply:?}");
        }
    }
}

#[test]
fn a_strike_that_comes_while_the_last_shot_rolls_on_the_host_waits_and_is_taken_when_it_rests() {
    let (mut host, mut game, mut replica, mut phone_game) = joined();
    if !host_breaks(&game) {
        // The phone breaks: its strike goes first and the host's seat follows.
        let out = host.receive(&game, PHONE, &Replica::strike(&ahead(Seat::ALL[2])), 0.5).unwrap();
        let (_, action) = turn_in(&out).unwrap();
        to_phone(out).iter().for_each(|b| drop(phone_plays(&mut replica, &mut phone_game, b)));
        game.perform(&action).unwrap();
        host.settled(&game, None, 0.6);
    }
    let Some(seat) = game.rules().to_play() else { return };
    let out = host.play_own(&game, &ahead(seat), 1.0).unwrap();
    let (_, action) = turn_in(&out).unwrap();
    for body in to_phone(out) {
        for answer in phone_plays(&mut replica, &mut phone_game, &body) {
            // The phone's board rested first: its hash waits for the host's.
            assert!(host.receive(&game, PHONE, &answer, 1.1).unwrap().is_empty());
        }
    }
    let _ = begin(&mut game, &action);
    assert!(host.is_rolling() && game.table().is_moving());
    // The phone's player strikes at once if it is their turn now; either way it waits.
    let next = phone_game.rules().to_play();
    let early = next.map(ahead);
    if let Some(intent) = &early {
        let waited = host.receive(&game, PHONE, &Replica::strike(intent), 1.2).unwrap();
        assert!(waited.is_empty(), "nothing is taken while the last shot rolls here: {waited:?}");
    }
    let ruling = game.run_to_rest().unwrap();
    let settled = host.settled(&game, Some(&ruling), 3.0);
    // The phone's early hash matched (no state sent); its strike was taken, or refused by name.
    assert!(!settled.iter().any(|o| matches!(o, Outgoing::To(_, ToPeer::State { .. }))), "{settled:?}");
    match (next, turn_in(&settled)) {
        (Some(s), Some((number, Action::Strike { seat, .. }))) if s == Seat::ALL[2] => {
            assert_eq!((number, seat), (host.shots(), Seat::ALL[2]));
        }
        (Some(s), None) if s != Seat::ALL[2] => {
            let refused = settled.iter().any(|o| matches!(o, Outgoing::To(PHONE, ToPeer::Refused { .. })));
            assert!(refused, "a strike out of turn is refused once it can be judged: {settled:?}");
        }
        (next, turn) => panic!("to play {next:?}, taken {turn:?}"),
    }
}

#[test]
fn a_hash_that_came_early_and_differs_brings_the_state_once_the_host_rests() {
    let (mut host, mut game, _, _) = joined();
    let seat = game.rules().to_play().unwrap();
    let out = if seat == Seat::ALL[0] {
        host.play_own(&game, &ahead(seat), 1.0).unwrap()
    } else {
        host.receive(&game, PHONE, &Replica::strike(&ahead(seat)), 1.0).unwrap()
    };
    let (number, action) = turn_in(&out).unwrap();
    let _ = begin(&mut game, &action);
    let lie = encode(&ToHost::Hash { shot: number, hash: StateHash::of_save("lie") });
    assert!(host.receive(&game, PHONE, &lie, 1.1).unwrap().is_empty(), "kept until the host rests");
    let ruling = game.run_to_rest().unwrap();
    let settled = host.settled(&game, Some(&ruling), 9.0);
    let state = settled.iter().find_map(|o| match o {
        Outgoing::To(PHONE, ToPeer::State { shots, state }) => Some((*shots, state.clone())),
        _ => None,
    });
    let (shots, state) = state.expect("the state follows the differing hash");
    assert_eq!(shots, number);
    assert_eq!(StateHash::of_save(&state), StateHash::of_game(&game).unwrap(), "the state shown here");
    let text = encode(&ToPeer::State { shots, state });
    assert!(decode::<ToPeer>(&text, MAX_TO_PEER_BYTES).is_ok());
}
