//! The steps of a turn that are not strikes, played online: the toss's winner chooses who
//! breaks (RULES.md IC6) and the seat after a foul places the pieces it sent back (X3), from
//! the host's device or a phone's, checked by the host like a strike, numbered with the shots,
//! and carried out alike on every machine. A turn clock that runs out chooses for them.

use carrom_core::game::placement::proposals;
use carrom_core::game::{Action, Game};
use carrom_core::rules::{MatchSettings, Mode, Ruleset};
use carrom_core::{BoardSpec, Seat, Vec2};
use carrom_net::message::encode;
use carrom_net::placed::{to_wire, Returned, WireSpot};
use carrom_net::replica::Change;
use carrom_net::{
    Choice, Exact, Holder, Host, Intent, NetError, Outgoing, Placement, Replica, Request, Served, StateHash,
    ToPeer,
};

const PHONE: i64 = 2;
const HOST_SEAT: Seat = Seat::ALL[0];
const PHONE_SEAT: Seat = Seat::ALL[2];

/// An ICF match of one board whose returned pieces the opponent places, served with the
/// host's person at seat 0 and a phone at seat 2, joined; the phone's replica and match.
fn joined(turn_seconds: u32, seed: u64) -> (Served, Replica, Game) {
    let settings = MatchSettings {
        rules: Ruleset { max_boards: 1, games: 1, ..Ruleset::icf() },
        ..MatchSettings::new(Mode::Singles)
    };
    let game = Game::new(BoardSpec::icf(), settings, seed).unwrap();
    let holders = [(HOST_SEAT, Holder::Host), (PHONE_SEAT, Holder::Device("phone".into()))];
    let host = Host::new(&game, holders).unwrap().with_turn_seconds(turn_seconds);
    let mut served = Served::with_host(game, host);
    served.host_mut().connect(PHONE);
    let out = served.receive(PHONE, &Replica::hello("Asha", "phone"), 0.0).unwrap();
    let mut replica = Replica::new();
    let mut phone_game = None;
    for body in to_phone(out) {
        if let (Change::Joined { game, .. }, _) = replica.receive(&encode(&body)).unwrap() {
            phone_game = Some(*game);
        }
    }
    (served, replica, phone_game.expect("welcomed"))
}

fn to_phone(out: Vec<Outgoing>) -> Vec<ToPeer> {
    out.into_iter()
        .filter_map(|o| match o {
            Outgoing::All(body) | Outgoing::To(PHONE, body) => Some(body),
            _ => None,
        })
        .collect()
}

/// The phone plays every numbered turn in `out` on its match and answers its hash to the host,
/// which finds it in step. Returns the turns played.
fn phone_follows(
    served: &mut Served,
    replica: &mut Replica,
    game: &mut Game,
    out: Vec<Outgoing>,
    now: f64,
) -> Vec<Action> {
    let mut played = vec![];
    for body in to_phone(out) {
        let (change, _) = replica.receive(&encode(&body)).unwrap();
        if let Change::Shot(action) = change {
            game.perform(&action).unwrap();
            let hash = replica.settled(game);
            let answer = served.receive(PHONE, &hash, now).unwrap();
            assert!(answer.is_empty(), "the phone is in step after {action:?}: {answer:?}");
            played.push(action);
        }
    }
    assert_eq!(StateHash::of_game(game).unwrap(), StateHash::of_game(served.game()).unwrap());
    played
}

/// Asks for `request` from whoever holds its seat: the host's own, or the phone's message.
fn ask(served: &mut Served, request: &Request, now: f64) -> Result<Vec<Outgoing>, NetError> {
    if request.seat_number() == u8::from(HOST_SEAT) {
        served.play_own(request.clone(), now)
    } else {
        served.receive(PHONE, &Replica::ask(request), now)
    }
}

/// A strike for `seat` that the rules take, varied by `n`: a spot along the baseline clear of
/// the pieces, aimed up the board at a changing angle and power.
fn some_strike(game: &Game, seat: Seat, n: u32) -> Request {
    let ahead = seat.towards();
    let (side, up) = (Vec2::new(ahead.y, -ahead.x), Vec2::new(-ahead.x, -ahead.y));
    for k in 0..40 {
        let offset = ((n * 7 + k * 13) % 31) as f32 / 31.0 * 0.4 - 0.2;
        let turn = ((n * 5 + k) % 11) as f32 / 11.0 - 0.5;
        let power = 0.35 + ((n * 3 + k) % 7) as f32 / 10.0;
        let intent = Intent::new(seat, offset, up + side * turn, power);
        if carrom_net::intent::check_turn(game, &intent.action(game).unwrap()).is_ok() {
            return Request::Strike(intent);
        }
    }
    panic!("no strike for seat {seat:?}");
}

