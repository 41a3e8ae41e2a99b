//! The table and the referee together: the rules' counts always match the pieces on the
//! table, and a game replays and reloads bit for bit.

use carrom_core::game::{Action, Game};
use carrom_core::physics::Place;
use carrom_core::rules::{MatchSettings, Mode, QueenState};
use carrom_core::{BoardSpec, PieceKind, Vec2};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A random strike for the seat to play, from a legal spot.
fn random_strike(game: &Game, rng: &mut ChaCha8Rng) -> Option<Action> {
    let seat = game.rules().to_play()?;
    for _ in 0..50 {
        let offset = rng.random_range(-0.18..0.18);
        if game.table().check_striker_spot(seat, offset).is_ok() {
            let direction = -seat.towards() + seat.right() * rng.random_range(-1.0f32..1.0);
            return Some(Action::Strike { seat, offset, direction, speed: rng.random_range(1.0..6.5) });
        }
    }
    None
}

fn on_table(game: &Game, kind: PieceKind) -> usize {
    game.table().pieces().iter().filter(|p| p.kind == kind && p.place == Place::Board).count()
}

#[test]
fn rules_counts_match_the_table_after_every_shot() {
    for mode in [Mode::Singles, Mode::Doubles, Mode::Points] {
        let mut game = Game::new(BoardSpec::icf(), MatchSettings::new(mode), 21).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(21);
        for _ in 0..60 {
            let Some(action) = random_strike(&game, &mut rng) else { break };
            game.perform(&action).unwrap();
            let board = game.rules().board();
            assert_eq!(on_table(&game, PieceKind::White), usize::from(board.on_board.white), "{mode:?}");
            assert_eq!(on_table(&game, PieceKind::Black), usize::from(board.on_board.black), "{mode:?}");
            assert_eq!(
                on_table(&game, PieceKind::Queen) == 1,
                board.queen == QueenState::OnBoard,
                "{mode:?}"
            );
            assert_eq!(game.table().piece(carrom_core::PieceId::STRIKER).unwrap().place, Place::Hand);
        }
    }
}

#[test]
fn replay_of_a_game_reproduces_it_bit_for_bit() {
    let mut game = Game::new(BoardSpec::icf(), MatchSettings::default(), 8).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(8);
    for _ in 0..25 {
        let Some(action) = random_strike(&game, &mut rng) else { break };
        game.perform(&action).unwrap();
    }
    let replayed = game.replay().play().unwrap();
    assert_eq!(replayed.to_json(), game.to_json());
}

#[test]
fn saved_game_loads_and_plays_on_the_same() {
    let mut game = Game::new(BoardSpec::icf(), MatchSettings::new(Mode::Points), 3).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    for _ in 0..10 {
        let action = random_strike(&game, &mut rng).unwrap();
        game.perform(&action).unwrap();
    }
    let mut loaded = Game::from_json(&game.to_json()).unwrap();
    for _ in 0..10 {
        let action = random_strike(&game, &mut rng).unwrap();
        assert_eq!(game.perform(&action), loaded.perform(&action));
    }
    assert_eq!(game.to_json(), loaded.to_json());
    assert!(Game::from_json("{\"table\": 3}").is_err());
}

#[test]
fn out_of_turn_and_mid_shot_actions_are_refused() {
    let mut game = Game::new(BoardSpec::icf(), MatchSettings::default(), 1).unwrap();
    let seat = game.rules().to_play().unwrap();
    assert!(game.place_striker(seat.opposite(), 0.0).is_err());
    assert!(
        game.place_striker(carrom_core::Seat::new(1).unwrap(), 0.0).is_err(),
        "seat 1 is empty in singles"
    );
    game.place_striker(seat, 0.0).unwrap();
    game.strike(-seat.towards(), 5.0).unwrap();
    assert!(game.place_striker(seat, 0.0).is_err());
    assert!(game.strike(Vec2::new(0.0, 1.0), 1.0).is_err());
    game.run_to_rest().unwrap();
}
