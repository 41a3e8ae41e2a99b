//! The turn's questions answered by the core alone: who the match waits for and for what,
//! what a turn clock does for each kind, and whether an action is allowed, asked without
//! carrying it out — and a strike begun that rolls until stepped.

use carrom_core::game::{Action, Asked, Awaited, Begun, Game, Spot};
use carrom_core::rules::{MatchSettings, Mode, Ruleset};
use carrom_core::{BoardSpec, PieceKind, Seat, Vec2};
mod common;

use common::random_strike;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn icf(seed: u64) -> Game {
    Game::new(BoardSpec::icf(), MatchSettings::with_rules(Mode::Singles, Ruleset::icf()), seed).unwrap()
}

#[test]
fn ic6_t2_the_toss_winner_is_awaited_first_and_a_clock_that_runs_out_breaks_for_them() {
    let mut game = icf(7);
    let winner = game.rules().toss().expect("the ICF preset tosses");
    let awaited = game.awaited().unwrap();
    assert_eq!(awaited, Awaited { seat: winner, asked: Asked::ChooseBreak });
    // Nobody strikes before the choice, not even the winner.
    let strike = Action::Strike { seat: winner, offset: 0.0, direction: -winner.towards(), speed: 3.0 };
    assert!(game.check(&strike).is_err());
    let timeout = awaited.on_timeout();
    assert_eq!(timeout, Action::ChooseBreak { seat: winner, breaks: true });
    assert!(awaited.is_answered_by(&timeout));
    game.perform(&timeout).unwrap();
    let next = game.awaited().unwrap();
    assert_eq!(next, Awaited { seat: winner, asked: Asked::Strike });
    assert_eq!(next.on_timeout(), Action::Pass { seat: winner });
}

#[test]
fn x3_the_placer_is_awaited_before_the_next_strike_and_its_clock_places_nearest_the_centre() {
    let settings = MatchSettings::new(Mode::Singles);
    let mut game = Game::new(BoardSpec::icf(), settings, 3).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    for _ in 0..600 {
        if game.rules().placing().is_some() {
            break;
        }
        assert!(!game.rules().is_over(), "the match ended before a piece went back");
        let strike = random_strike(&game, &mut rng).unwrap();
        game.perform(&strike).unwrap();
    }
    let placer = game.rules().placing().unwrap().by;
    let awaited = game.awaited().unwrap();
    assert_eq!(awaited, Awaited { seat: placer, asked: Asked::Place });
    let timeout = awaited.on_timeout();
    assert_eq!(timeout, Action::Place { seat: placer, spots: vec![] });
    assert!(game.check(&timeout).is_ok());
    // A spot far outside the circle is refused by the check, which moves nothing.
    let kind = game.rules().placing().unwrap().pieces[0];
    let far = Action::Place { seat: placer, spots: vec![Spot { kind, at: Vec2::new(0.3, 0.3) }] };
    let before = game.to_json().unwrap();
    assert!(game.check(&far).is_err());
    assert_eq!(game.to_json().unwrap(), before);
    game.perform(&timeout).unwrap();
    assert_eq!(game.awaited().map(|a| a.asked), Some(Asked::Strike));
}

/// An action for the seat awaited, or for another, legal or not: what a hostile or mistaken
/// peer may send.
fn any_action(game: &Game, rng: &mut ChaCha8Rng) -> Action {
    let seats = game.rules().mode().seats();
    let seat: Seat = seats[rng.random_range(0..seats.len())];
    match rng.random_range(0..6) {
        0 => Action::Pass { seat },
        1 => Action::ChooseBreak { seat, breaks: rng.random() },
        2 => Action::Place { seat, spots: vec![] },
        3 => Action::Place {
            seat,
            spots: vec![Spot { kind: PieceKind::White, at: Vec2::new(rng.random_range(-0.1..0.1), 0.0) }],
        },
        4 => Action::Strike {
            seat,
            offset: rng.random_range(-0.3..0.3),
            direction: Vec2::new(rng.random_range(-1.0..1.0), rng.random_range(-1.0..1.0)),
            speed: rng.random_range(-1.0..12.0),
        },
        _ => random_strike(game, rng).unwrap_or(Action::Pass { seat }),
    }
}

#[test]
fn t2_x3_ic6_an_action_the_check_allows_is_begun_and_one_it_refuses_is_refused_changing_nothing() {
    let mut game = icf(11);
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let (mut allowed, mut refused) = (0, 0);
    for _ in 0..400 {
        if game.rules().is_over() {
            break;
        }
        let action = any_action(&game, &mut rng);
        let before = game.to_json().unwrap();
        let checked = game.check(&action);
        assert_eq!(game.to_json().unwrap(), before, "the check changed the match");
        match game.begin(&action) {
            Ok(begun) => {
                assert!(checked.is_ok(), "{action:?} was begun though the check refused it: {checked:?}");
                if begun == Begun::Rolling {
                    assert!(game.table().is_moving() || game.rules().is_striking());
                    game.turn().run_to_rest().unwrap();
                }
                allowed += 1;
            }
            Err(error) => {
                assert!(checked.is_err(), "{action:?} passed the check but was refused: {error}");
                assert_eq!(game.to_json().unwrap(), before, "a refused action changed the match");
                refused += 1;
            }
        }
    }
    assert!(allowed > 20 && refused > 20, "too few of either: {allowed} allowed, {refused} refused");
}

#[test]
fn t2_a_strike_begun_rolls_until_stepped_and_is_ruled_as_one_performed_whole() {
    let mut stepped = icf(5);
    let mut whole = icf(5);
    let choice = Action::ChooseBreak { seat: stepped.rules().toss().unwrap(), breaks: true };
    stepped.perform(&choice).unwrap();
    whole.perform(&choice).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let strike = random_strike(&stepped, &mut rng).unwrap();
    assert_eq!(stepped.begin(&strike).unwrap(), Begun::Rolling);
    assert!(stepped.table().is_moving());
    let ruling = loop {
        if let Some(ruling) = stepped.step().unwrap().ruling {
            break ruling;
        }
    };
    assert_eq!(ruling, whole.perform(&strike).unwrap());
    assert_eq!(stepped.to_json().unwrap(), whole.to_json().unwrap());
}