#[test]
fn ic6_x3_online_the_toss_is_chosen_and_returned_pieces_placed_from_either_device_alike() {
    let mut placed_by = vec![];
    for seed in 1..40 {
        let (mut served, mut replica, mut phone_game) = joined(0, seed);
        let mut now = 1.0;
        // The toss's winner chooses first: nobody strikes before it.
        let winner = served.game().rules().toss().expect("the ICF toss");
        let ahead = winner.towards();
        let early = Request::Strike(Intent::new(winner, 0.0, Vec2::new(-ahead.x, -ahead.y), 0.5));
        assert!(matches!(ask(&mut served, &early, now), Err(NetError::Refused(_))));
        let choice = Request::ChooseBreak(Choice { seat: u8::from(winner), breaks: false });
        let out = ask(&mut served, &choice, now).unwrap();
        let chosen = phone_follows(&mut served, &mut replica, &mut phone_game, out, now);
        assert_eq!(chosen, vec![Action::ChooseBreak { seat: winner, breaks: false }]);
        assert_ne!(served.game().rules().to_play(), Some(winner), "the winner let the other break");
        for n in 0..300 {
            now += 1.0;
            let game = served.game().clone_at_rest().unwrap();
            if game.rules().is_over() || placed_by.len() >= 4 {
                break;
            }
            let request = if let Some(placing) = game.rules().placing() {
                // The placer's seat alone may place; the other is refused by name.
                let other = if placing.by == HOST_SEAT { PHONE_SEAT } else { HOST_SEAT };
                let wrong = Request::Place(Placement { seat: u8::from(other), spots: vec![] });
                assert!(matches!(ask(&mut served, &wrong, now), Err(NetError::NotYourTurn { .. })));
                // A spot outside the outer circle is refused whole, and nothing moves.
                let far = WireSpot { kind: Returned::White, at: [Exact::new(0.3), Exact::new(0.3)] };
                let before = StateHash::of_game(served.game()).unwrap();
                let bad = Request::Place(Placement { seat: u8::from(placing.by), spots: vec![far] });
                assert!(matches!(ask(&mut served, &bad, now), Err(NetError::Refused(_))));
                assert_eq!(StateHash::of_game(served.game()).unwrap(), before);
                // Each piece at a spot of its own (the phone's spots cross the wire exactly).
                let kinds = placing.pieces.clone();
                let at = proposals(served.game().table(), &kinds);
                let spots = kinds
                    .iter()
                    .zip(at)
                    .map(|(kind, at)| carrom_core::game::Spot { kind: *kind, at })
                    .collect::<Vec<_>>();
                placed_by.push(placing.by);
                Request::Place(Placement { seat: u8::from(placing.by), spots: to_wire(&spots).unwrap() })
            } else {
                let seat = game.rules().to_play().unwrap();
                some_strike(&game, seat, n)
            };
            let out = ask(&mut served, &request, now).unwrap();
            let played = phone_follows(&mut served, &mut replica, &mut phone_game, out, now);
            assert_eq!(played.len(), 1);
            if let Request::Place(_) = request {
                assert!(served.game().rules().placing().is_none(), "placed");
            }
        }
        if placed_by.contains(&HOST_SEAT) && placed_by.contains(&PHONE_SEAT) {
            return;
        }
    }
    panic!("neither device placed returned pieces in 40 matches: {placed_by:?}");
}

#[test]
fn ic6_x3_online_a_turn_clock_that_runs_out_breaks_for_the_toss_winner_and_places_nearest_the_centre() {
    let (mut served, mut replica, mut phone_game) = joined(10, 3);
    let winner = served.game().rules().toss().unwrap();
    // Timed from the first tick: 10 s and the grace.
    assert!(served.tick(1.0).iter().all(|o| !matches!(o, Outgoing::All(ToPeer::BreakChosen { .. }))));
    assert!(served.tick(12.9).iter().all(|o| !matches!(o, Outgoing::All(ToPeer::BreakChosen { .. }))));
    let out = served.tick(13.0);
    let chosen = phone_follows(&mut served, &mut replica, &mut phone_game, out, 13.0);
    assert_eq!(chosen, vec![Action::ChooseBreak { seat: winner, breaks: true }], "the winner breaks");
    let mut now = 14.0;
    for n in 0..300 {
        let game = served.game().clone_at_rest().unwrap();
        assert!(!game.rules().is_over(), "no piece went back before the match ended");
        if let Some(placing) = game.rules().placing() {
            let by = placing.by;
            // Timed from when the foul's strike rested; long after, it has run out.
            let out = served.tick(now + 100.0);
            let played = phone_follows(&mut served, &mut replica, &mut phone_game, out, now + 100.0);
            assert_eq!(played, vec![Action::Place { seat: by, spots: vec![] }], "nearest the centre (X1)");
            assert!(served.game().rules().placing().is_none());
            return;
        }
        let request = some_strike(&game, game.rules().to_play().unwrap(), n);
        let out = ask(&mut served, &request, now).unwrap();
        phone_follows(&mut served, &mut replica, &mut phone_game, out, now);
        now += 1.0;
    }
    panic!("no piece went back in 300 strikes");
}
